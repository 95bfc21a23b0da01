/* unwrap.c: the targets of wrapped links (Safe Links, URL Defense and the
 * redirectors of data/redirectors.txt), and tracking parameters. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "uri/chars.h"
#include "uri/grammar.h"
#include "internal.h"
#include "links/unwrap.h"

#include "links/redirectors.h"

#define NRULES (sizeof unwrap_rules / sizeof *unwrap_rules)

/* Reasons a layer is not decoded (unwrap_result.reason). */
static const char no_param[] = "no target parameter";
static const char bad_percent[] = "bad percent-encoding";
static const char bad_base64[] = "bad base64 encoding";
static const char bad_v3[] = "truncated or malformed v3 tail";
static const char no_scheme[] = "target is not an absolute URI";
static const char too_deep[] = "wrapped more than 8 deep";
static const char nomem[] = "out of memory";
static const char cut[] = "link cut after its target";

void
unwrap_init(struct unwrap_scratch *s, size_t max_len)
{
    /* a layer is never longer than the link (see decode_v3()); the
     * target at most three times as long, every byte percent-encoded */
    buf_init(&s->layer[0], max_len + 1);
    buf_init(&s->layer[1], max_len + 1);
    buf_init(&s->tmp, max_len + 1);
    buf_init(&s->out, max_len > SIZE_MAX / 4 ? SIZE_MAX / 4
                                               : 3 * max_len + 1);
}

void
unwrap_free(struct unwrap_scratch *s)
{
    buf_free(&s->layer[0]);
    buf_free(&s->layer[1]);
    buf_free(&s->tmp);
    buf_free(&s->out);
}

/* ---- which rule ---- */

/* Is HOST (case-insensitive) the host of rule R? */
static bool
host_matches(const struct unwrap_rule *r, const struct urigrep_comp *host)
{
    if (!r->suffix)
        return host->len == r->host_len &&
               strncasecmp(host->ptr, r->host, r->host_len) == 0;
    /* ".example.com": at least one label before it */
    return host->len > r->host_len &&
           strncasecmp(host->ptr + host->len - r->host_len, r->host,
                       r->host_len) == 0;
}

static bool
path_matches(const struct unwrap_rule *r, const struct urigrep_comp *path)
{
    if (r->prefix)
        return path->len >= r->path_len &&
               memcmp(path->ptr, r->path, r->path_len) == 0;
    return path->len == r->path_len &&
           memcmp(path->ptr, r->path, r->path_len) == 0;
}

/* The rule link S (N bytes, split into PT) is a wrapper of, or NULL. */
static const struct unwrap_rule *
find_rule(const char *s, size_t n, struct urigrep_parts *pt)
{
    size_t i;

    /* nearly every link is not one: "http" is looked at before a split */
    if (n < 8 || strncasecmp(s, "http", 4) != 0)
        return NULL;
    grammar_split(s, n, pt);
    if (!pt->host.defined || pt->host.len == 0 ||
        !((pt->scheme.len == 4 || (pt->scheme.len == 5 &&
                                   (s[4] | 0x20) == 's'))))
        return NULL;
    for (i = 0; i < NRULES; i++)
        if (host_matches(&unwrap_rules[i], &pt->host) &&
            path_matches(&unwrap_rules[i], &pt->path))
            return &unwrap_rules[i];
    return NULL;
}

/* ---- decoding ---- */

static unsigned
hex_value(unsigned char c)
{
    return is_digit(c) ? (unsigned)(c - '0')
                       : (unsigned)((c | 0x20) - 'a' + 10);
}

/* The byte of the escape "%XY" (or Proofpoint v2's "-XY") at P[0..2] of
 * the N bytes left, into *C; false when it is not one. */
static bool
escape_at(const char *p, size_t n, unsigned char *c)
{
    if (n < 3 || !is_hex((unsigned char)p[1]) || !is_hex((unsigned char)p[2]))
        return false;
    *c = (unsigned char)(hex_value((unsigned char)p[1]) << 4 |
                         hex_value((unsigned char)p[2]));
    return true;
}

/* Append P (N bytes) to OUT percent-decoded; PPV2: Proofpoint v2's '-'
 * for '%' and '_' for '/' first. OUT has room for N more bytes. Returns
 * NULL, or the reason it is malformed. Runs without an escape are copied
 * at once (a link wrapped 8 deep is decoded 8 times). */
