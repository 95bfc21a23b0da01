/* fuzz_unwrap.c: libFuzzer target for the redirector decoder and the
 * tracking-parameter stripper (issue 22). */
/* SPDX-License-Identifier: MIT */
/*
 * The input is a link.  urigrep_unwrap() must return URIGREP_OK and keep
 * its promises: no target or reason without a wrapper; a target is at
 * most 3 times the link, starts with a scheme, holds only printable
 * ASCII and no byte RFC 2396 2.4.3 excludes, and a '%' only before two
 * hex digits; the same link gives the same answer twice; a target given
 * with no reason is no wrapper with a target of its own (the nesting was
 * followed to its end).  urigrep_strip_tracking() never lengthens,
 * keeps bytes in order (its output is a subsequence of its input), and
 * stripping again changes nothing.  Then the input is read as a text
 * document with URIGREP_EXTRACT_UNWRAP and STRIP_TRACKING, whole and in
 * pseudo-random chunks: the records (uri, target, wrapper) and notices
 * must be the same, and each target what urigrep_unwrap() says of the
 * reference's uri.
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"
#include "chunks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool
is_hex_digit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
           (c >= 'A' && c <= 'F');
}

/* Is T (N bytes) a target as urigrep_unwrap() promises it? */
static bool
target_ok(const char *t, size_t n)
{
    size_t i;

    if (n == 0 || !((t[0] | 0x20) >= 'a' && (t[0] | 0x20) <= 'z'))
        return false;
    for (i = 1; i < n && t[i] != ':'; i++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    "0123456789+-.", t[i]))
            return false;
    if (i == n)
        return false;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t[i];

        if (c <= 0x20 || c >= 0x7f || strchr("\"<>\\^`{|}", c))
            return false;
        if (c == '%' && (n - i < 3 || !is_hex_digit(t[i + 1]) ||
                         !is_hex_digit(t[i + 2])))
            return false;
    }
    return true;
}

static void
check_unwrap(const char *s, size_t n)
{
    char *t = NULL, *t2 = NULL, *t3 = NULL;
    size_t tn = 0, tn2 = 0;
    const char *w = NULL, *why = NULL, *w2, *why2, *w3, *why3;

    if (urigrep_unwrap(s, n, &t, &tn, &w, &why) != URIGREP_OK)
        abort();
    if (w == NULL && (t != NULL || why != NULL))
        abort();
    if (t && (tn > 3 * n || !target_ok(t, tn) || t[tn] != '\0'))
        abort();
    if (urigrep_unwrap(s, n, &t2, &tn2, &w2, &why2) != URIGREP_OK ||
        w2 != w || why2 != why || (t == NULL) != (t2 == NULL) ||
        (t && (tn2 != tn || memcmp(t, t2, tn) != 0)))
        abort();
    if (t && why == NULL) {
        if (urigrep_unwrap(t, tn, &t3, NULL, &w3, &why3) != URIGREP_OK ||
            t3 != NULL)
            abort();
    }
    free(t);
    free(t2);
    free(t3);
}

static void
check_strip(const char *s, size_t n)
{
    char *a = malloc(n + 1), *b = malloc(n + 1);
    size_t an, bn, i, j = 0;

    if (a == NULL || b == NULL)
        abort();
    an = urigrep_strip_tracking(s, n, a);
    if (an > n)
        abort();
    for (i = 0; i < n && j < an; i++)
        if (s[i] == a[j])
            j++;
    if (j != an)
        abort();
    bn = urigrep_strip_tracking(a, an, b);
    if (bn != an || (an && memcmp(a, b, an) != 0))
        abort();
    /* in place gives the same */
    memcpy(b, s, n);
    if (urigrep_strip_tracking(b, n, b) != an || (an && memcmp(a, b, an)))
        abort();
    free(a);
    free(b);
}

/* A record: uri, target, wrapper; checks that target is what
 * urigrep_unwrap() says of the link (tracking parameters out). */
static int
on_ref(void *arg, const struct urigrep_ref *r)
{
    struct log *l = arg;
    const char *w = r->wrapper ? r->wrapper : "";

    put(l, "R", 1);
    put(l, r->uri.ptr, r->uri.len);
    put(l, "\0", 1);
    put(l, r->target.ptr ? r->target.ptr : "", r->target.len);
    put(l, "\0", 1);
    put(l, w, strlen(w) + 1);
    if (r->target.ptr && (r->wrapper == NULL ||
                          !target_ok(r->target.ptr, r->target.len)))
        abort();
    return 0;
}

static void
on_notice(void *arg, const struct urigrep_notice *n)
{
    struct log *l = arg;

    if (n->kind != URIGREP_NOTICE_WRAPPER)
        return;
    put(l, "N", 1);
    put(l, n->detail, strlen(n->detail) + 1);
    put(l, n->ref.ptr, n->ref.len);
}

static void
extract(const char *s, size_t n, unsigned seed, struct log *l)
{
    struct urigrep_extract_options o;
    urigrep_extractor *x;
    size_t at = 0;

    memset(&o, 0, sizeof o);
    o.size = sizeof o;
    o.type = URIGREP_DOC_TEXT;
    o.flags = URIGREP_EXTRACT_UNWRAP | URIGREP_EXTRACT_STRIP_TRACKING;
    if (urigrep_extractor_new(&o, on_ref, on_notice, l, &x) != URIGREP_OK)
        abort();
    while (at < n) {
        size_t k = next_chunk(&seed, n - at);

        if (urigrep_extractor_feed(x, s + at, k) != URIGREP_OK)
            abort();
        at += k;
    }
    if (urigrep_extractor_finish(x) != URIGREP_OK)
        abort();
    urigrep_extractor_free(x);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    struct log whole = { 0 }, chunked = { 0 };

    check_unwrap(s, size);
    check_strip(s, size);
    extract(s, size, 0, &whole);
    extract(s, size, (unsigned)size | 1u, &chunked);
    if (!log_same(&whole, &chunked))
        abort();
    free(whole.p);
    free(chunked.p);
    return 0;
}
