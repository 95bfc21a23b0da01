/* extract.h: the document extractor's state (extract.c: the API, types,
 * mail and lines), made of the parts its other files own: the decoded
 * document (document.h), the URIs held back (held.h), where references
 * come from (origin.h). Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_EXTRACT_H
#define URIGREP_EXTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "extract/document.h"
#include "extract/held.h"
#include "extract/origin.h"
#include "formats/charset.h"
#include "formats/html.h"
#include "formats/rnews.h"
#include "links/unwrap.h"
#include "urigrep.h"

/* How much of a document's start decides its type (as GNU grep looks
 * for NUL bytes in as much). */
#define EXTRACT_PEEK (32 * 1024)

/* A reference found, before validation and resolution. Borrowed.
 * Owner: document.c and extract.c make one per candidate; emit.c reads it. */
struct found {
    const char *ref;
    size_t len;
    uint64_t line, column, offset;
    enum urigrep_delim delim;
    unsigned flags;             /* URIGREP_MATCH_* */
    const char *base;           /* innermost base known, or NULL */
    enum urigrep_base_source base_source;
    const char *doc_uri;        /* the document's own URI, or NULL */
    struct urigrep_span context;    /* text around it, or { NULL, 0 } */
    size_t context_before, context_after;   /* bytes of it */
    const char *text;           /* an <a href>'s visible text, or NULL */
    size_t ntext;
};




/* The extractor behind the public handle.
 * Owner: extract.c, which makes, resets and frees it. Its parts have
 * owners of their own: doc is document.c's (document.h), origin is
 * filled by extract.c and warcdoc.c and read by emit.c (origin.h); the
 * members under the WARC heading are warcdoc.c's, those under "a record
 * being built" emit.c's. */
struct urigrep_extractor {
    /* what urigrep_extractor_new() was given (strings copied) */
    struct urigrep_extract_options o;
    char *base, *charset;
    char **schemes;
    urigrep_ref_fn on_ref;
    urigrep_notice_fn on_notice;
    void *arg;
    size_t max_uri;
    enum urigrep_status err;    /* NOMEM once memory ran out */
    bool stopped;               /* a callback asked to stop, or err */
    bool begun;                 /* bytes of the document were fed */
    /* where the references found now come from: the message or WARC
     * record at hand, and urigrep_extractor_set_origin()'s additions */
    struct origin origin;
    /* urigrep_extractor_set_read_at(): the document read again */
    urigrep_read_at_fn read_at;
    void *read_arg;

    /* the document: its type once known, its first bytes until then */
    enum urigrep_doc_type type;
    char *peek;
    size_t npeek;
    char *fdbuf;                /* urigrep_extractor_feed_fd()'s, or NULL */
    uint64_t stored_line;       /* HTML file: lines passed */
    struct mail_parser *mp;
    /* URIGREP_DOC_RNEWS: the batch, and the origin line set for it (each
     * article's lines count on from its place in the batch) */
    struct rnews rn;
    uint64_t rn_origin;

    /* the decoded document at hand: a text file, an HTML file, a part
     * (document.c) */
    struct document doc;
    struct trust *trust;
    bool no_trust_said;
    char hdr_base[EXTRACT_MAX_BASE], doc_uri[EXTRACT_MAX_BASE];
    enum urigrep_base_source hdr_base_source;

    /* mail */
    char raw_subject[1024];     /* as written, to see when it changes */
    char hdr_subject[1024];     /* of the header block being read */
    struct held_list headers;   /* header URIs */
    size_t headers_bytes;
    bool headers_early;         /* this header's URIs go out at once */
    urigrep_scanner *hsc;
    struct mime_words *words;   /* RFC 2047 converters */
    uint64_t header_line;

    /* WARC (warcdoc.c): the reader, and the record at hand */
    struct warc_reader *wr;
    uint64_t warc_line;         /* payload line of the bytes at hand */

    /* LINES */
    struct urigrep_buf line;
    uint64_t line_no, line_off, off;
    bool line_too_long;

    /* a record being built */
    struct urigrep_buf clean, cbase;
    struct unwrap_scratch uw;   /* URIGREP_EXTRACT_UNWRAP */
    struct urigrep_buf strip;   /* URIGREP_EXTRACT_STRIP_TRACKING */
    bool no_idna_said;
};

/* The current document's innermost base and where it came from. */
const char *doc_base(const struct urigrep_extractor *x,
                     enum urigrep_base_source *src);

#endif
