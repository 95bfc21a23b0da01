/* readat.c: a file's bytes read at an offset (readat.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <unistd.h>

#include "input/readat.h"

ssize_t
input_pread(int fd, void *buf, size_t n, uint64_t at)
{
    char *p = buf;
    size_t got = 0;

    while (got < n) {
        ssize_t k = pread(fd, p + got, n - got, (off_t)(at + got));

        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return -1;
        if (k == 0)
            break;
        got += (size_t)k;
    }
    return (ssize_t)got;
}

bool
input_pread_all(int fd, void *buf, size_t n, uint64_t at)
{
    ssize_t k = input_pread(fd, buf, n, at);

    if (k >= 0 && (size_t)k < n)
        errno = EIO;
    return k >= 0 && (size_t)k == n;
}
