/* pinbox.c: public-inbox archives read with libgit2: a v2 inbox (the
 * epochs git/N.git), one epoch, or a v1 repository; each message goes to
 * the extractor as one mail, in commit order. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#ifdef HAVE_LIBGIT2
#include "pinbox/git2dl.h"
#include "pinbox/archive.h"
#endif
#include "pinbox/pinbox.h"
#include "pinbox/packs.h"
#include "pinbox/state.h"
#include "output/progress.h"

#ifdef HAVE_LIBGIT2

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
 * (pinbox_read_run()): pass 1 keeps the message blobs of the oldest
 * KEEP_COMMITS commits of v2 epochs, and the runs it did not keep are
 * walked again into an array. Memory: a note per RUN_COMMITS commits,
 * at most KEEP_COMMITS blob ids, a run's ids, one blob. -j hands the
 * runs to workers, which read them in parallel; the output keeps their
 * order. Objects are read raw (git_odb_read()): a commit's tree and
 * parent and a tree's one entry are all that is wanted of them.
 */

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

/* What pass 1 learnt of a v2 commit, kept for pass 2. */
struct kept {
    git_oid commit;
    git_oid id;             /* KEPT_MESSAGE: the blob "m"; KEPT_TREE: the
                             * commit's tree, to be read again */
    unsigned char what;
};
enum { KEPT_NONE, KEPT_MESSAGE, KEPT_TREE };

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
 * head back to where reading starts. */
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

/* An epoch found in an archive, and where reading it starts. */
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

/* Does REPO have a reference (a branch, a tag) although its HEAD is
 * unborn? Its name into WHY (N bytes) when it has. */
static bool
other_ref(git_repository *repo, char *why, size_t n)
{
    git_reference_iterator *it;
    git_reference *ref = NULL, *head = NULL;
    const char *target = NULL;

    if (git_reference_iterator_new(&it, repo) != 0)
        return false;
    if (git_reference_next(&ref, it) == 0) {
        if (git_reference_lookup(&head, repo, "HEAD") == 0)
            target = git_reference_symbolic_target(head);
        snprintf(why, n, "HEAD names %s, which does not exist (the "
                 "repository has %s)", target ? target : "a branch",
                 git_reference_name(ref));
    }
    git_reference_free(head);
    git_reference_free(ref);
    git_reference_iterator_free(it);
    return ref != NULL;
}

/* What TREE, a repository's newest commit's, says the repository is. */
static enum layout
tree_layout(git_tree *tree)
{
    size_t i, n = git_tree_entrycount(tree);

    for (i = 0; i < n; i++) {
        const git_tree_entry *e = git_tree_entry_byindex(tree, i);
        const char *name = git_tree_entry_name(e);

        if ((strcmp(name, "m") == 0 || strcmp(name, "d") == 0) &&
            git_tree_entry_type(e) == GIT_OBJECT_BLOB && n == 1)
            return LAYOUT_V2;
        /* v1: the first two hex digits of a Message-ID's SHA-1 */
        if (strlen(name) != 2 || !repo_all_hex(name, 2) ||
            git_tree_entry_type(e) != GIT_OBJECT_TREE)
            return LAYOUT_NONE;
    }
    return n ? LAYOUT_V1 : LAYOUT_NONE;
}

/* The layout of REPO from its HEAD's tree; *HEAD gets the commit
 * (LAYOUT_EMPTY: none yet, and no other reference). LAYOUT_NONE when
 * the tree is neither; LAYOUT_BROKEN when HEAD, its commit or its tree
 * cannot be read, or HEAD names a branch that does not exist while
 * others do: what is wrong into WHY (N bytes). */
