/* mime.c: MIME fields and transfer decodings (RFC 2045, 2047, 2231). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef HAVE_AVX2_TARGET
#include <immintrin.h>
#endif

#include "buf.h"
#include "bytetable.h"
#include "formats/charset.h"
#include "internal.h"
#include "formats/mime.h"

static bool
is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* RFC 2045 token characters: anything printable but tspecials. */
static bool
is_token_char(char c)
{
    if ((unsigned char)c <= 0x20 || (unsigned char)c >= 0x7f)
        return false;
    switch (c) {
    case '(': case ')': case '<': case '>': case '@': case ',': case ';':
    case ':': case '\\': case '"': case '/': case '[': case ']': case '?':
    case '=':
        return false;
    default:
        return true;
    }
}

/* Skip whitespace and RFC 822 comments (nested, with quoted pairs). */
static size_t
skip_cfws(const char *v, size_t len, size_t i)
{
    for (;;) {
        while (i < len && is_blank(v[i]))
            i++;
        if (i < len && v[i] == '(') {
            int depth = 0;
            for (; i < len; i++) {
                if (v[i] == '\\' && i + 1 < len)
                    i++;
                else if (v[i] == '(')
                    depth++;
                else if (v[i] == ')' && --depth == 0) {
                    i++;
                    break;
                }
            }
            continue;
        }
        return i;
    }
}

enum mime_cte
mime_parse_cte(const char *v, size_t len)
{
    size_t i = skip_cfws(v, len, 0), j = i;

    while (j < len && is_token_char(v[j]))
        j++;
    if (j - i == 16 && strncasecmp(v + i, "quoted-printable", 16) == 0)
        return MIME_CTE_QP;
    if (j - i == 6 && strncasecmp(v + i, "base64", 6) == 0)
        return MIME_CTE_BASE64;
    return MIME_CTE_IDENTITY;
}

bool
mime_media_type(const char *v, size_t len, char *out, size_t size)
{
    size_t i = skip_cfws(v, len, 0), o = 0;
    bool slash = false;

    out[0] = '\0';
    for (; i < len && (is_token_char(v[i]) || (v[i] == '/' && !slash)); i++) {
        if (v[i] == '/')
            slash = true;
        if (o + 1 < size) {
            char c = v[i];
            out[o++] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
        }
    }
    out[o] = '\0';
    if (!slash || out[o - 1] == '/' || out[0] == '/') {
        out[0] = '\0';
        return false;
    }
    return true;
}

/* One more than the value of each hexadecimal digit, 0 for any other
 * byte (a look up: quoted-printable decodes two a "=XX"). */
