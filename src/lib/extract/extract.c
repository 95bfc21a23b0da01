/* extract.c: the document extractor: what a document is, mail and mbox,
 * one reference per line, and each reference validated, resolved and
 * made safe to show before it is reported. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "formats/charset.h"
#include "uri/chars.h"
#include "clean.h"
#include "extract/emit.h"
#include "extract/extract.h"
#include "uri/grammar.h"
#include "internal.h"
#include "formats/mail.h"
#include "formats/mime.h"
#include "uri/scheme.h"
#include "formats/warc.h"
#include "extract/warcdoc.h"
#include "links/trust.h"
#include "names.h"

/* Bytes of header URIs held for one header block before they are
 * reported without waiting for the Message-ID: a message may have any
 * number of fields, and memory must not grow with them. */
#define HEADERS_HELD_MAX (1024 * 1024)

/* ---- names ---- */

URIGREP_EXPORT const char *
urigrep_delim_name(enum urigrep_delim d)
{
    return names_delim(d);
}

URIGREP_EXPORT const char *
urigrep_base_source_name(enum urigrep_base_source s)
{
    return names_base_source(s);
}

/* ---- mail ---- */

/* The words decoder, made when first needed. */
static struct mime_words *
words(struct urigrep_extractor *x)
{
    if (x->words == NULL && (x->words = mime_words_new()) == NULL)
        emit_nomem(x);
    return x->words;
}

/* Set the decoded Subject from RAW (RFC 2047 words decoded), unless it
 * is the one set already. */
static void
set_subject(struct urigrep_extractor *x, const char *raw)
{
    size_t n = strlen(raw), size = sizeof x->origin.subject, k;
    char dec[sizeof x->origin.subject * 3 + 16];

    if (strcmp(raw, x->raw_subject) == 0)
        return;
    copy_cut(x->raw_subject, sizeof x->raw_subject, raw);
    if (memmem(raw, n, "=?", 2) == NULL || words(x) == NULL) {
        copy_cut(x->origin.subject, size, raw);
        return;
    }
    k = mime_words_decode(x->words, raw, n, dec, sizeof dec);
    if (k >= size)
        k = size - 1;
    /* not in the middle of a UTF-8 sequence */
    while (k > 0 && k < n && ((unsigned char)dec[k] & 0xc0) == 0x80)
        k--;
    memcpy(x->origin.subject, dec, k);
    x->origin.subject[k] = '\0';
}

static int
on_header_event(void *arg, const struct urigrep_match *m)
{
    struct urigrep_extractor *x = arg;

    if (m->event == URIGREP_EVENT_URI) {
        held_push(x, &x->headers, m->ref.ptr, m->ref.len, m->offset,
                  x->header_line, m->column, m->delim);
        x->headers_bytes += m->ref.len + sizeof *x->headers.v;
    }
    return 0;
}

/* Report the header URIs held, with Message-ID MID. */
static void
release_headers(struct urigrep_extractor *x, const char *mid)
{
    size_t i;

    copy_cut(x->origin.mid, sizeof x->origin.mid, mid);
    x->origin.part[0] = x->origin.part_charset[0] = '\0';
    copy_cut(x->origin.ctype, sizeof x->origin.ctype, "header");
    set_subject(x, x->hdr_subject);
    for (i = 0; i < x->headers.n && !x->stopped; i++)
        held_emit(x, &x->headers.v[i], false);
    held_drop(&x->headers, x->headers.n);
    x->headers_bytes = 0;
}

/* Is NAME (NLEN bytes) a field of machine data that no person or list
 * manager writes a URI in: trace fields (Received, X-Received), the
 * signatures and their results (DKIM-Signature and its kin, ARC-*,
 * Authentication-Results, Received-SPF), spam filter scores? Their
 * "h=from:to:content-type:content-type" lists, IPv6 groups and rule
 * names ("[unreal:mid]") read as URIs. */
