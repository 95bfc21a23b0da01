/* walk.h: -r: every file below a directory, in name order. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_WALK_H
#define URIGREP_WALK_H

#include <stdint.h>

#include "cli.h"

/* What a walk does with a regular file: NAME, its path, and its SIZE,
 * or -1 when the walk did not stat it. */
typedef void walk_file_fn(struct run *r, const char *name, int64_t size);

/* Hand FILE every regular file below DIR whose name --include and
 * --exclude let through, in the order of their names, directory by
 * directory (--exclude-dir); symbolic links are not followed (as grep
 * -r). Stops early once R->stop is set. */
void walk(struct run *r, const char *dir, walk_file_fn *file);

#endif
