/* input.c: reading one file: its type, mail and MIME, HTML, charsets, and
 * feeding the text to the scanner. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "charset.h"
#include "cli.h"
#include "html.h"
#include "internal.h"
#include "mail.h"
#include "mime.h"
#include "scan.h"
#include "scheme.h"

/* How much of a file's start decides its type and binariness (as GNU
 * grep looks for NUL bytes). */
#define PEEK (32 * 1024)
/* Text is handed to the scanner in blocks of this size. */
#define TEXT_BLOCK (64 * 1024)
#define MAX_BASE 2048
/* HTML attribute URIs held for document order at most, and their bytes:
 * past this, the text before them goes to the scanner and they are
 * reported (tags without text between them, such as a flood of <wbr
 * src=...>, would otherwise hold them all). */
#define HELD_MAX 1024
#define HELD_BYTES_MAX (1024 * 1024)
/* Bytes of header URIs held for one header block before they are
 * reported without waiting for the Message-ID: a message may have any
 * number of fields, and memory must not grow with them. */
#define HEADERS_HELD_MAX (1024 * 1024)

/* Where text of a decoded document started in the stored file: a
 * scanner offset and the stored line it came from. */
struct checkpoint {
    uint64_t off, line;
};

/* A URI held back: an HTML attribute until the scanner has reported
 * everything before it, so that output stays in document order; a header
 * URI until the message's Message-ID is known. */
struct held_uri {
    uint64_t pos;   /* scanner offset of the text at that point */
    uint64_t line, column;
    const char *delimiter;
    char *s;
    size_t n;
};

struct held_list {
    struct held_uri *v;
    size_t n, cap;
    size_t bytes;   /* of the URIs held */
};

struct input {
    struct run *r;
    const struct options *o;
    const char *name;
    /* the document being scanned: a text file, an HTML file, a text part */
    bool mapped;            /* lines come from checkpoints (mail, HTML) */
    bool html;
    bool skip;              /* a part that is not text */
    struct html_scanner *hs;
    /* HTML with no charset given: its start is held until a <meta>
     * charset is found in it (held: the bytes, and where each stored line
     * starts in them) */
    bool prescan;
    char pre[HTML_PRESCAN_BYTES];
    size_t npre, npre_lines;
    struct {
        size_t off;
        uint64_t line;
    } pre_lines[64];
    struct charset_conv *cv;
    struct urigrep_buf conv;
    struct urigrep_buf text;    /* text waiting for the scanner */
    uint64_t fed;               /* scanner offset at text.data[0] */
    uint64_t cur_line;          /* stored line of the data at hand */
    struct checkpoint *cps;
    size_t ncps, cps_cap;
    struct held_list held;      /* HTML attributes */
    struct held_list headers;   /* --headers */
    size_t headers_bytes;       /* held in headers */
    bool headers_early;         /* this header's URIs go out at once */
    char hdr_base[MAX_BASE], doc_uri[MAX_BASE], html_base[MAX_BASE];
    bool has_mail;
    struct found_mail mail;
    char mid[512], part[128], ctype[128];
    urigrep_scanner *hsc;       /* for --headers */
    struct mime_words *words;   /* its RFC 2047 converters */
    uint64_t header_line;
    /* -x */
    struct urigrep_buf line;
    uint64_t line_no, line_off, off;
    bool line_too_long;
    size_t bad_bytes;
};

static const char *
effective_base(const struct input *in)
{
    if (in->html_base[0])
        return in->html_base;
    if (in->hdr_base[0])
        return in->hdr_base;
    return NULL;
}

/* Hold a copy of P (N bytes). */
static void
held_push(struct held_list *l, const char *p, size_t n, uint64_t pos,
          uint64_t line, uint64_t column, const char *delimiter)
{
    struct held_uri *h;

    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        h = realloc(l->v, cap * sizeof *h);
        if (h == NULL)
            out_of_memory();
        l->v = h;
        l->cap = cap;
    }
    h = &l->v[l->n];
    h->s = malloc(n ? n : 1);
    if (h->s == NULL)
        out_of_memory();
    memcpy(h->s, p, n);
    h->n = n;
    h->pos = pos;
    h->line = line;
    h->column = column;
    h->delimiter = delimiter;
    l->n++;
    l->bytes += n;
}