static const unsigned char hex_values[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,
    ['6'] = 7,  ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12,
    ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12,
    ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* The value of the hexadecimal digit C, or -1. */
static int
hex_value(char c)
{
    return (int)hex_values[(unsigned char)c] - 1;
}

/* Append the value at V[*I] (quoted-string or token) to OUT at *O; with
 * EXTENDED, undo RFC 2231 %XX escapes (and drop charset'lang' when
 * FIRST). */
static void
take_value(const char *v, size_t len, size_t *i, bool extended, bool first,
           char *out, size_t size, size_t *o)
{
    size_t start = *o;

    if (*i < len && v[*i] == '"') {
        for ((*i)++; *i < len && v[*i] != '"'; (*i)++) {
            if (v[*i] == '\\' && *i + 1 < len)
                (*i)++;
            if (*o + 1 < size)
                out[(*o)++] = v[*i];
        }
        if (*i < len)
            (*i)++;
    } else {
        for (; *i < len && v[*i] != ';' && !is_blank(v[*i]); (*i)++)
            if (*o + 1 < size)
                out[(*o)++] = v[*i];
    }
    out[*o] = '\0';
    if (extended) {
        char *p = out + start, *q = p, *tick;
        size_t k, n;

        if (first && (tick = strchr(p, '\'')) && strchr(tick + 1, '\''))
            p = strchr(tick + 1, '\'') + 1;
        n = strlen(p);
        for (k = 0; k < n; k++) {
            int h, l;
            if (p[k] == '%' && k + 2 < n &&
                (h = hex_value(p[k + 1])) >= 0 &&
                (l = hex_value(p[k + 2])) >= 0) {
                *q++ = (char)(h * 16 + l);
                k += 2;
            } else {
                *q++ = p[k];
            }
        }
        *q = '\0';
        *o = (size_t)(q - out);
    }
}

/* Where the parameters of a Content-Type V (LEN bytes) start: at the
 * ';' after the media type (a quoted string in it hides its ';'), or
 * LEN. */
static size_t
skip_media_type(const char *v, size_t len)
{
    size_t i = 0;

    while (i < len && v[i] != ';') {
        if (v[i] == '"') {
            for (i++; i < len && v[i] != '"'; i++)
                ;
        }
        i++;
    }
    return i;
}

/* Is the attribute at V (ALEN bytes) the parameter NAME (NLEN bytes) or
 * a piece of it (RFC 2231: name*, name*N, name*N*)? Sets *EXT for an
 * extended value (charset'language'%XX) and *FIRST for its first piece
 * (no number, or 0). */
static bool
param_name_is(const char *v, size_t alen, const char *name, size_t nlen,
              bool *ext, bool *first)
{
    *ext = false;
    *first = true;
    if (alen < nlen || strncasecmp(v, name, nlen) != 0 ||
        (alen != nlen && v[nlen] != '*'))
        return false;
    if (alen > nlen) {
        *ext = v[alen - 1] == '*';
        *first = alen == nlen + 1 ||
                 (alen >= nlen + 2 && v[nlen + 1] == '0' &&
                  (alen == nlen + 2 || (alen == nlen + 3 && *ext)));
    }
    return true;
}

/* Past the quoted string at V[*I], if one starts there (its '\\'
 * escapes included). */
static void
skip_quoted(const char *v, size_t len, size_t *i)
{
    if (*i >= len || v[*i] != '"')
        return;
    for ((*i)++; *i < len && v[*i] != '"'; (*i)++)
        if (v[*i] == '\\')
            (*i)++;
    (*i)++;
}

/* The first of W (NW) whose parameter is the attribute at V (ALEN
 * bytes), or NW; *EXT and *FIRST as param_name_is() sets them. */
static size_t
param_wanted(const char *v, size_t alen, const struct mime_param_want *w,
             const size_t *nlen, size_t nw, bool *ext, bool *first)
{
    size_t k;

    for (k = 0; k < nw; k++)
        if (param_name_is(v, alen, w[k].name, nlen[k], ext, first))
            break;
    return k;
}

void
mime_params(const char *v, size_t len, struct mime_param_want *w,
            size_t nw)
{
    size_t i = skip_media_type(v, len), k;
    size_t nlen[MIME_PARAMS_MAX], o[MIME_PARAMS_MAX];

    if (nw > MIME_PARAMS_MAX)
        nw = MIME_PARAMS_MAX;
    for (k = 0; k < nw; k++) {
        nlen[k] = strlen(w[k].name);
        o[k] = 0;
        w[k].out[0] = '\0';
        w[k].found = false;
    }
    while (i < len) {
        size_t a, alen;
        bool ext, first;

        i = skip_cfws(v, len, i + 1); /* past ';' */
        a = i;
        while (i < len && is_token_char(v[i]))
            i++;
        alen = i - a;
        i = skip_cfws(v, len, i);
        if (i < len && v[i] == '=') {
            i = skip_cfws(v, len, i + 1);
            k = param_wanted(v + a, alen, w, nlen, nw, &ext, &first);
            if (k < nw) {
                if (alen == nlen[k] && w[k].found)
                    o[k] = 0; /* a plain parameter wins over a repeat */
                take_value(v, len, &i, ext, first, w[k].out, w[k].size,
                           &o[k]);
                w[k].found = true;
            } else {
                skip_quoted(v, len, &i);
            }
        }
        while (i < len && v[i] != ';')
            i++;
    }
}

bool
mime_param(const char *v, size_t len, const char *name, char *out,
           size_t size)
{
    struct mime_param_want w = { name, out, size, false };

    mime_params(v, len, &w, 1);
    return w.found;
}

size_t
mime_uri_value(const char *v, size_t len, char *out, size_t size)
{
    size_t n;

    if (len >= size)
        len = size - 1;
    n = urigrep_strip_typed(v, len, out);
    out[n] = '\0';
    return n;
}

void
mime_qp_init(struct mime_qp *q)
{
    q->state = 0;
    q->nheld = 0;
    q->vec = false;
}

/* The '=' at P (N bytes, at least 2) in one step when it is an escape
 * ("=3D": one byte to OUT[*O]) or a soft line break ("=\n", "=\r\n")
 * all there: *I goes to the last byte used, and true; false for
 * anything else, which the states decide. */
static bool
qp_quick(const char *p, size_t n, char *out, size_t *o, size_t *i)
{
    int hi = hex_value(p[1]), lo;

    if (hi >= 0 && n >= 3 && (lo = hex_value(p[2])) >= 0) {
        out[(*o)++] = (char)(hi * 16 + lo);
        *i += 2;
        return true;
    }
    if (p[1] == '\n' || (p[1] == '\r' && n >= 3 && p[2] == '\n')) {
        *i += p[1] == '\n' ? 1 : 2;
        return true;
    }
    return false;
}

size_t
mime_qp_decode(struct mime_qp *q, const char *in, size_t len, char *out,
               bool final)
{
    size_t i, o = 0;

    for (i = 0; i < len; i++) {
        char c;

        if (q->state == 0) {
            /* plain text up to the next '=' goes out in one copy */
            const char *eq = memchr(in + i, '=', len - i);
            size_t run = eq ? (size_t)(eq - (in + i)) : len - i;

            memcpy(out + o, in + i, run);
            o += run;
            i += run;
            if (i == len)
                break;
            if (len - i >= 2 && qp_quick(in + i, len - i, out, &o, &i))
                continue;
        }
        c = in[i];
    again:
        switch (q->state) {
        case 0: /* text */
            if (c == '=')
                q->state = 1;
            else
                out[o++] = c;
            break;
        case 1: /* after '=' */
            if (hex_value(c) >= 0) {
                q->held[0] = c;
                q->state = 2;
            } else if (c == '\n') {
                q->state = 0; /* soft line break */
            } else if (c == '\r') {
                q->state = 4;
            } else if (c == ' ' || c == '\t') {
                q->state = 3;
            } else {
                out[o++] = '=';  /* not an escape: keep it as it is */
                q->state = 0;
                goto again;
            }
            break;
        case 2: /* after '=' and one hex digit */
            if (hex_value(c) >= 0) {
                out[o++] = (char)(hex_value(q->held[0]) * 16 + hex_value(c));
                q->state = 0;
            } else {
                out[o++] = '=';
                out[o++] = q->held[0];
                q->state = 0;
                goto again;
            }
            break;
        case 3: /* after '=' and blanks: padding before a soft break? */
            if (c == ' ' || c == '\t')
                break;
            if (c == '\n') {
                q->state = 0;
            } else if (c == '\r') {
                q->state = 4;
            } else {
                out[o++] = '=';
                out[o++] = ' ';
                q->state = 0;
                goto again;
            }
            break;
        case 4: /* after "=\r": a soft break, whatever follows */
            q->state = 0;
            if (c != '\n')
                goto again;
            break;
        }
    }
    if (final) {
        if (q->state == 1 || q->state == 3)
            out[o++] = '=';
        else if (q->state == 2) {
            out[o++] = '=';
            out[o++] = q->held[0];
        }
        q->state = 0;
    }
    return o;
}

/* The rest of the quoted-printable line at IN[I..LEN) (it ends there
 * or before) decoded to OUT at *O by mime_qp_decode(); returns where it
 * ends. */
static size_t
qp_line_rest(struct mime_qp *q, const char *in, size_t i, size_t len,
             char *out, size_t *o)
{
    const char *nl = memchr(in + i, '\n', len - i);
    size_t n = nl ? (size_t)(nl - (in + i)) + 1 : len - i;

    *o += mime_qp_decode(q, in + i, n, out + *o, false);
    return i + n;
}

#ifdef HAVE_AVX2_TARGET
/* The quoted-printable line at IN[I..LEN) (it ends there or before),
 * the decoder's state 0, decoded to OUT at *O: 32 bytes at a time are
 * copied and searched for '=' and the line's end, "=XX" and soft breaks
 * taken as qp_quick() takes them, anything else and the last 31 bytes
 * of the input left to mime_qp_decode().  OUT may get any bytes past
 * what is written (up to 32). Returns where the line ends. */
__attribute__((target("avx2"))) static size_t
qp_line_avx2(struct mime_qp *q, const char *in, size_t i, size_t len,
             char *out, size_t *o)
{
    const __m256i eq = _mm256_set1_epi8('='), lf = _mm256_set1_epi8('\n');
    int hi, lo;

    while (len - i >= 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)
                                           (in + i));
        unsigned m;

        _mm256_storeu_si256((__m256i *)(void *)(out + *o), v);
        m = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(
            _mm256_cmpeq_epi8(v, eq), _mm256_cmpeq_epi8(v, lf)));
        if (m == 0) {
            i += 32;
            *o += 32;
            continue;
        }
        *o += (size_t)__builtin_ctz(m);
        i += (size_t)__builtin_ctz(m);
        if (in[i] == '\n') {
            (*o)++; /* a hard line break: stored with the block */
            return i + 1;
        }
        /* '=', and the line's '\n' after it */
        if (in[i + 1] == '\n')
            return i + 2;
        if (in[i + 1] == '\r' && in[i + 2] == '\n')
            return i + 3;
        if ((hi = hex_value(in[i + 1])) < 0 ||
            (lo = hex_value(in[i + 2])) < 0)
            break;
        out[(*o)++] = (char)(hi * 16 + lo);
        i += 3;
    }
    return qp_line_rest(q, in, i, len, out, o);
}
#endif

