/* urigrep/cut.h: cutting a file into pieces that are read apart, and
 * counting the lines and messages before each. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PUBLIC_CUT_H
#define URIGREP_PUBLIC_CUT_H

/* Part of urigrep.h, which includes every topic header; a program may
 * include this one alone.  Everything here was added in 0.10.0.
 *
 * A large file is read faster in pieces, one a thread or a cluster task,
 * when each piece read from its own start reports what reading the
 * whole file reports.  The cutter says where such pieces start, by the
 * rules of the readers themselves: urigrep -j, the Python module and
 * its Dask runner all cut with it.  A reader of a piece needs the line
 * and message numbers where it starts (urigrep_extractor_set_origin()):
 * those are the counts of the pieces before it (urigrep_count(), or
 * urigrep_counter a block at a time), or for a Content-Length chain the
 * messages the cutter walked over. */

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "extract.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How a document can be cut (urigrep_cut_way()). */
enum urigrep_cut_way {
    URIGREP_CUT_NONE = 0,   /**< read whole */
    URIGREP_CUT_LINES,      /**< text: at the start of a line after an
                                 empty one, which no reference spans */
    URIGREP_CUT_FROM,       /**< mboxo, mboxrd (and mbox before
                                 0.10.0): at separator lines */
    URIGREP_CUT_CHAIN,      /**< plain WARC, mboxcl, mboxcl2, mbox (as
                                 mutt reads it: a right Content-Length
                                 honoured, else the next separator; from
                                 0.10.0): at records or messages reached
                                 by a walk along the Content-Length
                                 chain from the start */
    URIGREP_CUT_MEMBERS     /**< .warc.gz: at gzip members that start a
                                 record (not a continuation record) */
};

/** How a document read as TYPE (URIGREP_DOC_AUTO: as urigrep_detect()
 *  takes it; a gzip member holding a WARC record is a .warc.gz) that
 *  starts with P (N bytes, 32 KiB or the whole file if shorter) can be
 *  cut.  URIGREP_CUT_NONE for a type that is read from its start alone
 *  (mail, HTML, news batches), an mbox that does not start with a
 *  separator line, a WARC file that does not start with a version line,
 *  or compressed data other than a .warc.gz.  (Text holding NUL bytes
 *  can be cut; whether to read it as text at all is the caller's.)
 *  Added in 0.10.0.
 *  @return the way, URIGREP_CUT_NONE when it cannot be cut. */
enum urigrep_cut_way urigrep_cut_way(enum urigrep_doc_type type,
                                     const char *p, size_t n);

/** Options of a cutter; versioned like every options struct (common.h):
 *  set SIZE to sizeof (struct urigrep_cut_options), zero the rest. */
struct urigrep_cut_options {
    size_t size;
    /** the document's type, as for urigrep_cut_way() */
    enum urigrep_doc_type type;
    /** bytes a piece should hold at least: a piece ends at the first cut
     *  this far past its start (the last piece is not cut off when less
     *  than half of this would be left); 0: 4 MiB */
    uint64_t piece;
    /** 0, or how far past the first piece the first cut is looked for:
     *  none there makes the file one piece (a text without empty lines
     *  is then not searched to its end for nothing).  Not for a
     *  Content-Length chain, whose walk reads only headers. */
    uint64_t search;
    /** URIGREP_CUT_DROP_PAGES or 0 */
    unsigned flags;
};

/** The cutter's P is a read-only mapping of a file (mmap): the pages it
 *  read are given back (madvise MADV_DONTNEED) a window at a time, so
 *  that cutting a file of gigabytes keeps little of it resident.  Never
 *  for memory that is not a file's mapping: its bytes would be lost. */
#define URIGREP_CUT_DROP_PAGES 0x1u

/** One piece: bytes START to END (exclusive) of the document. */
struct urigrep_piece {
    uint64_t start;
    uint64_t end;
    /** URIGREP_CUT_CHAIN: the records or messages the walk along the
     *  chain passed before START (an mboxcl body may hold "From " lines
     *  that no count sees); else 0: count them with urigrep_count() */
    uint64_t messages_before;
};

typedef struct urigrep_cutter urigrep_cutter;

/** Cut the document P (N bytes, the whole file; it must stay readable
 *  and unchanged until urigrep_cutter_free()) as OPT says.  *OUT gets a
 *  cutter, freed with urigrep_cutter_free().  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_ARG for a bad argument or SIZE,
 *  URIGREP_ERR_NOMEM; *OUT is NULL on failure. */
enum urigrep_status urigrep_cutter_new(const char *p, size_t n,
                                       const struct urigrep_cut_options *opt,
                                       urigrep_cutter **out);

