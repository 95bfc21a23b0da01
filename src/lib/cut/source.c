/* source.c: the bytes the cut rules read, from memory or from a file
 * through a pread(2) window (source.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "cut/source.h"
#include "names.h"

void
source_memory(struct cut_source *s, const char *p, size_t n)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->n = n;
    s->fd = -1;
}

bool
source_file(struct cut_source *s, int fd, size_t n, size_t window)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->fd = fd;
    s->cap = window < 2 * SOURCE_MARGIN ? 2 * SOURCE_MARGIN : window;
    return (s->buf = malloc(s->cap)) != NULL;
}

void
source_free(struct cut_source *s)
{
    free(s->buf);
    s->buf = NULL;
}

/* Fill S's window from OFF: as much as it holds, to the end.  A read
 * that comes short (the file ended before S->n: it shrank; or it
 * failed) is said in S->failed, once, and the window holds what came. */
static void
fill(struct cut_source *s, size_t off)
{
    size_t want = s->n - off < s->cap ? s->n - off : s->cap;

    s->base = off;
    s->len = 0;
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
source_read(struct cut_source *s, size_t off, size_t want, size_t *got)
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

/* Bytes OFF and on of S, the file's: a pointer to *GOT of them, all the
 * window holds from OFF, read again from OFF only when that is fewer
 * than MIN and the file goes on (a search then runs over what one read
 * brought, not a window's worth read again for each call). */
static const char *
source_window(struct cut_source *s, size_t off, size_t min, size_t *got)
{
    size_t need = s->n - off < min ? s->n - off : min;

    if (off < s->base || off + need > s->base + s->len) {
        if (s->failed != NULL && off >= s->failed_at) {
            *got = 0;
            return s->buf;
        }
        fill(s, off);
    }
    *got = s->base + s->len > off ? s->base + s->len - off : 0;
    return s->buf + (off - s->base);
}

size_t
source_search(struct cut_source *s, size_t from, size_t limit,
              source_rule rule, const void *arg)
{
    size_t lo = from;

    if (limit > s->n)
        limit = s->n;
    if (s->p != NULL)
        return from < limit ? rule(s->p, s->n, from, limit, arg) : s->n;
    /* each time the window from the byte before LO (which the rule may
     * look at), searched to SOURCE_MARGIN bytes before the window's end
     * (or to the end of the document): a rule reads no further ahead,
     * so it finds what it finds in the whole document.  The window is
     * read again only when less than the margin is left past LO: each
     * search of an mbox's chain (one a message) read a whole window
     * again, 4 MiB a message, 16 s for a 573 MB mbox instead of 0.2. */
    while (lo < limit) {
        size_t base = lo > 0 ? lo - 1 : 0, got, hi, k;
        const char *q = source_window(s, base, SOURCE_MARGIN + 2, &got);

        if (got <= lo - base)
            break;              /* (a read came short) */
        hi = base + got >= s->n || got <= SOURCE_MARGIN + 1
                 ? base + got : base + got - SOURCE_MARGIN;
        if (hi > limit)
            hi = limit;
        k = rule(q, got, lo - base, hi - base, arg);
        if (k < got)
            return base + k;
        if (s->failed != NULL && base + got < s->n)
            break;
        lo = hi;
    }
    return s->n;
}

size_t
source_line(struct cut_source *s, size_t off)
{
    size_t at = off;

    while (at < s->n) {
        size_t got;
        const char *q = source_at(s, at, SOURCE_MARGIN, &got);
        const char *nl = memchr(q, '\n', got);

        if (nl != NULL)
            return at + (size_t)(nl - q) + 1 - off;
        if (got == 0)
            break;
        at += got;
    }
    return 0;
}
