/* urigrep.h: public API of liburigrep (find, validate, resolve URI refs). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_H
#define URIGREP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every function, type, field and constant here came in 0.1.0 unless its
 * comment says "Added in" another version. */

/** The version of this header (configure takes the package's version from
 *  here). A program may compare URIGREP_VERSION_NUM with
 *  URIGREP_VERSION_AT(0, 9, 0) at compile time, and urigrep_version() at
 *  run time for the library it was linked with. Added in 0.9.0. */
#define URIGREP_VERSION_MAJOR 0
#define URIGREP_VERSION_MINOR 9
#define URIGREP_VERSION_PATCH 0
#define URIGREP_VERSION "0.9.0"
/** MAJOR.MINOR.PATCH as one number, 0xMMmmpp. Added in 0.9.0. */
#define URIGREP_VERSION_AT(major, minor, patch) \
    (((major) << 16) | ((minor) << 8) | (patch))
#define URIGREP_VERSION_NUM                                           \
    URIGREP_VERSION_AT(URIGREP_VERSION_MAJOR, URIGREP_VERSION_MINOR,  \
                       URIGREP_VERSION_PATCH)

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
    URIGREP_STATUS_MAX
};

/** Which RFC's grammar and resolution algorithm to follow. */
enum urigrep_rfc {
    URIGREP_RFC1808 = 1808,
    URIGREP_RFC2396 = 2396,
    URIGREP_RFC3986 = 3986
};

/** @return a static English description of STATUS, never NULL. */
const char *urigrep_strerror(enum urigrep_status status);

/** @return the library version as a static string, e.g. "0.9.0". */
const char *urigrep_version(void);

/** The optional parts this build of the library has, by name: "libidn2"
 *  (IDNA for urigrep_iri_to_uri_idna()), "zlib" (compressed WARC
 *  payloads); others may follow in later versions.  Added in 0.9.0.
 *  @return a static NULL-terminated array of static strings, never NULL;
 *  the caller frees nothing. */
const char *const *urigrep_features(void);

/** Release memory the library allocated and handed to the caller: the
 *  strings of urigrep_resolve(), urigrep_iri_to_uri_idna() and
 *  urigrep_unwrap(). P NULL does nothing. It is free(3) in the
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

/* ---- Scanner: RFC 2396 Appendix E delimiting ---- */

/** Opaque streaming scanner. */
typedef struct urigrep_scanner urigrep_scanner;

/** How a reference was delimited in the text. */
enum urigrep_delim {
    URIGREP_DELIM_BARE,        /**< whitespace or punctuation around it */
    URIGREP_DELIM_ANGLE,       /**< <scheme:...> */
    URIGREP_DELIM_ANGLE_URL,   /**< <URL:...> */
    URIGREP_DELIM_QUOTE,       /**< "scheme:..." */
    URIGREP_DELIM_URL_PREFIX,  /**< URL:scheme:... outside brackets */
    URIGREP_DELIM_ABBREV,      /**< www.host/path, Appendix F (--abbrev) */
    URIGREP_DELIM_ATTRIBUTE,   /**< an HTML attribute value (extractor) */
    URIGREP_DELIM_LINE,        /**< a whole line (extractor, LINES type) */
    /** a whole header field value: a WARC response's redirect Location
     *  (added in 0.9.0, WARC) */
    URIGREP_DELIM_FIELD
};

/** @return the name of delimiter D as --json writes it ("bare",
 *  "angle", "angle-url", "quote", "url-prefix", "abbrev", "attribute",
 *  "line", "field"), or "unknown". */
const char *urigrep_delim_name(enum urigrep_delim d);

/** What to do with a hyphen followed by a line break inside <...>. */
enum urigrep_hyphen {
    URIGREP_HYPHEN_KEEP,  /**< keep the '-' (default) */
    URIGREP_HYPHEN_DROP,  /**< drop the '-' */
    URIGREP_HYPHEN_BOTH   /**< report both readings, kept first */
};

/** Scanner option flags. */
#define URIGREP_SCAN_ABBREV 0x1u  /**< also report Appendix F abbreviations */
/** Any scheme counts in running text, registered or not (as inside <...>) */
#define URIGREP_SCAN_ANY_SCHEME 0x2u

/** Scanner options; zero-initialise, set SIZE to sizeof the struct, then
 *  set what you need (see "Versioned options" above). All fields came in
 *  0.1.0, SIZE in 0.9.0. */
struct urigrep_scan_options {
    size_t size;                  /**< sizeof (struct urigrep_scan_options);
                                       ignored inside
                                       urigrep_extract_options */
    size_t max_uri_length;        /**< 0 means the default, 8192 bytes */
    enum urigrep_hyphen hyphen;
    unsigned flags;               /**< URIGREP_SCAN_* */
    /** Private schemes to treat as registered ones (NULL if none); the
     *  names are copied by urigrep_scanner_new(). */
    const char *const *schemes;
    size_t nschemes;              /**< number of names in SCHEMES */
};

