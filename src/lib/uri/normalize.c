/* normalize.c: the normal form of a URI, RFC 3986 sections 6.2.2
 * (syntax-based) and 6.2.3 (scheme-based), urigrep_uri_normalize(). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "uri/grammar.h"
#include "uri/resolve.h"
#include "internal.h"

/* The schemes whose default port 6.2.3 drops, and whose empty path with
 * an authority is "/" (RFC 7230 2.7.3 for http and https). The ports are
 * those of the IANA registry's service names. */
static const struct {
    const char *scheme;
    const char *port;
    bool slash;     /* an empty path is "/" */
} defaults[] = {
    { "http", "80", true }, { "https", "443", true },
    { "ws", "80", true }, { "wss", "443", true },
    { "ftp", "21", false }, { "gopher", "70", false },
    { "telnet", "23", false }, { "nntp", "119", false },
    { "ldap", "389", false }, { "rtsp", "554", false },
};

static int
hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* RFC 3986 2.3: ALPHA / DIGIT / "-" / "." / "_" / "~" */
static bool
is_unreserved(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
           c == '~';
}

static char
lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

/* Append C (N bytes) with 6.2.2.2's percent-encoding normalization: a
 * triplet of an unreserved character decoded, the others' hex digits in
 * upper case (6.2.2.1); with LOWER, the other letters in lower case (a
 * host, a scheme). A '%' not followed by two hex digits stays as it is. */
static enum urigrep_status
put_normal(struct urigrep_buf *b, const char *p, size_t n, bool lower_case)
{
    static const char hex[] = "0123456789ABCDEF";
    enum urigrep_status rc;
    size_t i;

    if ((rc = buf_reserve(b, n)))
        return rc;
    for (i = 0; i < n; i++) {
        int hi, lo;

        if (p[i] == '%' && i + 2 < n && (hi = hexval(p[i + 1])) >= 0 &&
            (lo = hexval(p[i + 2])) >= 0) {
            int c = hi * 16 + lo;

            if (is_unreserved(c))
                buf_put(b, lower_case ? lower((char)c) : (char)c);
            else {
                buf_put(b, '%');
                buf_put(b, hex[hi]);
                buf_put(b, hex[lo]);
            }
            i += 2;
        } else
            buf_put(b, lower_case ? lower(p[i]) : p[i]);
    }
    return URIGREP_OK;
}

/* The entry of defaults[] for scheme S (N bytes, any case), or -1. */
static int
scheme_default(const char *s, size_t n)
{
    size_t i, k;

    for (i = 0; i < sizeof defaults / sizeof defaults[0]; i++) {
        if (strlen(defaults[i].scheme) != n)
            continue;
        for (k = 0; k < n && lower(s[k]) == defaults[i].scheme[k]; k++)
            ;
        if (k == n)
            return (int)i;
    }
    return -1;
}

/* Is PORT (N bytes) empty or, leading zeros aside, DEF? 6.2.3: then it
 * goes, with its ':'. */
static bool
port_is_default(const char *port, size_t n, const char *def)
{
    while (n > 1 && port[0] == '0')
        port++, n--;
    return n == 0 || (def && strlen(def) == n && memcmp(port, def, n) == 0);
}

/* The authority of PT: userinfo, host (lower case) and port without its
 * default (entry DEF of defaults[], or -1); a registry-based one only
 * percent-normalized. */
static enum urigrep_status
put_authority(struct urigrep_buf *b, const struct urigrep_parts *pt, int def)
{
    enum urigrep_status rc;

    if (!pt->host.defined)
        return put_normal(b, pt->authority.ptr, pt->authority.len, false);
    if (pt->userinfo.defined &&
        ((rc = put_normal(b, pt->userinfo.ptr, pt->userinfo.len, false)) ||
         (rc = buf_append(b, "@", 1))))
        return rc;
    if ((rc = put_normal(b, pt->host.ptr, pt->host.len, true)))
        return rc;
    if (!pt->port.defined ||
        port_is_default(pt->port.ptr, pt->port.len,
                        def >= 0 ? defaults[def].port : NULL))
        return URIGREP_OK;
    if ((rc = buf_append(b, ":", 1)))
        return rc;
    return buf_append(b, pt->port.ptr, pt->port.len);
}

/* The path of PT, percent-normalized, then (with a scheme) without its
 * dot segments (6.2.2.3; ".." above the root kept, as RFC 2396 keeps
 * it: dropping it may change what the URI identifies); an empty path
 * with an authority is "/" for the schemes of defaults[] that say so. */
static enum urigrep_status
put_path(struct urigrep_buf *b, const struct urigrep_parts *pt, int def)
{
    struct urigrep_buf norm, dots;
    enum urigrep_status rc;
    const struct urigrep_buf *p = &norm;

    if (pt->path.len == 0)
        return pt->authority.defined && def >= 0 && defaults[def].slash
                   ? buf_append(b, "/", 1)
                   : URIGREP_OK;
    buf_init(&norm, pt->path.len + 1);
    buf_init(&dots, pt->path.len + 3);
    rc = put_normal(&norm, pt->path.ptr, pt->path.len, false);
    if (rc == URIGREP_OK && pt->scheme.defined) {
        rc = resolve_remove_dots(norm.data, norm.len, true, &dots);
        p = &dots;
    }
    /* a path that would read back as an authority keeps a "/." before it
     * (as resolve.c's recompose() does) */
    if (rc == URIGREP_OK && !pt->authority.defined && p->len >= 2 &&
        p->data[0] == '/' && p->data[1] == '/')
        rc = buf_append(b, "/.", 2);
    if (rc == URIGREP_OK)
        rc = buf_append(b, p->data, p->len);
    buf_free(&norm);
    buf_free(&dots);
    return rc;
}

