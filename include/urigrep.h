/* urigrep.h: public API of liburigrep (find, validate, resolve URI refs). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_H
#define URIGREP_H

/* The API in topic headers, each of which compiles alone (0.10.0; a
 * program written for 0.9.0 includes this one, as before):
 *   urigrep/version.h  URIGREP_VERSION and its parts
 *   urigrep/common.h   status codes, RFCs, versioned options, urigrep_free()
 *   urigrep/scan.h     the streaming scanner (RFC 2396 Appendix E)
 *   urigrep/uri.h      parse, validate, resolve one reference; IRIs
 *   urigrep/links.h    wrapped links, tracking parameters
 *   urigrep/extract.h  the document extractor and what it reports
 *   urigrep/json.h     a reference as urigrep --json prints it
 *   urigrep/cut.h      a file cut into pieces read apart, the counts before
 *                      each (Added in 0.10.0)
 * Every function, type, field and constant came in 0.1.0 unless its
 * comment says "Added in" another version.
 *
 * Results that are strings (0.10.0: one convention, as curl and
 * uriparser have it): the function returns an enum urigrep_status;
 * *OUT receives a NUL-terminated string the library allocated, which
 * the caller frees with urigrep_free(), and *OUT_LEN, when OUT_LEN is
 * not NULL, its length (the string may hold NUL bytes of the input).
 * On failure *OUT is NULL, unless the function says what it gives with
 * an error (urigrep_iri_to_uri_idna(), urigrep_unwrap()).  So do
 * urigrep_resolve(), urigrep_iri_to_uri_idna(), urigrep_unwrap(),
 * urigrep_registered_domain(), and the _alloc forms of the four 0.9.0
 * functions that write into the caller's memory instead:
 * urigrep_strip_typed(), urigrep_iri_to_uri(), urigrep_strip_tracking()
 * (a buffer of a size each states) and urigrep_ref_json() (a buffer,
 * its capacity, and the length written).  Those four stay, for the
 * programs written for them and for a caller that must not allocate. */

#include "urigrep/version.h"
#include "urigrep/common.h"
#include "urigrep/scan.h"
#include "urigrep/uri.h"
#include "urigrep/links.h"
#include "urigrep/extract.h"
#include "urigrep/json.h"
#include "urigrep/cut.h"

#endif /* URIGREP_H */
