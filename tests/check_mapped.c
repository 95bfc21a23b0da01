/* check_mapped.c: mapped windows (src/cli/input/mapped.c) give a file's bytes
 * from any offset; a file cut short under a window reads as zeros from
 * its new end on and says it shrank, where the access would have raised
 * SIGBUS; a SIGBUS outside every window still ends the process. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "input/mapped.h"
#include "check_main.h"

#define SIZE (256 * 1024 + 123)

/* The byte at offset I of the test files: no zeros, so a zero read is
 * one the handler (or the kernel, in the page the file ends in) put
 * there. */
static unsigned char
byte_at(size_t i)
{
    return (unsigned char)('a' + i % 23);
}

/* The test files' bytes, and zeros after them. */
static unsigned char data[SIZE], zeros[SIZE];

/* A temporary file of SIZE bytes, open for reading and writing. */
static int
make_file(void)
{
    char name[] = "/tmp/check_mapped.XXXXXX";
    int fd = mkstemp(name);
    size_t i;

    ck_assert_int_ge(fd, 0);
    unlink(name);
    for (i = 0; i < SIZE; i++)
        data[i] = byte_at(i);
    ck_assert_int_eq(write(fd, data, SIZE), SIZE);
    return fd;
}

START_TEST(test_mapped_bytes)
{
    static const size_t from[] = { 0, 1, 4095, 4096, 70000, SIZE - 1 };
    struct mapped m = { NULL, 0 };
    int fd = make_file();
    size_t k;

    for (k = 0; k < sizeof from / sizeof *from; k++) {
        size_t n = SIZE - from[k];
        const char *p = mapped_map(&m, fd, from[k], n);

        ck_assert_ptr_nonnull(p);
        ck_assert(memcmp(p, data + from[k], n) == 0);
        ck_assert(!mapped_shrank());
    }
    ck_assert(!mapped_unmap(&m));
    ck_assert_ptr_null(m.base);
    /* zeros read from a file still that long: a read error (SIGBUS
     * stands for both) */
    ck_assert_str_eq(mapped_why(fd, SIZE), strerror(EIO));
    ck_assert_str_eq(mapped_why(fd, SIZE + 1), MAPPED_SHRANK);
    /* unmapping nothing is nothing */
    ck_assert(!mapped_unmap(&m));
    close(fd);
}
END_TEST

/* Map FD from offset 1000, cut the file to CUT bytes, read the whole
 * window: what is left reads as it was, the rest as zeros. */
static void
read_cut(int fd, size_t cut)
{
    struct mapped m = { NULL, 0 };
    const size_t from = 1000;
    const char *p = mapped_map(&m, fd, from, SIZE - from);
    size_t kept = cut > from ? cut - from : 0;

    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(ftruncate(fd, (off_t)cut), 0);
    ck_assert(memcmp(p, data + from, kept) == 0);
    ck_assert(memcmp(p + kept, zeros, SIZE - from - kept) == 0);
    ck_assert(mapped_shrank());
    ck_assert(mapped_unmap(&m));
    /* the next window starts afresh */
    ck_assert(!mapped_shrank());
    /* what is said: the file shrank, not an I/O error */
    ck_assert_str_eq(mapped_why(fd, SIZE), MAPPED_SHRANK);
}

START_TEST(test_mapped_shrinks)
{
    int fd = make_file();

    read_cut(fd, 100000);
    close(fd);
    /* cut before the window's first page */
    fd = make_file();
    read_cut(fd, 10);
    close(fd);
}
END_TEST

static void *
cut_in_thread(void *arg)
{
    read_cut(*(int *)arg, 50000);
    return NULL;
}

START_TEST(test_mapped_per_thread)
{
    struct mapped m = { NULL, 0 };
    int fd = make_file(), other = make_file();
    const char *p = mapped_map(&m, fd, 0, SIZE);
    pthread_t t;

    /* another thread's file shrinks under its window: this thread's
     * window is untouched */
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(pthread_create(&t, NULL, cut_in_thread, &other), 0);
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    ck_assert(memcmp(p, data, SIZE) == 0);
    ck_assert(!mapped_shrank());
    ck_assert(!mapped_unmap(&m));
    close(fd);
    close(other);
}
END_TEST

/* A mapping that is no window: its SIGBUS ends the process, as it would
 * without mapped.c (the handler is installed by the first window). In a
 * child, as make check-valgrind runs the tests without fork. */
START_TEST(test_mapped_other_sigbus)
{
    struct mapped m = { NULL, 0 };
    int fd = make_file(), other = make_file(), status;
    pid_t pid;

    ck_assert_ptr_nonnull(mapped_map(&m, fd, 0, SIZE));
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        volatile const char *q =
            mmap(NULL, SIZE, PROT_READ, MAP_PRIVATE, other, 0);

        if (q == MAP_FAILED || ftruncate(other, 0) != 0)
            _exit(3);
        (void)q[SIZE - 1];
        _exit(0);
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    /* killed by SIGBUS; under AddressSanitizer, whose handler was the
     * earlier action, a report and exit status 1 */
    ck_assert(!WIFEXITED(status) || WEXITSTATUS(status) == 1);
    ck_assert(!WIFSIGNALED(status) || WTERMSIG(status) == SIGBUS);
    mapped_unmap(&m);
    close(fd);
    close(other);
}
END_TEST

static Suite *
mapped_suite(void)
{
    Suite *s = suite_create("mapped");
    TCase *tc = tcase_create("windows");

    tcase_add_test(tc, test_mapped_bytes);
    tcase_add_test(tc, test_mapped_shrinks);
    tcase_add_test(tc, test_mapped_per_thread);
    tcase_add_test(tc, test_mapped_other_sigbus);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(mapped_suite)
