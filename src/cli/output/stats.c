/* stats.c: --stats, the count of each value of a field, exact up to
 * STATS_LIMIT values and Space-Saving past them (stats.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "jsonout.h"
#include "output/stats.h"
#include "siphash.h"

/* One value counted. */
struct entry {
    char *key;
    size_t klen, hash;      /* its keyed hash, kept for growing */
    uint64_t count, error;
    size_t heap;            /* its place in the heap */
    size_t next;            /* the next of its hash chain, or NONE */
};

#define NONE ((size_t)-1)

/* Owner: stats.c. The entries, a hash of chains on them, and a heap of
 * them by count, least first (the one Space-Saving replaces). */
struct stats {
    struct entry *e;
    size_t n, cap;
    size_t *bucket;         /* nbucket chains (a power of two) */
    size_t nbucket;
    size_t *heap;           /* entry indices */
    uint64_t seen;
    bool dropped;
    struct urigrep_buf carry;   /* a value cut by the end of a feed */
    /* The values come from the input, which may choose them: an unkeyed
     * hash (FNV-1a) let it put 100,000 values in one chain (quadratic
     * time); keyed SipHash (src/shared/siphash.c, as --unique's) does
     * not.  The output does not depend on the key: it is sorted by
     * count, then bytes. */
    unsigned char key[16];
};

struct stats *
stats_new(void)
{
    struct stats *s = calloc(1, sizeof *s);

    if (s == NULL)
        out_of_memory();
    buf_init(&s->carry, SIZE_MAX / 2);
    siphash_draw_key(s->key);
    return s;
}

/* Make room for a next entry: the entries, heap and chains grow by
 * doubling, up to STATS_LIMIT entries. */
static void
grow(struct stats *s)
{
    size_t cap = s->cap ? s->cap * 2 : 256, i, b;

    if (cap > STATS_LIMIT)
        cap = STATS_LIMIT;
    if ((s->e = realloc(s->e, cap * sizeof *s->e)) == NULL ||
        (s->heap = realloc(s->heap, cap * sizeof *s->heap)) == NULL)
        out_of_memory();
    s->cap = cap;
    /* chains: twice as many as entries */
    free(s->bucket);
    s->nbucket = 2;
    while (s->nbucket < 2 * cap)
        s->nbucket *= 2;
    if ((s->bucket = malloc(s->nbucket * sizeof *s->bucket)) == NULL)
        out_of_memory();
    for (b = 0; b < s->nbucket; b++)
        s->bucket[b] = NONE;
    for (i = 0; i < s->n; i++) {
        b = s->e[i].hash & (s->nbucket - 1);
        s->e[i].next = s->bucket[b];
        s->bucket[b] = i;
    }
}

static void
swap(struct stats *s, size_t a, size_t b)
{
    size_t t = s->heap[a];

    s->heap[a] = s->heap[b];
    s->heap[b] = t;
    s->e[s->heap[a]].heap = a;
    s->e[s->heap[b]].heap = b;
}

