/* fuzz_uri.c: libFuzzer target for parsing, validation and resolution. */
/* SPDX-License-Identifier: MIT */
/*
 * Input: BASE '\n' REF.  Both are split and validated under every RFC and
 * REF is resolved against BASE under every RFC.  Checks: a valid verdict
 * has no offset past the end; the split pieces lie inside the text and
 * in order: put back together as RFC 2396 section 5.2 step 7 does
 * ([scheme ":"] ["//" authority] path ["?" query] ["#" fragment], the
 * authority as [userinfo "@"] host [":" port]) they give the text byte
 * for byte; a resolved absolute reference resolves to itself under RFC
 * 2396 (step 3); the result's length is what was reported.  Each is
 * also defanged (urigrep_uri_defang()): the result is the text with
 * "[.]" for each dot of the host and 'x' in the scheme's place of 't' or
 * 'p', no longer than three times it.
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Does the text S[*AT..N) go on with DELIM (when not NUL) then the part P
 * of U, if P is defined?  Moves *AT past them.  An undefined part is
 * there (as nothing). */
static bool
next_is(const char *s, size_t n, size_t *at, char delim,
        const urigrep_uri *u, enum urigrep_part p)
{
    struct urigrep_span sp;

    if (!urigrep_uri_part(u, p, &sp))
        return true;
    if (delim) {
        if (*at >= n || s[*at] != delim)
            return false;
        ++*at;
    }
    if (sp.len > n - *at || (sp.len && memcmp(s + *at, sp.ptr, sp.len)))
        return false;
    *at += sp.len;
    return true;
}

/* Do U's parts of the text S[0..N) lie in it in order, with the
 * delimiters between them, and cover it whole? */
static bool
parts_in_order(const char *s, size_t n, const urigrep_uri *u)
{
    size_t at = 0, start, end;

    if (!next_is(s, n, &at, 0, u, URIGREP_PART_SCHEME))
        return false;
    if (urigrep_uri_part(u, URIGREP_PART_SCHEME, NULL)) {
        if (at >= n || s[at] != ':')
            return false;
        at++;
    }
    if (urigrep_uri_part(u, URIGREP_PART_AUTHORITY, NULL)) {
        if (n - at < 2 || memcmp(s + at, "//", 2))
            return false;
        at += 2;
        start = at;
        if (!next_is(s, n, &at, 0, u, URIGREP_PART_AUTHORITY))
            return false;
        /* inside it: [userinfo "@"] host [":" port], when there is a host
         * (a registry name has none) */
        end = at;
        at = start;
        if (urigrep_uri_part(u, URIGREP_PART_HOST, NULL) &&
            (!next_is(s, n, &at, 0, u, URIGREP_PART_USERINFO) ||
             (urigrep_uri_part(u, URIGREP_PART_USERINFO, NULL) &&
              (at >= n || s[at++] != '@')) ||
             !next_is(s, n, &at, 0, u, URIGREP_PART_HOST) ||
             !next_is(s, n, &at, ':', u, URIGREP_PART_PORT) || at != end))
            return false;
        at = end;
    }
    return next_is(s, n, &at, 0, u, URIGREP_PART_PATH) &&
           next_is(s, n, &at, '?', u, URIGREP_PART_QUERY) &&
           next_is(s, n, &at, '#', u, URIGREP_PART_FRAGMENT) && at == n;
}

/* urigrep_uri_defang() of S (N bytes): the text again once each "[.]"
 * of the host is a dot and the scheme's x's are what they stood for. */
static void
check_defang(const char *s, size_t n)
{
    struct urigrep_span p[URIGREP_PART_COUNT];
    size_t len, i, j, host_dots = 0;
    char *out;

    if (urigrep_uri_defang(s, n, &out, &len) != URIGREP_OK)
        abort();
    if (len < n || len > 3 * n || out[len] != '\0')
        abort();
    if (urigrep_uri_split(s, n, p) == URIGREP_OK &&
        p[URIGREP_PART_HOST].ptr)
        for (i = 0; i < p[URIGREP_PART_HOST].len; i++)
            host_dots += p[URIGREP_PART_HOST].ptr[i] == '.';
    if (len != n + 2 * host_dots)
        abort();
    /* byte for byte, but for the scheme's x's and the host's brackets */
    for (i = j = 0; i < n; i++, j++) {
        if (out[j] == s[i])
            continue;
        if ((out[j] | 0x20) == 'x' && s[i] && strchr("tTpP", s[i]))
            continue;
        if (s[i] == '.' && j + 2 < len && memcmp(out + j, "[.]", 3) == 0) {
            j += 2;
            continue;
        }
        abort();
    }
    urigrep_free(out);
}

static void
check_parts(const char *s, size_t n, enum urigrep_rfc rfc)
{
    urigrep_uri *u;
    size_t off = 0;
    enum urigrep_status st = urigrep_validate(s, n, rfc, &off);
    int p;

    if (st != URIGREP_OK && off > n)
        abort();
    if (urigrep_uri_parse(s, n, rfc, &u) != URIGREP_OK)
        abort();
    if (urigrep_uri_error(u, NULL) != st)
        abort();
    for (p = URIGREP_PART_SCHEME; p <= URIGREP_PART_FRAGMENT; p++) {
        struct urigrep_span sp;
        if (urigrep_uri_part(u, (enum urigrep_part)p, &sp) && sp.len > n)
            abort();
    }
    if (!parts_in_order(s, n, u))
        abort();
    urigrep_uri_free(u);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const enum urigrep_rfc rfcs[] = { URIGREP_RFC1808, URIGREP_RFC2396,
                                             URIGREP_RFC3986 };
    const char *s = (const char *)data;
    const char *nl = memchr(s, '\n', size);
    size_t blen = nl ? (size_t)(nl - s) : size;
    const char *ref = nl ? nl + 1 : "";
    size_t rlen = nl ? size - blen - 1 : 0;
    size_t i;

    check_defang(s, blen);
    check_defang(ref, rlen);
    for (i = 0; i < 3; i++) {
        char *out = NULL, *again = NULL;
        size_t olen = 0, alen = 0;
        enum urigrep_status st;

        check_parts(s, blen, rfcs[i]);
        check_parts(ref, rlen, rfcs[i]);
        st = urigrep_resolve(s, blen, ref, rlen, rfcs[i], &out, &olen);
        if (st == URIGREP_OK) {
            if (strlen(out) != olen && memchr(out, '\0', olen) == NULL)
                abort();
            if (rfcs[i] == URIGREP_RFC2396 && memchr(out, '\0', olen) == NULL &&
                urigrep_resolve(s, blen, out, olen, rfcs[i], &again, &alen) ==
                    URIGREP_OK &&
                (alen != olen || memcmp(out, again, olen) != 0)) {
                /* an absolute result is final: step 3 returns it as is */
                char *colon = memchr(out, ':', olen);
                if (colon && colon != out)
                    abort();
            }
        } else if (out != NULL) {
            abort();
        }
        free(out);
        free(again);
    }
    return 0;
}
