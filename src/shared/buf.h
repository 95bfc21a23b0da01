/* buf.h: bounded growable byte buffer. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_BUF_H
#define URIGREP_BUF_H

#include <stddef.h>
#include <string.h>

#include "urigrep.h"

/* Bytes DATA[0..LEN) of CAP allocated; never grows past MAX bytes.
 * Owner: buf.c: only its functions change DATA, LEN and CAP. */
struct urigrep_buf {
    char *data;
    size_t len;
    size_t cap;
    size_t max;
};

/* Start empty with a ceiling of MAX bytes; allocates nothing. */
void buf_init(struct urigrep_buf *b, size_t max);

/* Make room for N more bytes. Returns URIGREP_ERR_TOO_LONG past the
 * ceiling, URIGREP_ERR_NOMEM when allocation fails; B is unchanged then. */
enum urigrep_status buf_reserve(struct urigrep_buf *b, size_t n);

/* buf_append()'s way when the room is not there yet. */
enum urigrep_status buf_append_grow(struct urigrep_buf *b, const void *p,
                                    size_t n);

/* Append N bytes of P (room is reserved first). Inline: output and the
 * scanner's window append a few bytes at a time, a URI or a newline,
 * and the room is nearly always there (CAP never passes MAX). */
static inline enum urigrep_status
buf_append(struct urigrep_buf *b, const void *p, size_t n)
{
    if (n <= b->cap - b->len) {
        if (n)
            memcpy(b->data + b->len, p, n);
        b->len += n;
        return URIGREP_OK;
    }
    return buf_append_grow(b, p, n);
}

/* Append the string literal S, its length known when compiling. */
#define buf_append_lit(b, s) buf_append((b), (s), sizeof(s) - 1)

/* Append V in decimal (snprintf() was a tenth of --json's time). */
enum urigrep_status buf_append_u64(struct urigrep_buf *b, uint64_t v);

/* Drop the first N bytes, moving the rest to the front. */
void buf_consume(struct urigrep_buf *b, size_t n);

/* Release the memory; B can be used again after buf_init(). */
void buf_free(struct urigrep_buf *b);

/* Append one byte; the caller has reserved room. */
static inline void
buf_put(struct urigrep_buf *b, char c)
{
    b->data[b->len++] = c;
}

#endif
