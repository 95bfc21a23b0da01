/* warcdoc.h: the extractor's WARC documents (warcdoc.c), read with the
 * record reader of warc.h. Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_WARCDOC_H
#define URIGREP_WARCDOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct urigrep_extractor;

/* Get ready to read a WARC document; false when memory ran out. */
bool warcdoc_start(struct urigrep_extractor *x);

/* N more bytes of it. */
void warcdoc_feed(struct urigrep_extractor *x, const char *p, size_t n);

/* The bytes fed next start the gzip member at OFFSET of the file (GAP:
 * bytes before were lost). */
void warcdoc_member(struct urigrep_extractor *x, uint64_t offset, bool gap);

/* The document has ended. */
void warcdoc_finish(struct urigrep_extractor *x);

/* Free the reader (NULL is accepted) and forget the document. */
void warcdoc_free(struct urigrep_extractor *x);

#endif
