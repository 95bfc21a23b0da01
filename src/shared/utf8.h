/* utf8.h: one UTF-8 sequence decoded, strictly (RFC 3629). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_UTF8_H
#define URIGREP_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Decode one UTF-8 sequence at P (AVAIL bytes there, at least 1). Returns
 * its length and sets *CP; 0 if the sequence is incomplete (more bytes
 * could make it valid); -1 if it is invalid (overlongs, surrogates and
 * code points past U+10FFFF included). */
int utf8_decode(const unsigned char *p, size_t avail, uint32_t *cp);

#endif