size_t
mime_qp_lines(struct mime_qp *q, const char *in, size_t len, char *out,
              const bool stop[256], size_t *offs, size_t maxlines,
              size_t *nlines, size_t *outlen)
{
    size_t i = 0, o = 0, k = 0;

    if (len == 0 || maxlines == 0)
        goto done;
    do {
        offs[k++] = o;
#ifdef HAVE_AVX2_TARGET
        if (q->vec && q->state == 0) {
            i = qp_line_avx2(q, in, i, len, out, &o);
            continue;
        }
#endif
        i = qp_line_rest(q, in, i, len, out, &o);
    } while (i < len && k < maxlines && !stop[(unsigned char)in[i]]);
done:
    *nlines = k;
    *outlen = o;
    return i;
}

void
mime_b64_init(struct mime_b64 *b)
{
    b->acc = 0;
    b->n = 0;
    b->vec = false;
}

/* The value of each byte in the base64 alphabet (RFC 2045 6.8); B64_SKIP
 * for bytes outside it (line breaks, blanks, junk: ignored), B64_PAD for
 * '='. Both have bit 7 set, so that one test rejects a block with any of
 * them. */
#define B64_SKIP 0x80
#define B64_PAD 0xc0
/* RFC 2045 Table 1: A-Z 0-25, a-z 26-51, 0-9 52-61, '+' 62, '/' 63 */
#define B64_VALUE_OF(c) \
    (BYTE_IS_UPPER(c) ? (c) - 'A' : BYTE_IS_LOWER(c) ? (c) - 'a' + 26 : \
     BYTE_IS_DIGIT(c) ? (c) - '0' + 52 : (c) == '+' ? 62 : \
     (c) == '/' ? 63 : (c) == '=' ? B64_PAD : B64_SKIP)
