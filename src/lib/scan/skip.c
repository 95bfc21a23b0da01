/* skip.c: the scanner's search for bytes that may start a reference. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef HAVE_AVX2_TARGET
#include <immintrin.h>
#endif

#include "bytetable.h"
#include "scan/skip.h"

/*
 * Plain text is mostly bytes that cannot start a reference, and most of
 * its ':' start none either ("Note: the", "12:30").  skip_next() passes
 * over both as fast as the machine can look, and hands scan.c only the
 * triggers its rules may take.
 *
 * One binary for every x86-64: this file is compiled for the baseline
 * (SSE2), and only the functions marked AVX2_FN use AVX2; they are
 * called only when the CPU says it has it (skip_choose()), so one
 * binary serves every x86-64.  Where the compiler cannot build them
 * (another architecture, an old compiler) SKIP_PORTABLE is all there
 * is: memchr() and plain C, the reference the AVX2 code must agree with
 * byte for byte (check_scan, tests/cli/simd.sh).
 */
#ifdef HAVE_AVX2_TARGET
#define AVX2_FN __attribute__((target("avx2")))
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* Blanks after a ':', and scheme characters and blanks before it,
 * looked at before the scanner is left to decide (scan.c's GAP_MAX and
 * SCHEME_RUN_MAX, or less). */
#define GAP_LOOK 16
#define RUN_LOOK 64

enum skip_impl
skip_choose(void)
{
    const char *e = getenv("URIGREP_SIMD");

    if (e != NULL && strcmp(e, "portable") == 0)
        return SKIP_PORTABLE;
    if (e != NULL && strcmp(e, "all") == 0)
        return SKIP_ALL;
#ifdef HAVE_AVX2_TARGET
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        return SKIP_AVX2;
#endif
    return SKIP_PORTABLE;
}

/* Byte classes for colon_may_start(): C_SCHEME a scheme character
 * (letter, digit, '+', '-', '.'), C_ALPHA a letter, C_GAP a blank
 * (' ', '\t'), C_OPEN space or '>' or '&' (what may go on after blanks
 * inside <...>), C_BREAK what ends both a bare and a quoted URI (space,
 * controls, DEL, '<', '>'). */
enum { C_SCHEME = 1, C_ALPHA = 2, C_GAP = 8, C_OPEN = 16,
       C_BREAK = 32 };
#define SKIP_CLASS_OF(c) \
    ((BYTE_IS_ALNUM(c) || (c) == '+' || (c) == '-' || (c) == '.' \
      ? C_SCHEME : 0) | \
     (BYTE_IS_ALPHA(c) ? C_ALPHA : 0) | \
     ((c) == ' ' || (c) == '\t' ? C_GAP : 0) | \
     ((c) == ' ' || ((c) >= '\t' && (c) <= '\r') || (c) == '>' || \
      (c) == '&' ? C_OPEN : 0) | \
     (BYTE_IS_CNTRL(c) || (c) == ' ' || (c) == '<' || (c) == '>' \
      ? C_BREAK : 0))
static const unsigned char byte_class[256] = { BYTE_TABLE(SKIP_CLASS_OF) };

/* Could a '<' (or "&lt;") before the run of scheme characters that ends
 * at the ':' at W[T] open brackets around it (scan.c's angle_before())?
 * Also yes when the run is too long to tell. */
static bool
angle_may_open(const unsigned char *w, size_t t)
{
    size_t k = t, gaps = 0;

    while (k > 0 && byte_class[w[k - 1]] & C_SCHEME)
        if (t - --k > RUN_LOOK)
            return true;
    while (k > 0 && byte_class[w[k - 1]] & C_GAP && gaps < GAP_LOOK)
        k--, gaps++;
    return k > 0 && (w[k - 1] == '<' || w[k - 1] == ';');
}

/* May the ':' at W[T] (of N bytes) start a reference? False only where
 * scan.c's try_colon() rejects it at once whatever stands before the
 * bytes looked at here, with nothing remembered (no verdict cached, no
 * wait for more input):
 * - no scheme character before it ("a: b", "(:"), or a run of them
 *   with no letter ("12:30", "1.2:"): there is no scheme;
 * - a scheme before it and a ':' after ("std::string");
 * - a scheme before it ("Note", "x86", "v1.2"), then space, a control,
 *   '<' or '>': bare and quoted references end there, and so does a
 *   <...> that is not there or that holds blanks then a byte other than
 *   space, '>' or '&' after a ':' inside one line ("Note: the",
 *   "Closes:  #1", "follows:\n", "LP: #1", "x86: fix"; an upper-case
 *   scheme on a uuencoded line is rejected by try_colon() too, and its
 *   verdict for the line, kept there, is the same whichever of the
 *   line's ':' asks first);
 * unless the word is "URL", after which blanks are allowed, or fewer
 * than three bytes follow. */
