/* utf8.c: one UTF-8 sequence decoded, strictly (RFC 3629). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "utf8.h"

int
utf8_decode(const unsigned char *p, size_t avail, uint32_t *cp)
{
    unsigned char c = p[0];
    size_t n, i;
    uint32_t v, min;

    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, v = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, v = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, v = c & 0x07, min = 0x10000;
    else
        return -1;
    for (i = 1; i < n; i++) {
        if (i >= avail)
            return 0;
        if ((p[i] & 0xc0) != 0x80)
            return -1;
        v = (v << 6) | (p[i] & 0x3f);
        /* reject overlongs and surrogates as soon as the second byte says */
        if (i == 1 && ((n == 3 && c == 0xe0 && p[1] < 0xa0) ||
                       (n == 3 && c == 0xed && p[1] >= 0xa0) ||
                       (n == 4 && c == 0xf0 && p[1] < 0x90) ||
                       (n == 4 && c == 0xf4 && p[1] >= 0x90)))
            return -1;
    }
    if (v < min)
        return -1;
    *cp = v;
    return (int)n;
}
