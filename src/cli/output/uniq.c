/* uniq.c: a set of strings (open addressing, keyed SipHash), for
 * --unique. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_GETRANDOM
#include <sys/random.h>
#endif

#include "output/uniq.h"

/*
 * The strings are URIs from the input, which an adversary may choose: an
 * unkeyed hash (FNV-1a) lets them pick 65,536 URIs that share a hash
 * (12-40x slower with linear probing). SipHash-2-4 with a key drawn at
 * start makes that infeasible. The output does not depend on the key:
 * the set only answers "seen before?", and --unique keeps the order in
 * which URIs first come.
 */

struct entry {
    uint64_t hash;
    size_t len;
    char *s;  /* NULL: empty slot */
};

struct uniq {
    struct entry *tab;
    size_t size;   /* a power of two */
    size_t used;
    unsigned char key[16];
};

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
uniq_siphash(const unsigned char key[16], const void *data, size_t len)
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
uniq_draw_key(unsigned char key[16])
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
            (uint64_t)(uintptr_t)&uniq_draw_key;
        memcpy(key, &a, 8);
        memcpy(key + 8, &b, 8);
    }
}

struct uniq *
uniq_new(void)
{
    struct uniq *u = calloc(1, sizeof *u);

    if (u == NULL)
        return NULL;
    u->size = 1024;
    u->tab = calloc(u->size, sizeof *u->tab);
    if (u->tab == NULL) {
        free(u);
        return NULL;
    }
    uniq_draw_key(u->key);
    return u;
}

static struct entry *
slot(struct entry *tab, size_t size, uint64_t h, const char *s, size_t len)
{
    size_t i = (size_t)h & (size - 1);

    while (tab[i].s && !(tab[i].hash == h && tab[i].len == len &&
                         memcmp(tab[i].s, s, len) == 0))
        i = (i + 1) & (size - 1);
    return &tab[i];
}

/* Double the table when it is more than half full. */
static int
grow(struct uniq *u)
{
    size_t i, size = u->size * 2;
    struct entry *tab = calloc(size, sizeof *tab);

    if (tab == NULL)
        return -1;
    for (i = 0; i < u->size; i++)
        if (u->tab[i].s)
            *slot(tab, size, u->tab[i].hash, u->tab[i].s, u->tab[i].len) =
                u->tab[i];
    free(u->tab);
    u->tab = tab;
    u->size = size;
    return 0;
}

int
uniq_add(struct uniq *u, const char *s, size_t len)
{
    uint64_t h = uniq_siphash(u->key, s, len);
    struct entry *e = slot(u->tab, u->size, h, s, len);

    if (e->s)
        return 0;
    if (2 * (u->used + 1) > u->size) {
        if (grow(u) < 0)
            return -1;
        e = slot(u->tab, u->size, h, s, len);
    }
    e->s = malloc(len ? len : 1);
    if (e->s == NULL)
        return -1;
    memcpy(e->s, s, len);
    e->hash = h;
    e->len = len;
    u->used++;
    return 1;
}

void
uniq_free(struct uniq *u)
{
    size_t i;

    if (u == NULL)
        return;
    for (i = 0; i < u->size; i++)
        free(u->tab[i].s);
    free(u->tab);
    free(u);
}
