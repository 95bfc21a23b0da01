/* mail.h: streaming RFC 822 / MIME message and mbox parser. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_MAIL_H
#define URIGREP_MAIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/* Which header gave a part its base. */
enum mail_base_src {
    MAIL_BASE_NONE,
    MAIL_BASE_CONTENT_BASE,
    MAIL_BASE_CONTENT_LOCATION,
    MAIL_BASE_1808            /* RFC 1808's Base: */
};

/* What of an entity a leaf delivers: its body, or the preamble or the
 * epilogue of a multipart (RFC 2046 5.1.1: the text before its first
 * boundary line, and after its close delimiter), read as text/plain. */
enum mail_region {
    MAIL_REGION_BODY = 0,
    MAIL_REGION_PREAMBLE,
    MAIL_REGION_EPILOGUE
};

/* A leaf part about to be delivered. Strings are valid during the call.
 * Owner: mail.c, which fills it for its sink. */
struct mail_part_info {
    const char *content_type; /* media type, lower case ("text/html") */
    const char *charset;      /* "charset" parameter, or "" */
    const char *base;         /* base from the headers (RFC 2396 5.1.2):
                                 innermost Content-Base, Content-Location
                                 or Base:, resolved; "" if none */
    enum mail_base_src base_src; /* the header that gave BASE */
    const char *location;     /* innermost Content-Location, or "" */
    const char *path;         /* part number as IMAP counts ("1", "2.1");
                                 of a preamble or epilogue, its
                                 multipart's ("" for a message's body) */
    const char *message_id;   /* of the innermost message, or "" */
    const char *subject;      /* its Subject: as written (RFC 2047 words
                                 not decoded), or "" */
    uint64_t line;            /* stored line where the part's body starts */
    bool scan;                /* a text part: its data follows */
    bool as_stored;           /* its data is its body as stored, but for
                                 "From " quoting undone: no transfer
                                 encoding to decode, the data's lines its
                                 stored lines one for one */
    bool too_deep;            /* a multipart or message nested deeper than
                                 MAIL_MAX_DEPTH: its whole body, nested
                                 headers and parts included, comes as
                                 untransformed text (scan is true) */
    enum mail_region region;  /* a preamble or epilogue: CONTENT_TYPE
                                 "text/plain", CHARSET "", AS_STORED (RFC
                                 2046 5.1: not transfer-encoded) */
};

/* Entities (messages and parts) nested deeper than this are not parsed:
 * the deepest one's body is delivered as text. */
#define MAIL_MAX_DEPTH 32

/* Where the decoded bytes of a stored line begin (part_marked()).
 * Owner: mail.c, which fills them for its sink. */
struct mail_mark {
    size_t off;
    uint64_t line;
};

/* What the parser reports; a NULL function is not called.
 * Owner: mail.c and mbox.c, which call it; its user (extract.c) fills
 * it. */
struct mail_sink {
    /* A new message starts (each one in an mbox). */
    void (*message)(void *arg, uint64_t line);
    /* An unfolded header field of a message or part. MESSAGE_ID is the
     * Message-ID of the innermost message if known by now (this field
     * included; a part knows its message's), or "". */
    void (*header)(void *arg, const char *name, size_t nlen,
                   const char *value, size_t vlen, const char *message_id,
                   uint64_t line);
    /* The header of a message or part has ended (at a blank line, a line
     * that is no field, a boundary, a new message or the end of input),
     * before anything of its body is reported. MESSAGE_ID is final:
     * the innermost message's, or that of the message around it when it
     * has none, or "". */
    void (*header_end)(void *arg, const char *message_id);
    void (*part_begin)(void *arg, const struct mail_part_info *info);
    /* Transfer-decoded bytes of a text part, from stored line LINE. */
    void (*part_data)(void *arg, const char *p, size_t n, uint64_t line);
    void (*part_end)(void *arg);
    void *arg;
    /* mboxcl, mboxcl2: a message's Content-Length (LENGTH bytes of body)
     * did not end where a "From " line or the end of the input follows;
     * LINE is the stored line where that was seen. "From " lines separate
     * messages again from there on, until the next Content-Length. */
    void (*bad_length)(void *arg, uint64_t length, uint64_t line);
    /* Optional, for a part with no transfer encoding: whole lines of it,
     * P (N bytes, the last one '\n'), the first from stored line LINE,
     * the last from stored line LAST, and each '\n' ending one; as many
     * part_data() calls, one a line, would say.  NULL: part_data() a
     * line. */
    void (*part_lines)(void *arg, const char *p, size_t n, uint64_t line,
                       uint64_t last);
    /* True: header() is wanted only for the fields the parser reads
     * itself (Message-ID, Subject, Base, Content-*); the others are
     * passed over, not unfolded. */
    bool few_headers;
    /* Optional, for a quoted-printable or base64 part: the decoded bytes
     * of whole lines, P (N bytes), MARKS[K] saying where the bytes of one
     * stored line begin and which line it is (MARKS[0].off is 0, the
     * offsets ascending, a line that gave no byte an empty piece); as
     * many part_data() calls, one for each piece that is not empty,
     * would say.  NULL: part_data() a line. */
    void (*part_marked)(void *arg, const char *p, size_t n,
                        const struct mail_mark *marks, size_t nmarks);
    /* Optional. mboxcl, mboxcl2: a message's Content-Length, V (VLEN
     * bytes, blanks trimmed; any bytes), at stored line LINE, is no
     * count of bytes (no digits, another byte, more than 18 digits): the
     * message is read as having none (it ends at a "From " line). */
    void (*bad_length_value)(void *arg, const char *v, size_t vlen,
                             uint64_t line);
};

