/* chunks.h: pseudo-random chunk sizes and a growable log for the targets. */
/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_CHUNKS_H
#define FUZZ_CHUNKS_H

#include <stdlib.h>
#include <string.h>

struct log {
    unsigned char *p;
    size_t len, cap;
};

/* Append N bytes of P to L; aborts when memory runs out. */
static inline void
put(struct log *l, const void *p, size_t n)
{
    if (l->len + n > l->cap) {
        l->cap = (l->len + n) * 2 + 64;
        if ((l->p = realloc(l->p, l->cap)) == NULL)
            abort();
    }
    if (n)
        memcpy(l->p + l->len, p, n);
    l->len += n;
}

/* Do two logs hold the same bytes? */
static inline int
log_same(const struct log *a, const struct log *b)
{
    return a->len == b->len && (a->len == 0 || !memcmp(a->p, b->p, a->len));
}

/* The size of the next chunk of at most LEFT bytes: all of them when
 * *SEED is 0, else 1 to 97 bytes picked by a linear congruential step. */
static inline size_t
next_chunk(unsigned *seed, size_t left)
{
    size_t k;

    if (*seed == 0)
        return left;
    *seed = *seed * 1103515245u + 12345u;
    k = 1 + (*seed >> 8) % 97;
    return k < left ? k : left;
}

#endif
