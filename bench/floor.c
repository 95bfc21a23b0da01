/* bench/floor.c: the floor of a scanner that looks at every byte. */
/* SPDX-License-Identifier: MIT */
/*
 * floor [-j THREADS] [-m | -s] FILE reads FILE as urigrep reads it, 128 KiB
 * pread() at a time into a buffer that stays in the cache, and counts
 * its ':' bytes with vector code, nothing else: the cost of bringing the
 * bytes in and looking at each once.  With -j (default 1) the file is
 * cut into THREADS ranges, each read by a thread of its own: what the
 * machine's memory gives N cores (issue 35's scaling model).  With -m,
 * each range is mapped in windows of 4 MiB instead (mmap(),
 * MADV_SEQUENTIAL, munmap()), as -j's workers read until issue 35: on a
 * virtual machine each page fault is a VM exit, and the difference shows
 * it.  With -s, FILE is not read: each thread runs the same fixed loop of
 * arithmetic instead, so that the wall time of -j N over -j 1 tells how
 * many cores' worth of work N threads get at all (two "cores" of a
 * virtual machine may be two hyperthreads of one).  bench/real.sh times it beside cat, ripgrep and urigrep, so that a
 * figure for urigrep can be read against what the machine can do at
 * all.  Prints the count.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define WINDOW (4u << 20)
#define BUFFER (128u << 10)
#define THREADS_MAX 1024

typedef unsigned char vec __attribute__((vector_size(32)));

/* The ':' in P[0..N), 32 bytes a step in GCC's vector extension (AVX2
 * with -march=native where the CPU has it): byte counters summed every
 * 255 steps. */
static size_t
count_colons(const unsigned char *p, size_t n)
{
    vec colon = { 0 };
    size_t i = 0, c = 0, k;

    colon += ':';

    while (n - i >= 32) {
        vec acc = { 0 };

        for (k = 0; k < 255 && n - i >= 32; k++, i += 32) {
            vec v;

            __builtin_memcpy(&v, p + i, 32);
            acc -= (vec)(v == colon);
        }
        for (k = 0; k < 32; k++)
            c += acc[k];
    }
    for (; i < n; i++)
        c += p[i] == ':';
    return c;
}

/* One thread's range of the file, and what it counted. */
struct range {
    int fd;
    off_t from, to;
    int map, spin;
    size_t count;
    int failed;
};

/* -s: the same work for every thread, a second or so of one core's
 * integer arithmetic that the compiler cannot fold away. */
static void
spin_range(struct range *r)
{
    volatile size_t x = 0;
    size_t i;

    for (i = 0; i < 1000000000u; i++)
        x += i * i;
    r->count = x & 1;
}

static void
read_range(struct range *r)
{
    unsigned char *buf = malloc(BUFFER);
    off_t off = r->from;

    if (buf == NULL) {
        r->failed = 1;
        return;
    }
    while (off < r->to) {
        size_t want = r->to - off < BUFFER ? (size_t)(r->to - off) : BUFFER;
        ssize_t k = pread(r->fd, buf, want, off);

        if (k <= 0) {
            r->failed = 1;
            break;
        }
        r->count += count_colons(buf, (size_t)k);
        off += k;
    }
    free(buf);
}

static void
map_range(struct range *r)
{
    off_t off = r->from & ~(off_t)4095;

    while (off < r->to) {
        size_t len = r->to - off < WINDOW ? (size_t)(r->to - off) : WINDOW;
        size_t lead = off < r->from ? (size_t)(r->from - off) : 0;
        unsigned char *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, r->fd, off);

        if (p == MAP_FAILED) {
            r->failed = 1;
            return;
        }
        madvise(p, len, MADV_SEQUENTIAL);
        r->count += count_colons(p + lead, len - lead);
        munmap(p, len);
        off += len;
    }
}

static void *
run(void *arg)
{
    struct range *r = arg;

    if (r->spin)
        spin_range(r);
    else if (r->map)
        map_range(r);
    else
        read_range(r);
    return NULL;
}

int
main(int argc, char **argv)
{
    static struct range ranges[THREADS_MAX];
    static pthread_t tids[THREADS_MAX];
    struct stat st;
    size_t count = 0;
    long threads = 1;
    int fd, map = 0, spin = 0, i, c;

    while ((c = getopt(argc, argv, "j:ms")) != -1) {
        if (c == 'j')
            threads = atol(optarg);
        else if (c == 'm')
            map = 1;
        else if (c == 's')
            spin = 1;
        else
            threads = 0;
    }
    if (optind + 1 != argc || threads < 1 || threads > THREADS_MAX ||
        (fd = open(argv[optind], O_RDONLY)) < 0 || fstat(fd, &st) != 0) {
        fprintf(stderr, "usage: floor [-j THREADS] [-m | -s] FILE"
                " (readable)\n");
        return 2;
    }
    for (i = 0; i < threads; i++) {
        ranges[i].fd = fd;
        ranges[i].from = st.st_size / threads * i;
        ranges[i].to = i + 1 == threads ? st.st_size
                                        : st.st_size / threads * (i + 1);
        ranges[i].map = map;
        ranges[i].spin = spin;
        if (pthread_create(&tids[i], NULL, run, &ranges[i]) != 0) {
            fprintf(stderr, "floor: cannot start a thread\n");
            return 2;
        }
    }
    for (i = 0; i < threads; i++) {
        pthread_join(tids[i], NULL);
        if (ranges[i].failed) {
            perror(argv[optind]);
            return 2;
        }
        count += ranges[i].count;
    }
    printf("%zu\n", count);
    return 0;
}
