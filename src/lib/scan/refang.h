/* refang.h: the defanged forms indicator writers use, read back
 * (URIGREP_SCAN_REFANG): a text rewritten so that the scanner finds the
 * URIs they stand for, and its positions mapped back. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_REFANG_H
#define URIGREP_REFANG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "urigrep.h"

/* The longest word looked at for a defanged host without a scheme
 * ("evil[.]example[.]com"): a host name's 253 bytes, each dot written
 * as up to five ("[dot]"), and a mail address's local part before it. */
#define REFANG_WORD_MAX 512

struct refang;

/* A rewriter for a stream, or NULL when memory runs out. */
struct refang *refang_new(void);

/* Start a new stream. */
void refang_reset(struct refang *rf);

/* Free RF (NULL is fine). */
void refang_free(struct refang *rf);

/* Rewrite the next N bytes of the stream at P into OUT (appended): the
 * defanged forms that stand in a URI, or make one ("hxxps[:]//",
 * "evil[.]example[.]com", "user[@]example[.]com"), as what they stand
 * for ("https://", "http://evil.example.com",
 * "mailto:user@example.com"); every other byte as it is.  Bytes that may
 * begin such a form (at most REFANG_WORD_MAX and a little) are kept for
 * the next call, unless FINAL (the stream ends).  The result does not
 * depend on how the stream is split.  URIGREP_ERR_NOMEM or
 * URIGREP_ERR_TOO_LONG (OUT's limit) on failure. */
enum urigrep_status refang_feed(struct refang *rf, const char *p, size_t n,
                                bool final, struct urigrep_buf *out);

/* The offset in the written stream of offset OFF of the rewritten one (a
 * byte of a rewritten form: the form's first). */
uint64_t refang_offset(const struct refang *rf, uint64_t off);

/* Map the scanner's event M, read in the rewritten stream, to the
 * written one: its offsets and column, and URIGREP_MATCH_REFANGED in
 * its flags when it holds a rewritten form. */
void refang_match(const struct refang *rf, struct urigrep_match *m);

/* Forget what maps offsets before OFF of the rewritten stream (no event
 * will start on a line that starts before it). */
void refang_prune(struct refang *rf, uint64_t off);

#endif
