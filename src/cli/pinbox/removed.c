/* removed.c: the messages a public-inbox archive's commits remove,
 * shared by the runs that read it: a message read from an older commit
 * is skipped. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "cli.h"
#include "pinbox/archive.h"

/* Let go of RM (NULL accepted); the last holder frees it. */
void
removed_drop(struct removed *rm)
{
    if (rm && __atomic_sub_fetch(&rm->refs, 1, __ATOMIC_ACQ_REL) == 0) {
        free(rm->v);
        free(rm);
    }
}

/* Commit number AT removes blob ID (pass 1 meets the newest first). */
void
removed_add(struct removed *rm, const git_oid *id, uint64_t at)
{
    if (rm->n == rm->cap) {
        size_t cap = rm->cap ? 2 * rm->cap : 16;
        struct gone *v = realloc(rm->v, cap * sizeof *v);

        if (v == NULL)
            out_of_memory();
        rm->v = v;
        rm->cap = cap;
    }
    git_oid_cpy(&rm->v[rm->n].blob, id);
    rm->v[rm->n++].at = at;
}

static int
cmp_gone_blob(const void *a, const void *b)
{
    return git_oid_cmp(&((const struct gone *)a)->blob,
                       &((const struct gone *)b)->blob);
}

/* qsort()'s order of RM->v: by blob, then the newest removal first, the
 * order removed_after() looks blobs up in. */
int
removed_cmp(const void *a, const void *b)
{
    const struct gone *x = a, *y = b;
    int c = git_oid_cmp(&x->blob, &y->blob);

    return c ? c : (x->at < y->at) - (x->at > y->at);
}

/* Is blob ID, read at commit number AT, removed by a newer commit? */
bool
removed_after(const struct removed *rm, const git_oid *id, uint64_t at)
{
    const struct gone *g;
    struct gone key;

    if (rm == NULL || rm->n == 0)
        return false;
    git_oid_cpy(&key.blob, id);
    key.at = UINT64_MAX;
    /* sorted by blob, then the newest removal first: the first match */
    for (g = bsearch(&key, rm->v, rm->n, sizeof *g, cmp_gone_blob); g &&
         g > rm->v && git_oid_equal(&g[-1].blob, id); g--)
        ;
    return g && g->at > at;
}
