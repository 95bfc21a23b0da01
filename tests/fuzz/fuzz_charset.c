/* fuzz_charset.c: libFuzzer target for the streaming charset converter. */
/* SPDX-License-Identifier: MIT */
/*
 * The first byte picks the charset (UTF-7, UTF-16LE/BE, ISO-2022-JP,
 * GB18030, Shift_JIS, windows-1252) and a chunking seed; the rest is
 * converted to UTF-8 whole and in pseudo-random chunks.  Checks: both
 * give the same bytes and the same count of bad sequences, and the
 * output is valid UTF-8.  Regression seeds corpus-charset/utf7-*: where
 * UTF-7 put a U+FFFD, and whether a base64 run was decoded at all,
 * once depended on the chunk boundaries.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/charset.h"
#include "chunks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const charsets[] = { "UTF-7", "UTF-16LE", "UTF-16BE",
                                        "ISO-2022-JP", "GB18030", "SHIFT_JIS",
                                        "WINDOWS-1252" };

/* Convert S whole (SEED 0) or in chunks; the output and the bad count go
 * to L. */
static void
run(const char *cs, const char *s, size_t n, unsigned seed, struct log *l)
{
    struct charset_conv *cv = charset_open(cs);
    struct urigrep_buf out;
    size_t i = 0, bad = 0, k;

    if (cv == NULL)
        abort();
    buf_init(&out, 1u << 24);
    do {
        k = next_chunk(&seed, n - i);
        if (charset_convert(cv, s + i, k, i + k == n, &out, &bad) !=
            URIGREP_OK)
            abort();
        i += k;
    } while (i < n);
    put(l, out.data, out.len);
    put(l, &bad, sizeof bad);
    buf_free(&out);
    charset_close(cv);
}

/* Is P[0..N) valid UTF-8 (no overlong forms, surrogates or values past
 * U+10FFFF)? */
static int
utf8_ok(const unsigned char *p, size_t n)
{
    size_t i = 0;

    while (i < n) {
        unsigned c = p[i], k, j;
        uint32_t cp;

        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf)
            k = 1, cp = c & 0x1f;
        else if (c >= 0xe0 && c <= 0xef)
            k = 2, cp = c & 0x0f;
        else if (c >= 0xf0 && c <= 0xf4)
            k = 3, cp = c & 0x07;
        else
            return 0;
        if (n - i <= k)
            return 0;
        for (j = 1; j <= k; j++) {
            if ((p[i + j] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (p[i + j] & 0x3f);
        }
        if ((k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) ||
            (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
            return 0;
        i += k + 1;
    }
    return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct log whole = { 0 }, parts = { 0 };
    const char *cs;

    if (size < 1)
        return 0;
    cs = charsets[data[0] % 7];
    run(cs, (const char *)data + 1, size - 1, 0, &whole);
    run(cs, (const char *)data + 1, size - 1, data[0] | 1u, &parts);
    if (!utf8_ok(whole.p, whole.len - sizeof(size_t)) ||
        !log_same(&whole, &parts))
        abort();
    free(whole.p);
    free(parts.p);
    return 0;
}