static const unsigned char b64_value[256] = { BYTE_TABLE(B64_VALUE_OF) };

/* Decode one character of value V (b64_value[]) into OUT[O...]; returns
 * the new O. */
static inline size_t
b64_char(unsigned v, uint32_t *acc, int *n, char *out, size_t o)
{
    if (v == B64_PAD) {
        /* padding: the group is over; bits left over are not data */
        *acc = 0;
        *n = 0;
    } else if (!(v & B64_SKIP)) {
        *acc = (*acc << 6) | v;
        *n += 6;
        if (*n >= 8) {
            *n -= 8;
            out[o++] = (char)((*acc >> *n) & 0xff);
        }
    }
    return o;
}

#ifdef HAVE_AVX2_TARGET
/* The 32-character blocks of IN[0..LEN) that hold only characters of
 * the alphabet, from the first on, decoded to OUT 24 bytes each with
 * AVX2, as W. Mula and D. Lemire describe ("Faster Base64 Encoding and
 * Decoding Using AVX2 Instructions", 2018): a byte's high and low
 * nibbles look up whether it is in the alphabet, and what to add to it
 * for its value; multiply-adds pack four values into three bytes.  A
 * block with any other byte (a line break, '=', a blank) is left to the
 * caller.  Sets *USED to the characters taken; returns the bytes
 * written, no byte past them. */
