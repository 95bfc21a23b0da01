/* walk.h: -r: every file below a directory, in name order; mail folders
 * (maildir, Maildir++, MH) read as such. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_WALK_H
#define URIGREP_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli.h"

/* What a walk does with a regular file: NAME, its path, and its SIZE,
 * or -1 when the walk did not stat it. */
typedef void walk_file_fn(struct run *r, const char *name, int64_t size);

/* With RECURSE (-r), hand FILE every regular file below DIR whose name
 * --include and --exclude let through, in the order of their names,
 * directory by directory (--exclude-dir); symbolic links are not
 * followed (as grep -r). A mail folder met on the way is read as one
 * (walk.c): only its messages, in its order, each with R->walking
 * FOUND_MESSAGE during the call. Without RECURSE, only a mail folder's
 * own messages are read, and false is returned when DIR is no mail
 * folder (nothing is read; an error opening DIR is said, and true).
 * Stops early once R->stop is set. */
bool walk(struct run *r, const char *dir, bool recurse, walk_file_fn *file);

/* What a directory is: a plain one, a maildir, a maildir's cur/ or new/
 * (FOLDER_MESSAGES), or an MH folder. */
enum walk_folder { FOLDER_PLAIN, FOLDER_MAILDIR, FOLDER_MESSAGES, FOLDER_MH };

/* What a walk does with an entry. */
enum walk_action {
    WALK_SKIP,
    WALK_DESCEND,   /* a directory to read (with -r) */
    WALK_FILE,      /* a file, read as its first bytes say */
    WALK_MESSAGE    /* a file of a mail folder: a message */
};

/* What to do, as options O (--include, --exclude, --exclude-dir) and
 * RECURSE (-r) say, with entry NAME of file type MODE (S_IFDIR, S_IFREG,
 * or another) of a directory of kind KIND: a maildir's files and its
 * tmp/ are skipped (its cur/ and new/ are read first, by the caller), an
 * MH folder's files that are not named by a positive integer too. */
enum walk_action walk_action(const struct options *o, enum walk_folder kind,
                             const char *name, mode_t mode, bool recurse);

/* Is NAME a positive integer, as MH names its messages (mh-folders(5))?
 * Then *VALUE is its value (UINT64_MAX past 19 digits: such names sort
 * last, by name). */
bool walk_mh_number(const char *name, uint64_t *value);

/* A name to sort: KEY is walk_key() of its bytes from where the names
 * sorted with it begin to differ, so that most comparisons are decided
 * on it without reading the names. */
struct walk_entry {
    uint64_t key;
    const char *name;
};

/* Eight bytes of S from its start, as a number that orders as strcmp()
 * orders them (it compares unsigned chars); zeros past the end of S. */
uint64_t walk_key(const char *s);

/* Sort E[0..N) in place as strcmp() orders the names, in N log N time
 * whatever they are: quicksort to DEPTH levels (walk(): twice log2 N),
 * heapsort below. */
void walk_sort(struct walk_entry *e, size_t n, unsigned depth);

#endif
