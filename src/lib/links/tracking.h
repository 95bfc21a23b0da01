/* tracking.h: taking tracking parameters (utm_*, fbclid...) out of a
 * URI's query. Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_TRACKING_H
#define URIGREP_TRACKING_H

#include <stdbool.h>
#include <stddef.h>

/* One entry of data/tracking-params.txt (src/lib/tracking-params.h). */
struct tracking_param {
    const char *name;
    size_t len;
    bool prefix;    /* NAME is a prefix: "utm_" */
};

/* Copy URI (LEN bytes) to OUT (room for LEN bytes; OUT may be URI) with
 * the parameters of data/tracking-params.txt taken out of its query,
 * each with the '&' before it (or after it, for the first); the '?' goes
 * too when no parameter is left. Everything else is copied byte for
 * byte, and a URI with no such parameter is copied unchanged. Returns
 * the new length. */
size_t tracking_strip(const char *uri, size_t len, char *out);

#endif
