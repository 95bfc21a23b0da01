/* scheme.c: URI scheme registry lookup and scheme-specific syntax checks. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

#include "bytetable.h"
#include "uri/chars.h"
#include "uri/scheme.h"
#include "uri/schemes.h"

/*
 * Why scheme-specific checks.  In running text "Fax:(404) 555-1212",
 * "a=mid:audio" or "mailto:user at host" look like "scheme:rest" but no
 * author meant them as URIs.  For the opaque schemes people really write
 * in text, the scheme's own RFC says what may follow the colon; a
 * candidate that does not fit is a label or a word, not a URI.  Each check
 * reads the candidate once from the left and stops at the first byte that
 * cannot fit, so the scanner stays linear.
 */

/* Byte classes for the hot loops, one load a byte.  LABEL: a host name's
 * label (letters, digits, '-', '_', non-ASCII); ATOM: an addr-spec's
 * local part (RFC 5322 atext as it stands in a URI, and '.'); DOMAIN: its
 * domain (letters, digits, '-', '.', non-ASCII).  Written as the rule,
 * the compiler makes the table (bytetable.h). */
enum { LABEL = 1, ATOM = 2, DOMAIN = 4 };
#define ATEXT_PUNCT_(c) \
    ((c) == '!' || (c) == '#' || (c) == '$' || (c) == '&' || \
     (c) == '\'' || (c) == '*' || (c) == '+' || (c) == '-' || \
     (c) == '.' || (c) == '/' || (c) == '=' || (c) == '^' || \
     (c) == '_' || (c) == '`' || (c) == '{' || (c) == '|' || \
     (c) == '}' || (c) == '~')
#define BYTE_CLASS_OF(c) \
    ((BYTE_IS_ALNUM(c) || BYTE_IS_NON_ASCII(c) || (c) == '-' || \
      (c) == '_' ? LABEL : 0) | \
     (BYTE_IS_ALNUM(c) || BYTE_IS_NON_ASCII(c) || ATEXT_PUNCT_(c) \
      ? ATOM : 0) | \
     (BYTE_IS_ALNUM(c) || BYTE_IS_NON_ASCII(c) || (c) == '-' || \
      (c) == '.' ? DOMAIN : 0))
static const unsigned char byte_class[256] = { BYTE_TABLE(BYTE_CLASS_OF) };

static inline bool
has_class(unsigned char c, unsigned cls)
{
    return (byte_class[c] & cls) != 0;
}

/* Is C, not NUL, one of SET? */
static inline bool
in_set(const char *set, unsigned char c)
{
    return c != '\0' && strchr(set, c) != NULL;
}

/* Is there a "%XX" escape at P[I..LEN)? */
static bool
is_escape(const char *p, size_t i, size_t len)
{
    return i + 2 < len && p[i] == '%' && is_hex((unsigned char)p[i + 1]) &&
           is_hex((unsigned char)p[i + 2]);
}

const struct scheme_info *
scheme_lookup(const char *s, size_t len)
{
    unsigned h;

    if (len == 0 || len > SCHEME_NAME_MAX)
        return NULL;
    /* most references are http or https: four compares, not a hash and
     * a probe (a twentieth of the work of a plain-text run was here) */
    if ((len == 4 || len == 5) && (s[0] | 0x20) == 'h' &&
        (s[1] | 0x20) == 't' && (s[2] | 0x20) == 't' && (s[3] | 0x20) == 'p') {
        if (len == 4)
            return &scheme_table[SCHEME_INDEX_HTTP];
        if ((s[4] | 0x20) == 's')
            return &scheme_table[SCHEME_INDEX_HTTPS];
    }
    /* the hash of data/genschemes.awk, keep in sync: first and last
     * character and length. Scheme characters are letters, digits and
     * "+-.", which c | 0x20 maps to lower case or leaves alone. */
    h = ((unsigned)((unsigned char)s[0] | 0x20) * 7 +
         (unsigned)((unsigned char)s[len - 1] | 0x20) * 31 +
         (unsigned)len * 131) % SCHEME_HASH_SIZE;
    for (; scheme_index[h] >= 0; h = (h + 1) % SCHEME_HASH_SIZE) {
        const struct scheme_info *si = &scheme_table[scheme_index[h]];
        size_t i;

        if (si->len != len)
            continue;
        for (i = 0; i < len; i++)
            if (((unsigned char)s[i] | 0x20) != (unsigned char)si->name[i])
                break;
        if (i == len)
            return si;
    }
    return NULL;
}

