/* httpbody.h: an HTTP message body decoded as it streams: chunked
 * transfer coding (RFC 9112 7.1) undone, then the gzip or deflate content
 * coding (RFC 9110 8.4.1). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_HTTPBODY_H
#define URIGREP_HTTPBODY_H

#include <stdbool.h>
#include <stddef.h>

/* The content codings undone. */
enum http_coding {
    HTTP_IDENTITY,
    HTTP_GZIP,      /* gzip, x-gzip */
    HTTP_DEFLATE    /* the zlib format, or raw deflate as servers send */
};

/* Decoded bytes go to OUT (P, N); a problem goes to BAD (WHY, a static
 * string), after which nothing more comes out. */
struct http_body_sink {
    void (*out)(void *arg, const char *p, size_t n);
    void (*bad)(void *arg, const char *why);
    void *arg;
};

struct http_body;

/* Can this build undo CODING? (gzip and deflate need zlib.) */
bool http_body_can(enum http_coding coding);

/* A decoder for a body sent CHUNKED or not, in CODING (which
 * http_body_can() accepts). NULL when memory runs out. */
struct http_body *http_body_new(bool chunked, enum http_coding coding);

/* Decode N more bytes at P; the split does not matter. */
void http_body_feed(struct http_body *b, const char *p, size_t n,
                    const struct http_body_sink *sink);

/* The body ended. A compressed body whose stream did not end is said
 * through SINK ("cut short"), unless SINK is NULL (a record its writer
 * truncated, or one not read to its end). Frees B; NULL is accepted. */
void http_body_end(struct http_body *b, const struct http_body_sink *sink);

/* The coding named by VALUE (a Content-Encoding, lower case), in *OUT;
 * false when it is none that is known or there are several. */
bool http_coding_of(const char *value, enum http_coding *out);

#endif
