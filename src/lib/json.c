/* json.c: urigrep_ref_json(), a reference as urigrep --json prints it. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "internal.h"
#include "jsonout.h"

/* REC for REF as the command's report_format() fills it (keep in sync),
 * its URI split into PARTS. */
static void
fill(struct output_rec *rec, const struct urigrep_ref *ref,
     const struct urigrep_json_options *o, struct urigrep_span *parts)
{
    urigrep_uri_split(ref->uri.ptr, ref->uri.len, parts);
    rec->file = o->file;
    rec->line = ref->line;
    rec->column = ref->column;
    rec->offset = ref->offset;
    rec->ref = ref->ref;
    rec->uri = ref->uri;
    rec->delimiter = urigrep_delim_name(ref->delim);
    rec->valid = ref->valid == 1;
    rec->absolute = ref->absolute;
    rec->error = ref->valid == 1 ? NULL : urigrep_strerror(ref->error);
    rec->error_offset = ref->error_offset;
    rec->parts = parts;
    rec->hyphen_dropped = (ref->flags & URIGREP_MATCH_HYPHEN_DROPPED) != 0;
    rec->mail = ref->message != 0;
    rec->message = ref->message;
    rec->message_id = ref->message_id;
    rec->subject = ref->subject;
    rec->part = ref->part;
    rec->content_type = ref->content_type;
    rec->charset = ref->charset;
    rec->base = ref->base;
    rec->base_source = ref->base ? urigrep_base_source_name(ref->base_source)
                                 : NULL;
    rec->wrapper = ref->wrapper;
    rec->target = ref->target;
    rec->warc = ref->warc_record_id != NULL || ref->warc_offset != 0 ||
                ref->warc_target_uri != NULL;
    rec->warc_record_id = ref->warc_record_id;
    rec->warc_target_uri = ref->warc_target_uri;
    rec->warc_date = ref->warc_date;
    rec->warc_offset = ref->warc_offset;
    rec->trust = ref;
    rec->context = (o->flags & URIGREP_JSON_CONTEXT) != 0;
    rec->commit = o->commit;
    rec->epoch = o->epoch;
}

URIGREP_EXPORT enum urigrep_status
urigrep_ref_json(const struct urigrep_ref *ref,
                 const struct urigrep_json_options *o, char *buf,
                 size_t cap, size_t *len)
{
    struct urigrep_json_options opt;
    struct urigrep_span parts[URIGREP_PART_COUNT];
    struct output_rec rec;
    struct urigrep_buf b;
    enum urigrep_status rc;

    if (len)
        *len = 0;
    if (ref == NULL || o == NULL || len == NULL || (buf == NULL && cap) ||
        !options_copy(&opt, sizeof opt, o,
                      offsetof(struct urigrep_json_options, flags)))
        return URIGREP_ERR_ARG;
    fill(&rec, ref, &opt, parts);
    /* the caller's memory, never grown: the writer stops at its end */
    b.data = buf;
    b.len = 0;
    b.cap = b.max = cap;
    rc = output_json(&b, &rec);
    if (rc == URIGREP_OK) {
        *len = b.len;
        return URIGREP_OK;
    }
    if (rc != URIGREP_ERR_TOO_LONG)
        return rc;
    /* too small for the writer, which reserves a string's worst case
     * before writing it: written again into memory of our own, then
     * copied when it fits after all */
    buf_init(&b, SIZE_MAX);
    if ((rc = output_json(&b, &rec)) == URIGREP_OK) {
        *len = b.len;
        if (b.len <= cap)
            memcpy(buf, b.data, b.len);
        else
            rc = URIGREP_ERR_TOO_LONG;
    }
    buf_free(&b);
    return rc;
}
