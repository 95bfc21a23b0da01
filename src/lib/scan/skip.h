/* skip.h: the scanner's search for bytes that may start a reference. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_SKIP_H
#define URIGREP_SKIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How the scanner looks for its trigger bytes: memchr() and the
 * compiler's own code (the reference, on every architecture), or AVX2
 * loops where the CPU has AVX2; SKIP_ALL is memchr() with no byte turned
 * away, every ':' (and '.') handed to the scanner's rules, for the tests
 * that show the others turn away only what those rules reject. */
enum skip_impl { SKIP_PORTABLE, SKIP_AVX2, SKIP_ALL };

/* The implementation to use, from the environment variable URIGREP_SIMD:
 * "portable" SKIP_PORTABLE, "all" SKIP_ALL; else (unset, "auto")
 * SKIP_AVX2 when this build has the AVX2 code and the CPU runs it, and
 * SKIP_PORTABLE where not. Reads the environment at each call. */
enum skip_impl skip_choose(void);

/* The index of the first byte of W[FROM..N) that may start a reference:
 * a ':' that skip_colon_may_start() lets through, or with DOTS a '.'
 * after "www" or "ftp" (any case); N if there is none. Every other byte
 * is one the scanner would reject at once whatever came before it.
 * Reads no byte outside W[0..N). DOT_CACHE: where the portable search
 * last found a '.' (or (size_t)-1), kept between calls by the caller. */
size_t skip_next(enum skip_impl impl, const char *w, size_t from, size_t n,
                 bool dots, size_t *dot_cache);

/* The number of '\n' in P[0..N), with IMPL's instructions (AVX2 or
 * not). */
uint64_t skip_count_newlines(enum skip_impl impl, const char *p, size_t n);

/* The first line start in P(FROM..N) (an index I after FROM with
 * P[I - 1] == '\n') whose byte is neither ' ' nor '\t': where a header
 * field folded over the lines before it ends; N if there is none.
 * *NEWLINES is set to the number of '\n' in P[FROM..I) (in P[FROM..N)
 * when N is returned). */
size_t skip_unfolded(enum skip_impl impl, const char *p, size_t from,
                     size_t n, uint64_t *newlines);

/* The first line start in P(FROM..N) whose first two bytes are "Fr",
 * "--", ">F" or ">>" (the start of an mbox separator, a MIME boundary or
 * a quoted "From " line), or whose byte is 'F', '-' or '>' and last in
 * P; N if there is none. *NEWLINES as skip_unfolded() sets it. */
size_t skip_mail_line(enum skip_impl impl, const char *p, size_t from,
                      size_t n, uint64_t *newlines);

#endif
