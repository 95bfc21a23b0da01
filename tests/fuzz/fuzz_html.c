/* fuzz_html.c: libFuzzer target for the HTML tag scanner and references. */
/* SPDX-License-Identifier: MIT */
/*
 * The first byte picks the kept attribute length and a chunking seed; the
 * rest is HTML.  Checks: the scanner reports the same text (however it is
 * cut into calls), URIs, bases and cuts whole as in pseudo-random chunks,
 * and where values begin (a byte of the call's input, or its end: a
 * place, not an event ordered with the text, which the scanner may still
 * hold then); where
 * text_at() says raw text begins is in the call's input;
 * no reported value is longer than the limit; html_decode_refs() stays
 * within HTML_DECODED_MAX (ASan watches the exact-size buffer);
 * html_ref_decode() uses no more than it was given and writes at most 8
 * bytes; the <meta> prescan returns a NUL-terminated lower-case label
 * that fits.
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "formats/html.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct hlog {
    struct log l;
    struct log values;  /* where value() said values begin */
    size_t max;
    bool in_text;
    const char *chunk;  /* the input of the html_feed() at hand, */
    size_t chunk_len;   /* its length */
    size_t chunk_off;   /* and its offset in the document */
};

static void
ev_text(void *arg, const char *p, size_t n)
{
    struct hlog *h = arg;

    /* text is logged without a marker inside a run: how it is cut into
     * calls may depend on the split of the input, the bytes may not */
    if (!h->in_text)
        put(&h->l, "T", 1);
    h->in_text = true;
    put(&h->l, p, n);
}

static void
ev_str(struct hlog *h, char tag, const char *p, size_t n, const char *a,
       const char *b)
{
    h->in_text = false;
    put(&h->l, &tag, 1);
    put(&h->l, &n, sizeof n);
    put(&h->l, p, n);
    put(&h->l, a, strlen(a) + 1);
    put(&h->l, b, strlen(b) + 1);
}

static void
ev_uri(void *arg, const char *p, size_t n, const char *tag, const char *attr)
{
    struct hlog *h = arg;

    if (n > HTML_DECODED_MAX(h->max) || !html_is_uri_attr(attr))
        abort();
    ev_str(h, 'U', p, n, tag, attr);
}

static void
ev_base(void *arg, const char *p, size_t n)
{
    struct hlog *h = arg;

    if (n > HTML_DECODED_MAX(h->max))
        abort();
    ev_str(h, 'B', p, n, "", "");
}

static void
ev_cut(void *arg, const char *tag, const char *attr)
{
    ev_str(arg, 'C', "", 0, tag, attr);
}

static void
ev_value(void *arg, const char *at)
{
    struct hlog *h = arg;
    size_t pos;

    if (at < h->chunk || at > h->chunk + h->chunk_len)
        abort();
    pos = h->chunk_off + (size_t)(at - h->chunk);
    put(&h->values, &pos, sizeof pos);
}

static void
ev_text_at(void *arg, size_t pending, const char *at, size_t n)
{
    struct hlog *h = arg;

    (void)pending;
    if (n == 0 || at < h->chunk || at + n > h->chunk + h->chunk_len)
        abort();
}

static void
run(const char *s, size_t n, size_t max, unsigned seed, struct hlog *h)
{
    struct html_sink sink = { ev_text, ev_uri, ev_base, ev_cut, ev_value,
                              ev_text_at, h, NULL };
    struct html_scanner *hs = html_new(max);
    size_t i = 0, k;

    if (hs == NULL)
        abort();
    h->max = max;
    while (i < n) {
        k = next_chunk(&seed, n - i);
        h->chunk = s + i;
        h->chunk_len = k;
        h->chunk_off = i;
        html_feed(hs, s + i, k, &sink);
        i += k;
    }
    h->chunk = s + n;
    h->chunk_len = 0;
    h->chunk_off = n;
    html_finish(hs, &sink);
    html_free(hs);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct hlog whole, parts;
    const char *s = (const char *)data + 1;
    size_t n, max, w, used, i;
    char *out, label[32], ref[8];

    if (size < 1)
        return 0;
    memset(&whole, 0, sizeof whole);
    memset(&parts, 0, sizeof parts);
    n = size - 1;
    max = (size_t)16 << (data[0] & 7);
    run(s, n, max, 0, &whole);
    run(s, n, max, data[0] | 1u, &parts);
    if (!log_same(&whole.l, &parts.l) ||
        !log_same(&whole.values, &parts.values))
        abort();
    free(whole.l.p);
    free(parts.l.p);
    free(whole.values.p);
    free(parts.values.p);
    /* references, in text and in an attribute */
    if ((out = malloc(HTML_DECODED_MAX(n))) == NULL)
        abort();
    w = html_decode_refs(s, n, false, out);
    if (w > HTML_DECODED_MAX(n))
        abort();
    w = html_decode_refs(s, n, true, out);
    if (w > HTML_DECODED_MAX(n))
        abort();
    free(out);
    for (i = 0; i < n && i < 64; i++) {
        if (s[i] != '&')
            continue;
        w = html_ref_decode(s + i + 1, n - i - 1, data[0] & 8, ref, &used);
        if (w > sizeof ref || used > n - i - 1 || (w > 0 && used == 0))
            abort();
    }
    /* the <meta> prescan */
    memset(label, 'X', sizeof label);
    if (html_prescan_charset(s, n, label, sizeof label - 1)) {
        size_t ll = strnlen(label, sizeof label - 1);

        if (ll >= sizeof label - 1 || label[sizeof label - 1] != 'X')
            abort();
        for (i = 0; i < ll; i++)
            if (label[i] >= 'A' && label[i] <= 'Z')
                abort();
        (void)html_charset_name(label);
    }
    return 0;
}
