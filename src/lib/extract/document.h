/* document.h: one decoded document, a text file, an HTML file or a mail
 * part, on its way to the scanner (document.c). Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_DOCUMENT_H
#define URIGREP_DOCUMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "extract/held.h"
#include "extract/origin.h"
#include "formats/charset.h"
#include "formats/html.h"
#include "urigrep.h"

/* Text kept from before the block at hand, for URIGREP_EXTRACT_CONTEXT:
 * the context before a reference the scanner carried over from earlier
 * blocks (a long URI) is there, as far as it reaches. */
#define EXTRACT_CONTEXT_TAIL 2048

/* Where text of a decoded document started in the stored document:
 * scanner offset OFF is text of stored line LINE; in HTML, from its byte
 * column COL (0: not known) of the input on.
 * Owner: document.c. */
struct checkpoint {
    uint64_t off, line, col;
};

/* The decoded document at hand, a member of the extractor (x->doc).
 * Owner: document.c (doc_begin() to doc_free()); extract.c reads what
 * it needs to route a mail part, and sets the direct path up. */
struct document {
    urigrep_scanner *sc;
    bool mapped;                /* lines come from checkpoints */
    /* a mapped document's text that is its stored lines one for one (a
     * mail part as stored, no charset to convert, not HTML): straight to
     * the scanner, no copy, no checkpoint; its line is the scanner's
     * count plus DIRECT_BASE */
    bool direct;
    uint64_t direct_base;
    bool html;
    bool skip;                  /* a part that is not text */
    struct html_scanner *hs;
    struct html_sink hsink;     /* what hs tells (doc_begin()) */
    /* HTML with no charset given: its start is held until a <meta>
     * charset is found in it (held: the bytes, and where each stored line
     * starts in them) */
    bool prescan;
    char pre[HTML_PRESCAN_BYTES];
    size_t npre, npre_lines;
    struct {
        size_t off;
        uint64_t line;
    } pre_lines[64];
    struct charset_conv *cv;
    struct charset_pool cvpool;  /* converters of parts before, idle */
    struct urigrep_buf conv;
    struct urigrep_buf text;    /* text waiting for the scanner */
    uint64_t fed;               /* scanner offset at text.data[0] */
    uint64_t cur_line;          /* stored line of the data at hand */
    uint64_t value_line;        /* where the HTML attribute value at hand
                                   began (html_value()), */
    uint64_t value_col;         /* and its column, from 1 */
    const char *feed_p;         /* the text html_feed() has at hand */
    size_t feed_n;              /* (NULL, 0: none), */
    const char *feed_nl;        /* its first '\n' (none: its end; NULL: not
                                   looked for yet), */
    uint64_t feed_col;          /* the bytes of its line before it, */
    const char *col_p;          /* a byte of it up to which source_col() */
    uint64_t col_at;            /* has looked, and its column */
    const char *col_lazy;       /* pieces before it from here (NULL: */
    const char *col_lazy_end;   /* none) to here, their bytes not yet
                                   counted in feed_col (col_settle()) */
    struct checkpoint *cps;
    size_t ncps, cps_cap;
    struct held_list held;      /* HTML attributes */
    /* URIGREP_EXTRACT_TRUST: the held <a href> (its seq) whose text the
     * HTML scanner reads (0: none) */
    uint64_t anchor_seq;
    /* URIGREP_EXTRACT_CONTEXT: the text the scanner has at hand is the
     * tail of what it was given before x->fed and the block it is given
     * now, at x->fed; the context of a reference is copied into ctx */
    char tail[EXTRACT_CONTEXT_TAIL];
    size_t ntail;
    const char *block;
    size_t nblock;
    struct urigrep_buf ctx;
    size_t bad_bytes;           /* not valid in their charset */
    char html_base[EXTRACT_MAX_BASE];
};

struct urigrep_extractor;
/* Start a document (HTML or text) in CHARSET (NULL or "": UTF-8; FORCE:
 * convert even from UTF-8, so that invalid bytes are counted)
 * (document.c). */
void doc_begin(struct urigrep_extractor *x, bool html, const char *charset,
               bool force);

/* Decoded bytes of the document, from stored line LINE. */
void doc_data(struct urigrep_extractor *x, const char *p, size_t n,
              uint64_t line);

/* Whole lines of the document, P (N bytes, '\n' last), the first from
 * stored line LINE, the last from LAST: as doc_data() a line, in fewer
 * steps. */
void doc_lines(struct urigrep_extractor *x, const char *p, size_t n,
               uint64_t line, uint64_t last);

struct mail_mark;

/* Decoded bytes of the document, P (N bytes), the piece from
 * MARKS[K].off to the next one's (or N) from stored line MARKS[K].line:
 * as doc_data() for each piece that is not empty, in fewer steps. */
void doc_marked(struct urigrep_extractor *x, const char *p, size_t n,
                const struct mail_mark *marks, size_t nmarks);

/* The document has ended: report what is pending. */
void doc_end(struct urigrep_extractor *x);

/* Forget the document and what it held. */
void doc_reset(struct urigrep_extractor *x);

/* Free what documents use. */
void doc_free(struct urigrep_extractor *x);

#endif
