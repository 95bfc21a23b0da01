/* json.c: urigrep_ref_json(), a reference as urigrep --json prints it. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "internal.h"
#include "jsonout.h"

/* REC for REF as the command's report_format() fills it, its URI split
 * into PARTS. */
static void
fill(struct output_rec *rec, const struct urigrep_ref *ref,
     const struct urigrep_json_options *o, struct urigrep_span *parts)
{
    urigrep_uri_split(ref->uri.ptr, ref->uri.len, parts);
    output_rec_from_ref(rec, ref, parts);
    rec->file = o->file;
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

URIGREP_EXPORT enum urigrep_status
urigrep_ref_json_alloc(const struct urigrep_ref *ref,
                       const struct urigrep_json_options *o, char **out,
                       size_t *out_len)
{
    struct urigrep_json_options opt;
    struct urigrep_span parts[URIGREP_PART_COUNT];
    struct output_rec rec;
    struct urigrep_buf b;
    enum urigrep_status rc;

    if (out_len)
        *out_len = 0;
    if (out)
        *out = NULL;
    if (ref == NULL || o == NULL || out == NULL ||
        !options_copy(&opt, sizeof opt, o,
                      offsetof(struct urigrep_json_options, flags)))
        return URIGREP_ERR_ARG;
    fill(&rec, ref, &opt, parts);
    buf_init(&b, SIZE_MAX);
    if ((rc = output_json(&b, &rec)) == URIGREP_OK) {
        /* the object is never empty, and a buffer keeps a byte past CAP
         * for the NUL (buf.c) */
        b.data[b.len] = '\0';
        *out = b.data;
        if (out_len)
            *out_len = b.len;
        return URIGREP_OK;
    }
    buf_free(&b);
    return rc;
}