/** Events the scanner reports. */
enum urigrep_event {
    URIGREP_EVENT_URI,      /**< a reference was found */
    URIGREP_EVENT_TOO_LONG  /**< a candidate over max_uri_length was skipped */
};

/** Match flags. */
/** The '-' at a line break is dropped in this reading. */
#define URIGREP_MATCH_HYPHEN_DROPPED 0x1u
/** A '-' stood at a line break. */
#define URIGREP_MATCH_HYPHEN_BREAK   0x2u

/** One event. REF is borrowed: valid only during the callback. */
struct urigrep_match {
    enum urigrep_event event;
    struct urigrep_span ref;   /**< the reference, whitespace removed */
    uint64_t offset;           /**< stream byte offset of its first byte */
    uint64_t line;             /**< 1-based line of its first byte */
    uint64_t column;           /**< 1-based byte column of its first byte */
    uint64_t end_offset;       /**< stream offset just past its last byte */
    enum urigrep_delim delim;
    unsigned flags;            /**< URIGREP_MATCH_* */
};

/** Called for every event, in input order. Return 0 to go on, nonzero to
 *  stop: the feed or finish call then returns URIGREP_ERR_STOPPED at once,
 *  without reading the rest of that feed. The scanner stays usable: a
 *  later feed is scanned as the stream's continuation, but references in
 *  the stopped feed's unread bytes are not reported (a stop is meant to
 *  end the stream; urigrep_scanner_reset() starts a new one). */
typedef int (*urigrep_match_fn)(void *arg, const struct urigrep_match *m);

/** Create a scanner. OPTS may be NULL for defaults; it is copied.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when OUT is
 *  NULL, max_uri_length is over SIZE_MAX / 8, hyphen is not an enum
 *  urigrep_hyphen value, flags has a bit that is not URIGREP_SCAN_*, or
 *  schemes is NULL with nschemes not 0 or holds a NULL or a name that is
 *  not a scheme (a letter, then letters, digits, '+', '-' or '.'; at most
 *  64 bytes). On failure *OUT is NULL. Free the scanner with
 *  urigrep_scanner_free(). */
enum urigrep_status urigrep_scanner_new(const struct urigrep_scan_options *opts,
                                        urigrep_scanner **out);

/** Feed LEN bytes of text. The result does not depend on how the stream
 *  is split into feeds. The scanner keeps at most a bounded tail.
 *  @return URIGREP_OK; URIGREP_ERR_STOPPED if FN asked to stop;
 *  URIGREP_ERR_ARG if SC or FN is NULL, or BUF is NULL and LEN is not 0;
 *  URIGREP_ERR_NOMEM or URIGREP_ERR_TOO_LONG if the scanner's window
 *  could not take the bytes. */
enum urigrep_status urigrep_scanner_feed(urigrep_scanner *sc, const char *buf,
                                         size_t len, urigrep_match_fn fn,
                                         void *arg);

/** Signal the end of the stream: report what is still pending, then reset
 *  the scanner for a new stream (offsets and lines start again).
 *  @return URIGREP_OK; URIGREP_ERR_STOPPED if FN asked to stop;
 *  URIGREP_ERR_ARG if SC or FN is NULL. */
enum urigrep_status urigrep_scanner_finish(urigrep_scanner *sc,
                                           urigrep_match_fn fn, void *arg);

/** Forget all pending input and start a new stream; NULL is accepted. */
void urigrep_scanner_reset(urigrep_scanner *sc);

/** Free a scanner; NULL is accepted. */
void urigrep_scanner_free(urigrep_scanner *sc);

/** Strip the delimiters a person may type around one reference (RFC 2396
 *  Appendix E, last paragraph): all whitespace first, then <>, quotes
 *  and a "URL:" prefix, layer after layer. Stripping the result again
 *  changes nothing. The result is written to OUT (at least LEN bytes; it
 *  may be IN) and its length returned; 0 when IN or OUT is NULL. */
size_t urigrep_strip_typed(const char *in, size_t len, char *out);

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
 *  urigrep_rfc value; *OUT is NULL on failure. */
enum urigrep_status urigrep_uri_parse(const char *ref, size_t len,
                                      enum urigrep_rfc rfc, urigrep_uri **out);

/** Get component PART. @return 1 and set *SPAN (borrowed from U) when the
 *  component is defined (it may be empty), 0 when it is undefined. The
 *  path is always defined. U NULL or PART unknown: 0. When 0 is returned
 *  *SPAN is { NULL, 0 }. SPAN may be NULL. */
int urigrep_uri_part(const urigrep_uri *u, enum urigrep_part part,
                     struct urigrep_span *span);