static bool
machine_field(const char *name, size_t nlen)
{
    static const char *const exact[] = {
        "Authentication-Results", "Received-SPF", "X-Spamd-Result",
        "X-Spam-Status",
    };
    size_t i;

    /* a letter first, as mail_name_is() does: a call for the few names
     * that have it (this runs for every field of --headers) */
    if ((nlen >= 8 && (name[nlen - 1] | 0x20) == 'd' &&
         strncasecmp(name + nlen - 8, "Received", 8) == 0) ||
        (nlen >= 10 && (name[nlen - 1] | 0x20) == 'e' &&
         strncasecmp(name + nlen - 10, "-Signature", 10) == 0) ||
        (nlen > 4 && (name[0] | 0x20) == 'a' &&
         strncasecmp(name, "ARC-", 4) == 0))
        return true;
    for (i = 0; i < sizeof exact / sizeof *exact; i++)
        if (mail_name_is(name, nlen, exact[i]))
            return true;
    return false;
}

/* Has the field value V (N bytes) a "=?", where an RFC 2047 encoded
 * word may start? memchr() for its '=': glibc's memmem() took some 500
 * instructions a field. */
static bool
has_word_start(const char *v, size_t n)
{
    const char *end = v + n, *q = v;

    while ((q = memchr(q, '=', (size_t)(end - q))) != NULL)
        if (++q < end && *q == '?')
            return true;
    return false;
}

/* HEADERS: URIs in header fields (List-Archive, List-Unsubscribe...).
 * They are held until the Message-ID (MID) of their message is known,
 * which is at once for a part's header; the held ones are bounded by
 * HEADERS_HELD_MAX and go out early, with no Message-ID, past it. */
static void
mail_header(void *arg, const char *name, size_t nlen, const char *value,
            size_t vlen, const char *mid, uint64_t line)
{
    struct urigrep_extractor *x = arg;

    if (x->stopped)
        return;
    if (mail_name_is(name, nlen, "Subject")) {
        size_t k = vlen < sizeof x->hdr_subject ? vlen
                                                : sizeof x->hdr_subject - 1;

        memcpy(x->hdr_subject, value, k);
        x->hdr_subject[k] = '\0';
    }
    if (!(x->o.flags & URIGREP_EXTRACT_HEADERS) || machine_field(name, nlen))
        return;
    if (x->hsc == NULL &&
        urigrep_scanner_new(&x->o.scan, &x->hsc) != URIGREP_OK) {
        emit_nomem(x);
        return;
    }
    x->header_line = line;
    if (has_word_start(value, vlen)) {
        /* RFC 2047 encoded words: scan what a reader sees */
        size_t size = vlen * 3 + 16;
        char *dec = malloc(size);

        if (dec == NULL || words(x) == NULL) {
            free(dec);
            emit_nomem(x);
            return;
        }
        vlen = mime_words_decode(x->words, value, vlen, dec, size);
        urigrep_scanner_feed(x->hsc, dec, vlen, on_header_event, x);
        free(dec);
    } else {
        urigrep_scanner_feed(x->hsc, value, vlen, on_header_event, x);
    }
    urigrep_scanner_finish(x->hsc, on_header_event, x);
    if (x->headers.n == 0)
        return;
    if (mid[0] == '\0' && x->headers_bytes > HEADERS_HELD_MAX) {
        if (!x->headers_early)
            emit_notice(x, URIGREP_NOTICE_HEADERS_EARLY, line, 0, NULL);
        x->headers_early = true;
    }
    if (mid[0] || x->headers_early)
        release_headers(x, mid);
}

/* The header of a message or part has ended: its URIs go out. */
static void
mail_header_end(void *arg, const char *mid)
{
    struct urigrep_extractor *x = arg;

    if (x->headers.n)
        release_headers(x, mid);
    x->headers_early = false;
    x->hdr_subject[0] = '\0';
}

static enum urigrep_base_source
base_source_of(enum mail_base_src s)
{
    switch (s) {
    case MAIL_BASE_CONTENT_BASE:
        return URIGREP_BASE_CONTENT_BASE;
    case MAIL_BASE_CONTENT_LOCATION:
        return URIGREP_BASE_CONTENT_LOCATION;
    case MAIL_BASE_1808:
        return URIGREP_BASE_RFC1808;
    default:
        return URIGREP_BASE_NONE;
    }
}

