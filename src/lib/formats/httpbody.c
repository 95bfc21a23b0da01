/* httpbody.c: an HTTP body decoded as it streams: chunks, then gzip or
 * deflate (with zlib, when the build has it). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "formats/httpbody.h"

/* A chunk-size line (size, extensions) or trailer line longer than this
 * is not one: the body is read as it is from there (as warcio and
 * browsers read a body whose chunks are wrong). */
#define CHUNK_LINE_MAX 1024
/* Inflated bytes handed out at a time. */
#define OUT_BLOCK (16 * 1024)

enum chunk_state {
    CH_NONE,        /* not chunked, or chunks given up: bytes as they are */
    CH_SIZE,        /* a chunk-size line */
    CH_DATA,        /* chunk data */
    CH_DATA_END,    /* the CRLF after the data */
    CH_TRAILER,     /* trailer fields up to an empty line */
    CH_DONE         /* the last chunk was read: the rest is ignored */
};

struct http_body {
    enum chunk_state cs;
    unsigned long long left;    /* of the chunk at hand */
    char line[CHUNK_LINE_MAX];
    size_t nline;
    enum http_coding coding;
    bool failed;                /* the coding's data was bad */
    bool ended;                 /* its stream ended */
#ifdef HAVE_ZLIB
    z_stream z;
    bool zinit;
    unsigned char head[2];      /* deflate: the first two bytes decide */
    size_t nhead;
    char out[OUT_BLOCK];
#endif
};

bool
http_coding_of(const char *value, enum http_coding *out)
{
    if (value[0] == '\0' || strcmp(value, "identity") == 0)
        *out = HTTP_IDENTITY;
    else if (strcmp(value, "gzip") == 0 || strcmp(value, "x-gzip") == 0)
        *out = HTTP_GZIP;
    else if (strcmp(value, "deflate") == 0)
        *out = HTTP_DEFLATE;
    else
        return false;
    return true;
}

bool
http_body_can(enum http_coding coding)
{
#ifdef HAVE_ZLIB
    (void)coding;
    return true;
#else
    return coding == HTTP_IDENTITY;
#endif
}

struct http_body *
http_body_new(bool chunked, enum http_coding coding)
{
    struct http_body *b;

    if (!http_body_can(coding) || (b = malloc(sizeof *b)) == NULL)
        return NULL;
    b->cs = chunked ? CH_SIZE : CH_NONE;
    b->left = 0;
    b->nline = 0;
    b->coding = coding;
    b->failed = b->ended = false;
#ifdef HAVE_ZLIB
    memset(&b->z, 0, sizeof b->z);
    b->zinit = false;
    b->nhead = 0;
#endif
    return b;
}

#ifdef HAVE_ZLIB
/* Start zlib for B's coding; for deflate the two bytes at HEAD say
 * whether a zlib header (RFC 1950) is there or raw deflate follows. */
static bool
start_inflate(struct http_body *b, const unsigned char *head)
{
    int bits = 16 + MAX_WBITS;

    if (b->coding == HTTP_DEFLATE)
        bits = (head[0] & 0x0f) == 8 && (head[0] * 256 + head[1]) % 31 == 0
                   ? MAX_WBITS : -MAX_WBITS;
    if (inflateInit2(&b->z, bits) != Z_OK)
        return false;
    b->zinit = true;
    return true;
}

/* Inflate N bytes at P and hand out what comes. */
static void
inflate_some(struct http_body *b, const unsigned char *p, size_t n,
             const struct http_body_sink *sink)
{
    b->z.next_in = (Bytef *)p;
    b->z.avail_in = (uInt)n;
    while (!b->failed && !b->ended) {
        int rc;

        b->z.next_out = (Bytef *)b->out;
        b->z.avail_out = sizeof b->out;
        rc = inflate(&b->z, Z_NO_FLUSH);
        if (b->z.avail_out < sizeof b->out)
            sink->out(sink->arg, b->out, sizeof b->out - b->z.avail_out);
        if (rc == Z_STREAM_END) {
            b->ended = true; /* what follows the stream is not text */
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            b->failed = true;
            sink->bad(sink->arg, b->coding == HTTP_GZIP
                                     ? "corrupt gzip Content-Encoding"
                                     : "corrupt deflate Content-Encoding");
        } else if (b->z.avail_out != 0) {
            break; /* all input taken, all output given */
        }
    }
}