/** @return URIGREP_OK if U is valid, else the URIGREP_E_* reason; the
 *  byte offset of the first bad character goes to *ERR_OFF if not NULL.
 *  U NULL: URIGREP_ERR_ARG, *ERR_OFF 0. */
enum urigrep_status urigrep_uri_error(const urigrep_uri *u, size_t *err_off);

/** @return 1 if U has a scheme (an absolute URI), else 0 (also for a NULL
 *  U). */
int urigrep_uri_is_absolute(const urigrep_uri *u);

/** Free a parsed reference; NULL is accepted. */
void urigrep_uri_free(urigrep_uri *u);

/** How many values enum urigrep_part has. Added in 0.9.0. */
#define URIGREP_PART_COUNT 8

/** Split REF (LEN bytes) into its components as RFC 2396 Appendix B does,
 *  without copying, allocating or validating (it never fails on syntax).
 *  PARTS[URIGREP_PART_x] is then a view into REF, or { NULL, 0 } when the
 *  component is undefined (no separator); a defined empty component has a
 *  non-NULL ptr and len 0. USERINFO, HOST and PORT are defined only when
 *  the authority splits cleanly as a server (RFC 2396 section 3.2.2).
 *  @return URIGREP_OK; URIGREP_ERR_ARG when PARTS is NULL, or REF is NULL
 *  and LEN is not 0 (PARTS is then all { NULL, 0 } if not NULL).
 *  Added in 0.9.0. */
enum urigrep_status urigrep_uri_split(const char *ref, size_t len,
                                      struct urigrep_span *parts);

/** Validate REF without keeping a parse. Same result as urigrep_uri_error()
 *  after urigrep_uri_parse(), without allocating; URIGREP_ERR_ARG for the
 *  arguments urigrep_uri_parse() refuses (*ERR_OFF is then 0). */
enum urigrep_status urigrep_validate(const char *ref, size_t len,
                                     enum urigrep_rfc rfc, size_t *err_off);

/* ---- Resolution: RFC 2396 section 5.2 (or RFC 1808 / RFC 3986) ---- */

/** Resolve REF against the absolute BASE following RFC's algorithm.
 *  *OUT receives a NUL-terminated string the caller frees with
 *  urigrep_free(); its length goes to *OUT_LEN if not NULL. On failure
 *  *OUT is NULL.
 *  @return URIGREP_OK, URIGREP_ERR_BASE_RELATIVE, URIGREP_ERR_NOMEM, or
 *  URIGREP_ERR_ARG when OUT is NULL, BASE or REF is NULL with a length
 *  that is not 0, a length is over PTRDIFF_MAX / 4, or RFC is not an enum
 *  urigrep_rfc value. */
enum urigrep_status urigrep_resolve(const char *base, size_t base_len,
                                    const char *ref, size_t ref_len,
                                    enum urigrep_rfc rfc, char **out,
                                    size_t *out_len);

/** RFC 3987 section 3.1 mapping of an IRI to a URI: every byte >= 0x80 is
 *  percent-encoded. OUT must hold 3 * LEN bytes. @return the length; 0
 *  when IN or OUT is NULL. */
size_t urigrep_iri_to_uri(const char *in, size_t len, char *out);

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
 *  @return URIGREP_OK, URIGREP_ERR_IDNA (IDNA rejects the host),
 *  URIGREP_ERR_NO_IDNA (the library was built without libidn2),
 *  URIGREP_ERR_NOMEM or URIGREP_ERR_ARG. */
enum urigrep_status urigrep_iri_to_uri_idna(const char *in, size_t len,
                                            char **out, size_t *out_len,
                                            const char **reason);


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
 *  (at least LEN bytes; it may be URI). Added in 0.9.0.
 *  @return its length; 0 when URI or OUT is NULL. */
size_t urigrep_strip_tracking(const char *uri, size_t len, char *out);

/* ---- Documents: text, mail, mbox, HTML ---- */

/** What a document is. */
enum urigrep_doc_type {
    URIGREP_DOC_AUTO = 0, /**< decided from its first bytes (up to 32 KiB) */
    URIGREP_DOC_TEXT,     /**< plain text */
    URIGREP_DOC_MAIL,     /**< one RFC 822 / MIME message (or news article) */
    URIGREP_DOC_MBOX,     /**< messages after "From " lines */
    URIGREP_DOC_HTML,     /**< HTML: attributes, text, <BASE href> */
    URIGREP_DOC_LINES,    /**< one reference per line, as typed */
    /* Added in 0.9.0 (issue 21): the mbox variants by name
     * (URIGREP_DOC_MBOX reads "From " lines and mboxrd quoting, as
     * URIGREP_DOC_MBOXRD does) */
    URIGREP_DOC_MBOXO,    /**< "From " lines; ">From " unquoted */
    URIGREP_DOC_MBOXRD,   /**< "From " lines; ">From ", ">>From "... lose
                               one '>' */
    URIGREP_DOC_MBOXCL,   /**< as MBOXO, but a body counted by the
                               message's Content-Length holds no
                               separator */
    URIGREP_DOC_MBOXCL2,  /**< Content-Length as MBOXCL, no unquoting */
    /** WARC/1.0 or 1.1 records (ISO 28500): the payloads of response and
     *  resource records, HTTP decoded (added in 0.9.0) */
    URIGREP_DOC_WARC,
    /** a news batch as rnews reads it: each article (a message) after a
     *  "#! rnews COUNT" line, COUNT bytes long (added in 0.9.0) */
    URIGREP_DOC_RNEWS
};