static void
mail_part_begin(void *arg, const struct mail_part_info *info)
{
    struct urigrep_extractor *x = arg;

    x->doc.cur_line = info->line;
    if (info->too_deep)
        emit_notice(x, URIGREP_NOTICE_TOO_DEEP, info->line, MAIL_MAX_DEPTH,
                       info->path);
    if (!info->scan) {
        x->doc.skip = true;
        return;
    }
    copy_cut(x->hdr_base, sizeof x->hdr_base, info->base);
    x->hdr_base_source = base_source_of(info->base_src);
    copy_cut(x->doc_uri, sizeof x->doc_uri, info->location);
    copy_cut(x->origin.mid, sizeof x->origin.mid, info->message_id);
    copy_cut(x->origin.part, sizeof x->origin.part, info->path);
    /* a multipart's preamble and epilogue say so, as a header field's
     * URI says "header" */
    copy_cut(x->origin.ctype, sizeof x->origin.ctype,
             info->region == MAIL_REGION_PREAMBLE   ? "preamble"
             : info->region == MAIL_REGION_EPILOGUE ? "epilogue"
                                                    : info->content_type);
    copy_cut(x->origin.part_charset, sizeof x->origin.part_charset,
             info->charset);
    set_subject(x, info->subject);
    doc_begin(x, strcmp(info->content_type, "text/html") == 0, info->charset,
              false);
    /* text as stored, lines one for one: no checkpoints, no copy (but
     * for --context, which shows what the 64 KiB blocks hold around a
     * reference) */
    x->doc.direct = info->as_stored && !x->doc.html && x->doc.cv == NULL &&
                    !x->doc.skip && !(x->o.flags & URIGREP_EXTRACT_CONTEXT);
    x->doc.direct_base = info->line - 1;
}

static void
mail_part_data(void *arg, const char *p, size_t n, uint64_t line)
{
    doc_data(arg, p, n, line);
}

static void
mail_part_lines(void *arg, const char *p, size_t n, uint64_t line,
                uint64_t last)
{
    doc_lines(arg, p, n, line, last);
}

static void
mail_part_marked(void *arg, const char *p, size_t n,
                 const struct mail_mark *marks, size_t nmarks)
{
    doc_marked(arg, p, n, marks, nmarks);
}

static void
mail_part_end(void *arg)
{
    doc_end(arg);
}

static void
mail_message(void *arg, uint64_t line)
{
    struct urigrep_extractor *x = arg;

    (void)line;
    x->origin.message++;
    x->origin.mid[0] = '\0';
}

/* mboxcl, mboxcl2: a Content-Length that lied. */
static void
mail_bad_length(void *arg, uint64_t length, uint64_t line)
{
    emit_notice(arg, URIGREP_NOTICE_BAD_LENGTH, line, length, NULL);
}

/* mboxcl, mboxcl2: a Content-Length that is no count; DETAIL is its
 * value, cut to BAD_VALUE_MAX bytes ("..." after). */
#define BAD_VALUE_MAX 40
static void
mail_bad_length_value(void *arg, const char *v, size_t vlen, uint64_t line)
{
    char detail[BAD_VALUE_MAX + 4];
    size_t n = vlen < BAD_VALUE_MAX ? vlen : BAD_VALUE_MAX;

    memcpy(detail, v, n);
    strcpy(detail + n, vlen > n ? "..." : "");
    emit_notice(arg, URIGREP_NOTICE_BAD_LENGTH, line, 0, detail);
}

static const struct mail_sink mail_sink_fns = {
    mail_message, mail_header, mail_header_end, mail_part_begin,
    mail_part_data, mail_part_end, NULL, mail_bad_length, mail_part_lines,
    false, mail_part_marked, mail_bad_length_value
};

/* ---- news batches: each article a message, read as URIGREP_DOC_MAIL
 * reads one, its lines counted from its place in the batch ---- */

