/* httpbody.c: an HTTP body decoded as it streams: chunks, then its
 * content codings, each through the library the build has for it (zlib
 * for gzip and deflate, libbrotli for br, libzstd for zstd). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef HAVE_BROTLI
#include <brotli/decode.h>
#endif
#ifdef HAVE_ZSTD
#include <zstd.h>
#include <zstd_errors.h>
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

/* One content coding being undone. */
struct stage {
    enum http_coding coding;
    bool started;               /* its decoder was made */
    bool ended;                 /* its stream ended */
    unsigned char head[2];      /* deflate: the first two bytes decide */
    size_t nhead;
#ifdef HAVE_ZLIB
    z_stream z;
#endif
#ifdef HAVE_BROTLI
    BrotliDecoderState *br;
#endif
#ifdef HAVE_ZSTD
    ZSTD_DStream *zs;
#endif
    char out[OUT_BLOCK];
};

struct http_body {
    enum chunk_state cs;
    unsigned long long left;    /* of the chunk at hand */
    char line[CHUNK_LINE_MAX];
    size_t nline;
    bool failed;                /* a coding's data was bad */
    /* the codings, the last applied first: bytes go from stage 0 to
     * stage NSTAGE - 1, then out */
    struct stage *stage;
    size_t nstage;
};

static const struct {
    const char *name;
    enum http_coding coding;
} coding_names[] = {
    { "identity", HTTP_IDENTITY }, { "gzip", HTTP_GZIP },
    { "x-gzip", HTTP_GZIP }, { "deflate", HTTP_DEFLATE },
    { "br", HTTP_BR }, { "zstd", HTTP_ZSTD },
    { "compress", HTTP_COMPRESS }, { "x-compress", HTTP_COMPRESS },
};

bool
http_codings_of(const char *value, struct http_codings *out)
{
    const char *p = value;

    out->n = 0;
    while (*p) {
        size_t n, i;
        enum http_coding c = HTTP_UNKNOWN;

        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        n = strcspn(p, " \t,");
        if (n == 0)
            break;
        for (i = 0; i < sizeof coding_names / sizeof coding_names[0]; i++)
            if (strlen(coding_names[i].name) == n &&
                memcmp(coding_names[i].name, p, n) == 0)
                c = coding_names[i].coding;
        p += n;
        if (c == HTTP_IDENTITY)
            continue;
        if (out->n == HTTP_CODINGS_MAX)
            return false;
        out->c[out->n++] = c;
    }
    return true;
}

const char *
http_coding_name(enum http_coding c)
{
    switch (c) {
    case HTTP_IDENTITY: return "identity";
    case HTTP_GZIP: return "gzip";
    case HTTP_DEFLATE: return "deflate";
    case HTTP_BR: return "br";
    case HTTP_ZSTD: return "zstd";
    case HTTP_COMPRESS: return "compress";
    default: return "unknown";
    }
}

const char *
http_coding_library(enum http_coding c)
{
    switch (c) {
    case HTTP_GZIP:
    case HTTP_DEFLATE: return "zlib";
    case HTTP_BR: return "libbrotli";
    case HTTP_ZSTD: return "libzstd";
    default: return NULL;
    }
}

/* Can this build undo coding C? */
static bool
can(enum http_coding c)
{
    switch (c) {
    case HTTP_IDENTITY:
        return true;
#ifdef HAVE_ZLIB
    case HTTP_GZIP:
    case HTTP_DEFLATE:
        return true;
#endif
#ifdef HAVE_BROTLI
    case HTTP_BR:
        return true;
#endif
#ifdef HAVE_ZSTD
    case HTTP_ZSTD:
        return true;
#endif
    default:
        return false;
    }
}

enum http_coding
http_body_cannot(const struct http_codings *c)
{
    size_t i;

    for (i = 0; i < c->n; i++)
        if (!can(c->c[i]))
            return c->c[i];
    return HTTP_IDENTITY;
}

struct http_body *
http_body_new(bool chunked, const struct http_codings *c)
{
    struct http_body *b;
    size_t i;

    if (http_body_cannot(c) != HTTP_IDENTITY ||
        (b = malloc(sizeof *b)) == NULL)
        return NULL;
    b->cs = chunked ? CH_SIZE : CH_NONE;
    b->left = 0;
    b->nline = 0;
    b->failed = false;
    b->nstage = c->n;
    b->stage = NULL;
    if (c->n && (b->stage = calloc(c->n, sizeof *b->stage)) == NULL) {
        free(b);
        return NULL;
    }
    for (i = 0; i < c->n; i++)
        b->stage[i].coding = c->c[c->n - 1 - i];
    return b;
}

