/* clean.h: which characters may reach a terminal, and URIs made safe to
 * show (RFC 3987 sections 3.1 and 4.1). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CLEAN_H
#define URIGREP_CLEAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* Is code point CP one that must never reach a terminal raw: a C0 or C1
 * control, DEL, or a format character (Unicode categories Cc, Cf, Zl, Zp:
 * the bidi controls, zero-width characters, line and paragraph
 * separators...)? */
bool clean_char_unsafe(uint32_t cp);

/* The length of the character at S[0] (of LEN bytes) when it may be
 * written raw; 0 when its first byte must be escaped: an unsafe
 * character's bytes are escaped one by one, as are bytes that are not
 * UTF-8 (a sequence cut by the end of S included). */
size_t clean_safe_len(const char *s, size_t len);

/* Append S (LEN bytes) with every byte not allowed in a reported URI
 * percent-encoded as %XX: the bytes of the characters of
 * clean_char_unsafe() and bytes that are not UTF-8. Other bytes, valid
 * non-ASCII characters included, are copied as they are. */
enum urigrep_status clean_uri(struct urigrep_buf *b, const char *s,
                              size_t len);

/* S (LEN bytes) with clean_uri() applied: S itself when no byte needs it
 * (printable ASCII only: nearly every URI, and no copy), else a
 * NUL-terminated copy in B; NULL when memory runs out. Its length goes to
 * *OUT_LEN. */
const char *clean_uri_view(struct urigrep_buf *b, const char *s, size_t len,
                           size_t *out_len);

#endif
