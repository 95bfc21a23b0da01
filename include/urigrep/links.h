/* urigrep/links.h: wrapped links and tracking parameters. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PUBLIC_LINKS_H
#define URIGREP_PUBLIC_LINKS_H

/* Part of urigrep.h, which includes every topic header; a program may
 * include this one alone.  Every function, type, field and constant
 * here came in 0.1.0 unless its comment says "Added in" another
 * version. */

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Wrapped links and tracking parameters ---- */

/** Decode a wrapped link (a redirector: Microsoft Safe Links, Proofpoint
 *  URL Defense v1, v2 and v3, Google and Facebook redirects, Slack,
 *  Barracuda, Trend Micro, Sophos, Cisco Secure Email; Mimecast is
 *  recognised but holds no target), through up to 8 wrappers nested in
 *  each other. URI is the link (LEN bytes). *TARGET receives the
 *  destination as a NUL-terminated string the caller frees with
 *  urigrep_free(), its bytes that may not stand in a URI
 *  percent-encoded; its length goes to *TARGET_LEN if not NULL.
 *  *WRAPPER, if not NULL, receives the outermost wrapper's name
 *  ("safelinks", "proofpoint-v3"...; a static string), or NULL when URI
 *  is not a wrapper. *REASON, if not NULL,
 *  receives NULL or a static English text saying why a wrapper could not
 *  be decoded (bad percent or base64 encoding, truncated v3 tail): then
 *  *TARGET is NULL, or the target of the wrapper around the bad one.
 *  Every out-parameter is set, NULL or 0 when there is nothing.
 *  Added in 0.9.0.
 *  @return URIGREP_OK (also when URI is not a wrapper), URIGREP_ERR_NOMEM,
 *  or URIGREP_ERR_ARG when TARGET is NULL, URI is NULL with LEN not 0, or
 *  LEN is over PTRDIFF_MAX / 4. */
enum urigrep_status urigrep_unwrap(const char *uri, size_t len, char **target,
                                   size_t *target_len, const char **wrapper,
                                   const char **reason);

/** Take the tracking parameters (utm_*, fbclid, gclid, dclid, msclkid,
 *  mc_cid, mc_eid, _hsenc, _hsmi, mkt_tok, igshid and the like) out of
 *  the query of URI (LEN bytes), each with its '&', and the '?' when none
 *  is left; every other byte is kept as it is. The result goes to OUT
 *  (at least LEN bytes; it may be URI).  urigrep_strip_tracking_alloc()
 *  is the form that allocates.  Added in 0.9.0.
 *  @return its length; 0 when URI or OUT is NULL. */
size_t urigrep_strip_tracking(const char *uri, size_t len, char *out);

/** As urigrep_strip_tracking(), the result allocated: *OUT receives it
 *  NUL-terminated, freed with urigrep_free(), and *OUT_LEN (if not NULL)
 *  its length.  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when OUT is
 *  NULL, URI is NULL with LEN not 0, or LEN is over PTRDIFF_MAX / 4
 *  (*OUT is then NULL). */
enum urigrep_status urigrep_strip_tracking_alloc(const char *uri, size_t len,
                                                 char **out,
                                                 size_t *out_len);

/** The registered domain of HOST (LEN bytes; a final '.' is dropped, an
 *  IDN taken in its A-labels when libidn2 is there), by the Public Suffix
 *  List as libpsl has it (the system's list, else libpsl's own): the
 *  public suffix and one label before it, lower case ("www.bbc.co.uk" ->
 *  "bbc.co.uk"); an IP address, or a host that is itself a public
 *  suffix, is its own.  *OUT gets it NUL-terminated, freed with
 *  urigrep_free(); *OUT_LEN (if not NULL) its length.  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_NO_PSL in a build without libpsl
 *  (urigrep_trust_features()), URIGREP_ERR_NOMEM, URIGREP_ERR_ARG when
 *  OUT is NULL, HOST is NULL or empty, or LEN is over 511. */
enum urigrep_status urigrep_registered_domain(const char *host, size_t len,
                                              char **out, size_t *out_len);

#ifdef __cplusplus
}
#endif
#endif /* URIGREP_PUBLIC_LINKS_H */
