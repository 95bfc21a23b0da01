/* source.c: an input file's bytes, decompressed when its first bytes say
 * it is gzip, bzip2, xz or zstd data. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "input/codec.h"
#include "input/source.h"

/* Bytes of a member's start that decide its format: bzip2's "BZh9" and
 * block magic are the longest. */
#define MAGIC_MAX 10
/* Compressed bytes read at a time (and the most of a plain file's start
 * read before it is given out). */
#define IN_SIZE (64 * 1024)

struct format {
    const char *name;
    const char *library;
    bool (*magic)(const unsigned char *p, size_t n);
    const struct codec_ops *ops;    /* NULL: built without its library */
};

/* RFC 1952: ID1 ID2, and CM 8 (deflate), the only method defined. */
static bool
magic_gzip(const unsigned char *p, size_t n)
{
    return n >= 3 && p[0] == 0x1f && p[1] == 0x8b && p[2] == 8;
}

/* "BZh", the block size '1' to '9', then the first block's magic (the
 * digits of pi) or, for empty data, the end-of-stream magic (of sqrt(pi)):
 * text that happens to begin with "BZh1" is not taken for bzip2. */
static bool
magic_bzip2(const unsigned char *p, size_t n)
{
    return n >= 10 && memcmp(p, "BZh", 3) == 0 && p[3] >= '1' &&
           p[3] <= '9' && (memcmp(p + 4, "\x31\x41\x59\x26\x53\x59", 6) == 0 ||
                           memcmp(p + 4, "\x17\x72\x45\x38\x50\x90", 6) == 0);
}

/* The .xz file format, 2.1.1.1: 0xFD "7zXZ" 0x00. */
static bool
magic_xz(const unsigned char *p, size_t n)
{
    return n >= 6 && memcmp(p, "\xfd" "7zXZ\0", 6) == 0;
}

/* RFC 8878: a Zstandard frame (0xFD2FB528, little-endian), or a skippable
 * frame (0x184D2A50 to 0x184D2A5F), which zstd's decoder passes over. */
static bool
magic_zstd(const unsigned char *p, size_t n)
{
    return n >= 4 && ((memcmp(p, "\x28\xb5\x2f\xfd", 4) == 0) ||
                      ((p[0] & 0xf0) == 0x50 &&
                       memcmp(p + 1, "\x2a\x4d\x18", 3) == 0));
}

static const struct format formats[] = {
    { "gzip", "zlib", magic_gzip,
#ifdef HAVE_ZLIB
      &codec_gzip
#else
      NULL
#endif
    },
    { "bzip2", "libbz2", magic_bzip2,
#ifdef HAVE_BZIP2
      &codec_bzip2
#else
      NULL
#endif
    },
    { "xz", "liblzma", magic_xz,
#ifdef HAVE_LZMA
      &codec_xz
#else
      NULL
#endif
    },
    { "zstd", "libzstd", magic_zstd,
#ifdef HAVE_ZSTD
      &codec_zstd
#else
      NULL
#endif
    },
};

/* The format whose magic bytes start P (N bytes), or NULL. */
static const struct format *
format_of(const unsigned char *p, size_t n)
{
    size_t i;

    for (i = 0; i < sizeof formats / sizeof *formats; i++)
        if (formats[i].magic(p, n))
            return &formats[i];
    return NULL;
}

const char *
source_compressed(const char *p, size_t n)
{
    const struct format *f = format_of((const unsigned char *)p, n);

    return f ? f->name : NULL;
}

enum state {
    SNIFF,      /* nothing read yet */
    PLAIN,      /* not compressed: in[] first, then straight from fd */
    MEMBER,     /* inside a compressed member */
    BETWEEN,    /* a member ended (or none began): another, or the end */
    DONE,       /* all read */
    FAILED      /* why[] says what went wrong */
};

struct source {
    int fd;
    enum state state;
    const struct format *fmt;
    void *codec;                /* the open member's decoder */
    unsigned char *in;          /* IN_SIZE bytes read from fd */
    size_t in_off, in_len;      /* not used yet: in[in_off, in_len) */
    bool raw_eof;               /* fd has no more */
    uint64_t raw;               /* bytes read from fd */
    uint64_t limit;             /* read no more raw bytes than this */
    bool members;               /* a read ends with its member */
    bool began;                 /* the last read opened a member, */
    uint64_t member_at;         /* which starts at this raw offset */
    char why[CODEC_WHY_MAX];
};

