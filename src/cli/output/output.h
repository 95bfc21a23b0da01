/* output.h: formatting of results (plain, -n, -b, -0, -c; JSON Lines
 * records: jsonout.h). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_OUTPUT_H
#define URIGREP_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "jsonout.h"
#include "urigrep.h"

/* Hex digits of a commit id in plain output (-H), as the kernel's
 * "Fixes:" tags abbreviate them. */
#define OUTPUT_SHORT_COMMIT 12

/* --color: the SGR parameters ("01;31") of each field, as GREP_COLORS
 * has them; an empty string leaves the field uncoloured. Only digits and
 * ';' (color.c checks), so nothing else reaches the terminal.
 * Owner: color.c, which parses --color's settings; output.c reads them. */
struct output_colors {
    char uri[24], invalid[24], file[24], line[24], byte[24], sep[24];
};

/* Prefix fields for plain output; COLOR NULL: no colours.
 * Owner: main.c, which fills it from the command line (in struct
 * options); output.c reads it. */
struct output_opts {
    bool with_file, line_number, byte_offset, null;
    const struct output_colors *color;
};

/* Append R as one plain line: [FILE:[COMMIT:]][LINE:][OFFSET:]URI then a
 * newline (with NULL: NUL after the file name and at the end instead).
 * The file name is quoted as output_quote() does, except with NULL, where
 * it is written as it is for xargs -0; COMMIT, a public-inbox message's
 * commit, follows it (12 hex digits); the URI is written as it is
 * (report.c has cleaned it). Reads R's FILE, COMMIT, LINE, OFFSET, URI
 * and VALID only: report.c sets no other field for it. */
enum urigrep_status output_plain(struct urigrep_buf *b,
                                 const struct output_opts *o,
                                 const struct output_rec *r);

/* Append S (LEN bytes) for a message on standard error: the bytes of the
 * characters of clean_char_unsafe() and bytes that are not UTF-8 as
 * \ooo (three octal digits), a backslash as \\; the rest as it is. */
enum urigrep_status output_quote(struct urigrep_buf *b, const char *s,
                                 size_t len);

/* Append a count line for -c: [FILE:]COUNT (the file name as in
 * output_plain()). */
enum urigrep_status output_count(struct urigrep_buf *b,
                                 const struct output_opts *o,
                                 const char *file, uint64_t count);

/* Append -c's count as JSON: {"file":FILE,"count":COUNT} and a newline;
 * FILE NULL gives null. */
enum urigrep_status output_count_json(struct urigrep_buf *b,
                                      const char *file, uint64_t count);

/* Append FILE alone, for -l and -L: quoted and ended by a newline, or
 * with NULL as it is and ended by NUL. */
enum urigrep_status output_file_name(struct urigrep_buf *b,
                                     const struct output_opts *o,
                                     const char *file);

#endif
