/* warc.c: WARC records (ISO 28500) read as they stream: the record
 * header, the HTTP header of a response, and the payload decoded. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "httpbody.h"
#include "warc.h"

/* A line between records longer than this is garbage, whatever it
 * starts with. */
#define SEEK_LINE_MAX 256

enum state {
    ST_SEEK,    /* between records: a version line, or garbage */
    ST_HEAD,    /* the record header */
    ST_BLOCK,   /* the record block (Content-Length bytes) */
    ST_TAIL     /* the CRLF CRLF after it */
};

enum block_state {
    BL_SKIP,        /* not read */
    BL_HTTP_HEAD,   /* an HTTP header, held in head[] */
    BL_PAYLOAD      /* payload, through the body decoder */
};

struct warc_reader {
    bool metadata;
    enum state st;
    enum block_state bs;
    uint64_t pos;               /* stream offset of the next byte */
    uint64_t origin;            /* added to stream offsets (no marks) */
    bool marked;                /* the caller marks gzip members */
    uint64_t mark_off;          /* file offset of the member at hand */
    bool garbage;               /* damage said for the garbage at hand */
    /* a member began inside a record: its first line (PROBE) says
     * whether the record goes on there (some writers give a record's
     * header and payload members of their own) or a new record starts,
     * the Content-Length being wrong */
    bool probing;
    char probe[16];
    size_t nprobe;
    uint64_t prev_off;          /* the record before it, or UINT64_MAX */
    char line[SEEK_LINE_MAX];   /* ST_SEEK: a line being read */
    size_t nline;
    bool long_line;
    uint64_t line_off;
    /* a header being read (the record's, then the HTTP one) */
    char head[WARC_HEAD_MAX];
    size_t nhead, head_line;    /* bytes, and where its last line starts */
    /* the record at hand */
    uint64_t rec_off;
    uint64_t length, left;
    bool has_length;
    bool reported;              /* sink->record() was called */
    char type[32], record_id[256], target[WARC_VALUE_MAX], date[64];
    char rec_ctype[128], rec_charset[64];
    /* its HTTP header */
    int status;
    char ctype[128], charset[64], encoding[64];
    char location[WARC_VALUE_MAX], content_location[WARC_VALUE_MAX];
    bool chunked;
    struct http_body *body;
};

struct warc_reader *
warc_new(bool metadata)
{
    struct warc_reader *w = calloc(1, sizeof *w);

    if (w == NULL)
        return NULL;
    w->metadata = metadata;
    w->prev_off = UINT64_MAX;
    return w;
}

void
warc_free(struct warc_reader *w)
{
    if (w == NULL)
        return;
    http_body_end(w->body, NULL);
    free(w);
}

void
warc_set_origin(struct warc_reader *w, uint64_t base)
{
    w->origin = base;
}

bool
warc_is_version_line(const char *p, size_t n)
{
    /* "WARC/" DIGIT+ "." DIGIT+ CRLF; 1.0 and 1.1 are read, and a later
     * 1.x the same way */
    size_t i = 5;

    if (n < 9 || memcmp(p, "WARC/", 5) != 0)
        return false;
    while (i < n && p[i] >= '0' && p[i] <= '9')
        i++;
    if (i == 5 || i >= n || p[i] != '.')
        return false;
    for (i++; i < n && p[i] >= '0' && p[i] <= '9'; i++)
        ;
    return i < n && p[i - 1] != '.' && (p[i] == '\r' || p[i] == '\n');
}

/* The file offset of stream offset POS: in a file marked by gzip
 * members, that of the member holding it. */
static uint64_t
file_off(const struct warc_reader *w, uint64_t pos)
{
    return w->marked ? w->mark_off : w->origin + pos;
}

/* ---- header fields ---- */

/* Copy value V (N bytes) into DST (SIZE bytes), cut to fit; LOWER:
 * folded to lower case. */
