/* epochwalk.c: pass 1 over a public-inbox archive: each epoch walked
 * from its head back to where reading starts (--since-commit, --state),
 * its commits cut into runs, which are read at once or handed to -j. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pinbox/pinbox.h"
#include "pinbox/archive.h"
#include "pinbox/packs.h"
#include "pinbox/state.h"

/* Commits in a run: a worker's task with -j (some 5 MB of mail), and
 * the ids held at once. URIGREP_PINBOX_RUN in the environment changes it
 * (the tests cut small archives into runs of a few commits). */
#define RUN_COMMITS 1024
/* Commits of v2 epochs whose message blob (or tree) pass 1 keeps for
 * pass 2, the oldest of each epoch, up to this many in all (44 bytes
 * each: about 6 MB); pass 2 reads the blobs of those runs without
 * reading their commits and trees a second time (commits are small
 * objects, each inflated from a new zlib stream: reading one costs as
 * much as some 1.5 KB of a message). Runs older epochs' budget has
 * not covered are walked again. */
#define KEEP_COMMITS (1 << 17)

/* The size of a run: RUN_COMMITS, or URIGREP_PINBOX_RUN's. */
static size_t
run_size(void)
{
    const char *s = getenv("URIGREP_PINBOX_RUN");
    long v = s ? strtol(s, NULL, 10) : 0;

    return v > 0 ? (size_t)v : RUN_COMMITS;
}

/* The commits pass 1 may keep: KEEP_COMMITS, or URIGREP_PINBOX_KEEP's
 * (the tests make pass 2 walk some runs again). */
static size_t
keep_size(void)
{
    const char *s = getenv("URIGREP_PINBOX_KEEP");
    long v = s ? strtol(s, NULL, 10) : -1;

    return v >= 0 ? (size_t)v : KEEP_COMMITS;
}

/* Note commit ID in W when it starts a run of K (pass 1). */
static void
walk_note(struct walk *w, const git_oid *id, size_t k)
{
    if (w->n % k == 0) {
        if (w->nnotes == w->cap) {
            size_t cap = w->cap ? 2 * w->cap : 16;
            git_oid *nn = realloc(w->notes, cap * sizeof *nn);
            uint64_t *nb = nn ? realloc(w->bytes, cap * sizeof *nb) : NULL;

            if (nb == NULL)
                out_of_memory();
            w->notes = nn;
            w->bytes = nb;
            w->cap = cap;
        }
        w->bytes[w->nnotes] = 0;
        git_oid_cpy(&w->notes[w->nnotes++], id);
    }
    w->n++;
}

/* The slot where W keeps what pass 1 learns of the commit ID it has
 * just noted (walk_note()), or NULL when W keeps nothing. */
static struct kept *
keep_slot(struct walk *w, const git_oid *id)
{
    size_t i = (size_t)(w->n - 1);
    struct kept *k;

    if (w->kmax == 0)
        return NULL;
    if (i == w->kcap && w->kcap < w->kmax) {
        size_t cap = w->kcap ? 2 * w->kcap : 1024;

        cap = cap < w->kmax ? cap : w->kmax;
        if ((k = realloc(w->kept, cap * sizeof *k)) == NULL)
            out_of_memory();
        w->kept = k;
        w->kcap = cap;
    }
    k = &w->kept[i % w->kmax];
    git_oid_cpy(&k->commit, id);
    return k;
}

/* v2: the commit's TREE: if it is a removal's ("d"), its blob goes into
 * RM, AT being the commit's place from the head (made a number later);
 * its message blob ("m") into *M, and into K when K is not NULL
 * (KEPT_TREE: the tree is read again in pass 2, which says what is
 * wrong with it). True when it has a message blob. */
static bool
walk_tree(git_odb *odb, const git_oid *tree, struct removed *rm,
          uint64_t at, struct kept *k, git_oid *m)
{
    git_odb_object *o;
    const char *why;
    const void *p = repo_read_raw(odb, tree, GIT_OBJECT_TREE, &o, &why);
    git_oid d;
    int rc = -1, rd = 0;

    if (p != NULL) {
        if ((rd = repo_tree_find(p, git_odb_object_size(o), "d", &d)) > 0)
            removed_add(rm, &d, at);
        rc = repo_tree_find(p, git_odb_object_size(o), "m", m);
        git_odb_object_free(o);
    }
    /* p NULL, or neither "m" nor "d": said when the commit is read */
    if (k) {
        k->what = rc > 0 ? KEPT_MESSAGE
                  : rc < 0 || rd <= 0 ? KEPT_TREE : KEPT_NONE;
        git_oid_cpy(&k->id, rc > 0 ? m : tree);
    }
    return rc > 0;
}

