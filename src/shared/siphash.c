/* siphash.c: SipHash-2-4 and the drawing of its key, for the hash
 * tables of strings from the input: the command's --unique and --stats
 * (src/cli/output), and through the library's urigrep_hash() the Python
 * module's counts (python/urigrep/_batch.c). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_GETRANDOM
#include <sys/random.h>
#endif

#include "siphash.h"

/*
 * The strings are URIs and hosts from the input, which an adversary may
 * choose: an unkeyed hash (FNV-1a) lets them pick 65,536 strings that
 * share a hash, and a table of them costs quadratic time. SipHash-2-4
 * under a key drawn at start makes that infeasible.
 */

static uint64_t
rotl(uint64_t x, int b)
{
    return (x << b) | (x >> (64 - b));
}

static uint64_t
load_le64(const unsigned char *p)
{
    uint64_t v = 0;
    int i;

    for (i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

/* One SipRound (Aumasson and Bernstein, "SipHash: a fast short-input
 * PRF", 2012, section 2). */
static void
sip_round(uint64_t v[4])
{
    v[0] += v[1];
    v[1] = rotl(v[1], 13);
    v[1] ^= v[0];
    v[0] = rotl(v[0], 32);
    v[2] += v[3];
    v[3] = rotl(v[3], 16);
    v[3] ^= v[2];
    v[0] += v[3];
    v[3] = rotl(v[3], 21);
    v[3] ^= v[0];
    v[2] += v[1];
    v[1] = rotl(v[1], 17);
    v[1] ^= v[2];
    v[2] = rotl(v[2], 32);
}

uint64_t
siphash24(const unsigned char key[16], const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t k0 = load_le64(key), k1 = load_le64(key + 8), m;
    /* initialization: the key xored with "somepseudorandomlygeneratedbytes" */
    uint64_t v[4] = { k0 ^ 0x736f6d6570736575ull, k1 ^ 0x646f72616e646f6dull,
                      k0 ^ 0x6c7967656e657261ull, k1 ^ 0x7465646279746573ull };
    size_t left = len;
    int i;

    /* compression: each 8-byte little-endian word, 2 rounds */
    for (; left >= 8; p += 8, left -= 8) {
        m = load_le64(p);
        v[3] ^= m;
        sip_round(v);
        sip_round(v);
        v[0] ^= m;
    }
    /* the last word: the remaining bytes, and the length mod 256 in its
     * top byte */
    m = (uint64_t)(len & 0xff) << 56;
    for (i = (int)left - 1; i >= 0; i--)
        m |= (uint64_t)p[i] << (8 * i);
    v[3] ^= m;
    sip_round(v);
    sip_round(v);
    v[0] ^= m;
    /* finalization: 4 rounds */
    v[2] ^= 0xff;
    for (i = 0; i < 4; i++)
        sip_round(v);
    return v[0] ^ v[1] ^ v[2] ^ v[3];
}

void
siphash_draw_key(unsigned char key[16])
{
    size_t got = 0;
    int fd;

#ifdef HAVE_GETRANDOM
    while (got < 16) {
        ssize_t k = getrandom(key + got, 16 - got, GRND_NONBLOCK);
        if (k <= 0)
            break;
        got += (size_t)k;
    }
#endif
    if (got < 16 && (fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) >= 0) {
        while (got < 16) {
            ssize_t k = read(fd, key + got, 16 - got);
            if (k <= 0)
                break;
            got += (size_t)k;
        }
        close(fd);
    }
    if (got < 16) {
        struct timespec ts;
        uint64_t a, b;

        clock_gettime(CLOCK_REALTIME, &ts);
        a = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec;
        b = (uint64_t)(uintptr_t)key ^ ((uint64_t)getpid() << 32) ^
            (uint64_t)(uintptr_t)&siphash_draw_key;
        memcpy(key, &a, 8);
        memcpy(key + 8, &b, 8);
    }
}
