/* repo.c: the repositories of a public-inbox archive opened with libgit2
 * (git2dl.h), kept open in a cache, and their objects read raw: a
 * commit's tree and parent, a tree's entry. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pinbox/pinbox.h"
#include "pinbox/archive.h"

struct pinbox_cache {
    char *path;
    git_repository *repo;
};

static pthread_once_t git_once = PTHREAD_ONCE_INIT;

static void
git_setup(void)
{
    git_libgit2_init();
    /* no object cache: each object of a v2 epoch is read raw where it is
     * needed (a commit twice, once a pass; its tree twice; its blob
     * once), and a cache that fills evicts its entries by scanning its
     * hash table from the start each time (libgit2 1.5), 11% of the
     * instructions of reading an epoch with a cache of 4 MiB */
    git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
    /* objects are read as git reads them: zlib checks what it inflates,
     * the object's SHA-1 is not computed again (git fsck does that);
     * libgit2's collision-detecting SHA-1 of every object read was half
     * the instructions of reading an epoch (callgrind, bench/pinbox.sh) */
    git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
    /* reading objects runs nothing a repository's config names (no
     * hooks, filters or fsmonitor): an archive owned by the user that
     * serves it may be read, as any file it can read */
    git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
}

bool
pinbox_available(void)
{
    return true;
}

/* libgit2's reason for the last failure, or why it cannot be loaded. */
const char *
repo_why(void)
{
    const git_error *e;

    if (!git2dl_load())
        return git2dl_error();
    e = git_error_last();

    return e && e->message ? e->message : "libgit2 failed";
}

/* A copy of S, or exit 2. */
char *
repo_strdup(const char *s)
{
    char *d = strdup(s);

    if (d == NULL)
        out_of_memory();
    return d;
}

/* Open the repository at PATH (bare, or a work tree's .git), not
 * looking above it; NULL on failure (repo_why()). */
git_repository *
repo_open(const char *path)
{
    git_repository *repo = NULL;

    if (!git2dl_load())
        return NULL;
    pthread_once(&git_once, git_setup);
    if (git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH,
                                NULL) != 0)
        return NULL;
    return repo;
}

/* The repository at PATH through CACHE, opened unless it is the one
 * held; NULL when it cannot be opened (said, R->error set). */
git_repository *
repo_cache_open(struct run *r, struct pinbox_cache **cache, const char *path)
{
    struct pinbox_cache *c = *cache;

    if (!git2dl_load()) {
        report_file_error(r, path, git2dl_error());
        return NULL;
    }
    if (c == NULL && (c = *cache = calloc(1, sizeof *c)) == NULL)
        out_of_memory();
    if (c->repo && strcmp(c->path, path) == 0)
        return c->repo;
    git_repository_free(c->repo);
    free(c->path);
    c->path = NULL;
    if ((c->repo = repo_open(path)) == NULL) {
        report_file_error(r, path, repo_why());
        return NULL;
    }
    c->path = repo_strdup(path);
    return c->repo;
}

void
pinbox_cache_free(struct pinbox_cache *c)
{
    if (c == NULL)
        return;
    git_repository_free(c->repo);
    free(c->path);
    free(c);
}

/* Is S (LEN bytes) LEN hexadecimal digits? */
bool
repo_all_hex(const char *s, size_t len)
{
    return strspn(s, "0123456789abcdefABCDEF") >= len;
}

/* Say "REPO: commit HEX: WHY" and remember the error. */
void
repo_commit_error(struct run *r, const char *repo, const git_oid *id,
                  const char *why)
{
    char hex[GIT_OID_HEXSZ + 1];

    git_oid_tostr(hex, sizeof hex, id);
    r->error = true;
    if (!r->o->no_messages)
        report_msg("%s: commit %s: %s", repo, hex, why);
}

