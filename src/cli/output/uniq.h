/* uniq.h: a set of strings, for --unique. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_UNIQ_H
#define URIGREP_UNIQ_H

#include <stddef.h>
#include <stdint.h>

struct uniq;

/* A new empty set, or NULL when memory runs out. */
struct uniq *uniq_new(void);

/* Add S (LEN bytes, copied). Returns 1 if it was not in the set yet, 0 if
 * it was, -1 when memory runs out. */
int uniq_add(struct uniq *u, const char *s, size_t len);

/* Free the set and its strings; NULL is accepted. */
void uniq_free(struct uniq *u);

#endif