/** @return the type of a document that starts with P (N bytes; 32 KiB is
 *  plenty): URIGREP_DOC_WARC after a WARC version line ("WARC/1.0"),
 *  URIGREP_DOC_RNEWS after a "#! rnews COUNT" line,
 *  URIGREP_DOC_MBOX after a "From " line, URIGREP_DOC_MAIL for a
 *  header field of a kind mail and news start with, or any header block
 *  ended by a blank line that holds a Message-ID or Newsgroups field
 *  (a news article may start with any field), URIGREP_DOC_HTML for
 *  a doctype or an <html>, <head>, <body>, <title> or <meta> tag first,
 *  else URIGREP_DOC_TEXT. P may be NULL when N is 0. */
enum urigrep_doc_type urigrep_detect(const char *p, size_t n);

/** @return 1 if the line P (LEN bytes, its newline included or not) is an
 *  mbox message separator: "From ", a sender and a date with a time, as
 *  the mbox readers of this library take it; else 0 (P NULL too). For
 *  programs that cut an mbox file into pieces to read them in parallel.
 *  Added in 0.9.0. */
int urigrep_mbox_from_line(const char *p, size_t len);

/** @return 1 if documents in charset NAME (a MIME or iconv name) can be
 *  read, i.e. urigrep_extract_options.charset may be NAME; else 0 (NAME
 *  NULL too). Added in 0.9.0. */
int urigrep_charset_supported(const char *name);

/** Where the base a reference was resolved against came from. */
enum urigrep_base_source {
    URIGREP_BASE_NONE = 0,          /**< not resolved */
    URIGREP_BASE_OPTION,            /**< urigrep_extract_options.base */
    URIGREP_BASE_HTML,              /**< an HTML <BASE href> (Appendix D) */
    URIGREP_BASE_CONTENT_BASE,      /**< a MIME Content-Base header */
    URIGREP_BASE_CONTENT_LOCATION,  /**< a MIME Content-Location header */
    URIGREP_BASE_RFC1808,           /**< an RFC 1808 "Base:" header */
    URIGREP_BASE_DOCUMENT,          /**< the document's own URI (its
                                         Content-Location), for a
                                         same-document reference "#x" */
    /** a WARC record's WARC-Target-URI, the URI it was retrieved from
     *  (RFC 2396 5.1.3; added in 0.9.0) */
    URIGREP_BASE_TARGET_URI
};

/** @return the name of S ("none", "option", "html", "content-base",
 *  "content-location", "base-header", "document", "target-uri"), or
 *  "unknown". */
const char *urigrep_base_source_name(enum urigrep_base_source s);

/** Extractor option flags. */
/** Mail: also the URIs in header fields (List-Archive, ...). */
#define URIGREP_EXTRACT_HEADERS    0x1u
/** Do not resolve relative references: uri is ref. */
#define URIGREP_EXTRACT_NO_RESOLVE 0x2u
/** Map IRIs to URIs (RFC 3987 3.1, IDNA for host names) before anything
 *  else: ref and uri are then ASCII. */
#define URIGREP_EXTRACT_ASCII      0x4u
/** Do not validate (it costs about as much as finding): valid is -1. */
#define URIGREP_EXTRACT_NO_CHECK   0x8u
/** Fill urigrep_ref.context with the decoded text around each reference
 *  (to show it to a person, as a link picker does). */
#define URIGREP_EXTRACT_CONTEXT    0x10u
/** With URIGREP_DOC_AUTO, decide the type on the bytes of the first feed
 *  instead of waiting for 32 KiB, so that input arriving a line at a time
 *  (a pipe from tail -f) is reported as it comes. */
#define URIGREP_EXTRACT_EAGER      0x20u
/** The column of a reference in HTML text, counted in its line of the
 *  input, markup included (it costs some 4% on HTML); without it that
 *  column is 0. Other references always have theirs. */
#define URIGREP_EXTRACT_COLUMNS    0x40u
/** Decode wrapped links (urigrep_unwrap()) into urigrep_ref.target and
 *  .wrapper. Added in 0.9.0. */
#define URIGREP_EXTRACT_UNWRAP     0x80u
/** Take tracking parameters out of urigrep_ref.uri and .target
 *  (urigrep_strip_tracking()); ref stays as written. Added in 0.9.0. */