static const char *
decode_percent(struct urigrep_buf *out, const char *p, size_t n, bool ppv2)
{
    size_t i = 0;

    while (i < n) {
        unsigned char c = (unsigned char)p[i];

        if (!ppv2) {
            const char *pct = memchr(p + i, '%', n - i);
            size_t run = pct ? (size_t)(pct - (p + i)) : n - i;

            memcpy(out->data + out->len, p + i, run);
            out->len += run;
            if ((i += run) == n)
                break;
            c = '%';
        }
        if (c == '%' || (ppv2 && c == '-')) {
            if (!escape_at(p + i, n - i, &c))
                return bad_percent;
            i += 3;
        } else {
            c = ppv2 && c == '_' ? '/' : c;
            i++;
        }
        buf_put(out, (char)c);
    }
    return NULL;
}

/* The 6-bit value of base64 character C in either alphabet of RFC 4648
 * (section 4's, or section 5's URL-safe '-' and '_'), or -1. */
static int
base64_any_value(unsigned char c)
{
    if (c == '-')
        return 62;
    if (c == '_')
        return 63;
    return base64_value(c);
}

/* Append the base64 text P (N bytes; '=' padding optional, only at the
 * end) to OUT, which has room for N more bytes. Returns NULL or why not. */
static const char *
decode_base64(struct urigrep_buf *out, const char *p, size_t n)
{
    unsigned long acc = 0;
    unsigned bits = 0;
    size_t i;

    while (n > 0 && p[n - 1] == '=')
        n--;
    for (i = 0; i < n; i++) {
        int v = base64_any_value((unsigned char)p[i]);

        if (v < 0)
            return bad_base64;
        acc = (acc << 6 | (unsigned)v) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            buf_put(out, (char)(acc >> bits & 0xff));
        }
    }
    /* a lone sixth of a byte, or set bits after the last whole byte, is
     * not what an encoder writes */
    if (bits >= 6 || (acc & ((1ul << bits) - 1)) != 0)
        return bad_base64;
    return NULL;
}

/* The value of the first query parameter of Q named by KEYS (','
 * separated names, tried in turn) into *VAL; *MORE says whether another
 * parameter follows it. "amp;" before a name is skipped: an HTML "&amp;"
 * left in text. */
static bool
query_param(const struct urigrep_comp *q, const char *keys,
            struct urigrep_span *val, bool *more)
{
    if (!q->defined)
        return false;
    while (*keys) {
        size_t klen = strcspn(keys, ",");
        const char *p = q->ptr, *end = q->ptr + q->len;

        while (p < end) {
            const char *amp = memchr(p, '&', (size_t)(end - p));
            const char *e = amp ? amp : end;

            if ((size_t)(e - p) > 4 && memcmp(p, "amp;", 4) == 0)
                p += 4;
            if ((size_t)(e - p) > klen && memcmp(p, keys, klen) == 0 &&
                p[klen] == '=') {
                val->ptr = p + klen + 1;
                val->len = (size_t)(e - val->ptr);
                *more = amp != NULL;
                return true;
            }
            p = e + (amp != NULL);
        }
        keys += klen + (keys[klen] == ',');
    }
    return false;
}

/* The number of UTF-8 characters at the start of P (N bytes) that make
 * up K characters (the bytes they take), or 0 when P has fewer or is not
 * UTF-8 there. */
static size_t
utf8_take(const unsigned char *p, size_t n, size_t k)
{
    size_t i = 0;

    while (k-- > 0) {
        size_t len;

        if (i >= n || (p[i] >= 0x80 && p[i] < 0xc2) || p[i] > 0xf4)
            return 0;
        len = p[i] < 0x80 ? 1 : p[i] >= 0xf0 ? 4 : p[i] >= 0xe0 ? 3 : 2;
        if (len > n - i)
            return 0;
        for (size_t j = 1; j < len; j++)
            if ((p[i + j] & 0xc0) != 0x80)
                return 0;
        i += len;
    }
    return i;
}

/* Proofpoint's v3 run lengths: "**X" stands for 2 + the position of X
 * in this string characters of the tail. */