static void
copy_value(char *dst, size_t size, const char *v, size_t n, bool lower)
{
    size_t i;

    if (n >= size)
        n = size - 1;
    for (i = 0; i < n; i++)
        dst[i] = lower && v[i] >= 'A' && v[i] <= 'Z' ? (char)(v[i] | 0x20)
                                                     : v[i];
    dst[n] = '\0';
}

/* Split media type V (N bytes, "text/html; charset=UTF-8") into its
 * type, lower case, and its charset parameter. */
static void
media_type(const char *v, size_t n, char *type, size_t tsize, char *cs,
           size_t csize)
{
    const char *semi = memchr(v, ';', n), *p;
    size_t k = semi ? (size_t)(semi - v) : n;

    while (k > 0 && (v[k - 1] == ' ' || v[k - 1] == '\t'))
        k--;
    copy_value(type, tsize, v, k, true);
    cs[0] = '\0';
    for (p = semi; p && p < v + n; p = memchr(p + 1, ';', (size_t)(v + n - p - 1))) {
        const char *q = p + 1, *end;

        while (q < v + n && (*q == ' ' || *q == '\t'))
            q++;
        if ((size_t)(v + n - q) < 8 || strncasecmp(q, "charset=", 8) != 0)
            continue;
        q += 8;
        if (q < v + n && *q == '"')
            q++;
        for (end = q; end < v + n && !strchr("\"; \t", *end); end++)
            ;
        copy_value(cs, csize, q, (size_t)(end - q), false);
        return;
    }
}

/* Is NAME (NLEN bytes) WANT, ignoring case? */
static bool
name_is(const char *name, size_t nlen, const char *want)
{
    return strlen(want) == nlen && strncasecmp(name, want, nlen) == 0;
}

/* Content-Length value V (N bytes): digits only. */
static bool
parse_length(const char *v, size_t n, uint64_t *out)
{
    uint64_t x = 0;
    size_t i;

    if (n == 0 || n > 19)
        return false;
    for (i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9')
            return false;
        x = x * 10 + (uint64_t)(v[i] - '0');
    }
    *out = x;
    return true;
}

/* A field of the record header. */
static void
record_field(struct warc_reader *w, const char *name, size_t nlen,
             const char *v, size_t n)
{
    if (name_is(name, nlen, "WARC-Type")) {
        copy_value(w->type, sizeof w->type, v, n, true);
    } else if (name_is(name, nlen, "WARC-Record-ID")) {
        copy_value(w->record_id, sizeof w->record_id, v, n, false);
    } else if (name_is(name, nlen, "WARC-Target-URI")) {
        /* WARC/1.0's grammar wrote it in <>, and wget follows it */
        if (n >= 2 && v[0] == '<' && v[n - 1] == '>')
            v++, n -= 2;
        copy_value(w->target, sizeof w->target, v, n, false);
    } else if (name_is(name, nlen, "WARC-Date")) {
        copy_value(w->date, sizeof w->date, v, n, false);
    } else if (name_is(name, nlen, "Content-Type")) {
        media_type(v, n, w->rec_ctype, sizeof w->rec_ctype, w->rec_charset,
                   sizeof w->rec_charset);
    } else if (name_is(name, nlen, "Content-Length")) {
        w->has_length = parse_length(v, n, &w->length);
    }
}

/* A field of the HTTP header. */
static void
http_field(struct warc_reader *w, const char *name, size_t nlen,
           const char *v, size_t n)
{
    if (name_is(name, nlen, "Content-Type")) {
        media_type(v, n, w->ctype, sizeof w->ctype, w->charset,
                   sizeof w->charset);
    } else if (name_is(name, nlen, "Content-Encoding")) {
        copy_value(w->encoding, sizeof w->encoding, v, n, true);
    } else if (name_is(name, nlen, "Transfer-Encoding")) {
        /* chunked is the last coding, and the only one crawlers keep */
        w->chunked = n >= 7 && strncasecmp(v + n - 7, "chunked", 7) == 0;
    } else if (name_is(name, nlen, "Location")) {
        copy_value(w->location, sizeof w->location, v, n, false);
    } else if (name_is(name, nlen, "Content-Location")) {
        copy_value(w->content_location, sizeof w->content_location, v, n,
                   false);
    }
}