struct mail_parser;

/* How the input is cut into messages, and which "From " quoting is
 * undone in their bodies: the mbox variants as qmail's mbox(5) and the
 * Library of Congress format descriptions fdd000383 to fdd000387 (MBOX,
 * MBOXO, MBOXRD, MBOXCL, MBOXCL2) name them. */
enum mail_mode {
    MAIL_ONE = 0,   /* one message */
    MAIL_MBOXRD,    /* "From " lines start messages; ">From ", ">>From "
                       ... lose one '>' (mboxrd, and mbox by default) */
    MAIL_MBOXO,     /* "From " lines; only ">From " loses its '>' */
    MAIL_MBOXCL,    /* as MBOXO, but a "From " line inside the body that a
                       message's Content-Length counts is body text */
    MAIL_MBOXCL2,   /* Content-Length as MBOXCL; nothing is unquoted */
    MAIL_MBOX       /* an mbox of any variant, as mutt reads one: a
                       message's Content-Length is honoured (the "From "
                       lines it counts are body text) when it ends where
                       a "From " line or the end of the input follows,
                       blank lines between; else, or with none, "From "
                       lines start messages, no damage said. Quoting as
                       MBOXRD */
};

/* A new parser reading MODE (a bool true is MAIL_MBOXRD). NULL when
 * memory runs out. */
struct mail_parser *mail_new(enum mail_mode mode);

/* M as mail_new(MODE) makes a parser, for a new input, its buffers
 * kept: the parser is some 400 KiB, which malloc() gives as a mapping of
 * its own when the mmap threshold is fixed (Dask's workers set
 * MALLOC_TRIM_THRESHOLD_), and a maildir's every file then paid for
 * mapping, zeroing and unmapping it. */
void mail_reset(struct mail_parser *m, enum mail_mode mode);

/* The input can be read again at any offset: READ_AT(ARG, OFFSET, BUF,
 * N) puts up to N bytes from OFFSET (counted as the bytes fed) into BUF
 * and returns how many, fewer only at the end, (size_t)-1 on error. An
 * mboxcl count with a "From " line in it is then checked where it ends,
 * and a wrong one ends at the first plausible message, nothing held. */
void mail_set_read_at(struct mail_parser *m,
                      size_t (*read_at)(void *, uint64_t, char *, size_t),
                      void *arg);

/* Parse LEN more bytes; the split of the input does not matter. */
void mail_feed(struct mail_parser *m, const char *p, size_t len,
               const struct mail_sink *sink);

/* End of input: close what is open, then reset for a new input. */
void mail_finish(struct mail_parser *m, const struct mail_sink *sink);

/* Free the parser; NULL is accepted. */
void mail_free(struct mail_parser *m);

/* The longest line the mail parser holds whole, its newline included: a
 * line longer than this (a "From " line, a boundary) reaches it cut, and
 * is not taken for a separator (src/lib/cut/split.c cuts by the same
 * rule). */
#define MAIL_LINE_MAX 256

/* Is P (LEN bytes, a line) an mbox separator: "From " SENDER DATE, with a
 * time in the date? */
bool mail_is_from_line(const char *p, size_t len);

/* Is the header field name NAME (NLEN bytes) WANT, ignoring case?
 * Inline: WANT is a constant, and so its length; most names fail there
 * or at the first letter, with no call. */
static inline bool
mail_name_is(const char *name, size_t nlen, const char *want)
{
    return nlen && nlen == strlen(want) &&
           (name[0] | 0x20) == (want[0] | 0x20) &&
           strncasecmp(name, want, nlen) == 0;
}


#endif
