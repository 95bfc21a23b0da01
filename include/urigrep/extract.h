/* urigrep/extract.h: the document extractor (text, mail, HTML, WARC). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PUBLIC_EXTRACT_H
#define URIGREP_PUBLIC_EXTRACT_H

/* Part of urigrep.h, which includes every topic header; a program may
 * include this one alone.  Every function, type, field and constant
 * here came in 0.1.0 unless its comment says "Added in" another
 * version. */

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "scan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Documents: text, mail, mbox, HTML ---- */

/** What a document is. */
enum urigrep_doc_type {
    URIGREP_DOC_AUTO = 0, /**< decided from its first bytes (up to 32 KiB) */
    URIGREP_DOC_TEXT,     /**< plain text */
    URIGREP_DOC_MAIL,     /**< one RFC 822 / MIME message (or news article) */
    URIGREP_DOC_MBOX,     /**< messages after "From " lines, as mutt
                               reads them: a message's Content-Length is
                               honoured (the "From " lines it counts are
                               text) when it ends where the next "From "
                               line, blank lines before it, or the end
                               follows; else mboxrd (since 0.10.0;
                               before, always mboxrd) */
    URIGREP_DOC_HTML,     /**< HTML: attributes, text, <BASE href> */
    URIGREP_DOC_LINES,    /**< one reference per line, as typed */
    /* Added in 0.9.0 (issue 21): the mbox variants by name
     * (URIGREP_DOC_MBOX undoes mboxrd quoting, as URIGREP_DOC_MBOXRD
     * does) */
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

/** Added in 0.1.0.
 *  @return the type of a document that starts with P (N bytes; 32 KiB is
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

/** Added in 0.1.0.
 *  @return the name of S ("none", "option", "html", "content-base",
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
     *  is empty ("http://@evil.example/") or holds a bidi control (U+202E
     *  and the like, raw or percent-encoded; since 0.10.0), or an IPv4
     *  address written as one number or in hex or octal
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

/** The bits of urigrep_trust_features(). Added in 0.9.0. */
#define URIGREP_TRUST_PSL 0x1u  /**< mismatch: libpsl is there */
#define URIGREP_TRUST_ICU 0x2u  /**< lookalike IDN labels: ICU is there */
#define URIGREP_TRUST_IDN 0x4u  /**< host_ascii, host_unicode: libidn2 */
/** What urigrep_ref's trust fields can tell in this build (those
 *  URIGREP_EXTRACT_TRUST fills): URIGREP_TRUST_PSL when libpsl is there
 *  (mismatch), URIGREP_TRUST_ICU when ICU is (lookalike IDN labels),
 *  URIGREP_TRUST_IDN when libidn2 is (host_ascii, host_unicode).
 *  Added in 0.9.0.
 *  @return a mask of URIGREP_TRUST_* bits. */
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
                                        in 0.9.0. With DETAIL (added in
                                        0.10.0): the Content-Length at
                                        LINE is no count of bytes
                                        (DETAIL: its value, 40 bytes at
                                        most, then "..."; COUNT 0); the
                                        message ends at a "From " line */
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
    /** the payload of the record at COUNT is in a Content-Encoding the
     *  library cannot undo (DETAIL: which, and why: built without zlib,
     *  libzstd or libbrotlidec; compress, which it has no decoder for; a
     *  coding it does not know; more than 4): it is not read. Each such
     *  record (before 0.10.0: once a document, and gzip or deflate
     *  without zlib only, DETAIL the coding) */
    URIGREP_NOTICE_NO_ZLIB,
    URIGREP_NOTICE_NO_TRUST,       /**< TRUST: built without libpsl or ICU
                                        (once; DETAIL: what is not done).
                                        Added in 0.9.0. */
    /** RNEWS: LINE should have been a "#! rnews COUNT" line and is not
     *  (COUNT 0): what follows, up to the next one, is read as an
     *  article; or the article counted at LINE (COUNT bytes) is cut short
     *  by the end of the input. Added in 0.9.0. With DETAIL (added in
     *  0.10.0): LINE is "#! DETAIL" ("cunbatch", "c7unbatch", any
     *  "...unbatch"), a compressed batch follows (COUNT 0): the rest of
     *  the input is not read. */
    URIGREP_NOTICE_RNEWS,
    /** urigrep_extractor_feed_fd(): the file ended at byte COUNT, before
     *  the bytes it was asked for (DETAIL "the file shrank while it was
     *  read", as urigrep(1) says it: the file was cut short meanwhile),
     *  or could not be read there (DETAIL: strerror(errno)); what came
     *  before was fed, the rest is lost. Added in 0.10.0. */
    URIGREP_NOTICE_READ
};