static enum layout
head_layout(git_repository *repo, git_oid *head, char *why, size_t n)
{
    git_commit *c = NULL;
    git_tree *tree = NULL;
    enum layout lay = LAYOUT_BROKEN;
    char hex[GIT_OID_HEXSZ + 1];
    int rc = git_reference_name_to_id(head, repo, "HEAD");

    if (rc == GIT_EUNBORNBRANCH || rc == GIT_ENOTFOUND)
        return other_ref(repo, why, n) ? LAYOUT_BROKEN : LAYOUT_EMPTY;
    if (rc != 0) {
        snprintf(why, n, "HEAD cannot be read: %s", repo_why());
        return LAYOUT_BROKEN;
    }
    git_oid_tostr(hex, sizeof hex, head);
    if (git_commit_lookup(&c, repo, head) != 0 ||
        git_commit_tree(&tree, c) != 0)
        snprintf(why, n, "HEAD's commit %s%s cannot be read: %s", hex,
                 c ? "'s tree" : "", repo_why());
    else
        lay = tree_layout(tree);
    git_tree_free(tree);
    git_commit_free(c);
    return lay;
}

static int
cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;

    return (x > y) - (x < y);
}

/* The epochs of a v2 inbox NAME: the numbers N of its git/N.git
 * directories, in order, into *OUT (malloc'd); how many (0: none, or
 * not an inbox). */
static size_t
list_epochs(const char *name, long **out)
{
    char *gitdir = xconcat(name, "/git");
    DIR *d = opendir(gitdir);
    struct dirent *de;
    long *v = NULL;
    size_t n = 0, cap = 0;

    *out = NULL;
    free(gitdir);
    if (d == NULL)
        return 0;
    while ((de = readdir(d)) != NULL) {
        size_t len = strlen(de->d_name);
        char *end;
        long k;

        /* "N.git", N a decimal number as public-inbox writes it */
        if (len < 5 || len > 13 || strcmp(de->d_name + len - 4, ".git") ||
            !strchr("0123456789", de->d_name[0]) ||
            (de->d_name[0] == '0' && len != 5))
            continue;
        k = strtol(de->d_name, &end, 10);
        if (end != de->d_name + len - 4)
            continue;
        if (n == cap) {
            long *nv = realloc(v, (cap = cap ? 2 * cap : 8) * sizeof *v);

            if (nv == NULL)
                out_of_memory();
            v = nv;
        }
        v[n++] = k;
    }
    closedir(d);
    if (n > 1)
        qsort(v, n, sizeof *v, cmp_long);
    *out = v;
    return n;
}

/* Is NAME/SUB a directory (IS_DIR) or a regular file? */
static bool
has_entry(const char *name, const char *sub, bool is_dir)
{
    char *p = xconcat(name, sub);
    struct stat st;
    bool yes = stat(p, &st) == 0 && (is_dir ? S_ISDIR(st.st_mode)
                                            : S_ISREG(st.st_mode));

    free(p);
    return yes;
}

/* Is there an entry NAME/SUB, of any type? */
static bool
has_any(const char *name, const char *sub)
{
    char *p = xconcat(name, sub);
    struct stat st;
    bool yes = lstat(p, &st) == 0;

    free(p);
    return yes;
}

/* Does NAME look like a bare git repository (HEAD, objects, refs),
 * whether or not libgit2 can read it? */
static bool
bare_layout(const char *name)
{
    return has_entry(name, "/HEAD", false) &&
           has_entry(name, "/objects", true) && has_entry(name, "/refs", true);
}

bool
pinbox_detect(const char *name)
{
    struct stat st;
    git_repository *repo;
    git_oid head;
    long *nums;
    enum layout lay;
    char why[256];

    if (stat(name, &st) != 0 || !S_ISDIR(st.st_mode))
        return false;
    if (list_epochs(name, &nums) > 0) {
        free(nums);
        return true;
    }
    /* a bare repository that cannot be read is a damaged archive (its
     * files are zlib streams: no use read as a directory of files); a
     * directory with neither HEAD nor .git is no repository, which
     * libgit2 is not loaded to learn */
    if ((!has_entry(name, "/HEAD", false) && !has_any(name, "/.git")) ||
        (repo = repo_open(name)) == NULL)
        return bare_layout(name);
    lay = head_layout(repo, &head, why, sizeof why);
    git_repository_free(repo);
    return lay >= LAYOUT_V1 || (lay == LAYOUT_BROKEN && bare_layout(name));
}

