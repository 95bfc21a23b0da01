/* internal.h: types shared by liburigrep's modules, not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_INTERNAL_H
#define URIGREP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "urigrep.h"

#if defined(__GNUC__) && __GNUC__ >= 4
#define URIGREP_EXPORT __attribute__((visibility("default")))
#else
#define URIGREP_EXPORT
#endif

#define URIGREP_DEFAULT_MAX_URI 8192

/* The first versioned layouts (0.9.0), the smallest an options struct's
 * SIZE may be: where their last field ends (keep these as they are when
 * fields are added). */
#define URIGREP_SCAN_OPTIONS_SIZE_0_9                                   \
    (offsetof(struct urigrep_scan_options, nschemes) + sizeof(size_t))
#define URIGREP_EXTRACT_OPTIONS_SIZE_0_9                                \
    (offsetof(struct urigrep_extract_options, scan) +                   \
     URIGREP_SCAN_OPTIONS_SIZE_0_9)

/* Read the caller's options struct SRC, whose first member is the size_t
 * size its header gave it, into DST (DSIZE bytes, this library's struct):
 * the first min(size, DSIZE) bytes, the rest zero, DST's size set to
 * DSIZE. False when the size is below MIN (the first versioned layout) or
 * SRC has non-zero bytes past DSIZE (options of a later version). */
bool options_copy(void *dst, size_t dsize, const void *src, size_t min);

/* A component of a reference: DEFINED says whether its separator was
 * present (RFC 2396 section 5.2 step 7 keeps undefined apart from empty).
 * Owner: grammar.c, which splits references (urigrep_split()); the others
 * read it. */
struct urigrep_comp {
    const char *ptr;
    size_t len;
    bool defined;
};

/* The five components of Appendix B, plus the pieces of a server-based
 * authority (RFC 2396 section 3.2.2) when it splits cleanly.
 * Owner: grammar.c, which splits references (urigrep_split()); the others
 * read it. */
struct urigrep_parts {
    struct urigrep_comp scheme, authority, path, query, fragment;
    struct urigrep_comp userinfo, host, port;
};

/* Copy the string S into DST (SIZE bytes, at least 1), cut to fit;
 * snprintf() would cost more than a tiny part. */
static inline void
copy_cut(char *dst, size_t size, const char *s)
{
    size_t n = strlen(s);

    if (n >= size)
        n = size - 1;
    memcpy(dst, s, n);
    dst[n] = '\0';
}

#endif
