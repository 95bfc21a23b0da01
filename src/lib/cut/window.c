/* window.c: the bytes the cut rules read, from memory or from a file
 * through a pread(2) window (window.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "cut/window.h"
#include "names.h"

void
window_memory(struct cut_window *s, const char *p, size_t n)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->n = n;
    s->fd = -1;
}

bool
window_file(struct cut_window *s, int fd, size_t n, size_t window)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->fd = fd;
    s->cap = window < 2 * WINDOW_MARGIN ? 2 * WINDOW_MARGIN : window;
    return (s->buf = malloc(s->cap)) != NULL;
}

void
window_free(struct cut_window *s)
{
    free(s->buf);
    s->buf = NULL;
}

/* Make S's window hold bytes OFF and on, as many as it can to the end:
 * those it holds already are kept (moved to its start) and the rest
 * read, so that a walk forward reads each byte once.  A read that comes
 * short (the file ended before S->n: it shrank; or it failed) is said
 * in S->failed, once, and the window holds what came. */
static void
fill(struct cut_window *s, size_t off)
{
    size_t want = s->n - off < s->cap ? s->n - off : s->cap;
    size_t keep = 0;

    if (off >= s->base && off < s->base + s->len) {
        keep = s->base + s->len - off;
        memmove(s->buf, s->buf + (off - s->base), keep);
    }
    s->base = off;
    s->len = keep < want ? keep : want;
    while (s->len < want) {
        ssize_t k = pread(s->fd, s->buf + s->len, want - s->len,
                          (off_t)(off + s->len));

        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            if (s->failed == NULL) {
                s->failed = k == 0 ? SHARED_SHRANK : strerror(errno);
                s->failed_at = off + s->len;
            }
            break;
        }
        s->len += (size_t)k;
    }
}

const char *
window_read(struct cut_window *s, size_t off, size_t want, size_t *got)
{
    size_t need = s->n - off < want ? s->n - off : want;

    if (off < s->base || off + need > s->base + s->len) {
        /* a window past what a failed read gave holds nothing more */
        if (s->failed != NULL && off >= s->failed_at) {
            *got = 0;
            return s->buf;
        }
        fill(s, off);
    }
    *got = s->base + s->len - off < need ? s->base + s->len - off : need;
    return s->buf + (off - s->base);
}

size_t
window_search(struct cut_window *s, size_t from, size_t limit,
              window_rule rule, const void *arg)
{
    size_t lo = from;

    if (limit > s->n)
        limit = s->n;
    if (s->p != NULL)
        return from < limit ? rule(s->p, s->n, from, limit, arg) : s->n;
    /* each time the window from the byte before LO (which the rule may
     * look at), holding at least half a window to search and the
     * WINDOW_MARGIN bytes a rule may read past its search: the search
     * goes to where the margin starts, or to the end of the document
     * when the window holds it, and finds what it finds in the whole */
    while (lo < limit) {
        size_t base = lo > 0 ? lo - 1 : 0, got, end, k;
        const char *q = window_at(s, base,
                                  (s->cap - WINDOW_MARGIN) / 2 +
                                      WINDOW_MARGIN, &got);

        if (base < s->base || base > s->base + s->len)
            break;                          /* a read came short */
        got = s->base + s->len - base;      /* all the window holds */
        end = base + got == s->n ? s->n
              : got > WINDOW_MARGIN ? base + got - WINDOW_MARGIN : base;
        if (end > limit)
            end = limit;
        k = rule(q, got, lo - base, end > lo ? end - base : lo - base,
                 arg);
        if (k < got)
            return base + k;
        if (s->failed != NULL || end <= lo)
            break;
        lo = end;
    }
    return s->n;
}

size_t
window_line(struct cut_window *s, size_t off)
{
    size_t at = off;

    while (at < s->n) {
        size_t got;
        const char *q = window_at(s, at, WINDOW_MARGIN, &got);
        const char *nl = memchr(q, '\n', got);

        if (nl != NULL)
            return at + (size_t)(nl - q) + 1 - off;
        if (got == 0)
            break;
        at += got;
    }
    return 0;
}
