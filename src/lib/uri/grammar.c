/* grammar.c: RFC 2396 Appendix A (with RFC 2732) and RFC 3986 grammars. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "uri/chars.h"
#include "uri/grammar.h"
#include "internal.h"

/*
 * Validation works on the split of Appendix B: each component is checked
 * against the production that may produce it.  A checker returns the
 * index of the first byte it does not accept (LEN when it accepts all),
 * so that the caller can report where a reference goes wrong.
 */

/* Character classes, one bit each. */
enum {
    C_ALPHA = 1 << 0,
    C_DIGIT = 1 << 1,
    C_MARK = 1 << 2,      /* 2396 mark: - _ . ! ~ * ' ( ) */
    C_RES2396 = 1 << 3,   /* 2396 reserved ; / ? : @ & = + $ , + 2732 [ ] */
    C_UNRES3986 = 1 << 4, /* 3986 unreserved punctuation: - . _ ~ */
    C_SUB = 1 << 5,       /* 3986 sub-delims: ! $ & ' ( ) * + , ; = */
    C_HEX = 1 << 6
};

static unsigned char cls[256];

static inline bool
has(unsigned char c, unsigned bits)
{
    return (cls[c] & bits) != 0;
}

/* A set of accepted characters: class bits plus a few extra bytes, made
 * into a byte map by init_classes() so that a test is one load. */
struct charset {
    unsigned bits;
    const char *extra;
    bool map[256];
};

static inline bool
in_set(unsigned char c, const struct charset *cs)
{
    return cs->map[c];
}

/* RFC 2396 sets (section 2 and Appendix A). */
#define UNRES2396 (C_ALPHA | C_DIGIT | C_MARK)
static struct charset uric_2396 = { UNRES2396 | C_RES2396, "", { false } };
static struct charset uric_no_slash = { UNRES2396, ";?:@&=+$,", { false } };
static struct charset pchar_path_2396 = { UNRES2396, ":@&=+$,;/", { false } };
static struct charset rel_segment = { UNRES2396, ";@&=+$,", { false } };
static struct charset userinfo_2396 = { UNRES2396, ";:&=+$,", { false } };
static struct charset reg_name_2396 = { UNRES2396, "$,;:@&=+", { false } };

/* RFC 3986 sets (section 3). */
#define UNRES3986 (C_ALPHA | C_DIGIT | C_UNRES3986)
static struct charset pchar_path_3986 = { UNRES3986 | C_SUB, ":@/", { false } };
static struct charset segment_nc_3986 = { UNRES3986 | C_SUB, "@", { false } };
static struct charset query_3986 = { UNRES3986 | C_SUB, ":@/?", { false } };
static struct charset userinfo_3986 = { UNRES3986 | C_SUB, ":", { false } };
static struct charset reg_name_3986 = { UNRES3986 | C_SUB, "", { false } };

/* Keep in sync with the sets above. */
static struct charset *const all_sets[] = {
    &uric_2396, &uric_no_slash, &pchar_path_2396, &rel_segment,
    &userinfo_2396, &reg_name_2396, &pchar_path_3986, &segment_nc_3986,
    &query_3986, &userinfo_3986, &reg_name_3986,
};
static const size_t n_sets = sizeof all_sets / sizeof *all_sets;

static void
init_classes(void)
{
    static const struct { const char *chars; unsigned char bit; } t[] = {
        { "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", C_ALPHA },
        { "0123456789", C_DIGIT },
        { "-_.!~*'()", C_MARK },
        { ";/?:@&=+$,[]", C_RES2396 },
        { "-._~", C_UNRES3986 },
        { "!$&'()*+,;=", C_SUB },
        { "0123456789abcdefABCDEF", C_HEX },
    };
    size_t i;

    for (i = 0; i < sizeof t / sizeof *t; i++) {
        const char *p;
        for (p = t[i].chars; *p; p++)
            cls[(unsigned char)*p] |= t[i].bit;
    }
    for (i = 0; i < n_sets; i++) {
        struct charset *cs = all_sets[i];
        const char *p;
        unsigned c;

        for (c = 0; c < 256; c++)
            cs->map[c] = (cls[c] & cs->bits) != 0;
        for (p = cs->extra; *p; p++)
            cs->map[(unsigned char)*p] = true;
    }
}

