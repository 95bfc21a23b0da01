/* runs.c: a run of commits of a public-inbox epoch read, oldest first,
 * each commit's message handed to the extractor as one mail: by a -j
 * worker, or at once in a serial run. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pinbox/pinbox.h"
#include "pinbox/archive.h"
#include "output/progress.h"

/* Message number MESSAGE begins: the extractor takes a mail, its lines
 * counted from its start (-n). */
static void
message_start(struct run *r, uint64_t message)
{
    if (urigrep_extractor_set_origin(r->x, URIGREP_DOC_MAIL, 0, 0,
                                     message - 1) != URIGREP_OK)
        out_of_memory();
}

/* The message given since message_start() ends. */
static void
message_end(struct run *r)
{
    if (!r->stop && urigrep_extractor_finish(r->x) == URIGREP_ERR_NOMEM)
        out_of_memory();
    urigrep_extractor_reset(r->x);
}

/* Message P (N bytes), numbered MESSAGE, to the extractor as one mail. */
static void
feed_message(struct run *r, const char *p, size_t n, uint64_t message)
{
    message_start(r, message);
    progress_bytes(n);
    input_feed(r, p, n);
    message_end(r);
}

/* What reading a run needs at hand. */
struct reader {
    git_repository *repo;
    git_odb *odb;
    const struct pinbox_run *run;
    git_tree *head;         /* v1: the tree of the epoch's newest commit */
};

/* The largest message blob read whole (git_odb_read() inflates it into
 * memory): a larger one is streamed where the object store can stream
 * it (a loose object, inflated from its mapped file a piece at a time),
 * and reported and skipped where it cannot (a packed one: libgit2 1.5
 * has no stream for those). A list's message is rarely over a few MiB;
 * URIGREP_PINBOX_BLOB_LIMIT (bytes) changes it. */
#define BLOB_LIMIT ((size_t)64 << 20)
/* The piece a streamed blob is read in. */
#define STREAM_PIECE ((size_t)64 << 10)

static size_t
blob_limit(void)
{
    const char *s = getenv("URIGREP_PINBOX_BLOB_LIMIT");
    long long v = s ? strtoll(s, NULL, 10) : 0;

    return v > 0 && (unsigned long long)v <= SIZE_MAX ? (size_t)v
                                                       : BLOB_LIMIT;
}

/* Blob ID of commit COMMIT (LEN bytes, over blob_limit()) as message
 * MESSAGE, read through a stream of the object store in STREAM_PIECE
 * pieces; false when it cannot be (said: a packed object over the
 * limit is skipped). */
static bool
stream_blob(struct run *r, const struct reader *rd, const git_oid *commit,
            const git_oid *id, size_t len, uint64_t message)
{
    git_odb_stream *s;
    git_object_t type;
    size_t n, got = 0;
    char *buf, why[256];
    int k = 0;

    if (git_odb_open_rstream(&s, &n, &type, rd->odb, id) != 0) {
        snprintf(why, sizeof why, "its message, %zu bytes, is over the "
                 "%zu read whole (URIGREP_PINBOX_BLOB_LIMIT) and cannot be "
                 "streamed (a packed object): skipped", len, blob_limit());
        repo_commit_error(r, rd->run->repo, commit, why);
        return false;
    }
    if ((buf = malloc(STREAM_PIECE)) == NULL)
        out_of_memory();
    message_start(r, message);
    while (!r->stop && !r->file_stop &&
           (k = git_odb_stream_read(s, buf, STREAM_PIECE)) > 0) {
        progress_bytes((size_t)k);
        input_feed(r, buf, (size_t)k);
        got += (size_t)k;
    }
    message_end(r);
    if (k < 0 || (got != n && !r->stop && !r->file_stop)) {
        snprintf(why, sizeof why, "its message blob cannot be read past "
                 "byte %zu of %zu: %s", got, n, k < 0 ? repo_why()
                 : "cut short");
        repo_commit_error(r, rd->run->repo, commit, why);
    }
    free(buf);
    git_odb_stream_free(s);
    return k >= 0;
}

/* Read blob ID of commit COMMIT as message MESSAGE: one up to
 * blob_limit() bytes where it lies in the object libgit2 inflated it
 * into, a larger one streamed; false when it cannot be (said). */