static ALWAYS_INLINE bool
colon_may_start(const unsigned char *w, size_t n, size_t t)
{
    size_t j;
    unsigned a, c;

    if (t == 0 || !((a = byte_class[w[t - 1]]) & C_SCHEME))
        return false;
    if (!(a & C_ALPHA)) {
        /* back over the run for a letter ("x86:", "utf-8:"); a long run
         * is left to try_colon() */
        for (j = t - 1; !(byte_class[w[j]] & C_ALPHA); j--)
            if (t - j >= 16)
                return true;
            else if (j == 0 || !(byte_class[w[j - 1]] & C_SCHEME))
                return false;
    }
    if (t + 3 > n || (t >= 3 && (w[t - 3] | 0x20) == 'u' &&
                      (w[t - 2] | 0x20) == 'r' && (w[t - 1] | 0x20) == 'l'))
        return true;
    if (w[t + 1] == ':')
        return false;
    c = byte_class[w[t + 1]];
    if (!(c & C_BREAK))
        return true;
    if (c & C_GAP) {
        for (j = t + 2; j < n && j - t <= GAP_LOOK && byte_class[w[j]] & C_GAP;
             j++)
            ;
        if (j < n && !(byte_class[w[j]] & C_OPEN))
            return false;
    }
    return angle_may_open(w, t);
}

/* May the '.' at W[T] start an abbreviation: "www." or "ftp." (any
 * case)? try_abbrev() rejects every other. */
static inline bool
dot_may_start(const unsigned char *w, size_t t)
{
    unsigned char a, b, c;

    if (t < 3)
        return false;
    a = w[t - 3] | 0x20, b = w[t - 2] | 0x20, c = w[t - 1] | 0x20;
    return (a == 'w' && b == 'w' && c == 'w') ||
           (a == 'f' && b == 't' && c == 'p');
}

/* The trigger byte at W[T]: may it start a reference? */
static ALWAYS_INLINE bool
may_start(const unsigned char *w, size_t n, size_t t)
{
    return w[t] == ':' ? colon_may_start(w, n, t) : dot_may_start(w, t);
}

/* memchr() for ':' and, with DOTS, for '.' (the last one found kept in
 * *DOT_CACHE: prose has more dots than colons), each hit filtered unless
 * ALL. */
static size_t
next_portable(const char *w, size_t p, size_t n, bool dots,
              size_t *dot_cache, bool all)
{
    const unsigned char *u = (const unsigned char *)w;

    for (;;) {
        const char *c = memchr(w + p, ':', n - p);
        size_t t = c ? (size_t)(c - w) : n;

        if (dots) {
            if (*dot_cache < p || *dot_cache == (size_t)-1) {
                const char *d = memchr(w + p, '.', n - p);

                *dot_cache = d ? (size_t)(d - w) : n;
            }
            if (*dot_cache < t)
                t = *dot_cache;
        }
        if (t >= n || all || may_start(u, n, t))
            return t;
        p = t + 1;
    }
}

#ifdef HAVE_AVX2_TARGET
/* The triggers among the 64 bytes at P, one bit each. */
static ALWAYS_INLINE AVX2_FN uint64_t
triggers64(const char *p, bool dots)
{
    const __m256i colon = _mm256_set1_epi8(':'), dot = _mm256_set1_epi8('.');
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
    __m256i ma = _mm256_cmpeq_epi8(a, colon), mb = _mm256_cmpeq_epi8(b, colon);

    if (dots) {
        ma = _mm256_or_si256(ma, _mm256_cmpeq_epi8(a, dot));
        mb = _mm256_or_si256(mb, _mm256_cmpeq_epi8(b, dot));
    }
    return (uint32_t)_mm256_movemask_epi8(ma) |
           (uint64_t)(uint32_t)_mm256_movemask_epi8(mb) << 32;
}

/* The first trigger in M (bits for the bytes from W[BASE]) that may
 * start a reference, or N. */
static ALWAYS_INLINE AVX2_FN size_t
first_taken(const unsigned char *w, size_t n, size_t base, uint64_t m)
{
    for (; m != 0; m &= m - 1) {
        size_t t = base + (size_t)__builtin_ctzll(m);

        if (may_start(w, n, t))
            return t;
    }
    return n;
}

