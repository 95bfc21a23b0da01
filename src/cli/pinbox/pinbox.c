/* pinbox.c: a public-inbox archive read (a v2 inbox, one epoch, or a v1
 * repository): its epochs found, walked into runs of commits or the runs
 * --read-runs lists, each read here or by a -j worker, then its end; how
 * is told in archive.h. Without libgit2: that archives cannot be read. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>

#include "cli.h"
#ifdef HAVE_LIBGIT2
#include "pinbox/git2dl.h"
#include "pinbox/archive.h"
#endif
#include "pinbox/pinbox.h"
#include "output/progress.h"

#ifdef HAVE_LIBGIT2

/* --read-runs: the runs its file lists, handed over in turn. */
static void
read_listed(struct run *r, struct queue *q, const struct epoch *e,
            size_t n, struct removed *rm, struct pinbox_cache **cache)
{
    struct pinbox_run **runs = NULL;
    size_t nruns = 0, i;
    bool ok = runlist_load(r, r->o->read_runs, e, n, rm, &runs, &nruns);

    if (rm->n > 1)
        qsort(rm->v, rm->n, sizeof *rm->v, removed_cmp);
    for (i = 0; i < nruns; i++) {
        if (ok && !r->stop && !r->file_stop && !runs[i]->v1) {
            __atomic_add_fetch(&rm->refs, 1, __ATOMIC_RELAXED);
            runs[i]->removed = rm;
        }
        if (ok && !r->stop && !r->file_stop)
            epochwalk_put_run(r, q, runs[i], cache);
        else
            pinbox_run_free(runs[i]);
    }
    free(runs);
}

/* The archive's end: said now, or after its last run with -j. */
static void
scan_end(struct run *r, struct queue *q, const char *name)
{
    if (q->fn) {
        /* an archive with nothing to read still has its end (-c, -L) */
        if (q->held == NULL && (q->held = calloc(1, sizeof *q->held)) == NULL)
            out_of_memory();
        q->fn(r->jobs, r, name, q->held, q->first, true);
        return;
    }
    r->file = name;
    report_file_end(r);
    report_file_flush(r);
    progress_file_done();
}

void
pinbox_scan(struct run *r, const char *name, pinbox_queue_fn *queue)
{
    struct pinbox_cache *cache = NULL;
    /* --list-runs reads nothing: no worker is given a run */
    struct queue q = { r->o->list_runs ? NULL : queue, name, NULL, true };
    struct removed *rm;
    struct epoch *e;
    size_t n, i;

    r->file = name;
    r->file_count = 0;
    r->file_serial++;
    r->file_stop = false;
    if (!git2dl_load()) {
        report_file_error(r, name, git2dl_error());
        return;
    }
    if (!layout_find_epochs(r, name, &e, &n))
        return;
    if ((rm = calloc(1, sizeof *rm)) == NULL)
        out_of_memory();
    rm->refs = 1;
    if (r->o->read_runs)
        read_listed(r, &q, e, n, rm, &cache);
    else
        epochwalk_all(r, &q, e, n, rm, &cache);
    removed_drop(rm);
    for (i = 0; i < n; i++) {
        free(e[i].w.notes);
        free(e[i].w.bytes);
        free(e[i].w.kept);
    }
    layout_free_epochs(e, n);
    pinbox_cache_free(cache);
    if (!r->o->list_runs)
        scan_end(r, &q, name);
}

#else /* !HAVE_LIBGIT2 */

bool
pinbox_available(void)
{
    return false;
}

bool
pinbox_detect(const char *name)
{
    (void)name;
    return false;
}

void
pinbox_scan(struct run *r, const char *name, pinbox_queue_fn *queue)
{
    (void)queue;
    report_file_error(r, name, "public-inbox archives cannot be read: "
                      "this urigrep was built without libgit2");
}

void
pinbox_read_run(struct run *r, const struct pinbox_run *run,
                struct pinbox_cache **cache)
{
    (void)r;
    (void)run;
    (void)cache;
}

void
pinbox_run_free(struct pinbox_run *run)
{
    (void)run;
}

void
pinbox_cache_free(struct pinbox_cache *cache)
{
    (void)cache;
}

#endif
