/* warcgz.h: .warc.gz files (a WARC record a gzip member) read member by
 * member, past damage. Not part of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_WARCGZ_H
#define URIGREP_WARCGZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct run;

/* The offset of the first gzip member at or after FROM and before TO in
 * FD that inflates to "WARC/", or TO when there is none. */
uint64_t warcgz_next(int fd, uint64_t from, uint64_t to);

/* Read bytes FROM to TO of FD, gzip members of WARC records, into R's
 * extractor (a URIGREP_DOC_WARC document, read with R's source) through
 * FEED (input_feed(), passed in so that this module does not call back
 * the one that calls it), telling it each member's offset; a damaged
 * member is said (R's file, its offset) and reading goes on at the next
 * member that holds a record. Ends the document. */
void warcgz_read(struct run *r, int fd, uint64_t from, uint64_t to,
                 void (*feed)(struct run *r, const char *p, size_t n));

#endif
