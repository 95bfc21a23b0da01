/* urigrep/scan.h: the streaming scanner: RFC 2396 Appendix E delimiting. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PUBLIC_SCAN_H
#define URIGREP_PUBLIC_SCAN_H

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

/** Added in 0.1.0.
 *  @return the name of delimiter D as --json writes it ("bare",
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
/** Read the defanged forms indicator writers use ("hxxps://evil[.]example",
 *  "http[:]//x", "evil[.]example[.]com/a", "user[@]example[.]com") as the
 *  URIs they stand for: the reference is the URI written back, its
 *  offsets and column those of the text as written, and its flags hold
 *  URIGREP_MATCH_REFANGED.  urigrep(1)'s --refang says which forms.
 *  Added in 0.10.0. */
#define URIGREP_SCAN_REFANG 0x4u

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
/** The reference was written defanged and is read back (REF is the URI
 *  it stands for; URIGREP_SCAN_REFANG).  Added in 0.10.0. */
#define URIGREP_MATCH_REFANGED       0x4u

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
 *  Added in 0.1.0.
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
 *  Added in 0.1.0.
 *  @return URIGREP_OK; URIGREP_ERR_STOPPED if FN asked to stop;
 *  URIGREP_ERR_ARG if SC or FN is NULL, or BUF is NULL and LEN is not 0;
 *  URIGREP_ERR_NOMEM or URIGREP_ERR_TOO_LONG if the scanner's window
 *  could not take the bytes. */
enum urigrep_status urigrep_scanner_feed(urigrep_scanner *sc, const char *buf,
                                         size_t len, urigrep_match_fn fn,
                                         void *arg);

/** Signal the end of the stream: report what is still pending, then reset
 *  the scanner for a new stream (offsets and lines start again).
 *  Added in 0.1.0.
 *  @return URIGREP_OK; URIGREP_ERR_STOPPED if FN asked to stop;
 *  URIGREP_ERR_ARG if SC or FN is NULL. */
enum urigrep_status urigrep_scanner_finish(urigrep_scanner *sc,
                                           urigrep_match_fn fn, void *arg);

/** Forget all pending input and start a new stream; NULL is accepted.
 *  Added in 0.1.0. */
void urigrep_scanner_reset(urigrep_scanner *sc);

/** Free a scanner; NULL is accepted. Added in 0.1.0. */
void urigrep_scanner_free(urigrep_scanner *sc);

/** Strip the delimiters a person may type around one reference (RFC 2396
 *  Appendix E, last paragraph): all whitespace first, then <>, quotes
 *  and a "URL:" prefix, layer after layer. Stripping the result again
 *  changes nothing. The result is written to OUT (at least LEN bytes; it
 *  may be IN) and its length returned; 0 when IN or OUT is NULL.
 *  urigrep_strip_typed_alloc() is the form that allocates.
 *  Added in 0.1.0.
 *  @return the length of the result in OUT. */
size_t urigrep_strip_typed(const char *in, size_t len, char *out);

/** As urigrep_strip_typed(), the result allocated: *OUT receives it
 *  NUL-terminated, freed with urigrep_free(), and *OUT_LEN (if not NULL)
 *  its length.  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when OUT is
 *  NULL, IN is NULL with LEN not 0, or LEN is over PTRDIFF_MAX / 4 (*OUT
 *  is then NULL). */
enum urigrep_status urigrep_strip_typed_alloc(const char *in, size_t len,
                                              char **out, size_t *out_len);

#ifdef __cplusplus
}
#endif
#endif /* URIGREP_PUBLIC_SCAN_H */