/* The mail sink for X: its fields read only with URIGREP_EXTRACT_HEADERS
 * (the others passed over). */
static struct mail_sink
mail_sink_of(struct urigrep_extractor *x)
{
    struct mail_sink ms = mail_sink_fns;

    ms.arg = x;
    ms.few_headers = !(x->o.flags & URIGREP_EXTRACT_HEADERS);
    return ms;
}

static void
rnews_article(void *arg, uint64_t line)
{
    struct urigrep_extractor *x = arg;

    x->origin.line = x->rn_origin + line;
}

static void
rnews_data(void *arg, const char *p, size_t n)
{
    struct urigrep_extractor *x = arg;
    struct mail_sink ms = mail_sink_of(x);

    if (!x->stopped)
        mail_feed(x->mp, p, n, &ms);
}

static void
rnews_end(void *arg)
{
    struct urigrep_extractor *x = arg;
    struct mail_sink ms = mail_sink_of(x);

    if (!x->stopped)
        mail_finish(x->mp, &ms);
}

static void
rnews_bad(void *arg, uint64_t line, uint64_t count)
{
    struct urigrep_extractor *x = arg;
    uint64_t article = x->origin.line;

    /* LINE counts in the batch; the article open goes on where it is */
    x->origin.line = x->rn_origin;
    emit_notice(x, URIGREP_NOTICE_RNEWS, line, count, NULL);
    x->origin.line = article;
}

/* A compressed batch ("#! cunbatch") at LINE: not read. */
static void
rnews_unbatch_line(void *arg, uint64_t line, const char *name)
{
    struct urigrep_extractor *x = arg;
    uint64_t article = x->origin.line;

    x->origin.line = x->rn_origin;
    emit_notice(x, URIGREP_NOTICE_RNEWS, line, 0, name);
    x->origin.line = article;
}

/* The batch sink for X. */
static struct rnews_sink
rnews_sink_of(struct urigrep_extractor *x)
{
    struct rnews_sink s = { rnews_article, rnews_data, rnews_end, rnews_bad,
                            NULL, rnews_unbatch_line };

    s.arg = x;
    return s;
}

/* How the mail parser reads a document of TYPE, one of mail's. */
static enum mail_mode
mail_mode_of(enum urigrep_doc_type type)
{
    switch (type) {
    case URIGREP_DOC_MBOX:
        return MAIL_MBOX;
    case URIGREP_DOC_MBOXRD:
        return MAIL_MBOXRD;
    case URIGREP_DOC_MBOXO:
        return MAIL_MBOXO;
    case URIGREP_DOC_MBOXCL:
        return MAIL_MBOXCL;
    case URIGREP_DOC_MBOXCL2:
        return MAIL_MBOXCL2;
    default:
        return MAIL_ONE;
    }
}

/* ---- LINES: one reference per line ---- */

static void
line_done(struct urigrep_extractor *x)
{
    const char *p = x->line.data;
    size_t len = x->line.len, i, n;
    char *clean;
    struct found f;

    for (i = 0; i < len && strchr(" \t\r\f\v", p[i]); i++)
        ;
    if (i == len)
        return; /* blank: nothing */
    if ((clean = malloc(len + 1)) == NULL) {
        emit_nomem(x);
        return;
    }
    n = urigrep_strip_typed(p, len, clean);
    memset(&f, 0, sizeof f);
    f.ref = clean;
    f.len = n;
    f.line = x->line_no + 1;
    f.column = 1;
    f.offset = x->line_off;
    f.delim = URIGREP_DELIM_LINE;
    emit_ref(x, &f);
    free(clean);
}

static void
lines_feed(struct urigrep_extractor *x, const char *p, size_t n, bool final)
{
    while ((n > 0 || final) && !x->stopped) {
        const char *nl = n ? memchr(p, '\n', n) : NULL;
        size_t take = nl ? (size_t)(nl - p) : n;

        if (!x->line_too_long &&
            buf_append(&x->line, p, take) != URIGREP_OK) {
            x->line_too_long = true;
            emit_notice(x, URIGREP_NOTICE_LINE_TOO_LONG, x->line_no + 1,
                           x->line.max, NULL);
        }
        x->off += take + (nl != NULL);
        if (!nl && !final)
            return;
        if (!x->line_too_long && (nl || x->line.len))
            line_done(x);
        x->line_no++;
        x->line.len = 0;
        x->line_too_long = false;
        x->line_off = x->off;
        if (!nl)
            return;
        p = nl + 1;
        n -= take + 1;
    }
}

