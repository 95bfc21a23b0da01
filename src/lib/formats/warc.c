/* warc.c: WARC records (ISO 28500) read as they stream: the record
 * header, the HTTP header of a response, and the payload decoded. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "formats/httpbody.h"
#include "formats/warc.h"
#include "warcver.h"

/* A line between records longer than this is garbage, whatever it
 * starts with. */
#define SEEK_LINE_MAX 256
/* A plain file's block with a version line in it, at a line start, may
 * have a Content-Length too long, running over the next records: the
 * bytes from that line on are held until the block's end says whether
 * it was (nothing proper follows the block) or not. A block that runs
 * on for more than this past the line is taken as it says. */
#define HOLD_MAX (4 * 1024 * 1024)
/* Bytes of a line held to see whether it is a version line. */
#define VLINE_MAX WARC_VLINE_MAX
/* Bytes read again where a block ends (warc_set_read_at()): line breaks
 * past this many are taken for the block's tail, as when held. */
#define AFTER_MAX 256

enum state {
    ST_SEEK,    /* between records: a version line, or garbage */
    ST_HEAD,    /* the record header */
    ST_BLOCK,   /* the record block (Content-Length bytes) */
    ST_TAIL,    /* the CRLF CRLF after it */
    ST_VERIFY   /* after a block held: is a record next? */
};

enum hold {
    HOLD_NONE,
    HOLD_LINE,  /* a block's line that starts with 'W', held */
    HOLD_BLOCK  /* the block from a version line on, held */
};

/* A plain file's block with a version line in it: is its Content-Length
 * right, as read again where the block ends (warc_set_read_at())? */
enum length_check {
    LEN_UNCHECKED,
    LEN_UNKNOWN,    /* it could not be read: held, as without read_at */
    LEN_RIGHT,      /* a record, or the end of the file, follows */
    LEN_WRONG       /* the block ends at its first version line */
};

enum block_state {
    BL_SKIP,        /* not read */
    BL_HTTP_HEAD,   /* an HTTP header, held in head[] */
    BL_PAYLOAD      /* payload, through the body decoder */
};

/* The fields of a segmented record's first segment, kept while its HTTP
 * header is not yet read whole (the continuation's replace them). */
struct seg_fields {
    char type[32], record_id[256], target[WARC_VALUE_MAX], date[64];
    char rec_ctype[128], rec_charset[64];
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
    bool cut_said;              /* a payload cut short is not said: its
                                 * writer truncated the record
                                 * (WARC-Truncated), or its damage is
                                 * said otherwise */
    char type[32], record_id[256], target[WARC_VALUE_MAX], date[64];
    char rec_ctype[128], rec_charset[64];
    /* its HTTP header */
    int status;
    char ctype[128], charset[64], encoding[64];
    char location[WARC_VALUE_MAX], content_location[WARC_VALUE_MAX];
    bool chunked;
    struct http_body *body;
    /* a plain file: the block's bytes from a line that may start the
     * next record (HOLD_MAX), the block's next byte at a line start
     * (BOL); ST_VERIFY: BLOCK_HELD of them are the block's, then VLINE
     * bytes of the line after it */
    enum hold hold;
    bool bol;
    bool cut_vline;     /* ST_VERIFY: the block ends inside the line */
    char *win;
    size_t nwin, block_held, vline;
    uint64_t win_off;
    /* bytes read again before any more input (a record cut where a held
     * line starts it, or what followed a block held), from RPOS */
    char *replay;
    size_t nreplay, rpos;
    /* segmentation (ISO 28500:2017 section 9 / WARC 1.1 "Segmentation"):
     * the record at hand's WARC-Segment-Number (0: none), its
     * WARC-Segment-Origin-ID, whether it has WARC-Segment-Total-Length
     * (the last segment), and whether it continues the open record */
    uint64_t seg_number;
    char seg_origin[256];
    bool seg_last, joined;
    /* a segmented record whose next segment (SEG_NEXT) is awaited: its
     * Record-ID and offset, and what reads its block, kept meanwhile */
    bool seg_open, seg_reported;
    char seg_id[256];
    uint64_t seg_next, seg_off;
    struct http_body *seg_body;
    enum block_state seg_bs;
    char *seg_head;             /* an HTTP header cut by the segment's end */
    struct seg_fields *seg_fields;  /* and its record's fields */
    size_t seg_nhead, seg_head_line;
    /* a plain file read again at any offset, and the block at hand's
     * Content-Length as that says */
    size_t (*read_at)(void *, uint64_t, char *, size_t);
    void *read_arg;
    enum length_check len_check;
    bool rewind;                /* a step asks to read WIN again */
    bool no_hold;               /* no memory to hold bytes */
    size_t rewind_from;         /* from this byte of it */
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
    http_body_end(w->seg_body, NULL);
    free(w->seg_head);
    free(w->seg_fields);
    free(w->win);
    free(w->replay);
    free(w);
}

