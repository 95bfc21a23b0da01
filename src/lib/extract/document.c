/* document.c: one decoded document of the extractor (a text or HTML file,
 * or a text part of a message): its charset, its HTML, its stored lines,
 * and the scanner that finds references in its text. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "formats/charset.h"
#include "extract/emit.h"
#include "extract/extract.h"
#include "formats/html.h"
#include "internal.h"
#include "formats/mail.h"
#include "scan/scan.h"
#include "uri/scheme.h"

/* Text is handed to the scanner in blocks of this size. */
#define TEXT_BLOCK (64 * 1024)
/* HTML attribute URIs held for document order at most, and their bytes:
 * past this, the text before them goes to the scanner and they are
 * reported (tags without text between them, such as a flood of <wbr
 * src=...>, would otherwise hold them all). */
#define HELD_MAX 1024
#define HELD_BYTES_MAX (1024 * 1024)
/* With an <a href>'s text still being read, the text waiting for the
 * scanner may grow to this before it goes (and the reference with the
 * text read so far): the HTML scanner ends an anchor after
 * HTML_ANCHOR_TAGS tags, so only a flood of blanks gets here. */
#define TEXT_BLOCK_ANCHOR (2 * TEXT_BLOCK)

const char *
doc_base(const struct urigrep_extractor *x, enum urigrep_base_source *src)
{
    const struct document *d = &x->doc;

    if (d->html_base[0]) {
        *src = URIGREP_BASE_HTML;
        return d->html_base;
    }
    if (x->hdr_base[0]) {
        *src = x->hdr_base_source;
        return x->hdr_base;
    }
    *src = URIGREP_BASE_NONE;
    return NULL;
}

void
held_push(struct urigrep_extractor *x, struct held_list *l, const char *p,
          size_t n, uint64_t pos, uint64_t line, uint64_t column,
          enum urigrep_delim delim)
{
    struct held_uri *h;
    size_t head = (size_t)(l->v - l->base);

    if (head + l->n == l->cap) {
        if (head > 0 && head >= l->cap / 2) {
            /* at least half the room is before v: move the entries down
             * (each is moved at most once for every entry pushed) */
            memmove(l->base, l->v, l->n * sizeof *l->v);
        } else {
            size_t cap = l->cap ? l->cap * 2 : 16;

            if ((h = realloc(l->base, cap * sizeof *h)) == NULL) {
                emit_nomem(x);
                return;
            }
            if (head)
                memmove(h, h + head, l->n * sizeof *h);
            l->base = h;
            l->cap = cap;
        }
        l->v = l->base;
    }
    h = &l->v[l->n];
    if ((h->s = malloc(n ? n : 1)) == NULL) {
        emit_nomem(x);
        return;
    }
    memcpy(h->s, p, n);
    h->n = n;
    h->seq = ++l->pushed;
    h->text = NULL;
    h->ntext = 0;
    h->pos = pos;
    h->line = line;
    h->column = column;
    h->delim = delim;
    l->n++;
    l->bytes += n;
}

void
held_drop(struct held_list *l, size_t k)
{
    size_t i;

    for (i = 0; i < k; i++) {
        l->bytes -= l->v[i].n;
        free(l->v[i].s);
        free(l->v[i].text);
    }
    l->n -= k;
    l->v = l->n ? l->v + k : l->base;
}

void
held_free(struct held_list *l)
{
    held_drop(l, l->n);
    free(l->base);
    l->v = l->base = NULL;
    l->cap = 0;
}