bool
scheme_never_ref(const char *ref, size_t len)
{
    const struct scheme_info *si;
    size_t i = 0, s;

    while (i < len && (ref[i] == ' ' || ref[i] == '\t' || ref[i] == '\n' ||
                       ref[i] == '\r' || ref[i] == '\f'))
        i++;
    for (s = i; i < len && i - s <= SCHEME_NAME_MAX; i++) {
        unsigned char c = (unsigned char)ref[i];

        if (!is_alnum(c) && c != '+' && c != '-' && c != '.')
            break;
    }
    if (i == s || i == len || ref[i] != ':')
        return false;
    /* "std::mutex", "info::USER": a C++, Perl or Rust path that a mailer
     * made a link of; the scanner rejects the same in text */
    if (i + 1 < len && ref[i + 1] == ':')
        return true;
    si = scheme_lookup(ref + s, i - s);
    if (si != NULL && si->rule == SR_NEVER)
        return true;
    /* Google Groups' masked address, "mailto:jailhouse-de...@host": the
     * archive's, not the author's (120 links in one archive; text drops
     * them as no addr-spec, check_mailto()) */
    if (i - s == 6 && strncasecmp(ref + s, "mailto", 6) == 0) {
        const char *at = memchr(ref + i, '@', len - i);

        return at && at - (ref + i) > 4 && memcmp(at - 3, "...", 3) == 0 &&
               !memchr(ref + i, ',', (size_t)(at - ref - i));
    }
    return false;
}

/* The number of a tel: URI: P[0..) up to the first byte that is no
 * phonedigit (hex digits, '*' and '#' too for a local number), counting
 * the digits in *DIGITS.  Returns where it stopped. */
static size_t
tel_number(const char *p, size_t len, bool global, size_t *digits)
{
    size_t i = global ? 1 : 0;

    for (; i < len; i++) {
        unsigned char c = (unsigned char)p[i];

        if (is_digit(c))
            ++*digits;
        else if (!global && (is_hex(c) || c == '*' || c == '#'))
            ++*digits;
        else if (c != '-' && c != '.' && c != '(' && c != ')')
            break;
    }
    return i;
}

/* A ";phone-context=" parameter with a value, in any case, anywhere in
 * P[I..LEN), as a local number needs. */
static bool
tel_has_context(const char *p, size_t i, size_t len)
{
    for (; i + 15 < len; i++)
        if (strncasecmp(p + i, ";phone-context=", 15) == 0)
            return true;
    return false;
}

/* parameters: ";" pname ["=" pvalue], URI characters */
static bool
tel_params_ok(const char *p, size_t i, size_t len)
{
    for (; i < len; i++) {
        unsigned char c = (unsigned char)p[i];

        if (!is_alnum(c) && !in_set(";=-_.!~*'()%&+$[]/:", c))
            return false;
    }
    return true;
}

/* tel, fax, modem (RFC 3966 section 3, RFC 2806 section 2):
 *   telephone-subscriber = global-number / local-number
 *   global-number-digits = "+" *phonedigit DIGIT *phonedigit
 *   local-number-digits  = *phonedigit-hex (HEXDIG / "*" / "#")
 *                          *phonedigit-hex
 *   phonedigit           = DIGIT / visual-separator
 *   visual-separator     = "-" / "." / "(" / ")"
 * A local number needs a ";phone-context=" parameter: without it
 * "FAX:(404)" in prose is a label and a number, not a URI. */
