/* archive.h: what the files of pinbox/ share: an archive's epochs, the
 * runs of commits they are cut into and the messages its commits remove,
 * the calls the files make of each other, and how it works. Not part of
 * the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PINBOX_ARCHIVE_H
#define URIGREP_PINBOX_ARCHIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pinbox/git2dl.h"
#include "pinbox/pinbox.h"

struct run;
struct pinbox_cache;

/*
 * The layout (public-inbox-v2-format(5), public-inbox-v1-format(5)):
 *
 *   v2: INBOX/git/0.git, INBOX/git/1.git, ... are the epochs, each a git
 *       repository with a linear history of one commit a message; the
 *       tree of a commit holds one blob, "m" (the message as received)
 *       or "d" (a message removed: not to be read).
 *   v1: one repository, a commit a message; the message is the blob the
 *       commit adds (or changes) at a path made of the SHA-1 of its
 *       Message-ID ("f2/8c6c..."); a commit that removes one is no
 *       message.
 *
 * Messages are read oldest first. Git links each commit to its parent,
 * the newest first, so an epoch is walked twice: from its head back to
 * where reading starts (its root, or --since-commit, or --state), noting
 * every RUN_COMMITS-th commit (pass 1, walk_epoch()); then each run of
 * commits between two notes, oldest run first, is read from its end
 * (pass 2, pinbox_read_run()): pass 1 keeps the message blobs of the
 * oldest KEEP_COMMITS commits of v2 epochs, and the runs it did not keep
 * are walked again into an array. Memory: a note per RUN_COMMITS commits,
 * at most KEEP_COMMITS blob ids, a run's ids, one blob. -j hands the
 * runs to workers, which read them in parallel; the output keeps their
 * order. Objects are read raw (git_odb_read()): a commit's tree and
 * parent and a tree's one entry are all that is wanted of them.
 *
 * The files, each calling only those after it (no cycle): pinbox.c
 * reads an archive (pinbox_scan()); epochwalk.c makes pass 1 and hands
 * the runs over, to be read at once or queued for -j; runlist.c prints
 * the runs (--list-runs) or reads a list of them back (--read-runs);
 * runs.c reads a run (pass 2, in a -j worker or at once); layout.c tells
 * what a repository is and finds an archive's epochs; repo.c opens
 * repositories and reads objects raw; removed.c holds the messages the
 * archive's commits remove, which every run consults.
 */

/* The messages an archive's commits remove (v2: their blob in a tree
 * "d"), each with the number of the newest commit that does: a message
 * read from an older commit is skipped, as public-inbox-index skips it.
 * Built before any run is read, shared by the runs (REFS), read only.
 * Owner: removed.c (pass 1 numbers AT once its epoch is walked, and
 * each run takes a reference). */
struct removed {
    struct gone {
        git_oid blob;
        uint64_t at;
    } *v;                   /* sorted by blob once built */
    size_t n, cap;
    int refs;
};

/* What pass 1 learnt of a v2 commit, kept for pass 2.
 * Owner: epochwalk.c (pass 1 writes it; runs.c reads it). */
struct kept {
    git_oid commit;
    git_oid id;             /* KEPT_MESSAGE: the blob "m"; KEPT_TREE: the
                             * commit's tree, to be read again */
    unsigned char what;
};
enum { KEPT_NONE, KEPT_MESSAGE, KEPT_TREE };

/* A run of commits of one epoch (pinbox.h), to be read by
 * pinbox_read_run().
 * Owner: runs.c (epochwalk.c and runlist.c fill it as that says). */
struct pinbox_run {
    char *repo;             /* the epoch's repository */
    long epoch;             /* its number, -1: none */
    bool v1;
    git_oid top;            /* the run's newest commit */
    size_t count;           /* commits, following first parents */
    uint64_t message;       /* messages numbered before its oldest */
    git_oid head;           /* the epoch's newest commit (v1) */
    struct removed *removed;    /* v2 */
    struct kept *kept;      /* v2: COUNT commits, newest first, or NULL */
};