/* The end of the line at P (before END): the byte after its '\n', or END. */
static const char *
line_end(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));

    return nl ? nl + 1 : end;
}

/* Each field of the header P (N bytes; lines of "Name: value", folded
 * lines continuing a value) to FIELD, the value unfolded into VAL. */
static void
each_field(struct warc_reader *w, const char *p, size_t n,
           void (*field)(struct warc_reader *, const char *, size_t,
                         const char *, size_t))
{
    const char *end = p + n, *q;
    char val[WARC_VALUE_MAX];

    for (q = p; q < end;) {
        const char *e = line_end(q, end), *colon, *v;
        size_t nv = 0;

        colon = memchr(q, ':', (size_t)(e - q));
        if (colon == NULL || colon == q || *q == ' ' || *q == '\t') {
            q = e;
            continue;
        }
        /* the value, and the lines that continue it */
        for (v = colon + 1;; v = e, e = line_end(e, end)) {
            const char *a = v, *b = e;

            while (a < b && (*a == ' ' || *a == '\t'))
                a++;
            while (b > a && strchr(" \t\r\n", b[-1]))
                b--;
            if (nv && a < b && nv < sizeof val)
                val[nv++] = ' ';
            while (a < b && nv < sizeof val)
                val[nv++] = *a++;
            if (e >= end || (*e != ' ' && *e != '\t'))
                break;
        }
        field(w, q, (size_t)(colon - q), val, nv);
        q = e;
    }
}

/* ---- records ---- */

/* Forget the record at hand. */
static void
clear_record(struct warc_reader *w)
{
    w->type[0] = w->record_id[0] = w->target[0] = w->date[0] = '\0';
    w->rec_ctype[0] = w->rec_charset[0] = '\0';
    w->ctype[0] = w->charset[0] = w->encoding[0] = '\0';
    w->location[0] = w->content_location[0] = '\0';
    w->status = 0;
    w->chunked = w->has_length = w->reported = false;
    w->length = w->left = 0;
    w->nhead = w->head_line = 0;
    w->bs = BL_SKIP;
}

/* Is the record at hand one whose payload is read, and is it HTTP? */
static bool
wanted(const struct warc_reader *w, bool *http)
{
    *http = false;
    if (strcmp(w->type, "response") == 0) {
        *http = strcmp(w->rec_ctype, "application/http") == 0 ||
                (w->rec_ctype[0] == '\0' &&
                 (strncasecmp(w->target, "http:", 5) == 0 ||
                  strncasecmp(w->target, "https:", 6) == 0));
        return true;
    }
    return strcmp(w->type, "resource") == 0 ||
           (w->metadata && strcmp(w->type, "metadata") == 0);
}

/* Can a payload of media type T be read? */
static bool
readable_type(const char *t)
{
    return strncmp(t, "text/", 5) == 0 ||
           strcmp(t, "application/xhtml+xml") == 0 ||
           strcmp(t, "application/warc-fields") == 0;
}

/* What the body decoder's sink needs: the reader and its sink. */
struct body_ctx {
    struct warc_reader *w;
    const struct warc_sink *s;
};

static void
body_out(void *arg, const char *p, size_t n)
{
    const struct body_ctx *c = arg;

    if (c->s->data)
        c->s->data(c->s->arg, p, n);
}

static void
body_bad(void *arg, const char *why)
{
    const struct body_ctx *c = arg;

    if (c->s->bad_payload)
        c->s->bad_payload(c->s->arg, c->w->rec_off, why);
}

/* Tell the sink of the record at hand; start its payload if it is
 * read. HTTP: its header was read. */
