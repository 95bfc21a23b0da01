/* warcver.c: the WARC version line (warcver.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "warcver.h"

bool
warc_is_version_line(const char *p, size_t n)
{
    /* "WARC/" DIGIT+ "." DIGIT+ CRLF; 1.0 and 1.1 are read, and a later
     * 1.x the same way */
    size_t i = 5;

    if (n < 9 || memcmp(p, "WARC/", 5) != 0)
        return false;
    while (i < n && p[i] >= '0' && p[i] <= '9')
        i++;
    if (i == 5 || i >= n || p[i] != '.')
        return false;
    for (i++; i < n && p[i] >= '0' && p[i] <= '9'; i++)
        ;
    return i < n && p[i - 1] != '.' && (p[i] == '\r' || p[i] == '\n');
}