#define URIGREP_EXTRACT_STRIP_TRACKING 0x100u
/** WARC: also the payloads of metadata records (a crawler's outlinks),
 *  read as text (added in 0.9.0). */
#define URIGREP_EXTRACT_WARC_METADATA 0x200u
/** What a reader sees against where a link goes: fill urigrep_ref.text
 *  (an HTML link's visible text), .mismatch, .lookalike, .host_ascii and
 *  .host_unicode. Added in 0.9.0. */
#define URIGREP_EXTRACT_TRUST      0x400u

/** Extractor options: zero-initialise, set SIZE to sizeof the struct (so
 *  that later versions of the library can grow it), then what you need.
 *  Strings are copied by urigrep_extractor_new(). */
struct urigrep_extract_options {
    size_t size;                 /**< sizeof (struct urigrep_extract_options) */
    enum urigrep_doc_type type;  /**< URIGREP_DOC_AUTO: decide per document */
    enum urigrep_rfc rfc;        /**< grammar and resolution; 0: RFC 2396 */
    const char *base;            /**< absolute base URI, or NULL */
    /** Charset of text, HTML and LINES documents (mail parts say their
     *  own); NULL: UTF-8, or for HTML what its <meta> says. Invalid bytes
     *  become U+FFFD. */
    const char *charset;
    unsigned flags;              /**< URIGREP_EXTRACT_* */
    struct urigrep_scan_options scan;  /**< how references are delimited */
};

/** One reference found in a document. Everything is borrowed: valid
 *  only during the callback. A string that is unknown is NULL. */
struct urigrep_ref {
    struct urigrep_span ref;   /**< as written (whitespace removed), the
                                    IRI mapping applied with ASCII */
    /** Resolved against BASE, or completed (Appendix F), or REF itself.
     *  Bytes of control, bidi and other format characters and bytes that
     *  are not UTF-8 are percent-encoded (RFC 3987 3.1, 4.1): a terminal
     *  may show it. */
    struct urigrep_span uri;
    int valid;                 /**< REF against the grammar: 1 valid, 0
                                    not, -1 not checked (NO_CHECK) */
    enum urigrep_status error; /**< why not valid (URIGREP_E_*), or OK */
    size_t error_offset;       /**< of the first bad byte in REF */
    int absolute;              /**< REF has a scheme */
    enum urigrep_delim delim;  /**< how it was written */
    unsigned flags;            /**< URIGREP_MATCH_* */
    uint64_t line;             /**< 1-based line of the document as stored
                                    (for mail: of the file) */
    uint64_t column;           /**< 1-based byte column in the decoded text
                                    (HTML text: 0 without
                                    URIGREP_EXTRACT_COLUMNS) */
    uint64_t offset;           /**< byte offset in the decoded text */
    const char *base;          /**< the base used, or NULL */
    enum urigrep_base_source base_source;
    /* mail and news only (message is 0 otherwise) */
    uint64_t message;          /**< 1-based number of the message */
    const char *message_id;    /**< its Message-ID, "<...>" */
    const char *subject;       /**< its Subject, RFC 2047 words decoded */
    const char *part;          /**< part number as IMAP counts ("1.2") */
    const char *content_type;  /**< of the part ("text/html"), or "header",
                                    "preamble", "epilogue" */
    const char *charset;       /**< of the part, as its header names it */
    /** With URIGREP_EXTRACT_CONTEXT: the decoded text around the
     *  reference (UTF-8 unless an unknown charset left it as it was): up
     *  to URIGREP_CONTEXT_BYTES before it, the reference as written, up
     *  to as many after it, as far as the document has them and the
     *  extractor still holds them; for an HTML attribute, the text around
     *  its tag (a link's words follow it). It is raw text: it may hold
     *  line breaks, controls and any other byte, and may start or end in
     *  the middle of a character; make it safe before showing it. { NULL,
     *  0 } for a header field's URI, a LINES document, or without the
     *  flag. */
    struct urigrep_span context;
    size_t context_before;     /**< bytes of CONTEXT before the reference */
    size_t context_after;      /**< bytes of CONTEXT after the reference
                                    (the rest is the reference as written;
                                    nothing for an HTML attribute) */
    /* Added in 0.9.0 (with URIGREP_EXTRACT_UNWRAP): */
    /** The destination of a wrapped link (URI decoded as urigrep_unwrap()
     *  does; tracking parameters out with STRIP_TRACKING), or { NULL, 0 }
     *  when URI is not a wrapper, holds no target (Mimecast) or is
     *  malformed (a URIGREP_NOTICE_WRAPPER notice says why). */
    struct urigrep_span target;
    /** The name of URI's outermost wrapper ("safelinks", "proofpoint-v3",
     *  "mimecast"...), or NULL when it is not a wrapped link. */
    const char *wrapper;
    /* WARC only (added in 0.9.0; NULL and 0 otherwise); content_type and
     * charset are then those of the payload, "header" for a Location */
    const char *warc_record_id;  /**< its record's WARC-Record-ID */
    const char *warc_target_uri; /**< its WARC-Target-URI */
    const char *warc_date;       /**< its WARC-Date */
    /** where its record starts in the file (for a .warc.gz read member by
     *  member, urigrep_extractor_member(), the gzip member holding it),
     *  so that a tool can seek to it */
    uint64_t warc_offset;
    /* Added in 0.9.0, filled with URIGREP_EXTRACT_TRUST (without it TEXT,
     * HOST_ASCII and HOST_UNICODE are { NULL, 0 }, MISMATCH and LOOKALIKE
     * -1). */
    /** The href of an HTML <a>: the link's visible text, character
     *  references decoded, without markup, blanks (and U+00A0) collapsed
     *  to one space and none at either end, a <br>, <p>, <div>, <li>,
     *  <tr>, <td> or <th> in it read as a blank; at most
     *  URIGREP_TEXT_BYTES bytes, cut at a character boundary. It is raw
     *  text: make it safe before showing it. { NULL, 0 } for any other
     *  reference; { "", 0 } for a link with no text (an image). */
    struct urigrep_span text;
    /** 1: TEXT is itself a URI, a www. or other host name, or (for a
     *  mailto: link) an e-mail address, whose registered domain (by the
     *  Public Suffix List) differs from that of the reference's host;
     *  0: TEXT names no host, or one of the same registered domain; -1:
     *  not known (no TEXT, a reference with no host, or a library built
     *  without libpsl: urigrep_trust_features()). A TEXT that is itself
     *  a wrapped link is read as its target (-1 when that is not known). */
    int mismatch;
    /** 1: the host is one a person may misread: a label mixing scripts
     *  or confusable with ASCII (UTS #39, ICU's spoof checker), a
     *  userinfo that reads as a host name ("http://paypal.com@evil.example/"),
     *  or an IPv4 address written as one number or in hex or octal
     *  ("http://3232235777/", "http://0x7f.1/"); 0: none of these; -1:
     *  not known (a non-ASCII host and a library built without ICU).
     *  For a wrapped link, 1 also when its TARGET's host is one (then
     *  HOST_ASCII and HOST_UNICODE are the target's). */
    int lookalike;
    /** For a host with non-ASCII or "xn--" labels (an IDN): the host in
     *  ASCII (A-labels, "xn--..."), and in Unicode (U-labels), to show
     *  side by side; { NULL, 0 } otherwise or without libidn2. */
    struct urigrep_span host_ascii;
    struct urigrep_span host_unicode;
};

