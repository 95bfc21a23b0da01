/* stamp.h: a regular file's size and time of change when its reading
 * began, so that a file cut short, grown or rewritten meanwhile is said
 * to have been (stamp.c), a leaf that input.c and -j call. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_STAMP_H
#define URIGREP_STAMP_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* What a file was when its reading began.
 * Owner: stamp.c, which fills it; input.c holds one a file it reads,
 * cut.c one for a file's last piece. */
struct stamp {
    bool known;             /* a regular file: the rest is set */
    uint64_t start;         /* the descriptor's offset then */
    uint64_t size;          /* its size then */
    struct timespec mtime;  /* its last change then */
};

/* What became of a file between its stamp and the end of its reading. */
enum stamp_change {
    STAMP_SAME,     /* as it was (or not known) */
    STAMP_SHRANK,   /* read up to less than its size at the start, and
                       shorter or written since: bytes were lost
                       (trouble, exit status 2) */
    STAMP_GREW,     /* longer now: what was appended is not read */
    STAMP_CHANGED   /* written over (a later time of change, or shorter
                       after its last byte was read): a warning */
};

/* Take FD's stamp into *S: S->known is false when FD is not a regular
 * file of at least a byte (a pipe, a terminal, a file of /proc: nothing
 * can be said of those). */
void stamp_take(struct stamp *s, int fd);

/* How many bytes from S->start on a reader of the file stamped S reads:
 * its size at the start, never what was appended meanwhile (-j 1 and
 * -j 2 read the same); UINT64_MAX when S is not known. */
uint64_t stamp_limit(const struct stamp *s);

/* What became of the file open on FD, stamped S, read up to offset
 * REACHED (STAMP_SAME when S is not known). */
enum stamp_change stamp_check(const struct stamp *s, int fd,
                              uint64_t reached);

/* What a file is said to have done (CH not STAMP_SAME): a sentence in
 * static storage. */
const char *stamp_say(enum stamp_change ch);

#endif