/* A coding's data is bad (WHY): nothing more comes out. */
static void
stage_bad(struct http_body *b, const char *why,
          const struct http_body_sink *sink)
{
    b->failed = true;
    sink->bad(sink->arg, why);
}

static void stage_feed(struct http_body *b, size_t k, const char *p,
                       size_t n, const struct http_body_sink *sink);

/* Bytes that come out of stage K - 1 (or the dechunked body, K 0): to
 * stage K, or out after the last. */
static void
pass(struct http_body *b, size_t k, const char *p, size_t n,
     const struct http_body_sink *sink)
{
    if (n == 0 || b->failed)
        return;
    if (k == b->nstage)
        sink->out(sink->arg, p, n);
    else
        stage_feed(b, k, p, n, sink);
}

#ifdef HAVE_ZLIB
/* Start zlib for stage S; for deflate the two bytes at HEAD say
 * whether a zlib header (RFC 1950) is there or raw deflate follows. */
static bool
start_inflate(struct stage *s, const unsigned char *head)
{
    int bits = 16 + MAX_WBITS;

    if (s->coding == HTTP_DEFLATE)
        bits = (head[0] & 0x0f) == 8 && (head[0] * 256 + head[1]) % 31 == 0
                   ? MAX_WBITS : -MAX_WBITS;
    if (inflateInit2(&s->z, bits) != Z_OK)
        return false;
    s->started = true;
    return true;
}

/* Inflate N bytes at P in stage K and pass on what comes. */
static void
inflate_some(struct http_body *b, size_t k, const unsigned char *p,
             size_t n, const struct http_body_sink *sink)
{
    struct stage *s = &b->stage[k];

    s->z.next_in = (Bytef *)p;
    s->z.avail_in = (uInt)n;
    while (!b->failed && !s->ended) {
        int rc;

        s->z.next_out = (Bytef *)s->out;
        s->z.avail_out = sizeof s->out;
        rc = inflate(&s->z, Z_NO_FLUSH);
        pass(b, k + 1, s->out, sizeof s->out - s->z.avail_out, sink);
        if (rc == Z_STREAM_END) {
            s->ended = true; /* what follows the stream is not text */
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            stage_bad(b, s->coding == HTTP_GZIP
                             ? "corrupt gzip Content-Encoding"
                             : "corrupt deflate Content-Encoding", sink);
        } else if (s->z.avail_out != 0) {
            break; /* all input taken, all output given */
        }
    }
}

/* Bytes of stage K, a gzip or deflate stream. */
static void
zlib_feed(struct http_body *b, size_t k, const char *p, size_t n,
          const struct http_body_sink *sink)
{
    struct stage *s = &b->stage[k];

    while (n > 0 && !s->started && !b->failed) {
        s->head[s->nhead++] = (unsigned char)*p++;
        n--;
        if (s->nhead < 2)
            continue;
        if (!start_inflate(s, s->head)) {
            stage_bad(b, "out of memory for the Content-Encoding", sink);
            return;
        }
        inflate_some(b, k, s->head, 2, sink);
    }
    /* zlib counts in uInt: large steps are cut */
    while (n > 0 && !b->failed && !s->ended) {
        size_t m = n < 1u << 30 ? n : 1u << 30;

        inflate_some(b, k, (const unsigned char *)p, m, sink);
        p += m;
        n -= m;
    }
}
#endif

#ifdef HAVE_BROTLI
/* Bytes of stage K, a brotli stream. Its decoder holds the stream's
 * window, 16 MiB at most (RFC 7932 9.1; large windows are refused). */
static void
brotli_feed(struct http_body *b, size_t k, const char *p, size_t n,
            const struct http_body_sink *sink)
{
    struct stage *s = &b->stage[k];
    const uint8_t *in = (const uint8_t *)p;
    size_t avail = n;

    if (!s->started) {
        if ((s->br = BrotliDecoderCreateInstance(NULL, NULL, NULL)) ==
            NULL) {
            stage_bad(b, "out of memory for the Content-Encoding", sink);
            return;
        }
        s->started = true;
    }
    while (!b->failed && !s->ended) {
        uint8_t *out = (uint8_t *)s->out;
        size_t room = sizeof s->out;
        BrotliDecoderResult rc = BrotliDecoderDecompressStream(
            s->br, &avail, &in, &room, &out, NULL);

        pass(b, k + 1, s->out, sizeof s->out - room, sink);
        if (rc == BROTLI_DECODER_RESULT_SUCCESS)
            s->ended = true;
        else if (rc == BROTLI_DECODER_RESULT_ERROR)
            stage_bad(b, "corrupt br Content-Encoding", sink);
        else if (rc == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT)
            break;
    }
}
#endif