/* Forget the first K held URIs. */
static void
held_drop(struct held_list *l, size_t k)
{
    size_t i;

    for (i = 0; i < k; i++) {
        l->bytes -= l->v[i].n;
        free(l->v[i].s);
    }
    if (k > 0) {
        memmove(l->v, l->v + k, (l->n - k) * sizeof *l->v);
        l->n -= k;
    }
}

static void
held_free(struct held_list *l)
{
    held_drop(l, l->n);
    free(l->v);
}

/* Report held URI H. */
static void
held_report(struct input *in, const struct held_uri *h)
{
    struct found f;

    memset(&f, 0, sizeof f);
    f.ref = h->s;
    f.len = h->n;
    f.line = h->line;
    f.column = h->column;
    f.offset = h->pos;
    f.delimiter = h->delimiter;
    if (strcmp(h->delimiter, "attribute") == 0) {
        f.base = effective_base(in);
        f.doc_uri = in->doc_uri[0] ? in->doc_uri : NULL;
    }
    f.mail = in->has_mail ? &in->mail : NULL;
    report_ref(in->r, &f);
}

/* The stored line of scanner offset OFF. */
static uint64_t
line_of(const struct input *in, uint64_t off)
{
    size_t lo = 0, hi = in->ncps;

    /* the last checkpoint at or before OFF */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (in->cps[mid].off <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? in->cps[lo - 1].line : in->cur_line;
}

/* Report the held attributes up to scanner offset UPTO (ALL: every one);
 * after -q matched, just forget them. */
static void
release_held(struct input *in, uint64_t upto, bool all)
{
    size_t i = 0;

    while (i < in->held.n && (all || in->held.v[i].pos <= upto) &&
           !in->r->stop)
        held_report(in, &in->held.v[i++]);
    held_drop(&in->held, in->r->stop ? in->held.n : i);
}

static int
on_event(void *arg, const struct urigrep_match *m)
{
    struct input *in = arg;
    struct found f;

    if (in->held.n)
        release_held(in, m->offset, false);
    if (m->event == URIGREP_EVENT_TOO_LONG) {
        if (!in->o->no_messages)
            report_msg("%s:%" PRIu64 ": warning: URI candidate longer "
                       "than %zu bytes skipped", in->r->file,
                       in->mapped ? line_of(in, m->offset) : m->line,
                       in->o->scan.max_uri_length ? in->o->scan.max_uri_length
                                                  : URIGREP_DEFAULT_MAX_URI);
        return 0;
    }
    memset(&f, 0, sizeof f);
    f.ref = m->ref.ptr;
    f.len = m->ref.len;
    f.line = in->mapped ? line_of(in, m->offset) : m->line;
    f.column = m->column;
    f.offset = m->offset;
    f.delimiter = output_delim_name(m->delim);
    f.abbrev = m->delim == URIGREP_DELIM_ABBREV;
    f.hyphen_dropped = (m->flags & URIGREP_MATCH_HYPHEN_DROPPED) != 0;
    f.base = effective_base(in);
    f.doc_uri = in->doc_uri[0] ? in->doc_uri : NULL;
    f.mail = in->has_mail ? &in->mail : NULL;
    report_ref(in->r, &f);
    return in->r->stop;
}

/* Checkpoints before the scanner's horizon are no longer needed, but for
 * the last of them. */
static void
prune_checkpoints(struct input *in)
{
    uint64_t h = scan_horizon(in->r->sc);
    size_t k = 0;

    while (k + 1 < in->ncps && in->cps[k + 1].off <= h)
        k++;
    if (k) {
        memmove(in->cps, in->cps + k, (in->ncps - k) * sizeof *in->cps);
        in->ncps -= k;
    }
}

/* Feed P (N bytes) to the scanner, unless -q has matched already. */
static void
feed_scanner(struct input *in, const char *p, size_t n)
{
    if (n && !in->r->stop &&
        urigrep_scanner_feed(in->r->sc, p, n, on_event, in) ==
            URIGREP_ERR_NOMEM)
        out_of_memory();
    in->fed += n;
}

/* Hand the waiting text to the scanner (FINAL: and end the stream). */
static void
flush_text(struct input *in, bool final)
{
    feed_scanner(in, in->text.data, in->text.len);
    in->text.len = 0;
    if (final) {
        if (!in->r->stop)
            urigrep_scanner_finish(in->r->sc, on_event, in);
        urigrep_scanner_reset(in->r->sc);
        release_held(in, 0, true);
        in->ncps = 0;
        in->fed = 0;
        return;
    }
    if (in->mapped)
        prune_checkpoints(in);
    if (in->held.n)
        release_held(in, scan_horizon(in->r->sc), false);
}

/* Text for the scanner, from stored line in->cur_line. */
static void
text_out(struct input *in, const char *p, size_t n)
{
    uint64_t off = in->fed + in->text.len;

    if (!in->mapped) {
        /* plain text needs no checkpoints: straight to the scanner, in
         * the read size */
        feed_scanner(in, p, n);
        return;
    }

    if (in->ncps == 0 || in->cps[in->ncps - 1].line != in->cur_line) {
        if (in->ncps == in->cps_cap) {
            size_t cap = in->cps_cap ? in->cps_cap * 2 : 256;
            struct checkpoint *c = realloc(in->cps, cap * sizeof *c);
            if (c == NULL)
                out_of_memory();
            in->cps = c;
            in->cps_cap = cap;
        }
        in->cps[in->ncps].off = off;
        in->cps[in->ncps].line = in->cur_line;
        in->ncps++;
    }
    while (n) {
        size_t room = TEXT_BLOCK - in->text.len, take = n < room ? n : room;

        if (buf_append(&in->text, p, take) != URIGREP_OK)
            out_of_memory();
        p += take;
        n -= take;
        if (in->text.len == TEXT_BLOCK)
            flush_text(in, false);
    }
}

static void
html_text(void *arg, const char *p, size_t n)
{
    text_out(arg, p, n);
}

static void
html_uri(void *arg, const char *p, size_t n, const char *tag,
         const char *attr)
{
    struct input *in = arg;

    (void)tag;
    (void)attr;
    /* href="javascript:..." is code, not a link */
    if (scheme_never_ref(p, n))
        return;
    held_push(&in->held, p, n, in->fed + in->text.len, in->cur_line, 0,
              "attribute");
    if (in->held.n >= HELD_MAX || in->held.bytes >= HELD_BYTES_MAX) {
        flush_text(in, false);
        /* a URI candidate of the text still open before them: memory
         * matters more than their order then */
        if (in->held.n >= HELD_MAX || in->held.bytes >= HELD_BYTES_MAX)
            release_held(in, 0, true);
    }
}

/* <BASE href>: the base for the rest of the document (Appendix D); a
 * relative one is resolved against the base in force. */
static void
html_base(void *arg, const char *p, size_t n)
{
    struct input *in = arg;
    const char *cur = effective_base(in);
    char *abs = NULL;
    size_t len = 0;

    if (cur == NULL)
        cur = in->o->base;
    if (n >= MAX_BASE)
        return;
    /* held attributes before it keep the base they were written under */
    flush_text(in, false);
    release_held(in, 0, true);
    if (cur && urigrep_resolve(cur, strlen(cur), p, n, URIGREP_RFC2396, &abs,
                               &len) == URIGREP_OK && len < MAX_BASE) {
        memcpy(in->html_base, abs, len + 1);
    } else {
        memcpy(in->html_base, p, n);
        in->html_base[n] = '\0';
    }
    free(abs);
}

/* An attribute value longer than --max-uri-length was dropped. */
static void
html_cut(void *arg, const char *tag, const char *attr)
{
    struct input *in = arg;

    if (in->o->verbose)
        report_msg("%s:%" PRIu64 ": <%s %s> value longer than %zu bytes "
                   "skipped", in->r->file, in->cur_line, tag, attr,
                   in->o->scan.max_uri_length ? in->o->scan.max_uri_length
                                              : URIGREP_DEFAULT_MAX_URI);
}

/* Run *P (*N bytes) through the open charset converter, if any, and point
 * them at the UTF-8 it gave (FINAL: flush it). */
static void
convert(struct input *in, const char **p, size_t *n, bool final)
{
    if (in->cv == NULL)
        return;
    in->conv.len = 0;
    if (charset_convert(in->cv, *p, *n, final, &in->conv, &in->bad_bytes))
        out_of_memory();
    *p = in->conv.data;
    *n = in->conv.len;
}

/* Is CHARSET one whose bytes are UTF-8 already? */
static bool
is_utf8ish(const char *cs)
{
    return cs[0] == '\0' || strcasecmp(cs, "utf-8") == 0 ||
           strcasecmp(cs, "utf8") == 0 || strcasecmp(cs, "us-ascii") == 0 ||
           strcasecmp(cs, "ascii") == 0;
}

static void doc_data(struct input *in, const char *p, size_t n,
                     uint64_t line);

/* Convert the document from CHARSET; one iconv does not know is scanned
 * as it is. */
static void
open_charset(struct input *in, const char *charset)
{
    in->cv = charset_open(charset);
    if (in->cv == NULL && in->o->verbose)
        report_msg("%s:%" PRIu64 ": unknown charset '%s', scanned as it is",
                   in->r->file, in->cur_line, charset);
}

/* The start of an HTML document is in: look for its <meta> charset (a
 * UTF-8 byte order mark wins over it, as in browsers), then scan what was
 * held. */
static void
prescan_done(struct input *in)
{
    char label[64];
    size_t i;

    in->prescan = false;
    if (!(in->npre >= 3 && memcmp(in->pre, "\xef\xbb\xbf", 3) == 0) &&
        html_prescan_charset(in->pre, in->npre, label, sizeof label)) {
        const char *cs = html_charset_name(label);

        if (!is_utf8ish(cs))
            open_charset(in, cs);
    }
    for (i = 0; i < in->npre_lines; i++) {
        size_t end = i + 1 < in->npre_lines ? in->pre_lines[i + 1].off
                                            : in->npre;

        doc_data(in, in->pre + in->pre_lines[i].off,
                 end - in->pre_lines[i].off, in->pre_lines[i].line);
    }
    in->npre = in->npre_lines = 0;
}

/* Hold P (N bytes, from stored line LINE) while looking for a <meta>
 * charset; returns how many bytes were taken. */
static size_t
prescan_hold(struct input *in, const char *p, size_t n, uint64_t line)
{
    size_t take = sizeof in->pre - in->npre;

    if (take > n)
        take = n;
    if (in->npre_lines == 0 ||
        (in->pre_lines[in->npre_lines - 1].line != line &&
         in->npre_lines < sizeof in->pre_lines / sizeof *in->pre_lines)) {
        in->pre_lines[in->npre_lines].off = in->npre;
        in->pre_lines[in->npre_lines].line = line;
        in->npre_lines++;
    }
    memcpy(in->pre + in->npre, p, take);
    in->npre += take;
    if (in->npre == sizeof in->pre)
        prescan_done(in);
    return take;
}

/* Decoded bytes of the current document, from stored line LINE. */
static void
doc_data(struct input *in, const char *p, size_t n, uint64_t line)
{
    struct html_sink sink = { html_text, html_uri, html_base, html_cut,
                              in };

    if (in->skip || in->r->stop)
        return;
    if (in->prescan) {
        size_t k = prescan_hold(in, p, n, line);

        p += k;
        n -= k;
        if (n == 0)
            return;
    }
    in->cur_line = line;
    convert(in, &p, &n, false);
    if (in->html)
        html_feed(in->hs, p, n, &sink);
    else
        text_out(in, p, n);
}

static void
doc_end(struct input *in)
{
    struct html_sink sink = { html_text, html_uri, html_base, html_cut,
                              in };

    if (in->skip) {
        in->skip = false;
        return;
    }
    if (in->prescan)
        prescan_done(in);
    if (in->cv) {
        const char *p = "";
        size_t n = 0;

        convert(in, &p, &n, true);
        if (in->html)
            html_feed(in->hs, p, n, &sink);
        else
            text_out(in, p, n);
        charset_close(in->cv);
        in->cv = NULL;
    }
    if (in->html)
        html_finish(in->hs, &sink);
    flush_text(in, true);
    in->html_base[0] = '\0';
}

/* Start a document; CHARSET (NULL: UTF-8) is converted from, always when
 * FORCE (--charset) so that invalid bytes are counted, else unless it is
 * UTF-8 already. */
static void
doc_begin(struct input *in, bool html, const char *charset, bool force)
{
    in->html = html;
    in->skip = false;
    in->html_base[0] = '\0';
    if (html && in->hs == NULL) {
        size_t max = in->o->scan.max_uri_length ? in->o->scan.max_uri_length
                                                : URIGREP_DEFAULT_MAX_URI;
        if ((in->hs = html_new(max)) == NULL)
            out_of_memory();
    }
    if (charset && (force || !is_utf8ish(charset)))
        open_charset(in, charset);
    /* HTML without a charset: as a browser, look for a <meta> one */
    in->prescan = html && (charset == NULL || charset[0] == '\0');
    in->npre = in->npre_lines = 0;
}

/* ---- mail ---- */

/* Copy S into DST (SIZE bytes), cut to fit; snprintf() would cost more
 * than a tiny part. */
static void
set_str(char *dst, size_t size, const char *s)
{
    size_t n = strlen(s);

    if (n >= size)
        n = size - 1;
    memcpy(dst, s, n);
    dst[n] = '\0';
}

static int
on_header_event(void *arg, const struct urigrep_match *m)
{
    struct input *in = arg;

    if (m->event == URIGREP_EVENT_URI) {
        held_push(&in->headers, m->ref.ptr, m->ref.len, m->offset,
                  in->header_line, m->column, output_delim_name(m->delim));
        in->headers_bytes += m->ref.len + sizeof *in->headers.v;
    }
    return 0;
}

/* Report the header URIs held with Message-ID MID. */
static void
release_headers(struct input *in, const char *mid)
{
    size_t i;

    set_str(in->mid, sizeof in->mid, mid);
    in->part[0] = '\0';
    set_str(in->ctype, sizeof in->ctype, "header");
    for (i = 0; i < in->headers.n && !in->r->stop; i++)
        held_report(in, &in->headers.v[i]);
    held_drop(&in->headers, in->headers.n);
    in->headers_bytes = 0;
}

/* --headers: URIs in header fields (List-Archive, List-Unsubscribe...).
 * They are held until the Message-ID (MID) of their message is known,
 * which is at once for a part's header; the held ones are bounded by
 * HEADERS_HELD_MAX and go out early, with no Message-ID, past it. */
static void
mail_header(void *arg, const char *name, size_t nlen, const char *value,
            size_t vlen, const char *mid, uint64_t line)
{
    struct input *in = arg;

    (void)name;
    (void)nlen;
    if (!in->o->headers || in->r->stop)
        return;
    if (in->hsc == NULL &&
        urigrep_scanner_new(&in->o->scan, &in->hsc) != URIGREP_OK)
        out_of_memory();
    in->header_line = line;
    if (memmem(value, vlen, "=?", 2)) {
        /* RFC 2047 encoded words: scan what a reader sees */
        size_t size = vlen * 3 + 16;
        char *dec = malloc(size);

        if (dec == NULL ||
            (in->words == NULL && (in->words = mime_words_new()) == NULL))
            out_of_memory();
        vlen = mime_words_decode(in->words, value, vlen, dec, size);
        urigrep_scanner_feed(in->hsc, dec, vlen, on_header_event, in);
        free(dec);
    } else {
        urigrep_scanner_feed(in->hsc, value, vlen, on_header_event, in);
    }
    urigrep_scanner_finish(in->hsc, on_header_event, in);
    if (in->headers.n == 0)
        return;
    if (mid[0] == '\0' && in->headers_bytes > HEADERS_HELD_MAX) {
        if (in->o->verbose && !in->headers_early)
            fprintf(stderr, PROGRAM ": %s:%" PRIu64 ": header URIs reported "
                    "before their message's Message-ID was known\n",
                    in->r->file, line);
        in->headers_early = true;
    }
    if (mid[0] || in->headers_early)
        release_headers(in, mid);
}

/* The header of a message or part has ended: its URIs go out. */
static void
mail_header_end(void *arg, const char *mid)
{
    struct input *in = arg;

    if (in->headers.n)
        release_headers(in, mid);
    in->headers_early = false;
}

static void
mail_part_begin(void *arg, const struct mail_part_info *info)
{
    struct input *in = arg;

    in->cur_line = info->line;
    if (info->too_deep && in->o->verbose)
        fprintf(stderr, PROGRAM ": %s:%" PRIu64 ": parts nested more than "
                "%d levels deep scanned as text of part %s%s%s\n",
                in->r->file, info->line, MAIL_MAX_DEPTH, info->path,
                info->message_id[0] ? " of message " : "",
                info->message_id);
    if (!info->scan) {
        in->skip = true;
        return;
    }
    set_str(in->hdr_base, sizeof in->hdr_base, info->base);
    set_str(in->doc_uri, sizeof in->doc_uri, info->location);
    set_str(in->mid, sizeof in->mid, info->message_id);
    set_str(in->part, sizeof in->part, info->path);
    set_str(in->ctype, sizeof in->ctype, info->content_type);
    doc_begin(in, strcmp(info->content_type, "text/html") == 0,
              info->charset, false);
}

static void
mail_part_data(void *arg, const char *p, size_t n, uint64_t line)
{
    doc_data(arg, p, n, line);
}

static void
mail_part_end(void *arg)
{
    doc_end(arg);
}

static void
mail_message(void *arg, uint64_t line)
{
    struct input *in = arg;

    (void)line;
    in->mid[0] = '\0';
}

/* ---- -x: one reference per line ---- */

static void
line_done(struct input *in)
{
    const char *p = in->line.data;
    size_t len = in->line.len, i, n;
    char *clean;
    struct found f;

    for (i = 0; i < len && strchr(" \t\r\f\v", p[i]); i++)
        ;
    if (i == len)
        return; /* blank: no output */
    clean = malloc(len + 1);
    if (clean == NULL)
        out_of_memory();
    n = urigrep_strip_typed(p, len, clean);
    memset(&f, 0, sizeof f);
    f.ref = clean;
    f.len = n;
    f.line = in->line_no + 1;
    f.column = 1;
    f.offset = in->line_off;
    f.delimiter = "line";
    report_ref(in->r, &f);
    free(clean);
}

static void
lines_feed(struct input *in, const char *p, size_t n, bool final)
{
    while ((n > 0 || final) && !in->r->stop) {
        const char *nl = n ? memchr(p, '\n', n) : NULL;
        size_t take = nl ? (size_t)(nl - p) : n;

        if (!in->line_too_long &&
            buf_append(&in->line, p, take) != URIGREP_OK) {
            in->line_too_long = true;
            if (!in->o->no_messages)
                report_msg("%s:%" PRIu64 ": warning: line longer than %zu "
                           "bytes skipped", in->r->file, in->line_no + 1,
                           in->line.max);
        }
        in->off += take + (nl != NULL);
        if (!nl && !final)
            return;
        if (!in->line_too_long && (nl || in->line.len))
            line_done(in);
        in->line_no++;
        in->line.len = 0;
        in->line_too_long = false;
        in->line_off = in->off;
        if (!nl)
            return;
        p = nl + 1;
        n -= take + 1;
    }
}

/* ---- files ---- */

/* Does P (N bytes) start with S, ignoring case? */
static bool
starts_with(const char *p, size_t n, const char *s)
{
    size_t k = strlen(s);

    return n >= k && strncasecmp(p, s, k) == 0;
}

/* Skip blanks. */
static const char *
skip_blanks(const char *p, size_t *n)
{
    while (*n && strchr(" \t\r\n\f", *p))
        p++, (*n)--;
    return p;
}

/* Skip what may come before an HTML document's first tag: a UTF-8 byte
 * order mark, blanks, comments, and an XML declaration (XHTML), which
 * sets *PROLOG. NULL if a comment or declaration does not end in P. */
static const char *
skip_html_prolog(const char *p, size_t *n, bool *prolog)
{
    *prolog = false;
    if (*n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3, *n -= 3;
    for (;;) {
        const char *end;

        p = skip_blanks(p, n);
        if (starts_with(p, *n, "<!--"))
            end = memmem(p + 4, *n - 4, "-->", 3);
        else if (starts_with(p, *n, "<?xml") && *n > 5 &&
                 strchr(" \t\r\n?", p[5]))
            end = memmem(p + 5, *n - 5, "?>", 2), *prolog = true;
        else
            return p;
        if (end == NULL)
            return NULL;
        end += end[1] == '>' ? 2 : 3;
        *n -= (size_t)(end - p);
        p = end;
    }
}

/* Is P (N bytes, a file's start) HTML? An HTML doctype or <html> after a
 * byte order mark, blanks, comments or an XML declaration; without the
 * declaration, a <head>, <body>, <title> or <meta> first will also do. */
static bool
looks_like_html(const char *p, size_t n)
{
    static const char *const starts[] = {
        "<!doctype html", "<html", "<head", "<body", "<title", "<meta",
    };
    size_t i, k;
    bool prolog;

    if ((p = skip_html_prolog(p, &n, &prolog)) == NULL)
        return false;
    for (i = 0; i < sizeof starts / sizeof *starts; i++) {
        if (!starts_with(p, n, starts[i]))
            continue;
        /* a whole name: <html> or <html lang=...>, not <htmlfoo> */
        k = strlen(starts[i]);
        if (n > k && !strchr(" \t\r\n\f>/", p[k]))
            continue;
        return !prolog || i < 2;
    }
    return false;
}

static enum input_type
detect_type(const char *p, size_t n)
{
    const char *nl = memchr(p, '\n', n);

    if (mail_is_from_line(p, nl ? (size_t)(nl - p) + 1 : n))
        return TYPE_MBOX;
    if (mail_looks_like_message(p, n))
        return TYPE_MAIL;
    if (looks_like_html(p, n))
        return TYPE_HTML;
    return TYPE_TEXT;
}

/* Feed raw bytes of an HTML file, line by line for the line numbers. */
static void
html_file_data(struct input *in, const char *p, size_t n)
{
    while (n && !in->r->stop) {
        const char *nl = memchr(p, '\n', n);
        size_t take = nl ? (size_t)(nl - p) + 1 : n;

        doc_data(in, p, take, in->line_no + 1);
        if (nl)
            in->line_no++;
        p += take;
        n -= take;
    }
}

/* Bytes of the file, to whatever reads this type. */
static void
feed_bytes(struct input *in, struct mail_parser *mp,
           const struct mail_sink *ms, enum input_type type, const char *p,
           size_t n)
{
    if (in->o->line_uri) {
        convert(in, &p, &n, false);
        lines_feed(in, p, n, false);
    } else if (mp) {
        mail_feed(mp, p, n, ms);
    } else if (type == TYPE_HTML) {
        html_file_data(in, p, n);
    } else {
        doc_data(in, p, n, 0);
    }
}

/* Read all of FD, the first PEEKED bytes of it being in BUF already (EOF
 * if that was all). Data goes on in --buffer-size pieces, so that the
 * split of the input can be tested from the command line. */
static void
process_fd(struct input *in, int fd, char *buf, size_t peeked, bool eof,
           enum input_type type)
{
    const struct options *o = in->o;
    struct mail_parser *mp = NULL;
    struct mail_sink ms = { mail_message, mail_header, mail_header_end,
                            mail_part_begin, mail_part_data, mail_part_end,
                            in };
    size_t i;

    if (o->line_uri) {
        if (o->charset && (in->cv = charset_open(o->charset)) == NULL)
            out_of_memory();
    } else if (type == TYPE_MAIL || type == TYPE_MBOX) {
        if ((mp = mail_new(type == TYPE_MBOX)) == NULL)
            out_of_memory();
        in->mapped = true;
        in->has_mail = true;
        in->mail.message_id = in->mid;
        in->mail.part = in->part;
        in->mail.content_type = in->ctype;
    } else {
        in->mapped = type == TYPE_HTML;
        doc_begin(in, type == TYPE_HTML, o->charset, true);
    }
    for (i = 0; i < peeked && !in->r->stop; i += o->buffer_size)
        feed_bytes(in, mp, &ms, type, buf + i,
                   peeked - i < o->buffer_size ? peeked - i : o->buffer_size);
    while (!eof && !in->r->stop) {
        ssize_t k = read(fd, buf, o->buffer_size);

        if (k < 0) {
            if (errno == EINTR)
                continue;
            report_file_error(in->r, in->name, strerror(errno));
            break;
        }
        eof = k == 0;
        feed_bytes(in, mp, &ms, type, buf, (size_t)k);
    }
    if (o->line_uri) {
        const char *p = "";
        size_t n = 0;

        convert(in, &p, &n, true);
        lines_feed(in, p, n, true);
    } else if (mp) {
        mail_finish(mp, &ms);
        mail_free(mp);
    } else {
        doc_end(in);
    }
}

/* Fill BUF with at least WANT bytes unless the file ends first. */
static ssize_t
read_peek(int fd, char *buf, size_t want, bool *eof)
{
    size_t got = 0;

    *eof = false;
    while (got < want) {
        ssize_t k = read(fd, buf + got, want - got);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (k == 0) {
            *eof = true;
            break;
        }
        got += (size_t)k;
    }
    return (ssize_t)got;
}

void
input_scan_file(struct run *r, const char *name)
{
    const struct options *o = r->o;
    struct input in;
    struct stat st;
    enum input_type type = o->type;
    size_t want;
    ssize_t got;
    bool eof;
    int fd;

    r->file = strcmp(name, "-") == 0 ? "(standard input)" : name;
    r->file_count = 0;
    fd = strcmp(name, "-") == 0 ? STDIN_FILENO : open(name, O_RDONLY);
    if (fd < 0) {
        report_file_error(r, name, strerror(errno));
        return;
    }
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        report_file_error(r, name, "Is a directory");
        if (fd != STDIN_FILENO)
            close(fd);
        return;
    }
#ifdef HAVE_POSIX_FADVISE
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    memset(&in, 0, sizeof in);
    in.r = r;
    in.o = o;
    in.name = name;
    in.cur_line = 1;
    buf_init(&in.conv, SIZE_MAX / 2);
    buf_init(&in.text, TEXT_BLOCK);
    buf_init(&in.line, (o->scan.max_uri_length ? o->scan.max_uri_length
                                               : URIGREP_DEFAULT_MAX_URI) * 2);
    /* the first bytes decide the type, and whether the file is binary;
     * r->readbuf holds at least PEEK bytes */
    want = PEEK;
    got = read_peek(fd, r->readbuf, want, &eof);
    if (got < 0) {
        report_file_error(r, name, strerror(errno));
        goto done;
    }
    if (type == TYPE_AUTO)
        type = o->line_uri ? TYPE_TEXT : detect_type(r->readbuf, (size_t)got);
    if (!o->text && !o->charset && (type == TYPE_TEXT || type == TYPE_HTML) &&
        memchr(r->readbuf, '\0', (size_t)got)) {
        /* a file found by -r (a maildir's index, say) is skipped quietly */
        if (!o->no_messages && !o->quiet && (!r->walking || o->verbose))
            report_msg("%s: binary file skipped (use -a to scan it)",
                       r->file);
        goto done;
    }
    process_fd(&in, fd, r->readbuf, (size_t)got, eof, type);
    if (in.bad_bytes && o->verbose)
        report_msg("%s: %zu bytes not valid in %s", r->file, in.bad_bytes,
                   o->charset ? o->charset : "their charset");
done:
    held_free(&in.held);
    held_free(&in.headers);
    free(in.cps);
    buf_free(&in.conv);
    buf_free(&in.text);
    buf_free(&in.line);
    charset_close(in.cv);
    html_free(in.hs);
    urigrep_scanner_free(in.hsc);
    mime_words_free(in.words);
    urigrep_scanner_reset(r->sc);
    if (fd != STDIN_FILENO)
        close(fd);
    if (o->count && !o->quiet) {
        if (output_count(&r->outbuf, &o->out, r->file, r->file_count))
            out_of_memory();
    }
    report_flush(r);
}
