/* bench/floor.c: the floor of a scanner that looks at every byte. */
/* SPDX-License-Identifier: MIT */
/*
 * floor FILE maps FILE in windows of 4 MiB as urigrep does (mmap(),
 * MADV_SEQUENTIAL, munmap()) and counts its ':' bytes with vector code,
 * nothing else: the cost of bringing the bytes in and looking at each
 * once.  bench/real.sh times it beside cat,
 * ripgrep and urigrep, so that a figure for urigrep can be read against
 * what the machine can do at all.  Prints the count.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define WINDOW (4u << 20)

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

int
main(int argc, char **argv)
{
    struct stat st;
    size_t off, count = 0;
    int fd;

    if (argc != 2 || (fd = open(argv[1], O_RDONLY)) < 0 ||
        fstat(fd, &st) != 0) {
        fprintf(stderr, "usage: floor FILE (readable)\n");
        return 2;
    }
    for (off = 0; off < (size_t)st.st_size; off += WINDOW) {
        size_t len = (size_t)st.st_size - off;
        void *p;

        len = len < WINDOW ? len : WINDOW;
        p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, (off_t)off);
        if (p == MAP_FAILED) {
            perror(argv[1]);
            return 2;
        }
        madvise(p, len, MADV_SEQUENTIAL);
        count += count_colons(p, len);
        munmap(p, len);
    }
    printf("%zu\n", count);
    return 0;
}
