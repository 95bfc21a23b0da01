/* warcver.h: the WARC version line, as the WARC reader (src/lib/formats/warc.c)
 * and the cutter (src/lib/cut/split.c) must both read it. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_WARCVER_H
#define URIGREP_WARCVER_H

#include <stdbool.h>
#include <stddef.h>

/* Does P (N bytes) start with a WARC record's version line, "WARC/"
 * DIGIT+ "." DIGIT+ then CR or LF (1.0 and 1.1 are read, a later 1.x the
 * same way)? */
bool warc_is_version_line(const char *p, size_t n);

#endif
