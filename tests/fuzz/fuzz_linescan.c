/* fuzz_linescan.c: libFuzzer target for -x mode (urigrep_strip_typed). */
/* SPDX-License-Identifier: MIT */
/*
 * The input is one line as a person may type a reference around it.
 * Checks: the output fits in the input's length (ASan watches an
 * exact-size buffer), holds no whitespace, and stripping it once more
 * changes nothing (regression seed corpus-linescan/url-space: blanks
 * inside the "URL:" prefix, "<URL :x>", once hid it from the first pass).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *out = malloc(size ? size : 1), *again;
    size_t n, m, i;

    if (out == NULL)
        abort();
    n = urigrep_strip_typed((const char *)data, size, out);
    if (n > size)
        abort();
    for (i = 0; i < n; i++)
        if (out[i] == ' ' || out[i] == '\t' || out[i] == '\n' ||
            out[i] == '\r')
            abort();
    if ((again = malloc(n ? n : 1)) == NULL)
        abort();
    m = urigrep_strip_typed(out, n, again);
    if (m != n || (n && memcmp(out, again, n) != 0))
        abort();
    free(again);
    free(out);
    return 0;
}