/** The notices that say the input is damaged, references of it perhaps
 *  lost (a bit 1u << KIND each): urigrep(1) says each and exits 2, and a
 *  caller should tell the document from a clean one. The others say what
 *  was not done as asked (a candidate too long, a charset unknown...).
 *  Added in 0.10.0. */
#define URIGREP_NOTICE_DAMAGE                                            \
    ((1u << URIGREP_NOTICE_BAD_LENGTH) |                                 \
     (1u << URIGREP_NOTICE_WARC_DAMAGED) |                               \
     (1u << URIGREP_NOTICE_WARC_BAD_PAYLOAD) |                           \
     (1u << URIGREP_NOTICE_NO_ZLIB) | (1u << URIGREP_NOTICE_RNEWS) |   \
     (1u << URIGREP_NOTICE_READ))

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
 *  Added in 0.1.0.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when OUT or
 *  ON_REF is NULL, OPTS->size is smaller than the first version of the
 *  struct, a field holds a value that is not one of its enum's, BASE is
 *  not absolute, or SCAN is refused by urigrep_scanner_new(). *OUT is
 *  NULL on failure. */
enum urigrep_status urigrep_extractor_new(
    const struct urigrep_extract_options *opts, urigrep_ref_fn on_ref,
    urigrep_notice_fn on_notice, void *arg, urigrep_extractor **out);

/** Feed LEN more bytes of the document; the split does not matter.
 *  Added in 0.1.0.
 *  @return URIGREP_OK, URIGREP_ERR_STOPPED (a callback asked to stop, now
 *  or before), URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG (X NULL, or BUF NULL
 *  with LEN not 0). */
enum urigrep_status urigrep_extractor_feed(urigrep_extractor *x,
                                           const char *buf, size_t len);

/** Feed bytes OFFSET to OFFSET + LEN of the regular file open as FD, as
 *  urigrep_extractor_feed() would, read with pread(2) into a buffer of
 *  the extractor's, 256 KiB at a time (the library opens, closes and
 *  maps nothing). LEN is the part of the file the caller means to read,
 *  from the size it found (fstat(2)) when it began: what is appended
 *  meanwhile is not read. A file cut short meanwhile is not a crash, as
 *  a mapping of it would be (SIGBUS): where the file ends early, or a
 *  read fails, a URIGREP_NOTICE_READ notice (damage) says so and the
 *  call returns what the bytes before gave; *FED (if not NULL) gets the
 *  bytes fed, fewer than LEN then. A caller that reads in several calls
 *  stops at the first that feeds fewer than it asked for.
 *  Added in 0.10.0.
 *  @return as urigrep_extractor_feed(); URIGREP_ERR_ARG also for FD
 *  negative. */
enum urigrep_status urigrep_extractor_feed_fd(urigrep_extractor *x, int fd,
                                              uint64_t offset, uint64_t len,
                                              uint64_t *fed);

/** The document about to be fed (not a byte of it yet) is a piece of a
 *  larger one, cut at the start of a line (for mbox, of a "From " line)
 *  and read as TYPE, the type of the whole (URIGREP_DOC_AUTO: decided on
 *  this piece as usual): lines reported count on from LINE lines before
 *  it, offsets of text and LINES documents from OFFSET bytes (those of
 *  mail and HTML count in a decoded part and are not moved), and message
 *  numbers from MESSAGE messages. urigrep_extractor_finish() and
 *  urigrep_extractor_reset() forget it. A program that reads the pieces
 *  of one file in parallel reports what a whole read would.
 *  Added in 0.1.0.
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
 *  numbers start again). @return as urigrep_extractor_feed().
 *  Added in 0.1.0. */
enum urigrep_status urigrep_extractor_finish(urigrep_extractor *x);

/** Forget the document being read, report nothing more of it, and get
 *  ready for a new one; NULL is accepted. Added in 0.1.0. */
void urigrep_extractor_reset(urigrep_extractor *x);

/** Free an extractor; NULL is accepted. Added in 0.1.0. */
void urigrep_extractor_free(urigrep_extractor *x);

#ifdef __cplusplus
}
#endif
#endif /* URIGREP_PUBLIC_EXTRACT_H */