void
warc_set_read_at(struct warc_reader *w,
                 size_t (*read_at)(void *, uint64_t, char *, size_t),
                 void *arg)
{
    w->read_at = read_at;
    w->read_arg = arg;
}

void
warc_set_origin(struct warc_reader *w, uint64_t base)
{
    w->origin = base;
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
    for (p = semi; p && p < v + n;
         p = memchr(p + 1, ';', (size_t)(v + n - p - 1))) {
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
    } else if (name_is(name, nlen, "WARC-Segment-Number")) {
        if (!parse_length(v, n, &w->seg_number))
            w->seg_number = 0;
    } else if (name_is(name, nlen, "WARC-Segment-Origin-ID")) {
        copy_value(w->seg_origin, sizeof w->seg_origin, v, n, false);
    } else if (name_is(name, nlen, "WARC-Segment-Total-Length")) {
        w->seg_last = true;
    } else if (name_is(name, nlen, "WARC-Truncated")) {
        w->cut_said = true;
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
    w->chunked = w->has_length = w->reported = w->cut_said = false;
    w->length = w->left = 0;
    w->nhead = w->head_line = 0;
    w->bs = BL_SKIP;
    w->bol = true;
    w->seg_number = 0;
    w->seg_origin[0] = '\0';
    w->seg_last = w->joined = false;
    w->len_check = LEN_UNCHECKED;
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
    struct http_codings codings = { { HTTP_IDENTITY }, 0 };
    enum http_coding left;

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
    i.offset = w->joined ? w->seg_off : w->rec_off;
    if (!want)
        i.skip = WARC_SKIP_RECORD_TYPE;
    else if (http && w->status == 0)
        i.skip = WARC_SKIP_NOT_HTTP;
    else if (!readable_type(i.content_type))
        i.skip = WARC_SKIP_MEDIA_TYPE;
    else if (!http_codings_of(w->encoding, &codings)) {
        i.skip = WARC_SKIP_ENCODING;
        i.coding_left = "more than 4 codings";
    } else if ((left = http_body_cannot(&codings)) != HTTP_IDENTITY) {
        i.skip = WARC_SKIP_ENCODING;
        i.coding_left = http_coding_name(left);
        i.coding_library = http_coding_library(left);
    }
    w->reported = true;
    w->bs = BL_SKIP;
    if (i.skip == WARC_SCAN) {
        w->body = http_body_new(http && w->chunked, &codings);
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

/* Does the line at P (before END) look like a field of an HTTP header
 * ("Name: value", RFC 9110 5.1, or a folded line going on with one)?
 * "http://..." is a URI, not a field named "http". */
static bool
field_line(const char *p, const char *end)
{
    const char *q = p;

    if (p < end && (*p == ' ' || *p == '\t'))
        return true;
    while (q < end && *q != '\0' &&
           ((*q >= '0' && *q <= '9') || ((*q | 0x20) >= 'a' &&
                                         (*q | 0x20) <= 'z') ||
            strchr("!#$%&'*+-.^_`|~", *q)))
        q++;
    return q > p && q < end && *q == ':' &&
           !(end - q >= 3 && q[1] == '/' && q[2] == '/');
}

/* The HTTP header held never ended with an empty line: the block ended
 * first (OVER: false), or it ran past WARC_HEAD_MAX (true). Its header
 * is the status line and the field lines after it; its payload starts
 * at the first line that is no field, and is read from there (said,
 * unless SAY is false: the record's damage is said otherwise). Returns
 * the payload's bytes held (0: none, the header was all there was). */
static size_t
http_head_unended(struct warc_reader *w, bool over, bool say,
                  const struct warc_sink *sink)
{
    const char *p = w->head, *end = w->head + w->nhead;
    const char *q = line_end(p, end);
    size_t n = w->nhead, at;

    if (w->nhead < 5 || memcmp(p, "HTTP/", 5) != 0) {
        http_head_done(w, sink);    /* none: said not to be HTTP */
        return 0;
    }
    while (q < end && field_line(q, end))
        q = line_end(q, end);
    at = (size_t)(q - p);
    if (at == n && !over) {
        http_head_done(w, sink);    /* all header, no payload lost */
        return 0;
    }
    w->nhead = at;
    http_head_done(w, sink);
    if (say && sink->damaged)
        sink->damaged(sink->arg, w->rec_off,
                      at == n ? "HTTP header longer than 64 KiB with no "
                                "empty line: its payload not read"
                              : "HTTP header with no empty line after it: "
                                "its payload read from its first line "
                                "that is no header field");
    if (at == n) {
        w->bs = BL_SKIP;
        return 0;
    }
    return n - at;
}

static void end_record(struct warc_reader *w, const struct warc_sink *sink);
static void pass_block(struct warc_reader *w, const char *p, size_t n,
                       const struct warc_sink *sink);
static bool join_segment(struct warc_reader *w, const struct warc_sink *sink);

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
    if ((w->seg_open || strcmp(w->type, "continuation") == 0) &&
        join_segment(w, sink)) {
        if (w->left == 0)
            end_record(w, sink);
        return;
    }
    if (!wanted(w, &http))
        report_record(w, false, false, sink);  /* said to be skipped */
    else if (http)
        w->bs = BL_HTTP_HEAD;
    else
        report_record(w, true, false, sink);
    if (w->left == 0)
        end_record(w, sink);
}

/* Does the record at hand's block go on in a continuation record: a
 * first segment, or a segment joined to one, not the last? */
static bool
continued(const struct warc_reader *w)
{
    return w->seg_number > 0 && !w->seg_last &&
           (w->joined ||
            (w->seg_number == 1 && strcmp(w->type, "continuation") != 0));
}

/* The block of a segmented record has ended, not the record: keep what
 * reads it for the next segment (an HTTP header not yet ended too: the
 * next record's header is read where it is held). */
static void
keep_open(struct warc_reader *w)
{
    if (w->bs == BL_HTTP_HEAD) {
        struct seg_fields *f = malloc(sizeof *f);

        if (f == NULL || (w->seg_head = malloc(w->nhead + 1)) == NULL) {
            free(f);
            w->bs = BL_SKIP;    /* no memory: the payload is not read */
        } else {
            memcpy(w->seg_head, w->head, w->nhead);
            w->seg_nhead = w->nhead;
            w->seg_head_line = w->head_line;
            memcpy(f->type, w->type, sizeof f->type);
            memcpy(f->record_id, w->record_id, sizeof f->record_id);
            memcpy(f->target, w->target, sizeof f->target);
            memcpy(f->date, w->date, sizeof f->date);
            memcpy(f->rec_ctype, w->rec_ctype, sizeof f->rec_ctype);
            memcpy(f->rec_charset, w->rec_charset, sizeof f->rec_charset);
            w->seg_fields = f;
        }
    }
    if (!w->joined) {
        memcpy(w->seg_id, w->record_id, sizeof w->seg_id);
        w->seg_off = w->rec_off;
    }
    w->seg_open = true;
    w->seg_next = w->seg_number + 1;
    w->seg_body = w->body;
    w->seg_bs = w->bs;
    w->seg_reported = w->reported;
    w->body = NULL;
    w->reported = false;
    w->bs = BL_SKIP;
}

/* The segmented record kept open ends without its next segment: say
 * so (WHY: where it was looked for), and end it. */
static void
close_segments(struct warc_reader *w, const char *why,
               const struct warc_sink *sink)
{
    char msg[200];

    w->seg_open = false;
    if (w->seg_body) {
        http_body_end(w->seg_body, NULL);
        w->seg_body = NULL;
    }
    free(w->seg_head);
    free(w->seg_fields);
    w->seg_head = NULL;
    w->seg_fields = NULL;
    if (w->seg_reported && w->seg_bs == BL_PAYLOAD && sink->end)
        sink->end(sink->arg);
    snprintf(msg, sizeof msg,
             "segmented WARC record: its segment %llu is missing (%s); "
             "read up to there",
             (unsigned long long)w->seg_next, why);
    if (sink->damaged)
        sink->damaged(sink->arg, w->seg_off, msg);
}

/* A continuation joined while its record's HTTP header is not read
 * whole: that header and the record's fields back, for its report. */
static void
restore_head(struct warc_reader *w)
{
    const struct seg_fields *f = w->seg_fields;

    memcpy(w->head, w->seg_head, w->seg_nhead);
    w->nhead = w->seg_nhead;
    w->head_line = w->seg_head_line;
    memcpy(w->type, f->type, sizeof f->type);
    memcpy(w->record_id, f->record_id, sizeof f->record_id);
    memcpy(w->target, f->target, sizeof f->target);
    memcpy(w->date, f->date, sizeof f->date);
    memcpy(w->rec_ctype, f->rec_ctype, sizeof f->rec_ctype);
    memcpy(w->rec_charset, f->rec_charset, sizeof f->rec_charset);
    free(w->seg_head);
    free(w->seg_fields);
    w->seg_head = NULL;
    w->seg_fields = NULL;
}

/* The record header just read: a continuation of the record kept open
 * (its segment, read on as its block), or not, which closes it. True
 * when it was joined. */
static bool
join_segment(struct warc_reader *w, const struct warc_sink *sink)
{
    bool cont = strcmp(w->type, "continuation") == 0;

    if (w->seg_open && cont && w->seg_number == w->seg_next &&
        strcmp(w->seg_origin, w->seg_id) == 0) {
        w->seg_open = false;
        w->joined = true;
        w->body = w->seg_body;
        w->bs = w->seg_bs;
        w->reported = w->seg_reported;
        w->seg_body = NULL;
        if (w->seg_head)
            restore_head(w);
        return true;
    }
    if (w->seg_open)
        close_segments(w, "another record comes first", sink);
    if (cont && sink->damaged)
        sink->damaged(sink->arg, w->rec_off,
                      "WARC continuation record without the segments "
                      "before it (in another file?): skipped");
    return false;
}

/* The block has ended (all of it, or cut short): end the record. */
static void
end_record(struct warc_reader *w, const struct warc_sink *sink)
{
    bool more = continued(w) && w->left == 0;

    if (w->bs == BL_HTTP_HEAD && !more) {
        size_t n = w->nhead,
               k = http_head_unended(w, false, !w->left && !w->cut_said,
                                     sink);

        if (k)
            pass_block(w, w->head + n - k, k, sink);
    }
    if (more)
        keep_open(w);   /* its block goes on in the next segment */
    if (w->body) {
        struct body_ctx ctx = { w, sink };
        struct http_body_sink bs = { body_out, body_bad, &ctx };

        /* a compressed payload that ends before its stream does is
         * said, unless the record was cut (said by cut_record()) */
        http_body_end(w->body, w->left || w->cut_said ? NULL : &bs);
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

/* N bytes P of the record block to what reads it: the HTTP header,
 * the payload decoder, or nothing. */
static void
pass_block(struct warc_reader *w, const char *p, size_t n,
           const struct warc_sink *sink)
{
    struct body_ctx ctx = { w, sink };
    struct http_body_sink bs = { body_out, body_bad, &ctx };

    while (n > 0) {
        size_t used = n;
        bool done, over;

        if (w->bs == BL_HTTP_HEAD) {
            used = hold_head(w, p, n, &done, &over);
            if (over) {
                /* 64 KiB and no empty line: the payload starts where
                 * the field lines stop */
                size_t held = w->nhead,
                       k = http_head_unended(w, true, !w->cut_said, sink);

                w->nhead = 0;
                if (k)
                    pass_block(w, w->head + held - k, k, sink);
                if (w->bs != BL_PAYLOAD)
                    used = n;
            } else if (done) {
                http_head_done(w, sink);
            }
        } else if (w->bs == BL_PAYLOAD) {
            http_body_feed(w->body, p, n, &bs);
        }
        p += used;
        n -= used;
    }
}

/* Hold N bytes P (the caller made room); false when they would not fit
 * in HOLD_MAX (or its memory). */
static bool
hold_bytes(struct warc_reader *w, const char *p, size_t n)
{
    if (w->win == NULL && (w->win = malloc(HOLD_MAX)) == NULL) {
        w->no_hold = true;  /* the block is read as it says */
        return false;
    }
    if (n > HOLD_MAX - w->nwin)
        return false;
    memcpy(w->win + w->nwin, p, n);
    w->nwin += n;
    return true;
}

/* The bytes held were the block's after all: to what reads it. */
static void
release(struct warc_reader *w, const struct warc_sink *sink)
{
    if (w->nwin)
        w->bol = w->win[w->nwin - 1] == '\n';
    pass_block(w, w->win, w->nwin, sink);
    w->nwin = 0;
    w->hold = HOLD_NONE;
}

/* Where, in the first K bytes P of a plain file's block, a line starts
 * with 'W' (it may be the next record's version line): K if none. */
static size_t
line_with_w(struct warc_reader *w, const char *p, size_t k)
{
    const char *nl;
    size_t i = 0;

    if (w->bol && k > 0 && p[0] == 'W')
        return 0;
    while (i < k && (nl = memchr(p + i, '\n', k - i)) != NULL) {
        i = (size_t)(nl - p) + 1;
        if (i < k && p[i] == 'W')
            return i;
    }
    if (k > 0)
        w->bol = p[k - 1] == '\n';
    return k;
}

static void held_was_records(struct warc_reader *w,
                             const struct warc_sink *sink);

/* May N bytes P, a line not yet ended, begin a version line ("WARC/"
 * DIGIT+ "." DIGIT+ CR? so far)? */
static bool
version_line_prefix(const char *p, size_t n)
{
    size_t i = 0, digits = 0;
    int part = 0;   /* 0: "WARC/", 1: major, 2: minor, 3: CR */

    for (; i < n && i < 5; i++)
        if (p[i] != "WARC/"[i])
            return false;
    for (part = 1; i < n; i++) {
        if (part < 3 && p[i] >= '0' && p[i] <= '9')
            digits++;
        else if (part == 1 && p[i] == '.' && digits > 0)
            part = 2, digits = 0;
        else if (part == 2 && p[i] == '\r' && digits > 0)
            part = 3;
        else
            return false;
    }
    return true;
}

/* The held line (HOLD_LINE) of the block: T more bytes P of it, the
 * block's rest or less; how many were taken. */
static size_t
held_line_bytes(struct warc_reader *w, const char *p, size_t t,
                const struct warc_sink *sink)
{
    const char *nl;

    if (t > VLINE_MAX - w->nwin)
        t = VLINE_MAX - w->nwin;
    if ((nl = memchr(p, '\n', t)) != NULL)
        t = (size_t)(nl - p) + 1;
    if (!hold_bytes(w, p, t)) {
        release(w, sink);
        return 0;
    }
    w->left -= t;
    if (nl && (w->len_check == LEN_WRONG || w->left == 0) &&
        warc_is_version_line(w->win, w->nwin)) {
        /* known too long, or ending right at the end of a version line
         * (a block's proper tail is CRLF CRLF): no need to hold */
        held_was_records(w, sink);
        return t;
    }
    if (nl && w->left > 0 && warc_is_version_line(w->win, w->nwin))
        w->hold = HOLD_BLOCK;
    else if (!nl && w->left == 0 && w->nwin < VLINE_MAX &&
             version_line_prefix(w->win, w->nwin)) {
        /* the block ends inside what may be the next record's version
         * line (a Content-Length a few bytes too long): the line's end,
         * past the block, says whose the bytes are (ST_VERIFY, the line
         * held so far counted as read) */
        w->block_held = w->nwin;
        w->vline = w->nwin;
        w->cut_vline = true;
        w->st = ST_VERIFY;
        return t;
    }
    else if (nl || w->nwin == VLINE_MAX || w->left == 0)
        release(w, sink);
    if (w->left == 0)
        end_record(w, sink);
    return t;
}

/* Held bytes of the block: K bytes P, its rest or less; how many were
 * taken. At the block's end, what follows says whose they are. */
static size_t
held_block_bytes(struct warc_reader *w, const char *p, size_t k,
                 const struct warc_sink *sink)
{
    if (w->hold == HOLD_LINE)
        return held_line_bytes(w, p, k, sink);
    if (!hold_bytes(w, p, k)) {
        release(w, sink);   /* runs on for long: taken as it says */
        return 0;
    }
    w->left -= k;
    if (w->left == 0) {
        w->block_held = w->nwin;
        w->vline = 0;
        w->st = ST_VERIFY;
    }
    return k;
}

/* Where the block at hand ends, at file offset END: is a record, or the
 * end of the file, there (after line breaks)? Read again through
 * W->read_at. */
static enum length_check
check_length(struct warc_reader *w, uint64_t end)
{
    char buf[1 + AFTER_MAX];
    size_t got = w->read_at(w->read_arg, end - 1, buf, sizeof buf), i = 1;

    if (got == (size_t)-1 || got > sizeof buf)
        return LEN_UNKNOWN;
    if (got == 0)
        return LEN_WRONG;   /* the file ends inside the block */
    while (i < got && (buf[i] == '\r' || buf[i] == '\n'))
        i++;
    if (i == got)   /* the end of the file, or line breaks for long */
        return LEN_RIGHT;
    return warc_is_version_line(buf + i, got - i < VLINE_MAX ? got - i
                                                              : VLINE_MAX)
               ? LEN_RIGHT : LEN_WRONG;
}

/* Bytes of the record block. */
static size_t
block_bytes(struct warc_reader *w, const char *p, size_t n,
            const struct warc_sink *sink)
{
    size_t k = w->left < n ? (size_t)w->left : n, s = k;

    if (w->hold != HOLD_NONE)
        return held_block_bytes(w, p, k, sink);
    /* a .warc.gz is checked by its members instead (warc_mark()); a
     * block found right needs no look */
    if (!w->marked && !w->no_hold && w->len_check != LEN_RIGHT)
        s = line_with_w(w, p, k);
    if (s < k && w->read_at && w->len_check == LEN_UNCHECKED)
        w->len_check = check_length(w, file_off(w, w->pos) + w->left);
    if (w->len_check == LEN_RIGHT)
        s = k;
    pass_block(w, p, s, sink);
    w->left -= s;
    if (s < k) {
        w->hold = HOLD_LINE;
        w->win_off = w->pos + s;
        w->nwin = 0;
    } else if (w->left == 0) {
        end_record(w, sink);
    }
    return s;
}

/* Read the held bytes again from the FROMth, before any more input. */
static void
ask_rewind(struct warc_reader *w, size_t from)
{
    w->rewind = true;
    w->rewind_from = from;
    w->hold = HOLD_NONE;
    w->cut_vline = false;
}

/* The held block ends with a record after it: the bytes held were its
 * own; what follows them is read again. */
static void
held_was_block(struct warc_reader *w, const struct warc_sink *sink)
{
    size_t n = w->block_held;

    w->bol = false;
    pass_block(w, w->win, n, sink);
    end_record(w, sink);
    ask_rewind(w, n);
}

/* The held block does not end before a record (or the input ends in
 * it): its Content-Length was too long; it ends where the version line
 * held starts a record, read from there again. */
static void
held_was_records(struct warc_reader *w, const struct warc_sink *sink)
{
    uint64_t off = w->rec_off;
    char why[160];

    snprintf(why, sizeof why,
             "WARC record's Content-Length (%llu) is too long: it runs "
             "over the record at offset %llu; read up to "
             "there",
             (unsigned long long)w->length,
             (unsigned long long)file_off(w, w->win_off));
    w->cut_said = true;
    end_record(w, sink);
    if (sink->damaged)
        sink->damaged(sink->arg, off, why);
    w->st = ST_SEEK;
    w->nline = 0;
    w->long_line = w->garbage = false;
    ask_rewind(w, 0);
}

/* After a held block: line breaks, then the next line (VLINE_MAX of
 * it), held; a version line there (or the end of the input) says the
 * block was as long as it said. */
static size_t
verify_bytes(struct warc_reader *w, const char *p, size_t n,
             const struct warc_sink *sink)
{
    size_t t = 0;
    const char *nl = NULL;

    if (w->vline == 0)
        while (t < n && (p[t] == '\r' || p[t] == '\n'))
            t++;
    if (t < n) {
        size_t m = n - t < VLINE_MAX - w->vline ? n - t
                                                : VLINE_MAX - w->vline;

        if ((nl = memchr(p + t, '\n', m)) != NULL)
            m = (size_t)(nl - p - t) + 1;
        w->vline += m;
        t += m;
    }
    if (!hold_bytes(w, p, t)) {
        /* line breaks for megabytes: the tail of a block, long */
        held_was_block(w, sink);
        return 0;
    }
    if (nl || w->vline == VLINE_MAX) {
        bool vl = warc_is_version_line(w->win + w->nwin - w->vline,
                                       w->vline);

        /* a version line after the block says it was right; one the
         * block ends inside, that it ran into the next record */
        if (vl != w->cut_vline)
            held_was_block(w, sink);
        else
            held_was_records(w, sink);
    }
    return t;
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

/* One step of the state machine over N bytes P: how many it took. */
static size_t
step(struct warc_reader *w, const char *p, size_t n,
     const struct warc_sink *sink)
{
    size_t k = 0;
    bool done, over;

    switch (w->st) {
    case ST_SEEK:
        k = seek_bytes(w, p, n, sink);
        break;
    case ST_HEAD:
        k = hold_head(w, p, n, &done, &over);
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
        k = block_bytes(w, p, n, sink);
        break;
    case ST_TAIL:
        k = tail_bytes(w, p, n);
        break;
    case ST_VERIFY:
        k = verify_bytes(w, p, n, sink);
        break;
    }
    return k;
}

/* A step asked to read the held bytes again from the REWIND_FROMth: they
 * go before what is left to replay (held while replaying, they are the
 * end of what was replayed), or become what is replayed. */
static void
do_rewind(struct warc_reader *w)
{
    size_t n = w->nwin - w->rewind_from;

    w->rewind = false;
    w->pos = w->win_off + w->rewind_from;
    if (w->rpos < w->nreplay) {
        w->rpos -= n;
    } else {
        char *t = w->replay;

        w->replay = w->win;
        w->win = t;
        w->rpos = w->rewind_from;
        w->nreplay = w->nwin;
    }
    w->nwin = 0;
}

/* Read LEN bytes at P, after any bytes to be read again. */
static void
feed_steps(struct warc_reader *w, const char *p, size_t len,
           const struct warc_sink *sink)
{
    for (;;) {
        bool again = w->rpos < w->nreplay;
        const char *q = again ? w->replay + w->rpos : p;
        size_t n = again ? w->nreplay - w->rpos : len, k;

        if (n == 0)
            break;
        k = step(w, q, n, sink);
        w->pos += k;
        if (again)
            w->rpos += k;
        else
            p += k, len -= k;
        if (w->rewind)
            do_rewind(w);
        if (w->rpos == w->nreplay)
            w->rpos = w->nreplay = 0;
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

/* Bytes held (a plain stream's block with a version line in it) are
 * decided as where the input ends: what follows them is unknown. */
static void
settle_held(struct warc_reader *w, const struct warc_sink *sink)
{
    while (w->st == ST_VERIFY || w->hold != HOLD_NONE) {
        if (w->st == ST_VERIFY)
            held_was_block(w, sink);
        else if (w->hold == HOLD_BLOCK)
            held_was_records(w, sink);
        else
            release(w, sink);
        if (w->rewind)
            do_rewind(w);
        feed_steps(w, NULL, 0, sink);
    }
}

void
warc_mark(struct warc_reader *w, uint64_t offset, bool gap,
          const struct warc_sink *sink)
{
    /* a stream fed before its first mark may hold bytes */
    settle_held(w, sink);
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
    /* bytes held at the end: the end says whose they are */
    settle_held(w, sink);
    cut_record(w, "WARC record cut short: the file ends inside it", false,
               sink);
    if (w->seg_open)
        close_segments(w, "the input ends first", sink);
    w->pos = 0;
    w->origin = 0;
    w->marked = false;
    w->garbage = false;
    w->prev_off = UINT64_MAX;
}
