/* walk.h: -r: every file below a directory, in name order. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_WALK_H
#define URIGREP_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* What a walk does with a regular file: NAME, its path, and its SIZE,
 * or -1 when the walk did not stat it. */
typedef void walk_file_fn(struct run *r, const char *name, int64_t size);

/* Hand FILE every regular file below DIR whose name --include and
 * --exclude let through, in the order of their names, directory by
 * directory (--exclude-dir); symbolic links are not followed (as grep
 * -r). Stops early once R->stop is set. */
void walk(struct run *r, const char *dir, walk_file_fn *file);

/* A name to sort: KEY is walk_key() of its bytes from where the names
 * sorted with it begin to differ, so that most comparisons are decided
 * on it without reading the names. */
struct walk_entry {
    uint64_t key;
    const char *name;
};

/* Eight bytes of S from its start, as a number that orders as strcmp()
 * orders them (it compares unsigned chars); zeros past the end of S. */
uint64_t walk_key(const char *s);

/* Sort E[0..N) in place as strcmp() orders the names, in N log N time
 * whatever they are: quicksort to DEPTH levels (walk(): twice log2 N),
 * heapsort below. */
void walk_sort(struct walk_entry *e, size_t n, unsigned depth);

#endif
