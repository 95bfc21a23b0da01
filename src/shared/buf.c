/* buf.c: bounded growable byte buffer. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>

#include "buf.h"

void
buf_init(struct urigrep_buf *b, size_t max)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->max = max;
}

enum urigrep_status
buf_reserve(struct urigrep_buf *b, size_t n)
{
    size_t need, cap;
    char *p;

    if (n > b->max || b->len > b->max - n)
        return URIGREP_ERR_TOO_LONG;
    need = b->len + n;
    if (need <= b->cap)
        return URIGREP_OK;
    /* Double to keep appends amortised O(1), but never past the ceiling. */
    cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > b->max / 2 ? b->max : cap * 2;
    /* CAP never passes MAX: buf_append() trusts the room it sees */
    if (cap > b->max)
        cap = b->max;
    if (cap < need)
        cap = need;
    p = realloc(b->data, cap + 1); /* +1: room for a terminating NUL */
    if (p == NULL)
        return URIGREP_ERR_NOMEM;
    b->data = p;
    b->cap = cap;
    return URIGREP_OK;
}

enum urigrep_status
buf_append_grow(struct urigrep_buf *b, const void *p, size_t n)
{
    enum urigrep_status st = buf_reserve(b, n);

    if (st != URIGREP_OK)
        return st;
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    return URIGREP_OK;
}

void
buf_consume(struct urigrep_buf *b, size_t n)
{
    if (n >= b->len) {
        b->len = 0;
        return;
    }
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
}

void
buf_free(struct urigrep_buf *b)
{
    free(b->data);
    buf_init(b, b->max);
}

enum urigrep_status
buf_append_u64(struct urigrep_buf *b, uint64_t v)
{
    char tmp[20]; /* UINT64_MAX has 20 digits */
    size_t n = sizeof tmp;

    do {
        tmp[--n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return buf_append(b, tmp + n, sizeof tmp - n);
}