static void
report_record(struct warc_reader *w, bool want, bool http,
              const struct warc_sink *sink)
{
    struct warc_record_info i;
    enum http_coding coding = HTTP_IDENTITY;

    memset(&i, 0, sizeof i);
    i.type = w->type;
    i.record_id = w->record_id;
    i.target_uri = w->target;
    i.date = w->date;
    i.content_type = http ? w->ctype : w->rec_ctype;
    i.charset = http ? w->charset : w->rec_charset;
    i.content_location = w->content_location;
    i.location = w->status >= 300 && w->status < 400 ? w->location : "";
    i.encoding = w->encoding;
    i.status = w->status;
    i.offset = w->rec_off;
    if (!want)
        i.skip = WARC_SKIP_RECORD_TYPE;
    else if (http && w->status == 0)
        i.skip = WARC_SKIP_NOT_HTTP;
    else if (!readable_type(i.content_type))
        i.skip = WARC_SKIP_MEDIA_TYPE;
    else if (!http_coding_of(w->encoding, &coding) ||
             !http_body_can(coding))
        i.skip = WARC_SKIP_ENCODING;
    w->reported = true;
    w->bs = BL_SKIP;
    if (i.skip == WARC_SCAN) {
        w->body = http_body_new(http && w->chunked, coding);
        if (w->body)
            w->bs = BL_PAYLOAD;
    }
    if (sink->record)
        sink->record(sink->arg, &i);
}

/* The HTTP header held: its status line, then its fields. */
static void
http_head_done(struct warc_reader *w, const struct warc_sink *sink)
{
    const char *p = w->head, *end = w->head + w->nhead, *e = line_end(p, end);

    if (w->nhead > 12 && memcmp(p, "HTTP/", 5) == 0) {
        const char *sp = memchr(p, ' ', (size_t)(e - p));

        if (sp && e - sp > 3 && sp[1] >= '1' && sp[1] <= '5' &&
            sp[2] >= '0' && sp[2] <= '9' && sp[3] >= '0' && sp[3] <= '9')
            w->status = (sp[1] - '0') * 100 + (sp[2] - '0') * 10 +
                        (sp[3] - '0');
    }
    if (w->status)
        each_field(w, e, (size_t)(end - e), http_field);
    report_record(w, true, true, sink);
}

static void end_record(struct warc_reader *w, const struct warc_sink *sink);

/* The record header held: start its block. */
static void
record_head_done(struct warc_reader *w, const struct warc_sink *sink)
{
    bool http;

    each_field(w, w->head, w->nhead, record_field);
    w->nhead = w->head_line = 0;
    if (!w->has_length) {
        if (sink->damaged)
            sink->damaged(sink->arg, w->rec_off,
                          "WARC record with no valid Content-Length");
        w->st = ST_SEEK;
        w->prev_off = w->rec_off;
        return;
    }
    w->left = w->length;
    w->st = ST_BLOCK;
    if (!wanted(w, &http))
        report_record(w, false, false, sink);  /* said to be skipped */
    else if (http)
        w->bs = BL_HTTP_HEAD;
    else
        report_record(w, true, false, sink);
    if (w->left == 0)
        end_record(w, sink);
}

/* The block has ended (all of it, or cut short): end the record. */
static void
end_record(struct warc_reader *w, const struct warc_sink *sink)
{
    if (w->bs == BL_HTTP_HEAD)
        http_head_done(w, sink);    /* a header with no body */
    if (w->body) {
        http_body_end(w->body, NULL);
        w->body = NULL;
    }
    if (w->reported && w->bs == BL_PAYLOAD && sink->end)
        sink->end(sink->arg);
    w->prev_off = w->rec_off;
    clear_record(w);
    w->st = ST_TAIL;
}

/* ---- bytes ---- */

/* Hold header bytes P (N) up to the empty line that ends the header;
 * returns how many were taken and sets *DONE at that line, or *OVER
 * when the header will not fit. */
