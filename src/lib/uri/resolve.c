/* resolve.c: relative reference resolution, RFC 2396 section 5.2 (and the
 * algorithms of RFC 1808 section 4 and RFC 3986 section 5.2). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "uri/grammar.h"
#include "uri/resolve.h"
#include "internal.h"

/* A path under construction, and the stack of its segments. */
struct seg {
    const char *ptr;
    size_t len;
};

static bool
seg_is(const struct seg *s, const char *lit)
{
    size_t n = strlen(lit);
    return s->len == n && memcmp(s->ptr, lit, n) == 0;
}

/*
 * (resolve.h) Remove "." and ".." segments from PATH into OUT.  This is RFC 2396
 * section 5.2 steps 6c to 6f done with a segment stack (the RFC allows
 * that, see the text after step 7), which gives the same result as the
 * repeated leftmost string rewriting:
 *   c) every "./" where "." is a complete segment goes;
 *   d) a final "." goes;
 *   e) every "<segment>/../" with <segment> not ".." goes, leftmost first,
 *      until none is left;
 *   f) a final "<segment>/.." goes.
 * Step 6g: ".." left above the root are kept when KEEP_ABOVE_ROOT (RFC 1808
 * and RFC 2396's first choice) and dropped otherwise (RFC 3986 5.2.4).
 * A leading "/" is not a segment boundary to pop past.
 */
enum urigrep_status
resolve_remove_dots(const char *path, size_t len, bool keep_above_root,
                    struct urigrep_buf *out)
{
    struct seg *st;
    size_t n = 0, i, start, nsegs = 1;
    bool absolute = len > 0 && path[0] == '/';
    enum urigrep_status rc = URIGREP_OK;

    if (path == NULL) /* an empty buffer has no storage yet */
        path = "";
    for (i = 0; i < len; i++)
        nsegs += path[i] == '/';
    st = malloc(nsegs * sizeof *st);
    if (st == NULL)
        return URIGREP_ERR_NOMEM;
    start = absolute ? 1 : 0;
    for (i = start; i <= len; i++) {
        struct seg s;
        bool last;

        if (i < len && path[i] != '/')
            continue;
        s.ptr = path + start;
        s.len = i - start;
        last = i == len;
        start = i + 1;
        if (seg_is(&s, ".")) {
            if (last)
                st[n++] = (struct seg){ path, 0 };
        } else if (seg_is(&s, "..")) {
            if (n > 0 && !seg_is(&st[n - 1], "..")) {
                n--;
            } else if (keep_above_root) {
                st[n++] = s;
                continue;
            }
            if (last)
                st[n++] = (struct seg){ path, 0 };
        } else {
            st[n++] = s;
        }
    }
    if (absolute)
        rc = buf_append(out, "/", 1);
    for (i = 0; i < n && rc == URIGREP_OK; i++) {
        if (i > 0)
            rc = buf_append(out, "/", 1);
        if (rc == URIGREP_OK)
            rc = buf_append(out, st[i].ptr, st[i].len);
    }
    free(st);
    return rc;
}

/* Append SEP and component C when C is defined. */
static enum urigrep_status
put_comp(struct urigrep_buf *b, const char *sep, const struct urigrep_comp *c)
{
    enum urigrep_status rc;

    if (!c->defined)
        return URIGREP_OK;
    rc = buf_append(b, sep, strlen(sep));
    return rc ? rc : buf_append(b, c->ptr, c->len);
}

/* Step 7: recombine the components; PATH is already in B when PATH_DONE. */
struct target {
    struct urigrep_comp scheme, authority, path, query, fragment;
};

