/* plan.h: how many threads read: -j's threads start only when the input
 * seen so far gives them work to share. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PLAN_H
#define URIGREP_PLAN_H

#include <stdbool.h>
#include <stdint.h>

struct run;

/* Start the plan of the run R: WANTED threads at most (1: read alone,
 * as -j 1), GIVEN when -j asked for them (else the default's choice);
 * SINGLE when one file is all the input (its pieces then bound the
 * threads). URIGREP_JOBS_HOLD and URIGREP_JOBS_CHOICE are read here. */
void plan_start(struct run *r, unsigned wanted, bool given, bool single);

/* Read the file NAME (not "-"), or keep it for later, or queue it for
 * the threads, R->walking telling how it was found. SIZE: its size when
 * -r has it, else -1, as jobs_add_file() takes it; KNOWN: its size
 * when known here (a named file main.c stat()ed), else -1. Files are
 * kept (up to a bound) until the threads start or the run ends: their
 * order and output are those of -j 1. */
void plan_file(struct run *r, const char *name, int64_t size,
               int64_t known);

/* A public-inbox archive follows, read in runs of commits: with
 * threads wanted, they start now. */
void plan_archive(struct run *r);

/* The input is all seen: read what is kept, alone or with threads, and
 * wait until all is written (jobs_finish()). */
void plan_finish(struct run *r);

#endif
