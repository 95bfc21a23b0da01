/* scan.h: internal helpers of the Appendix E scanner, exposed for tests. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_SCAN_H
#define URIGREP_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Is the scheme S (LEN bytes, any case) in the IANA registry? */
bool scan_is_well_known(const char *s, size_t len);

/* Does code point CP end a bare URI (non-ASCII space or punctuation)? */
bool scan_is_unicode_break(uint32_t cp);

struct urigrep_scanner;

/* The stream offset before which no event of SC can start any more: a
 * consumer holding other events (HTML attributes) may release those up
 * to it in order. */
uint64_t scan_horizon(const struct urigrep_scanner *sc);

/* Where, in the HTML attribute value P (N bytes), the URI starts: past
 * text run into it ("Blockedhttps://x", as Outlook's link protection
 * writes), as in text (policy_run_together() with SC's schemes). */
size_t scan_value_start(const struct urigrep_scanner *sc, const char *p,
                        size_t n);

#endif
