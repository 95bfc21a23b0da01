/* span.h: runs of plain bytes, up to the next byte of a stop class. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_SPAN_H
#define URIGREP_SPAN_H

#include <stddef.h>

#include "bytetable.h"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define SPAN_SSE2 1
#endif

/* Bytes the hot loops must look at closer.  STOP_BARE: those of
 * is_bare_break() in scan.c, '&', '[', ']', ')', '}' and every non-ASCII
 * byte (scan_bare_end()); STOP_ANGLE: space and controls, < > " &, the
 * unwise { } | \\ ^ ` and every non-ASCII byte (scan_angle()); STOP_QUOTE:
 * space and controls, DEL, < > " and every non-ASCII byte (try_quote());
 * STOP_JSON: what a JSON string cannot hold as it is, controls, DEL, '"'
 * and '\\', and every non-ASCII byte (output_json_string(), which looks
 * at those one character at a time); STOP_BRACKET: ( ) [ ] { }
 * (balanced_len()).  span_stop_vec() holds the same sets; check_span
 * compares the two for every byte. */
enum { STOP_BARE = 1, STOP_ANGLE = 2, STOP_QUOTE = 4, STOP_JSON = 8,
       STOP_BRACKET = 16 };
/* every class stops at controls, DEL and non-ASCII but STOP_BRACKET */
#define STOP_ALWAYS_(c) (BYTE_IS_CNTRL(c) || BYTE_IS_NON_ASCII(c))
#define STOP_CLASS_OF(c) \
    ((STOP_ALWAYS_(c) || (c) == ' ' || (c) == '"' || (c) == '&' || \
      (c) == ')' || (c) == '<' || (c) == '>' || (c) == '[' || \
      (c) == '\\' || (c) == ']' || (c) == '^' || (c) == '`' || \
      (c) == '|' || (c) == '}' ? STOP_BARE : 0) | \
     (STOP_ALWAYS_(c) || (c) == ' ' || (c) == '"' || (c) == '&' || \
      (c) == '<' || (c) == '>' || (c) == '\\' || (c) == '^' || \
      (c) == '`' || (c) == '{' || (c) == '|' || (c) == '}' \
      ? STOP_ANGLE : 0) | \
     (STOP_ALWAYS_(c) || (c) == ' ' || (c) == '"' || (c) == '<' || \
      (c) == '>' ? STOP_QUOTE : 0) | \
     (STOP_ALWAYS_(c) || (c) == '"' || (c) == '\\' ? STOP_JSON : 0) | \
     ((c) == '(' || (c) == ')' || (c) == '[' || (c) == ']' || \
      (c) == '{' || (c) == '}' ? STOP_BRACKET : 0))
static const unsigned char stop_class[256] = { BYTE_TABLE(STOP_CLASS_OF) };

static inline int
is_stop(unsigned char c, unsigned cls)
{
    return (stop_class[c] & cls) != 0;
}

#ifdef SPAN_SSE2
static inline __m128i
span_eq(__m128i v, char c)
{
    return _mm_cmpeq_epi8(v, _mm_set1_epi8(c));
}

/* The bytes of V in class CLS (one of STOP_*), as 0xff. A signed compare
 * below '!' takes the controls, space and every byte from 0x80 at once. */
static inline __m128i
span_stop_vec(__m128i v, unsigned cls)
{
    __m128i m;

    if (cls == STOP_BRACKET)
        return _mm_or_si128(
            _mm_or_si128(_mm_or_si128(span_eq(v, '('), span_eq(v, ')')),
                         _mm_or_si128(span_eq(v, '['), span_eq(v, ']'))),
            _mm_or_si128(span_eq(v, '{'), span_eq(v, '}')));
    if (cls == STOP_JSON)
        return _mm_or_si128(
            _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)),
                         span_eq(v, 0x7f)),
            _mm_or_si128(span_eq(v, '"'), span_eq(v, '\\')));
    m = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8('!')), span_eq(v, 0x7f));
    m = _mm_or_si128(m, _mm_or_si128(span_eq(v, '"'),
                                     _mm_or_si128(span_eq(v, '<'),
                                                  span_eq(v, '>'))));
    if (cls == STOP_QUOTE)
        return m;
    m = _mm_or_si128(m, _mm_or_si128(span_eq(v, '&'), span_eq(v, '\\')));
    m = _mm_or_si128(m, _mm_or_si128(span_eq(v, '^'), span_eq(v, '`')));
    m = _mm_or_si128(m, _mm_or_si128(span_eq(v, '|'), span_eq(v, '}')));
    if (cls == STOP_ANGLE)
        return _mm_or_si128(m, span_eq(v, '{'));
    m = _mm_or_si128(m, _mm_or_si128(span_eq(v, ')'), span_eq(v, '[')));
    return _mm_or_si128(m, span_eq(v, ']'));
}
#endif

/* The index of the first byte of W[I..LIM) in class CLS, or LIM: the
 * first four bytes one at a time, then sixteen at a time where SSE2 is
 * there (a URI is some 50 bytes long; the byte loop spent a tenth of a
 * plain-text run here). */
static inline size_t
span_plain(const unsigned char *w, size_t i, size_t lim, unsigned cls)
{
    size_t near;

    if (i >= lim)
        return i;
    near = lim - i > 4 ? i + 4 : lim;
    /* a stop byte is often right there: after one that did not end the
     * URI ("?a=1&b=2", "[a:&g)"), each would cost a whole block */
    for (; i < near; i++)
        if (is_stop(w[i], cls))
            return i;
#ifdef SPAN_SSE2
    while (lim - i >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(w + i));
        unsigned m = (unsigned)_mm_movemask_epi8(span_stop_vec(v, cls));

        if (m)
            return i + (size_t)__builtin_ctz(m);
        i += 16;
    }
#endif
    while (i < lim && !is_stop(w[i], cls))
        i++;
    return i;
}

#endif
