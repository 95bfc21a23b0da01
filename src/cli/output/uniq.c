/* uniq.c: a set of strings (open addressing, keyed SipHash), for
 * --unique. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "output/uniq.h"
#include "siphash.h"

/*
 * The strings are URIs from the input, which an adversary may choose: an
 * unkeyed hash (FNV-1a) lets them pick 65,536 URIs that share a hash
 * (12-40x slower with linear probing). SipHash-2-4 with a key drawn at
 * start (src/shared/siphash.c) makes that infeasible. The output does not depend on the key:
 * the set only answers "seen before?", and --unique keeps the order in
 * which URIs first come.
 */

struct entry {
    uint64_t hash;
    size_t len;
    char *s;  /* NULL: empty slot */
};

struct uniq {
    struct entry *tab;
    size_t size;   /* a power of two */
    size_t used;
    unsigned char key[16];
};

struct uniq *
uniq_new(void)
{
    struct uniq *u = calloc(1, sizeof *u);

    if (u == NULL)
        return NULL;
    u->size = 1024;
    u->tab = calloc(u->size, sizeof *u->tab);
    if (u->tab == NULL) {
        free(u);
        return NULL;
    }
    siphash_draw_key(u->key);
    return u;
}

static struct entry *
slot(struct entry *tab, size_t size, uint64_t h, const char *s, size_t len)
{
    size_t i = (size_t)h & (size - 1);

    while (tab[i].s && !(tab[i].hash == h && tab[i].len == len &&
                         memcmp(tab[i].s, s, len) == 0))
        i = (i + 1) & (size - 1);
    return &tab[i];
}

/* Double the table when it is more than half full. */
static int
grow(struct uniq *u)
{
    size_t i, size = u->size * 2;
    struct entry *tab = calloc(size, sizeof *tab);

    if (tab == NULL)
        return -1;
    for (i = 0; i < u->size; i++)
        if (u->tab[i].s)
            *slot(tab, size, u->tab[i].hash, u->tab[i].s, u->tab[i].len) =
                u->tab[i];
    free(u->tab);
    u->tab = tab;
    u->size = size;
    return 0;
}

int
uniq_add(struct uniq *u, const char *s, size_t len)
{
    uint64_t h = siphash24(u->key, s, len);
    struct entry *e = slot(u->tab, u->size, h, s, len);

    if (e->s)
        return 0;
    if (2 * (u->used + 1) > u->size) {
        if (grow(u) < 0)
            return -1;
        e = slot(u->tab, u->size, h, s, len);
    }
    e->s = malloc(len ? len : 1);
    if (e->s == NULL)
        return -1;
    memcpy(e->s, s, len);
    e->hash = h;
    e->len = len;
    u->used++;
    return 1;
}

void
uniq_free(struct uniq *u)
{
    size_t i;

    if (u == NULL)
        return;
    for (i = 0; i < u->size; i++)
        free(u->tab[i].s);
    free(u->tab);
    free(u);
}