__attribute__((target("avx2"))) static size_t
b64_blocks_avx2(const unsigned char *in, size_t len, char *out, size_t *used)
{
    const __m256i lut_lo = _mm256_setr_epi8(
        0x15, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x13,
        0x1a, 0x1b, 0x1b, 0x1b, 0x1a, 0x15, 0x11, 0x11, 0x11, 0x11, 0x11,
        0x11, 0x11, 0x11, 0x11, 0x13, 0x1a, 0x1b, 0x1b, 0x1b, 0x1a);
    const __m256i lut_hi = _mm256_setr_epi8(
        0x10, 0x10, 0x01, 0x02, 0x04, 0x08, 0x04, 0x08, 0x10, 0x10, 0x10,
        0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x01, 0x02, 0x04, 0x08,
        0x04, 0x08, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10);
    /* what to add, by high nibble ('/' one before '+'): '+' 19, '/' 16,
     * digits 4, 'A'-'Z' -65, 'a'-'z' -71 */
    const __m256i lut_roll = _mm256_setr_epi8(
        0, 16, 19, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 16, 19, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i m2f = _mm256_set1_epi8(0x2f);
    const __m256i pack = _mm256_setr_epi8(
        2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
        2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    size_t i = 0, o = 0;

    while (len - i >= 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(in + i));
        __m256i hi = _mm256_and_si256(_mm256_srli_epi32(v, 4), m2f);
        __m256i lo = _mm256_and_si256(v, m2f);

        if (!_mm256_testz_si256(_mm256_shuffle_epi8(lut_lo, lo),
                                _mm256_shuffle_epi8(lut_hi, hi)))
            break; /* a byte outside the alphabet */
        v = _mm256_add_epi8(v, _mm256_shuffle_epi8(lut_roll,
                _mm256_add_epi8(_mm256_cmpeq_epi8(v, m2f), hi)));
        /* 6-bit values to 12 bits a pair, 24 bits a group */
        v = _mm256_maddubs_epi16(v, _mm256_set1_epi32(0x01400140));
        v = _mm256_madd_epi16(v, _mm256_set1_epi32(0x00011000));
        v = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, pack), lanes);
        _mm_storeu_si128((__m128i *)(void *)(out + o),
                         _mm256_castsi256_si128(v));
        _mm_storel_epi64((__m128i *)(void *)(out + o + 16),
                         _mm256_extracti128_si256(v, 1));
        i += 32;
        o += 24;
    }
    *used = i;
    return o;
}
#endif