/* Pass 1 over an epoch: a note of each RUN_COMMITS-th commit from its
 * head back to where reading starts.
 * Owner: epochwalk.c (runlist.c prints it). */
struct walk {
    git_oid *notes;
    uint64_t *bytes;        /* --list-runs: a note's run's message bytes */
    size_t nnotes, cap;
    uint64_t n;             /* commits to read */
    bool found;             /* the start was met */
    bool sizes;             /* count BYTES (v2) */
    /* the last KMAX commits walked (the oldest), walk index I at
     * KEPT[I % KMAX]; KCAP allocated */
    struct kept *kept;
    size_t kcap, kmax;
};

/* An epoch found in an archive, and where reading it starts.
 * Owner: epochwalk.c (layout.c fills PATH, NUMBER and IN_INBOX). */
struct epoch {
    char *path;             /* its repository: NAME or NAME/git/N.git */
    long number;            /* N, or -1 */
    git_oid start;          /* read the commits after it (HAS_START) */
    bool has_start, skip;
    bool in_inbox;          /* NAME/git/N.git: v2 whatever HEAD holds */
    const char *start_from; /* "--since-commit" or "--state" */
    /* pass 1 (walk_epoch()) */
    bool walked, v1;
    git_oid head;
    struct walk w;
    uint64_t base;          /* commits of the epochs before it */
};

/* What a tree says a repository is. */
enum layout {
    LAYOUT_BROKEN,          /* HEAD, its commit or its tree unreadable */
    LAYOUT_NONE, LAYOUT_EMPTY, LAYOUT_V1, LAYOUT_V2
};

/* The runs of an archive being queued for -j: one is held back until
 * the next comes, so that the last is known as such.
 * Owner: epochwalk.c (epochwalk_put_run()); pinbox.c starts it and
 * ends it. */
struct queue {
    pinbox_queue_fn *fn;    /* NULL: read the runs at once */
    const char *name;
    struct pinbox_run *held;
    bool first;             /* none queued yet */
};

/* repo.c: libgit2's set-up, repositories opened, objects read raw */
const char *repo_why(void);
char *repo_strdup(const char *s);
git_repository *repo_open(const char *path);
git_repository *repo_cache_open(struct run *r, struct pinbox_cache **cache,
                                const char *path);
bool repo_all_hex(const char *s, size_t len);
void repo_commit_error(struct run *r, const char *repo, const git_oid *id,
                       const char *why);
const char *repo_read_raw(git_odb *odb, const git_oid *id,
                          git_object_t type, git_odb_object **out,
                          const char **why);
int repo_read_commit_ids(struct run *r, git_odb *odb, const char *repo,
                         const git_oid *id, git_oid *tree, git_oid *parent);
int repo_tree_find(const unsigned char *p, size_t n, const char *name,
                   git_oid *id);

/* removed.c: the messages removed */
void removed_drop(struct removed *rm);
void removed_add(struct removed *rm, const git_oid *id, uint64_t at);
int removed_cmp(const void *a, const void *b);
bool removed_after(const struct removed *rm, const git_oid *id, uint64_t at);

/* layout.c: what a repository is, an archive's epochs */
enum layout layout_head(git_repository *repo, git_oid *head, char *why,
                        size_t n);
bool layout_find_epochs(struct run *r, const char *name, struct epoch **out,
                        size_t *n);
void layout_free_epochs(struct epoch *e, size_t n);

/* epochwalk.c: pass 1, the runs handed over */
void epochwalk_put_run(struct run *r, struct queue *q,
                       struct pinbox_run *run, struct pinbox_cache **cache);
void epochwalk_all(struct run *r, struct queue *q, struct epoch *e, size_t n,
                   struct removed *rm, struct pinbox_cache **cache);

/* runlist.c: --list-runs, --read-runs */
void runlist_print(const struct epoch *e, size_t n, const struct removed *rm,
                   size_t k);
bool runlist_load(struct run *r, const char *file, const struct epoch *e,
                  size_t n, struct removed *rm, struct pinbox_run ***runs,
                  size_t *nruns);

#endif
