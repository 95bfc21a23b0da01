/* fuzz_anchor.c: libFuzzer target for the reader of a link's text. */
/* SPDX-License-Identifier: MIT */
/*
 * The first byte picks a chunking seed; the rest is HTML, read by the
 * HTML scanner with an anchor() sink.  Checks: the links and their texts
 * are the same however the input is cut into calls; every text follows
 * the href of an <a> and no other text comes between them; a text is at
 * most HTML_ANCHOR_MAX bytes, has no blank at either end, no two blanks
 * in a row, no other blank than ' ' (no U+00A0), and is valid UTF-8
 * when the input is (the bound cuts no character); and, against an
 * independent reading of the same link, the text() the scanner gave
 * between the href and the end of the link (where every tag is a line
 * break): without their blanks, the link's text is that text's start,
 * all of it unless the text was full.  html_anchor_text() of a link
 * still open is the start of what its text will be.
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "formats/html.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct alog {
    struct log l;       /* links and texts, for whole against chunked */
    struct log seen;    /* text() since the last <a href>, blanks out */
    struct log open;    /* html_anchor_text() last seen, blanks out */
    bool after_href;    /* an <a href> came, its text not yet */
    bool utf8;          /* the input is valid UTF-8 */
    struct html_scanner *hs;
};

static bool
is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* Append P (N bytes) to L without blanks (nor U+00A0, kept whole). */
static void
put_dense(struct log *l, const char *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];

        if (c == 0xc2 && i + 1 < n && (unsigned char)p[i + 1] == 0xa0)
            i++;
        else if (!is_blank(c))
            put(l, &p[i], 1);
    }
}

static void
ev_text(void *arg, const char *p, size_t n)
{
    struct alog *a = arg;

    if (a->after_href)
        put(&a->seen, p, n);
}

/* Where the text runs cut a U+00A0 in two, the dense form joins it. */
static void
dense_of(const struct log *in, struct log *out)
{
    out->len = 0;
    put_dense(out, (const char *)in->p, in->len);
}

static void
ev_uri(void *arg, const char *p, size_t n, const char *tag,
       const char *attr)
{
    struct alog *a = arg;
    size_t k;
    const char *open = html_anchor_text(a->hs, &k);

    /* a link's text reaches as far as any other, and still open it is
     * the start of its last form (checked at its end) */
    if (open) {
        a->open.len = 0;
        put_dense(&a->open, open, k);
    }
    put(&a->l, "U", 1);
    put(&a->l, &n, sizeof n);
    put(&a->l, p, n);
    put(&a->l, tag, strlen(tag) + 1);
    put(&a->l, attr, strlen(attr) + 1);
    if (strcmp(tag, "a") == 0 && strcmp(attr, "href") == 0) {
        a->after_href = true;
        a->seen.len = 0;
        a->open.len = 0;
    }
}

static void
ev_base(void *arg, const char *p, size_t n)
{
    (void)arg;
    (void)p;
    (void)n;
}

/* Is P (N bytes) valid UTF-8? */
static bool
valid_utf8(const unsigned char *p, size_t n)
{
    size_t i = 0;

    while (i < n) {
        size_t k = p[i] < 0x80 ? 1 : p[i] >= 0xf0 ? 4 : p[i] >= 0xe0 ? 3 : 2;

        if (p[i] >= 0x80 && p[i] < 0xc0)
            return false;
        if (i + k > n)
            return false;
        while (--k)
            if ((p[++i] & 0xc0) != 0x80)
                return false;
        i++;
    }
    return true;
}

static void
check_shape(const char *p, size_t n)
{
    size_t i;

    if (n > HTML_ANCHOR_MAX || (n && (p[0] == ' ' || p[n - 1] == ' ')))
        abort();
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];

        if ((is_blank(c) && c != ' ') || (c == ' ' && p[i + 1] == ' ') ||
            (c == 0xc2 && i + 1 < n && (unsigned char)p[i + 1] == 0xa0))
            abort();
    }
}

static void
ev_anchor(void *arg, const char *p, size_t n)
{
    struct alog *a = arg;
    struct log mine = { NULL, 0, 0 }, theirs = { NULL, 0, 0 };

    if (!a->after_href)
        abort(); /* a text with no link */
    a->after_href = false;
    check_shape(p, n);
    if (a->utf8 && !valid_utf8((const unsigned char *)p, n))
        abort();
    put_dense(&mine, p, n);
    dense_of(&a->seen, &theirs);
    /* the independent reading: the same characters, the link's text
     * being all of them unless it was full (then their start) */
    if (mine.len > theirs.len ||
        (mine.len && memcmp(mine.p, theirs.p, mine.len) != 0) ||
        (n + 8 < HTML_ANCHOR_MAX && mine.len != theirs.len))
        abort();
    if (a->open.len > mine.len ||
        (a->open.len && memcmp(a->open.p, mine.p, a->open.len) != 0))
        abort();
    free(mine.p);
    free(theirs.p);
    put(&a->l, "A", 1);
    put(&a->l, &n, sizeof n);
    put(&a->l, p, n);
}

static void
run(const char *s, size_t n, unsigned seed, struct alog *a)
{
    struct html_sink sink = { ev_text, ev_uri, ev_base, NULL, NULL, NULL, a,
                              ev_anchor };
    size_t i = 0, k;

    if ((a->hs = html_new(64)) == NULL)
        abort();
    while (i < n) {
        k = next_chunk(&seed, n - i);
        html_feed(a->hs, s + i, k, &sink);
        i += k;
    }
    html_finish(a->hs, &sink);
    if (a->after_href)
        abort(); /* the end of the document ends every link */
    html_free(a->hs);
    free(a->seen.p);
    free(a->open.p);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct alog whole, parts;

    if (size < 1)
        return 0;
    memset(&whole, 0, sizeof whole);
    memset(&parts, 0, sizeof parts);
    whole.utf8 = parts.utf8 = valid_utf8(data + 1, size - 1);
    run((const char *)data + 1, size - 1, 0, &whole);
    run((const char *)data + 1, size - 1, data[0] | 1u, &parts);
    if (!log_same(&whole.l, &parts.l))
        abort();
    free(whole.l.p);
    free(parts.l.p);
    return 0;
}