static bool
check_tel(const char *p, size_t len)
{
    size_t digits = 0, i;
    bool global = len > 0 && p[0] == '+';

    i = tel_number(p, len, global, &digits);
    if (digits == 0 || (global && digits < 3))
        return false;
    if (i < len && p[i] != ';')
        return false;
    if (!global && !tel_has_context(p, i, len))
        return false;
    return tel_params_ok(p, i, len);
}

/* A dot-atom or domain made of CHARS, alphanumerics and non-ASCII: stops
 * at the first other byte; returns the index reached. */
static size_t
span_atom(const char *p, size_t i, size_t len, const char *chars)
{
    while (i < len) {
        unsigned char c = (unsigned char)p[i];

        if (is_alnum(c) || c >= 0x80 || (c != '%' && in_set(chars, c)))
            i++;
        else if (c == '%' && is_escape(p, i, len))
            i += 3;
        else
            break;
    }
    return i;
}

/* The bytes of class CLS or "%XX" escapes from P[I] on: returns the
 * index reached. */
static size_t
span_class(const char *p, size_t i, size_t len, unsigned cls)
{
    while (i < len) {
        if (has_class((unsigned char)p[i], cls))
            i++;
        else if (is_escape(p, i, len))
            i += 3;
        else
            break;
    }
    return i;
}

/* addr-spec (RFC 5322 section 3.4.1, as RFC 6068 and RFC 2392 put it in a
 * URI): local-part "@" domain, both non-empty, the local part a dot-atom
 * (no '.' first, last or twice in a row: Google Groups' masked
 * "mailto:jailhouse-de...@googlegroups.com", 578 in one archive, is no
 * address). Returns the index past it, or 0 if there is none at I. */
static size_t
addr_spec(const char *p, size_t i, size_t len)
{
    size_t at = span_class(p, i, len, ATOM);
    size_t end, k;

    if (at == i || at >= len || p[at] != '@')
        return 0;
    if (p[i] == '.' || p[at - 1] == '.')
        return 0;
    for (k = i + 1; k < at; k++)
        if (p[k] == '.' && p[k - 1] == '.')
            return 0;
    if (at + 1 < len && p[at + 1] == '[') {
        const char *close = memchr(p + at, ']', len - at);
        return close ? (size_t)(close - p) + 1 : 0;
    }
    end = span_class(p, at + 1, len, DOMAIN);
    if (end == at + 1 || p[at + 1] == '.' || p[at + 1] == '-')
        return 0;
    return end;
}

/* mailto (RFC 6068 section 2):
 *   mailtoURI = "mailto:" [ to ] [ hfields ]
 *   to        = addr-spec *("," addr-spec )
 * An address is what makes it a link: "mailto:user at host", rejoined,
 * has none. An empty "to" is fine when a header field carries the
 * address ("mailto:?to=a@b.example"). */
static bool
check_mailto(const char *p, size_t len)
{
    size_t i = 0;

    if (len > 0 && p[0] != '?') {
        for (;;) {
            size_t e = addr_spec(p, i, len);

            if (e == 0)
                return false;
            i = e;
            if (i < len && p[i] == ',')
                i++;
            else if (i + 3 <= len && strncasecmp(p + i, "%2C", 3) == 0)
                i += 3;
            else
                break;
        }
        return i == len || p[i] == '?';
    }
    /* hfields only: one of them must hold an address */
    for (i = 0; i < len; i++)
        if (p[i] == '@' || (i + 3 <= len && strncmp(p + i, "%40", 3) == 0))
            return true;
    return false;
}

/* news (RFC 5538 section 2.2):
 *   newsURI = "news:" ( newsgroup-name / "*" / article ) [ ... ]
 *   newsgroup-name = component *( "." component ), component =
 *   1*( ALPHA / DIGIT / "+" / "-" / "_" ); article = msg-id-core.
 * In text a group needs a '.' ("news:comp.lang.c"), which one-word
 * labels ("News:today") lack. */
