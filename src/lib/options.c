/* options.c: the versioned options structs of urigrep.h read as their
 * size says (a program built against an older or newer header). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "internal.h"

bool
options_copy(void *dst, size_t dsize, const void *src, size_t min)
{
    const unsigned char *p = src;
    size_t n, i;

    memcpy(&n, src, sizeof n);
    if (n < min)
        return false;
    /* a later header's fields: refused unless left at zero */
    for (i = dsize; i < n; i++)
        if (p[i] != 0)
            return false;
    memset(dst, 0, dsize);
    memcpy(dst, src, n < dsize ? n : dsize);
    memcpy(dst, &dsize, sizeof dsize);
    return true;
}