static const char v3_runs[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* Append to OUT the URL of P (N bytes, the path of a v3 link and what
 * follows it: "/v3/__URL__;TAIL!..."), each '*' replaced by the next
 * character of TAIL and each "**X" by the next run of them, as
 * Proofpoint's decoder does; TAIL must be used up exactly. The URL is
 * the shortest that ends before "__;", as Proofpoint's v3 pattern
 * reads it. Output is never longer than P: a character taken from TAIL
 * takes at least as many bytes of TAIL's base64. */
static const char *
decode_v3(struct urigrep_buf *tmp, const char *p, size_t n,
          struct urigrep_buf *out)
{
    const char *url = p + 6, *semi = NULL, *bang, *end = p + n;
    size_t ulen, i, at = 0;

    if (n < 8 || memcmp(p, "/v3/__", 6) != 0)
        return bad_v3;
    for (i = 1; url + i + 3 <= end && semi == NULL; i++)
        if (memcmp(url + i, "__;", 3) == 0)
            semi = url + i;
    if (semi == NULL ||
        (bang = memchr(semi + 3, '!', (size_t)(end - semi - 3))) == NULL)
        return bad_v3;
    ulen = (size_t)(semi - url);
    tmp->len = 0;
    if (buf_reserve(tmp, (size_t)(bang - semi)) != URIGREP_OK ||
        buf_reserve(out, n) != URIGREP_OK)
        return nomem;
    if (decode_base64(tmp, semi + 3, (size_t)(bang - semi - 3)) != NULL)
        return bad_v3;
    for (i = 0; i < ulen; i++) {
        size_t k = 1, take;
        const char *run;

        if (url[i] != '*') {
            buf_put(out, url[i]);
            continue;
        }
        if (i + 2 < ulen && url[i + 1] == '*') {
            if (url[i + 2] == '\0' ||
                (run = strchr(v3_runs, url[i + 2])) == NULL)
                return bad_v3;
            k = 2 + (size_t)(run - v3_runs);
            i += 2;
        }
        take = utf8_take((const unsigned char *)tmp->data + at,
                         tmp->len - at, k);
        if (take == 0)
            return bad_v3;
        memcpy(out->data + out->len, tmp->data + at, take);
        out->len += take;
        at += take;
    }
    return at == tmp->len ? NULL : bad_v3;
}

/* Append the value V of a query parameter, written in ENC, to OUT. */
static const char *
decode_value(struct unwrap_scratch *s, enum unwrap_enc enc,
             const struct urigrep_span *v, struct urigrep_buf *out)
{
    const char *why;

    if (buf_reserve(out, v->len) != URIGREP_OK)
        return nomem;
    if (enc != UNWRAP_BASE64)
        return decode_percent(out, v->ptr, v->len, enc == UNWRAP_PPV2);
    /* Sophos: "%3D" for '=' and the like, then base64 */
    s->tmp.len = 0;
    if (buf_reserve(&s->tmp, v->len) != URIGREP_OK)
        return nomem;
    if ((why = decode_percent(&s->tmp, v->ptr, v->len, false)) != NULL)
        return why;
    return decode_base64(out, s->tmp.data, s->tmp.len);
}

/* Decode one layer: the target of link S (N bytes, split into PT), a
 * wrapper of rule R, into OUT. Returns NULL or why not (nomem). */
static const char *
decode_layer(struct unwrap_scratch *s, const struct unwrap_rule *r,
             const char *str, size_t n, const struct urigrep_parts *pt,
             struct urigrep_buf *out)
{
    struct urigrep_span v;
    const char *why, *slash;
    bool more;

    out->len = 0;
    switch (r->form) {
    case UNWRAP_QUERY:
        if (!query_param(&pt->query, r->keys, &v, &more))
            return no_param;
        if (r->follow && !more)
            return cut;
        why = decode_value(s, r->enc, &v, out);
        break;
    case UNWRAP_SEGMENT:
        /* "/token/TARGET" */
        slash = pt->path.len > 1 ? memchr(pt->path.ptr + 1, '/',
                                          pt->path.len - 1)
                                 : NULL;
        if (slash == NULL)
            return no_param;
        v.ptr = slash + 1;
        v.len = pt->path.len - (size_t)(v.ptr - pt->path.ptr);
        why = decode_value(s, r->enc, &v, out);
        break;
    case UNWRAP_V3:
        why = decode_v3(&s->tmp, pt->path.ptr,
                        n - (size_t)(pt->path.ptr - str), out);
        break;
    default:
        return no_param;
    }
    if (why == NULL && !has_scheme(out->data, out->len))
        why = no_scheme;
    return why;
}

/* May byte C of a decoded target be reported as it is? Not a control,
 * space or non-ASCII byte, nor one of the characters RFC 2396 2.4.3
 * excludes ('%' is looked at apart). */
static bool
target_byte_ok(unsigned char c)
{
    return c > 0x20 && c < 0x7f && c != '"' && c != '<' && c != '>' &&
           c != '\\' && c != '^' && c != '`' && c != '{' && c != '|' &&
           c != '}';
}

/* Write the target P (N bytes) into OUT as unwrap_link() says. */
static enum urigrep_status
encode_target(struct urigrep_buf *out, const char *p, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t i;

    out->len = 0;
    if (buf_reserve(out, 3 * n) != URIGREP_OK)
        return URIGREP_ERR_NOMEM;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];

        if (c == '%' ? n - i >= 3 && is_hex((unsigned char)p[i + 1]) &&
                           is_hex((unsigned char)p[i + 2])
                     : target_byte_ok(c)) {
            buf_put(out, (char)c);
        } else {
            buf_put(out, '%');
            buf_put(out, hex[c >> 4]);
            buf_put(out, hex[c & 15]);
        }
    }
    out->data[out->len] = '\0';
    return URIGREP_OK;
}