struct source *
source_new(int fd)
{
    struct source *s = calloc(1, sizeof *s);

    if (s == NULL)
        return NULL;
    if ((s->in = malloc(IN_SIZE)) == NULL) {
        free(s);
        return NULL;
    }
    s->fd = fd;
    s->state = SNIFF;
    s->limit = UINT64_MAX;
    return s;
}

void
source_reset(struct source *s, int fd)
{
    unsigned char *in = s->in;

    if (s->codec)
        s->fmt->ops->close(s->codec);
    memset(s, 0, sizeof *s);
    s->in = in;
    s->fd = fd;
    s->state = SNIFF;
    s->limit = UINT64_MAX;
}

void
source_free(struct source *s)
{
    if (s == NULL)
        return;
    if (s->codec)
        s->fmt->ops->close(s->codec);
    free(s->in);
    free(s);
}

uint64_t
source_raw_bytes(const struct source *s)
{
    return s->raw;
}

const char *
source_error(const struct source *s)
{
    return s->state == FAILED ? s->why : NULL;
}

bool
source_plain_at(const struct source *s, uint64_t *at)
{
    if (s->state != PLAIN || s->in_off < s->in_len || s->raw_eof)
        return false;
    *at = s->raw;
    return true;
}

const char *
source_format(const struct source *s)
{
    return s->state == SNIFF || s->state == PLAIN ? NULL : s->fmt->name;
}

