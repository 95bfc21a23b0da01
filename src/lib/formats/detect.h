/* detect.h: what a document is, from its first bytes (detect.c; the
 * public entry is urigrep_detect()). Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_DETECT_H
#define URIGREP_DETECT_H

#include <stdbool.h>
#include <stddef.h>

/* Does P (LEN bytes, a document's start) begin as a message or news
 * article does: a header field that mail and news begin with (an "X-"
 * field too), or, for another field, a header block up to its blank line
 * that holds a Message-ID or Newsgroups field? Not an mbox (a "From "
 * line first). */
bool detect_is_message(const char *p, size_t len);

#endif
