/* iri.c: RFC 3987 section 3.1 mapping of IRIs to URIs. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "internal.h"

/* The input is UTF-8 already (the scanner only passes valid UTF-8 on, and
 * --charset converts first), so step 1 of the mapping is done and step 2,
 * percent-encoding every byte that is not ASCII, is all that is left. */
URIGREP_EXPORT size_t
urigrep_iri_to_uri(const char *in, size_t len, char *out)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t i, o = 0;

    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)in[i];
        if (c >= 0x80) {
            out[o++] = '%';
            out[o++] = hex[c >> 4];
            out[o++] = hex[c & 15];
        } else {
            out[o++] = (char)c;
        }
    }
    return o;
}