/* LINES bytes: converted from the charset, if one was given. */
static void
lines_data(struct urigrep_extractor *x, const char *p, size_t n, bool final)
{
    if (x->doc.cv) {
        x->doc.conv.len = 0;
        if (charset_convert(x->doc.cv, p, n, final, &x->doc.conv,
                            &x->doc.bad_bytes)) {
            emit_nomem(x);
            return;
        }
        p = x->doc.conv.data;
        n = x->doc.conv.len;
    }
    lines_feed(x, p, n, final);
}

/* ---- the document ---- */

/* Feed raw bytes of an HTML file, line by line for the line numbers. */
static void
html_file_data(struct urigrep_extractor *x, const char *p, size_t n)
{
    while (n && !x->stopped) {
        const char *nl = memchr(p, '\n', n);
        size_t take = nl ? (size_t)(nl - p) + 1 : n;

        doc_data(x, p, take, x->stored_line + 1);
        if (nl)
            x->stored_line++;
        p += take;
        n -= take;
    }
}

/* The mail parser reads its input again: at OFFSET of what was fed,
 * OFFSET past the piece's origin in the file. */
static size_t
mail_read_at(void *arg, uint64_t offset, char *buf, size_t n)
{
    const struct urigrep_extractor *x = arg;

    return x->read_at ? x->read_at(x->read_arg, x->origin.off + offset,
                                   buf, n)
                      : (size_t)-1;
}

/* The type of the document is known: get ready to read it. */
static void
start_document(struct urigrep_extractor *x, enum urigrep_doc_type type)
{
    x->type = type;
    x->doc.cur_line = 1;
    x->stored_line = 0;
    switch (type) {
    case URIGREP_DOC_LINES:
        if (x->charset &&
            (x->doc.cv = charset_pool_open(&x->doc.cvpool, x->charset)) == NULL)
            emit_notice(x, URIGREP_NOTICE_CHARSET, 1, 0, x->charset);
        break;
    case URIGREP_DOC_MAIL:
    case URIGREP_DOC_MBOX:
    case URIGREP_DOC_MBOXO:
    case URIGREP_DOC_MBOXRD:
    case URIGREP_DOC_MBOXCL:
    case URIGREP_DOC_MBOXCL2:
    case URIGREP_DOC_RNEWS:
        /* one parser for all the documents of the extractor */
        if (x->mp)
            mail_reset(x->mp, mail_mode_of(type));
        else if ((x->mp = mail_new(mail_mode_of(type))) == NULL) {
            emit_nomem(x);
            return;
        }
        mail_set_read_at(x->mp, mail_read_at, x);
        x->doc.mapped = true;
        if (type == URIGREP_DOC_RNEWS)
            x->rn.simd = skip_choose(); /* for its articles' newlines */
        break;
    case URIGREP_DOC_WARC:
        if (!warcdoc_start(x))
            emit_nomem(x);
        break;
    default:
        x->doc.mapped = type == URIGREP_DOC_HTML;
        doc_begin(x, type == URIGREP_DOC_HTML, x->charset, true);
        break;
    }
}