/** Most bytes of urigrep_ref.text. Added in 0.9.0. */
#define URIGREP_TEXT_BYTES 256

/** What urigrep_ref's trust fields can tell in this build: a mask of
 *  URIGREP_TRUST_* bits. Added in 0.9.0. */
#define URIGREP_TRUST_PSL 0x1u  /**< mismatch: libpsl is there */
#define URIGREP_TRUST_ICU 0x2u  /**< lookalike IDN labels: ICU is there */
#define URIGREP_TRUST_IDN 0x4u  /**< host_ascii, host_unicode: libidn2 */
unsigned urigrep_trust_features(void);

/** Most bytes of context on each side of a reference. */
#define URIGREP_CONTEXT_BYTES 100

/** Called for each reference, in document order. Return 0 to go on,
 *  nonzero to stop: the feed or finish call then returns
 *  URIGREP_ERR_STOPPED, and the extractor ignores input until
 *  urigrep_extractor_finish() or urigrep_extractor_reset(). */
typedef int (*urigrep_ref_fn)(void *arg, const struct urigrep_ref *ref);

/** Something the extractor could not do as asked; nothing stops. */
enum urigrep_notice_kind {
    URIGREP_NOTICE_TOO_LONG,       /**< a candidate longer than the limit
                                        was skipped */
    URIGREP_NOTICE_LINE_TOO_LONG,  /**< LINES: a line longer than twice the
                                        limit was skipped */
    URIGREP_NOTICE_ATTR_TOO_LONG,  /**< an HTML attribute value longer than
                                        the limit was skipped (DETAIL:
                                        "tag attribute") */
    URIGREP_NOTICE_CHARSET,        /**< unknown charset (DETAIL), scanned
                                        as it is */
    URIGREP_NOTICE_BAD_BYTES,      /**< COUNT bytes were not valid in their
                                        charset (at the document's end) */
    URIGREP_NOTICE_TOO_DEEP,       /**< parts nested deeper than the limit
                                        are scanned as text (DETAIL: part) */
    URIGREP_NOTICE_HEADERS_EARLY,  /**< header URIs reported before their
                                        message's Message-ID was known */
    URIGREP_NOTICE_IDNA,           /**< ASCII: IDNA refused a host (DETAIL:
                                        why); it was percent-encoded */
    URIGREP_NOTICE_NO_IDNA,        /**< ASCII: built without libidn2 (once) */
    URIGREP_NOTICE_BAD_LENGTH,     /**< MBOXCL, MBOXCL2: a message's
                                        Content-Length (COUNT) does not
                                        end where a "From " line or the
                                        end follows (LINE: where it was
                                        seen); "From " lines separate
                                        messages from there on. Added
                                        in 0.9.0 */
    /** UNWRAP: a wrapped link could not be decoded (DETAIL: why; REF: the
     *  link); it has no target, or the target of the wrapper around the
     *  bad one. Added in 0.9.0. */
    URIGREP_NOTICE_WRAPPER,
    /* WARC (added in 0.9.0) */
    /** the WARC file is damaged at byte COUNT of the file (a record with a
     *  bad Content-Length or header, garbage between records, a record
     *  cut short; DETAIL says which): reading goes on at the next record */
    URIGREP_NOTICE_WARC_DAMAGED,
    /** the payload of the response or resource record at COUNT is not
     *  read: its type (DETAIL) is not text or HTML, or its
     *  Content-Encoding cannot be undone */
    URIGREP_NOTICE_WARC_SKIPPED,
    /** the HTTP payload of the record at COUNT is damaged (DETAIL: its
     *  Content-Encoding); the rest of it is dropped */
    URIGREP_NOTICE_WARC_BAD_PAYLOAD,
    /** a payload is gzip- or deflate-encoded and the library was built
     *  without zlib: it cannot be read (once a document; COUNT: its
     *  record) */
    URIGREP_NOTICE_NO_ZLIB,
    URIGREP_NOTICE_NO_TRUST,       /**< TRUST: built without libpsl or ICU
                                        (once; DETAIL: what is not done).
                                        Added in 0.9.0. */
    /** RNEWS: LINE should have been a "#! rnews COUNT" line and is not
     *  (COUNT 0): what follows, up to the next one, is read as an
     *  article; or the article counted at LINE (COUNT bytes) is cut short
     *  by the end of the input. Added in 0.9.0. */
    URIGREP_NOTICE_RNEWS
};