/* Go to FAILED, saying why (formatted as printf does); returns -1. */
static int fail(struct source *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
fail(struct source *s, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(s->why, sizeof s->why, fmt, ap);
    va_end(ap);
    s->state = FAILED;
    return -1;
}

/* read(2) FD into P (N bytes), again when interrupted; -1 on error (the
 * source FAILED with strerror()). */
static ssize_t
read_fd(struct source *s, void *p, size_t n)
{
    if (n > s->limit - s->raw)
        n = (size_t)(s->limit - s->raw);
    if (n == 0)
        return 0;
    for (;;) {
        ssize_t k = read(s->fd, p, n);

        if (k >= 0) {
            s->raw += (uint64_t)k;
            return k;
        }
        if (errno != EINTR)
            return fail(s, "%s", strerror(errno));
    }
}

/* Read more of fd after what in[] holds; 0, or -1 on error. */
static int
fill(struct source *s)
{
    ssize_t k;

    if (s->in_off > 0) {
        memmove(s->in, s->in + s->in_off, s->in_len - s->in_off);
        s->in_len -= s->in_off;
        s->in_off = 0;
    }
    if ((k = read_fd(s, s->in + s->in_len, IN_SIZE - s->in_len)) < 0)
        return -1;
    s->in_len += (size_t)k;
    s->raw_eof = k == 0;
    return 0;
}

/* in[] holds at least MAGIC_MAX bytes unless fd ends first; 0, or -1 on
 * error. */
static int
fill_magic(struct source *s)
{
    while (s->in_len - s->in_off < MAGIC_MAX && !s->raw_eof)
        if (fill(s) < 0)
            return -1;
    return 0;
}

/* The start: which format, if any. */
static int
sniff(struct source *s)
{
    if (fill_magic(s) < 0)
        return -1;
    s->state = PLAIN;
    if ((s->fmt = format_of(s->in, s->in_len)) != NULL) {
        s->state = BETWEEN;
        if (s->fmt->ops == NULL)
            return fail(s, "%s-compressed data, and this urigrep was "
                        "built without %s: cannot read it",
                        s->fmt->name, s->fmt->library);
    }
    return 0;
}

/* A member ended, or none began: skip zero bytes (xz's stream padding,
 * a tape block's tail), then open the next member of the same format.
 * Returns 1 when one was opened, 0 at the end of the data, -1 on error
 * (anything else after the data). */
static int
next_member(struct source *s)
{
    for (;;) {
        while (s->in_off < s->in_len && s->in[s->in_off] == 0)
            s->in_off++;
        if (s->in_off < s->in_len)
            break;
        if (s->raw_eof) {
            s->state = DONE;
            return 0;
        }
        if (fill(s) < 0)
            return -1;
    }
    if (fill_magic(s) < 0)
        return -1;
    if (!s->fmt->magic(s->in + s->in_off, s->in_len - s->in_off)) {
        s->member_at = s->raw - (s->in_len - s->in_off);
        return fail(s, "trailing garbage after the %s data", s->fmt->name);
    }
    if ((s->codec = s->fmt->ops->open()) == NULL)
        out_of_memory();
    s->state = MEMBER;
    s->began = true;
    s->member_at = s->raw - (s->in_len - s->in_off);
    return 1;
}

/* One decode step of the open member into OUT (N bytes); sets *PRODUCED.
 * Returns 0, or -1 on error. */
static int
decode_step(struct source *s, unsigned char *out, size_t n,
            size_t *produced)
{
    struct codec_io io;
    enum codec_status st;
    size_t used;

    io.in = s->in + s->in_off;
    io.nin = s->in_len - s->in_off;
    io.out = out;
    io.nout = n;
    io.eof = s->raw_eof;
    st = s->fmt->ops->decode(s->codec, &io, s->why);
    used = s->in_len - s->in_off - io.nin;
    s->in_off += used;
    *produced = n - io.nout;
    switch (st) {
    case CODEC_NOMEM:
        out_of_memory();
    case CODEC_ERROR:
        s->state = FAILED;
        return -1;
    case CODEC_END:
        s->fmt->ops->close(s->codec);
        s->codec = NULL;
        s->state = BETWEEN;
        return 0;
    case CODEC_OK:
        break;
    }
    /* no progress with all the input given: the data stops short */
    if (used == 0 && *produced == 0 && s->in_off == s->in_len &&
        s->raw_eof)
        return fail(s, "truncated %s data (unexpected end of file)",
                    s->fmt->name);
    if (used == 0 && *produced == 0 && s->in_off < s->in_len)
        return fail(s, "%s decoder made no progress", s->fmt->name);
    return 0;
}

/* Decompress into BUF (N bytes): fill it, but once some data is in, do
 * not wait for more input (a pipe may be slow). */
static ssize_t
read_compressed(struct source *s, unsigned char *buf, size_t n)
{
    size_t done = 0, k;
    int rc = 0;

    while (done < n && s->state != DONE) {
        if (s->state == BETWEEN && s->members && done > 0)
            break;  /* the next member comes with the next read */
        if (s->state == BETWEEN) {
            if ((rc = next_member(s)) < 0)
                break;
            continue;
        }
        if (s->in_off == s->in_len && !s->raw_eof) {
            if (done > 0)
                break;
            if ((rc = fill(s)) < 0)
                break;
        }
        rc = decode_step(s, buf + done, n - done, &k);
        done += k;
        if (rc < 0)
            break;
    }
    /* what was decoded before the damage goes out first; the source is
     * FAILED and says so at the next call */
    if (rc < 0 && done == 0)
        return -1;
    return (ssize_t)done;
}

ssize_t
source_read(struct source *s, char *buf, size_t n)
{
    s->began = false;
    switch (s->state) {
    case SNIFF:
        if (sniff(s) < 0)
            return -1;
        return source_read(s, buf, n);
    case PLAIN:
        if (s->in_off < s->in_len) {
            size_t k = s->in_len - s->in_off;

            if (k > n)
                k = n;
            memcpy(buf, s->in + s->in_off, k);
            s->in_off += k;
            return (ssize_t)k;
        }
        if (s->raw_eof)
            return 0;
        return read_fd(s, buf, n);
    case FAILED:
        return -1;
    case DONE:
        return 0;
    case MEMBER:
    case BETWEEN:
        break;
    }
    return read_compressed(s, (unsigned char *)buf, n);
}

void
source_members(struct source *s, uint64_t limit)
{
    s->members = true;
    s->limit = limit ? limit : UINT64_MAX;
}

void
source_limit(struct source *s, uint64_t limit)
{
    s->limit = limit < s->raw ? s->raw : limit;
}

bool
source_member_began(const struct source *s, uint64_t *at)
{
    if (!s->began)
        return false;
    *at = s->member_at;
    return true;
}

bool
source_failed_in_member(const struct source *s, uint64_t *at)
{
    if (s->state != FAILED || s->fmt == NULL || s->fmt->ops == NULL)
        return false;
    *at = s->member_at;
    return true;
}
