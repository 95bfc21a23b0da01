/* siphash.h: SipHash-2-4 under a key drawn at start (siphash.c), the
 * hash of every table of strings from the input: the command's -u and
 * --stats, and the library's urigrep_hash() (the Python module's
 * counts). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_SIPHASH_H
#define URIGREP_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

/* SipHash-2-4 of LEN bytes at DATA under the 16-byte KEY (Aumasson and
 * Bernstein, 2012): a key drawn afresh for every table, the input cannot
 * choose colliding strings. */
uint64_t siphash24(const unsigned char key[16], const void *data,
                   size_t len);

/* Fill KEY with 16 unpredictable bytes for siphash24(): getrandom(),
 * else /dev/urandom, else (a jail without either) the clock and
 * addresses, which still differ from run to run. */
void siphash_draw_key(unsigned char key[16]);

#endif
