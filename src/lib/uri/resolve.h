/* resolve.h: what resolve.c shares with the rest of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_RESOLVE_H
#define URIGREP_RESOLVE_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/* Append PATH (LEN bytes) without its "." and ".." segments to OUT (RFC
 * 2396 section 5.2 steps 6c to 6f; ".." above the root kept with
 * KEEP_ABOVE_ROOT, dropped as RFC 3986 5.2.4 does otherwise). Returns
 * URIGREP_OK or URIGREP_ERR_NOMEM. */
enum urigrep_status resolve_remove_dots(const char *path, size_t len,
                                        bool keep_above_root,
                                        struct urigrep_buf *out);

#endif