/** Cut a file that is read, not mapped: the regular file open as FD, its
 *  first SIZE bytes (its size, as fstat() gave it), as OPT says, read
 *  with pread(2) a window of a few MiB at a time.  The pieces and counts
 *  are those urigrep_cutter_new() gives of the same bytes mapped, and a
 *  file cut short meanwhile (a log rotated by copy and truncate) is an
 *  early end, where a mapping of it would take SIGBUS.  URIGREP_CUT_DROP_PAGES
 *  does nothing here.  FD stays the caller's, open until
 *  urigrep_cutter_free(); *OUT gets a cutter.  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_ARG for a bad argument (FD negative,
 *  SIZE over SIZE_MAX, OPT's size), URIGREP_ERR_NOMEM; *OUT is NULL on
 *  failure. */
enum urigrep_status urigrep_cutter_new_fd(int fd, uint64_t size,
                                          const struct urigrep_cut_options *opt,
                                          urigrep_cutter **out);

/** Why a file could not be read whole: for C, a cutter of a file read
 *  (urigrep_cutter_new_fd()), "the file shrank while it was read" (it
 *  ended before its SIZE) or strerror()'s text of a read that failed,
 *  the offset into *AT (if not NULL).  From then on C cuts no more: its piece under
 *  way runs to SIZE, the last; what it gave before stands.  Ask after
 *  urigrep_cutter_next() gives 0.  Added in 0.10.0.
 *  @return the reason (C's, valid while C is), or NULL when every read
 *  came whole (always for urigrep_cutter_new()). */
const char *urigrep_cutter_read_error(const urigrep_cutter *c, uint64_t *at);

/** How C cuts its document.  Added in 0.10.0.
 *  @return urigrep_cut_way() of its start. */
enum urigrep_cut_way urigrep_cutter_way(const urigrep_cutter *c);

/** The next piece into *PIECE, in order from the document's start.  A
 *  document that cannot be cut, or has no cut, is one piece; an empty
 *  one none.  Added in 0.10.0.
 *  @return 1, or 0 when there are no more. */
int urigrep_cutter_next(urigrep_cutter *c, struct urigrep_piece *piece);

/** Free C (NULL is fine).  Added in 0.10.0. */
void urigrep_cutter_free(urigrep_cutter *c);

/** What a piece holds: its lines (newlines) and messages. */
struct urigrep_counts {
    uint64_t lines;
    uint64_t messages;
};

/** Count the newlines of P (N bytes, a piece from the start of a line)
 *  into OUT->lines, and for an mbox (URIGREP_DOC_MBOX, MBOXO, MBOXRD)
 *  the messages that start in it into OUT->messages (else 0): one at
 *  each separator line, and one at the first line when P starts the
 *  document (DOC_START nonzero), separator or not, as the mail parser
 *  reads an mbox.  Added in 0.10.0.
 *  @return URIGREP_OK, or URIGREP_ERR_ARG when P is NULL with N > 0, or
 *  OUT is NULL. */
enum urigrep_status urigrep_count(const char *p, size_t n,
                                  enum urigrep_doc_type type, int doc_start,
                                  struct urigrep_counts *out);

/** The same count of a piece fed in chunks of any size (read a block at
 *  a time): the counts are those of urigrep_count() over the whole,
 *  whatever the chunks (a separator line across two is seen whole).
 *  Added in 0.10.0. */
typedef struct urigrep_counter urigrep_counter;

/** A counter into *OUT, freed with urigrep_counter_free(), for a piece
 *  of TYPE that starts at a line's start (DOC_START: the document's).
 *  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_ARG (OUT NULL) or
 *  URIGREP_ERR_NOMEM. */
enum urigrep_status urigrep_counter_new(enum urigrep_doc_type type,
                                        int doc_start, urigrep_counter **out);

/** Count P (N bytes), the piece's next bytes.  Added in 0.10.0.
 *  @return URIGREP_OK, or URIGREP_ERR_ARG (C NULL, or P NULL with N not
 *  0). */
enum urigrep_status urigrep_counter_feed(urigrep_counter *c, const char *p,
                                         size_t n);

/** The counts of what C was fed into *OUT.  Added in 0.10.0.
 *  @return URIGREP_OK, or URIGREP_ERR_ARG (C or OUT NULL). */
enum urigrep_status urigrep_counter_counts(const urigrep_counter *c,
                                           struct urigrep_counts *out);

/** Free C (NULL is fine).  Added in 0.10.0. */
void urigrep_counter_free(urigrep_counter *c);

/** The offset of the first gzip member at or after FROM in P (N bytes)
 *  that inflates to a WARC record ("WARC/"), where a reader of a damaged
 *  .warc.gz goes on.  Added in 0.10.0.
 *  @return the offset; N when there is none (and always in a build
 *  without zlib: urigrep_features()). */
size_t urigrep_warc_member(const char *p, size_t n, size_t from);

#ifdef __cplusplus
}
#endif

#endif
