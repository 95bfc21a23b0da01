/* urigrep/common.h: status codes, RFCs, versioned options, memory, spans. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PUBLIC_COMMON_H
#define URIGREP_PUBLIC_COMMON_H

/* Part of urigrep.h, which includes every topic header; a program may
 * include this one alone.  Every function, type, field and constant
 * here came in 0.1.0 unless its comment says "Added in" another
 * version. */

#include <stddef.h>
#include <stdint.h>

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Versioned options.  Each options struct starts with its SIZE, which the
 * program sets to sizeof the struct as its urigrep.h declared it.  Fields
 * are only ever added at the end, each saying in which version it came.
 * The library reads the first min(SIZE, its own sizeof) bytes and gives
 * the fields past them their defaults (zero), so a program built against
 * an older header keeps working; a SIZE larger than the library's is
 * accepted when the bytes it does not know are all zero (the program
 * asks for nothing this library lacks), else refused with
 * URIGREP_ERR_ARG, as is a SIZE below the 0.9.0 layout. */

/** Status codes. URIGREP_OK is 0; every value has a urigrep_strerror() text.
 *  The URIGREP_E_* syntax values say why a reference is not valid. */
enum urigrep_status {
    URIGREP_OK = 0,
    URIGREP_ERR_NOMEM,          /**< out of memory */
    URIGREP_ERR_ARG,            /**< invalid argument */
    URIGREP_ERR_TOO_LONG,       /**< longer than the configured limit */
    URIGREP_ERR_BASE_RELATIVE,  /**< the base URI has no scheme */
    URIGREP_ERR_STOPPED,        /**< a callback asked the scanner to stop */
    URIGREP_E_SCHEME,           /**< bad character in the scheme */
    URIGREP_E_SCHEME_START,     /**< scheme does not start with a letter */
    URIGREP_E_AUTHORITY,        /**< bad character in the authority */
    URIGREP_E_IPV6,             /**< malformed IPv6 literal */
    URIGREP_E_PORT,             /**< port is not made of digits */
    URIGREP_E_PATH,             /**< bad character in the path */
    URIGREP_E_REL_COLON,        /**< ':' in a relative path's first segment */
    URIGREP_E_OPAQUE_EMPTY,     /**< nothing after "scheme:" */
    URIGREP_E_QUERY,            /**< bad character in the query */
    URIGREP_E_FRAGMENT,         /**< bad character in the fragment */
    URIGREP_E_ESCAPE,           /**< '%' not followed by two hex digits */
    URIGREP_E_NON_ASCII,        /**< non-ASCII byte (an IRI; map it first) */
    URIGREP_E_SPACE,            /**< whitespace or control character */
    URIGREP_ERR_IDNA,           /**< IDNA rejects a host name */
    URIGREP_ERR_NO_IDNA,        /**< built without IDNA (libidn2) */
    URIGREP_ERR_NO_PSL,         /**< built without the Public Suffix List
                                     (libpsl).  Added in 0.10.0. */
    URIGREP_STATUS_MAX
};

/** Which RFC's grammar and resolution algorithm to follow. */
enum urigrep_rfc {
    URIGREP_RFC1808 = 1808,
    URIGREP_RFC2396 = 2396,
    URIGREP_RFC3986 = 3986
};

/** Added in 0.1.0.
 *  @return a static English description of STATUS, never NULL. */
const char *urigrep_strerror(enum urigrep_status status);

/** Added in 0.1.0.
 *  @return the library version as a static string, e.g. "0.9.0". */
const char *urigrep_version(void);

/** The optional parts this build of the library has, by name: "libidn2"
 *  (IDNA for urigrep_iri_to_uri_idna()), "zlib" (compressed WARC
 *  payloads: gzip, deflate), "zstd" and "brotli" (WARC payloads in
 *  those codings; added in 0.10.0); others may follow in later versions.
 *  Added in 0.9.0.
 *  @return a static NULL-terminated array of static strings, never NULL;
 *  the caller frees nothing. */
const char *const *urigrep_features(void);

/** Fill KEY with 16 unpredictable bytes for urigrep_hash(): getrandom(),
 *  else /dev/urandom, else (a jail without either) the clock and
 *  addresses. Draw one a table. NULL is accepted (nothing is done).
 *  Added in 0.10.0. */
void urigrep_hash_key(unsigned char key[16]);

/** SipHash-2-4 (Aumasson and Bernstein, 2012) of LEN bytes at DATA under
 *  the 16-byte KEY (urigrep_hash_key()): the hash for a table of strings
 *  that come from the input (URIs, hosts), which cannot choose strings
 *  that collide without the key, as it can for an unkeyed hash such as
 *  FNV-1a (a table of those costs quadratic time). urigrep(1)'s --unique
 *  and --stats hash with the same code. Added in 0.10.0.
 *  @return the hash; 0 when KEY is NULL, or DATA NULL with LEN not 0. */
uint64_t urigrep_hash(const unsigned char key[16], const void *data,
                      size_t len);

/** Release memory the library allocated and handed to the caller: the
 *  strings of urigrep_resolve(), urigrep_iri_to_uri_idna(),
 *  urigrep_unwrap(), urigrep_registered_domain() and the _alloc forms
 *  (urigrep.h: one convention). P NULL does nothing. It is free(3) in the
 *  allocator the library uses, so programs that call free() on these
 *  results (as 0.9.0 documented) keep working; call urigrep_free() where
 *  the program's free() may not be the library's (a binding, another C
 *  runtime). Added in 0.10.0. */
void urigrep_free(void *p);

/** A borrowed view of bytes owned by someone else. */
struct urigrep_span {
    const char *ptr;
    size_t len;
};

#ifdef __cplusplus
}
#endif
#endif /* URIGREP_PUBLIC_COMMON_H */
