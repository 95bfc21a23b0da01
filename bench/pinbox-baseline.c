/* pinbox-baseline.c: the bench baseline for public-inbox reading: every
 * message blob of one epoch read with libgit2, nothing else done. */
/* SPDX-License-Identifier: MIT */
/*
 * Usage: pinbox-baseline [--verify] EPOCH.git
 * Walks the first-parent history oldest first, as urigrep does, and reads
 * each commit's tree entry "m" (public-inbox v2: the message) as a blob,
 * as a simple libgit2 program reads them: a revwalk, git_commit_lookup(),
 * git_commit_tree(), git_blob_lookup(), with libgit2's object cache as it
 * comes (256 MiB: every commit the revwalk parsed is still there when it
 * is looked up; with urigrep's former 4 MiB cache, or none, the baseline
 * ran 22% and 9% more instructions) and no SHA-1 of each object read, as
 * git reads objects and as urigrep reads them; or, with --verify, with
 * libgit2's default of hashing every object read.
 * Prints "COMMITS MESSAGES BYTES SECONDS MB/s" (MB = 10^6 bytes), the
 * time being that of the walk and reads only.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <git2.h>

static int
fail(const char *what)
{
    const git_error *e = git_error_last();

    fprintf(stderr, "pinbox-baseline: %s: %s\n", what,
            e && e->message ? e->message : "failed");
    return 2;
}

/* Read commit OID's message blob: its size added to *BYTES. */
static int
read_message(git_repository *repo, const git_oid *oid, uint64_t *bytes,
             uint64_t *messages)
{
    git_commit *c = NULL;
    git_tree *t = NULL;
    git_blob *b = NULL;
    const git_tree_entry *e;
    int rc = -1;

    if (git_commit_lookup(&c, repo, oid) != 0 ||
        git_commit_tree(&t, c) != 0)
        goto done;
    rc = 0;
    if ((e = git_tree_entry_byname(t, "m")) == NULL)
        goto done;  /* a removal: "d" */
    if ((rc = git_blob_lookup(&b, repo, git_tree_entry_id(e))) != 0) {
        /* a copy of an epoch may lack a blob (a partial mirror): left
         * out, as urigrep says it and goes on */
        rc = rc == GIT_ENOTFOUND ? 1 : -1;
        goto done;
    }
    /* the content inflated: what a reader of the message must have */
    if (git_blob_rawcontent(b) == NULL && git_blob_rawsize(b) > 0)
        rc = -1;
    *bytes += (uint64_t)git_blob_rawsize(b);
    ++*messages;
done:
    git_blob_free(b);
    git_tree_free(t);
    git_commit_free(c);
    return rc;
}

int
main(int argc, char **argv)
{
    git_repository *repo = NULL;
    git_revwalk *walk = NULL;
    git_oid oid;
    uint64_t commits = 0, messages = 0, bytes = 0, missing = 0;
    int rc;
    struct timespec t0, t1;
    double s;

    int verify = argc == 3 && strcmp(argv[1], "--verify") == 0;

    if (argc != 2 + verify) {
        fprintf(stderr, "usage: pinbox-baseline [--verify] EPOCH.git\n");
        return 2;
    }
    argv += verify;
    git_libgit2_init();
    if (!verify)
        git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (git_repository_open_bare(&repo, argv[1]) != 0 &&
        git_repository_open(&repo, argv[1]) != 0)
        return fail(argv[1]);
    if (git_revwalk_new(&walk, repo) != 0 || git_revwalk_push_head(walk) != 0)
        return fail("revwalk");
    git_revwalk_simplify_first_parent(walk);
    git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
    while (git_revwalk_next(&oid, walk) == 0) {
        commits++;
        if ((rc = read_message(repo, &oid, &bytes, &messages)) < 0)
            return fail("read");
        missing += rc == 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%llu %llu %llu %.4f %.1f\n", (unsigned long long)commits,
           (unsigned long long)messages, (unsigned long long)bytes, s,
           bytes / 1e6 / s);
    if (missing)
        fprintf(stderr, "pinbox-baseline: %llu message blobs missing, left out\n",
                (unsigned long long)missing);
    git_revwalk_free(walk);
    git_repository_free(repo);
    git_libgit2_shutdown();
    return 0;
}
