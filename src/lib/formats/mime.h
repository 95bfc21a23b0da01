/* mime.h: MIME fields and transfer decodings (RFC 2045, 2047, 2231). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_MIME_H
#define URIGREP_MIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Content-Transfer-Encoding, RFC 2045 section 6. */
enum mime_cte {
    MIME_CTE_IDENTITY,   /* 7bit, 8bit, binary, or unknown */
    MIME_CTE_QP,
    MIME_CTE_BASE64
};

/* Parse a Content-Transfer-Encoding value (any case, comments allowed). */
enum mime_cte mime_parse_cte(const char *v, size_t len);

/* Copy the media type of a Content-Type value ("text/html"), lower-cased,
 * into OUT (SIZE bytes, NUL-terminated). Returns false, leaving OUT empty,
 * when the value has no type/subtype. */
bool mime_media_type(const char *v, size_t len, char *out, size_t size);

/* Find parameter NAME (any case) of a Content-Type-like value, quoted or
 * not, and copy its value (unquoted, unescaped, truncated) into OUT (SIZE
 * bytes). RFC 2231 continuations (name*0, name*1) are joined and an
 * extended value's charset'language' prefix is dropped. Returns false if
 * the parameter is absent. */
bool mime_param(const char *v, size_t len, const char *name, char *out,
                size_t size);

/* One parameter mime_params() looks for: NAME, copied into OUT (SIZE
 * bytes) as mime_param() copies it; FOUND is set when it is there.
 * Owner: mime.c, which fills OUT and FOUND; the caller sets NAME and SIZE. */
struct mime_param_want {
    const char *name;
    char *out;
    size_t size;
    bool found;
};

/* Most parameters mime_params() looks for in one call. */
#define MIME_PARAMS_MAX 4

/* mime_param() for each of W (NW; past MIME_PARAMS_MAX, none is looked
 * for) in one pass over V (a Content-Type has its charset and its
 * boundary read at once). */
void mime_params(const char *v, size_t len, struct mime_param_want *w,
                 size_t nw);

/* Strip comments in parentheses, surrounding whitespace, one pair of <>
 * (also "<URL:...>", RFC 1808 3.1) and quotes, and the whitespace inside
 * of a header value that holds a URI (Content-Base, Content-Location,
 * Base). Writes at most SIZE-1 bytes and a NUL to OUT; returns its
 * length. */
size_t mime_uri_value(const char *v, size_t len, char *out, size_t size);

/* Decode the RFC 2047 encoded words ("=?charset?Q?...?=" or "?B?") of a
 * header value V (LEN bytes) into OUT (SIZE bytes, NUL-terminated),
 * converting each to UTF-8 with iconv; blanks between two encoded words
 * go, as RFC 2047 section 6.2 says. A word in an unknown charset is kept
 * as it is, unless its text is plain ASCII. Returns the length written. */
size_t mime_decode_words(const char *v, size_t len, char *out, size_t size);

/* Converters kept open between calls of mime_words_decode(). */
struct mime_words;

/* A new cache, or NULL when memory runs out. */
struct mime_words *mime_words_new(void);

/* Close its converters and free it; NULL is accepted. */
void mime_words_free(struct mime_words *w);

/* As mime_decode_words(), with the charset converters of W (NULL: none
 * kept). Costs O(LEN) whatever the value, and one iconv_open() per
 * charset met while W keeps it. */
size_t mime_words_decode(struct mime_words *w, const char *v, size_t len,
                         char *out, size_t size);

/* Streaming quoted-printable decoder (RFC 2045 6.7): "=XX" and soft line
 * breaks ("=" at the end of a line, trailing blanks allowed) are undone
 * across calls; a malformed "=" is kept as it is.
 * Owner: mime.c; its user holds one. */
struct mime_qp {
    int state;
    char held[4];  /* bytes after '=' not decided yet */
    int nheld;
    bool vec;      /* mime_qp_lines() with AVX2 (the caller sets it) */
};

void mime_qp_init(struct mime_qp *q);

/* Decode LEN bytes of IN into OUT, which must hold LEN + 4 bytes. Returns
 * the number of bytes written. FINAL flushes what is held. */
size_t mime_qp_decode(struct mime_qp *q, const char *in, size_t len,
                      char *out, bool final);

/* Whole quoted-printable lines IN[0..LEN) (LEN ends a line), decoded to
 * OUT, which must hold LEN + 32 bytes, a line at a time while they last:
 * up to MAXLINES lines, and not a line after the first whose first byte
 * STOP marks (the caller's to look at: in mail, one that may be an mbox
 * separator or a boundary).  OFFS[K] is where line K's bytes begin in
 * OUT.  The same bytes as mime_qp_decode() a line at a time; with
 * Q->vec, lines are searched 32 bytes at a time with AVX2.  Returns the
 * bytes of IN taken; sets *NLINES and *OUTLEN. */
size_t mime_qp_lines(struct mime_qp *q, const char *in, size_t len,
                     char *out, const bool stop[256], size_t *offs,
                     size_t maxlines, size_t *nlines, size_t *outlen);

/* Streaming base64 decoder (RFC 2045 6.8): characters outside the
 * alphabet (line breaks, stray bytes) are skipped; padding ends a group
 * and decoding goes on after it.
 * Owner: mime.c; its user holds one. */
struct mime_b64 {
    uint32_t acc;
    int n;
    bool vec;                 /* blocks of 32 characters with AVX2 */
};

/* A new decoder; VEC (AVX2 blocks) is false: a caller that knows the
 * machine has AVX2 (skip_choose() says SKIP_AVX2) sets it. */
void mime_b64_init(struct mime_b64 *b);

/* Decode LEN bytes of IN into OUT, which must hold LEN bytes. Returns the
 * number of bytes written. */
size_t mime_b64_decode(struct mime_b64 *b, const char *in, size_t len,
                       char *out);

#endif