/* The epoch number of a repository named PATH: N for ".../N.git",
 * else -1. */
static long
epoch_of(const char *path)
{
    const char *base = strrchr(path, '/');
    size_t len;

    base = base ? base + 1 : path;
    len = strlen(base);
    if (len < 5 || len > 13 || strcmp(base + len - 4, ".git") != 0 ||
        strspn(base, "0123456789") != len - 4)
        return -1;
    return strtol(base, NULL, 10);
}

/* The epochs of the archive NAME into *OUT (malloc'd), how many in *N:
 * a v2 inbox's, or NAME itself. False when NAME is no directory (said). */
static bool
find_epochs(struct run *r, const char *name, struct epoch **out, size_t *n)
{
    struct stat st;
    struct epoch *e;
    long *nums;
    size_t i, k;
    char buf[32];

    if (stat(name, &st) != 0 || !S_ISDIR(st.st_mode)) {
        report_file_error(r, name, stat(name, &st) != 0 ? strerror(errno)
                          : "not a public-inbox archive (not a directory)");
        return false;
    }
    k = list_epochs(name, &nums);
    if ((e = calloc(k ? k : 1, sizeof *e)) == NULL)
        out_of_memory();
    for (i = 0; i < k; i++) {
        snprintf(buf, sizeof buf, "/git/%ld.git", nums[i]);
        e[i].path = xconcat(name, buf);
        e[i].number = nums[i];
        e[i].in_inbox = true;
    }
    if (k == 0) {
        e[0].path = repo_strdup(name);
        e[0].number = epoch_of(name);
        k = 1;
    }
    free(nums);
    *out = e;
    *n = k;
    return true;
}

static void
free_epochs(struct epoch *e, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        free(e[i].path);
    free(e);
}

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

/* ---- walking an archive ---- */

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

/* The runs of an archive being queued for -j: one is held back until
 * the next comes, so that the last is known as such. */
struct queue {
    pinbox_queue_fn *fn;    /* NULL: read the runs at once */
    const char *name;
    struct pinbox_run *held;
    bool first;             /* none queued yet */
};

/* Hand RUN (owned) over: read it now, or queue it for -j. */
static void
put_run(struct run *r, struct queue *q, struct pinbox_run *run,
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

/* The runs of epoch E, oldest first, handed over (put_run()). */
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
        put_run(r, q, run, cache);
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
        (lay = head_layout(repo, &e->head, why, sizeof why)) == LAYOUT_EMPTY)
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

/* ---- --list-runs and --read-runs ---- */

/*
 * --list-runs=N prints what pass 1 found, for a cluster to hand out
 * (python/urigrep/dask.py): a first line "urigrep-runs 1", then a line
 * "removed BLOB AT" per message removed (the blob, and the number of
 * the newest commit that removes it: a message read from an older
 * commit is skipped), then a line per run of N commits, oldest first:
 *
 *   run EPOCH LAYOUT TOP COUNT MESSAGE HEAD BYTES
 *
 * EPOCH the epoch's number (-1: none), LAYOUT v1 or v2, TOP the run's
 * newest commit, COUNT its commits, MESSAGE the number of the message
 * before its oldest, HEAD the epoch's newest commit, BYTES the size of
 * its messages (v2; 0 for v1). --read-runs=FILE reads the runs FILE
 * lists (the first line, the removals, and any runs of the listing) as
 * -j reads them: the records are those that reading the whole archive
 * gives for those commits, numbers included.
 */
#define RUNS_HEADER "urigrep-runs 1"

/* Print run J of epoch E (runs of K commits) as --list-runs does. */
static void
list_run(const struct epoch *e, size_t j, size_t k)
{
    const struct walk *w = &e->w;
    char top[GIT_OID_HEXSZ + 1], head[GIT_OID_HEXSZ + 1];
    size_t count = j + 1 == w->nnotes ? (size_t)(w->n - j * k) : k;

    git_oid_tostr(top, sizeof top, &w->notes[j]);
    git_oid_tostr(head, sizeof head, &e->head);
    printf("run %ld %s %s %zu %" PRIu64 " %s %" PRIu64 "\n", e->number,
           e->v1 ? "v1" : "v2", top, count,
           e->base + w->n - j * k - count, head, w->bytes[j]);
}