/* --list-runs: message blob M's size added to W's newest note's run. */
static void
walk_size(struct walk *w, git_odb *odb, const git_oid *m)
{
    size_t len;
    git_object_t type;

    if (git_odb_read_header(&len, &type, odb, m) == 0)
        w->bytes[w->nnotes - 1] += len;
}

/* Pass 1 over epoch E of ODB: from its head back by first parents to
 * its start (excluded) or the root, a note every K commits into E->w,
 * v2 removals into RM. False when a commit could not be read (said);
 * E->w has what was walked. */
static bool
walk_epoch(struct run *r, git_odb *odb, struct epoch *e, size_t k,
           struct removed *rm)
{
    struct walk *w = &e->w;
    size_t first = rm->n, i;
    git_oid cur, tree, parent, m;
    bool ok = true;
    int rc;

    git_oid_cpy(&cur, &e->head);
    for (;;) {
        if (e->has_start && git_oid_equal(&cur, &e->start)) {
            w->found = true;
            break;
        }
        if ((rc = repo_read_commit_ids(r, odb, e->path, &cur, &tree,
                                       &parent)) < 0) {
            ok = false;
            break;
        }
        walk_note(w, &cur, k);
        if (!e->v1 && walk_tree(odb, &tree, rm, w->n, keep_slot(w, &cur),
                                &m) && w->sizes)
            walk_size(w, odb, &m);
        if (rc == 0)
            break;
        git_oid_cpy(&cur, &parent);
    }
    /* from the head's place to the commit's number in the archive */
    for (i = first; i < rm->n; i++)
        rm->v[i].at = e->base + w->n - rm->v[i].at + 1;
    return ok;
}

/* Hand RUN (owned) over: read it now, or queue it for -j. */
void
epochwalk_put_run(struct run *r, struct queue *q, struct pinbox_run *run,
                  struct pinbox_cache **cache)
{
    if (q->fn == NULL) {
        pinbox_read_run(r, run, cache);
        pinbox_run_free(run);
        return;
    }
    if (q->held) {
        q->fn(r->jobs, r, q->name, q->held, q->first, false);
        q->first = false;
    }
    q->held = run;
}

/* --since-commit: the epochs of E (N) that hold one of the commits named
 * start after it; those before the newest such are not read. False when
 * none holds one (said). */
static bool
apply_since(struct run *r, const char *name, struct epoch *e, size_t n,
            struct pinbox_cache **cache)
{
    const struct options *o = r->o;
    size_t i, k;
    long newest = -1;

    for (i = 0; i < n; i++) {
        git_repository *repo = repo_cache_open(r, cache, e[i].path);

        for (k = 0; repo && k < o->nsince; k++) {
            size_t len = strlen(o->since[k]);
            git_commit *c;
            git_oid id;

            if (git_oid_fromstrn(&id, o->since[k], len) != 0)
                continue;
            if (git_commit_lookup_prefix(&c, repo, &id, len) != 0)
                continue;
            git_oid_cpy(&e[i].start, git_commit_id(c));
            e[i].has_start = true;
            e[i].start_from = "--since-commit";
            newest = (long)i;
            git_commit_free(c);
        }
    }
    if (newest < 0) {
        report_file_error(r, name, "--since-commit: no such commit in its "
                          "epochs");
        return false;
    }
    for (i = 0; i < (size_t)newest; i++)
        e[i].skip = !e[i].has_start;
    return true;
}

/* --state: each epoch of E (N) the state names starts after the commit
 * it holds; the others are read whole. */
static void
apply_state(struct epoch *e, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        const char *hex = pinbox_state_find(e[i].path);

        if (hex && git_oid_fromstr(&e[i].start, hex) == 0) {
            e[i].has_start = true;
            e[i].start_from = "--state";
        }
    }
}

/* What W kept of the COUNT commits from walk index FIRST on, newest
 * first (malloc'd), or NULL when it did not keep them all. */
static struct kept *
kept_of(const struct walk *w, size_t first, size_t count)
{
    struct kept *v;
    size_t i;

    if (w->kmax == 0 || (w->n > w->kmax && first < w->n - w->kmax))
        return NULL;
    if ((v = malloc(count * sizeof *v)) == NULL)
        out_of_memory();
    for (i = 0; i < count; i++)
        v[i] = w->kept[(first + i) % w->kmax];
    return v;
}