static bool
read_blob(struct run *r, const struct reader *rd, const git_oid *commit,
          const git_oid *id, uint64_t message)
{
    git_odb_object *o;
    git_object_t type;
    size_t len;
    const char *why = NULL, *p;

    /* its size first (an object's header): a huge one is not inflated */
    if (git_odb_read_header(&len, &type, rd->odb, id) == 0 &&
        type == GIT_OBJECT_BLOB && len > blob_limit())
        return stream_blob(r, rd, commit, id, len, message);
    if ((p = repo_read_raw(rd->odb, id, GIT_OBJECT_BLOB, &o, &why)) == NULL) {
        repo_commit_error(r, rd->run->repo, commit, why);
        return false;
    }
    feed_message(r, p, git_odb_object_size(o), message);
    git_odb_object_free(o);
    return true;
}

/* Is the blob of delta D still where HEAD, the tree of the epoch's
 * newest commit, has it? A message removed (or replaced) since is not. */
static bool
v1_kept(git_tree *head, const git_diff_delta *d)
{
    git_tree_entry *e;
    bool kept;

    if (head == NULL || git_tree_entry_bypath(&e, head, d->new_file.path))
        return false;
    kept = git_oid_equal(git_tree_entry_id(e), &d->new_file.id);
    git_tree_entry_free(e);
    return kept;
}

/* v1: the blobs commit C adds or changes against its first parent (all
 * of a root commit's) are its messages, unless HEAD no longer has them;
 * a removal is none. */
static void
read_v1(struct run *r, const struct reader *rd, git_commit *c,
        git_tree *tree, uint64_t message)
{
    const char *path = rd->run->repo;
    git_diff_options opts;
    git_commit *pc = NULL;
    git_tree *ptree = NULL;
    git_diff *diff = NULL;
    size_t i, n;

    git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
    /* no blob is read to see whether it is binary */
    opts.flags |= GIT_DIFF_SKIP_BINARY_CHECK;
    if ((git_commit_parentcount(c) > 0 &&
         (git_commit_parent(&pc, c, 0) != 0 ||
          git_commit_tree(&ptree, pc) != 0)) ||
        git_diff_tree_to_tree(&diff, rd->repo, ptree, tree, &opts) != 0) {
        repo_commit_error(r, path, git_commit_id(c), repo_why());
        goto done;
    }
    n = git_diff_num_deltas(diff);
    for (i = 0; i < n && !r->stop && !r->file_stop; i++) {
        const git_diff_delta *d = git_diff_get_delta(diff, i);

        if ((d->status == GIT_DELTA_ADDED ||
             d->status == GIT_DELTA_MODIFIED) &&
            (d->new_file.mode == GIT_FILEMODE_BLOB ||
             d->new_file.mode == GIT_FILEMODE_BLOB_EXECUTABLE) &&
            v1_kept(rd->head, d))
            read_blob(r, rd, git_commit_id(c), &d->new_file.id, message);
    }
done:
    git_diff_free(diff);
    git_tree_free(ptree);
    git_commit_free(pc);
}

/* "NAME:HEX12" for messages about the commit HEX (malloc'd). */
static char *
where_of(const char *name, const char *hex)
{
    size_t n = strlen(name);
    char *w = malloc(n + 1 + OUTPUT_SHORT_COMMIT + 1);

    if (w == NULL)
        out_of_memory();
    memcpy(w, name, n);
    w[n] = ':';
    memcpy(w + n + 1, hex, OUTPUT_SHORT_COMMIT);
    w[n + 1 + OUTPUT_SHORT_COMMIT] = '\0';
    return w;
}

/* v1: commit ID, its message numbered MESSAGE: what it adds that HEAD
 * (the tree of the epoch's newest commit) still has. */
static void
read_commit_v1(struct run *r, const struct reader *rd, const git_oid *id,
               uint64_t message)
{
    git_commit *c = NULL;
    git_tree *tree = NULL;

    if (git_commit_lookup(&c, rd->repo, id) != 0 ||
        git_commit_tree(&tree, c) != 0)
        repo_commit_error(r, rd->run->repo, id, repo_why());
    else
        read_v1(r, rd, c, tree, message);
    git_tree_free(tree);
    git_commit_free(c);
}

/* v2: commit ID of tree TREE, its message numbered MESSAGE: its "m"
 * unless a newer commit removes it; "d" is no message; a tree with
 * neither is said. */
