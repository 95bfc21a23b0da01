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
 * comment says "Added in" another version. */

#include "urigrep/version.h"
#include "urigrep/common.h"
#include "urigrep/scan.h"
#include "urigrep/uri.h"
#include "urigrep/links.h"
#include "urigrep/extract.h"
#include "urigrep/json.h"
#include "urigrep/cut.h"

#endif /* URIGREP_H */