size_t
mime_b64_decode(struct mime_b64 *b, const char *in, size_t len, char *out)
{
    const unsigned char *u = (const unsigned char *)in;
    /* the state in locals: stores to OUT could alias *B */
    uint32_t acc = b->acc;
    int n = b->n;
    size_t i = 0, o = 0;

    /* a short piece (a line of one byte, say) is not worth the block
     * test: one character at a time, as simply as possible */
    if (len < 8) {
        for (; i < len; i++)
            o = b64_char(b64_value[u[i]], &acc, &n, out, o);
        b->acc = acc;
        b->n = n;
        return o;
    }
    while (i < len) {
#ifdef HAVE_AVX2_TARGET
        if (b->vec && n == 0 && len - i >= 32) {
            size_t used = 0;

            o += b64_blocks_avx2(u + i, len - i, out + o, &used);
            i += used;
        }
#endif
        /* on a group boundary: four characters of the alphabet give three
         * bytes, which is all a 76-character line holds */
        while (n == 0 && len - i >= 4) {
            unsigned a = b64_value[u[i]], c = b64_value[u[i + 1]],
                     d = b64_value[u[i + 2]], e = b64_value[u[i + 3]];

            if ((a | c | d | e) & B64_SKIP)
                break;
            acc = a << 18 | c << 12 | d << 6 | e;
            out[o] = (char)(acc >> 16);
            out[o + 1] = (char)(acc >> 8 & 0xff);
            out[o + 2] = (char)(acc & 0xff);
            o += 3;
            i += 4;
        }
        if (i == len)
            break;
        /* one character at a time, across groups, lines and calls, until
         * a group boundary with a block after it */
        do
            o = b64_char(b64_value[u[i++]], &acc, &n, out, o);
        while (i < len && (n != 0 || len - i < 4));
    }
    b->acc = acc;
    b->n = n;
    return o;
}

/* Longest charset name and encoded text taken in an encoded word; RFC
 * 2047 allows 75 characters in all, we are more lenient. */
#define WORD_CHARSET_MAX 64
#define WORD_TEXT_MAX 256

/* Where the next '?' (MARK "?") or "?=" (MARK "?=") at or after FROM is
 * in V[0..LEN), or LEN; *CACHE remembers the last answer so that the
 * searches of one value cost O(LEN) together: it stays right for every
 * FROM up to it, and a new search starts past it. */
static size_t
next_mark(const char *v, size_t len, size_t from, size_t *cache,
          bool close)
{
    const char *q;

    if (*cache != (size_t)-1 && *cache >= from)
        return *cache;
    for (q = v + from; (q = memchr(q, '?', len - (size_t)(q - v))) != NULL;
         q++)
        if (!close || (q + 1 < v + len && q[1] == '='))
            break;
    *cache = q ? (size_t)(q - v) : len;
    return *cache;
}

/* Parse an encoded word at V[I..LEN): "=?" charset "?" encoding "?" text
 * "?=". Sets the pieces and returns its length, or 0. Q_CACHE and
 * E_CACHE are next_mark()'s, for '?' and "?=". */
static size_t
parse_word(const char *v, size_t len, size_t i, size_t *q_cache,
           size_t *e_cache, char *charset, char *enc, const char **text,
           size_t *tlen)
{
    size_t q1, end, n;

    if (len - i < 8 || v[i] != '=' || v[i + 1] != '?')
        return 0;
    q1 = next_mark(v, len, i + 2, q_cache, false);
    if (q1 + 3 >= len || v[q1 + 2] != '?')
        return 0;
    n = q1 - (i + 2);
    if (n == 0 || n >= WORD_CHARSET_MAX)
        return 0;
    end = next_mark(v, len, q1 + 3, e_cache, true);
    if (end >= len || end - (q1 + 3) > WORD_TEXT_MAX)
        return 0;
    memcpy(charset, v + i + 2, n);
    charset[n] = '\0';
    /* RFC 2231 section 5: charset*language */
    if (strchr(charset, '*'))
        *strchr(charset, '*') = '\0';
    *enc = (char)(v[q1 + 1] | 0x20);
    if (*enc != 'q' && *enc != 'b')
        return 0;
    *text = v + q1 + 3;
    *tlen = end - (q1 + 3);
    return end + 2 - i;
}

