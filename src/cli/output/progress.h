/* progress.h: --progress, a one-line report of the work done on a
 * terminal's standard error. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PROGRESS_H
#define URIGREP_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

enum progress_mode { PROGRESS_NEVER, PROGRESS_AUTO, PROGRESS_ALWAYS };

/* Decide whether to show progress: always, or with auto when standard
 * error is a terminal and standard output is not. TOTAL_BYTES and
 * TOTAL_FILES are what the run will read, 0 when not known. The clock
 * starts now; nothing is shown in the first second. */
void progress_start(enum progress_mode mode, uint64_t total_bytes,
                    uint64_t total_files);

/* N more bytes were read; redraws the line at most four times a second. */
void progress_bytes(uint64_t n);

/* One more file was read. */
void progress_file_done(void);

/* Erase the line, if shown, before anything else is written to the
 * terminal; it is drawn again at the next update. */
void progress_clear(void);

#endif
