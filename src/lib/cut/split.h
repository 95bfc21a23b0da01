/* split.h: where a document can be cut into pieces that are read apart
 * (text, mbox, the Content-Length chains of plain WARC and mboxcl), and
 * how many lines and messages a piece holds: the rules under the public
 * cutter (cutter.c, urigrep/cut.h). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_SPLIT_H
#define URIGREP_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cut/window.h"
#include "formats/mail.h"
#include "urigrep/extract.h"

/* Is TYPE an mbox whose messages start at every "From " separator line
 * (URIGREP_DOC_MBOX, MBOXO, MBOXRD), so that it may be cut there? Not
 * MBOXCL or MBOXCL2: a separator may be inside a body that the
 * message's Content-Length counts, which only reading from the start
 * tells. */
bool split_is_mbox(enum urigrep_doc_type type);

/* The first cut in P (N bytes, a whole document of TYPE, URIGREP_DOC_TEXT
 * or one that split_is_mbox()) at or after FROM and before LIMIT (> FROM), or N
 * when there is none. For an mbox a cut is the start of a "From " line
 * that the mail parser takes for a separator; for text, the start of a
 * line after an empty one, which no reference spans (a blank line ends
 * <...> too, Appendix E as scan_angle() reads it). Reading the pieces
 * between cuts each from its start, with the origin that split_count()
 * gives, reports what reading P whole does. */
size_t split_next(const char *p, size_t n, size_t from, size_t limit,
                  enum urigrep_doc_type type);

/* The mail parser takes a line for a separator only when the whole of it,
 * newline included, fits its line buffer: a longer "From " line is body
 * text. */
#define SPLIT_FROM_LINE_MAX MAIL_LINE_MAX

/* A count of lines (newlines) and, in an mbox, messages, of bytes fed in
 * any chunks from the start of a line: one message at each "From "
 * separator line, and one at the document's first line when the count
 * starts there, separator or not, as the mail parser reads an mbox. The
 * same whatever the chunks (a separator line across two is seen whole).
 * Owner: split.c; cutter.c holds one for urigrep_counter. */
struct split_counter {
    bool mbox;
    int simd;           /* skip_choose()'s enum skip_impl, for newlines */
    bool line_start;    /* the next byte fed starts a line */
    bool first;         /* and that line is the document's first */
    uint64_t lines, messages;
    size_t held;        /* bytes of a line's start held, undecided */
    char hold[SPLIT_FROM_LINE_MAX];
};

/* Start C for a piece of TYPE from a line's start, DOC_START when that
 * is the document's start. */
void split_counter_init(struct split_counter *c, enum urigrep_doc_type type,
                        bool doc_start);

/* Count P (N bytes), the next bytes of C's piece. */
void split_counter_feed(struct split_counter *c, const char *p, size_t n);

/* Count the lines and messages of P (N bytes, a whole piece from the
 * start of a line) into *LINES and *MESSAGES, as a split_counter fed P
 * in one chunk does. */
void split_count(const char *p, size_t n, enum urigrep_doc_type type,
                 bool doc_start, uint64_t *lines, uint64_t *messages);

/* Is a file of TYPE starting with P (N bytes) one whose records or
 * messages only a walk from its start along the Content-Length chain
 * tells apart: a plain WARC file (not a .warc.gz), mboxcl, mboxcl2? */
bool split_by_chain(enum urigrep_doc_type type, const char *p, size_t n);

/* Is the WARC record at P (N bytes to the end; its version line) a
 * continuation record (its WARC-Type), the segment of a record before
 * it? The last WARC-Type of its header counts, as for the reader. */
bool split_warc_continues(const char *p, size_t n);

/* A walk along such a chain: the record or message reached, and how
 * many the last split_chain_next() walked over. Start it zeroed.
 * Owner: split.c; its callers hold one and read it. */
struct split_chain {
    size_t at;
    uint64_t count;
};

/* The first record (plain WARC) or message (mboxcl, mboxcl2) of P (N
 * bytes, the whole file, of TYPE) that starts at or after FROM, as a
 * walk from the file's start along the Content-Length chain proves it:
 * a piece that starts there is read as the whole file reads it. N when
 * there is none: the file ends, or the chain cannot be followed
 * (damage, a header that is not plain). C->count becomes the number of
 * records or messages from where the call before stopped. */
size_t split_chain_next(struct split_chain *c, const char *p, size_t n,
                        size_t from, enum urigrep_doc_type type);

/* The same walk over S (a file read through a window: window.h); S->n
 * also when a read came short (S->failed). */
size_t split_chain_walk(struct split_chain *c, struct cut_window *s,
                        size_t from, enum urigrep_doc_type type);

#endif