/** A notice. DETAIL, REF and MESSAGE_ID are borrowed (NULL if none). */
struct urigrep_notice {
    enum urigrep_notice_kind kind;
    uint64_t line;             /**< stored line it concerns */
    uint64_t count;            /**< a number (max length, bytes) */
    const char *detail;
    struct urigrep_span ref;   /**< the reference concerned, if any */
    const char *message_id;
};

/** Called for each notice; may be NULL in urigrep_extractor_new(). */
typedef void (*urigrep_notice_fn)(void *arg, const struct urigrep_notice *n);

/** Opaque document extractor: no I/O, no global state, memory bounded by
 *  the options' limits whatever the document's size. */
typedef struct urigrep_extractor urigrep_extractor;

/** Create an extractor that calls ON_REF (and ON_NOTICE, if not NULL)
 *  with ARG. OPTS may be NULL for defaults.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when OUT or
 *  ON_REF is NULL, OPTS->size is smaller than the first version of the
 *  struct, a field holds a value that is not one of its enum's, BASE is
 *  not absolute, or SCAN is refused by urigrep_scanner_new(). *OUT is
 *  NULL on failure. */
enum urigrep_status urigrep_extractor_new(
    const struct urigrep_extract_options *opts, urigrep_ref_fn on_ref,
    urigrep_notice_fn on_notice, void *arg, urigrep_extractor **out);

/** Feed LEN more bytes of the document; the split does not matter.
 *  @return URIGREP_OK, URIGREP_ERR_STOPPED (a callback asked to stop, now
 *  or before), URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG (X NULL, or BUF NULL
 *  with LEN not 0). */
enum urigrep_status urigrep_extractor_feed(urigrep_extractor *x,
                                           const char *buf, size_t len);

/** The document about to be fed (not a byte of it yet) is a piece of a
 *  larger one, cut at the start of a line (for mbox, of a "From " line)
 *  and read as TYPE, the type of the whole (URIGREP_DOC_AUTO: decided on
 *  this piece as usual): lines reported count on from LINE lines before
 *  it, offsets of text and LINES documents from OFFSET bytes (those of
 *  mail and HTML count in a decoded part and are not moved), and message
 *  numbers from MESSAGE messages. urigrep_extractor_finish() and
 *  urigrep_extractor_reset() forget it. A program that reads the pieces
 *  of one file in parallel reports what a whole read would.
 *  @return URIGREP_OK, or URIGREP_ERR_ARG (X NULL, TYPE not a type, or
 *  bytes of the document fed already). */
enum urigrep_status urigrep_extractor_set_origin(urigrep_extractor *x,
                                                 enum urigrep_doc_type type,
                                                 uint64_t line,
                                                 uint64_t offset,
                                                 uint64_t message);