static void
sift_up(struct stats *s, size_t i)
{
    while (i > 0 &&
           s->e[s->heap[(i - 1) / 2]].count > s->e[s->heap[i]].count) {
        swap(s, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

/* Move heap place I down to where its (grown) count belongs. */
static void
sift_down(struct stats *s, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;

        if (l < s->n && s->e[s->heap[l]].count < s->e[s->heap[m]].count)
            m = l;
        if (l + 1 < s->n &&
            s->e[s->heap[l + 1]].count < s->e[s->heap[m]].count)
            m = l + 1;
        if (m == i)
            return;
        swap(s, i, m);
        i = m;
    }
}

/* Take entry I out of its hash chain (B). */
static void
unchain(struct stats *s, size_t i, size_t b)
{
    size_t *p = &s->bucket[b];

    while (*p != i)
        p = &s->e[*p].next;
    *p = s->e[i].next;
}

/* Count one value K (N bytes). */
static void
count_one(struct stats *s, const char *k, size_t n)
{
    size_t h = (size_t)siphash24(s->key, k, n), b = h & (s->nbucket - 1), i;
    struct entry *e;

    s->seen++;
    for (i = s->bucket[b]; i != NONE; i = s->e[i].next)
        if (s->e[i].hash == h && s->e[i].klen == n &&
            memcmp(s->e[i].key, k, n) == 0) {
            s->e[i].count++;
            sift_down(s, s->e[i].heap);
            return;
        }
    if (s->n == s->cap && s->cap < STATS_LIMIT) {
        grow(s);
        b = h & (s->nbucket - 1);
    }
    if (s->n < s->cap) {
        i = s->n++;
        e = &s->e[i];
        e->count = 1;
        e->error = 0;
        e->heap = i;
        s->heap[i] = i;
    } else {
        /* Space-Saving: the least counted gives its place */
        i = s->heap[0];
        e = &s->e[i];
        unchain(s, i, e->hash & (s->nbucket - 1));
        free(e->key);
        e->error = e->count;
        e->count++;
        s->dropped = true;
    }
    if ((e->key = malloc(n ? n : 1)) == NULL)
        out_of_memory();
    memcpy(e->key, k, n);
    e->klen = n;
    e->hash = h;
    e->next = s->bucket[b];
    s->bucket[b] = i;
    if (e->error)
        sift_down(s, e->heap);
    else
        sift_up(s, e->heap);
}

void
stats_feed(struct stats *s, const char *p, size_t n)
{
    const char *end = p + n, *z;

    if (s->nbucket == 0)
        grow(s);
    while (p < end && (z = memchr(p, '\0', (size_t)(end - p))) != NULL) {
        if (s->carry.len) {
            if (buf_append(&s->carry, p, (size_t)(z - p)))
                out_of_memory();
            count_one(s, s->carry.data, s->carry.len);
            s->carry.len = 0;
        } else
            count_one(s, p, (size_t)(z - p));
        p = z + 1;
    }
    if (p < end && buf_append(&s->carry, p, (size_t)(end - p)))
        out_of_memory();
}

/* qsort's order: most counted first, then the values' bytes */
static const struct stats *sorting;

static int
by_count(const void *a, const void *b)
{
    const struct entry *x = &sorting->e[*(const size_t *)a];
    const struct entry *y = &sorting->e[*(const size_t *)b];
    size_t n = x->klen < y->klen ? x->klen : y->klen;
    int c;

    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    if ((c = memcmp(x->key, y->key, n)) != 0)
        return c;
    return x->klen < y->klen ? -1 : x->klen > y->klen;
}

/* One row of the table for entry E, the counts WIDTH digits wide. */
static enum urigrep_status
write_row(struct urigrep_buf *b, const struct entry *e, bool json,
          int width)
{
    enum urigrep_status rc;
    char num[24];
    int k;

    if (json) {
        if ((rc = buf_append_lit(b, "{\"value\":")) ||
            (rc = e->klen ? output_json_string(b, e->key, e->klen)
                          : buf_append_lit(b, "null")) ||
            (rc = buf_append_lit(b, ",\"count\":")) ||
            (rc = buf_append_u64(b, e->count)) ||
            (rc = buf_append_lit(b, ",\"error\":")) ||
            (rc = buf_append_u64(b, e->error)))
            return rc;
        return buf_append_lit(b, "}\n");
    }
    k = snprintf(num, sizeof num, "%*llu ", width,
                 (unsigned long long)e->count);
    if ((rc = buf_append(b, num, (size_t)k)) ||
        (rc = e->klen ? buf_append(b, e->key, e->klen)
                      : buf_append_lit(b, "(none)")))
        return rc;
    return buf_append_lit(b, "\n");
}

enum urigrep_status
stats_write(const struct stats *s, struct urigrep_buf *b, bool json)
{
    enum urigrep_status rc = URIGREP_OK;
    size_t *order, i;
    char num[24];
    int width;

    if (s->n == 0)
        return URIGREP_OK;
    if ((order = malloc(s->n * sizeof *order)) == NULL)
        return URIGREP_ERR_NOMEM;
    for (i = 0; i < s->n; i++)
        order[i] = i;
    sorting = s;
    qsort(order, s->n, sizeof *order, by_count);
    /* uniq -c's look: the counts right-aligned, at least 7 wide */
    width = snprintf(num, sizeof num, "%llu",
                     (unsigned long long)s->e[order[0]].count);
    if (width < 7)
        width = 7;
    for (i = 0; i < s->n && rc == URIGREP_OK; i++)
        rc = write_row(b, &s->e[order[i]], json, width);
    free(order);
    return rc;
}

bool
stats_dropped(const struct stats *s, uint64_t *max_error, uint64_t *seen)
{
    size_t i;

    *max_error = 0;
    for (i = 0; i < s->n; i++)
        if (s->e[i].error > *max_error)
            *max_error = s->e[i].error;
    *seen = s->seen;
    return s->dropped;
}

void
stats_free(struct stats *s)
{
    size_t i;

    if (s == NULL)
        return;
    for (i = 0; i < s->n; i++)
        free(s->e[i].key);
    free(s->e);
    free(s->heap);
    free(s->bucket);
    buf_free(&s->carry);
    free(s);
}
