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
    if (x->html_base[0]) {
        *src = URIGREP_BASE_HTML;
        return x->html_base;
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
    size_t lo = 0, hi = x->ncps;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;

        if (x->cps[mid].off <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &x->cps[lo - 1] : NULL;
}

/* The stored line of scanner offset OFF. */
static uint64_t
line_of(const struct urigrep_extractor *x, uint64_t off)
{
    const struct checkpoint *c = checkpoint_of(x, off);

    return c ? c->line : x->cur_line;
}

/* source_col() past the input's first line break. */
static uint64_t
source_col_past_nl(struct urigrep_extractor *x, const char *p)
{
    const char *from = x->col_p, *nl;
    uint64_t col = x->col_at;

    if (from == NULL || p < from || from < x->feed_nl) {
        /* from the first line break (asked out of order: again) */
        from = x->feed_nl;
        col = x->feed_col + (uint64_t)(from - x->feed_p) + 1;
    }
    nl = p > from ? memrchr(from, '\n', (size_t)(p - from)) : NULL;
    col = nl ? (uint64_t)(p - nl) : col + (uint64_t)(p - from);
    x->col_p = p;
    x->col_at = col;
    return col;
}

/* Count in x->feed_col the pieces html_input() left out of it: they
 * follow one another, each but the last with no '\n' last (so that a
 * quoted-printable line in pieces is searched once, when a column is
 * asked for, or not at all when its '\n' comes first). */
static void
col_settle(struct urigrep_extractor *x)
{
    const char *from = x->col_lazy, *nl;
    size_t n = (size_t)(x->col_lazy_end - from);

    nl = n ? memrchr(from, '\n', n) : NULL;
    x->feed_col = nl ? (uint64_t)(x->col_lazy_end - 1 - nl)
                     : x->feed_col + n;
    x->col_lazy = NULL;
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
    uintptr_t a = (uintptr_t)x->feed_p, b = (uintptr_t)p;

    if (x->feed_p == NULL || b < a || b > a + x->feed_n)
        return 0;
    if (x->col_lazy)
        col_settle(x);
    if (x->feed_nl == NULL) { /* looked for when first needed */
        const char *nl = memchr(x->feed_p, '\n', x->feed_n);

        x->feed_nl = nl ? nl : x->feed_p + x->feed_n;
    }
    if (b <= (uintptr_t)x->feed_nl)
        return x->feed_col + (uint64_t)(b - a) + 1;
    return source_col_past_nl(x, p);
}

/* Set F's context: the text around scanner offsets START to END (a
 * reference), as much of it as is at hand (URIGREP_EXTRACT_CONTEXT),
 * copied into x->ctx; none without the flag or when none is at hand. */
static void
doc_context(struct urigrep_extractor *x, struct found *f, uint64_t start,
            uint64_t end)
{
    uint64_t have_lo = x->fed - x->ntail, have_hi = x->fed + x->nblock;
    uint64_t lo, hi, split = x->fed;

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
    x->ctx.len = 0;
    if (lo < split &&
        buf_append(&x->ctx, x->tail + (x->ntail - (split - lo)),
                   (size_t)((hi < split ? hi : split) - lo)) != URIGREP_OK)
        goto nomem;
    if (hi > split &&
        buf_append(&x->ctx, x->block + (lo > split ? lo - split : 0),
                   (size_t)(hi - (lo > split ? lo : split))) != URIGREP_OK)
        goto nomem;
    f->context.ptr = x->ctx.data;
    f->context.len = x->ctx.len;
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
    size_t keep;

    if (n >= sizeof x->tail) {
        memcpy(x->tail, p + n - sizeof x->tail, sizeof x->tail);
        x->ntail = sizeof x->tail;
        return;
    }
    keep = sizeof x->tail - n;
    if (keep > x->ntail)
        keep = x->ntail;
    memmove(x->tail, x->tail + x->ntail - keep, keep);
    memcpy(x->tail + keep, p, n);
    x->ntail = keep + n;
}

void
held_emit(struct urigrep_extractor *x, const struct held_uri *h,
          bool document_base)
{
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
    } else if (document_base && h->seq == x->anchor_seq && x->hs) {
        /* its anchor has not ended: the text read so far */
        f.text = html_anchor_text(x->hs, &f.ntext);
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
    size_t i = 0;

    while (i < x->held.n && (all || x->held.v[i].pos <= upto) &&
           !x->stopped)
        held_emit(x, &x->held.v[i++], true);
    held_drop(&x->held, x->stopped ? x->held.n : i);
}

/* The stored line of the scanner's event M. */
static uint64_t
event_line(const struct urigrep_extractor *x, const struct urigrep_match *m)
{
    if (x->direct)
        return x->direct_base + m->line;
    return x->mapped ? line_of(x, m->offset) : m->line;
}

static int
on_event(void *arg, const struct urigrep_match *m)
{
    struct urigrep_extractor *x = arg;
    struct found f;

    if (x->held.n)
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
    if (x->direct) {
        f.line = event_line(x, m);
    } else if (x->mapped) {
        const struct checkpoint *c = checkpoint_of(x, m->offset);

        f.line = c ? c->line : x->cur_line;
        /* in HTML, the column of the line of the input: the scanner's
         * counts from the last tag, which it sees as a line break (0:
         * not known, or not asked for) */
        if (x->html)
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
    uint64_t h = scan_horizon(x->sc);
    size_t k = 0;

    while (k + 1 < x->ncps && x->cps[k + 1].off <= h)
        k++;
    if (k) {
        memmove(x->cps, x->cps + k, (x->ncps - k) * sizeof *x->cps);
        x->ncps -= k;
    }
}

/* Feed P (N bytes) to the scanner, unless stopped. */
static void
feed_scanner(struct urigrep_extractor *x, const char *p, size_t n)
{
    x->block = p;
    x->nblock = n;
    if (n && !x->stopped &&
        urigrep_scanner_feed(x->sc, p, n, on_event, x) == URIGREP_ERR_NOMEM)
        emit_nomem(x);
    x->block = NULL;
    x->nblock = 0;
    if (n && (x->o.flags & URIGREP_EXTRACT_CONTEXT))
        keep_tail(x, p, n);
    x->fed += n;
}

/* Hand the waiting text to the scanner (FINAL: and end the stream). */
static void
flush_text(struct urigrep_extractor *x, bool final)
{
    feed_scanner(x, x->text.data, x->text.len);
    x->text.len = 0;
    if (final) {
        if (!x->stopped)
            urigrep_scanner_finish(x->sc, on_event, x);
        urigrep_scanner_reset(x->sc);
        release_held(x, 0, true);
        x->ncps = 0;
        x->fed = 0;
        x->ntail = 0;
        return;
    }
    if (x->mapped)
        prune_checkpoints(x);
    if (x->held.n)
        release_held(x, scan_horizon(x->sc), false);
}

/* Room for one more checkpoint; false when memory ran out. */
static bool
grow_checkpoints(struct urigrep_extractor *x)
{
    size_t cap = x->cps_cap ? x->cps_cap * 2 : 256;
    struct checkpoint *c = realloc(x->cps, cap * sizeof *c);

    if (c == NULL) {
        emit_nomem(x);
        return false;
    }
    x->cps = c;
    x->cps_cap = cap;
    return true;
}

/* Scanner offset OFF is text of line x->cur_line, at column COL. With
 * URIGREP_EXTRACT_COLUMNS, HTML has one per text run: inline. */
static inline void
add_checkpoint(struct urigrep_extractor *x, uint64_t off, uint64_t col)
{
    struct checkpoint *c;

    if (x->ncps && x->cps[x->ncps - 1].off == off) {
        c = &x->cps[x->ncps - 1]; /* what it said is true of no byte */
    } else {
        if (x->ncps == x->cps_cap && !grow_checkpoints(x))
            return;
        c = &x->cps[x->ncps++];
    }
    c->off = off;
    c->line = x->cur_line;
    c->col = col;
}

/* Text for the scanner, from stored line x->cur_line. */
static inline void
text_out(struct urigrep_extractor *x, const char *p, size_t n)
{
    if (!x->mapped || x->direct) {
        /* plain text needs no checkpoints: straight to the scanner, in
         * the size it came in */
        feed_scanner(x, p, n);
        return;
    }
    if (x->ncps == 0 || x->cps[x->ncps - 1].line != x->cur_line)
        add_checkpoint(x, x->fed + x->text.len, 0);
    if (x->text.len < TEXT_BLOCK && n < TEXT_BLOCK - x->text.len &&
        !x->stopped) {
        /* the usual piece: in the block, which it does not fill */
        if (buf_append(&x->text, p, n) != URIGREP_OK)
            emit_nomem(x);
        return;
    }
    while (n && !x->stopped) {
        size_t block = x->anchor_seq ? TEXT_BLOCK_ANCHOR : TEXT_BLOCK;
        size_t room = block > x->text.len ? block - x->text.len : 0;
        size_t take = n < room ? n : room;

        if (buf_append(&x->text, p, take) != URIGREP_OK) {
            emit_nomem(x);
            return;
        }
        p += take;
        n -= take;
        if (x->text.len >= block)
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
    uint64_t off = x->fed + x->text.len + pending, col = source_col(x, at);
    const struct checkpoint *last = x->ncps ? &x->cps[x->ncps - 1] : NULL;
    const char *nl = at, *end = at + n;

    if (pending && (last == NULL || last->line != x->cur_line)) {
        /* the PENDING bytes before it (a decoded character reference, a
         * tag's line break) are of this line too: text_out() gives them
         * no checkpoint, the last one being this line's (column 0: not
         * known) */
        add_checkpoint(x, off - pending, 0);
        last = x->ncps ? &x->cps[x->ncps - 1] : NULL;
    }
    if (col && !(last && last->line == x->cur_line && last->col &&
                 last->col + (off - last->off) == col))
        add_checkpoint(x, off, col);
    if (x->feed_nl && end - 1 <= x->feed_nl)
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

    x->value_line = x->cur_line;
    x->value_col = source_col(x, at);
}

static void
html_uri(void *arg, const char *p, size_t n, const char *tag,
         const char *attr)
{
    struct urigrep_extractor *x = arg;
    size_t k;

    if (x->hsink.anchor && strcmp(tag, "a") == 0)
        x->anchor_seq = 0; /* a new anchor; its text is none of ours */
    /* href="javascript:..." is code, not a link; an empty value
     * (Google Groups writes <a href="" data-email-masked> for every
     * address it hides) is a reference to the page itself that nobody
     * wrote as one */
    if (n == 0 || scheme_never_ref(p, n) || x->stopped)
        return;
    /* "Blockedhttps://x", as Outlook's link protection writes a link it
     * blocked: text run into the URI, as in text */
    k = scan_value_start(x->sc, p, n);
    held_push(x, &x->held, p + k, n - k, x->fed + x->text.len,
              x->value_line, x->value_col ? x->value_col + k : 0,
              URIGREP_DELIM_ATTRIBUTE);
    if (x->hsink.anchor && strcmp(tag, "a") == 0 && strcmp(attr, "href") == 0)
        x->anchor_seq = x->held.pushed;
    if (x->held.n >= HELD_MAX || x->held.bytes >= HELD_BYTES_MAX) {
        flush_text(x, false);
        /* a URI candidate of the text still open before them: memory
         * matters more than their order then */
        if (x->held.n >= HELD_MAX || x->held.bytes >= HELD_BYTES_MAX)
            release_held(x, 0, true);
    }
}

/* <BASE href>: the base for the rest of the document (Appendix D); a
 * relative one is resolved against the base in force. */
static void
html_base(void *arg, const char *p, size_t n)
{
    struct urigrep_extractor *x = arg;
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
        memcpy(x->html_base, abs, len + 1);
    } else {
        memcpy(x->html_base, p, n);
        x->html_base[n] = '\0';
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
    size_t i;

    for (i = x->held.n; x->anchor_seq && i-- > 0;) {
        struct held_uri *h = &x->held.v[i];

        if (h->seq != x->anchor_seq)
            continue;
        if ((h->text = malloc(n ? n : 1)) == NULL) {
            emit_nomem(x);
            break;
        }
        memcpy(h->text, p, n);
        h->ntext = n;
        break;
    }
    x->anchor_seq = 0;
    if (x->text.len >= TEXT_BLOCK)
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
    emit_notice(x, URIGREP_NOTICE_ATTR_TOO_LONG, x->cur_line, x->max_uri,
                   what);
}

/* Run *P (*N bytes) through the open charset converter, if any, and point
 * them at the UTF-8 it gave (FINAL: flush it). */
static void
convert(struct urigrep_extractor *x, const char **p, size_t *n, bool final)
{
    if (x->cv == NULL)
        return;
    x->conv.len = 0;
    if (charset_convert(x->cv, *p, *n, final, &x->conv, &x->bad_bytes)) {
        emit_nomem(x);
        *n = 0;
        return;
    }
    *p = x->conv.data;
    *n = x->conv.len;
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
    x->cv = charset_pool_open(&x->cvpool, charset);
    if (x->cv == NULL)
        emit_notice(x, URIGREP_NOTICE_CHARSET, x->cur_line, 0, charset);
}

/* The start of an HTML document is in: look for its <meta> charset (a
 * UTF-8 byte order mark wins over it, as in browsers), then scan what was
 * held. */
static void
prescan_done(struct urigrep_extractor *x)
{
    char label[64];
    size_t i;

    x->prescan = false;
    if (!(x->npre >= 3 && memcmp(x->pre, "\xef\xbb\xbf", 3) == 0) &&
        html_prescan_charset(x->pre, x->npre, label, sizeof label)) {
        const char *cs = html_charset_name(label);

        if (!is_utf8ish(cs))
            open_charset(x, cs);
    }
    for (i = 0; i < x->npre_lines; i++) {
        size_t end = i + 1 < x->npre_lines ? x->pre_lines[i + 1].off
                                           : x->npre;

        doc_data(x, x->pre + x->pre_lines[i].off, end - x->pre_lines[i].off,
                 x->pre_lines[i].line);
    }
    x->npre = x->npre_lines = 0;
}

/* Hold P (N bytes, from stored line LINE) while looking for a <meta>
 * charset; returns how many bytes were taken. */
static size_t
prescan_hold(struct urigrep_extractor *x, const char *p, size_t n,
             uint64_t line)
{
    size_t take = sizeof x->pre - x->npre;

    if (take > n)
        take = n;
    if (x->npre_lines == 0 ||
        (x->pre_lines[x->npre_lines - 1].line != line &&
         x->npre_lines < sizeof x->pre_lines / sizeof *x->pre_lines)) {
        x->pre_lines[x->npre_lines].off = x->npre;
        x->pre_lines[x->npre_lines].line = line;
        x->npre_lines++;
    }
    memcpy(x->pre + x->npre, p, take);
    x->npre += take;
    if (x->npre == sizeof x->pre)
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
    const char *nl;

    if (x->col_lazy && (!lazy || p != x->col_lazy_end))
        col_settle(x);
    x->feed_p = p;
    x->feed_n = n;
    x->feed_nl = x->col_p = NULL;
    if (more)
        html_feed_more(x->hs, p, n, &x->hsink);
    else
        html_feed(x->hs, p, n, &x->hsink);
    /* a line may come in pieces: the column goes on (most input comes a
     * line at a time, its '\n' last) */
    if (n && p[n - 1] == '\n') {
        x->feed_col = 0;
        x->col_lazy = NULL;
    } else if (lazy) {
        if (x->col_lazy == NULL)
            x->col_lazy = p;
        x->col_lazy_end = p + n;
    } else if ((nl = n ? memrchr(p, '\n', n) : NULL) != NULL)
        x->feed_col = (uint64_t)(p + n - 1 - nl);
    else
        x->feed_col += n;
    x->feed_p = NULL; /* (source_col(): not at hand) */
}

void
doc_data(struct urigrep_extractor *x, const char *p, size_t n, uint64_t line)
{
    if (x->skip || x->stopped)
        return;
    if (x->prescan) {
        size_t k = prescan_hold(x, p, n, line);

        p += k;
        n -= k;
        if (n == 0)
            return;
    }
    x->cur_line = line;
    convert(x, &p, &n, false);
    if (x->html)
        html_input(x, p, n, false, false);
    else
        text_out(x, p, n);
}

/* The HTML line P (N bytes, decoded, in UTF-8) from stored line
 * x->cur_line: as doc_data() would take it, but the text it leaves
 * pending stays there; the line's text begins after it, and a checkpoint
 * says so. The caller gives what is pending (html_flush()) after the
 * last line. */
static inline void
html_line(struct urigrep_extractor *x, const char *p, size_t n, bool lazy)
{
    if (x->mapped && !x->direct &&
        (x->ncps == 0 || x->cps[x->ncps - 1].line != x->cur_line))
        add_checkpoint(x, x->fed + x->text.len + html_pending(x->hs), 0);
    html_input(x, p, n, true, lazy);
}

/* Append the text P (N bytes) to the block, which it does not fill. */
static inline void
text_append(struct urigrep_extractor *x, const char *p, size_t n)
{
    if (n && buf_append(&x->text, p, n) != URIGREP_OK)
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
    size_t k, from = 0, acc = 0; /* P[from..from + acc) not yet in */

    for (k = 0; k < nmarks && !x->stopped; k++) {
        size_t off = marks[k].off;
        size_t len = (k + 1 < nmarks ? marks[k + 1].off : n) - off;

        if (len == 0)
            continue;
        if (acc == 0)
            from = off;
        x->cur_line = marks[k].line;
        if (x->ncps == 0 || x->cps[x->ncps - 1].line != x->cur_line)
            add_checkpoint(x, x->fed + x->text.len + acc, 0);
        if (x->text.len + acc < TEXT_BLOCK &&
            len < TEXT_BLOCK - x->text.len - acc) {
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
    size_t k;

    if (x->skip)
        return;
    if (!x->html && x->cv == NULL && x->mapped && !x->direct) {
        text_marked_out(x, p, n, marks, nmarks);
        return;
    }
    for (k = 0; k < nmarks && !x->stopped; k++) {
        const char *q = p + marks[k].off;
        size_t len = (k + 1 < nmarks ? marks[k + 1].off : n) - marks[k].off;

        if (len == 0)
            continue; /* no part_data() call for it */
        if (x->prescan) {
            doc_data(x, q, len, marks[k].line); /* held, as it was */
            continue;
        }
        x->cur_line = marks[k].line;
        convert(x, &q, &len, false);
        if (x->html)
            html_line(x, q, len, x->cv == NULL); /* P stays */
        else
            text_out(x, q, len);
    }
    if (x->col_lazy)
        col_settle(x);
    if (x->html && x->hs)
        html_flush(x->hs, &x->hsink);
}

/* Plain text P (N bytes of whole lines, the first from stored line
 * LINE) for the scanner, with the checkpoint text_out() would give each
 * line, copied in as few pieces as the blocks allow. */
static void
text_lines_out(struct urigrep_extractor *x, const char *p, size_t n,
               uint64_t line)
{
    while (n && !x->stopped) {
        size_t room = TEXT_BLOCK > x->text.len ? TEXT_BLOCK - x->text.len
                                               : 0;
        size_t take = n < room ? n : room, i = 0;
        uint64_t off = x->fed + x->text.len;

        /* a checkpoint at each line that starts in these TAKE bytes:
         * at 0 unless the line goes on from the last piece */
        if (x->ncps == 0 || x->cps[x->ncps - 1].line != line)
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
                x->cur_line = line; /* the next piece starts it */
                break;
            }
            x->cur_line = line;
            add_checkpoint(x, off + i, 0);
        }
        if (buf_append(&x->text, p, take) != URIGREP_OK) {
            emit_nomem(x);
            return;
        }
        p += take;
        n -= take;
        if (x->text.len >= TEXT_BLOCK)
            flush_text(x, false);
    }
}

void
doc_lines(struct urigrep_extractor *x, const char *p, size_t n,
          uint64_t line, uint64_t last)
{
    const char *nl;

    if (x->skip || x->stopped || n == 0)
        return;
    if (x->direct) {
        /* the whole span, where it lies; the scanner counts its lines,
         * but the line the document has come to is said as if a line at
         * a time (the notice of bytes not valid in their charset gives
         * it at the end) */
        text_out(x, p, n);
        x->cur_line = last;
        return;
    }
    if (x->mapped && !x->html && !x->prescan && x->cv == NULL &&
        x->anchor_seq == 0) {
        x->cur_line = line;
        text_lines_out(x, p, n, line);
        return;
    }
    if (x->html && !x->prescan) {
        /* a line at a time, as doc_data() would, but the text pending
         * at a line's end waits for the next (html_line()) */
        while (n && !x->stopped) {
            size_t take = (nl = memchr(p, '\n', n)) != NULL
                              ? (size_t)(nl - p) + 1 : n, len = take;
            const char *q = p;

            x->cur_line = line++;
            convert(x, &q, &len, false);
            html_line(x, q, len, false);
            p += take;
            n -= take;
        }
        html_flush(x->hs, &x->hsink);
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
    if (x->skip) {
        x->skip = false;
        return;
    }
    if (x->prescan)
        prescan_done(x);
    if (x->cv) {
        const char *p = "";
        size_t n = 0;

        convert(x, &p, &n, true);
        if (x->html)
            html_feed(x->hs, p, n, &x->hsink);
        else
            text_out(x, p, n);
        charset_pool_close(&x->cvpool, x->cv);
        x->cv = NULL;
    }
    if (x->html)
        html_finish(x->hs, &x->hsink);
    flush_text(x, true);
    x->html_base[0] = '\0';
    x->direct = false;
}

void
doc_begin(struct urigrep_extractor *x, bool html, const char *charset,
          bool force)
{
    x->html = html;
    x->skip = x->direct = false;
    x->html_base[0] = '\0';
    x->hsink = (struct html_sink){ html_text, html_uri, html_base, html_cut,
                                   html_value, NULL, x, NULL };
    if (x->o.flags & URIGREP_EXTRACT_COLUMNS)
        x->hsink.text_at = html_text_at;
    if (x->o.flags & URIGREP_EXTRACT_TRUST)
        x->hsink.anchor = html_anchor;
    x->anchor_seq = 0;
    if (html && x->hs == NULL && (x->hs = html_new(x->max_uri)) == NULL) {
        emit_nomem(x);
        x->skip = true;
        return;
    }
    if (charset && charset[0] && (force || !is_utf8ish(charset)))
        open_charset(x, charset);
    /* HTML without a charset: as a browser, look for a <meta> one */
    x->prescan = html && (charset == NULL || charset[0] == '\0');
    x->npre = x->npre_lines = 0;
    x->feed_col = 0;
    x->col_lazy = NULL;
}

void
doc_reset(struct urigrep_extractor *x)
{
    urigrep_scanner_reset(x->sc);
    /* a new one is made when needed: nothing of this one's state stays */
    html_free(x->hs);
    x->hs = NULL;
    charset_pool_close(&x->cvpool, x->cv);
    x->cv = NULL;
    held_drop(&x->held, x->held.n);
    x->anchor_seq = 0;
    x->text.len = 0;
    x->ncps = 0;
    x->fed = 0;
    x->ntail = 0;
    x->skip = x->prescan = x->html = x->direct = false;
    x->npre = x->npre_lines = 0;
    x->html_base[0] = x->hdr_base[0] = x->doc_uri[0] = '\0';
    x->hdr_base_source = URIGREP_BASE_NONE;
}

void
doc_free(struct urigrep_extractor *x)
{
    held_free(&x->held);
    free(x->cps);
    buf_free(&x->conv);
    buf_free(&x->text);
    buf_free(&x->ctx);
    charset_close(x->cv);
    charset_pool_free(&x->cvpool);
    html_free(x->hs);
}
