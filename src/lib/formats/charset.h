/* charset.h: streaming conversion of text to UTF-8 with iconv. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CHARSET_H
#define URIGREP_CHARSET_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

struct charset_conv;

/* Open a converter from charset FROM to UTF-8: UTF-7 is decoded here,
 * the others by iconv. Returns NULL (errno set) when iconv does not know
 * FROM or memory runs out. */
struct charset_conv *charset_open(const char *from);

/* Convert LEN bytes of IN, appending UTF-8 to OUT. A sequence cut at the
 * end of IN is kept for the next call; a malformed sequence becomes
 * U+FFFD (which ends any URI) and is counted in *BAD. FINAL flushes and
 * resets the state. The output does not depend on how the input is
 * split into calls. */
enum urigrep_status charset_convert(struct charset_conv *cv, const char *in,
                                    size_t len, int final,
                                    struct urigrep_buf *out, size_t *bad);

/* Close the converter; NULL is accepted. */
void charset_close(struct charset_conv *cv);

/* Does CV, once a final charset_convert() has reset it, convert other
 * text as a new one would? Not for UTF-16 and UTF-32: iconv keeps the
 * byte order a byte order mark chose (a converter kept for later parts
 * or words would read them in it). */
bool charset_reusable(const struct charset_conv *cv);

/*
 * Converters kept open after use, for the charsets that come again and
 * again: each part of a mail archive that is not UTF-8 opens one, and
 * glibc's iconv_open() and iconv_close() cost more than the scan of a
 * short part.  A pool is owned by one user (no lock); zero it to start.
 */
#define CHARSET_POOL_MAX 4
/* Owner: charset.c; its user holds one. */
struct charset_pool {
    struct charset_conv *idle[CHARSET_POOL_MAX];  /* newest first */
};

/* As charset_open(FROM), from POOL's idle converter for FROM (its name
 * the same but for case) when it has one. */
struct charset_conv *charset_pool_open(struct charset_pool *pool,
                                       const char *from);

/* Give CV (from charset_pool_open(), or NULL) back to POOL, its state
 * reset as at open, as if by charset_close(): the oldest idle one is
 * closed when POOL is full. */
void charset_pool_close(struct charset_pool *pool, struct charset_conv *cv);

/* Close POOL's idle converters. */
void charset_pool_free(struct charset_pool *pool);

#endif