/* Bytes of the document, to whatever reads its type. */
static void
dispatch(struct urigrep_extractor *x, const char *p, size_t n)
{
    struct mail_sink ms = mail_sink_of(x);

    switch (x->type) {
    case URIGREP_DOC_LINES:
        lines_data(x, p, n, false);
        break;
    case URIGREP_DOC_MAIL:
    case URIGREP_DOC_MBOX:
    case URIGREP_DOC_MBOXO:
    case URIGREP_DOC_MBOXRD:
    case URIGREP_DOC_MBOXCL:
    case URIGREP_DOC_MBOXCL2:
        mail_feed(x->mp, p, n, &ms);
        break;
    case URIGREP_DOC_RNEWS: {
        struct rnews_sink rs = rnews_sink_of(x);

        rnews_feed(&x->rn, p, n, &rs);
        break;
    }
    case URIGREP_DOC_WARC:
        warcdoc_feed(x, p, n);
        break;
    case URIGREP_DOC_HTML:
        html_file_data(x, p, n);
        break;
    default:
        doc_data(x, p, n, 0);
        break;
    }
}

/* The type is decided from the bytes held: start, and pass them on. */
static void
peek_done(struct urigrep_extractor *x)
{
    start_document(x, urigrep_detect(x->peek, x->npeek));
    if (!x->stopped && x->npeek)
        dispatch(x, x->peek, x->npeek);
    x->npeek = 0;
}

URIGREP_EXPORT enum urigrep_status
urigrep_extractor_feed(urigrep_extractor *x, const char *buf, size_t len)
{
    if (x == NULL || (buf == NULL && len != 0))
        return URIGREP_ERR_ARG;
    if (x->stopped)
        return x->err ? x->err : URIGREP_ERR_STOPPED;
    x->begun |= len > 0;
    if (x->type == URIGREP_DOC_AUTO) {
        size_t take = EXTRACT_PEEK - x->npeek;

        if (take > len)
            take = len;
        if (take)
            memcpy(x->peek + x->npeek, buf, take);
        x->npeek += take;
        buf += take;
        len -= take;
        if (x->npeek < EXTRACT_PEEK && !(x->o.flags & URIGREP_EXTRACT_EAGER))
            return URIGREP_OK;
        peek_done(x);
    }
    if (len && !x->stopped)
        dispatch(x, buf, len);
    if (x->stopped)
        return x->err ? x->err : URIGREP_ERR_STOPPED;
    return URIGREP_OK;
}

/* Get ready for a new document. */
static void
new_document(struct urigrep_extractor *x)
{
    doc_reset(x);
    /* x->mp is kept: start_document() resets it for a mail */
    warcdoc_free(x);
    charset_pool_close(&x->doc.cvpool, x->doc.cv);
    x->doc.cv = NULL;
    held_drop(&x->headers, x->headers.n);
    x->headers_bytes = 0;
    x->headers_early = false;
    x->type = x->o.type;
    x->npeek = 0;
    x->doc.mapped = false;
    x->origin.message = 0;
    x->origin.mid[0] = x->origin.part[0] = '\0';
    x->origin.ctype[0] = x->origin.part_charset[0] = '\0';
    x->origin.subject[0] = x->raw_subject[0] = x->hdr_subject[0] = '\0';
    x->line.len = 0;
    x->line_no = x->line_off = x->off = 0;
    x->line_too_long = false;
    x->doc.bad_bytes = 0;
    x->begun = false;
    x->origin.line = x->origin.off = x->rn_origin = 0;
    memset(&x->rn, 0, sizeof x->rn);
    x->stopped = false;
    x->err = URIGREP_OK;
    if (x->type != URIGREP_DOC_AUTO)
        start_document(x, x->type);
}

