/* git2dl.h: libgit2 opened when an archive is first read, not linked.
 *
 * Linking libgit2 makes every run of urigrep load it and the fourteen
 * libraries it needs (Kerberos, mbedTLS, libcrypto, libssh2, http-parser,
 * and others), whatever it reads: `urigrep /dev/null` took 11.1 million
 * instructions linked, 1.9 million without (callgrind), and under
 * valgrind's memcheck 0.95 s of CPU against 0.82 s.  The files of
 * pinbox/ include this header instead of <git2.h>: their calls of the
 * functions listed below go through a table that git2dl_load() fills
 * with dlsym() from libgit2.so.LIBGIT2_SOVERSION (the version whose
 * headers configure found).  The toolchain keeps the list whole: the
 * command does not link libgit2, so a function called but not listed,
 * or listed without its #define below, is an undefined reference. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_GIT2DL_H
#define URIGREP_GIT2DL_H

#include <stdbool.h>

#include <git2.h>

/* The libgit2 functions the command calls, for GIT2DL_FUNCS(F). */
#define GIT2DL_FUNCS(F) \
    F(git_commit_free) \
    F(git_commit_id) \
    F(git_commit_lookup) \
    F(git_commit_lookup_prefix) \
    F(git_commit_parent) \
    F(git_commit_parentcount) \
    F(git_commit_tree) \
    F(git_diff_free) \
    F(git_diff_get_delta) \
    F(git_diff_num_deltas) \
    F(git_diff_options_init) \
    F(git_diff_tree_to_tree) \
    F(git_error_last) \
    F(git_libgit2_init) \
    F(git_libgit2_opts) \
    F(git_odb_free) \
    F(git_odb_object_data) \
    F(git_odb_object_free) \
    F(git_odb_object_size) \
    F(git_odb_object_type) \
    F(git_odb_open_rstream) \
    F(git_odb_read) \
    F(git_odb_read_header) \
    F(git_odb_stream_free) \
    F(git_odb_stream_read) \
    F(git_oid_cmp) \
    F(git_oid_cpy) \
    F(git_oid_equal) \
    F(git_oid_fromraw) \
    F(git_oid_fromstr) \
    F(git_oid_fromstrn) \
    F(git_oid_tostr) \
    F(git_reference_free) \
    F(git_reference_iterator_free) \
    F(git_reference_iterator_new) \
    F(git_reference_lookup) \
    F(git_reference_name) \
    F(git_reference_name_to_id) \
    F(git_reference_next) \
    F(git_reference_symbolic_target) \
    F(git_repository_free) \
    F(git_repository_odb) \
    F(git_repository_open_ext) \
    F(git_tree_entry_byindex) \
    F(git_tree_entry_bypath) \
    F(git_tree_entry_free) \
    F(git_tree_entry_id) \
    F(git_tree_entry_name) \
    F(git_tree_entry_type) \
    F(git_tree_entrycount) \
    F(git_tree_free)

/* Their addresses, once git2dl_load() has returned true.
 * Owner: git2dl.c, which fills it once; pinbox/ calls through it. */
struct git2dl {
#define GIT2DL_MEMBER(f) __typeof__(f) *f;
    GIT2DL_FUNCS(GIT2DL_MEMBER)
#undef GIT2DL_MEMBER
};
extern struct git2dl git2dl;

/* Open libgit2 and fill the table, once a process (any thread, at any
 * time); false when it cannot be had, git2dl_error() saying why. */
bool git2dl_load(void);

/* Why git2dl_load() failed: the library's name and dlerror()'s text. */
const char *git2dl_error(void);

#ifndef GIT2DL_TABLE
/* the calls, through the table */
#define git_commit_free (git2dl.git_commit_free)
#define git_commit_id (git2dl.git_commit_id)
#define git_commit_lookup (git2dl.git_commit_lookup)
#define git_commit_lookup_prefix (git2dl.git_commit_lookup_prefix)
#define git_commit_parent (git2dl.git_commit_parent)
#define git_commit_parentcount (git2dl.git_commit_parentcount)
#define git_commit_tree (git2dl.git_commit_tree)
#define git_diff_free (git2dl.git_diff_free)
#define git_diff_get_delta (git2dl.git_diff_get_delta)
#define git_diff_num_deltas (git2dl.git_diff_num_deltas)
#define git_diff_options_init (git2dl.git_diff_options_init)
#define git_diff_tree_to_tree (git2dl.git_diff_tree_to_tree)
#define git_error_last (git2dl.git_error_last)
#define git_libgit2_init (git2dl.git_libgit2_init)
#define git_libgit2_opts (git2dl.git_libgit2_opts)
#define git_odb_free (git2dl.git_odb_free)
#define git_odb_object_data (git2dl.git_odb_object_data)
#define git_odb_object_free (git2dl.git_odb_object_free)
#define git_odb_object_size (git2dl.git_odb_object_size)
#define git_odb_object_type (git2dl.git_odb_object_type)
#define git_odb_open_rstream (git2dl.git_odb_open_rstream)
#define git_odb_read (git2dl.git_odb_read)
#define git_odb_read_header (git2dl.git_odb_read_header)
#define git_odb_stream_free (git2dl.git_odb_stream_free)
#define git_odb_stream_read (git2dl.git_odb_stream_read)
#define git_oid_cmp (git2dl.git_oid_cmp)
#define git_oid_cpy (git2dl.git_oid_cpy)
#define git_oid_equal (git2dl.git_oid_equal)
#define git_oid_fromraw (git2dl.git_oid_fromraw)
#define git_oid_fromstr (git2dl.git_oid_fromstr)
#define git_oid_fromstrn (git2dl.git_oid_fromstrn)
#define git_oid_tostr (git2dl.git_oid_tostr)
#define git_reference_free (git2dl.git_reference_free)
#define git_reference_iterator_free (git2dl.git_reference_iterator_free)
#define git_reference_iterator_new (git2dl.git_reference_iterator_new)
#define git_reference_lookup (git2dl.git_reference_lookup)
#define git_reference_name (git2dl.git_reference_name)
#define git_reference_name_to_id (git2dl.git_reference_name_to_id)
#define git_reference_next (git2dl.git_reference_next)
#define git_reference_symbolic_target (git2dl.git_reference_symbolic_target)
#define git_repository_free (git2dl.git_repository_free)
#define git_repository_odb (git2dl.git_repository_odb)
#define git_repository_open_ext (git2dl.git_repository_open_ext)
#define git_tree_entry_byindex (git2dl.git_tree_entry_byindex)
#define git_tree_entry_bypath (git2dl.git_tree_entry_bypath)
#define git_tree_entry_free (git2dl.git_tree_entry_free)
#define git_tree_entry_id (git2dl.git_tree_entry_id)
#define git_tree_entry_name (git2dl.git_tree_entry_name)
#define git_tree_entry_type (git2dl.git_tree_entry_type)
#define git_tree_entrycount (git2dl.git_tree_entrycount)
#define git_tree_free (git2dl.git_tree_free)
#endif /* !GIT2DL_TABLE */

#endif /* URIGREP_GIT2DL_H */
