/* warc.h: streaming WARC (ISO 28500, WARC/1.0 and 1.1) record reader. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_WARC_H
#define URIGREP_WARC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest record header, and longest HTTP header, held: past this a
 * record header is damage, an HTTP header ends the payload's use. */
#define WARC_HEAD_MAX (64 * 1024)
/* The most of a line looked at after a block to see whether a record
 * follows (a version line whole in it): src/lib/cut/split.c cuts by it
 * too. */
#define WARC_VLINE_MAX 16
/* Longest field value kept (WARC-Target-URI, Location, ...). */
#define WARC_VALUE_MAX 2048

/* Why a record's payload is not delivered. */
enum warc_skip {
    WARC_SCAN = 0,          /* it is: data follows */
    WARC_SKIP_RECORD_TYPE,  /* request, warcinfo, revisit, metadata... */
    WARC_SKIP_MEDIA_TYPE,   /* not text or HTML (an image, a font...) */
    WARC_SKIP_ENCODING,     /* a Content-Encoding that cannot be undone
                               (compress, an unknown coding, too many;
                               br, zstd, gzip without their library) */
    WARC_SKIP_NOT_HTTP      /* an HTTP response block that is none */
};

/* A record whose header (and HTTP header, if any) has been read.
 * Strings are valid during the call; unknown ones are "".
 * Owner: warc.c, which fills it for its sink. */
struct warc_record_info {
    const char *type;           /* WARC-Type, lower case */
    const char *record_id;      /* WARC-Record-ID */
    const char *target_uri;     /* WARC-Target-URI, <> removed */
    const char *date;           /* WARC-Date */
    const char *content_type;   /* the payload's media type, lower case */
    const char *charset;        /* its charset parameter */
    const char *content_location;   /* HTTP Content-Location */
    const char *location;       /* HTTP Location of a redirect (3xx) */
    const char *encoding;       /* HTTP Content-Encoding, lower case */
    /* WARC_SKIP_ENCODING: the coding not undone ("br", "compress",
     * "more than 4 codings"...), and the library that would undo it
     * (NULL: none does) */
    const char *coding_left, *coding_library;
    int status;                 /* HTTP status code, 0 if none */
    uint64_t offset;            /* of the record in the file (warc_mark()) */
    enum warc_skip skip;
};

/* What the reader reports; a NULL function is not called.
 * Owner: warc.c, which calls it; its user (warcdoc.c) fills it. */
struct warc_sink {
    /* A record's headers were read; if INFO->skip is WARC_SCAN, its
     * decoded payload follows (data), then end. */
    void (*record)(void *arg, const struct warc_record_info *info);
    /* Decoded payload bytes (dechunked, Content-Encoding undone). */
    void (*data)(void *arg, const char *p, size_t n);
    void (*end)(void *arg);
    /* The file is damaged at OFFSET (its record, or where garbage
     * starts): WHY says how; reading goes on at the next record. */
    void (*damaged)(void *arg, uint64_t offset, const char *why);
    /* The payload of the record at OFFSET is damaged (its
     * Content-Encoding or chunks): WHY; the rest of it is dropped. */
    void (*bad_payload)(void *arg, uint64_t offset, const char *why);
    void *arg;
};

struct warc_reader;

/* A new reader that delivers the payloads of response and resource
 * records, and with METADATA those of metadata records too. NULL when
 * memory runs out. Free it with warc_free(). */
struct warc_reader *warc_new(bool metadata);

/* Read LEN more bytes; the split of the input does not matter. */
void warc_feed(struct warc_reader *w, const char *p, size_t len,
               const struct warc_sink *sink);

/* The bytes fed next start a gzip member at OFFSET of the file (or, with
 * no marks, a record at OFFSET minus the stream position): a record that
 * begins there reports OFFSET. GAP: bytes before it were lost (a damaged
 * member was skipped): a record still open ends there, unreported as
 * damage (the caller has said it). A record open at a mark without a gap
 * did not end with its member: its Content-Length is wrong (damage). */
void warc_mark(struct warc_reader *w, uint64_t offset, bool gap,
               const struct warc_sink *sink);

/* The input is a plain file that READ_AT(ARG, OFFSET, BUF, N) reads
 * again at any file offset (up to N bytes into BUF; fewer only at its
 * end; (size_t)-1 on error); NULL: it cannot be. With it, a record's
 * Content-Length is checked where it ends (a record or the end of the
 * file must follow) before its block is read: a wrong one ends the block
 * at its first version line, however long it runs, and nothing is held
 * to find out. Without it, up to 4 MiB of a block are held. */
void warc_set_read_at(struct warc_reader *w,
                      size_t (*read_at)(void *, uint64_t, char *, size_t),
                      void *arg);

/* Count stream offsets from BASE on (a piece of a plain file). */
void warc_set_origin(struct warc_reader *w, uint64_t base);

/* End of input: a record left open is damage; then reset. */
void warc_finish(struct warc_reader *w, const struct warc_sink *sink);

/* Free W; NULL is accepted. */
void warc_free(struct warc_reader *w);

#endif
