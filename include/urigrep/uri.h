/* urigrep/uri.h: parse, validate and resolve a reference. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PUBLIC_URI_H
#define URIGREP_PUBLIC_URI_H

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

/* ---- Parsing and validation: RFC 2396 Appendix A (+ RFC 2732) ---- */

/** Opaque parsed reference. */
typedef struct urigrep_uri urigrep_uri;

/** Components, as split by RFC 2396 Appendix B. */
enum urigrep_part {
    URIGREP_PART_SCHEME,
    URIGREP_PART_AUTHORITY,
    URIGREP_PART_USERINFO,
    URIGREP_PART_HOST,
    URIGREP_PART_PORT,
    URIGREP_PART_PATH,
    URIGREP_PART_QUERY,
    URIGREP_PART_FRAGMENT
};

/** Split REF into components (never fails on syntax) and validate it
 *  against RFC's grammar. The bytes are copied. Free with
 *  urigrep_uri_free(). @return URIGREP_OK, URIGREP_ERR_NOMEM, or
 *  URIGREP_ERR_ARG when OUT is NULL, REF is NULL and LEN is not 0, LEN is
 *  over PTRDIFF_MAX - 64 (larger than any string), or RFC is not an enum
 *  urigrep_rfc value; *OUT is NULL on failure. Added in 0.1.0. */
enum urigrep_status urigrep_uri_parse(const char *ref, size_t len,
                                      enum urigrep_rfc rfc, urigrep_uri **out);

/** Get component PART. @return 1 and set *SPAN (borrowed from U) when the
 *  component is defined (it may be empty), 0 when it is undefined. The
 *  path is always defined. U NULL or PART unknown: 0. When 0 is returned
 *  *SPAN is { NULL, 0 }. SPAN may be NULL. Added in 0.1.0. */
int urigrep_uri_part(const urigrep_uri *u, enum urigrep_part part,
                     struct urigrep_span *span);

/** Added in 0.1.0.
 *  @return URIGREP_OK if U is valid, else the URIGREP_E_* reason; the
 *  byte offset of the first bad character goes to *ERR_OFF if not NULL.
 *  U NULL: URIGREP_ERR_ARG, *ERR_OFF 0. */
enum urigrep_status urigrep_uri_error(const urigrep_uri *u, size_t *err_off);

/** Added in 0.1.0.
 *  @return 1 if U has a scheme (an absolute URI), else 0 (also for a NULL
 *  U). */
int urigrep_uri_is_absolute(const urigrep_uri *u);

/** Free a parsed reference; NULL is accepted. Added in 0.1.0. */
void urigrep_uri_free(urigrep_uri *u);

/** How many values enum urigrep_part has. Added in 0.9.0. */
#define URIGREP_PART_COUNT 8

/** Split REF (LEN bytes) into its components as RFC 2396 Appendix B does,
 *  without copying, allocating or validating (it never fails on syntax).
 *  PARTS[URIGREP_PART_x] is then a view into REF, or { NULL, 0 } when the
 *  component is undefined (no separator); a defined empty component has a
 *  non-NULL ptr and len 0. USERINFO, HOST and PORT are defined only when
 *  the authority splits cleanly as a server (RFC 2396 section 3.2.2).
 *  SCHEME is defined only when it is a scheme (section 3.1: a letter,
 *  then letters, digits, '+', '-', '.'); text of other bytes before the
 *  first ':' ("a note: see") is none, and REF is split as a relative
 *  reference, the ':' in its path (changed in 0.10.0: such text was
 *  SCHEME).
 *  @return URIGREP_OK; URIGREP_ERR_ARG when PARTS is NULL, or REF is NULL
 *  and LEN is not 0 (PARTS is then all { NULL, 0 } if not NULL).
 *  Added in 0.9.0. */
enum urigrep_status urigrep_uri_split(const char *ref, size_t len,
                                      struct urigrep_span *parts);

/** Validate REF without keeping a parse, without allocating.
 *  Added in 0.1.0.
 *  @return what urigrep_uri_error() returns after urigrep_uri_parse()
 *  (the offset of the first bad byte in *ERR_OFF, if not NULL);
 *  URIGREP_ERR_ARG for the arguments urigrep_uri_parse() refuses
 *  (*ERR_OFF is then 0). */
enum urigrep_status urigrep_validate(const char *ref, size_t len,
                                     enum urigrep_rfc rfc, size_t *err_off);

/* ---- Resolution: RFC 2396 section 5.2 (or RFC 1808 / RFC 3986) ---- */

/** Resolve REF against the absolute BASE following RFC's algorithm.
 *  *OUT receives a NUL-terminated string the caller frees with
 *  urigrep_free(); its length goes to *OUT_LEN if not NULL. On failure
 *  *OUT is NULL.
 *  Added in 0.1.0.
 *  @return URIGREP_OK, URIGREP_ERR_BASE_RELATIVE, URIGREP_ERR_NOMEM, or
 *  URIGREP_ERR_ARG when OUT is NULL, BASE or REF is NULL with a length
 *  that is not 0, a length is over PTRDIFF_MAX / 4, or RFC is not an enum
 *  urigrep_rfc value. */