static size_t
hold_head(struct warc_reader *w, const char *p, size_t n, bool *done,
          bool *over)
{
    size_t taken = 0;

    *done = *over = false;
    while (taken < n) {
        const char *nl = memchr(p + taken, '\n', n - taken);
        size_t k = nl ? (size_t)(nl - p - taken) + 1 : n - taken;
        size_t len;

        if (w->nhead + k > sizeof w->head) {
            *over = true;
            return taken;
        }
        memcpy(w->head + w->nhead, p + taken, k);
        w->nhead += k;
        taken += k;
        if (!nl)
            break;
        len = w->nhead - w->head_line;
        if (len == 1 || (len == 2 && w->head[w->head_line] == '\r')) {
            w->nhead = w->head_line;    /* the empty line is not held */
            *done = true;
            break;
        }
        w->head_line = w->nhead;
    }
    return taken;
}

/* Bytes of the record block. */
static size_t
block_bytes(struct warc_reader *w, const char *p, size_t n,
            const struct warc_sink *sink)
{
    struct body_ctx ctx = { w, sink };
    struct http_body_sink bs = { body_out, body_bad, &ctx };
    size_t k = w->left < n ? (size_t)w->left : n, used = k;
    bool done, over;

    if (w->bs == BL_HTTP_HEAD) {
        used = hold_head(w, p, k, &done, &over);
        if (over) {
            /* an HTTP header of 64 KiB: not one to read */
            w->nhead = 0;
            w->bs = BL_SKIP;
            used = k;
        } else if (done) {
            http_head_done(w, sink);
        }
    } else if (w->bs == BL_PAYLOAD && used) {
        http_body_feed(w->body, p, used, &bs);
    }
    w->left -= used;
    if (w->left == 0)
        end_record(w, sink);
    return used;
}

/* A line between records is complete (or too long): a version line
 * starts a record; blank lines pass; anything else is garbage. */
static void
seek_line(struct warc_reader *w, const struct warc_sink *sink)
{
    const char *p = w->line;
    size_t n = w->nline;

    if (!w->long_line && warc_is_version_line(p, n)) {
        clear_record(w);
        w->rec_off = w->line_off;
        w->st = ST_HEAD;
        w->garbage = false;
    } else if ((w->long_line || strspn(p, "\r\n \t") < n) && !w->garbage) {
        w->garbage = true;
        if (sink->damaged)
            sink->damaged(sink->arg, w->line_off,
                          w->prev_off == UINT64_MAX
                              ? "not a WARC record (garbage before the "
                                "first record), skipped"
                              : "garbage after the record before it (a "
                                "wrong Content-Length?), skipped to the "
                                "next record");
    }
    w->nline = 0;
    w->long_line = false;
}

/* Bytes between records, a line at a time. */
static size_t
seek_bytes(struct warc_reader *w, const char *p, size_t n,
           const struct warc_sink *sink)
{
    const char *nl = memchr(p, '\n', n);
    size_t k = nl ? (size_t)(nl - p) + 1 : n, keep;

    if (w->nline == 0 && !w->long_line)
        w->line_off = file_off(w, w->pos);
    keep = sizeof w->line - 1 - w->nline;
    if (k > keep)
        w->long_line = true;
    else {
        memcpy(w->line + w->nline, p, k);
        w->nline += k;
    }
    w->line[w->nline] = '\0';
    if (nl)
        seek_line(w, sink);
    return k;
}

/* The CRLF CRLF after a block: line breaks are passed over. */
static size_t
tail_bytes(struct warc_reader *w, const char *p, size_t n)
{
    size_t k = 0;

    while (k < n && (p[k] == '\r' || p[k] == '\n'))
        k++;
    if (k < n)
        w->st = ST_SEEK;
    return k;
}