/* As next_portable(), 64 bytes a step; the last ones in one load that
 * ends at W + N, or byte by byte when W is shorter than 64. Inlined
 * twice, DOTS a constant in each. */
static ALWAYS_INLINE AVX2_FN size_t
next_avx2_dots(const char *w, size_t p, size_t n, bool dots)
{
    const unsigned char *u = (const unsigned char *)w;
    size_t t;

    for (; p + 64 <= n; p += 64) {
        uint64_t m = triggers64(w + p, dots);

        if (m != 0 && (t = first_taken(u, n, p, m)) < n)
            return t;
    }
    if (p < n && n >= 64)
        return first_taken(u, n, n - 64,
                           triggers64(w + n - 64, dots) &
                               (~(uint64_t)0 << (64 - (n - p))));
    for (; p < n; p++)
        if ((u[p] == ':' || (dots && u[p] == '.')) && may_start(u, n, p))
            return p;
    return n;
}

static AVX2_FN size_t
next_avx2(const char *w, size_t p, size_t n, bool dots)
{
    return dots ? next_avx2_dots(w, p, n, true)
                : next_avx2_dots(w, p, n, false);
}

/* The newlines in P[0..N), 32 bytes a load. */
static AVX2_FN uint64_t
count_newlines_avx2(const char *p, size_t n)
{
    const __m256i nl = _mm256_set1_epi8('\n'), zero = _mm256_setzero_si256();
    uint64_t count = 0;
    size_t i = 0;

    while (n - i >= 32) {
        /* byte counters hold at most 255 before they are summed: 252
         * vectors, four a step */
        size_t blocks = (n - i) / 32 < 252 ? (n - i) / 32 : 252, k;
        __m256i acc = zero;

        for (k = 0; k + 4 <= blocks; k += 4, i += 128) {
            const __m256i *q = (const __m256i *)(const void *)(p + i);
            __m256i a = _mm256_add_epi8(
                _mm256_cmpeq_epi8(_mm256_loadu_si256(q), nl),
                _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 1), nl));
            __m256i b = _mm256_add_epi8(
                _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 2), nl),
                _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 3), nl));

            acc = _mm256_sub_epi8(acc, _mm256_add_epi8(a, b));
        }
        for (; k < blocks; k++, i += 32)
            acc = _mm256_sub_epi8(acc, _mm256_cmpeq_epi8(
                _mm256_loadu_si256((const __m256i *)(const void *)(p + i)),
                nl));
        acc = _mm256_sad_epu8(acc, zero);
        count += (uint64_t)_mm256_extract_epi64(acc, 0) +
                 (uint64_t)_mm256_extract_epi64(acc, 1) +
                 (uint64_t)_mm256_extract_epi64(acc, 2) +
                 (uint64_t)_mm256_extract_epi64(acc, 3);
    }
    /* the last 1 to 31 bytes: one load that ends at P + N, its bits
     * before I dropped */
    if (i < n && n >= 32) {
        uint32_t m = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
            _mm256_loadu_si256((const __m256i *)(const void *)(p + n - 32)),
            nl));

        return count + (uint64_t)__builtin_popcount(m >> (32 - (n - i)));
    }
    for (; i < n; i++)
        count += p[i] == '\n';
    return count;
}
#endif

size_t
skip_next(enum skip_impl impl, const char *w, size_t from, size_t n,
          bool dots, size_t *dot_cache)
{
#ifdef HAVE_AVX2_TARGET
    if (impl == SKIP_AVX2)
        return next_avx2(w, from, n, dots);
#else
    (void)impl;
#endif
    return next_portable(w, from, n, dots, dot_cache, impl == SKIP_ALL);
}

/* Count the newlines in P[0..N): 16 bytes at a time with SSE2 where the
 * compiler has it (every x86-64 does), the last 1 to 15 of them in one
 * more load that ends at P + N (the run between two references is some
 * 80 bytes: a byte loop over its tail cost as much as the rest); eight
 * at a time in a word otherwise, and for runs under 16 bytes. */
