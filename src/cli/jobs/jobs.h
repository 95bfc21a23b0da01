/* jobs.h: -j, reading files (and pieces of large ones) in parallel with
 * the output of a serial run. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_JOBS_H
#define URIGREP_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct jobs;
struct options;
struct pinbox_run;
struct run;

/* The number of processors this process may run on (at least 1): the
 * default of -j, and the most threads plan.c starts. */
unsigned jobs_default(void);

/* The size of the pieces a large file is cut into: 2 MiB, or
 * URIGREP_SPLIT_SIZE's bytes (for tests). */
size_t jobs_piece_size(void);

/* Is NAME a file of at least MIN bytes that -j would cut into pieces (a
 * text file or an mbox, as O reads it)? */
bool jobs_splittable(const struct options *o, const char *name, size_t min);

/* Start N (>= 2) workers and the writer for the run R (its options and
 * its --unique set, which the writer alone then uses). Exits 2 when
 * memory or threads run out. */
struct jobs *jobs_start(struct run *r, unsigned n);

/* Queue the file NAME (not "-") as input_scan_file() would read it then,
 * R->walking telling whether -r found it: one worker reads it, or, when
 * it is a large text file or mbox, pieces of it are read by several.
 * SIZE: its size when known (-r has it from lstat), else -1.
 * Blocks while many are queued; sets R->stop once -q has matched. */
void jobs_add_file(struct jobs *j, struct run *r, const char *name,
                   int64_t size);

/* Queue RUN (owned), commits of the public-inbox archive NAME, to be
 * read as pinbox_read_run() reads it; FIRST and LAST: the first and the
 * last of the archive, whose end (-c, -l, -L) comes after LAST. Blocks
 * while many are queued; sets R->stop once -q has matched. */
void jobs_add_commits(struct jobs *j, struct run *r, const char *name,
                      struct pinbox_run *run, bool first, bool last);

/* Wait until all that was queued is written, then stop the threads, add
 * their outcome to R (any_selected, error) and free J. */
void jobs_finish(struct jobs *j, struct run *r);

#endif
