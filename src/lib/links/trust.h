/* trust.h: what a reader sees against where a link goes: registered
 * domains (Public Suffix List), lookalike hosts, IDN forms. Not
 * installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_TRUST_H
#define URIGREP_TRUST_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "urigrep.h"

/* The Public Suffix List and the spoof checker, opened once per
 * extractor, and the buffers of the last reference's host forms. */
struct trust;

/* A new context; NULL when memory runs out. The list is the system's
 * (psl_latest(): the packaged file when newer than libpsl's own). */
struct trust *trust_new(void);

/* Free T; NULL is accepted. */
void trust_free(struct trust *t);

/* The host a link's TEXT (N bytes, as urigrep_ref.text) names, if the
 * text is nothing but a URI with an authority ("https://a.example/x"),
 * a mailto: URI or an e-mail address (*MAIL set true), a name starting
 * "www.", or a host name followed by a path ("paypal.com/login"), or of
 * three labels or more, or ending in a top-level domain of three letters
 * or more that the list knows ("paypal.com"; not "README.md", "setup.py"
 * or "e.g."); a non-ASCII name (an IDN) only with a top-level domain
 * in Unicode, in A-labels or one the list knows (not a "resume.pdf" with
 * its accents). Blanks, <>, quotes and a final '.', ',', ';', ':', '!' or
 * '?' around it are ignored. On true *HOST points into TEXT. */
bool trust_text_host(const struct trust *t, const char *text, size_t n,
                     const char **host, size_t *hn, bool *mail);

/* The registered domain of HOST (N bytes; a trailing '.' and case do not
 * matter; an IDN in Unicode or A-labels) written to OUT (OUTSZ bytes),
 * in lower case and A-labels: the public suffix the list gives and one
 * label before it; the host itself for an IP address, a single label or
 * a public suffix. False when it does not fit, or without libpsl. */
bool trust_registered_domain(const struct trust *t, const char *host,
                             size_t n, char *out, size_t outsz);

/* urigrep_ref.mismatch for a link of visible TEXT (N bytes, at most
 * URIGREP_TEXT_BYTES) to URI (UN bytes, absolute): 1, 0 or -1 as
 * urigrep.h says. A TEXT that is itself a wrapped link (data/
 * redirectors.txt) is read as its target, as URI should be already; one
 * whose target is not known, or whose host may have been cut with the
 * text, gives -1. A bare name ending in a file type that is also a
 * top-level domain ("data.zip", "README.en.md") that is the last segment
 * of URI's path names that file, not a host: 0. */
int trust_mismatch(struct trust *t, const char *text, size_t n,
                   const char *uri, size_t un);

/* Is HOST (N bytes) an IPv4 address written as one to three numbers, or
 * with a part in hex ("0x7f") or octal ("0177"), as the WHATWG URL
 * Standard's IPv4 parser reads it? A dotted quad of plain decimals is
 * not. */
bool trust_odd_ipv4(const char *host, size_t n);

/* Does USERINFO (N bytes: up to its ':', percent-encoding decoded) read
 * as a host name or IPv4 address? */
bool trust_userinfo_host(const struct trust *t, const char *userinfo,
                         size_t n);

/* Does USERINFO (N bytes, as a URI holds it) hide what it is: empty
 * ("http://@evil.example/": an '@' a reader takes for part of the host,
 * a browser for a userinfo it drops) or holding a bidi control, raw or
 * percent-encoded (grammar_is_bidi_control(): the text before the host
 * shown in another order)? */
bool trust_userinfo_hides(const char *userinfo, size_t n);

/* urigrep_ref.lookalike for URI (N bytes); its IDN forms go to *ASCII
 * and *UNICODE (borrowed from T until the next call; { NULL, 0 } when
 * its host is no IDN). */
int trust_lookalike(struct trust *t, const char *uri, size_t n,
                    struct urigrep_span *ascii, struct urigrep_span *unicode);

/* Is the IDN label LABEL (N bytes of UTF-8) one a person may misread:
 * mixing scripts (UTS #39 highly restrictive), with invisible characters
 * or digits of mixed systems, or made of characters that
 * all look like ASCII ones (its skeleton is ASCII) when ASCII_TLD (the
 * host ends in an ASCII top-level domain)? 1 or 0; -1 without ICU. */
int trust_idn_label(struct trust *t, const char *label, size_t n,
                    bool ascii_tld);

#endif