/* Bytes of the content-coded body. */
static void
decode(struct http_body *b, const char *p, size_t n,
       const struct http_body_sink *sink)
{
    while (n > 0 && !b->zinit && !b->failed) {
        b->head[b->nhead++] = (unsigned char)*p++;
        n--;
        if (b->nhead < 2)
            continue;
        if (!start_inflate(b, b->head)) {
            b->failed = true;
            sink->bad(sink->arg, "out of memory for the Content-Encoding");
            return;
        }
        inflate_some(b, b->head, 2, sink);
    }
    /* zlib counts in uInt: large steps are cut */
    while (n > 0 && !b->failed && !b->ended) {
        size_t k = n < 1u << 30 ? n : 1u << 30;

        inflate_some(b, (const unsigned char *)p, k, sink);
        p += k;
        n -= k;
    }
}
#endif

/* Bytes of the body after the chunks are undone. */
static void
content(struct http_body *b, const char *p, size_t n,
        const struct http_body_sink *sink)
{
    if (n == 0 || b->failed)
        return;
#ifdef HAVE_ZLIB
    if (b->coding != HTTP_IDENTITY) {
        decode(b, p, n, sink);
        return;
    }
#endif
    sink->out(sink->arg, p, n);
}

/* A chunk-size line, or a trailer line, is complete in b->line. */
static void
chunk_line(struct http_body *b, const struct http_body_sink *sink)
{
    size_t n = b->nline, i;
    unsigned long long size = 0;

    while (n > 0 && (b->line[n - 1] == '\n' || b->line[n - 1] == '\r'))
        n--;
    if (b->cs == CH_TRAILER) {
        if (n == 0)
            b->cs = CH_DONE;
        b->nline = 0;
        return;
    }
    for (i = 0; i < n && strchr("0123456789abcdefABCDEF", b->line[i]) &&
                b->line[i] != '\0'; i++) {
        if (size >> 58)
            break; /* past any body a record can hold */
        size = size * 16 + (unsigned long long)(b->line[i] <= '9'
                                    ? b->line[i] - '0'
                                    : (b->line[i] | 0x20) - 'a' + 10);
    }
    if (i == 0 || (i < n && !strchr(" \t;", b->line[i]))) {
        /* no chunk size: the body is read as it is from this line on */
        b->cs = CH_NONE;
        content(b, b->line, b->nline, sink);
        b->nline = 0;
        return;
    }
    b->nline = 0;
    b->left = size;
    b->cs = size ? CH_DATA : CH_TRAILER;
}

/* Bytes of a line of the chunk framing, up to its '\n'; how many were
 * taken. */
static size_t
framing(struct http_body *b, const char *p, size_t n,
        const struct http_body_sink *sink)
{
    const char *nl = memchr(p, '\n', n);
    size_t take = nl ? (size_t)(nl - p) + 1 : n;

    if (b->nline + take > sizeof b->line) {
        /* not a chunk line: as it is from here */
        b->cs = CH_NONE;
        content(b, b->line, b->nline, sink);
        b->nline = 0;
        return 0;
    }
    memcpy(b->line + b->nline, p, take);
    b->nline += take;
    if (nl)
        chunk_line(b, sink);
    return take;
}

void
http_body_feed(struct http_body *b, const char *p, size_t n,
               const struct http_body_sink *sink)
{
    while (n > 0 && !b->failed) {
        size_t k;

        switch (b->cs) {
        case CH_NONE:
            content(b, p, n, sink);
            return;
        case CH_DONE:
            return;
        case CH_DATA:
            k = b->left < n ? (size_t)b->left : n;
            content(b, p, k, sink);
            b->left -= k;
            if (b->left == 0)
                b->cs = CH_DATA_END;
            break;
        case CH_DATA_END:
            /* CRLF (or a bare LF) after the data */
            k = 1;
            if (*p == '\n')
                b->cs = CH_SIZE;
            else if (*p != '\r')
                k = 0, b->cs = CH_SIZE;
            break;
        default:    /* CH_SIZE, CH_TRAILER */
            k = framing(b, p, n, sink);
            break;
        }
        p += k;
        n -= k;
    }
}

void
http_body_end(struct http_body *b, const struct http_body_sink *sink)
{
    if (b == NULL)
        return;
    /* a partial chunk-size line at the end is nothing */
#ifdef HAVE_ZLIB
    /* a compressed stream not ended: what it held past the cut is lost */
    if (sink && b->zinit && !b->ended && !b->failed)
        sink->bad(sink->arg, b->coding == HTTP_GZIP
                                 ? "gzip Content-Encoding cut short"
                                 : "deflate Content-Encoding cut short");
    if (b->zinit)
        inflateEnd(&b->z);
#else
    (void)sink;
#endif
    free(b);
}
