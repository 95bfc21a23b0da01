/* replay.c: runs a fuzz target on its committed seeds, without libFuzzer. */
/* SPDX-License-Identifier: MIT */
/*
 * make check builds tests/fuzz/replay_TARGET from this main() and
 * tests/fuzz/fuzz_TARGET.c with the ordinary compiler (-DFUZZ_TARGET=
 * "TARGET"), and runs it with no arguments: every file of
 * $srcdir/tests/fuzz/corpus-TARGET goes through LLVMFuzzerTestOneInput()
 * once, in name order, from a buffer of exactly its size (so that
 * valgrind or ASan sees a read past it).  The target abort()s when one
 * of its properties fails, which fails the test.  Arguments, when
 * given, name other files or seed directories to replay.
 * Exit status: 0 when every input ran, 99 when one cannot be read or
 * the directory holds no seed.
 */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef FUZZ_TARGET
#error "build with -DFUZZ_TARGET='\"name\"'"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read the file PATH whole into a buffer of its size (malloc(1) when it
 * is empty); NULL after saying why.  The caller frees the buffer. */
static uint8_t *
read_seed(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    uint8_t *p = NULL;
    long n;

    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0 ||
        (p = malloc(n > 0 ? (size_t)n : 1)) == NULL ||
        fread(p, 1, (size_t)n, f) != (size_t)n) {
        perror(path);
        free(p);
        if (f)
            fclose(f);
        return NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return p;
}

/* Replay the file PATH; false when it cannot be read. */
static int
replay_file(const char *path)
{
    size_t size = 0;
    uint8_t *p = read_seed(path, &size);

    if (p == NULL)
        return 0;
    LLVMFuzzerTestOneInput(p, size);
    free(p);
    return 1;
}

static int
skip_dot(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

/* Replay every file of the directory DIR in name order; the number
 * replayed, or -1 when one cannot be read. */
static long
replay_dir(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, skip_dot, alphasort);
    long done = 0;
    int i;

    if (n < 0) {
        perror(dir);
        return -1;
    }
    for (i = 0; i < n; i++) {
        size_t len = strlen(dir) + strlen(names[i]->d_name) + 2;
        char *path = malloc(len);

        if (path == NULL) {
            perror("malloc");
            exit(99);
        }
        snprintf(path, len, "%s/%s", dir, names[i]->d_name);
        if (done >= 0)
            done = replay_file(path) ? done + 1 : -1;
        free(path);
        free(names[i]);
    }
    free(names);
    return done;
}

/* Replay ARG: a seed directory or a single file. */
static long
replay(const char *arg)
{
    struct stat st;

    if (stat(arg, &st) != 0) {
        perror(arg);
        return -1;
    }
    if (S_ISDIR(st.st_mode))
        return replay_dir(arg);
    return replay_file(arg) ? 1 : -1;
}

int
main(int argc, char **argv)
{
    const char *srcdir = getenv("srcdir");
    char dir[4096];
    long n = 0;
    int i;

    if (argc < 2) {
        snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus-%s",
                 srcdir ? srcdir : ".", FUZZ_TARGET);
        n = replay(dir);
    }
    for (i = 1; i < argc && n >= 0; i++) {
        long k = replay(argv[i]);
        n = k < 0 ? -1 : n + k;
    }
    if (n <= 0) {
        fprintf(stderr, "fuzz_%s: no seed replayed\n", FUZZ_TARGET);
        return 99;
    }
    printf("fuzz_%s: %ld inputs replayed, every property held\n",
           FUZZ_TARGET, n);
    return 0;
}
