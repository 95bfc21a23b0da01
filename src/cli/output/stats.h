/* stats.h: --stats, how often each value of a field occurs, counted in
 * bounded memory (exactly up to STATS_LIMIT values, then Space-Saving). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_STATS_H
#define URIGREP_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* Distinct values counted at most. Up to this many the counts are
 * exact; past it the value counted the fewest times gives its place to
 * the new one, which inherits that count as its error (Metwally,
 * Agrawal and El Abbadi's Space-Saving, 2005): every count is then at
 * most its error too high, every error at most N / STATS_LIMIT for N
 * values seen, and every value seen more than N / STATS_LIMIT times is
 * kept. */
#define STATS_LIMIT 100000

/* Owner: stats.c. */
struct stats;

/* A new, empty count (exits on out of memory). */
struct stats *stats_new(void);

/* Count the values in P (N bytes): each ended by a NUL; a value cut by
 * the end of P goes on in the next call. Exits on out of memory. */
void stats_feed(struct stats *s, const char *p, size_t n);

/* Append the table to B: a line a value, most frequent first (values
 * of the same count in byte order), its count right-aligned, a space,
 * the value ("(none)" for an empty one); or with JSON a JSON Lines
 * object a value, {"value":V,"count":N,"error":E} (V null for an empty
 * one). The values are already safe for a terminal (report.c made them
 * with a template). */
enum urigrep_status stats_write(const struct stats *s, struct urigrep_buf *b,
                                bool json);

/* Whether values were dropped (the counts are then upper bounds), and
 * the largest error of those kept, in *MAX_ERROR; *SEEN: values
 * counted. */
bool stats_dropped(const struct stats *s, uint64_t *max_error,
                   uint64_t *seen);

/* Free S (NULL is fine). */
void stats_free(struct stats *s);

#endif
