/* mapped.h: a regular file's bytes read through mapped windows, without
 * the copy read() makes; a file cut short meanwhile reads as zeros and
 * is said to have shrunk, where it would have killed the run with
 * SIGBUS. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_MAPPED_H
#define URIGREP_MAPPED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "names.h"

/* One window; all zero when nothing is mapped. A thread holds one at a
 * time.
 * Owner: mapped.c; worker.c, cut.c and input.c hold one and read it. */
struct mapped {
    char *base;     /* the mapping, from a page boundary */
    size_t len;
};

/* The most mapped at a time: large enough that mapping a window costs
 * little a byte, small enough that its pages (they count in the peak
 * RSS) stay few. */
#define MAPPED_WINDOW (4 * 1024 * 1024)

/* What a file that shrank while it was mapped is said to have done. */
#define MAPPED_SHRANK SHARED_SHRANK

/* Map N bytes (N > 0) of FD from offset AT, unmapping what M held: the
 * address of the byte at AT, or NULL with errno set. */
const char *mapped_map(struct mapped *m, int fd, uint64_t at, size_t n);

/* Unmap M's window, if any. True when a read of it found the file
 * shorter than the window (those bytes read as zeros). */
bool mapped_unmap(struct mapped *m);

/* Has a read of the window this thread holds found the file shorter
 * than it? */
bool mapped_shrank(void);

/* Why a window onto FD up to offset END read zeros: MAPPED_SHRANK, or
 * when the file is still that long, the read error SIGBUS also stands
 * for (an NFS server gone, a bad sector). */
const char *mapped_why(int fd, uint64_t end);

#endif