static enum urigrep_status
recompose(struct urigrep_buf *b, const struct target *t,
          const struct urigrep_buf *path)
{
    enum urigrep_status rc;
    const char *p;
    size_t n;

    if ((rc = put_comp(b, "", &t->scheme)) ||
        (t->scheme.defined && (rc = buf_append(b, ":", 1))) ||
        (rc = put_comp(b, "//", &t->authority)))
        return rc;
    p = path ? path->data : t->path.ptr;
    n = path ? path->len : t->path.len;
    /* a path that starts with "//" and no authority before it would read
     * back as an authority ("s:/." + ".//x" gives "s://x"): keep it a
     * path with "/." in front, as the WHATWG URL Standard does */
    if (!t->authority.defined && n >= 2 && p[0] == '/' && p[1] == '/' &&
        (rc = buf_append(b, "/.", 2)))
        return rc;
    rc = buf_append(b, p, n);
    if (rc || (rc = put_comp(b, "?", &t->query)) ||
        (rc = put_comp(b, "#", &t->fragment)))
        return rc;
    return URIGREP_OK;
}

/* Step 6a and 6b (RFC 3986 5.2.3 "merge"): all of the base path up to
 * its last '/', then the reference path. A base with an authority and an
 * empty path merges as "/" (RFC 3986; RFC 2396 would glue the reference
 * to the host name). */
static enum urigrep_status
merge_paths(const struct urigrep_parts *b, const struct urigrep_comp *rpath,
            struct urigrep_buf *out)
{
    size_t keep = b->path.len;
    enum urigrep_status rc;

    while (keep > 0 && b->path.ptr[keep - 1] != '/')
        keep--;
    if (b->authority.defined && b->path.len == 0)
        rc = buf_append(out, "/", 1);
    else
        rc = buf_append(out, b->path.ptr, keep);
    return rc ? rc : buf_append(out, rpath->ptr, rpath->len);
}

/* RFC 2396 section 5.2, steps 1 to 7. */
static enum urigrep_status
resolve_2396(const struct urigrep_parts *b, const struct urigrep_parts *r,
             struct urigrep_buf *out)
{
    struct target t = { b->scheme, b->authority, r->path, r->query,
                        r->fragment };
    struct urigrep_buf merged, path;
    enum urigrep_status rc;

    /* 2) an empty path and no scheme, authority or query: the current
     *    document (the base without its fragment, plus ours) */
    if (r->path.len == 0 && !r->scheme.defined && !r->authority.defined &&
        !r->query.defined) {
        t.path = b->path;
        t.query = b->query;
        return recompose(out, &t, NULL);
    }
    /* 3) a scheme: absolute, and we are done (the strict reading, so
     *    "http:g" stays "http:g") */
    if (r->scheme.defined) {
        t.scheme = r->scheme;
        t.authority = r->authority;
        return recompose(out, &t, NULL);
    }
    /* 4) an authority: a network-path, skip to step 7 */
    if (r->authority.defined) {
        t.authority = r->authority;
        return recompose(out, &t, NULL);
    }
    /* 5) a path that begins with '/': an absolute-path, skip to step 7 */
    if (r->path.len && r->path.ptr[0] == '/')
        return recompose(out, &t, NULL);
    /* 6) a relative-path: merge, then remove dot segments (6c-6f), and
     *    keep ".." above the root (6g, first choice) */
    buf_init(&merged, out->max);
    buf_init(&path, out->max);
    rc = merge_paths(b, &r->path, &merged);
    if (rc == URIGREP_OK)
        rc = resolve_remove_dots(merged.data, merged.len, true, &path);
    /* 7) recombine */
    if (rc == URIGREP_OK)
        rc = recompose(out, &t, &path);
    buf_free(&merged);
    buf_free(&path);
    return rc;
}

/* RFC 3986 section 5.2.2, with remove_dot_segments of 5.2.4. */
static enum urigrep_status
resolve_3986(const struct urigrep_parts *b, const struct urigrep_parts *r,
             struct urigrep_buf *out)
{
    struct target t = { b->scheme, b->authority, r->path, r->query,
                        r->fragment };
    struct urigrep_buf merged, path;
    enum urigrep_status rc = URIGREP_OK;
    const struct urigrep_comp *p = &r->path;