URIGREP_EXPORT enum urigrep_status
urigrep_extractor_set_origin(urigrep_extractor *x, enum urigrep_doc_type type,
                             uint64_t line, uint64_t offset, uint64_t message)
{
    enum urigrep_doc_type own;

    if (x == NULL || (unsigned)type > URIGREP_DOC_RNEWS || x->begun)
        return URIGREP_ERR_ARG;
    /* start again as a document of TYPE, then move its origin */
    own = x->o.type;
    x->o.type = type;
    new_document(x);
    x->o.type = own;
    x->origin.line = x->rn_origin = line;
    x->origin.off = offset;
    x->origin.message = message;
    if (x->wr)
        warc_set_origin(x->wr, offset);
    return x->stopped ? x->err : URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_extractor_set_read_at(urigrep_extractor *x, urigrep_read_at_fn read_at,
                              void *arg)
{
    if (x == NULL)
        return URIGREP_ERR_ARG;
    x->read_at = read_at;
    x->read_arg = arg;
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_extractor_member(urigrep_extractor *x, uint64_t offset, int gap)
{
    if (x == NULL)
        return URIGREP_ERR_ARG;
    if (x->type == URIGREP_DOC_AUTO && x->npeek > 0 && !x->stopped)
        peek_done(x);
    if (x->type != URIGREP_DOC_WARC)
        return URIGREP_ERR_ARG;
    if (!x->stopped)
        warcdoc_member(x, offset, gap != 0);
    if (x->stopped)
        return x->err ? x->err : URIGREP_ERR_STOPPED;
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_extractor_finish(urigrep_extractor *x)
{
    enum urigrep_status rc;

    if (x == NULL)
        return URIGREP_ERR_ARG;
    if (x->type == URIGREP_DOC_AUTO && !x->stopped)
        peek_done(x);
    if (!x->stopped) {
        struct mail_sink ms = mail_sink_of(x);

        switch (x->type) {
        case URIGREP_DOC_LINES:
            lines_data(x, "", 0, true);
            break;
        case URIGREP_DOC_MAIL:
        case URIGREP_DOC_MBOX:
        case URIGREP_DOC_MBOXO:
        case URIGREP_DOC_MBOXRD:
        case URIGREP_DOC_MBOXCL:
        case URIGREP_DOC_MBOXCL2:
            mail_finish(x->mp, &ms);
            break;
        case URIGREP_DOC_RNEWS: {
            struct rnews_sink rs = rnews_sink_of(x);

            rnews_finish(&x->rn, &rs);
            break;
        }
        case URIGREP_DOC_WARC:
            warcdoc_finish(x);
            break;
        default:
            doc_end(x);
            break;
        }
    }
    if (x->doc.bad_bytes && !x->stopped)
        emit_notice(x, URIGREP_NOTICE_BAD_BYTES, x->doc.cur_line,
                       x->doc.bad_bytes, x->charset);
    rc = x->stopped ? (x->err ? x->err : URIGREP_ERR_STOPPED) : URIGREP_OK;
    x->read_at = NULL;
    new_document(x);
    return rc;
}

URIGREP_EXPORT void
urigrep_extractor_reset(urigrep_extractor *x)
{
    if (x != NULL) {
        x->read_at = NULL;
        new_document(x);
    }
}

URIGREP_EXPORT void
urigrep_extractor_free(urigrep_extractor *x)
{
    size_t i;

    if (x == NULL)
        return;
    doc_free(x);
    mail_free(x->mp);
    warcdoc_free(x);
    held_free(&x->headers);
    urigrep_scanner_free(x->doc.sc);
    urigrep_scanner_free(x->hsc);
    mime_words_free(x->words);
    buf_free(&x->line);
    buf_free(&x->clean);
    buf_free(&x->cbase);
    unwrap_free(&x->uw);
    buf_free(&x->strip);
    trust_free(x->trust);
    free(x->peek);
    free(x->fdbuf);
    free(x->base);
    free(x->charset);
    for (i = 0; i < x->o.scan.nschemes; i++)
        free(x->schemes[i]);
    free(x->schemes);
    free(x);
}

/* Copy S (NULL stays NULL) into *OUT; false when memory ran out. */
static bool
dup_str(const char *s, char **out)
{
    *out = NULL;
    return s == NULL || (*out = strdup(s)) != NULL;
}

/* Copy the options' strings into X; false when memory ran out. */
static bool
copy_strings(struct urigrep_extractor *x)
{
    size_t i, n = x->o.scan.nschemes;

    if (!dup_str(x->o.base, &x->base) || !dup_str(x->o.charset, &x->charset))
        return false;
    x->o.base = x->base;
    x->o.charset = x->charset;
    if (n == 0 || x->o.scan.schemes == NULL) {
        x->o.scan.nschemes = 0;
        x->o.scan.schemes = NULL;
        return true;
    }
    if ((x->schemes = calloc(n, sizeof *x->schemes)) == NULL) {
        x->o.scan.nschemes = 0;
        return false;
    }
    for (i = 0; i < n; i++)
        if (!dup_str(x->o.scan.schemes[i], &x->schemes[i]))
            return false;
    x->o.scan.schemes = (const char *const *)x->schemes;
    return true;
}

/* Are OPTS' values ones the extractor knows? */
static bool
options_ok(const struct urigrep_extract_options *o)
{
    if ((unsigned)o->type > URIGREP_DOC_RNEWS)
        return false;
    if (o->rfc != 0 && o->rfc != URIGREP_RFC1808 &&
        o->rfc != URIGREP_RFC2396 && o->rfc != URIGREP_RFC3986)
        return false;
    if (o->flags & ~(URIGREP_EXTRACT_HEADERS | URIGREP_EXTRACT_NO_RESOLVE |
                     URIGREP_EXTRACT_ASCII | URIGREP_EXTRACT_NO_CHECK |
                     URIGREP_EXTRACT_CONTEXT | URIGREP_EXTRACT_EAGER |
                     URIGREP_EXTRACT_COLUMNS | URIGREP_EXTRACT_UNWRAP |
                     URIGREP_EXTRACT_STRIP_TRACKING |
                     URIGREP_EXTRACT_WARC_METADATA |
                     URIGREP_EXTRACT_TRUST))
        return false;
    return o->base == NULL || has_scheme(o->base, strlen(o->base));
}

URIGREP_EXPORT enum urigrep_status
urigrep_extractor_new(const struct urigrep_extract_options *opts,
                      urigrep_ref_fn on_ref, urigrep_notice_fn on_notice,
                      void *arg, urigrep_extractor **out)
{
    struct urigrep_extractor *x;
    enum urigrep_status rc;

    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    if (on_ref == NULL)
        return URIGREP_ERR_ARG;
    if ((x = calloc(1, sizeof *x)) == NULL)
        return URIGREP_ERR_NOMEM;
    if (opts && (!options_copy(&x->o, sizeof x->o, opts,
                               URIGREP_EXTRACT_OPTIONS_SIZE_0_9) ||
                 !options_ok(&x->o))) {
        free(x);
        return URIGREP_ERR_ARG;
    }
    x->o.size = sizeof x->o;
    /* the scan options inside are as long as the outer size made them */
    x->o.scan.size = sizeof x->o.scan;
    if (x->o.rfc == 0)
        x->o.rfc = URIGREP_RFC2396;
    x->on_ref = on_ref;
    x->on_notice = on_notice;
    x->arg = arg;
    x->max_uri = x->o.scan.max_uri_length ? x->o.scan.max_uri_length
                                          : URIGREP_DEFAULT_MAX_URI;
    buf_init(&x->doc.conv, SIZE_MAX / 2);
    buf_init(&x->doc.text, SIZE_MAX / 2);
    buf_init(&x->line, x->max_uri * 2);
    buf_init(&x->clean, SIZE_MAX / 2);
    buf_init(&x->cbase, SIZE_MAX / 2);
    buf_init(&x->doc.ctx, SIZE_MAX / 2);
    /* what they hold is never longer than a reference reported */
    unwrap_init(&x->uw, SIZE_MAX / 16);
    buf_init(&x->strip, SIZE_MAX / 2);
    if (!copy_strings(x) || (x->peek = malloc(EXTRACT_PEEK)) == NULL ||
        ((x->o.flags & URIGREP_EXTRACT_TRUST) &&
         (x->trust = trust_new()) == NULL)) {
        urigrep_extractor_free(x);
        return URIGREP_ERR_NOMEM;
    }
    if ((rc = urigrep_scanner_new(&x->o.scan, &x->doc.sc)) != URIGREP_OK) {
        urigrep_extractor_free(x);
        return rc;
    }
    new_document(x);
    if (x->stopped) {
        urigrep_extractor_free(x);
        return URIGREP_ERR_NOMEM;
    }
    *out = x;
    return URIGREP_OK;
}