static bool
check_news(const char *p, size_t len)
{
    size_t i, dots = 0;
    bool empty = true;

    if (len == 1 && p[0] == '*')
        return true;
    if (memchr(p, '@', len)) {
        size_t at = (size_t)((const char *)memchr(p, '@', len) - p);
        return at > 0 && at + 1 < len && !memchr(p, '<', len) &&
               !memchr(p, '>', len);
    }
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)p[i];

        if (c == '.') {
            if (empty)
                return false;
            dots++;
            empty = true;
        } else if (is_alnum(c) || c == '+' || c == '-' || c == '_' ||
                   c == '*') {
            empty = false;
        } else {
            return false;
        }
    }
    return dots > 0 && !empty;
}

/* urn (RFC 8141 section 2):
 *   namestring = assigned-name [ rq-components ] [ "#" f-component ]
 *   assigned-name = "urn" ":" NID ":" NSS
 *   NID = (alphanum) 0*30(ldh) (alphanum), NSS = pchar *(pchar / "/") */
static bool
check_urn(const char *p, size_t len)
{
    size_t i = 0;

    while (i < len && (is_alnum((unsigned char)p[i]) || p[i] == '-'))
        i++;
    if (i < 2 || i > 32 || p[0] == '-' || p[i - 1] == '-')
        return false;
    if (i + 1 >= len || p[i] != ':')
        return false;
    return p[i + 1] != '/' && p[i + 1] != '?' && p[i + 1] != '#';
}

/* sip, sips (RFC 3261 section 19.1.1):
 *   SIP-URI  = "sip:" [ userinfo ] hostport uri-parameters [ headers ]
 *   userinfo = ( user / telephone-subscriber ) [ ":" password ] "@"
 * The user part may hold ';' ("sip:+358-555;postd=pp22@foo.com"). */
static bool
check_sip(const char *p, size_t len)
{
    const char *at = memchr(p, '@', len);
    size_t h = at ? (size_t)(at - p) + 1 : 0, n = h;

    if (at == p)
        return false;
    while (n < len && p[n] != ';' && p[n] != '?')
        n++;
    return n > h && scheme_authority_ok(p + h, n - h);
}

/* cid, mid (RFC 2392 section 2):
 *   cid-url = "cid" ":" content-id, mid-url = "mid" ":" message-id
 *   [ "/" content-id ], both addr-spec (url-encoded).
 * Mailers also write bare tokens ("cid:08db76b7-f643-...", "cid:ii_l2x"):
 * a long one with a digit counts; "cid:3" or "mid:audio" does not. */
static bool
check_msgid(const char *p, size_t len)
{
    const char *at = memchr(p, '@', len);
    bool digit = false;
    size_t i;

    if (memchr(p, '<', len) || memchr(p, '>', len) || p[0] == '%')
        return false;
    if (at)
        return at > p && (size_t)(at - p) + 1 < len;
    for (i = 0; i < len && !digit; i++)
        digit = is_digit((unsigned char)p[i]);
    return len >= 8 && digit;
}

/* data (RFC 2397 section 3):
 *   dataurl   := "data:" [ mediatype ] [ ";base64" ] "," data
 *   mediatype := [ type "/" subtype ] *( ";" parameter ) */
static bool
check_data(const char *p, size_t len)
{
    const char *comma = memchr(p, ',', len);
    size_t i = 0, n;

    if (comma == NULL)
        return false;
    n = (size_t)(comma - p);
    if (n > 0 && p[0] != ';') {
        size_t t = span_atom(p, 0, n, "!#$&-^_.+");

        if (t == 0 || t >= n || p[t] != '/')
            return false;
        i = span_atom(p, t + 1, n, "!#$&-^_.+");
        if (i == t + 1)
            return false;
    }
    /* parameters and ";base64" */
    for (; i < n; i++) {
        unsigned char c = (unsigned char)p[i];

        if (!is_alnum(c) && !in_set(";=-_.+%", c))
            return false;
    }
    return true;
}

/* One number of a geo URI: ["-"] 1*DIGIT ["." 1*DIGIT]. Returns the index
 * past it, or 0. */