#ifdef HAVE_ZSTD
/* The largest zstd window a payload may ask for: RFC 9659 section 3
 * has HTTP decoders refuse more than 8 MiB (memory stays bounded). */
#define ZSTD_WINDOW_LOG_MAX 23

/* Bytes of stage K, zstd frames (several may follow each other). */
static void
zstd_feed(struct http_body *b, size_t k, const char *p, size_t n,
          const struct http_body_sink *sink)
{
    struct stage *s = &b->stage[k];
    ZSTD_inBuffer in = { p, n, 0 };

    if (!s->started) {
        if ((s->zs = ZSTD_createDStream()) == NULL ||
            ZSTD_isError(ZSTD_DCtx_setParameter(s->zs, ZSTD_d_windowLogMax,
                                                ZSTD_WINDOW_LOG_MAX))) {
            ZSTD_freeDStream(s->zs);
            s->zs = NULL;
            stage_bad(b, "out of memory for the Content-Encoding", sink);
            return;
        }
        s->started = true;
    }
    while (!b->failed) {
        ZSTD_outBuffer out = { s->out, sizeof s->out, 0 };
        size_t was = in.pos, rc = ZSTD_decompressStream(s->zs, &out, &in);

        pass(b, k + 1, s->out, out.pos, sink);
        if (ZSTD_isError(rc)) {
            stage_bad(b, ZSTD_getErrorCode(rc) ==
                                 ZSTD_error_frameParameter_windowTooLarge
                             ? "zstd Content-Encoding with a window over "
                               "8 MiB"
                             : "corrupt zstd Content-Encoding", sink);
            break;
        }
        /* rc 0: a frame ended; another may follow */
        s->ended = rc == 0;
        if ((in.pos == in.size && out.pos < out.size) ||
            (in.pos == was && out.pos == 0))
            break; /* all input taken, all output given */
    }
}
#endif

/* Bytes of stage K. */
static void
stage_feed(struct http_body *b, size_t k, const char *p, size_t n,
           const struct http_body_sink *sink)
{
    switch (b->stage[k].coding) {
#ifdef HAVE_ZLIB
    case HTTP_GZIP:
    case HTTP_DEFLATE:
        zlib_feed(b, k, p, n, sink);
        break;
#endif
#ifdef HAVE_BROTLI
    case HTTP_BR:
        brotli_feed(b, k, p, n, sink);
        break;
#endif
#ifdef HAVE_ZSTD
    case HTTP_ZSTD:
        zstd_feed(b, k, p, n, sink);
        break;
#endif
    default:    /* http_body_new() took none other */
        (void)p;
        (void)n;
        (void)sink;
        break;
    }
}

/* Bytes of the body after the chunks are undone. */
static void
content(struct http_body *b, const char *p, size_t n,
        const struct http_body_sink *sink)
{
    pass(b, 0, p, n, sink);
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

/* What is said of stage S's stream not ended. */
static const char *
cut_short(const struct stage *s)
{
    switch (s->coding) {
    case HTTP_GZIP: return "gzip Content-Encoding cut short";
    case HTTP_DEFLATE: return "deflate Content-Encoding cut short";
    case HTTP_BR: return "br Content-Encoding cut short";
    default: return "zstd Content-Encoding cut short";
    }
}

void
http_body_end(struct http_body *b, const struct http_body_sink *sink)
{
    size_t k;

    if (b == NULL)
        return;
    /* a partial chunk-size line at the end is nothing; a compressed
     * stream not ended: what it held past the cut is lost (said once,
     * of the first stage cut) */
    for (k = 0; k < b->nstage; k++) {
        struct stage *s = &b->stage[k];

        if (sink && !b->failed && !s->ended && (s->started || s->nhead)) {
            b->failed = true;
            sink->bad(sink->arg, cut_short(s));
        }
        if (!s->started)
            continue;
#ifdef HAVE_ZLIB
        if (s->coding == HTTP_GZIP || s->coding == HTTP_DEFLATE)
            inflateEnd(&s->z);
#endif
#ifdef HAVE_BROTLI
        if (s->coding == HTTP_BR)
            BrotliDecoderDestroyInstance(s->br);
#endif
#ifdef HAVE_ZSTD
        if (s->coding == HTTP_ZSTD)
            ZSTD_freeDStream(s->zs);
#endif
    }
    free(b->stage);
    free(b);
}
