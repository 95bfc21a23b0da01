/* fields.h: the byte tests of RFC 5322 header field lines, shared by the
 * message parser (mail.c) and content detection (detect.c); inline, for
 * they run for each line of a header. Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_FIELDS_H
#define URIGREP_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

/* Is the line P (N bytes, its '\n' included) empty: the end of a header
 * block? */
static inline bool
field_is_blank_line(const char *p, size_t n)
{
    return (n == 1 && p[0] == '\n') || (n == 2 && p[0] == '\r' && p[1] == '\n');
}

/* Has the 8-byte word W a byte that ends a field name: below 0x21,
 * 0x7f or above, or ':'? ("Bit Twiddling Hacks": each term is nonzero
 * only if some byte is such a one.) */
static inline bool
field_word_ends_name(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
    uint64_t c = w ^ (ones * ':');

    return ((((w - ones * 0x21) & ~w) | ((c - ones) & ~c) | w |
             (w + ones)) & high) != 0;
}

/* The index of the first byte of the word W (read from memory with
 * memcpy()) that ends a field name, W having one: on a little-endian
 * machine the lowest flagged byte of field_word_ends_name() is that one (its
 * terms borrow or carry only upward, and only from a byte they flag);
 * elsewhere the bytes are looked at one by one. */
static inline size_t
field_name_end_in_word(const char *p, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
    uint64_t c = w ^ (ones * ':');

    (void)p;
    return (size_t)__builtin_ctzll(
               (((w - ones * 0x21) & ~w) | ((c - ones) & ~c) | w |
                (w + ones)) & high) / 8;
#else
    size_t i = 0;

    (void)w;
    while ((unsigned char)(p[i] - 0x21) < 0x5e && p[i] != ':')
        i++;
    return i;
#endif
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
/* One bit for each of the 16 bytes at P that ends a field name, bit K
 * for P[K]: below 0x21 or from 0x7f (from 0x80 a byte is negative as a
 * signed one, so below 0x21 too), or ':'. */
static inline unsigned
field_name_ends16(const char *p)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i stop = _mm_or_si128(
        _mm_cmplt_epi8(v, _mm_set1_epi8(0x21)),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f)),
                     _mm_cmpeq_epi8(v, _mm_set1_epi8(':'))));

    return (unsigned)_mm_movemask_epi8(stop);
}
#endif

/* The length of the field name that starts P (N bytes), a ':' after it:
 * printable ASCII but ':' (RFC 5322 ftext); 0 when there is none. Names
 * are 2 to 30 bytes, and this runs for each line of a header: they are
 * looked at sixteen bytes at a time with SSE2 (most in one step), then
 * eight at a time, the end found in the word that holds it with no
 * loop; the last few bytes of the input one by one. */
static inline size_t
field_name_len(const char *p, size_t n)
{
    size_t i = 0;
    uint64_t w;

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    while (i + 16 <= n) {
        unsigned stop = field_name_ends16(p + i);

        if (stop) {
            i += (size_t)__builtin_ctz(stop);
            return p[i] == ':' ? i : 0;
        }
        i += 16;
    }
#endif
    while (i + 8 <= n) {
        memcpy(&w, p + i, 8);
        if (field_word_ends_name(w)) {
            i += field_name_end_in_word(p + i, w);
            return p[i] == ':' ? i : 0;
        }
        i += 8;
    }
    while (i < n && (unsigned char)(p[i] - 0x21) < 0x5e && p[i] != ':')
        i++;
    return i < n && p[i] == ':' ? i : 0;
}

/* Does this line start a header field ("Name:")? (For a first line; in
 * a header block see is_field_line.) */
static inline bool
field_is_start(const char *p, size_t n)
{
    return field_name_len(p, n) > 0;
}

#endif
