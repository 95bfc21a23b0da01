/* mailint.h: what mail.c (messages, MIME parts, header fields) and
 * mbox.c ("From " lines, Content-Length, the input held) share of the
 * mail parser: its limits, its state, and the functions each calls of
 * the other. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_FORMATS_MAILINT_H
#define URIGREP_FORMATS_MAILINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formats/fields.h"
#include "formats/mail.h"
#include "formats/mime.h"
#include "scan/scan.h"
#include "scan/skip.h"

/*
 * Owner: struct mail_parser is made, reset and freed by mail.c
 * (mail_new(), mail_reset(), mail_free()), which reads lines into it and
 * keeps its stack of levels.  mbox.c owns the fields of a counted body
 * and of the input held (clen is set by mail.c's header reading,
 * counting and count_* when the header ends; hold, win, replay, hbuf[],
 * nwin, after, rpos, nreplay, win_pos, win_line, no_hold_until, ended,
 * end_pos, rewind, no_hold, again and count_check are mbox.c's, which
 * mail.c only reads, but for mail_feed() and mail_finish() driving the
 * hold and its replay).
 */

#define MAX_DEPTH MAIL_MAX_DEPTH
/* A line held to be looked at: boundaries are at most 70 characters
 * (RFC 2046 5.1.1) plus "--", "--" and trailing blanks. */
#define LINE_MAX_ MAIL_LINE_MAX
/* mboxcl: a "From " line inside a counted body may start the next
 * message, the count being too long; the input from there is held, this
 * much at most, until the count's end says whether it was (no "From "
 * line there). A count that runs on for longer is taken as it says. */
#define HOLD_MAX (4 * 1024 * 1024)
/* Read again (mail_set_read_at()): the bytes after a count's end that
 * say whether it is right (blank lines, a "From " line), and those of a
 * "From " line in a count found wrong that say whether a message starts
 * there (its header, and where its own count ends). */
#define AFTER_MAX 1024
#define PLAUSIBLE_MAX (64 * 1024)
/* Longest unfolded header field kept; the rest is dropped. */
#define FIELD_MAX 16384
#define BASE_MAX 2048
#define MID_MAX 512
#define SUBJECT_MAX 1024
#define BOUNDARY_MAX 128
#define PATH_MAX_ 128
/* Blank lines held at the start of a preamble or epilogue: the one or
 * two of most, and a few more. */
#define PEND_MAX 32

enum state { M_HEADERS, M_BODY };

struct level {
    bool is_message;          /* a message's own headers, not a part's */
    bool multipart, closed, digest;
    char boundary[BOUNDARY_MAX];
    size_t blen;
    char ctype[128];
    char charset[64];
    enum mime_cte cte;
    /* the levels whose base, location and Message-ID are in force: this
     * one's own index when its headers set them, else its parent's */
    int base_at, location_at, mid_at;
    enum mail_base_src base_src;
    char base[BASE_MAX];
    char location[BASE_MAX];
    char message_id[MID_MAX];
    char subject[SUBJECT_MAX];  /* a message's own, or "" */
    int num;                  /* a part's number in its multipart */
    int nchild;
    /* raw values seen in the headers, resolved when they end */
    char hdr_base[BASE_MAX], hdr_location[BASE_MAX], hdr_1808[BASE_MAX];
};

