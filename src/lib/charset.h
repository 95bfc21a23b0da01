/* charset.h: streaming conversion of text to UTF-8 with iconv. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CHARSET_H
#define URIGREP_CHARSET_H

#include <stddef.h>

#include "buf.h"

struct charset_conv;

/* Open a converter from charset FROM to UTF-8: UTF-7 is decoded here,
 * the others by iconv. Returns NULL (errno set) when iconv does not know
 * FROM or memory runs out. */
struct charset_conv *charset_open(const char *from);

/* Convert LEN bytes of IN, appending UTF-8 to OUT. A sequence cut at the
 * end of IN is kept for the next call; a malformed sequence becomes
 * U+FFFD (which ends any URI) and is counted in *BAD. FINAL flushes and
 * resets the state. The output does not depend on how the input is
 * split into calls. */
enum urigrep_status charset_convert(struct charset_conv *cv, const char *in,
                                    size_t len, int final,
                                    struct urigrep_buf *out, size_t *bad);

/* Close the converter; NULL is accepted. */
void charset_close(struct charset_conv *cv);

#endif