/* The normal form of URI (LEN bytes) into B. */
static enum urigrep_status
normalize(struct urigrep_buf *b, const char *uri, size_t len)
{
    struct urigrep_parts pt;
    enum urigrep_status rc = URIGREP_OK;
    int def = -1;

    grammar_split(uri, len, &pt);
    if (pt.scheme.defined) {
        def = scheme_default(pt.scheme.ptr, pt.scheme.len);
        if ((rc = put_normal(b, pt.scheme.ptr, pt.scheme.len, true)) ||
            (rc = buf_append(b, ":", 1)))
            return rc;
    }
    if (pt.authority.defined &&
        ((rc = buf_append(b, "//", 2)) || (rc = put_authority(b, &pt, def))))
        return rc;
    if ((rc = put_path(b, &pt, def)))
        return rc;
    if (pt.query.defined &&
        ((rc = buf_append(b, "?", 1)) ||
         (rc = put_normal(b, pt.query.ptr, pt.query.len, false))))
        return rc;
    if (pt.fragment.defined &&
        ((rc = buf_append(b, "#", 1)) ||
         (rc = put_normal(b, pt.fragment.ptr, pt.fragment.len, false))))
        return rc;
    return URIGREP_OK;
}

/* The checks both allocating functions below make first (the header's
 * URIGREP_ERR_ARG cases); *URI becomes "" when it is NULL with LEN 0. */
static enum urigrep_status
out_begin(const char **uri, size_t len, char **out, size_t *out_len)
{
    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    if (out_len)
        *out_len = 0;
    if ((*uri == NULL && len) || len > (size_t)PTRDIFF_MAX / 4)
        return URIGREP_ERR_ARG;
    if (*uri == NULL)
        *uri = "";
    return URIGREP_OK;
}

/* Hand B out NUL-terminated when RC, what filled it, is URIGREP_OK;
 * free it otherwise. */
static enum urigrep_status
out_give(struct urigrep_buf *b, enum urigrep_status rc, char **out,
         size_t *out_len)
{
    if (rc == URIGREP_OK)
        rc = buf_reserve(b, 1);
    if (rc != URIGREP_OK) {
        buf_free(b);
        return rc;
    }
    b->data[b->len] = '\0';
    *out = b->data;
    if (out_len)
        *out_len = b->len;
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_uri_normalize(const char *uri, size_t len, char **out,
                      size_t *out_len)
{
    struct urigrep_buf b;
    enum urigrep_status rc;

    if ((rc = out_begin(&uri, len, out, out_len)))
        return rc;
    /* the result is at most LEN bytes and a "/" or "/." more */
    buf_init(&b, len + 8);
    return out_give(&b, normalize(&b, uri, len), out, out_len);
}

/* Is S, in any case, a scheme indicator tools defang? */
static bool
fanged_scheme(const struct urigrep_span *s)
{
    static const char *const fanged[] = { "http", "https", "ftp" };
    size_t i;

    for (i = 0; i < sizeof fanged / sizeof fanged[0]; i++)
        if (strlen(fanged[i]) == s->len &&
            strncasecmp(s->ptr, fanged[i], s->len) == 0)
            return true;
    return false;
}

/* The defanged form (urigrep_uri_defang()): the scheme's "tt" or "t" as
 * "xx" or "x" as iocextract and ioc-fang print them, the host's dots as
 * "[.]", at most 3 * LEN bytes. */
static enum urigrep_status
defang(struct urigrep_buf *b, const char *uri, size_t len)
{
    struct urigrep_span p[URIGREP_PART_COUNT];
    const struct urigrep_span *s = &p[URIGREP_PART_SCHEME];
    const struct urigrep_span *h = &p[URIGREP_PART_HOST];
    size_t i = 0;
    enum urigrep_status rc;

    if ((rc = buf_reserve(b, 3 * len)))
        return rc;
    if (urigrep_uri_split(uri, len, p) != URIGREP_OK)
        p[URIGREP_PART_SCHEME].ptr = p[URIGREP_PART_HOST].ptr = NULL;
    if (s->ptr && fanged_scheme(s)) {
        bool up = s->ptr[1] == 'T';

        buf_put(b, s->ptr[0]);
        buf_put(b, up ? 'X' : 'x');
        i = 2;
        if (s->ptr[2] == 't' || s->ptr[2] == 'T') {
            buf_put(b, up ? 'X' : 'x');
            i = 3;
        }
    }
    for (; i < len; i++) {
        bool in_host = h->ptr && uri + i >= h->ptr &&
                       uri + i < h->ptr + h->len;

        if (in_host && uri[i] == '.') {
            buf_put(b, '[');
            buf_put(b, '.');
            buf_put(b, ']');
        } else {
            buf_put(b, uri[i]);
        }
    }
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_uri_defang(const char *uri, size_t len, char **out, size_t *out_len)
{
    struct urigrep_buf b;
    enum urigrep_status rc;

    if ((rc = out_begin(&uri, len, out, out_len)))
        return rc;
    buf_init(&b, 3 * len + 1);
    return out_give(&b, defang(&b, uri, len), out, out_len);
}