/* --list-runs: the removals RM and the runs of the epochs E (N) walked,
 * runs of K commits, on standard output. */
static void
list_runs(const struct epoch *e, size_t n, const struct removed *rm,
          size_t k)
{
    char hex[GIT_OID_HEXSZ + 1];
    size_t i, j;

    puts(RUNS_HEADER);
    for (i = 0; i < rm->n; i++) {
        git_oid_tostr(hex, sizeof hex, &rm->v[i].blob);
        printf("removed %s %" PRIu64 "\n", hex, rm->v[i].at);
    }
    for (i = 0; i < n; i++)
        for (j = e[i].w.nnotes; e[i].walked && j-- > 0;)
            list_run(&e[i], j, k);
    fflush(stdout);
}

/* The next field of *S (separated by one space), or NULL. */
static char *
next_field(char **s)
{
    char *f = *s, *sp;

    if (f == NULL || *f == '\0')
        return NULL;
    if ((sp = strchr(f, ' ')) != NULL)
        *sp++ = '\0';
    *s = sp;
    return f;
}

/* Is F a decimal number (a '-' first if MINUS) within LONG's range? Its
 * value into *V. */
static bool
parse_num(const char *f, bool minus, long long *v)
{
    char *end;

    if (f == NULL || (!minus && *f == '-'))
        return false;
    errno = 0;
    *v = strtoll(f, &end, 10);
    return errno == 0 && end != f && *end == '\0';
}

/* A "run" line's fields after "run" (LINE) as a run of the epoch of E
 * (N) it names, into *OUT (malloc'd); false when it is not one. */
static bool
parse_run(char *line, const struct epoch *e, size_t n,
          struct pinbox_run **out)
{
    char *f[7];
    long long num, count, message, bytes;
    struct pinbox_run *run;
    size_t i;

    for (i = 0; i < 7; i++)
        f[i] = next_field(&line);
    if (line != NULL || !parse_num(f[0], true, &num) ||
        (strcmp(f[1] ? f[1] : "", "v1") && strcmp(f[1] ? f[1] : "", "v2")) ||
        !parse_num(f[3], false, &count) || count <= 0 ||
        !parse_num(f[4], false, &message) || !parse_num(f[6], false, &bytes))
        return false;
    for (i = 0; i < n && e[i].number != num; i++)
        ;
    if (i == n)
        return false;
    if ((run = calloc(1, sizeof *run)) == NULL)
        out_of_memory();
    run->repo = repo_strdup(e[i].path);
    run->epoch = e[i].number;
    run->v1 = strcmp(f[1], "v1") == 0;
    run->count = (size_t)count;
    run->message = (uint64_t)message;
    if (strlen(f[2]) != GIT_OID_HEXSZ || strlen(f[5]) != GIT_OID_HEXSZ ||
        git_oid_fromstr(&run->top, f[2]) ||
        git_oid_fromstr(&run->head, f[5])) {
        pinbox_run_free(run);
        return false;
    }
    *out = run;
    return true;
}

/* A line of a runs file: the header (NO 1), a removal into RM, or a run
 * appended to *RUNS (*NRUNS of them). False when it is none. */
