/* internal.h: types shared by liburigrep's modules, not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_INTERNAL_H
#define URIGREP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "urigrep.h"

#if defined(__GNUC__) && __GNUC__ >= 4
#define URIGREP_EXPORT __attribute__((visibility("default")))
#else
#define URIGREP_EXPORT
#endif

#define URIGREP_DEFAULT_MAX_URI 8192

/* A component of a reference: DEFINED says whether its separator was
 * present (RFC 2396 section 5.2 step 7 keeps undefined apart from empty). */
struct urigrep_comp {
    const char *ptr;
    size_t len;
    bool defined;
};

/* The five components of Appendix B, plus the pieces of a server-based
 * authority (RFC 2396 section 3.2.2) when it splits cleanly. */
struct urigrep_parts {
    struct urigrep_comp scheme, authority, path, query, fragment;
    struct urigrep_comp userinfo, host, port;
};

#endif
