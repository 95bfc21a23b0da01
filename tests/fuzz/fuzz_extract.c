/* fuzz_extract.c: libFuzzer target for the document extractor, the layer
 * that joins every other (type detection, mail, MIME, charsets, HTML,
 * lines, validation, resolution). */
/* SPDX-License-Identifier: MIT */
/*
 * The first byte picks the document type, the flags and a chunking seed;
 * the rest is extracted whole and in pseudo-random chunks.  The two logs
 * of records and notices must be identical (the split of the input must
 * not matter), and every record must keep the API's promises: a URI with
 * no byte a terminal could take as a control, valid in {-1, 0, 1}, an
 * error offset inside the reference, a message number only for mail.
 * With URIGREP_EXTRACT_COLUMNS (a flag bit of the first byte) the records
 * must be those without it but for their columns.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clean.h"
#include "scan/scan.h"
#include "urigrep.h"
#include "chunks.h"

static void
put_str(struct log *l, const char *s)
{
    put(l, s ? s : "(null)", strlen(s ? s : "(null)") + 1);
}

static void
put_u64(struct log *l, uint64_t v)
{
    put(l, &v, sizeof v);
}

/* Is every character of S (LEN bytes) one that may be shown? */
static int
shown_safe(const char *s, size_t len)
{
    size_t i = 0, n;

    while (i < len) {
        if ((n = clean_safe_len(s + i, len - i)) == 0)
            return 0;
        i += n;
    }
    return 1;
}

static int log_columns = 1;

static int
on_ref(void *arg, const struct urigrep_ref *r)
{
    struct log *l = arg;

    if (!shown_safe(r->uri.ptr, r->uri.len) ||
        (r->base && !shown_safe(r->base, strlen(r->base))) ||
        r->valid < -1 || r->valid > 1 ||
        (r->valid == 0 && r->error_offset > r->ref.len) ||
        (r->valid == 1 && r->error != URIGREP_OK) ||
        (r->base == NULL) != (r->base_source == URIGREP_BASE_NONE) ||
        (r->message == 0 && (r->message_id || r->part || r->subject)))
        abort();
    put(l, "R", 1);
    put(l, r->ref.ptr, r->ref.len);
    put(l, "", 1);
    put(l, r->uri.ptr, r->uri.len);
    put(l, "", 1);
    put_u64(l, r->line);
    if (log_columns)
        put_u64(l, r->column);
    put_u64(l, r->offset);
    put_u64(l, r->message);
    put_u64(l, (uint64_t)r->valid);
    put_u64(l, (uint64_t)r->delim);
    put_u64(l, (uint64_t)r->base_source);
    put_str(l, r->base);
    put_str(l, r->message_id);
    put_str(l, r->subject);
    put_str(l, r->part);
    put_str(l, r->content_type);
    put_str(l, r->charset);
    return 0;
}

static void
on_notice(void *arg, const struct urigrep_notice *n)
{
    struct log *l = arg;

    put(l, "N", 1);
    put_u64(l, (uint64_t)n->kind);
    put_u64(l, n->line);
    put_u64(l, n->count);
    put_str(l, n->detail);
}

/* Extract DATA (SIZE bytes) with OPTS, in chunks picked by SEED. */
static void
extract(const struct urigrep_extract_options *opts, const uint8_t *data,
        size_t size, unsigned seed, struct log *l)
{
    urigrep_extractor *x;
    size_t i = 0;

    if (urigrep_extractor_new(opts, on_ref, on_notice, l, &x) != URIGREP_OK)
        abort();
    while (i < size) {
        size_t k = next_chunk(&seed, size - i);

        if (urigrep_extractor_feed(x, (const char *)data + i, k) !=
            URIGREP_OK)
            abort();
        i += k;
    }
    if (urigrep_extractor_finish(x) != URIGREP_OK)
        abort();
    urigrep_extractor_free(x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const enum urigrep_doc_type types[] = {
        URIGREP_DOC_AUTO, URIGREP_DOC_TEXT, URIGREP_DOC_MAIL,
        URIGREP_DOC_MBOX, URIGREP_DOC_HTML, URIGREP_DOC_LINES,
        URIGREP_DOC_MAIL, URIGREP_DOC_MBOX
    };
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log whole = { 0 }, chunked = { 0 };
    unsigned ctl;

    if (size < 1)
        return 0;
    ctl = data[0];
    data++;
    size--;
    o.type = types[ctl & 7];
    o.flags = URIGREP_EXTRACT_HEADERS;
    if (ctl & 8)
        o.base = "http://base.example/a/b;p?q";
    if (ctl & 16)
        o.charset = "UTF-16LE";
    if (ctl & 32)
        o.scan.max_uri_length = 64;
    if (ctl & 64)
        o.flags |= URIGREP_EXTRACT_COLUMNS;
    log_columns = 1;
    extract(&o, data, size, 0, &whole);
    extract(&o, data, size, ctl | 1u, &chunked);
    if (!log_same(&whole, &chunked))
        abort();
    free(whole.p);
    free(chunked.p);
    if (ctl & 64) {
        /* COLUMNS changes columns only: lines, offsets, all else alike */
        struct log with = { 0 }, without = { 0 };

        log_columns = 0;
        extract(&o, data, size, ctl | 1u, &with);
        o.flags &= ~URIGREP_EXTRACT_COLUMNS;
        extract(&o, data, size, 0, &without);
        log_columns = 1;
        if (!log_same(&with, &without))
            abort();
        free(with.p);
        free(without.p);
    }
    return 0;
}