static void
read_commit_v2(struct run *r, const struct reader *rd, const git_oid *id,
               const git_oid *tree, uint64_t message)
{
    git_odb_object *o;
    const char *why = NULL;
    const unsigned char *p = (const unsigned char *)repo_read_raw(
        rd->odb, tree, GIT_OBJECT_TREE, &o, &why);
    git_oid m;
    int rc;

    if (p == NULL) {
        repo_commit_error(r, rd->run->repo, id, why);
        return;
    }
    rc = repo_tree_find(p, git_odb_object_size(o), "m", &m);
    if (rc == 0 && repo_tree_find(p, git_odb_object_size(o), "d", &m) <= 0)
        rc = -3;
    git_odb_object_free(o);
    if (rc < 0)
        repo_commit_error(r, rd->run->repo, id,
                          rc == -1 ? "\"m\" is not a blob"
                          : rc == -3 ? "its tree has no \"m\" (nor \"d\"): no "
                          "message (not a public-inbox v2 commit)"
                          : "its tree cannot be parsed");
    else if (rc > 0 && !removed_after(rd->run->removed, &m, message))
        read_blob(r, rd, id, &m, message);
}

/* Read commit ID of the run, its message numbered MESSAGE, its records
 * said to come from it: v1, what it adds; v2, by WHAT (enum KEPT_*) and
 * OID, its message blob or its tree (to be read), or nothing. */
static void
read_commit(struct run *r, const struct reader *rd, const git_oid *id,
            int what, const git_oid *oid, uint64_t message)
{
    char hex[GIT_OID_HEXSZ + 1];

    git_oid_tostr(hex, sizeof hex, id);
    r->commit = hex;
    r->epoch = rd->run->epoch;
    r->where = where_of(r->file, hex);
    if (rd->run->v1)
        read_commit_v1(r, rd, id, message);
    else if (what == KEPT_TREE)
        read_commit_v2(r, rd, id, oid, message);
    else if (what == KEPT_MESSAGE &&
             !removed_after(rd->run->removed, oid, message))
        read_blob(r, rd, id, oid, message);
    free(r->where);
    r->where = NULL;
    r->commit = NULL;
}

/* The commits of RUN from its newest back by first parents into IDS,
 * each with its tree in TREES (RUN->count of room): how many could be
 * read (an unreadable one is said, and ends the walk). */
static size_t
run_commits(struct run *r, const struct reader *rd, git_oid *ids,
            git_oid *trees)
{
    const struct pinbox_run *run = rd->run;
    git_oid cur, parent;
    size_t n = 0;
    int rc;

    git_oid_cpy(&cur, &run->top);
    while (n < run->count) {
        rc = repo_read_commit_ids(r, rd->odb, run->repo, &cur, &trees[n],
                                  &parent);
        if (rc < 0)
            break;
        git_oid_cpy(&ids[n++], &cur);
        if (rc == 0)
            break;
        git_oid_cpy(&cur, &parent);
    }
    return n;
}

void
pinbox_read_run(struct run *r, const struct pinbox_run *run,
                struct pinbox_cache **cache)
{
    struct reader rd = { NULL, NULL, run, NULL };
    git_commit *hc = NULL;
    git_oid *ids;
    size_t n, i;

    if (run->count == 0 ||
        (rd.repo = repo_cache_open(r, cache, run->repo)) == NULL)
        return;
    if (git_repository_odb(&rd.odb, rd.repo) != 0) {
        report_file_error(r, run->repo, repo_why());
        return;
    }
    if (run->v1 && (git_commit_lookup(&hc, rd.repo, &run->head) != 0 ||
                    git_commit_tree(&rd.head, hc) != 0)) {
        repo_commit_error(r, run->repo, &run->head, repo_why());
        goto done;
    }
    /* oldest first; numbers as pass 1 counted them, even when a commit
     * of the run could not be read */
    if (run->kept) {
        for (i = run->count; i-- > 0 && !r->stop && !r->file_stop;)
            read_commit(r, &rd, &run->kept[i].commit, run->kept[i].what,
                        &run->kept[i].id, run->message + run->count - i);
        goto done;
    }
    /* each commit read once: its id and its tree's, newest first */
    if ((ids = malloc(2 * run->count * sizeof *ids)) == NULL)
        out_of_memory();
    n = run_commits(r, &rd, ids, ids + run->count);
    for (i = n; i-- > 0 && !r->stop && !r->file_stop;)
        read_commit(r, &rd, &ids[i], KEPT_TREE, &ids[run->count + i],
                    run->message + run->count - i);
    free(ids);
done:
    git_tree_free(rd.head);
    git_commit_free(hc);
    git_odb_free(rd.odb);
}

void
pinbox_run_free(struct pinbox_run *run)
{
    if (run == NULL)
        return;
    removed_drop(run->removed);
    free(run->kept);
    free(run->repo);
    free(run);
}
