/* tracking.c: taking tracking parameters out of a URI's query
 * (--strip-tracking). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "internal.h"
#include "links/tracking.h"

#include "links/tracking-params.h"

#define NPARAMS (sizeof tracking_params / sizeof *tracking_params)

/* Is the query parameter P (N bytes, "name" or "name=value") one of
 * data/tracking-params.txt? */
static bool
is_tracking(const char *p, size_t n)
{
    const char *eq = memchr(p, '=', n);
    size_t nlen = eq ? (size_t)(eq - p) : n, i;

    for (i = 0; i < NPARAMS; i++) {
        const struct tracking_param *t = &tracking_params[i];

        if (t->prefix ? nlen > t->len && memcmp(p, t->name, t->len) == 0
                      : nlen == t->len && memcmp(p, t->name, t->len) == 0)
            return true;
    }
    return false;
}

/* The query of URI (LEN bytes): from after its '?' to its '#' or end;
 * false when it has none. */
static bool
find_query(const char *uri, size_t len, size_t *start, size_t *end)
{
    const char *hash = memchr(uri, '#', len);
    size_t before = hash ? (size_t)(hash - uri) : len;
    const char *q = memchr(uri, '?', before);

    if (q == NULL)
        return false;
    *start = (size_t)(q - uri) + 1;
    *end = before;
    return true;
}

/* Copy the parameters of Q (N bytes) that do not track to OUT, joined by
 * '&'; returns the bytes written, and *REMOVED how many were left out. */
static size_t
keep_params(const char *q, size_t n, char *out, size_t *removed)
{
    size_t w = 0, kept = 0;
    const char *p = q, *end = q + n;

    *removed = 0;
    while (p <= end) {
        const char *amp = memchr(p, '&', (size_t)(end - p));
        const char *e = amp ? amp : end;

        if (is_tracking(p, (size_t)(e - p))) {
            ++*removed;
        } else {
            if (kept++)
                out[w++] = '&';
            memmove(out + w, p, (size_t)(e - p));
            w += (size_t)(e - p);
        }
        if (amp == NULL)
            break;
        p = amp + 1;
    }
    return w;
}

size_t
tracking_strip(const char *uri, size_t len, char *out)
{
    size_t qs, qe, w, removed;

    if (out != uri)
        memmove(out, uri, len);
    if (!find_query(out, len, &qs, &qe))
        return len;
    /* in place from here: what is written never passes what is read */
    w = keep_params(out + qs, qe - qs, out + qs, &removed);
    if (removed == 0)
        return len;
    if (w == 0)
        qs--;       /* nothing left: no '?' either */
    memmove(out + qs + w, out + qe, len - qe);
    return qs + w + (len - qe);
}

URIGREP_EXPORT size_t
urigrep_strip_tracking(const char *uri, size_t len, char *out)
{
    if (uri == NULL || out == NULL)
        return 0;
    return tracking_strip(uri, len, out);
}
