/* warcdoc.c: WARC files for the extractor: each record's payload is a
 * document (HTML or text) whose base is the URI it was retrieved from;
 * a redirect's Location is a reference of its own. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/emit.h"
#include "extract/extract.h"
#include "internal.h"
#include "formats/warc.h"
#include "extract/warcdoc.h"

/* The base of a record: its Content-Location resolved against its
 * target URI (RFC 2616 14.14: it defines the base), else the target. */
static void
record_base(struct urigrep_extractor *x, const struct warc_record_info *i)
{
    char *res = NULL;
    size_t n;

    copy_cut(x->hdr_base, sizeof x->hdr_base, i->target_uri);
    x->hdr_base_source = URIGREP_BASE_TARGET_URI;
    copy_cut(x->doc_uri, sizeof x->doc_uri, i->target_uri);
    if (i->content_location[0] == '\0' || i->target_uri[0] == '\0')
        return;
    if (urigrep_resolve(i->target_uri, strlen(i->target_uri),
                        i->content_location, strlen(i->content_location),
                        x->o.rfc, &res, &n) == URIGREP_OK &&
        n < sizeof x->hdr_base) {
        memcpy(x->hdr_base, res, n + 1);
        x->hdr_base_source = URIGREP_BASE_CONTENT_LOCATION;
    }
    free(res);
}

/* A redirect's Location: a reference resolved against the target. */
static void
emit_location(struct urigrep_extractor *x, const struct warc_record_info *i)
{
    struct found f;

    memset(&f, 0, sizeof f);
    f.ref = i->location;
    f.len = strlen(i->location);
    f.line = 0;
    f.column = 1;
    f.delim = URIGREP_DELIM_FIELD;
    if (i->target_uri[0]) {
        f.base = x->doc_uri;
        f.base_source = URIGREP_BASE_TARGET_URI;
    }
    copy_cut(x->origin.ctype, sizeof x->origin.ctype, "header");
    x->origin.part_charset[0] = '\0';
    emit_ref(x, &f);
}

/* Say why a response or resource payload is not read: a coding not
 * undone is said (its links are lost); other payloads are counted. */
static void
say_skipped(struct urigrep_extractor *x, const struct warc_record_info *i)
{
    const char *what = i->content_type[0] ? i->content_type : "no type";

    if (i->skip == WARC_SKIP_RECORD_TYPE)
        return;
    if (i->skip == WARC_SKIP_ENCODING) {
        char why[256];

        if (i->coding_library)
            snprintf(why, sizeof why, "HTTP payload in Content-Encoding "
                     "\"%s\" not read: this urigrep was built without "
                     "%s, which undoes %s", i->encoding, i->coding_library,
                     i->coding_left);
        else
            snprintf(why, sizeof why, "HTTP payload in Content-Encoding "
                     "\"%s\" not read: %s", i->encoding,
                     strcmp(i->coding_left, "compress") == 0
                         ? "compress (LZW) has no decoder in urigrep"
                     : strcmp(i->coding_left, "unknown") == 0
                         ? "it names a coding urigrep does not know"
                         : i->coding_left);
        emit_notice(x, URIGREP_NOTICE_NO_ZLIB, 0, i->offset, why);
        what = i->encoding;
    } else if (i->skip == WARC_SKIP_NOT_HTTP) {
        what = "not an HTTP response";
    }
    emit_notice(x, URIGREP_NOTICE_WARC_SKIPPED, 0, i->offset, what);
}

static void
on_record(void *arg, const struct warc_record_info *i)
{
    struct urigrep_extractor *x = arg;
    bool read = strcmp(i->type, "response") == 0 ||
                strcmp(i->type, "resource") == 0 ||
                (strcmp(i->type, "metadata") == 0 &&
                 (x->o.flags & URIGREP_EXTRACT_WARC_METADATA));

    if (x->stopped || !read)
        return;
    x->origin.warc_rec = true;
    copy_cut(x->origin.warc_id, sizeof x->origin.warc_id, i->record_id);
    copy_cut(x->origin.warc_target, sizeof x->origin.warc_target,
             i->target_uri);
    copy_cut(x->origin.warc_date, sizeof x->origin.warc_date, i->date);
    x->origin.warc_offset = i->offset;
    record_base(x, i);
    if (i->location[0])
        emit_location(x, i);
    if (i->skip != WARC_SCAN) {
        say_skipped(x, i);
        x->origin.warc_rec = false;
        return;
    }
    copy_cut(x->origin.ctype, sizeof x->origin.ctype, i->content_type);
    copy_cut(x->origin.part_charset, sizeof x->origin.part_charset, i->charset);
    x->warc_line = 1;
    doc_begin(x, strcmp(i->content_type, "text/html") == 0 ||
                     strcmp(i->content_type, "application/xhtml+xml") == 0,
              i->charset, false);
}

/* Payload bytes, a line at a time to the document: lines count in the
 * payload as decoded. */
static void
on_data(void *arg, const char *p, size_t n)
{
    struct urigrep_extractor *x = arg;

    while (n > 0 && !x->stopped) {
        const char *nl = memchr(p, '\n', n);
        size_t take = nl ? (size_t)(nl - p) + 1 : n;

        doc_data(x, p, take, x->warc_line);
        if (nl)
            x->warc_line++;
        p += take;
        n -= take;
    }
}

static void
on_end(void *arg)
{
    struct urigrep_extractor *x = arg;

    if (!x->stopped)
        doc_end(x);
    x->origin.warc_rec = false;
    x->hdr_base[0] = x->doc_uri[0] = '\0';
}

static void
on_damaged(void *arg, uint64_t offset, const char *why)
{
    emit_notice(arg, URIGREP_NOTICE_WARC_DAMAGED, 0, offset, why);
}

static void
on_bad_payload(void *arg, uint64_t offset, const char *why)
{
    emit_notice(arg, URIGREP_NOTICE_WARC_BAD_PAYLOAD, 0, offset, why);
}

/* The sink for X's reader. */
static struct warc_sink
sink_of(struct urigrep_extractor *x)
{
    struct warc_sink s = { on_record, on_data, on_end, on_damaged,
                           on_bad_payload, NULL };

    s.arg = x;
    return s;
}

/* The WARC reader reads the file again: OFFSET is the file's. */
static size_t
read_at(void *arg, uint64_t offset, char *buf, size_t n)
{
    const struct urigrep_extractor *x = arg;

    return x->read_at ? x->read_at(x->read_arg, offset, buf, n)
                      : (size_t)-1;
}

bool
warcdoc_start(struct urigrep_extractor *x)
{
    if (x->wr == NULL &&
        (x->wr = warc_new(x->o.flags & URIGREP_EXTRACT_WARC_METADATA)) ==
            NULL)
        return false;
    x->doc.mapped = true;
    warc_set_origin(x->wr, x->origin.off);
    warc_set_read_at(x->wr, read_at, x);
    return true;
}

void
warcdoc_feed(struct urigrep_extractor *x, const char *p, size_t n)
{
    struct warc_sink s = sink_of(x);

    warc_feed(x->wr, p, n, &s);
}

void
warcdoc_member(struct urigrep_extractor *x, uint64_t offset, bool gap)
{
    struct warc_sink s = sink_of(x);

    warc_mark(x->wr, offset, gap, &s);
}

void
warcdoc_finish(struct urigrep_extractor *x)
{
    struct warc_sink s = sink_of(x);

    warc_finish(x->wr, &s);
}

void
warcdoc_free(struct urigrep_extractor *x)
{
    warc_free(x->wr);
    x->wr = NULL;
    x->origin.warc_rec = false;
}
