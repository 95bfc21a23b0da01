/* fuzz_resolve.c: libFuzzer target for reference resolution. */
/* SPDX-License-Identifier: MIT */
/*
 * Input: BASE '\n' REF.  REF is resolved against BASE under each RFC.
 * Checks: a failure leaves no result; a result is as long as reported;
 * under RFC 3986, when BASE and REF both validate: the result validates;
 * resolving the result once more against BASE gives a fixed point (not
 * the result itself: an empty or query-only REF keeps the base's path
 * with its dot segments, section 5.2.2, which a second pass removes);
 * and when REF is absolute the result does not depend on the base (T is
 * R with its dot segments removed), so resolving REF against another
 * base gives the same bytes.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
same(const char *a, size_t an, const char *b, size_t bn)
{
    return an == bn && memcmp(a, b, an) == 0;
}

static int
absolute(const char *s, size_t n)
{
    urigrep_uri *u;
    int abs;

    if (urigrep_uri_parse(s, n, URIGREP_RFC3986, &u) != URIGREP_OK)
        abort();
    abs = urigrep_uri_is_absolute(u);
    urigrep_uri_free(u);
    return abs;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const enum urigrep_rfc rfcs[] = { URIGREP_RFC1808, URIGREP_RFC2396,
                                             URIGREP_RFC3986 };
    static const char other[] = "zz://other.example/p/q?r#s";
    const char *s = (const char *)data;
    const char *nl = memchr(s, '\n', size);
    size_t blen = nl ? (size_t)(nl - s) : size;
    const char *ref = nl ? nl + 1 : "";
    size_t rlen = nl ? size - blen - 1 : 0;
    size_t i, off;

    for (i = 0; i < 3; i++) {
        char *out = NULL, *again = NULL, *alt = NULL, *third = NULL;
        size_t olen = 0, alen = 0, xlen = 0, tlen = 0;
        enum urigrep_status st;
        int valid;

        st = urigrep_resolve(s, blen, ref, rlen, rfcs[i], &out, &olen);
        if (st != URIGREP_OK) {
            if (out != NULL)
                abort();
            continue;
        }
        if (out == NULL || out[olen] != '\0')
            abort();
        valid = urigrep_validate(s, blen, URIGREP_RFC3986, &off) ==
                    URIGREP_OK &&
                urigrep_validate(ref, rlen, URIGREP_RFC3986, &off) ==
                    URIGREP_OK;
        if (rfcs[i] == URIGREP_RFC3986 && valid) {
            /* corpus-resolve/path-becomes-authority and
             * absolute-becomes-authority: a "//" path after dot removal
             * with no authority is written after "/." (resolve.c) */
            if (urigrep_validate(out, olen, URIGREP_RFC3986, &off) !=
                    URIGREP_OK)
                abort();
            if (urigrep_resolve(s, blen, out, olen, rfcs[i], &again,
                                &alen) != URIGREP_OK ||
                urigrep_resolve(s, blen, again, alen, rfcs[i], &third,
                                &tlen) != URIGREP_OK ||
                !same(again, alen, third, tlen))
                abort();
            if (absolute(ref, rlen) &&
                (urigrep_resolve(other, sizeof other - 1, ref, rlen, rfcs[i],
                                 &alt, &xlen) != URIGREP_OK ||
                 !same(out, olen, alt, xlen)))
                abort();
        }
        free(out);
        free(again);
        free(alt);
        free(third);
    }
    return 0;
}
