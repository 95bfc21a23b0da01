/* members.h: the gzip members of a .warc.gz (a WARC record a member):
 * which start a record, where a reader goes on past damage, where -j
 * may cut. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_MEMBERS_H
#define URIGREP_MEMBERS_H

#include <stdbool.h>
#include <stddef.h>

/* Does P (N bytes) start a gzip member that inflates to "WARC/"? (False
 * in a build without zlib.) */
bool members_is_record(const unsigned char *p, size_t n);

/* The offset of the first gzip member at or after FROM and before LIMIT
 * in P (SIZE bytes) that inflates to "WARC/" and, with CUT, not to a
 * continuation record (the record it continues is in the piece before:
 * no place to cut); SIZE when there is none. */
size_t members_next(const unsigned char *p, size_t size, size_t from,
                    size_t limit, bool cut);

#endif
