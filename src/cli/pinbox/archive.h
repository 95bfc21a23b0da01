/* archive.h: what the files of pinbox/ share: the repositories of an
 * archive and their objects read raw (repo.c), the messages its commits
 * remove (removed.c). Not part of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PINBOX_ARCHIVE_H
#define URIGREP_PINBOX_ARCHIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pinbox/git2dl.h"

struct run;
struct pinbox_cache;

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

/* removed.c */
void removed_drop(struct removed *rm);
void removed_add(struct removed *rm, const git_oid *id, uint64_t at);
int removed_cmp(const void *a, const void *b);
bool removed_after(const struct removed *rm, const git_oid *id, uint64_t at);

#endif