/* The last checkpoint at or before scanner offset OFF (NULL: none). */
static const struct checkpoint *
checkpoint_of(const struct urigrep_extractor *x, uint64_t off)
{
    const struct document *d = &x->doc;
    size_t lo = 0, hi = d->ncps;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;

        if (d->cps[mid].off <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &d->cps[lo - 1] : NULL;
}

/* The stored line of scanner offset OFF. */
static uint64_t
line_of(const struct urigrep_extractor *x, uint64_t off)
{
    const struct checkpoint *c = checkpoint_of(x, off);

    return c ? c->line : x->doc.cur_line;
}

/* source_col() past the input's first line break. */
static uint64_t
source_col_past_nl(struct urigrep_extractor *x, const char *p)
{
    struct document *d = &x->doc;
    const char *from = d->col_p, *nl;
    uint64_t col = d->col_at;

    if (from == NULL || p < from || from < d->feed_nl) {
        /* from the first line break (asked out of order: again) */
        from = d->feed_nl;
        col = d->feed_col + (uint64_t)(from - d->feed_p) + 1;
    }
    nl = p > from ? memrchr(from, '\n', (size_t)(p - from)) : NULL;
    col = nl ? (uint64_t)(p - nl) : col + (uint64_t)(p - from);
    d->col_p = p;
    d->col_at = col;
    return col;
}

/* Count in x->doc.feed_col the pieces html_input() left out of it: they
 * follow one another, each but the last with no '\n' last (so that a
 * quoted-printable line in pieces is searched once, when a column is
 * asked for, or not at all when its '\n' comes first). */
static void
col_settle(struct urigrep_extractor *x)
{
    struct document *d = &x->doc;
    const char *from = d->col_lazy, *nl;
    size_t n = (size_t)(d->col_lazy_end - from);

    nl = n ? memrchr(from, '\n', n) : NULL;
    d->feed_col = nl ? (uint64_t)(d->col_lazy_end - 1 - nl)
                     : d->feed_col + n;
    d->col_lazy = NULL;
}

/* The column, from 1, of P in the input html_feed() has at hand; 0 when
 * P is not in it (a decoded character reference, the line break a tag
 * gives). Most input comes a line at a time, with no line break before
 * P; else the scanner asks in the order of the input, and a cursor goes
 * forward, so that a chunk is searched for line breaks once, however
 * long its line. */
static inline uint64_t
source_col(struct urigrep_extractor *x, const char *p)
{
    struct document *d = &x->doc;
    uintptr_t a = (uintptr_t)d->feed_p, b = (uintptr_t)p;

    if (d->feed_p == NULL || b < a || b > a + d->feed_n)
        return 0;
    if (d->col_lazy)
        col_settle(x);
    if (d->feed_nl == NULL) { /* looked for when first needed */
        const char *nl = memchr(d->feed_p, '\n', d->feed_n);

        d->feed_nl = nl ? nl : d->feed_p + d->feed_n;
    }
    if (b <= (uintptr_t)d->feed_nl)
        return d->feed_col + (uint64_t)(b - a) + 1;
    return source_col_past_nl(x, p);
}

/* Set F's context: the text around scanner offsets START to END (a
 * reference), as much of it as is at hand (URIGREP_EXTRACT_CONTEXT),
 * copied into x->doc.ctx; none without the flag or when none is at hand. */
static void
doc_context(struct urigrep_extractor *x, struct found *f, uint64_t start,
            uint64_t end)
{
    struct document *d = &x->doc;
    uint64_t have_lo = d->fed - d->ntail, have_hi = d->fed + d->nblock;
    uint64_t lo, hi, split = d->fed;

    if (!(x->o.flags & URIGREP_EXTRACT_CONTEXT))
        return;
    lo = start > URIGREP_CONTEXT_BYTES ? start - URIGREP_CONTEXT_BYTES : 0;
    hi = end + URIGREP_CONTEXT_BYTES;
    if (lo < have_lo)
        lo = have_lo;
    if (hi > have_hi)
        hi = have_hi;
    if (lo >= hi || start < lo || end > hi)
        return;
    d->ctx.len = 0;
    if (lo < split &&
        buf_append(&d->ctx, d->tail + (d->ntail - (split - lo)),
                   (size_t)((hi < split ? hi : split) - lo)) != URIGREP_OK)
        goto nomem;
    if (hi > split &&
        buf_append(&d->ctx, d->block + (lo > split ? lo - split : 0),
                   (size_t)(hi - (lo > split ? lo : split))) != URIGREP_OK)
        goto nomem;
    f->context.ptr = d->ctx.data;
    f->context.len = d->ctx.len;
    f->context_before = (size_t)(start - lo);
    f->context_after = (size_t)(hi - end);
    return;
nomem:
    emit_nomem(x);
}

/* Keep the last EXTRACT_CONTEXT_TAIL bytes of the text given to the
 * scanner, P (N bytes) being the latest. */
static void
keep_tail(struct urigrep_extractor *x, const char *p, size_t n)
{
    struct document *d = &x->doc;
    size_t keep;

    if (n >= sizeof d->tail) {
        memcpy(d->tail, p + n - sizeof d->tail, sizeof d->tail);
        d->ntail = sizeof d->tail;
        return;
    }
    keep = sizeof d->tail - n;
    if (keep > d->ntail)
        keep = d->ntail;
    memmove(d->tail, d->tail + d->ntail - keep, keep);
    memcpy(d->tail + keep, p, n);
    d->ntail = keep + n;
}

void
held_emit(struct urigrep_extractor *x, const struct held_uri *h,
          bool document_base)
{
    struct document *d = &x->doc;
    struct found f = { .ref = h->s, .len = h->n, .line = h->line,
                       .column = h->column, .offset = h->pos,
                       .delim = h->delim };

    if (document_base) {
        f.base = doc_base(x, &f.base_source);
        f.doc_uri = x->doc_uri[0] ? x->doc_uri : NULL;
        doc_context(x, &f, h->pos, h->pos);
    }
    if (h->text) {
        f.text = h->text;
        f.ntext = h->ntext;
    } else if (document_base && h->seq == d->anchor_seq && d->hs) {
        /* its anchor has not ended: the text read so far */
        f.text = html_anchor_text(d->hs, &f.ntext);
        if (f.text == NULL)
            f.text = "";
    }
    emit_ref(x, &f);
}

/* Report the held attributes up to scanner offset UPTO (ALL: every one);
 * once stopped, just forget them. */
static void
release_held(struct urigrep_extractor *x, uint64_t upto, bool all)
{
    struct document *d = &x->doc;
    size_t i = 0;

    while (i < d->held.n && (all || d->held.v[i].pos <= upto) &&
           !x->stopped)
        held_emit(x, &d->held.v[i++], true);
    held_drop(&d->held, x->stopped ? d->held.n : i);
}

/* The stored line of the scanner's event M. */
static uint64_t
event_line(const struct urigrep_extractor *x, const struct urigrep_match *m)
{
    const struct document *d = &x->doc;

    if (d->direct)
        return d->direct_base + m->line;
    return d->mapped ? line_of(x, m->offset) : m->line;
}

static int
on_event(void *arg, const struct urigrep_match *m)
{
    struct urigrep_extractor *x = arg;
    struct document *d = &x->doc;
    struct found f;

    if (d->held.n)
        release_held(x, m->offset, false);
    if (m->event == URIGREP_EVENT_TOO_LONG) {
        emit_notice(x, URIGREP_NOTICE_TOO_LONG, event_line(x, m),
                       x->max_uri, NULL);
        return 0;
    }
    /* an initializer, not a memset() (see emit_ref()) */
    f = (struct found){ .ref = m->ref.ptr, .len = m->ref.len,
                        .line = m->line, .column = m->column,
                        .offset = m->offset, .delim = m->delim,
                        .flags = m->flags };
    if (d->direct) {
        f.line = event_line(x, m);
    } else if (d->mapped) {
        const struct checkpoint *c = checkpoint_of(x, m->offset);

        f.line = c ? c->line : d->cur_line;
        /* in HTML, the column of the line of the input: the scanner's
         * counts from the last tag, which it sees as a line break (0:
         * not known, or not asked for) */
        if (d->html)
            f.column = c && c->col ? c->col + (m->offset - c->off) : 0;
    }
    f.base = doc_base(x, &f.base_source);
    f.doc_uri = x->doc_uri[0] ? x->doc_uri : NULL;
    doc_context(x, &f, m->offset, m->end_offset);
    emit_ref(x, &f);
    return x->stopped;
}

/* Checkpoints before the scanner's horizon are no longer needed, but for
 * the last of them. */
static void
prune_checkpoints(struct urigrep_extractor *x)
{
    struct document *d = &x->doc;
    uint64_t h = scan_horizon(d->sc);
    size_t k = 0;

    while (k + 1 < d->ncps && d->cps[k + 1].off <= h)
        k++;
    if (k) {
        memmove(d->cps, d->cps + k, (d->ncps - k) * sizeof *d->cps);
        d->ncps -= k;
    }
}

/* Feed P (N bytes) to the scanner, unless stopped. */
static void
feed_scanner(struct urigrep_extractor *x, const char *p, size_t n)
{
    struct document *d = &x->doc;

    d->block = p;
    d->nblock = n;
    if (n && !x->stopped &&
        urigrep_scanner_feed(d->sc, p, n, on_event, x) == URIGREP_ERR_NOMEM)
        emit_nomem(x);
    d->block = NULL;
    d->nblock = 0;
    if (n && (x->o.flags & URIGREP_EXTRACT_CONTEXT))
        keep_tail(x, p, n);
    d->fed += n;
}

/* Hand the waiting text to the scanner (FINAL: and end the stream). */
static void
flush_text(struct urigrep_extractor *x, bool final)
{
    struct document *d = &x->doc;

    feed_scanner(x, d->text.data, d->text.len);
    d->text.len = 0;
    if (final) {
        if (!x->stopped)
            urigrep_scanner_finish(d->sc, on_event, x);
        urigrep_scanner_reset(d->sc);
        release_held(x, 0, true);
        d->ncps = 0;
        d->fed = 0;
        d->ntail = 0;
        return;
    }
    if (d->mapped)
        prune_checkpoints(x);
    if (d->held.n)
        release_held(x, scan_horizon(d->sc), false);
}

/* Room for one more checkpoint; false when memory ran out. */
static bool
grow_checkpoints(struct urigrep_extractor *x)
{
    struct document *d = &x->doc;
    size_t cap = d->cps_cap ? d->cps_cap * 2 : 256;
    struct checkpoint *c = realloc(d->cps, cap * sizeof *c);

    if (c == NULL) {
        emit_nomem(x);
        return false;
    }
    d->cps = c;
    d->cps_cap = cap;
    return true;
}

/* Scanner offset OFF is text of line x->doc.cur_line, at column COL. With
 * URIGREP_EXTRACT_COLUMNS, HTML has one per text run: inline. */
static inline void
add_checkpoint(struct urigrep_extractor *x, uint64_t off, uint64_t col)
{
    struct document *d = &x->doc;
    struct checkpoint *c;

    if (d->ncps && d->cps[d->ncps - 1].off == off) {
        c = &d->cps[d->ncps - 1]; /* what it said is true of no byte */
    } else {
        if (d->ncps == d->cps_cap && !grow_checkpoints(x))
            return;
        c = &d->cps[d->ncps++];
    }
    c->off = off;
    c->line = d->cur_line;
    c->col = col;
}

/* Text for the scanner, from stored line x->doc.cur_line. */
static inline void
text_out(struct urigrep_extractor *x, const char *p, size_t n)
{
    struct document *d = &x->doc;

    if (!d->mapped || d->direct) {
        /* plain text needs no checkpoints: straight to the scanner, in
         * the size it came in */
        feed_scanner(x, p, n);
        return;
    }
    if (d->ncps == 0 || d->cps[d->ncps - 1].line != d->cur_line)
        add_checkpoint(x, d->fed + d->text.len, 0);
    if (d->text.len < TEXT_BLOCK && n < TEXT_BLOCK - d->text.len &&
        !x->stopped) {
        /* the usual piece: in the block, which it does not fill */
        if (buf_append(&d->text, p, n) != URIGREP_OK)
            emit_nomem(x);
        return;
    }
    while (n && !x->stopped) {
        size_t block = d->anchor_seq ? TEXT_BLOCK_ANCHOR : TEXT_BLOCK;
        size_t room = block > d->text.len ? block - d->text.len : 0;
        size_t take = n < room ? n : room;

        if (buf_append(&d->text, p, take) != URIGREP_OK) {
            emit_nomem(x);
            return;
        }
        p += take;
        n -= take;
        if (d->text.len >= block)
            flush_text(x, false);
    }
}

static void
html_text(void *arg, const char *p, size_t n)
{
    text_out(arg, p, n);
}

/* Text AT[0..N) of the input comes after PENDING bytes html_text() has
 * yet to get: a checkpoint unless the last one's column leads there, and
 * one after each line break in it (a converter that held a character
 * back gives a line's "\n" with the next line). */
static void
html_text_at(void *arg, size_t pending, const char *at, size_t n)
{
    struct urigrep_extractor *x = arg;
    struct document *d = &x->doc;
    uint64_t off = d->fed + d->text.len + pending, col = source_col(x, at);
    const struct checkpoint *last = d->ncps ? &d->cps[d->ncps - 1] : NULL;
    const char *nl = at, *end = at + n;

    if (pending && (last == NULL || last->line != d->cur_line)) {
        /* the PENDING bytes before it (a decoded character reference, a
         * tag's line break) are of this line too: text_out() gives them
         * no checkpoint, the last one being this line's (column 0: not
         * known) */
        add_checkpoint(x, off - pending, 0);
        last = d->ncps ? &d->cps[d->ncps - 1] : NULL;
    }
    if (col && !(last && last->line == d->cur_line && last->col &&
                 last->col + (off - last->off) == col))
        add_checkpoint(x, off, col);
    if (d->feed_nl && end - 1 <= d->feed_nl)
        return; /* no line break before its last byte */
    while ((nl = memchr(nl, '\n', (size_t)(end - nl))) != NULL &&
           ++nl < end)
        add_checkpoint(x, off + (uint64_t)(nl - at), 1);
}

/* An attribute value begins at AT: its references are said to be on
 * this line (-n), not on the one where the value ends, and at its column
 * of the (decoded) line, as text references are. */
static void
html_value(void *arg, const char *at)
{
    struct urigrep_extractor *x = arg;
    struct document *d = &x->doc;

    d->value_line = d->cur_line;
    d->value_col = source_col(x, at);
}

static void
html_uri(void *arg, const char *p, size_t n, const char *tag,
         const char *attr)
{
    struct urigrep_extractor *x = arg;
    struct document *d = &x->doc;
    size_t k;

    if (d->hsink.anchor && strcmp(tag, "a") == 0)
        d->anchor_seq = 0; /* a new anchor; its text is none of ours */
    /* href="javascript:..." is code, not a link; an empty value
     * (Google Groups writes <a href="" data-email-masked> for every
     * address it hides) is a reference to the page itself that nobody
     * wrote as one */
    if (n == 0 || scheme_never_ref(p, n) || x->stopped)
        return;
    /* "Blockedhttps://x", as Outlook's link protection writes a link it
     * blocked: text run into the URI, as in text */
    k = scan_value_start(d->sc, p, n);
    held_push(x, &d->held, p + k, n - k, d->fed + d->text.len,
              d->value_line, d->value_col ? d->value_col + k : 0,
              URIGREP_DELIM_ATTRIBUTE);
    if (d->hsink.anchor && strcmp(tag, "a") == 0 && strcmp(attr, "href") == 0)
        d->anchor_seq = d->held.pushed;
    if (d->held.n >= HELD_MAX || d->held.bytes >= HELD_BYTES_MAX) {
        flush_text(x, false);
        /* a URI candidate of the text still open before them: memory
         * matters more than their order then */
        if (d->held.n >= HELD_MAX || d->held.bytes >= HELD_BYTES_MAX)
            release_held(x, 0, true);
    }
}

/* <BASE href>: the base for the rest of the document (Appendix D); a
 * relative one is resolved against the base in force. */
static void
html_base(void *arg, const char *p, size_t n)
{
    struct urigrep_extractor *x = arg;
    struct document *d = &x->doc;
    enum urigrep_base_source src;
    const char *cur = doc_base(x, &src);
    char *abs = NULL;
    size_t len = 0;

    if (cur == NULL)
        cur = x->base;
    if (n >= EXTRACT_MAX_BASE)
        return;
    /* held attributes before it keep the base they were written under */
    flush_text(x, false);
    release_held(x, 0, true);
    if (cur && urigrep_resolve(cur, strlen(cur), p, n, URIGREP_RFC2396, &abs,
                               &len) == URIGREP_OK &&
        len < EXTRACT_MAX_BASE) {
        memcpy(d->html_base, abs, len + 1);
    } else {
        memcpy(d->html_base, p, n);
        d->html_base[n] = '\0';
    }
    free(abs);
}

/* The <a href> whose URI was held last has ended, and P (N bytes) is
 * its text: the URI keeps it, if it is still held. The text before it
 * is all in: the block past the usual size goes to the scanner now. */
static void
html_anchor(void *arg, const char *p, size_t n)
{
    struct urigrep_extractor *x = arg;
    struct document *d = &x->doc;
    size_t i;

    for (i = d->held.n; d->anchor_seq && i-- > 0;) {
        struct held_uri *h = &d->held.v[i];

        if (h->seq != d->anchor_seq)
            continue;
        if ((h->text = malloc(n ? n : 1)) == NULL) {
            emit_nomem(x);
            break;
        }
        memcpy(h->text, p, n);
        h->ntext = n;
        break;
    }
    d->anchor_seq = 0;
    if (d->text.len >= TEXT_BLOCK)
        flush_text(x, false);
}

/* An attribute value longer than the limit was dropped. */
static void
html_cut(void *arg, const char *tag, const char *attr)
{
    struct urigrep_extractor *x = arg;
    char what[96];
    size_t t = strlen(tag), a = strlen(attr);

    if (t > 40)
        t = 40;
    if (a > 40)
        a = 40;
    memcpy(what, tag, t);
    what[t] = ' ';
    memcpy(what + t + 1, attr, a);
    what[t + 1 + a] = '\0';
    emit_notice(x, URIGREP_NOTICE_ATTR_TOO_LONG, x->doc.cur_line, x->max_uri,
                   what);
}

/* Run *P (*N bytes) through the open charset converter, if any, and point
 * them at the UTF-8 it gave (FINAL: flush it). */
static void
convert(struct urigrep_extractor *x, const char **p, size_t *n, bool final)
{
    struct document *d = &x->doc;

    if (d->cv == NULL)
        return;
    d->conv.len = 0;
    if (charset_convert(d->cv, *p, *n, final, &d->conv, &d->bad_bytes)) {
        emit_nomem(x);
        *n = 0;
        return;
    }
    *p = d->conv.data;
    *n = d->conv.len;
}

/* Is CHARSET one whose bytes are UTF-8 already? */
static bool
is_utf8ish(const char *cs)
{
    return cs[0] == '\0' || strcasecmp(cs, "utf-8") == 0 ||
           strcasecmp(cs, "utf8") == 0 || strcasecmp(cs, "us-ascii") == 0 ||
           strcasecmp(cs, "ascii") == 0;
}

/* Convert the document from CHARSET; one iconv does not know is scanned
 * as it is. */
static void
open_charset(struct urigrep_extractor *x, const char *charset)
{
    struct document *d = &x->doc;

    d->cv = charset_pool_open(&d->cvpool, charset);
    if (d->cv == NULL)
        emit_notice(x, URIGREP_NOTICE_CHARSET, d->cur_line, 0, charset);
}

/* The start of an HTML document is in: look for its <meta> charset (a
 * UTF-8 byte order mark wins over it, as in browsers), then scan what was
 * held. */
static void
prescan_done(struct urigrep_extractor *x)
{
    struct document *d = &x->doc;
    char label[64];
    size_t i;

    d->prescan = false;
    if (!(d->npre >= 3 && memcmp(d->pre, "\xef\xbb\xbf", 3) == 0) &&
        html_prescan_charset(d->pre, d->npre, label, sizeof label)) {
        const char *cs = html_charset_name(label);

        if (!is_utf8ish(cs))
            open_charset(x, cs);
    }
    for (i = 0; i < d->npre_lines; i++) {
        size_t end = i + 1 < d->npre_lines ? d->pre_lines[i + 1].off
                                           : d->npre;

        doc_data(x, d->pre + d->pre_lines[i].off, end - d->pre_lines[i].off,
                 d->pre_lines[i].line);
    }
    d->npre = d->npre_lines = 0;
}

/* Hold P (N bytes, from stored line LINE) while looking for a <meta>
 * charset; returns how many bytes were taken. */
static size_t
prescan_hold(struct urigrep_extractor *x, const char *p, size_t n,
             uint64_t line)
{
    struct document *d = &x->doc;
    size_t take = sizeof d->pre - d->npre;

    if (take > n)
        take = n;
    if (d->npre_lines == 0 ||
        (d->pre_lines[d->npre_lines - 1].line != line &&
         d->npre_lines < sizeof d->pre_lines / sizeof *d->pre_lines)) {
        d->pre_lines[d->npre_lines].off = d->npre;
        d->pre_lines[d->npre_lines].line = line;
        d->npre_lines++;
    }
    memcpy(d->pre + d->npre, p, take);
    d->npre += take;
    if (d->npre == sizeof d->pre)
        prescan_done(x);
    return take;
}

/* HTML P (N bytes, in UTF-8) for the reader, its columns known (MORE:
 * its text may stay pending, html_feed_more(); LAZY: P stays where it is
 * until col_settle(), and comes right after the piece before it if that
 * one is not counted yet). */
static inline void
html_input(struct urigrep_extractor *x, const char *p, size_t n, bool more,
           bool lazy)
{
    struct document *d = &x->doc;
    const char *nl;

    if (d->col_lazy && (!lazy || p != d->col_lazy_end))
        col_settle(x);
    d->feed_p = p;
    d->feed_n = n;
    d->feed_nl = d->col_p = NULL;
    if (more)
        html_feed_more(d->hs, p, n, &d->hsink);
    else
        html_feed(d->hs, p, n, &d->hsink);
    /* a line may come in pieces: the column goes on (most input comes a
     * line at a time, its '\n' last) */
    if (n && p[n - 1] == '\n') {
        d->feed_col = 0;
        d->col_lazy = NULL;
    } else if (lazy) {
        if (d->col_lazy == NULL)
            d->col_lazy = p;
        d->col_lazy_end = p + n;
    } else if ((nl = n ? memrchr(p, '\n', n) : NULL) != NULL)
        d->feed_col = (uint64_t)(p + n - 1 - nl);
    else
        d->feed_col += n;
    d->feed_p = NULL; /* (source_col(): not at hand) */
}

void
doc_data(struct urigrep_extractor *x, const char *p, size_t n, uint64_t line)
{
    struct document *d = &x->doc;

    if (d->skip || x->stopped)
        return;
    if (d->prescan) {
        size_t k = prescan_hold(x, p, n, line);

        p += k;
        n -= k;
        if (n == 0)
            return;
    }
    d->cur_line = line;
    convert(x, &p, &n, false);
    if (d->html)
        html_input(x, p, n, false, false);
    else
        text_out(x, p, n);
}

/* The HTML line P (N bytes, decoded, in UTF-8) from stored line
 * x->doc.cur_line: as doc_data() would take it, but the text it leaves
 * pending stays there; the line's text begins after it, and a checkpoint
 * says so. The caller gives what is pending (html_flush()) after the
 * last line. */
static inline void
html_line(struct urigrep_extractor *x, const char *p, size_t n, bool lazy)
{
    struct document *d = &x->doc;

    if (d->mapped && !d->direct &&
        (d->ncps == 0 || d->cps[d->ncps - 1].line != d->cur_line))
        add_checkpoint(x, d->fed + d->text.len + html_pending(d->hs), 0);
    html_input(x, p, n, true, lazy);
}

/* Append the text P (N bytes) to the block, which it does not fill. */
static inline void
text_append(struct urigrep_extractor *x, const char *p, size_t n)
{
    if (n && buf_append(&x->doc.text, p, n) != URIGREP_OK)
        emit_nomem(x);
}

/* Plain text P (N bytes, cut at MARKS) for the scanner, as text_out()
 * takes it a mark at a time, with the same checkpoints: the pieces that
 * fit in the block, nearly all, in one copy (they follow one another
 * in P). */
static void
text_marked_out(struct urigrep_extractor *x, const char *p, size_t n,
                const struct mail_mark *marks, size_t nmarks)
{
    struct document *d = &x->doc;
    size_t k, from = 0, acc = 0; /* P[from..from + acc) not yet in */

    for (k = 0; k < nmarks && !x->stopped; k++) {
        size_t off = marks[k].off;
        size_t len = (k + 1 < nmarks ? marks[k + 1].off : n) - off;

        if (len == 0)
            continue;
        if (acc == 0)
            from = off;
        d->cur_line = marks[k].line;
        if (d->ncps == 0 || d->cps[d->ncps - 1].line != d->cur_line)
            add_checkpoint(x, d->fed + d->text.len + acc, 0);
        if (d->text.len + acc < TEXT_BLOCK &&
            len < TEXT_BLOCK - d->text.len - acc) {
            acc += len;
            continue;
        }
        /* it fills the block: what came before it goes in first */
        text_append(x, p + from, acc);
        acc = 0;
        text_out(x, p + off, len);
    }
    text_append(x, p + from, acc);
}

void
doc_marked(struct urigrep_extractor *x, const char *p, size_t n,
           const struct mail_mark *marks, size_t nmarks)
{
    struct document *d = &x->doc;
    size_t k;

    if (d->skip)
        return;
    if (!d->html && d->cv == NULL && d->mapped && !d->direct) {
        text_marked_out(x, p, n, marks, nmarks);
        return;
    }
    for (k = 0; k < nmarks && !x->stopped; k++) {
        const char *q = p + marks[k].off;
        size_t len = (k + 1 < nmarks ? marks[k + 1].off : n) - marks[k].off;

        if (len == 0)
            continue; /* no part_data() call for it */
        if (d->prescan) {
            doc_data(x, q, len, marks[k].line); /* held, as it was */
            continue;
        }
        d->cur_line = marks[k].line;
        convert(x, &q, &len, false);
        if (d->html)
            html_line(x, q, len, d->cv == NULL); /* P stays */
        else
            text_out(x, q, len);
    }
    if (d->col_lazy)
        col_settle(x);
    if (d->html && d->hs)
        html_flush(d->hs, &d->hsink);
}

/* Plain text P (N bytes of whole lines, the first from stored line
 * LINE) for the scanner, with the checkpoint text_out() would give each
 * line, copied in as few pieces as the blocks allow. */
static void
text_lines_out(struct urigrep_extractor *x, const char *p, size_t n,
               uint64_t line)
{
    struct document *d = &x->doc;

    while (n && !x->stopped) {
        size_t room = TEXT_BLOCK > d->text.len ? TEXT_BLOCK - d->text.len
                                               : 0;
        size_t take = n < room ? n : room, i = 0;
        uint64_t off = d->fed + d->text.len;

        /* a checkpoint at each line that starts in these TAKE bytes:
         * at 0 unless the line goes on from the last piece */
        if (d->ncps == 0 || d->cps[d->ncps - 1].line != line)
            add_checkpoint(x, off, 0);
        for (;;) {
            const char *nl = memchr(p + i, '\n', take - i);

            if (nl == NULL)
                break;
            i = (size_t)(nl - p) + 1;
            if (i == n)
                break; /* the last line's end: no line after it here */
            line++;
            if (i == take) {
                d->cur_line = line; /* the next piece starts it */
                break;
            }
            d->cur_line = line;
            add_checkpoint(x, off + i, 0);
        }
        if (buf_append(&d->text, p, take) != URIGREP_OK) {
            emit_nomem(x);
            return;
        }
        p += take;
        n -= take;
        if (d->text.len >= TEXT_BLOCK)
            flush_text(x, false);
    }
}

void
doc_lines(struct urigrep_extractor *x, const char *p, size_t n,
          uint64_t line, uint64_t last)
{
    struct document *d = &x->doc;
    const char *nl;

    if (d->skip || x->stopped || n == 0)
        return;
    if (d->direct) {
        /* the whole span, where it lies; the scanner counts its lines,
         * but the line the document has come to is said as if a line at
         * a time (the notice of bytes not valid in their charset gives
         * it at the end) */
        text_out(x, p, n);
        d->cur_line = last;
        return;
    }
    if (d->mapped && !d->html && !d->prescan && d->cv == NULL &&
        d->anchor_seq == 0) {
        d->cur_line = line;
        text_lines_out(x, p, n, line);
        return;
    }
    if (d->html && !d->prescan) {
        /* a line at a time, as doc_data() would, but the text pending
         * at a line's end waits for the next (html_line()) */
        while (n && !x->stopped) {
            size_t take = (nl = memchr(p, '\n', n)) != NULL
                              ? (size_t)(nl - p) + 1 : n, len = take;
            const char *q = p;

            d->cur_line = line++;
            convert(x, &q, &len, false);
            html_line(x, q, len, false);
            p += take;
            n -= take;
        }
        html_flush(d->hs, &d->hsink);
        return;
    }
    while (n && (nl = memchr(p, '\n', n)) != NULL) {
        size_t take = (size_t)(nl - p) + 1;

        doc_data(x, p, take, line++);
        p += take;
        n -= take;
    }
    if (n)
        doc_data(x, p, n, line);
}

void
doc_end(struct urigrep_extractor *x)
{
    struct document *d = &x->doc;

    if (d->skip) {
        d->skip = false;
        return;
    }
    if (d->prescan)
        prescan_done(x);
    if (d->cv) {
        const char *p = "";
        size_t n = 0;

        convert(x, &p, &n, true);
        if (d->html)
            html_feed(d->hs, p, n, &d->hsink);
        else
            text_out(x, p, n);
        charset_pool_close(&d->cvpool, d->cv);
        d->cv = NULL;
    }
    if (d->html)
        html_finish(d->hs, &d->hsink);
    flush_text(x, true);
    d->html_base[0] = '\0';
    d->direct = false;
}

void
doc_begin(struct urigrep_extractor *x, bool html, const char *charset,
          bool force)
{
    struct document *d = &x->doc;

    d->html = html;
    d->skip = d->direct = false;
    d->html_base[0] = '\0';
    d->hsink = (struct html_sink){ html_text, html_uri, html_base, html_cut,
                                   html_value, NULL, x, NULL };
    if (x->o.flags & URIGREP_EXTRACT_COLUMNS)
        d->hsink.text_at = html_text_at;
    if (x->o.flags & URIGREP_EXTRACT_TRUST)
        d->hsink.anchor = html_anchor;
    d->anchor_seq = 0;
    if (html && d->hs == NULL && (d->hs = html_new(x->max_uri)) == NULL) {
        emit_nomem(x);
        d->skip = true;
        return;
    }
    if (charset && charset[0] && (force || !is_utf8ish(charset)))
        open_charset(x, charset);
    /* HTML without a charset: as a browser, look for a <meta> one */
    d->prescan = html && (charset == NULL || charset[0] == '\0');
    d->npre = d->npre_lines = 0;
    d->feed_col = 0;
    d->col_lazy = NULL;
}

void
doc_reset(struct urigrep_extractor *x)
{
    struct document *d = &x->doc;

    urigrep_scanner_reset(d->sc);
    /* a new one is made when needed: nothing of this one's state stays */
    html_free(d->hs);
    d->hs = NULL;
    charset_pool_close(&d->cvpool, d->cv);
    d->cv = NULL;
    held_drop(&d->held, d->held.n);
    d->anchor_seq = 0;
    d->text.len = 0;
    d->ncps = 0;
    d->fed = 0;
    d->ntail = 0;
    d->skip = d->prescan = d->html = d->direct = false;
    d->npre = d->npre_lines = 0;
    d->html_base[0] = x->hdr_base[0] = x->doc_uri[0] = '\0';
    x->hdr_base_source = URIGREP_BASE_NONE;
}

void
doc_free(struct urigrep_extractor *x)
{
    struct document *d = &x->doc;

    held_free(&d->held);
    free(d->cps);
    buf_free(&d->conv);
    buf_free(&d->text);
    buf_free(&d->ctx);
    charset_close(d->cv);
    charset_pool_free(&d->cvpool);
    html_free(d->hs);
}