static uint64_t
count_newlines_portable(const char *p, size_t n)
{
    uint64_t count = 0;
    size_t i = 0;
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;

#ifdef __SSE2__
    /* loaded at TAIL_MASK + T: 0xff in its last T bytes only */
    static const unsigned char tail_mask[32] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    };
    const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();

    if (n >= 16) {
        __m128i acc;

        for (;;) {
            /* byte counters hold at most 255 before they are summed:
             * 254 blocks and the tail */
            size_t blocks = (n - i) / 16 < 254 ? (n - i) / 16 : 254, k;

            acc = zero;
            /* four blocks a step: the loop's own work was half of it */
            for (k = 0; k + 4 <= blocks; k += 4, i += 64) {
                const __m128i *q = (const __m128i *)(const void *)(p + i);
                __m128i a = _mm_add_epi8(
                    _mm_cmpeq_epi8(_mm_loadu_si128(q), nl),
                    _mm_cmpeq_epi8(_mm_loadu_si128(q + 1), nl));
                __m128i b = _mm_add_epi8(
                    _mm_cmpeq_epi8(_mm_loadu_si128(q + 2), nl),
                    _mm_cmpeq_epi8(_mm_loadu_si128(q + 3), nl));

                acc = _mm_sub_epi8(acc, _mm_add_epi8(a, b));
            }
            for (; k < blocks; k++, i += 16) {
                __m128i v =
                    _mm_loadu_si128((const __m128i *)(const void *)(p + i));
                acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, nl));
            }
            if (n - i < 16)
                break;
            acc = _mm_sad_epu8(acc, zero);
            count += (uint64_t)_mm_cvtsi128_si64(acc) +
                     (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc));
        }
        if (i < n) {
            __m128i v = _mm_loadu_si128(
                (const __m128i *)(const void *)(p + n - 16));
            __m128i m = _mm_loadu_si128(
                (const __m128i *)(const void *)(tail_mask + (n - i)));

            acc = _mm_sub_epi8(acc, _mm_and_si128(_mm_cmpeq_epi8(v, nl), m));
        }
        acc = _mm_sad_epu8(acc, zero);
        return count + (uint64_t)_mm_cvtsi128_si64(acc) +
               (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc));
    }
#endif
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        w ^= ones * '\n';
        /* a byte of W is zero where P had '\n'; this exact zero-byte test
         * sets its high bit there and nowhere else */
        w = ~(((w & ~high) + ~high) | w | ~high);
        /* one bit per match, moved to the byte's low end, summed by the
         * multiplication into the top byte */
        count += ((w >> 7) * ones) >> 56;
    }
    for (; i < n; i++)
        count += p[i] == '\n';
    return count;
}

/* The line starts skip_unfolded() and skip_mail_line() look for. */
enum line_kind { LINE_UNFOLDED, LINE_MAIL };

/* Is the line at P (of which AVAIL bytes are there, at least one) one
 * KIND looks for? LINE_MAIL: one whose first two bytes may start an
 * mbox separator, a boundary or a quoted "From " line (its first byte
 * alone when that is all there is). */
static inline bool
line_wanted(enum line_kind kind, const char *p, size_t avail)
{
    if (kind == LINE_UNFOLDED)
        return p[0] != ' ' && p[0] != '\t';
    if (p[0] != 'F' && p[0] != '-' && p[0] != '>')
        return false;
    if (avail < 2)
        return true;
    return p[0] == 'F' ? p[1] == 'r'
                       : p[0] == '-' ? p[1] == '-'
                                     : p[1] == 'F' || p[1] == '>';
}

/* The first line start after FROM in P[0..N) that KIND looks for, or N,
 * the newlines before it counted in *NEWLINES: a '\n' a memchr() and the
 * bytes after it a look. */
static size_t
line_start_portable(enum line_kind kind, const char *p, size_t from,
                    size_t n, uint64_t *newlines)
{
    const char *nl;
    uint64_t count = 0;

    while (from + 1 < n && (nl = memchr(p + from, '\n', n - 1 - from))) {
        from = (size_t)(nl - p) + 1;
        count++;
        if (line_wanted(kind, p + from, n - from)) {
            *newlines = count;
            return from;
        }
    }
    *newlines = count + (from < n && p[n - 1] == '\n');
    return n;
}

#ifdef HAVE_AVX2_TARGET
/* A bit for each of the 32 bytes at P whose next bytes (up to P[33])
 * start a line LINE_MAIL looks for, were the byte a '\n'. */
static ALWAYS_INLINE AVX2_FN uint32_t
mail_after32(const char *p)
{
    const __m256i f = _mm256_set1_epi8('F'), r = _mm256_set1_epi8('r'),
                  dash = _mm256_set1_epi8('-'), gt = _mm256_set1_epi8('>');
    __m256i b1 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 1));
    __m256i b2, pair;

    b2 = _mm256_loadu_si256((const __m256i *)(const void *)(p + 2));
    pair = _mm256_or_si256(
        _mm256_or_si256(_mm256_and_si256(_mm256_cmpeq_epi8(b1, f),
                                         _mm256_cmpeq_epi8(b2, r)),
                        _mm256_and_si256(_mm256_cmpeq_epi8(b1, dash),
                                         _mm256_cmpeq_epi8(b2, dash))),
        _mm256_and_si256(_mm256_cmpeq_epi8(b1, gt),
                         _mm256_or_si256(_mm256_cmpeq_epi8(b2, f),
                                         _mm256_cmpeq_epi8(b2, gt))));
    return (uint32_t)_mm256_movemask_epi8(pair);
}