/* The tables are built once, on first use, whatever thread comes first:
 * the library is safe to call from several threads. */
static void
ensure_classes(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, init_classes);
}

/* Accept *( SET | escaped ) over S[0..LEN); return the index of the first
 * byte refused (LEN if none) and the reason in *WHY. */
static size_t
span_set(const char *s, size_t len, const struct charset *cs,
         enum urigrep_status bad, enum urigrep_status *why)
{
    size_t i;

    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];

        if (c == '%') {
            if (i + 2 < len && has((unsigned char)s[i + 1], C_HEX) &&
                has((unsigned char)s[i + 2], C_HEX)) {
                i += 2;
                continue;
            }
            *why = URIGREP_E_ESCAPE;
            return i;
        }
        if (in_set(c, cs))
            continue;
        *why = c >= 0x80 ? URIGREP_E_NON_ASCII
               : (c <= 0x20 || c == 0x7f) ? URIGREP_E_SPACE : bad;
        return i;
    }
    return len;
}

/* ^(([^:/?#]+):)?  Returns the index where the rest of REF begins. */
static size_t
split_scheme(const char *ref, size_t len, struct urigrep_parts *pt)
{
    size_t i = 0;

    while (i < len && ref[i] != ':' && ref[i] != '/' && ref[i] != '?' &&
           ref[i] != '#')
        i++;
    if (i > 0 && i < len && ref[i] == ':') {
        pt->scheme = (struct urigrep_comp){ ref, i, true };
        return i + 1;
    }
    return 0;
}

/* (//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))? over REF[I..LEN) */
static void
split_rest(const char *ref, size_t len, size_t i, struct urigrep_parts *pt)
{
    size_t start;

    if (i + 1 < len && ref[i] == '/' && ref[i + 1] == '/') {
        start = i += 2;
        while (i < len && ref[i] != '/' && ref[i] != '?' && ref[i] != '#')
            i++;
        pt->authority = (struct urigrep_comp){ ref + start, i - start, true };
    }
    start = i;
    while (i < len && ref[i] != '?' && ref[i] != '#')
        i++;
    pt->path = (struct urigrep_comp){ ref + start, i - start, true };
    if (i < len && ref[i] == '?') {
        start = ++i;
        while (i < len && ref[i] != '#')
            i++;
        pt->query = (struct urigrep_comp){ ref + start, i - start, true };
    }
    if (i < len && ref[i] == '#') {
        i++;
        pt->fragment = (struct urigrep_comp){ ref + i, len - i, true };
    }
}

/* [ userinfo "@" ] host [ ":" port ] of the authority, section 3.2.2; a
 * bracketed IPv6 literal keeps its colons. */
static void
split_authority(struct urigrep_parts *pt)
{
    const char *a = pt->authority.ptr, *at, *h, *colon = NULL;
    size_t alen = pt->authority.len, hlen;

    at = memchr(a, '@', alen);
    if (at) {
        pt->userinfo = (struct urigrep_comp){ a, (size_t)(at - a), true };
        h = at + 1;
    } else {
        h = a;
    }
    hlen = alen - (size_t)(h - a);
    if (hlen && h[0] == '[') {
        const char *rb = memchr(h, ']', hlen);
        if (rb && rb + 1 < h + hlen && rb[1] == ':')
            colon = rb + 1;
    } else {
        colon = memchr(h, ':', hlen);
    }
    if (colon) {
        pt->port = (struct urigrep_comp){
            colon + 1, (size_t)(h + hlen - colon - 1), true };
        hlen = (size_t)(colon - h);
    }
    pt->host = (struct urigrep_comp){ h, hlen, true };
}

void
grammar_split(const char *ref, size_t len, struct urigrep_parts *pt)
{
    /* Appendix B: ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
     * each part undefined to begin with; not memset(), a slow "rep stos"
     * at every reference (see emit_ref()) */
    pt->scheme = pt->authority = pt->path = pt->query = pt->fragment =
        pt->userinfo = pt->host = pt->port =
            (struct urigrep_comp){ NULL, 0, false };
    split_rest(ref, len, split_scheme(ref, len, pt), pt);
    if (pt->authority.defined)
        split_authority(pt);
}

static inline size_t
offset_of(const char *ref, const struct urigrep_comp *c)
{
    return (size_t)(c->ptr - ref);
}

