/* extract.h: the document extractor's state, shared by extract.c (the
 * API, types, mail and lines) and document.c (one decoded text or HTML
 * document). Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_EXTRACT_H
#define URIGREP_EXTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "formats/charset.h"
#include "formats/html.h"
#include "formats/rnews.h"
#include "links/unwrap.h"
#include "urigrep.h"

/* How much of a document's start decides its type (as GNU grep looks
 * for NUL bytes in as much). */
#define EXTRACT_PEEK (32 * 1024)
/* Longest base or document URI kept. */
#define EXTRACT_MAX_BASE 2048
/* Text kept from before the block at hand, for URIGREP_EXTRACT_CONTEXT:
 * the context before a reference the scanner carried over from earlier
 * blocks (a long URI) is there, as far as it reaches. */
#define EXTRACT_CONTEXT_TAIL 2048

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

/* Where text of a decoded document started in the stored document:
 * scanner offset OFF is text of stored line LINE; in HTML, from its byte
 * column COL (0: not known) of the input on.
 * Owner: document.c. */
struct checkpoint {
    uint64_t off, line, col;
};

/* A URI held back: an HTML attribute until the scanner has reported
 * everything before it, so that references stay in document order; a
 * header URI until the message's Message-ID is known.
 * Owner: extract.c (held_push(), held_emit()); document.c holds HTML
 * attributes through them. */
struct held_uri {
    uint64_t pos;   /* scanner offset of the text at that point */
    uint64_t line, column;
    enum urigrep_delim delim;
    char *s;
    size_t n;
    uint64_t seq;   /* its number in its list, from 1 */
    char *text;     /* an <a href>'s text once it has ended, or NULL */
    size_t ntext;
};

/* The URIs held are v[0..n), where v is base + head: held_drop() takes
 * from the front by moving v, not the entries (a memmove() of what was
 * left at every release was 8% of an HTML page's run).
 * Owner: extract.c (held_push(), held_drop(), held_free()). */
struct held_list {
    struct held_uri *v, *base;
    size_t n, cap;  /* in use from v, and room from base */
    size_t bytes;   /* of the URIs held */
    uint64_t pushed;    /* URIs ever held */
};

/* Owner: extract.c, which makes, resets and frees it; the members under
 * each heading below are written by the file the heading names (document.c:
 * the decoded document; warcdoc.c: WARC; emit.c: a record being built). */
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
    /* urigrep_extractor_set_origin(): added to lines (and to offsets of
     * documents that are not mapped) */
    uint64_t origin_line, origin_off;
    /* urigrep_extractor_set_read_at(): the document read again */
    urigrep_read_at_fn read_at;
    void *read_arg;

    /* the document: its type once known, its first bytes until then */
    enum urigrep_doc_type type;
    char *peek;
    size_t npeek;
    uint64_t stored_line;       /* HTML file: lines passed */
    struct mail_parser *mp;
    /* URIGREP_DOC_RNEWS: the batch, and the origin line set for it (each
     * article's lines count on from its place in the batch) */
    struct rnews rn;
    uint64_t rn_origin;

    /* the decoded document at hand: a text file, an HTML file, a part */
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
    struct trust *trust;
    bool no_trust_said;
    /* URIGREP_EXTRACT_CONTEXT: the text the scanner has at hand is the
     * tail of what it was given before x->fed and the block it is given
     * now, at x->fed; the context of a reference is copied into ctx */
    char tail[EXTRACT_CONTEXT_TAIL];
    size_t ntail;
    const char *block;
    size_t nblock;
    struct urigrep_buf ctx;
    size_t bad_bytes;           /* not valid in their charset */
    char hdr_base[EXTRACT_MAX_BASE], doc_uri[EXTRACT_MAX_BASE];
    char html_base[EXTRACT_MAX_BASE];
    enum urigrep_base_source hdr_base_source;

    /* mail */
    uint64_t message;           /* number of the message at hand */
    char mid[512], part[128], ctype[128], part_charset[64];
    char subject[1024];         /* decoded */
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
    bool warc_rec;              /* its fields go with each reference */
    char warc_id[256], warc_target[EXTRACT_MAX_BASE], warc_date[64];
    uint64_t warc_offset;
    uint64_t warc_line;         /* payload line of the bytes at hand */
    bool no_zlib_said;

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

/* Hold a copy of P (N bytes) in L. */
void held_push(struct urigrep_extractor *x, struct held_list *l,
               const char *p, size_t n, uint64_t pos, uint64_t line,
               uint64_t column, enum urigrep_delim delim);

/* Report held URI H; DOCUMENT_BASE: resolved against the document's
 * base, with the document's text around it as context (an HTML
 * attribute), else only against the options' base (a header). */
void held_emit(struct urigrep_extractor *x, const struct held_uri *h,
               bool document_base);

/* Forget the first K held URIs of L. */
void held_drop(struct held_list *l, size_t k);

/* Forget them all and free L's memory. */
void held_free(struct held_list *l);

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
