/* window.h: the bytes the cut rules read: a document in memory (a file
 * mapped), or a file read with pread(2) through a window, so that a
 * file cut short meanwhile is an early end, not SIGBUS. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_WINDOW_H
#define URIGREP_WINDOW_H

#include <stdbool.h>
#include <stddef.h>

/* The most bytes a rule reads at once past where it looks: members.c's
 * PROBE_MAX (64 KiB of a gzip member inflated), a WARC header
 * (WARC_HEAD_MAX, 64 KiB) past its version line, an mbox separator
 * line (MAIL_LINE_MAX); the start of a WARC record looked at for its
 * WARC-Type (split_chain_next()).  Keep it at least each of those. */
#define WINDOW_MARGIN (256 * 1024)

/* Owner: window.c; its users (cutter.c, split.c) hold one and call
 * window_at(). */
struct cut_window {
    const char *p;      /* the whole document, or NULL: read from FD */
    size_t n;           /* its size */
    int fd;
    char *buf;          /* the window: bytes BASE..BASE+LEN of the file */
    size_t cap, base, len;
    const char *failed; /* NULL, or why a read came short: SHARED_SHRANK
                         * (the file ended early) or strerror() */
    size_t failed_at;   /* where */
};

/* S over P (N bytes, all in memory). */
void window_memory(struct cut_window *s, const char *p, size_t n);

/* S over the first N bytes of the file open as FD, read a window of
 * WINDOW bytes (at least 2 * WINDOW_MARGIN) at a time.  Returns false
 * when memory ran out. */
bool window_file(struct cut_window *s, int fd, size_t n, size_t window);

/* Free S's window (S itself is the caller's). */
void window_free(struct cut_window *s);

/* Bytes OFF (<= S->n) and on of S: a pointer to *GOT of them, valid until
 * the next call; *GOT is WANT (at most the window's size) or the bytes
 * to the end when fewer, and less only when a read came short
 * (S->failed says why; the rules then see an early end). */
const char *window_read(struct cut_window *s, size_t off, size_t want,
                        size_t *got);

static inline const char *
window_at(struct cut_window *s, size_t off, size_t want, size_t *got)
{
    if (s->p != NULL) {
        *got = s->n - off < want ? s->n - off : want;
        return s->p + off;
    }
    return window_read(s, off, want, got);
}

/* A rule that looks for the first place at or after FROM and before
 * LIMIT in P (N bytes, to the end of the document or at least
 * WINDOW_MARGIN past LIMIT), N when there is none; it may look at the
 * byte before FROM (split_next(), members_next()). */
typedef size_t (*window_rule)(const char *p, size_t n, size_t from,
                              size_t limit, const void *arg);

/* RULE (with ARG) run from FROM to LIMIT over S, a window at a time: the
 * offset it finds, S->n when none (or a read came short). */
size_t window_search(struct cut_window *s, size_t from, size_t limit,
                     window_rule rule, const void *arg);

/* The length of the line at OFF of S, its newline included, however
 * long; 0 when none ends before the end. */
size_t window_line(struct cut_window *s, size_t off);

#endif