static size_t
geo_num(const char *p, size_t i, size_t len)
{
    size_t s;

    if (i < len && p[i] == '-')
        i++;
    s = i;
    while (i < len && is_digit((unsigned char)p[i]))
        i++;
    if (i == s)
        return 0;
    if (i < len && p[i] == '.') {
        s = ++i;
        while (i < len && is_digit((unsigned char)p[i]))
            i++;
        if (i == s)
            return 0;
    }
    return i;
}

/* geo (RFC 5870 section 3.3):
 *   geo-path = coordinates p ; coordinates = coord-a "," coord-b
 *   [ "," coord-c ]; p = [ crsp ] [ uncp ] *parameter */
static bool
check_geo(const char *p, size_t len)
{
    size_t i = 0;
    int k;

    for (k = 0; k < 3; k++) {
        i = geo_num(p, i, len);
        if (i == 0)
            return false;
        if (i == len || p[i] != ',')
            break;
        i++;
    }
    if (k == 0)
        return false;
    for (; i < len; i++) {
        unsigned char c = (unsigned char)p[i];

        if (!is_alnum(c) && !in_set(";=-_.!~*'()%&+$[]:", c))
            return false;
    }
    return true;
}

bool
scheme_rest_ok(enum scheme_rule rule, const char *rest, size_t len)
{
    if (len == 0)
        return false;
    switch (rule) {
    case SR_OPAQUE:
    case SR_HIER:
        return true;
    case SR_PATH:
        return rest[0] == '/';
    case SR_NEVER:
    case SR_RUNON:
        return false;
    case SR_TEL:
        return check_tel(rest, len);
    case SR_MAILTO:
        return check_mailto(rest, len);
    case SR_NEWS:
        return check_news(rest, len);
    case SR_URN:
        return check_urn(rest, len);
    case SR_SIP:
        return check_sip(rest, len);
    case SR_MSGID:
        return check_msgid(rest, len);
    case SR_DATA:
        return check_data(rest, len);
    case SR_GEO:
        return check_geo(rest, len);
    }
    return false;
}

/* Is P[A..B) a label: not empty, not starting or ending with '-' or '_'? */
static bool
label_ok(const char *p, size_t a, size_t b)
{
    return b > a && p[a] != '-' && p[a] != '_' && p[b - 1] != '-' &&
           p[b - 1] != '_';
}

/* One host and port of an authority, P[0..LEN): "[" IPv6 or IPvFuture
 * "]", or a DNS-like name / IPv4 address whose labels pass label_ok() (a
 * final '.', an absolute DNS name, is allowed); then ":" and digits, if a
 * port is there. */
static bool
hostport_ok(const char *p, size_t len)
{
    size_t i = 0, start = 0;

    if (len == 0)
        return false;
    if (p[0] == '[') {
        for (i = 1; i < len && p[i] != ']'; i++) {
            unsigned char c = (unsigned char)p[i];

            if (!is_alnum(c) && !in_set(":.%_-~", c))
                return false;
        }
        if (i == len || i < 2)
            return false;
        i++;
    } else {
        for (; i < len && p[i] != ':'; i++) {
            unsigned char c = (unsigned char)p[i];

            if (has_class(c, LABEL))
                continue;
            if (c == '.') {
                if (!label_ok(p, start, i))
                    return false;
                start = i + 1;
            } else if (c == '%' && is_escape(p, i, len)) {
                i += 2;
            } else {
                return false;
            }
        }
        /* the last label, unless the name ends with a dot */
        if (i == 0 || (start < i && !label_ok(p, start, i)))
            return false;
        if (start == i && i == 1) /* "." alone */
            return false;
    }
    if (i == len)
        return true;
    if (p[i] != ':')
        return false;
    for (i++; i < len; i++)
        if (!is_digit((unsigned char)p[i]))
            return false;
    return true;
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
/* For the sixteen bytes at P, one bit a byte: *LD those of a label or a
 * dot, *D the dots, *HU the '-' and '_'. */
static inline void
host_masks(const char *p, unsigned *ld, unsigned *d, unsigned *hu)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
                                  _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
    __m128i letter =
        _mm_and_si128(_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)),
                      _mm_cmplt_epi8(lower, _mm_set1_epi8('z' + 1)));
    __m128i dot = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
    __m128i h = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')),
                             _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));
    /* LABEL holds every byte from 0x80: negative as signed bytes */
    __m128i high = _mm_cmplt_epi8(v, _mm_setzero_si128());
    __m128i any = _mm_or_si128(_mm_or_si128(digit, letter),
                               _mm_or_si128(_mm_or_si128(dot, h), high));

    *ld = (unsigned)_mm_movemask_epi8(any);
    *d = (unsigned)_mm_movemask_epi8(dot);
    *hu = (unsigned)_mm_movemask_epi8(h);
}
#endif