enum urigrep_status
unwrap_link(struct unwrap_scratch *s, const char *uri, size_t len,
            struct unwrap_result *res)
{
    const char *cur = uri, *target = NULL;
    size_t n = len, tlen = 0;
    struct urigrep_parts pt;
    const struct unwrap_rule *r;
    unsigned depth, k = 0;

    res->wrapper = res->reason = NULL;
    res->target = NULL;
    res->target_len = 0;
    for (depth = 0; (r = find_rule(cur, n, &pt)) != NULL; depth++) {
        struct urigrep_buf *next = &s->layer[k];
        const char *why;

        if (depth == 0)
            res->wrapper = r->name;
        if (r->form == UNWRAP_NONE)
            break;
        if (depth == UNWRAP_MAX_DEPTH) {
            res->reason = too_deep;
            break;
        }
        why = decode_layer(s, r, cur, n, &pt, next);
        if (why == nomem)
            goto fail;
        if (why) {
            res->reason = why;
            break;
        }
        cur = target = next->data;
        n = tlen = next->len;
        k ^= 1;
    }
    if (target == NULL)
        return URIGREP_OK;
    if (encode_target(&s->out, target, tlen) != URIGREP_OK)
        goto fail;
    res->target = s->out.data;
    res->target_len = s->out.len;
    return URIGREP_OK;
fail:
    res->wrapper = res->reason = NULL;
    res->target = NULL;
    return URIGREP_ERR_NOMEM;
}

URIGREP_EXPORT enum urigrep_status
urigrep_unwrap(const char *uri, size_t len, char **target, size_t *target_len,
               const char **wrapper, const char **reason)
{
    struct unwrap_scratch s;
    struct unwrap_result res;
    enum urigrep_status rc;

    if (target)
        *target = NULL;
    if (target_len)
        *target_len = 0;
    if (wrapper)
        *wrapper = NULL;
    if (reason)
        *reason = NULL;
    if (target == NULL || (uri == NULL && len != 0) ||
        len > PTRDIFF_MAX / 4)
        return URIGREP_ERR_ARG;
    unwrap_init(&s, len);
    rc = unwrap_link(&s, uri ? uri : "", len, &res);
    if (rc == URIGREP_OK && res.target) {
        /* the scratch's buffer is handed over: it holds just the target */
        *target = s.out.data;
        s.out.data = NULL;
        if (target_len)
            *target_len = res.target_len;
    }
    if (wrapper)
        *wrapper = res.wrapper;
    if (reason)
        *reason = res.reason;
    unwrap_free(&s);
    return rc;
}