/* Object ID of ODB, read raw (inflated, not parsed) into *OUT; it must
 * be of TYPE. NULL when it cannot be read or is of another type, the
 * reason in *WHY. The caller frees *OUT with git_odb_object_free(). */
const char *
repo_read_raw(git_odb *odb, const git_oid *id, git_object_t type,
              git_odb_object **out, const char **why)
{
    *out = NULL;
    if (git_odb_read(out, odb, id) != 0) {
        *why = repo_why();
        return NULL;
    }
    if (git_odb_object_type(*out) != type) {
        *why = type == GIT_OBJECT_COMMIT ? "not a commit"
               : type == GIT_OBJECT_TREE ? "not a tree" : "not a blob";
        git_odb_object_free(*out);
        *out = NULL;
        return NULL;
    }
    return git_odb_object_data(*out);
}

/* The id written in hexadecimal after PREFIX and before a newline at
 * *P (of the N bytes left at *P) into *ID, *P moved past that line;
 * false when the line is not there. */
static bool
header_id(const char **p, size_t *n, const char *prefix, git_oid *id)
{
    size_t k = strlen(prefix);

    if (*n < k + GIT_OID_HEXSZ + 1 || memcmp(*p, prefix, k) != 0 ||
        (*p)[k + GIT_OID_HEXSZ] != '\n' ||
        git_oid_fromstrn(id, *p + k, GIT_OID_HEXSZ) != 0)
        return false;
    *p += k + GIT_OID_HEXSZ + 1;
    *n -= k + GIT_OID_HEXSZ + 1;
    return true;
}

/* Commit ID of ODB read raw, as git writes a commit: its tree into
 * *TREE, its first parent into *PARENT; 1 with a parent, 0 for a root
 * commit, -1 when it cannot be read (said with REPO's name). No
 * signature or message is parsed: a walk needs only these two lines. */
int
repo_read_commit_ids(struct run *r, git_odb *odb, const char *repo,
                     const git_oid *id, git_oid *tree, git_oid *parent)
{
    git_odb_object *o;
    const char *why = NULL, *p = repo_read_raw(odb, id, GIT_OBJECT_COMMIT,
                                               &o, &why);
    size_t n = p ? git_odb_object_size(o) : 0;
    int rc = -1;

    if (p && header_id(&p, &n, "tree ", tree))
        rc = header_id(&p, &n, "parent ", parent);
    else if (p)
        why = "no tree (not a commit as git writes them)";
    if (rc < 0)
        repo_commit_error(r, repo, id, why);
    git_odb_object_free(o);
    return rc;
}

/* Entry NAME of a raw tree (P, N bytes: "MODE NAME\0" and 20 bytes of
 * id, an entry after the other): its id into *ID; 1 when it is a blob
 * (git_tree_entry_type()'s reading of MODE), -1 when it is something
 * else, 0 when the tree has no such entry, -2 when the tree cannot be
 * parsed up to it. */
int
repo_tree_find(const unsigned char *p, size_t n, const char *name,
               git_oid *id)
{
    const unsigned char *end = p + n;
    size_t k = strlen(name);

    while (p < end) {
        const unsigned char *nul = memchr(p, '\0', (size_t)(end - p));
        const unsigned char *sp = memchr(p, ' ', (size_t)(end - p));
        unsigned long mode = 0;

        if (nul == NULL || sp == NULL || sp > nul || end - nul < 21)
            return -2;
        if ((size_t)(nul - sp - 1) == k && memcmp(sp + 1, name, k) == 0) {
            for (; p < sp && *p >= '0' && *p <= '7'; p++)
                mode = mode * 8 + (unsigned long)(*p - '0');
            git_oid_fromraw(id, nul + 1);
            /* S_IFDIR (a tree) and S_IFGITLINK (a commit) are no blob */
            return (mode & 0170000) == 0040000 ||
                   (mode & 0170000) == 0160000 ? -1 : 1;
        }
        p = nul + 21;
    }
    return 0;
}