enum urigrep_status urigrep_resolve(const char *base, size_t base_len,
                                    const char *ref, size_t ref_len,
                                    enum urigrep_rfc rfc, char **out,
                                    size_t *out_len);

/** The normal form of URI (LEN bytes), by RFC 3986 sections 6.2.2 and
 *  6.2.3, which never changes what it identifies: the scheme and a
 *  server's host in lower case, percent-encoded triplets with upper-case
 *  hex digits and those of unreserved characters (ALPHA, DIGIT, "-",
 *  ".", "_", "~") decoded, in every component; with a scheme, the "." and
 *  ".." segments of the path removed ("http://a/b/./c/../d" is
 *  "http://a/b/d"; a ".." above the root is kept, as RFC 2396 section 5.2
 *  keeps it); an empty port, and the default port of http, https, ws,
 *  wss, ftp, gopher, telnet, nntp, ldap and rtsp, dropped with its ':';
 *  an empty path with an authority "/" for http, https, ws and wss.
 *  "HTTP://Example.COM:80/a/./%7euser" gives
 *  "http://example.com/a/~user". Bytes that are not ASCII, a '%' that
 *  starts no triplet stay as they are; a relative reference keeps its
 *  dot segments.
 *  *OUT receives the result NUL-terminated, freed with urigrep_free(),
 *  and *OUT_LEN (if not NULL) its length.  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when OUT is
 *  NULL, URI is NULL with LEN not 0, or LEN is over PTRDIFF_MAX / 4 (*OUT
 *  is then NULL). */
enum urigrep_status urigrep_uri_normalize(const char *uri, size_t len,
                                          char **out, size_t *out_len);

/** The defanged form of URI (LEN bytes), as indicator tools print it
 *  so that a report holds no live link: a scheme http, https or ftp as
 *  hxxp, hxxps or fxp (an upper-case "HTTP" as "HXXP"), every "." of the
 *  host as "[.]"; the rest as it is.  "http://example.com/a.html" gives
 *  "hxxp://example[.]com/a.html".
 *  *OUT receives the result NUL-terminated, freed with urigrep_free(),
 *  and *OUT_LEN (if not NULL) its length.  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when OUT is
 *  NULL, URI is NULL with LEN not 0, or LEN is over PTRDIFF_MAX / 4 (*OUT
 *  is then NULL). */
enum urigrep_status urigrep_uri_defang(const char *uri, size_t len,
                                       char **out, size_t *out_len);

/** RFC 3987 section 3.1 mapping of an IRI to a URI: every byte >= 0x80 is
 *  percent-encoded. OUT must hold 3 * LEN bytes.
 *  urigrep_iri_to_uri_alloc() is the form that allocates.
 *  Added in 0.1.0.
 *  @return the length; 0 when IN or OUT is NULL. */
size_t urigrep_iri_to_uri(const char *in, size_t len, char *out);

/** As urigrep_iri_to_uri(), the result allocated: *OUT receives it
 *  NUL-terminated, freed with urigrep_free(), and *OUT_LEN (if not NULL)
 *  its length.  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when OUT is
 *  NULL, IN is NULL with LEN not 0, or LEN is over PTRDIFF_MAX / 4 (*OUT
 *  is then NULL). */
enum urigrep_status urigrep_iri_to_uri_alloc(const char *in, size_t len,
                                             char **out, size_t *out_len);

/** RFC 3987 section 3.1 mapping with IDNA: as urigrep_iri_to_uri(), but a
 *  registered host name with non-ASCII characters is converted by IDNA
 *  (UTS #46 non-transitional ToASCII, RFC 3987 3.1's alternative for
 *  domain names): "http://b\u00fccher.de/\u00e9" gives
 *  "http://xn--bcher-kva.de/%C3%A9". Userinfo, port, path, query and
 *  fragment are percent-encoded; IP literals are left alone.
 *  *OUT receives a NUL-terminated string the caller frees with
 *  urigrep_free(), its length goes to *OUT_LEN if not NULL. When the
 *  host cannot be converted *OUT still receives the plain mapping (the host
 *  percent-encoded) and *REASON, if REASON is not NULL, a static English
 *  string saying why. On URIGREP_ERR_NOMEM and URIGREP_ERR_ARG *OUT is
 *  NULL.
 *  Added in 0.1.0.
 *  @return URIGREP_OK, URIGREP_ERR_IDNA (IDNA rejects the host),
 *  URIGREP_ERR_NO_IDNA (the library was built without libidn2),
 *  URIGREP_ERR_NOMEM or URIGREP_ERR_ARG. */
enum urigrep_status urigrep_iri_to_uri_idna(const char *in, size_t len,
                                            char **out, size_t *out_len,
                                            const char **reason);

#ifdef __cplusplus
}
#endif
#endif /* URIGREP_PUBLIC_URI_H */
