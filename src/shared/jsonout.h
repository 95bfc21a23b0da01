/* jsonout.h: a reference as one JSON Lines object (urigrep --json). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_JSONOUT_H
#define URIGREP_JSONOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "urigrep.h"

/* One reference to print, with what is known about it. Strings are
 * borrowed; NULL means unknown or undefined (JSON null). The command
 * fills it (src/cli/output/report.c; its plain output reads a few fields), and
 * so does urigrep_ref_json() (src/lib/extract/json.c): one writer for both, so
 * that the library's records are the command's byte for byte.
 * Each field is set one by one (no clearing first): those that come from
 * the reference by output_rec_from_ref(), the others by report_format()
 * and urigrep_ref_json(); a field added here is to be set there.
 * Owner: jsonout.c, which writes it as JSON; its callers fill it as said
 * above. */
struct output_rec {
    const char *file;         /* NULL: no file name wanted */
    uint64_t line, column, offset;
    struct urigrep_span ref;  /* as found */
    struct urigrep_span uri;  /* resolved, mapped or as found */
    /* urigrep --defang: URI defanged (urigrep_uri_defang()), written
     * after it; ptr NULL (output_rec_from_ref()'s): no such member */
    struct urigrep_span defanged;
    const char *delimiter;
    bool valid;
    bool absolute;
    const char *error;        /* NULL when valid */
    size_t error_offset;
    /* of URI, indexed by enum urigrep_part as urigrep_uri_split() gives
     * them; NULL: not split */
    const struct urigrep_span *parts;
    bool hyphen_dropped;
    bool refanged;            /* written defanged, read back (--refang) */
    /* mail input only (MAIL true): where in the message, and the base used
     * (NULL: none) */
    bool mail;
    uint64_t message;
    const char *message_id, *subject, *part, *content_type, *charset;
    const char *base, *base_source;
    /* a wrapped link: its wrapper's name and its target (NULL: not a
     * wrapped link; target.ptr NULL: no target) */
    const char *wrapper;
    struct urigrep_span target;
    /* WARC input only (WARC true): the record (content_type and charset
     * are its payload's) */
    bool warc;
    const char *warc_record_id, *warc_target_uri, *warc_date;
    uint64_t warc_offset;
    /* --json: the trust fields of this reference (lookalike, host forms,
     * an HTML link's text and mismatch), and with CONTEXT its context;
     * TRUST NULL: none */
    const struct urigrep_ref *trust;
    bool context;
    /* a public-inbox archive's message: its commit in hex (NULL: not
     * one; plain output shows the first 12 digits after FILE) and its
     * epoch (-1: none, JSON null) */
    const char *commit;
    long epoch;
};

/* Set every field of R that comes from REF (PARTS: its URI split by
 * urigrep_uri_split()), for the command's --json and urigrep_ref_json()
 * alike; FILE, CONTEXT, COMMIT and EPOCH are the caller's to set. */
void output_rec_from_ref(struct output_rec *r, const struct urigrep_ref *ref,
                         const struct urigrep_span *parts);

/* Append R as one JSON Lines object and a newline. */
enum urigrep_status output_json(struct urigrep_buf *b,
                                const struct output_rec *r);

/* Append S as a JSON string (quotes included): quotes, backslashes and the
 * characters of clean_char_unsafe() escaped (\u00XX, \uXXXX, a surrogate
 * pair past U+FFFF), invalid UTF-8 bytes replaced by U+FFFD. */
enum urigrep_status output_json_string(struct urigrep_buf *b, const char *s,
                                       size_t len);

#endif