    buf_init(&merged, out->max);
    buf_init(&path, out->max);
    if (r->scheme.defined) {
        t.scheme = r->scheme;
        t.authority = r->authority;
    } else if (r->authority.defined) {
        t.authority = r->authority;
    } else if (r->path.len == 0) {
        p = &b->path;
        if (!r->query.defined)
            t.query = b->query;
    } else if (r->path.ptr[0] != '/') {
        rc = merge_paths(b, &r->path, &merged);
        p = NULL;
    }
    if (rc == URIGREP_OK) {
        if (p == &b->path)
            rc = buf_append(&path, p->ptr, p->len);
        else if (p)
            rc = resolve_remove_dots(p->ptr, p->len, false, &path);
        else
            rc = resolve_remove_dots(merged.data, merged.len, false, &path);
    }
    if (rc == URIGREP_OK)
        rc = recompose(out, &t, &path);
    buf_free(&merged);
    buf_free(&path);
    return rc;
}

/* The six parts of RFC 1808 section 2.1. */
struct url1808 {
    struct urigrep_comp scheme, net_loc, path, params, query, fragment;
};

/* Parse as RFC 1808 section 2.4 does, in its order: fragment, scheme,
 * network location, query, parameters, path. */
static void
parse_1808(const char *s, size_t len, struct url1808 *u)
{
    const char *p;
    size_t i;

    memset(u, 0, sizeof *u);
    /* 2.4.1: from the first '#' */
    if ((p = memchr(s, '#', len)) != NULL) {
        u->fragment = (struct urigrep_comp){ p + 1, len - (size_t)(p - s) - 1,
                                             true };
        len = (size_t)(p - s);
    }
    /* 2.4.2: a ':' after one or more scheme characters */
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') &&
            !(c >= '0' && c <= '9') && c != '+' && c != '.' && c != '-')
            break;
    }
    if (i > 0 && i < len && s[i] == ':') {
        u->scheme = (struct urigrep_comp){ s, i, true };
        s += i + 1;
        len -= i + 1;
    }
    /* 2.4.3: "//" up to the next '/' */
    if (len >= 2 && s[0] == '/' && s[1] == '/') {
        p = memchr(s + 2, '/', len - 2);
        i = p ? (size_t)(p - s) : len;
        u->net_loc = (struct urigrep_comp){ s + 2, i - 2, true };
        s += i;
        len -= i;
    }
    /* 2.4.4: from the first '?' */
    if ((p = memchr(s, '?', len)) != NULL) {
        u->query = (struct urigrep_comp){ p + 1, len - (size_t)(p - s) - 1,
                                          true };
        len = (size_t)(p - s);
    }
    /* 2.4.5: from the first ';' */
    if ((p = memchr(s, ';', len)) != NULL) {
        u->params = (struct urigrep_comp){ p + 1, len - (size_t)(p - s) - 1,
                                           true };
        len = (size_t)(p - s);
    }
    /* 2.4.6: the rest, with its leading '/' (section 4 step 4 tests it) */
    u->path = (struct urigrep_comp){ s, len, true };
}

static bool
nonempty(const struct urigrep_comp *c)
{
    return c->defined && c->len > 0;
}

/* RFC 1808 section 4, steps 1 to 7. */
static enum urigrep_status
resolve_1808(const char *base, size_t blen, const char *ref, size_t rlen,
             struct urigrep_buf *out)
{
    struct url1808 b, r;
    struct urigrep_buf path;
    enum urigrep_status rc = URIGREP_OK;
    bool path_done = false;

