/* pinbox.h: public-inbox archives (v2 inboxes, their epochs, v1
 * repositories) read with libgit2, a message at a time, each handed to
 * the extractor as one mail. Not part of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PINBOX_H
#define URIGREP_PINBOX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct jobs;
struct run;
struct options;

/* A run of commits of one epoch: the unit -j hands a worker. */
struct pinbox_run;

/* A worker's repositories, kept open from one run to the next. */
struct pinbox_cache;

/* Was this urigrep built with libgit2? */
bool pinbox_available(void);

/* Is NAME a directory holding a public-inbox archive, as --type=auto
 * decides: a v2 inbox (NAME/git/N.git), or a git repository (bare or
 * with a work tree) whose newest commit has the tree of a v2 epoch (a
 * blob "m" or "d") or of a v1 repository (two-hex-digit directories)?
 * False without libgit2 and for anything else. */
bool pinbox_detect(const char *name);

/* How -j queues a run of commits of archive NAME (jobs_add_commits():
 * passed in, so that this module does not depend on -j, whose workers read
 * the runs with pinbox_read_run()). RUN is handed over; FIRST and LAST
 * say whether it is the archive's first and last. */
typedef void pinbox_queue_fn(struct jobs *j, struct run *r, const char *name,
                             struct pinbox_run *run, bool first, bool last);

/* Read the archive NAME as input_scan_file() reads a file: the messages
 * of its epochs in commit order, oldest first, each as one mail, the
 * commits that remove a message skipped; --since-commit and --state
 * (R->o) say where each epoch starts; then what its end brings. With
 * QUEUE (-j: R->jobs) the epochs are cut into runs of commits that QUEUE
 * hands to workers; NULL reads them here. Errors name the repository and
 * the commit, set R->error and go on. */
void pinbox_scan(struct run *r, const char *name, pinbox_queue_fn *queue);

/* Read RUN in R (a -j worker's run, its R->file the archive's name),
 * keeping the repositories it opens in *CACHE. */
void pinbox_read_run(struct run *r, const struct pinbox_run *run,
                     struct pinbox_cache **cache);

/* Free RUN, or CACHE and the repositories it holds (NULL accepted). */
void pinbox_run_free(struct pinbox_run *run);
void pinbox_cache_free(struct pinbox_cache *cache);

/* --state=FILE: load the last commit read of each epoch (a missing FILE
 * is an empty state). False, the reason said, when FILE cannot be read
 * or is not a state file. */
bool pinbox_state_load(const char *file);

/* Write the state (the epochs' heads this run read up to, and the other
 * epochs of FILE as they were) to FILE atomically: a new file renamed
 * over it. False, the reason said, when that fails. */
bool pinbox_state_save(const char *file);

#endif
