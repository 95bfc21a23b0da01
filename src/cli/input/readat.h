/* readat.h: a file's bytes read at an offset, the command's one pread(2)
 * loop (readat.c), a leaf that input.c, warcgz.c and -j call. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_READAT_H
#define URIGREP_READAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Read N bytes at offset AT of FD into BUF, again when interrupted or
 * short: how many (fewer than N only at the end of the file), or -1 with
 * errno set. */
ssize_t input_pread(int fd, void *buf, size_t n, uint64_t at);

/* input_pread() of exactly N bytes: false with errno set if that fails
 * (EIO: the file is shorter now). */
bool input_pread_all(int fd, void *buf, size_t n, uint64_t at);

#endif