    parse_1808(base, blen, &b);
    parse_1808(ref, rlen, &r);
    if (!b.scheme.defined)
        return URIGREP_ERR_BASE_RELATIVE;
    /* 2a) an empty reference is the whole base, fragment included */
    if (rlen == 0)
        return buf_append(out, base, blen);
    /* 2b) a scheme: absolute */
    if (r.scheme.defined)
        return buf_append(out, ref, rlen);
    /* 2c) inherit the scheme */
    r.scheme = b.scheme;
    buf_init(&path, out->max);
    /* 3) a non-empty net_loc: skip to 7; else inherit it */
    if (nonempty(&r.net_loc)) {
        path_done = true;
    } else {
        r.net_loc = b.net_loc;
        /* 4) a path preceded by '/': skip to step 7 */
        if (r.path.len && r.path.ptr[0] == '/') {
            path_done = true;
        } else if (r.path.len == 0) {
            /* 5) an empty path inherits the base path, then the params
             *    unless ours are non-empty, then likewise the query */
            r.path = b.path;
            path_done = true;
            if (!nonempty(&r.params)) {
                r.params = b.params;
                if (!nonempty(&r.query))
                    r.query = b.query;
            }
        }
    }
    if (!path_done) {
        /* 6) replace the last segment of the base path with ours, then
         *    steps a-d remove "." and "<segment>/.." */
        struct urigrep_parts bp;
        struct urigrep_buf merged;

        memset(&bp, 0, sizeof bp);
        bp.path = b.path;
        /* "http://a" + "g": the slash after a net_loc is syntax in RFC
         * 1808 (2.1), so an empty path merges as "/" */
        bp.authority.defined = b.net_loc.defined;
        buf_init(&merged, out->max);
        rc = merge_paths(&bp, &r.path, &merged);
        if (rc == URIGREP_OK)
            rc = resolve_remove_dots(merged.data, merged.len, true, &path);
        buf_free(&merged);
        r.path = (struct urigrep_comp){ path.data, path.len, true };
    }
    /* 7) recombine */
    if (rc == URIGREP_OK &&
        !(rc = put_comp(out, "", &r.scheme)) &&
        !(rc = buf_append(out, ":", 1)) &&
        !(rc = put_comp(out, "//", &r.net_loc)) &&
        !(rc = buf_append(out, r.path.ptr, r.path.len)) &&
        !(rc = put_comp(out, ";", &r.params)) &&
        !(rc = put_comp(out, "?", &r.query)))
        rc = put_comp(out, "#", &r.fragment);
    buf_free(&path);
    return rc;
}

URIGREP_EXPORT enum urigrep_status
urigrep_resolve(const char *base, size_t base_len, const char *ref,
                size_t ref_len, enum urigrep_rfc rfc, char **out,
                size_t *out_len)
{
    struct urigrep_parts b, r;
    struct urigrep_buf res;
    enum urigrep_status rc;

    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    /* no object is larger than PTRDIFF_MAX: a longer length is garbage,
     * and the sum below must not wrap */
    if ((base == NULL && base_len) || (ref == NULL && ref_len) ||
        base_len > (size_t)PTRDIFF_MAX / 4 || ref_len > (size_t)PTRDIFF_MAX / 4)
        return URIGREP_ERR_ARG;
    if (base == NULL)
        base = "";
    if (ref == NULL)
        ref = "";
    /* the result is at most the two inputs plus a few separators */
    buf_init(&res, base_len + ref_len + 8);
    switch (rfc) {
    case URIGREP_RFC1808:
        rc = resolve_1808(base, base_len, ref, ref_len, &res);
        break;
    case URIGREP_RFC2396:
    case URIGREP_RFC3986:
        grammar_split(base, base_len, &b);
        grammar_split(ref, ref_len, &r);
        if (!b.scheme.defined)
            rc = URIGREP_ERR_BASE_RELATIVE;
        else if (rfc == URIGREP_RFC2396)
            rc = resolve_2396(&b, &r, &res);
        else
            rc = resolve_3986(&b, &r, &res);
        break;
    default:
        rc = URIGREP_ERR_ARG;
        break;
    }
    if (rc == URIGREP_OK)
        rc = buf_reserve(&res, 1);
    if (rc != URIGREP_OK) {
        buf_free(&res);
        return rc;
    }
    if (res.data == NULL) {
        res.data = malloc(1);
        if (res.data == NULL)
            return URIGREP_ERR_NOMEM;
    }
    res.data[res.len] = '\0';
    *out = res.data;
    if (out_len)
        *out_len = res.len;
    return URIGREP_OK;
}