/* Converters kept open between calls: iconv_open() (and the gconv
 * module it may load and unload) costs far more than a word. */
#define WORDS_CACHE 4

struct mime_words {
    struct {
        char charset[WORD_CHARSET_MAX];
        struct charset_conv *cv;   /* NULL: iconv does not know it */
        unsigned long used;
    } e[WORDS_CACHE];
    int n;
    unsigned long clock;
    struct urigrep_buf u;      /* a word's UTF-8, reused */
};

/* What one word converts to at most: 4 bytes a byte, and a reset. */
#define WORD_OUT_MAX (4 * WORD_TEXT_MAX + 64)

struct mime_words *
mime_words_new(void)
{
    struct mime_words *w = calloc(1, sizeof *w);

    if (w)
        buf_init(&w->u, WORD_OUT_MAX);
    return w;
}

void
mime_words_free(struct mime_words *w)
{
    int i;

    if (w == NULL)
        return;
    for (i = 0; i < w->n; i++)
        charset_close(w->e[i].cv);
    buf_free(&w->u);
    free(w);
}

/* A converter from CHARSET, from W's cache when it has one (W may be
 * NULL: then *FRESH is set and the caller closes it). NULL if iconv does
 * not know CHARSET. */
static struct charset_conv *
words_conv(struct mime_words *w, const char *charset, bool *fresh)
{
    struct charset_conv *cv;
    int i, k = 0;

    *fresh = w == NULL;
    if (w == NULL)
        return charset_open(charset);
    for (i = 0; i < w->n; i++)
        if (strcasecmp(w->e[i].charset, charset) == 0) {
            w->e[i].used = ++w->clock;
            return w->e[i].cv;
        }
    cv = charset_open(charset);
    if (cv != NULL && !charset_reusable(cv)) {
        *fresh = true; /* each word in its own byte order */
        return cv;
    }
    if (w->n < WORDS_CACHE) {
        k = w->n++;
    } else {
        for (i = 1; i < w->n; i++)
            if (w->e[i].used < w->e[k].used)
                k = i;
        charset_close(w->e[k].cv);
    }
    strcpy(w->e[k].charset, charset);
    w->e[k].cv = cv;
    w->e[k].used = ++w->clock;
    return cv;
}

/* Can the RN bytes of RAW in CHARSET be taken as UTF-8 without iconv
 * (whose charset lookup is slow)? UTF-8 itself, and pure ASCII in any
 * charset that extends it (not UTF-7/16/32, not the ESC of ISO-2022). */
static bool
no_conversion(const char *charset, const char *raw, size_t rn)
{
    size_t k;

    if (strcasecmp(charset, "utf-8") == 0 || strcasecmp(charset, "utf8") == 0)
        return true;
    if (strncasecmp(charset, "utf-7", 5) == 0 ||
        strncasecmp(charset, "utf-16", 6) == 0 ||
        strncasecmp(charset, "utf-32", 6) == 0 ||
        strncasecmp(charset, "ucs", 3) == 0)
        return false;
    for (k = 0; k < rn; k++)
        if ((unsigned char)raw[k] >= 0x80 || raw[k] == 0x1b)
            return false;
    return true;
}

size_t
mime_decode_words(const char *v, size_t len, char *out, size_t size)
{
    return mime_words_decode(NULL, v, len, out, size);
}

