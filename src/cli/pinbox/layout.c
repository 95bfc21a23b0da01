/* layout.c: what a public-inbox archive is: a v2 inbox's epochs
 * (git/N.git), one epoch, or a v1 repository, told by the tree of a
 * repository's newest commit (--type=auto asks pinbox_detect()). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "pinbox/pinbox.h"
#include "pinbox/archive.h"

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
enum layout
layout_head(git_repository *repo, git_oid *head, char *why, size_t n)
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
    lay = layout_head(repo, &head, why, sizeof why);
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
bool
layout_find_epochs(struct run *r, const char *name, struct epoch **out,
                   size_t *n)
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

void
layout_free_epochs(struct epoch *e, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        free(e[i].path);
    free(e);
}