/** A WARC file compressed as .warc.gz (one gzip member a record) read
 *  member by member: the bytes fed next (decompressed) are those of the
 *  member at byte OFFSET of the compressed file, and their records report
 *  it as warc_offset. GAP nonzero: data before it was lost (a damaged
 *  member was skipped, and the caller said so): a record it cut ends
 *  there quietly. Without GAP a record still open did not end with its
 *  member: a URIGREP_NOTICE_WARC_DAMAGED (wrong Content-Length) is sent.
 *  Added in 0.9.0.
 *  @return URIGREP_OK, URIGREP_ERR_STOPPED, URIGREP_ERR_NOMEM, or
 *  URIGREP_ERR_ARG (X NULL, or the document is not read as
 *  URIGREP_DOC_WARC: give that type, or feed its first bytes first). */
enum urigrep_status urigrep_extractor_member(urigrep_extractor *x,
                                             uint64_t offset, int gap);

/** Reads up to N bytes of the document at byte OFFSET into BUF and
 *  returns how many: fewer only where the document ends, (size_t)-1 on
 *  error. OFFSET counts from the document's start as OFFSET of
 *  urigrep_extractor_set_origin() does (a piece's bytes are at OFFSET
 *  plus their place in it). Added in 0.9.0. */
typedef size_t (*urigrep_read_at_fn)(void *arg, uint64_t offset, char *buf,
                                     size_t n);

/** The document about to be fed (or being fed) can be read again at any
 *  offset with READ_AT(ARG, ...): a plain file, say, not a pipe. The WARC
 *  and mboxcl/mboxcl2 readers then check a Content-Length with a record
 *  or "From " line inside its count where the count ends, instead of
 *  holding up to 4 MiB of input to find out: a count too long never
 *  swallows the records or messages after it, however far it runs, and
 *  memory stays small. READ_AT NULL: the document cannot be read again
 *  (the default). urigrep_extractor_finish() and urigrep_extractor_reset()
 *  forget it. Added in 0.9.0.
 *  @return URIGREP_OK, or URIGREP_ERR_ARG (X NULL). */
enum urigrep_status urigrep_extractor_set_read_at(urigrep_extractor *x,
                                                  urigrep_read_at_fn read_at,
                                                  void *arg);

/** The document has ended: report what is pending, then get ready for a
 *  new document (its type decided again with URIGREP_DOC_AUTO; message
 *  numbers start again). @return as urigrep_extractor_feed(). */
enum urigrep_status urigrep_extractor_finish(urigrep_extractor *x);

/** Forget the document being read, report nothing more of it, and get
 *  ready for a new one; NULL is accepted. */
void urigrep_extractor_reset(urigrep_extractor *x);

/** Free an extractor; NULL is accepted. */
void urigrep_extractor_free(urigrep_extractor *x);

/* ---- JSON Lines: a reference as urigrep --json prints it ---- */

/** What urigrep_ref_json() writes besides the reference's own fields:
 *  zero-initialise, set SIZE to sizeof the struct, then what you need.
 *  Strings are borrowed for the call. Added in 0.9.0. */
struct urigrep_json_options {
    size_t size;
    const char *file;   /**< "file": its name (NULL: null) */
    /** a public-inbox message's commit id in hex: "commit" and "epoch"
     *  are written (NULL: neither) */
    const char *commit;
    long epoch;         /**< the commit's epoch (-1: null) */
    unsigned flags;     /**< URIGREP_JSON_* */
};

/** Also "context": the reference's context on one line (its blanks one
 *  space), as urigrep --json --context (extract with
 *  URIGREP_EXTRACT_CONTEXT). Added in 0.9.0. */
#define URIGREP_JSON_CONTEXT 0x1u

/** Write REF as the JSON object urigrep --json prints for it, its
 *  newline included, into BUF (CAP bytes; not NUL-terminated): the
 *  keys and values of urigrep(1), JSON OUTPUT, in its order, strings
 *  escaped as it escapes them. REF is taken as the extractor gives it
 *  (extract with URIGREP_EXTRACT_COLUMNS, _UNWRAP and _TRUST to have
 *  what the command has). *LEN receives the bytes written.
 *  @return URIGREP_OK; URIGREP_ERR_TOO_LONG when CAP is too small
 *  (*LEN is then the size needed: a call with that CAP succeeds; BUF's
 *  bytes are undefined);
 *  URIGREP_ERR_NOMEM; URIGREP_ERR_ARG when REF, O, LEN or (CAP not 0)
 *  BUF is NULL, or O's SIZE is too small. Added in 0.9.0. */
enum urigrep_status urigrep_ref_json(const struct urigrep_ref *ref,
                                     const struct urigrep_json_options *o,
                                     char *buf, size_t cap, size_t *len);

#ifdef __cplusplus
}
#endif
#endif /* URIGREP_H */