/* The bytes an encoded word's TEXT (TLEN bytes, encoding ENC: 'b' or
 * 'q') stands for, into RAW (WORD_TEXT_MAX bytes); returns how many. */
static size_t
word_raw(char enc, const char *text, size_t tlen, char *raw)
{
    size_t rn = 0, k;
    int h, l;

    if (enc == 'b') {
        struct mime_b64 b;

        mime_b64_init(&b);
        return mime_b64_decode(&b, text, tlen, raw);
    }
    for (k = 0; k < tlen; k++) {
        if (text[k] == '_')
            raw[rn++] = ' ';
        else if (text[k] == '=' && k + 2 < tlen &&
                 (h = hex_value(text[k + 1])) >= 0 &&
                 (l = hex_value(text[k + 2])) >= 0) {
            raw[rn++] = (char)(h * 16 + l);
            k += 2;
        } else
            raw[rn++] = text[k];
    }
    return rn;
}

/* Append P (N bytes) to OUT (SIZE bytes, *O used, room kept for the
 * '\0'), as much as fits. */
static void
put_cut(char *out, size_t size, size_t *o, const char *p, size_t n)
{
    size_t take = n < size - 1 - *o ? n : size - 1 - *o;

    memcpy(out + *o, p, take);
    *o += take;
}

/* An encoded word's RAW bytes (RN) in CHARSET, as UTF-8, appended to
 * OUT; in a charset iconv does not know, the word as written, WORD
 * (WLEN bytes). */
static void
word_put(struct mime_words *w, const char *charset, const char *raw,
         size_t rn, const char *word, size_t wlen, char *out, size_t size,
         size_t *o)
{
    bool fresh;
    struct charset_conv *cv;
    struct urigrep_buf own, *u = w ? &w->u : &own;
    size_t bad = 0;

    if (no_conversion(charset, raw, rn)) {
        put_cut(out, size, o, raw, rn);
        return;
    }
    cv = words_conv(w, charset, &fresh);
    if (w)
        u->len = 0;
    else
        buf_init(u, WORD_OUT_MAX);
    if (cv && charset_convert(cv, raw, rn, 1, u, &bad) == URIGREP_OK)
        put_cut(out, size, o, u->data, u->len);
    else
        put_cut(out, size, o, word, wlen); /* unknown charset */
    if (fresh)
        charset_close(cv);
    if (!w)
        buf_free(u);
}

/* N blanks (as many as fit) on OUT. */
static void
put_blanks(char *out, size_t size, size_t *o, size_t n)
{
    for (; n && *o + 1 < size; n--)
        out[(*o)++] = ' ';
}

size_t
mime_words_decode(struct mime_words *w, const char *v, size_t len,
                  char *out, size_t size)
{
    size_t i = 0, o = 0, pending_blank = 0;
    size_t q_cache = (size_t)-1, e_cache = (size_t)-1;
    bool after_word = false;

    while (i < len && o + 1 < size) {
        char charset[WORD_CHARSET_MAX], enc, raw[WORD_TEXT_MAX];
        const char *text;
        size_t tlen, wlen, rn;

        wlen = v[i] == '=' ? parse_word(v, len, i, &q_cache, &e_cache,
                                        charset, &enc, &text, &tlen)
                           : 0;
        if (wlen == 0) {
            if (v[i] == ' ' || v[i] == '\t') {
                pending_blank++;
            } else {
                /* blanks between two encoded words vanish, others stay */
                put_blanks(out, size, &o, pending_blank);
                pending_blank = 0;
                if (o + 1 < size)
                    out[o++] = v[i];
                after_word = false;
            }
            i++;
            continue;
        }
        if (!after_word)
            put_blanks(out, size, &o, pending_blank);
        pending_blank = 0;
        rn = word_raw(enc, text, tlen, raw);
        word_put(w, charset, raw, rn, v + i, wlen, out, size, &o);
        i += wlen;
        after_word = true;
    }
    put_blanks(out, size, &o, pending_blank);
    out[o] = '\0';
    return o;
}
