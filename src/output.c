/* output.c: formatting of results (plain, -n, -b, -0, JSON Lines). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "output.h"
#include "scan.h"

/* Keep in sync with enum urigrep_delim. */
static const char *const delim_names[] = {
    "bare", "angle", "angle-url", "quote", "url-prefix", "abbrev"
};

const char *
output_delim_name(enum urigrep_delim d)
{
    if ((unsigned)d < sizeof delim_names / sizeof *delim_names)
        return delim_names[d];
    return "unknown";
}

static enum urigrep_status
put_str(struct urigrep_buf *b, const char *s)
{
    return buf_append(b, s, strlen(s));
}

static enum urigrep_status
put_u64(struct urigrep_buf *b, uint64_t v)
{
    char tmp[24];
    int n = snprintf(tmp, sizeof tmp, "%" PRIu64, v);

    return buf_append(b, tmp, (size_t)n);
}

/* Field separator: ':' or, with -0 after a file name, NUL. */
static enum urigrep_status
put_sep(struct urigrep_buf *b, bool nul)
{
    return buf_append(b, nul ? "\0" : ":", 1);
}

enum urigrep_status
output_plain(struct urigrep_buf *b, const struct output_opts *o,
             const struct output_rec *r)
{
    enum urigrep_status rc = URIGREP_OK;

    if (o->with_file && r->file &&
        ((rc = put_str(b, r->file)) || (rc = put_sep(b, o->null))))
        return rc;
    if (o->line_number && ((rc = put_u64(b, r->line)) || (rc = put_sep(b, 0))))
        return rc;
    if (o->byte_offset &&
        ((rc = put_u64(b, r->offset)) || (rc = put_sep(b, 0))))
        return rc;
    if ((rc = buf_append(b, r->uri.ptr, r->uri.len)))
        return rc;
    return buf_append(b, o->null ? "\0" : "\n", 1);
}

enum urigrep_status
output_count(struct urigrep_buf *b, const struct output_opts *o,
             const char *file, uint64_t count)
{
    enum urigrep_status rc;

    if (o->with_file && file &&
        ((rc = put_str(b, file)) || (rc = put_sep(b, o->null))))
        return rc;
    if ((rc = put_u64(b, count)))
        return rc;
    return buf_append(b, o->null ? "\0" : "\n", 1);
}

enum urigrep_status
output_json_string(struct urigrep_buf *b, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    size_t i = 0;
    enum urigrep_status rc;

    /* worst case: every byte becomes \ufffd (6 bytes) */
    if ((rc = buf_reserve(b, len * 6 + 2)))
        return rc;
    buf_put(b, '"');
    while (i < len) {
        unsigned char c = (unsigned char)s[i];

        if (c == '"' || c == '\\') {
            buf_put(b, '\\');
            buf_put(b, (char)c);
            i++;
        } else if (c < 0x20 || c == 0x7f) {
            buf_append(b, "\\u00", 4);
            buf_put(b, hex[c >> 4]);
            buf_put(b, hex[c & 15]);
            i++;
        } else if (c < 0x80) {
            buf_put(b, (char)c);
            i++;
        } else {
            uint32_t cp;
            int k = scan_utf8_decode((const unsigned char *)s + i, len - i,
                                     &cp);
            if (k > 0) {
                buf_append(b, s + i, (size_t)k);
                i += (size_t)k;
            } else {
                buf_append(b, "\\ufffd", 6);
                i++;
            }
        }
    }
    buf_put(b, '"');
    return URIGREP_OK;
}

/* "key": then a string, or null when S is NULL. */
static enum urigrep_status
put_key_str(struct urigrep_buf *b, const char *key, const char *s, size_t len)
{
    enum urigrep_status rc;

    if ((rc = put_str(b, ",\"")) || (rc = put_str(b, key)) ||
        (rc = put_str(b, "\":")))
        return rc;
    return s ? output_json_string(b, s, len) : put_str(b, "null");
}

static enum urigrep_status
put_key_comp(struct urigrep_buf *b, const char *key,
             const struct urigrep_comp *c)
{
    return put_key_str(b, key, c->defined ? c->ptr : NULL, c->len);
}

static enum urigrep_status
put_key_u64(struct urigrep_buf *b, const char *key, uint64_t v)
{
    enum urigrep_status rc;

    if ((rc = put_str(b, ",\"")) || (rc = put_str(b, key)) ||
        (rc = put_str(b, "\":")))
        return rc;
    return put_u64(b, v);
}

enum urigrep_status
output_json(struct urigrep_buf *b, const struct output_rec *r)
{
    static const struct urigrep_comp undefined = { NULL, 0, false };
    const struct urigrep_parts *p = r->parts;
    enum urigrep_status rc;

    if ((rc = put_str(b, "{\"file\":")) ||
        (rc = r->file ? output_json_string(b, r->file, strlen(r->file))
                      : put_str(b, "null")) ||
        (rc = put_key_u64(b, "line", r->line)) ||
        (rc = put_key_u64(b, "column", r->column)) ||
        (rc = put_key_u64(b, "offset", r->offset)) ||
        (rc = put_key_str(b, "ref", r->ref.ptr, r->ref.len)) ||
        (rc = put_key_str(b, "uri", r->uri.ptr, r->uri.len)) ||
        (rc = put_key_str(b, "delimiter", r->delimiter,
                          strlen(r->delimiter))) ||
        (rc = put_str(b, r->valid ? ",\"valid\":true" : ",\"valid\":false")) ||
        (rc = put_str(b, r->absolute ? ",\"kind\":\"absolute\""
                                     : ",\"kind\":\"relative\"")) ||
        (rc = put_key_str(b, "error", r->error,
                          r->error ? strlen(r->error) : 0)))
        return rc;
    if (r->error)
        rc = put_key_u64(b, "error_offset", r->error_offset);
    else
        rc = put_str(b, ",\"error_offset\":null");
    if (rc ||
        (rc = put_key_comp(b, "scheme", p ? &p->scheme : &undefined)) ||
        (rc = put_key_comp(b, "authority", p ? &p->authority : &undefined)) ||
        (rc = put_key_comp(b, "userinfo", p ? &p->userinfo : &undefined)) ||
        (rc = put_key_comp(b, "host", p ? &p->host : &undefined)) ||
        (rc = put_key_comp(b, "port", p ? &p->port : &undefined)) ||
        (rc = put_key_comp(b, "path", p ? &p->path : &undefined)) ||
        (rc = put_key_comp(b, "query", p ? &p->query : &undefined)) ||
        (rc = put_key_comp(b, "fragment", p ? &p->fragment : &undefined)))
        return rc;
    if (r->hyphen_dropped && (rc = put_str(b, ",\"hyphen\":\"dropped\"")))
        return rc;
    if (r->mail &&
        ((rc = put_key_str(b, "message_id", r->message_id,
                           r->message_id ? strlen(r->message_id) : 0)) ||
         (rc = put_key_str(b, "part", r->part,
                           r->part ? strlen(r->part) : 0)) ||
         (rc = put_key_str(b, "content_type", r->content_type,
                           r->content_type ? strlen(r->content_type) : 0))))
        return rc;
    if ((r->mail || r->base) &&
        (rc = put_key_str(b, "base", r->base, r->base ? strlen(r->base) : 0)))
        return rc;
    return put_str(b, "}\n");
}