/* port = *digit; returns the index of the first non-digit */
static size_t
span_digits(const char *s, size_t len)
{
    size_t i = 0;

    while (i < len && has((unsigned char)s[i], C_DIGIT))
        i++;
    return i;
}

/* dec-octet of RFC 3986 (0 to 255, no leading zero); with ANY_DIGITS,
 * RFC 2396's 1*digit. */
static bool
is_dec_octet(const char *s, size_t len, bool any_digits)
{
    size_t i;
    unsigned v = 0;

    if (len == 0)
        return false;
    if (any_digits)
        return span_digits(s, len) == len;
    if (len > 3 || (len > 1 && s[0] == '0'))
        return false;
    for (i = 0; i < len; i++) {
        if (!has((unsigned char)s[i], C_DIGIT))
            return false;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    return v <= 255;
}

/* IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
 * (RFC 3986), or 1*digit "." 1*digit "." 1*digit "." 1*digit (RFC 2396,
 * ANY_DIGITS) */
static bool
is_ipv4(const char *s, size_t len, bool any_digits)
{
    size_t i, start = 0, dots = 0;

    for (i = 0; i <= len; i++) {
        if (i == len || s[i] == '.') {
            if (!is_dec_octet(s + start, i - start, any_digits))
                return false;
            if (i < len)
                dots++;
            start = i + 1;
        }
    }
    return dots == 3;
}

bool
grammar_is_reg_name(const char *s, size_t len)
{
    enum urigrep_status why;

    ensure_classes();
    return len > 0 && span_set(s, len, &reg_name_2396, URIGREP_E_AUTHORITY,
                               &why) == len;
}

/* One piece of an IPv6 address at *I: 1 to 4 hex digits (one group), or
 * the trailing IPv4 address that stands for the last two groups.  Counts
 * it in *GROUPS and moves *I past it; false when it is malformed. */
static bool
ipv6_piece(const char *s, size_t len, size_t *i, size_t *groups)
{
    size_t h = 0, j;

    for (j = *i; j < len && s[j] != ':'; j++)
        ;
    if (memchr(s + *i, '.', j - *i)) {
        if (j != len || !is_ipv4(s + *i, len - *i, false))
            return false;
        *groups += 2;
        *i = len;
        return true;
    }
    while (*i + h < len && h < 5 && has((unsigned char)s[*i + h], C_HEX))
        h++;
    if (h == 0 || h > 4)
        return false;
    ++*groups;
    *i += h;
    return true;
}

/* The separator after a group at *I: ":" before another group, or the one
 * "::" that elides groups (it may end the address); false otherwise. */
static bool
ipv6_sep(const char *s, size_t len, size_t *i, bool *elided)
{
    if (s[*i] != ':')
        return false;
    ++*i;
    if (*i < len && s[*i] == ':') {
        if (*elided)
            return false;
        *elided = true;
        ++*i;
        return true;
    }
    return *i < len;
}

bool
grammar_is_bidi_control(uint32_t cp)
{
    return cp == 0x061c || cp == 0x200e || cp == 0x200f ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

bool
grammar_is_ipv6(const char *s, size_t len)
{
    size_t i = 0, groups = 0;
    bool elided = false;

    ensure_classes();
    if (len >= 2 && s[0] == ':' && s[1] == ':') {
        elided = true;
        i = 2;
    } else if (len && s[0] == ':') {
        return false;
    }
    while (i < len) {
        if (!ipv6_piece(s, len, &i, &groups))
            return false;
        if (i < len && !ipv6_sep(s, len, &i, &elided))
            return false;
    }
    return elided ? groups <= 7 : groups == 8;
}

/* hostname = *( domainlabel "." ) toplabel [ "." ]
 * domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
 * toplabel = alpha | alpha *( alphanum | "-" ) alphanum */
static bool
parse_hostname(const char *s, size_t len)
{
    size_t i = 0, start = 0, last_start = 0;

    if (len && s[len - 1] == '.')
        len--;
    if (len == 0)
        return false;
    for (i = 0; i <= len; i++) {
        if (i == len || s[i] == '.') {
            size_t n = i - start;
            if (n == 0 || !has((unsigned char)s[start], C_ALPHA | C_DIGIT) ||
                !has((unsigned char)s[i - 1], C_ALPHA | C_DIGIT))
                return false;
            last_start = start;
            start = i + 1;
        } else if (!has((unsigned char)s[i], C_ALPHA | C_DIGIT) &&
                   s[i] != '-') {
            return false;
        }
    }
    return has((unsigned char)s[last_start], C_ALPHA);
}

/* IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
static bool
is_ipvfuture(const char *s, size_t len)
{
    size_t i = 1;

    if (len < 4 || (s[0] != 'v' && s[0] != 'V'))
        return false;
    while (i < len && has((unsigned char)s[i], C_HEX))
        i++;
    if (i == 1 || i >= len - 1 || s[i] != '.')
        return false;
    for (i++; i < len; i++)
        if (!has((unsigned char)s[i], UNRES3986 | C_SUB) && s[i] != ':')
            return false;
    return true;
}

/* Check an IP literal "[...]" at H. Returns URIGREP_OK or the reason. */
static enum urigrep_status
parse_ip_literal(const char *h, size_t hlen, bool future)
{
    if (hlen < 2 || h[0] != '[' || h[hlen - 1] != ']')
        return URIGREP_E_IPV6;
    if (grammar_is_ipv6(h + 1, hlen - 2))
        return URIGREP_OK;
    if (future && is_ipvfuture(h + 1, hlen - 2))
        return URIGREP_OK;
    return URIGREP_E_IPV6;
}

/* server = [ [ userinfo "@" ] hostport ]   (RFC 2396 section 3.2.2)
 * Returns the failing offset within the authority, or ALEN. */
static size_t
parse_server(const struct urigrep_parts *pt, enum urigrep_status *why)
{
    const char *a = pt->authority.ptr;
    size_t alen = pt->authority.len, off;

    if (alen == 0)
        return 0 + alen;
    if (pt->userinfo.defined) {
        off = span_set(pt->userinfo.ptr, pt->userinfo.len, &userinfo_2396,
                       URIGREP_E_AUTHORITY, why);
        if (off < pt->userinfo.len)
            return off;
    }
    off = (size_t)(pt->host.ptr - a);
    if (pt->host.len && pt->host.ptr[0] == '[') {
        /* RFC 2732: IPv6reference = "[" IPv6address "]" */
        *why = parse_ip_literal(pt->host.ptr, pt->host.len, false);
        if (*why != URIGREP_OK)
            return off;
    } else if (!is_ipv4(pt->host.ptr, pt->host.len, true) &&
               !parse_hostname(pt->host.ptr, pt->host.len)) {
        *why = URIGREP_E_AUTHORITY;
        return off;
    }
    if (pt->port.defined) {
        size_t d = span_digits(pt->port.ptr, pt->port.len);
        if (d < pt->port.len) {
            *why = URIGREP_E_PORT;
            return (size_t)(pt->port.ptr - a) + d;
        }
    } else if (pt->host.ptr + pt->host.len != a + alen) {
        /* "]" followed by something other than ":" */
        *why = URIGREP_E_IPV6;
        return (size_t)(pt->host.ptr - a);
    }
    return alen;
}

/* authority = server | reg_name   (RFC 2396 section 3.2) */
static enum urigrep_status
parse_authority_2396(const char *ref, const struct urigrep_parts *pt,
                     size_t *err_off)
{
    enum urigrep_status why = URIGREP_E_AUTHORITY, why_reg = why;
    size_t s = parse_server(pt, &why), r;

    if (s == pt->authority.len)
        return URIGREP_OK;
    /* reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" |
     *               "&" | "=" | "+" ) */
    r = span_set(pt->authority.ptr, pt->authority.len, &reg_name_2396,
                 URIGREP_E_AUTHORITY, &why_reg);
    if (r == pt->authority.len && r > 0)
        return URIGREP_OK;
    /* report the reading that got further; a '[' means an IPv6 attempt */
    if (r >= s && !(pt->host.len && pt->host.ptr[0] == '[')) {
        *err_off = offset_of(ref, &pt->authority) + r;
        return why_reg;
    }
    *err_off = offset_of(ref, &pt->authority) + s;
    return why;
}

/* authority = [ userinfo "@" ] host [ ":" port ]   (RFC 3986 3.2) */
static enum urigrep_status
parse_authority_3986(const char *ref, const struct urigrep_parts *pt,
                     size_t *err_off)
{
    enum urigrep_status why = URIGREP_E_AUTHORITY;
    size_t off;

    if (pt->userinfo.defined) {
        off = span_set(pt->userinfo.ptr, pt->userinfo.len, &userinfo_3986,
                       URIGREP_E_AUTHORITY, &why);
        if (off < pt->userinfo.len) {
            *err_off = offset_of(ref, &pt->userinfo) + off;
            return why;
        }
    }
    if (pt->host.len && pt->host.ptr[0] == '[') {
        why = parse_ip_literal(pt->host.ptr, pt->host.len, true);
        if (why != URIGREP_OK ||
            (!pt->port.defined &&
             pt->host.ptr + pt->host.len !=
                 pt->authority.ptr + pt->authority.len)) {
            *err_off = offset_of(ref, &pt->host);
            return URIGREP_E_IPV6;
        }
    } else {
        /* IPv4address is a reg-name too, so one check covers both */
        off = span_set(pt->host.ptr, pt->host.len, &reg_name_3986,
                       URIGREP_E_AUTHORITY, &why);
        if (off < pt->host.len) {
            *err_off = offset_of(ref, &pt->host) + off;
            return why;
        }
    }
    if (pt->port.defined) {
        off = span_digits(pt->port.ptr, pt->port.len);
        if (off < pt->port.len) {
            *err_off = offset_of(ref, &pt->port) + off;
            return URIGREP_E_PORT;
        }
    }
    return URIGREP_OK;
}

/* Check component C against SET; on failure set *ERR_OFF. */
static enum urigrep_status
check_comp(const char *ref, const struct urigrep_comp *c,
           const struct charset *set, enum urigrep_status bad,
           size_t *err_off)
{
    enum urigrep_status why = bad;
    size_t off;

    if (!c->defined)
        return URIGREP_OK;
    off = span_set(c->ptr, c->len, set, bad, &why);
    if (off == c->len)
        return URIGREP_OK;
    *err_off = offset_of(ref, c) + off;
    return why;
}

/* scheme = alpha *( alpha | digit | "+" | "-" | "." ) */
static enum urigrep_status
parse_scheme(const struct urigrep_parts *pt, size_t *err_off)
{
    size_t i;

    if (!has((unsigned char)pt->scheme.ptr[0], C_ALPHA)) {
        *err_off = 0;
        return URIGREP_E_SCHEME_START;
    }
    for (i = 1; i < pt->scheme.len; i++) {
        unsigned char c = (unsigned char)pt->scheme.ptr[i];
        if (!has(c, C_ALPHA | C_DIGIT) && c != '+' && c != '-' && c != '.') {
            *err_off = i;
            return c >= 0x80 ? URIGREP_E_NON_ASCII
                   : (c <= 0x20 || c == 0x7f) ? URIGREP_E_SPACE
                   : URIGREP_E_SCHEME;
        }
    }
    return URIGREP_OK;
}

/* RFC 2396 Appendix A:
 *   URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
 *   absoluteURI   = scheme ":" ( hier_part | opaque_part )
 *   relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
 * with one documented extension: an empty relative path followed by a
 * query ("?y", used by Appendix C) is accepted. */
static enum urigrep_status
parse_uri_reference_2396(const char *ref, size_t len,
                         const struct urigrep_parts *pt, size_t *err_off)
{
    enum urigrep_status st;
    const struct urigrep_comp *path = &pt->path;

    if (pt->scheme.defined) {
        if ((st = parse_scheme(pt, err_off)) != URIGREP_OK)
            return st;
        if (!pt->authority.defined && (path->len == 0 || path->ptr[0] != '/')) {
            /* opaque_part = uric_no_slash *uric, up to the fragment */
            size_t start = pt->scheme.len + 1;
            size_t end = pt->fragment.defined
                             ? offset_of(ref, &pt->fragment) - 1 : len;
            struct urigrep_comp op = { ref + start, end - start, true };

            if (op.len == 0) {
                *err_off = start;
                return URIGREP_E_OPAQUE_EMPTY;
            }
            if (!in_set((unsigned char)op.ptr[0], &uric_no_slash) &&
                op.ptr[0] != '%') {
                op.len = 1;
                return check_comp(ref, &op, &uric_no_slash, URIGREP_E_PATH,
                                  err_off);
            }
            if ((st = check_comp(ref, &op, &uric_2396, URIGREP_E_PATH,
                                 err_off)) != URIGREP_OK)
                return st;
            return check_comp(ref, &pt->fragment, &uric_2396,
                              URIGREP_E_FRAGMENT, err_off);
        }
    } else if (!pt->authority.defined && path->len) {
        /* rel_path = rel_segment [ abs_path ] */
        const char *slash = memchr(path->ptr, '/', path->len);
        struct urigrep_comp seg = {
            path->ptr, slash ? (size_t)(slash - path->ptr) : path->len, true };

        if (path->ptr[0] != '/' &&
            (st = check_comp(ref, &seg, &rel_segment, URIGREP_E_PATH,
                             err_off)) != URIGREP_OK)
            return ref[*err_off] == ':' ? URIGREP_E_REL_COLON : st;
    }
    if (pt->authority.defined &&
        (st = parse_authority_2396(ref, pt, err_off)) != URIGREP_OK)
        return st;
    if ((st = check_comp(ref, path, &pchar_path_2396, URIGREP_E_PATH,
                         err_off)) != URIGREP_OK)
        return st;
    if ((st = check_comp(ref, &pt->query, &uric_2396, URIGREP_E_QUERY,
                         err_off)) != URIGREP_OK)
        return st;
    return check_comp(ref, &pt->fragment, &uric_2396, URIGREP_E_FRAGMENT,
                      err_off);
}

/* RFC 3986 section 4.1:
 *   URI-reference = URI / relative-ref
 *   URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 *   relative-ref  = relative-part [ "?" query ] [ "#" fragment ] */
static enum urigrep_status
parse_uri_reference_3986(const char *ref, const struct urigrep_parts *pt,
                         size_t *err_off)
{
    enum urigrep_status st;
    const struct urigrep_comp *path = &pt->path;

    if (pt->scheme.defined) {
        if ((st = parse_scheme(pt, err_off)) != URIGREP_OK)
            return st;
    } else if (!pt->authority.defined && path->len && path->ptr[0] != '/') {
        /* path-noscheme: the first segment has no ':' */
        const char *slash = memchr(path->ptr, '/', path->len);
        struct urigrep_comp seg = {
            path->ptr, slash ? (size_t)(slash - path->ptr) : path->len, true };

        if ((st = check_comp(ref, &seg, &segment_nc_3986, URIGREP_E_PATH,
                             err_off)) != URIGREP_OK)
            return ref[*err_off] == ':' ? URIGREP_E_REL_COLON : st;
    }
    if (pt->authority.defined &&
        (st = parse_authority_3986(ref, pt, err_off)) != URIGREP_OK)
        return st;
    if ((st = check_comp(ref, path, &pchar_path_3986, URIGREP_E_PATH,
                         err_off)) != URIGREP_OK)
        return st;
    if ((st = check_comp(ref, &pt->query, &query_3986, URIGREP_E_QUERY,
                         err_off)) != URIGREP_OK)
        return st;
    return check_comp(ref, &pt->fragment, &query_3986, URIGREP_E_FRAGMENT,
                      err_off);
}

enum urigrep_status
grammar_check(const char *ref, size_t len, const struct urigrep_parts *pt,
              enum urigrep_rfc rfc, size_t *err_off)
{
    size_t dummy;

    ensure_classes();
    if (err_off == NULL)
        err_off = &dummy;
    *err_off = 0;
    if (rfc == URIGREP_RFC3986)
        return parse_uri_reference_3986(ref, pt, err_off);
    return parse_uri_reference_2396(ref, len, pt, err_off);
}

struct urigrep_uri {
    struct urigrep_parts parts;
    enum urigrep_status error;
    size_t err_off;
    size_t len;
    char text[];
};

/* The preconditions of urigrep_uri_parse() and urigrep_validate(): REF
 * NULL only when LEN is 0; LEN no larger than any object can be (so that
 * LEN + 1 and the like cannot wrap); RFC one of enum urigrep_rfc. */
static bool
args_ok(const char *ref, size_t len, enum urigrep_rfc rfc)
{
    return (ref != NULL || len == 0) && len <= (size_t)PTRDIFF_MAX - 64 &&
           (rfc == URIGREP_RFC1808 || rfc == URIGREP_RFC2396 ||
            rfc == URIGREP_RFC3986);
}

URIGREP_EXPORT enum urigrep_status
urigrep_uri_parse(const char *ref, size_t len, enum urigrep_rfc rfc,
                  urigrep_uri **out)
{
    struct urigrep_uri *u;

    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    if (!args_ok(ref, len, rfc))
        return URIGREP_ERR_ARG;
    u = malloc(sizeof *u + len + 1);
    if (u == NULL)
        return URIGREP_ERR_NOMEM;
    if (len)
        memcpy(u->text, ref, len);
    u->text[len] = '\0';
    u->len = len;
    grammar_split(u->text, len, &u->parts);
    u->error = grammar_check(u->text, len, &u->parts, rfc, &u->err_off);
    *out = u;
    return URIGREP_OK;
}

/* The component PART of P, or NULL for a PART that is none. */
static const struct urigrep_comp *
part_of(const struct urigrep_parts *p, enum urigrep_part part)
{
    switch (part) {
    case URIGREP_PART_SCHEME: return &p->scheme;
    case URIGREP_PART_AUTHORITY: return &p->authority;
    case URIGREP_PART_USERINFO: return &p->userinfo;
    case URIGREP_PART_HOST: return &p->host;
    case URIGREP_PART_PORT: return &p->port;
    case URIGREP_PART_PATH: return &p->path;
    case URIGREP_PART_QUERY: return &p->query;
    case URIGREP_PART_FRAGMENT: return &p->fragment;
    }
    return NULL;
}

URIGREP_EXPORT int
urigrep_uri_part(const urigrep_uri *u, enum urigrep_part part,
                 struct urigrep_span *span)
{
    const struct urigrep_comp *c;

    if (span) {
        span->ptr = NULL;
        span->len = 0;
    }
    if (u == NULL || (c = part_of(&u->parts, part)) == NULL || !c->defined)
        return 0;
    if (span) {
        span->ptr = c->ptr;
        span->len = c->len;
    }
    return 1;
}

URIGREP_EXPORT enum urigrep_status
urigrep_uri_split(const char *ref, size_t len, struct urigrep_span *parts)
{
    struct urigrep_parts pt;
    int i;

    if (parts == NULL)
        return URIGREP_ERR_ARG;
    memset(parts, 0, URIGREP_PART_COUNT * sizeof *parts);
    if (ref == NULL && len != 0)
        return URIGREP_ERR_ARG;
    grammar_split(ref ? ref : "", len, &pt);
    if (pt.scheme.defined && !has_scheme(ref, len)) {
        /* no scheme (section 3.1) before the ':': the reference is no
         * absolute URI, and reads as a relative one whose first segment
         * holds the ':' (RFC 3986 section 4.2) -- not valid either, but
         * its "scheme" is none ("see: the" from running text, an
         * attribute of prose) */
        pt.scheme = pt.authority = pt.path = pt.query = pt.fragment =
            pt.userinfo = pt.host = pt.port =
                (struct urigrep_comp){ NULL, 0, false };
        split_rest(ref, len, 0, &pt);
        if (pt.authority.defined)
            split_authority(&pt);
    }
    for (i = 0; i < URIGREP_PART_COUNT; i++) {
        const struct urigrep_comp *c = part_of(&pt, (enum urigrep_part)i);

        if (c->defined) {
            /* defined but empty still points somewhere: NULL is undefined */
            parts[i].ptr = c->ptr ? c->ptr : ref ? ref + len : "";
            parts[i].len = c->len;
        }
    }
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_uri_error(const urigrep_uri *u, size_t *err_off)
{
    if (err_off)
        *err_off = u ? u->err_off : 0;
    return u ? u->error : URIGREP_ERR_ARG;
}

URIGREP_EXPORT int
urigrep_uri_is_absolute(const urigrep_uri *u)
{
    return u != NULL && u->parts.scheme.defined;
}

URIGREP_EXPORT void
urigrep_uri_free(urigrep_uri *u)
{
    free(u);
}

URIGREP_EXPORT enum urigrep_status
urigrep_validate(const char *ref, size_t len, enum urigrep_rfc rfc,
                 size_t *err_off)
{
    struct urigrep_parts pt;

    if (err_off)
        *err_off = 0;
    if (!args_ok(ref, len, rfc))
        return URIGREP_ERR_ARG;
    grammar_split(ref ? ref : "", len, &pt);
    return grammar_check(ref ? ref : "", len, &pt, rfc, err_off);
}