/* line_start_portable(LINE_MAIL) 32 bytes a step: a mask of the '\n'
 * and one of the bytes after them, the newlines before a hit counted as
 * the loop goes; the last bytes (fewer than 34) in the portable loop.
 * (skip_unfolded() has a loop of its own, unfolded_avx2().) */
static AVX2_FN size_t
mail_line_avx2(const char *p, size_t from, size_t n, uint64_t *newlines)
{
    const __m256i nl = _mm256_set1_epi8('\n');
    uint64_t count = 0, rest;
    size_t i = from;

    for (; i + 34 <= n; i += 32) {
        uint32_t lines = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
            _mm256_loadu_si256((const __m256i *)(const void *)(p + i)), nl));
        uint32_t hits = lines & mail_after32(p + i);

        if (hits != 0) {
            unsigned k = (unsigned)__builtin_ctz(hits);

            /* the newlines up to and with the one at K */
            *newlines = count + (uint64_t)__builtin_popcount(
                lines & (uint32_t)(((uint64_t)2 << k) - 1));
            return i + k + 1;
        }
        count += (uint64_t)__builtin_popcount(lines);
    }
    i = line_start_portable(LINE_MAIL, p, i, n, &rest);
    *newlines = count + rest;
    return i;
}

/* skip_unfolded() with AVX2: the '\n' of 64 bytes as one mask, and the
 * byte after each looked at on its own. A header line is some 40 to 80
 * bytes, about one '\n' a step: cheaper than a second mask of the
 * bytes after them (line_start_avx2()). The last bytes (fewer than 65)
 * in the portable loop. */
static AVX2_FN size_t
unfolded_avx2(const char *p, size_t from, size_t n, uint64_t *newlines)
{
    const __m256i nl = _mm256_set1_epi8('\n');
    uint64_t count = 0, rest;
    size_t i = from;

    for (; i + 65 <= n; i += 64) {
        const __m256i *q = (const __m256i *)(const void *)(p + i);
        uint64_t lines =
            (uint64_t)(uint32_t)_mm256_movemask_epi8(
                _mm256_cmpeq_epi8(_mm256_loadu_si256(q), nl)) |
            (uint64_t)(uint32_t)_mm256_movemask_epi8(
                _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 1), nl)) << 32;
        uint64_t left;

        for (left = lines; left != 0; left &= left - 1) {
            unsigned k = (unsigned)__builtin_ctzll(left);
            char c = p[i + k + 1];

            if (c != ' ' && c != '\t') {
                /* the newlines up to and with the one at K (2 << 63
                 * is 0 as a uint64_t: all 64 bits) */
                *newlines = count + (uint64_t)__builtin_popcountll(
                                        lines & (((uint64_t)2 << k) - 1));
                return i + k + 1;
            }
        }
        count += (uint64_t)__builtin_popcountll(lines);
    }
    i = line_start_portable(LINE_UNFOLDED, p, i, n, &rest);
    *newlines = count + rest;
    return i;
}
#endif

size_t
skip_unfolded(enum skip_impl impl, const char *p, size_t from, size_t n,
              uint64_t *newlines)
{
#ifdef HAVE_AVX2_TARGET
    if (impl == SKIP_AVX2)
        return unfolded_avx2(p, from, n, newlines);
#else
    (void)impl;
#endif
    return line_start_portable(LINE_UNFOLDED, p, from, n, newlines);
}

size_t
skip_mail_line(enum skip_impl impl, const char *p, size_t from, size_t n,
               uint64_t *newlines)
{
#ifdef HAVE_AVX2_TARGET
    if (impl == SKIP_AVX2)
        return mail_line_avx2(p, from, n, newlines);
#else
    (void)impl;
#endif
    return line_start_portable(LINE_MAIL, p, from, n, newlines);
}

uint64_t
skip_count_newlines(enum skip_impl impl, const char *p, size_t n)
{
#ifdef HAVE_AVX2_TARGET
    if (impl == SKIP_AVX2)
        return count_newlines_avx2(p, n);
#else
    (void)impl;
#endif
    return count_newlines_portable(p, n);
}