struct mail_parser {
    enum mail_mode mode;
    int depth;                /* lv[depth - 1] is being read */
    enum state st;
    char line[LINE_MAX_];
    size_t nline;
    bool long_line;           /* passing a long line through */
    bool at_start;            /* nothing read yet */
    uint64_t line_no;         /* stored line number of the current line */
    char *field;              /* header field being unfolded */
    size_t nfield;
    bool field_cr;            /* a '\r' ended the last piece of a line */
    uint64_t field_line;
    /* a field no one reads (mail_sink.few_headers) is passed over: its
     * bytes are counted in NFIELD, not kept */
    bool skipping;
    /* the last byte of the field so far that is no blank ('\0': none
     * yet), all is_broken_fold() needs: of every byte, past FIELD_MAX
     * too, so that it is the same whether a field is kept or passed
     * over and wherever the input was cut */
    char field_last;
    bool leaf_open, leaf_scan;
    enum mail_region region;  /* what the open leaf is of its entity */
    /* a preamble or epilogue not opened yet (PEND_REGION), from stored
     * line PEND_LINE: its blank lines so far, held (PEND_MAX bytes at
     * most); most are no more than these, and hold no URI */
    enum mail_region pend_region;
    uint64_t pend_line;
    char pend[PEND_MAX];
    size_t npend;
    enum mime_cte cte;
    struct mime_qp qp;
    struct mime_b64 b64;
    char *dec;                /* decode buffer */
    size_t dec_size;
    /* where in the input (bytes fed before) the line being read began,
     * and the body of the headers that end */
    uint64_t pos, line_start, body_pos;
    /* mboxcl, mboxcl2: the message's Content-Length, or -1; while
     * COUNTING, its body runs to COUNT_END */
    int64_t clen;
    bool counting;
    uint64_t count_end, count_len;
    /* the input held from a "From " line in a counted body (HOLD_BODY),
     * then past the count's end (HOLD_AFTER: blank lines, then a line
     * from AFTER on); WIN_POS and WIN_LINE: where that line was.  WIN
     * and REPLAY (what was held, read again) lie in HBUF[0] or HBUF[1]
     * (HOLD_MAX bytes each, owned), at WBASE and RBASE: a hold that
     * starts in the bytes read again holds them where they are */
    enum { HOLD_NONE, HOLD_BODY, HOLD_AFTER } hold;
    char *win, *replay, *hbuf[2], *wbase, *rbase;
    size_t nwin, after, nreplay, rpos;
    uint64_t win_pos, win_line;
    uint64_t no_hold_until;   /* a count found right: none held before */
    /* mail_finish(): the input ended at END_POS (MAIL_MBOX judges a count
     * that runs past it, or past what can be held, without holding) */
    bool ended;
    uint64_t end_pos;
    bool rewind, no_hold;
    enum skip_impl simd;      /* how body lines are looked over */
    /* the input read again at any offset, and the count at hand as that
     * says: 0 not looked at, 1 unknown (held), 2 right, 3 wrong */
    size_t (*read_at)(void *, uint64_t, char *, size_t);
    void *read_arg;
    char *again;              /* PLAUSIBLE_MAX bytes read again */
    int count_check;
    /* last: mail_new() does not clear it (MAX_DEPTH levels of about 16
     * KiB, cleared for every file of a maildir, cost more than reading
     * the file); push_level() sets what a level reads */
    struct level lv[MAX_DEPTH];
};

/* Does M read Content-Length (mboxcl, mboxcl2, mbox as mutt reads it)? */
static inline bool
counts_length(const struct mail_parser *m)
{
    return m->mode == MAIL_MBOXCL || m->mode == MAIL_MBOXCL2 ||
           m->mode == MAIL_MBOX;
}

/* Is a count that does not end where a message does no damage to M, the
 * message ending at its first "From " line as in mboxrd (MAIL_MBOX)? */
static inline bool
count_may_fail(const struct mail_parser *m)
{
    return m->mode == MAIL_MBOX;
}

/* The decimal Content-Length V (VLEN bytes, blanks trimmed), or -1 when
 * it is none: no digit, another byte, or more than 18 digits. */
int64_t mbox_parse_length(const char *v, size_t vlen);

/* Is the line at P (N bytes, COMPLETE as handle_line() has it) an mbox
 * separator that starts a message of M's input (not a "From " line a
 * count runs over, which may start a hold: M->hold)? */
bool mbox_is_separator(struct mail_parser *m, const char *p, size_t n,
                       bool complete, const struct mail_sink *sink);

/* Hold the N bytes at P (the line that starts a hold, or what follows
 * it); false when they would not fit in HOLD_MAX (or its memory). */
bool mbox_hold_bytes(struct mail_parser *m, const char *p, size_t n);

/* Bytes while a hold is on: N of P; how many were taken (M->rewind: the
 * hold is decided, what was held is to be read again). */
size_t mbox_held_bytes(struct mail_parser *m, const char *p, size_t n,
                       const struct mail_sink *sink);

/* Decide the hold: the count RIGHT, or too long (where it ends then is
 * said); what was held is read again from the line that began it. */
void mbox_held_decided(struct mail_parser *m, bool right,
                       const struct mail_sink *sink);

/* Read again what was held (after mbox_held_decided()): before what is
 * left to read again, or as it. */
void mbox_rewind(struct mail_parser *m);

/* A counted body did not end where a message or the input ends: say so,
 * and go back to "From " lines. */
void mbox_bad_count(struct mail_parser *m, const struct mail_sink *sink);

/* Is this line of a header block a header field? "Name:" starts one,
 * unless it reads as a URI: "scheme://", or a well-known scheme with no
 * blank after its colon ("mailto:a@b"). Such a line, like any line that
 * is no field nor a continuation, ends the header and starts the body
 * (a message written without the blank line). Returns the length of the
 * name (the index of its ':'), 0 when the line is no field. */
static inline size_t
field_line_name(const char *p, size_t n)
{
    size_t k = field_name_len(p, n);
    const char *colon = p + k;

    if (k == 0)
        return 0;
    if (k + 1 < n && colon[1] == ' ')
        return k;   /* "Name: value", the common case */
    if (k + 2 < n && colon[1] == '/' && colon[2] == '/')
        return 0;
    if (k + 1 < n && colon[1] != ' ' && colon[1] != '\t' &&
        colon[1] != '\r' && colon[1] != '\n' &&
        scan_is_well_known(p, k))
        return 0;
    return k;
}

#endif