/* The labels of a host name that ends in the first 16 bytes of P (LEN
 * of them, 16 or more), or the first 32 (LEN 32 or more), read at once
 * with SSE2: sets *END to the first byte that is neither a label's nor a
 * dot, and *LABEL to the start of the last label (after the last dot), or
 * to -1 when a label that a dot ends is empty or starts or ends with '-'
 * or '_' (label_ok()). False when the loop of simple_authority() has to
 * do it: no SSE2, LEN under 16, or the name goes on. The masks hold one
 * bit a byte, bit K for P[K]. (Host names are some 10 to 25 bytes; the
 * loop took 6 instructions a byte.) */
static bool
host_labels_fast(const char *p, size_t len, size_t *end, size_t *label)
{
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    unsigned ld, d, h, below, bad, last;
    uint32_t all;

    if (len < 16)
        return false;
    host_masks(p, &ld, &d, &h);
    all = ld;
    if (ld == 0xffff) {
        unsigned ld2, d2, h2;

        if (len < 32)
            return false;
        host_masks(p + 16, &ld2, &d2, &h2);
        all = ld | ld2 << 16;
        if (all == 0xffffffffu)
            return false;
        d |= d2 << 16;
        h |= h2 << 16;
    }
    *end = (size_t)__builtin_ctz(~all);
    below = (uint32_t)((1ull << *end) - 1);
    d &= below;
    h &= below;
    if (d == 0) {
        *label = 0;
        return true;
    }
    last = 31u - (unsigned)__builtin_clz(d);
    /* empty labels: a dot first or after a dot; '-' or '_' first in a
     * label that a dot ends, or last before a dot */
    bad = (d & ((d << 1) | 1)) | (h & ((d << 1) | 1) & ((1u << last) - 1)) |
          (h & (d >> 1));
    *label = bad ? (size_t)-1 : last + 1;
    return true;
#else
    (void)p;
    (void)len;
    (void)end;
    (void)label;
    return false;
#endif
}

/* The labels of a host name from the start of P: sets *END past them,
 * *LABEL to where the last one began and *C to the byte that stopped
 * them.  False when a label before a dot is no label. */
static bool
host_labels(const char *p, size_t len, size_t *end, size_t *label,
            unsigned char *c)
{
    size_t i = 0, l = 0;

    if (host_labels_fast(p, len, end, label)) {
        if (*label == (size_t)-1)
            return false;
        *c = (unsigned char)p[*end];
        return true;
    }
    for (;;) {
        /* the bytes of a label, in a tight loop: most of a host name */
        while (i < len && has_class((unsigned char)p[i], LABEL))
            i++;
        if (i == len)
            break;
        *c = (unsigned char)p[i];
        if (*c != '.')
            break;
        if (!label_ok(p, l, i))
            return false;
        l = ++i;
    }
    *end = i;
    *label = l;
    return true;
}

/* scheme_authority_ok() for the common case, in one pass: a host name
 * and maybe a port, nothing else. Returns 1 (a host), 0 (not one), or -1
 * when it meets '@', '[', ',', '%' or a ':' that does not start digits,
 * which the general path sorts out. Sets *N to the authority's end. */