/* The runs of epoch E, oldest first, handed over (epochwalk_put_run()). */
static void
put_runs(struct run *r, struct queue *q, const struct epoch *e, size_t k,
         struct removed *rm, struct pinbox_cache **cache)
{
    const struct walk *w = &e->w;
    size_t j;

    for (j = w->nnotes; j-- > 0 && !r->stop && !r->file_stop;) {
        struct pinbox_run *run = calloc(1, sizeof *run);

        if (run == NULL)
            out_of_memory();
        run->repo = repo_strdup(e->path);
        run->epoch = e->number;
        run->v1 = e->v1;
        git_oid_cpy(&run->top, &w->notes[j]);
        run->count = j + 1 == w->nnotes ? (size_t)(w->n - j * k) : k;
        run->message = e->base + w->n - j * k - run->count;
        git_oid_cpy(&run->head, &e->head);
        if (!e->v1) {
            __atomic_add_fetch(&rm->refs, 1, __ATOMIC_RELAXED);
            run->removed = rm;
            run->kept = kept_of(w, j * k, run->count);
        }
        epochwalk_put_run(r, q, run, cache);
    }
}

/* Pass 1 over epoch E, its messages numbered after *BASE commits; false
 * when nothing is to be read of it (said when that is trouble). */
static bool
scan_epoch(struct run *r, struct epoch *e, uint64_t *base, size_t k,
           struct removed *rm, struct pinbox_cache **cache)
{
    git_repository *repo = repo_cache_open(r, cache, e->path);
    enum layout lay;
    char hex[GIT_OID_HEXSZ + 1], why[512];
    git_odb *odb;
    bool walked;

    if (repo == NULL ||
        (lay = layout_head(repo, &e->head, why, sizeof why)) == LAYOUT_EMPTY)
        return false;
    /* a damaged pack is said as such, whatever it makes unreadable */
    pinbox_check_packs(r, e->path);
    if (lay == LAYOUT_BROKEN) {
        report_file_error(r, e->path, why);
        return false;
    }
    if (lay == LAYOUT_NONE && r->o->type != TYPE_PINBOX && !e->in_inbox) {
        report_file_error(r, e->path, "not a public-inbox epoch");
        return false;
    }
    /* a v2 commit's tree is "m" or "d", and an inbox's epochs are v2
     * (each commit whose tree is not is said); anything else is v1 */
    e->v1 = lay != LAYOUT_V2 && !e->in_inbox;
    if (e->v1)
        e->w.kmax = 0;
    e->base = *base;
    if (git_repository_odb(&odb, repo) != 0) {
        report_file_error(r, e->path, repo_why());
        return false;
    }
    walked = walk_epoch(r, odb, e, k, rm);
    git_odb_free(odb);
    if (walked && e->has_start && !e->w.found) {
        git_oid_tostr(hex, sizeof hex, &e->start);
        r->error = true;
        if (!r->o->no_messages)
            report_msg("%s: %s: commit %s is not in its history (was it "
                       "rewritten?): nothing read", e->path, e->start_from,
                       hex);
        return false;
    }
    git_oid_tostr(hex, sizeof hex, &e->head);
    pinbox_state_note(e->path, hex);
    *base += e->w.n;
    return true;
}

/* Pass 1 over the epochs E (N) of archive NAME, runs of K commits,
 * removals into RM; then the runs handed over, or listed. */
void
epochwalk_all(struct run *r, struct queue *q, struct epoch *e, size_t n,
              struct removed *rm, struct pinbox_cache **cache)
{
    const struct options *o = r->o;
    size_t i, k = o->list_runs ? o->list_runs : run_size();
    size_t keep = o->list_runs ? 0 : keep_size();
    uint64_t base = 0;

    if (o->nsince && !apply_since(r, q->name, e, n, cache))
        return;
    apply_state(e, n);
    /* every epoch walked first: a removal may be in a later one */
    for (i = 0; i < n; i++) {
        e[i].w.kmax = keep;
        e[i].w.sizes = o->list_runs != 0;
        e[i].walked = !e[i].skip && scan_epoch(r, &e[i], &base, k, rm, cache);
        keep -= e[i].w.n < e[i].w.kmax ? e[i].w.n : e[i].w.kmax;
    }
    if (rm->n > 1) /* qsort() wants a non-NULL base even for none */
        qsort(rm->v, rm->n, sizeof *rm->v, removed_cmp);
    if (o->list_runs) {
        runlist_print(e, n, rm, k);
        r->any_selected = true;     /* exit 0: listed */
        return;
    }
    for (i = 0; i < n && !r->stop && !r->file_stop; i++)
        if (e[i].walked)
            put_runs(r, q, &e[i], k, rm, cache);
}
