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

/* SipHash-2-4 of LEN bytes at DATA under the 16-byte KEY: the set's
 * hash, drawn afresh for every set so that the input cannot choose
 * colliding strings. Exposed for its test vectors. */
uint64_t uniq_siphash(const unsigned char key[16], const void *data,
                      size_t len);

/* Fill KEY with 16 unpredictable bytes for uniq_siphash(): getrandom(),
 * else /dev/urandom, else (a jail without either) the clock and
 * addresses, which still differ from run to run.  --stats keys its
 * table with it too. */
void uniq_draw_key(unsigned char key[16]);

/* Free the set and its strings; NULL is accepted. */
void uniq_free(struct uniq *u);

#endif
