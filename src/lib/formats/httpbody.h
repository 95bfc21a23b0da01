/* httpbody.h: an HTTP message body decoded as it streams: chunked
 * transfer coding (RFC 9112 7.1) undone, then the content codings
 * (RFC 9110 8.4.1) in the reverse of the order they were applied. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_HTTPBODY_H
#define URIGREP_HTTPBODY_H

#include <stdbool.h>
#include <stddef.h>

/* The content codings known. */
enum http_coding {
    HTTP_IDENTITY,
    HTTP_GZIP,      /* gzip, x-gzip (zlib) */
    HTTP_DEFLATE,   /* the zlib format, or raw deflate as servers send */
    HTTP_BR,        /* brotli, RFC 7932 (libbrotlidec) */
    HTTP_ZSTD,      /* zstd, RFC 8878 (libzstd) */
    HTTP_COMPRESS,  /* compress, x-compress: LZW, which no library undoes */
    HTTP_UNKNOWN    /* a token none of these */
};

/* Codings one body may list (identity not counted). */
#define HTTP_CODINGS_MAX 4

/* A Content-Encoding: its codings in the order they were applied. */
struct http_codings {
    enum http_coding c[HTTP_CODINGS_MAX];
    size_t n;
};

/* Decoded bytes go to OUT (P, N); a problem goes to BAD (WHY, a static
 * string), after which nothing more comes out. */
struct http_body_sink {
    void (*out)(void *arg, const char *p, size_t n);
    void (*bad)(void *arg, const char *why);
    void *arg;
};

struct http_body;

/* The codings listed by VALUE (a Content-Encoding, lower case; its
 * elements split at commas, "identity" and empty ones left out) into
 * *OUT. False when there are more than HTTP_CODINGS_MAX: *OUT then
 * holds the first of them. */
bool http_codings_of(const char *value, struct http_codings *out);

/* The first coding of C that this build cannot undo (a library it was
 * built without, or one no library undoes), or HTTP_IDENTITY when it
 * can undo them all. */
enum http_coding http_body_cannot(const struct http_codings *c);

/* The name of coding C ("gzip", "br"..., "unknown"), and the library that undoes
 * it (NULL: none does). */
const char *http_coding_name(enum http_coding c);
const char *http_coding_library(enum http_coding c);

/* A decoder for a body sent CHUNKED or not, in codings C (all of which
 * http_body_cannot() accepts). NULL when memory runs out. */
struct http_body *http_body_new(bool chunked, const struct http_codings *c);

/* Decode N more bytes at P; the split does not matter. */
void http_body_feed(struct http_body *b, const char *p, size_t n,
                    const struct http_body_sink *sink);

/* The body ended. A compressed body whose stream did not end is said
 * through SINK ("cut short"), unless SINK is NULL (a record its writer
 * truncated, or one not read to its end). Frees B; NULL is accepted. */
void http_body_end(struct http_body *b, const struct http_body_sink *sink);

#endif
