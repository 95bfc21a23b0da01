/* output.c: formatting of results (plain, -n, -b, -0, -c); JSON Lines
 * records are src/shared/jsonout.c's. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clean.h"
#include "output/output.h"
#include "utf8.h"
#include "span.h"

static enum urigrep_status
put_str(struct urigrep_buf *b, const char *s)
{
    return buf_append(b, s, strlen(s));
}

/* Start colour SGR (grep's "ESC [ SGR m ESC [ K"), when there is one. */
static enum urigrep_status
put_color(struct urigrep_buf *b, const char *sgr)
{
    enum urigrep_status rc;

    if (sgr == NULL || *sgr == '\0')
        return URIGREP_OK;
    if ((rc = buf_append_lit(b, "\33[")) || (rc = put_str(b, sgr)))
        return rc;
    return buf_append_lit(b, "m\33[K");
}

/* End the colour SGR started, if any. */
static enum urigrep_status
put_uncolor(struct urigrep_buf *b, const char *sgr)
{
    return sgr && *sgr ? buf_append_lit(b, "\33[m\33[K") : URIGREP_OK;
}

/* Field separator: ':' (coloured as O says) or, with -0 after a file
 * name, NUL. */
static enum urigrep_status
put_sep(struct urigrep_buf *b, const struct output_opts *o, bool nul)
{
    const char *sgr = o->color ? o->color->sep : NULL;
    enum urigrep_status rc;

    if (nul)
        return buf_append(b, "\0", 1);
    if ((rc = put_color(b, sgr)) || (rc = buf_append(b, ":", 1)))
        return rc;
    return put_uncolor(b, sgr);
}

/* A file name as a prefix: quoted, or with -0 (NUL) as it is; coloured
 * as O says. */
static enum urigrep_status
put_file(struct urigrep_buf *b, const struct output_opts *o,
         const char *name)
{
    const char *sgr = o->color ? o->color->file : NULL;
    enum urigrep_status rc;

    if ((rc = put_color(b, sgr)) ||
        (rc = o->null ? put_str(b, name)
                      : output_quote(b, name, strlen(name))))
        return rc;
    return put_uncolor(b, sgr);
}

/* A number field (-n, -b) in colour SGR, and its separator. */
static enum urigrep_status
put_number(struct urigrep_buf *b, const struct output_opts *o,
           const char *sgr, uint64_t v)
{
    enum urigrep_status rc;

    if ((rc = put_color(b, sgr)) || (rc = buf_append_u64(b, v)) ||
        (rc = put_uncolor(b, sgr)))
        return rc;
    return put_sep(b, o, false);
}

enum urigrep_status
output_quote(struct urigrep_buf *b, const char *s, size_t len)
{
    size_t i = 0, n;
    enum urigrep_status rc;

    /* the common case, printable ASCII (a file name on every line of
     * -H output): one copy */
    while (i < len && (unsigned char)s[i] >= 0x20 &&
           (unsigned char)s[i] < 0x7f && s[i] != '\\')
        i++;
    if (i == len)
        return buf_append(b, s, len);
    /* worst case: every byte becomes \ooo */
    if (len > SIZE_MAX / 4 || (rc = buf_reserve(b, len * 4)))
        return len > SIZE_MAX / 4 ? URIGREP_ERR_TOO_LONG : rc;
    buf_append(b, s, i);
    while (i < len) {
        if (s[i] == '\\') {
            buf_append(b, "\\\\", 2);
            i++;
        } else if ((n = clean_safe_len(s + i, len - i)) > 0) {
            buf_append(b, s + i, n);
            i += n;
        } else {
            unsigned char c = (unsigned char)s[i++];

            buf_put(b, '\\');
            buf_put(b, (char)('0' + (c >> 6)));
            buf_put(b, (char)('0' + ((c >> 3) & 7)));
            buf_put(b, (char)('0' + (c & 7)));
        }
    }
    return URIGREP_OK;
}

enum urigrep_status
output_plain(struct urigrep_buf *b, const struct output_opts *o,
             const struct output_rec *r)
{
    const struct output_colors *c = o->color;
    const char *sgr = c ? (r->valid ? c->uri : c->invalid) : NULL;
    enum urigrep_status rc = URIGREP_OK;

    if (o->with_file && r->file &&
        ((rc = put_file(b, o, r->file)) || (rc = put_sep(b, o, o->null))))
        return rc;
    if (o->with_file && r->commit &&
        ((rc = buf_append(b, r->commit, OUTPUT_SHORT_COMMIT)) ||
         (rc = put_sep(b, o, false))))
        return rc;
    if (o->line_number &&
        (rc = put_number(b, o, c ? c->line : NULL, r->line)))
        return rc;
    if (o->byte_offset &&
        (rc = put_number(b, o, c ? c->byte : NULL, r->offset)))
        return rc;
    if ((rc = put_color(b, sgr)) ||
        (rc = buf_append(b, r->uri.ptr, r->uri.len)) ||
        (rc = put_uncolor(b, sgr)))
        return rc;
    return buf_append(b, o->null ? "\0" : "\n", 1);
}

enum urigrep_status
output_count(struct urigrep_buf *b, const struct output_opts *o,
             const char *file, uint64_t count)
{
    enum urigrep_status rc;

    if (o->with_file && file &&
        ((rc = put_file(b, o, file)) || (rc = put_sep(b, o, o->null))))
        return rc;
    if ((rc = buf_append_u64(b, count)))
        return rc;
    return buf_append(b, o->null ? "\0" : "\n", 1);
}

enum urigrep_status
output_file_name(struct urigrep_buf *b, const struct output_opts *o,
                 const char *file)
{
    enum urigrep_status rc;

    if ((rc = put_file(b, o, file)))
        return rc;
    return buf_append(b, o->null ? "\0" : "\n", 1);
}


enum urigrep_status
output_count_json(struct urigrep_buf *b, const char *file, uint64_t count)
{
    enum urigrep_status rc;

    if ((rc = buf_append_lit(b, "{\"file\":")) ||
        (rc = file ? output_json_string(b, file, strlen(file))
                   : buf_append_lit(b, "null")) ||
        (rc = buf_append_lit(b, ",\"count\":")) ||
        (rc = buf_append_u64(b, count)))
        return rc;
    return buf_append_lit(b, "}\n");
}