/* Read LEN bytes at P (the state machine's steps). */
static void
feed_steps(struct warc_reader *w, const char *p, size_t len,
           const struct warc_sink *sink)
{
    while (len > 0) {
        size_t k = 0;
        bool done, over;

        switch (w->st) {
        case ST_SEEK:
            k = seek_bytes(w, p, len, sink);
            break;
        case ST_HEAD:
            k = hold_head(w, p, len, &done, &over);
            if (over) {
                if (sink->damaged)
                    sink->damaged(sink->arg, w->rec_off,
                                  "WARC record header longer than 64 KiB");
                w->prev_off = w->rec_off;
                clear_record(w);
                w->st = ST_SEEK;
                w->garbage = true;
            } else if (done) {
                record_head_done(w, sink);
            }
            break;
        case ST_BLOCK:
            k = block_bytes(w, p, len, sink);
            break;
        case ST_TAIL:
            k = tail_bytes(w, p, len);
            break;
        }
        w->pos += k;
        p += k;
        len -= k;
    }
}

static void cut_record(struct warc_reader *w, const char *why, bool quiet,
                       const struct warc_sink *sink);

#define WRONG_LENGTH "WARC record does not end with its gzip member, and " \
    "the next member starts a record (a wrong Content-Length?)"

/* The probe is complete (or input ends): cut the record open if a new
 * one starts there, then read the bytes held. */
static void
probe_done(struct warc_reader *w, const struct warc_sink *sink)
{
    char held[sizeof w->probe];
    size_t n = w->nprobe;

    memcpy(held, w->probe, n);
    w->probing = false;
    w->nprobe = 0;
    if (warc_is_version_line(held, n))
        cut_record(w, WRONG_LENGTH, false, sink);
    w->pos -= n;
    feed_steps(w, held, n, sink);
}

/* Bytes at a member's start inside a record, into the probe: how many
 * were taken. */
static size_t
probe_bytes(struct warc_reader *w, const char *p, size_t n,
            const struct warc_sink *sink)
{
    size_t k = 0;

    while (k < n && w->nprobe < sizeof w->probe) {
        w->probe[w->nprobe++] = p[k++];
        if (p[k - 1] == '\n')
            break;
    }
    w->pos += k;
    if (w->nprobe == sizeof w->probe || w->probe[w->nprobe - 1] == '\n')
        probe_done(w, sink);
    return k;
}

void
warc_feed(struct warc_reader *w, const char *p, size_t len,
          const struct warc_sink *sink)
{
    if (w->probing && len > 0) {
        size_t k = probe_bytes(w, p, len, sink);

        p += k;
        len -= k;
    }
    feed_steps(w, p, len, sink);
}

/* A record is open where its input ends (at a mark, or at the end):
 * say so unless QUIET, and end it. */
static void
cut_record(struct warc_reader *w, const char *why, bool quiet,
           const struct warc_sink *sink)
{
    if (w->st == ST_HEAD || w->st == ST_BLOCK) {
        uint64_t off = w->rec_off;

        if (w->st == ST_BLOCK)
            end_record(w, sink);
        if (!quiet && sink->damaged)
            sink->damaged(sink->arg, off, why);
    } else if (w->st == ST_SEEK && !quiet && !w->garbage &&
               (w->long_line || strspn(w->line, "\r\n \t") < w->nline)) {
        /* a last line that is no record */
        seek_line(w, sink);
    }
    clear_record(w);
    w->st = ST_SEEK;
    w->nline = 0;
    w->long_line = false;
}

void
warc_mark(struct warc_reader *w, uint64_t offset, bool gap,
          const struct warc_sink *sink)
{
    if (w->probing && !gap)
        probe_done(w, sink);
    w->probing = false;
    w->nprobe = 0;
    if (!gap && (w->st == ST_HEAD || w->st == ST_BLOCK))
        w->probing = true;  /* the record may go on in this member */
    else
        cut_record(w, WRONG_LENGTH, gap, sink);
    w->marked = true;
    w->mark_off = offset;
    w->garbage = false;
}

void
warc_finish(struct warc_reader *w, const struct warc_sink *sink)
{
    if (w->probing)
        probe_done(w, sink);
    cut_record(w, "WARC record cut short: the file ends inside it", false,
               sink);
    w->pos = 0;
    w->origin = 0;
    w->marked = false;
    w->garbage = false;
    w->prev_off = UINT64_MAX;
}