static int
simple_authority(const char *p, size_t len, size_t *n)
{
    size_t i = 0, label = 0, host;
    unsigned char c = 0;

    if (!host_labels(p, len, &i, &label, &c))
        return 0;
    /* a wildcard host, as ZeroMQ endpoints write it: tcp: then two
     * slashes, then "*:4000" */
    if (i == 0 && len > 0 && p[0] == '*') {
        c = (unsigned char)(len > 1 ? p[1] : '/');
        i = 1;
        label = 0;
    }
    host = i;
    if (i < len && c == ':') {
        for (i++; i < len && is_digit((unsigned char)p[i]); i++)
            ;
        if (i < len)
            c = (unsigned char)p[i];
    }
    if (i < len && c != '/' && c != '?' && c != '#')
        return -1;
    *n = i;
    if (host == 0) /* no host: only "file:///x" may omit it */
        return i == 0 && i < len && p[0] == '/';
    /* the last label, unless the name ends with a dot */
    if (label < host)
        return label_ok(p, label, host);
    return host > 1;
}

bool
scheme_authority_ok(const char *p, size_t len)
{
    size_t n, s = 0, i;
    int r = simple_authority(p, len, &n);

    if (r >= 0)
        return r == 1;
    /* userinfo: anything up to the last '@', nothing too: RFC 2396's
     * userinfo may be empty, and "http://@evil.example/" opens
     * evil.example (trust.c calls it lookalike) */
    for (n = 0; n < len && p[n] != '/' && p[n] != '?' && p[n] != '#'; n++)
        if (p[n] == '@')
            s = n + 1;
    /* several hosts separated by ',' (as some database URIs list them) */
    for (i = s; i < n; i++) {
        if (p[i] == ',') {
            if (!hostport_ok(p + s, i - s))
                return false;
            s = i + 1;
        }
    }
    return hostport_ok(p + s, n - s);
}

/* Optimal string alignment distance between A and B (short strings,
 * B lower case), or a value > MAX as soon as it is sure to exceed MAX. */
static size_t
edit_distance(const char *a, size_t al, const char *b, size_t bl, size_t max)
{
    size_t d[8][8], i, j;

    if (al > 6 || bl > 6)
        return max + 1;
    if ((al > bl ? al - bl : bl - al) > max)
        return max + 1;
    for (i = 0; i <= al; i++)
        d[i][0] = i;
    for (j = 0; j <= bl; j++)
        d[0][j] = j;
    for (i = 1; i <= al; i++) {
        for (j = 1; j <= bl; j++) {
            size_t cost =
                ((unsigned char)a[i - 1] | 0x20) != (unsigned char)b[j - 1];
            size_t v = d[i - 1][j - 1] + cost;

            if (d[i - 1][j] + 1 < v)
                v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 &&
                ((unsigned char)a[i - 1] | 0x20) == (unsigned char)b[j - 2] &&
                ((unsigned char)a[i - 2] | 0x20) == (unsigned char)b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    }
    return d[al][bl];
}

bool
scheme_near_miss(const char *s, size_t len)
{
    static const char *const one[] = { "http", "https", "ftp", "ftps",
                                       "file", "sftp" };
    size_t i;
    bool typo_letters = true;

    if (len < 2 || len > 6)
        return false;
    /* one of them is no misspelling of another: "ftps" is not
     * registered, but it is FTP over TLS, as curl writes it */
    for (i = 0; i < sizeof one / sizeof *one; i++)
        if (strlen(one[i]) == len && strncasecmp(s, one[i], len) == 0)
            return false;
    for (i = 0; i < sizeof one / sizeof *one; i++)
        if (edit_distance(s, len, one[i], strlen(one[i]), 1) <= 1)
            return true;
    /* two slips, or a defanged "hxxp", in letters of "https" and 'x' */
    for (i = 0; i < len; i++)
        if (!strchr("htpsx", (unsigned char)s[i] | 0x20))
            typo_letters = false;
    return typo_letters && (edit_distance(s, len, "http", 4, 2) <= 2 ||
                            edit_distance(s, len, "https", 5, 2) <= 2);
}