static bool
parse_runs_line(char *line, size_t no, const struct epoch *e, size_t n,
                struct removed *rm, struct pinbox_run ***runs,
                size_t *nruns)
{
    struct pinbox_run **v;
    long long at;
    git_oid id;

    if (no == 1)
        return strcmp(line, RUNS_HEADER) == 0;
    if (strncmp(line, "removed ", 8) == 0) {
        if (strlen(line) < 8 + GIT_OID_HEXSZ + 2 ||
            line[8 + GIT_OID_HEXSZ] != ' ' ||
            git_oid_fromstrn(&id, line + 8, GIT_OID_HEXSZ) != 0 ||
            !repo_all_hex(line + 8, GIT_OID_HEXSZ) ||
            !parse_num(line + 8 + GIT_OID_HEXSZ + 1, false, &at))
            return false;
        removed_add(rm, &id, (uint64_t)at);
        return true;
    }
    if (strncmp(line, "run ", 4) != 0)
        return false;
    if ((v = realloc(*runs, (*nruns + 1) * sizeof *v)) == NULL)
        out_of_memory();
    *runs = v;
    if (!parse_run(line + 4, e, n, &v[*nruns]))
        return false;
    ++*nruns;
    return true;
}

/* --read-runs=FILE: the runs FILE lists of the archive whose epochs are
 * E (N) into *RUNS (*NRUNS), its removals into RM; false when FILE
 * cannot be read or holds a line that is none of --list-runs' (said). */
static bool
load_runs(struct run *r, const char *file, const struct epoch *e,
          size_t n, struct removed *rm, struct pinbox_run ***runs,
          size_t *nruns)
{
    bool in = strcmp(file, "-") == 0;
    FILE *f = in ? stdin : fopen(file, "r");
    char *line = NULL;
    size_t cap = 0, no = 0;
    ssize_t len;
    bool ok = true;

    if (f == NULL) {
        report_file_error(r, file, strerror(errno));
        return false;
    }
    while (ok && (len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] == '\n')
            line[--len] = '\0';
        ok = (size_t)len == strlen(line) &&
             parse_runs_line(line, ++no, e, n, rm, runs, nruns);
    }
    if (ok && ferror(f)) {
        report_file_error(r, file, strerror(errno));
        ok = false;
    } else if (ok && no == 0) {
        report_file_error(r, file, "empty (not a list of --list-runs)");
        ok = false;
    } else if (!ok) {
        r->error = true;
        if (!r->o->no_messages)
            report_msg("--read-runs: %s:%zu: not a line of --list-runs for "
                       "this archive", file, no);
    }
    free(line);
    if (!in)
        fclose(f);
    return ok;
}

/* --read-runs: the runs its file lists, handed over in turn. */
static void
read_listed(struct run *r, struct queue *q, const struct epoch *e,
            size_t n, struct removed *rm, struct pinbox_cache **cache)
{
    struct pinbox_run **runs = NULL;
    size_t nruns = 0, i;
    bool ok = load_runs(r, r->o->read_runs, e, n, rm, &runs, &nruns);

    if (rm->n > 1)
        qsort(rm->v, rm->n, sizeof *rm->v, removed_cmp);
    for (i = 0; i < nruns; i++) {
        if (ok && !r->stop && !r->file_stop && !runs[i]->v1) {
            __atomic_add_fetch(&rm->refs, 1, __ATOMIC_RELAXED);
            runs[i]->removed = rm;
        }
        if (ok && !r->stop && !r->file_stop)
            put_run(r, q, runs[i], cache);
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

/* Pass 1 over the epochs E (N) of archive NAME, runs of K commits,
 * removals into RM; then the runs handed over, or listed. */
static void
walk_all(struct run *r, struct queue *q, struct epoch *e, size_t n,
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
        list_runs(e, n, rm, k);
        r->any_selected = true;     /* exit 0: listed */
        return;
    }
    for (i = 0; i < n && !r->stop && !r->file_stop; i++)
        if (e[i].walked)
            put_runs(r, q, &e[i], k, rm, cache);
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
    if (!find_epochs(r, name, &e, &n))
        return;
    if ((rm = calloc(1, sizeof *rm)) == NULL)
        out_of_memory();
    rm->refs = 1;
    if (r->o->read_runs)
        read_listed(r, &q, e, n, rm, &cache);
    else
        walk_all(r, &q, e, n, rm, &cache);
    removed_drop(rm);
    for (i = 0; i < n; i++) {
        free(e[i].w.notes);
        free(e[i].w.bytes);
        free(e[i].w.kept);
    }
    free_epochs(e, n);
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
