/* grammar.h: splitting and validating URI references (RFC 2396, 3986). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_GRAMMAR_H
#define URIGREP_GRAMMAR_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"

/* Split REF into the components of RFC 2396 Appendix B (the same regular
 * expression as RFC 3986 Appendix B). Never fails; the parts point into
 * REF. The authority is further split into userinfo, host and port where
 * it has that shape. */
void grammar_split(const char *ref, size_t len, struct urigrep_parts *pt);

/* Validate REF, already split into PT, against the grammar of RFC (RFC
 * 2396 Appendix A with RFC 2732 literals for 1808 and 2396; RFC 3986
 * section 3 and 4 for 3986). Returns URIGREP_OK or the URIGREP_E_*
 * reason, with the offset of the first bad byte in *ERR_OFF. */
enum urigrep_status grammar_check(const char *ref, size_t len,
                                  const struct urigrep_parts *pt,
                                  enum urigrep_rfc rfc, size_t *err_off);

/* Is S (LEN bytes) an RFC 2396 reg_name: 1*( unreserved | escaped | "$" |
 * "," | ";" | ":" | "@" | "&" | "=" | "+" )? */
bool grammar_is_reg_name(const char *s, size_t len);

/* Is S (LEN bytes, without brackets) an IPv6 address (RFC 2373 text form,
 * as RFC 2732 and RFC 3986 use it)? */
bool grammar_is_ipv6(const char *s, size_t len);

/* Is code point CP a bidirectional formatting character, which RFC 3987
 * section 4.1 forbids in IRIs: LRM, RLM, ALM, the embeddings and
 * overrides U+202A-202E, the isolates U+2066-2069? They reorder how the
 * text around them is shown ("http://moc.lapyap\u202e@evil.example/"). */
bool grammar_is_bidi_control(uint32_t cp);

#endif
