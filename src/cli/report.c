/* report.c: what happens to a found reference: mapping, validation,
 * resolution, selection, output. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "grammar.h"
#include "internal.h"
#include "jobs.h"
#include "output.h"
#include "uniq.h"

void
out_of_memory(void)
{
    fprintf(stderr, PROGRAM ": out of memory\n");
    exit(2);
}

/* Write "urigrep: ", the quoted message in Q and a newline to standard
 * error; free Q. */
static void
say(struct urigrep_buf *q)
{
    if (jobs_say(q->data ? q->data : "", q->len)) {
        buf_free(q);
        return;
    }
    fputs(PROGRAM ": ", stderr);
    if (q->len)
        fwrite(q->data, 1, q->len, stderr);
    putc('\n', stderr);
    buf_free(q);
}

void
report_vmsg(const char *fmt, va_list ap)
{
    struct urigrep_buf q;
    char small[512], *msg = small;
    va_list again;
    int n;

    va_copy(again, ap);
    n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(again);
        return;
    }
    if ((size_t)n >= sizeof small) {
        if ((msg = malloc((size_t)n + 1)) == NULL)
            out_of_memory();
        vsnprintf(msg, (size_t)n + 1, fmt, again);
    }
    va_end(again);
    buf_init(&q, SIZE_MAX / 2);
    if (output_quote(&q, msg, (size_t)n) != URIGREP_OK)
        out_of_memory();
    say(&q);
    if (msg != small)
        free(msg);
}

void
report_msg(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    report_vmsg(fmt, ap);
    va_end(ap);
}

void
report_write_error(int err)
{
    fprintf(stderr, PROGRAM ": write error: %s\n", strerror(err));
    /* not exit(): the atexit handler would try the broken stream again */
    _exit(2);
}

void
report_close_stdout(void)
{
    /* like gnulib's close_stdout: a pending write that fails, or an error
     * seen earlier, is a write error; closing an already closed standard
     * output with nothing written is not */
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout))
        report_write_error(errno ? errno : EIO);
    errno = 0;
    if (fclose(stdout) != 0 && errno != EBADF)
        report_write_error(errno);
}

void
report_flush(struct run *r)
{
    if (r->hold)
        return;
    if (r->outbuf.len &&
        fwrite(r->outbuf.data, 1, r->outbuf.len, stdout) != r->outbuf.len)
        report_write_error(errno ? errno : EIO);
    r->outbuf.len = 0;
}

void
report_file_error(struct run *r, const char *name, const char *why)
{
    r->error = true;
    if (!r->o->no_messages)
        report_msg("%s: %s", name, why);
}

/* --verbose: "urigrep: FILE:LINE: 'REF': REASON at offset N", FILE and REF
 * quoted (output_quote(); REF may hold any byte, NUL included). */
static void
say_invalid(const char *file, uint64_t line, const char *ref, size_t len,
            enum urigrep_status why, size_t err_off)
{
    struct urigrep_buf q;
    char tail[160];
    int n;

    buf_init(&q, SIZE_MAX / 2);
    n = snprintf(tail, sizeof tail, ":%" PRIu64 ": '", line);
    if (output_quote(&q, file, strlen(file)) ||
        buf_append(&q, tail, (size_t)n) || output_quote(&q, ref, len))
        out_of_memory();
    n = snprintf(tail, sizeof tail, "': %s at offset %zu",
                 urigrep_strerror(why), err_off);
    if (buf_append(&q, tail, (size_t)n))
        out_of_memory();
    say(&q);
}

static bool
scheme_selected(const struct options *o, const struct urigrep_comp *scheme)
{
    size_t i;

    if (o->nschemes == 0)
        return true;
    if (!scheme->defined)
        return false;
    for (i = 0; i < o->nschemes; i++)
        if (strlen(o->schemes[i]) == scheme->len &&
            strncasecmp(o->schemes[i], scheme->ptr, scheme->len) == 0)
            return true;
    return false;
}

static bool
pattern_selected(const struct options *o, const char *s, size_t len)
{
    size_t i;
    bool hit = false;

    if (o->npats == 0)
        return true;
    for (i = 0; i < o->npats && !hit; i++)
        hit = pcre2_match(o->pats[i].code, (PCRE2_SPTR)s, len, 0, 0,
                          o->pats[i].md, NULL) >= 0;
    return hit != o->invert;
}

void
report_extract_options(const struct options *o,
                       struct urigrep_extract_options *xo)
{
    memset(xo, 0, sizeof *xo);
    xo->size = sizeof *xo;
    xo->type = o->line_uri ? URIGREP_DOC_LINES
             : o->type == TYPE_TEXT ? URIGREP_DOC_TEXT
             : o->type == TYPE_MAIL ? URIGREP_DOC_MAIL
             : o->type == TYPE_MBOX ? URIGREP_DOC_MBOX
             : o->type == TYPE_HTML ? URIGREP_DOC_HTML
                                    : URIGREP_DOC_AUTO;
    xo->rfc = o->rfc;
    xo->base = o->no_resolve ? NULL : o->base;
    xo->charset = o->charset;
    xo->scan = o->scan;
    if (o->headers)
        xo->flags |= URIGREP_EXTRACT_HEADERS;
    if (o->no_resolve)
        xo->flags |= URIGREP_EXTRACT_NO_RESOLVE;
    if (o->ascii)
        xo->flags |= URIGREP_EXTRACT_ASCII;
    /* validation costs as much as finding: only when something needs it */
    if (!(o->json || o->strict || o->invalid || o->verbose))
        xo->flags |= URIGREP_EXTRACT_NO_CHECK;
}

void
report_notice(void *arg, const struct urigrep_notice *n)
{
    struct run *r = arg;
    const struct options *o = r->o;
    const char *file = r->file;

    switch (n->kind) {
    case URIGREP_NOTICE_TOO_LONG:
        if (!o->no_messages)
            report_msg("%s:%" PRIu64 ": warning: URI candidate longer than "
                       "%" PRIu64 " bytes skipped", file, n->line, n->count);
        break;
    case URIGREP_NOTICE_LINE_TOO_LONG:
        if (!o->no_messages)
            report_msg("%s:%" PRIu64 ": warning: line longer than %" PRIu64
                       " bytes skipped", file, n->line, n->count);
        break;
    case URIGREP_NOTICE_NO_IDNA:
        if (!o->no_messages)
            report_msg("warning: built without IDNA (libidn2): non-ASCII "
                       "host names are percent-encoded");
        break;
    case URIGREP_NOTICE_ATTR_TOO_LONG:
        if (o->verbose)
            report_msg("%s:%" PRIu64 ": <%s> value longer than %" PRIu64
                       " bytes skipped", file, n->line, n->detail, n->count);
        break;
    case URIGREP_NOTICE_CHARSET:
        if (o->verbose)
            report_msg("%s:%" PRIu64 ": unknown charset '%s', scanned as it "
                       "is", file, n->line, n->detail);
        break;
    case URIGREP_NOTICE_BAD_BYTES:
        if (o->verbose)
            report_msg("%s: %" PRIu64 " bytes not valid in %s", file,
                       n->count, n->detail ? n->detail : "their charset");
        break;
    case URIGREP_NOTICE_TOO_DEEP:
        if (o->verbose)
            report_msg("%s:%" PRIu64 ": parts nested more than %" PRIu64
                       " levels deep scanned as text of part %s%s%s", file,
                       n->line, n->count, n->detail,
                       n->message_id ? " of message " : "",
                       n->message_id ? n->message_id : "");
        break;
    case URIGREP_NOTICE_HEADERS_EARLY:
        if (o->verbose)
            report_msg("%s:%" PRIu64 ": header URIs reported before their "
                       "message's Message-ID was known", file, n->line);
        break;
    case URIGREP_NOTICE_IDNA:
        if (o->verbose)
            report_msg("%s:%" PRIu64 ": '%.*s': host name not converted by "
                       "IDNA (%s), percent-encoded", file, n->line,
                       (int)n->ref.len, n->ref.ptr, n->detail);
        break;
    }
}

int
report_ref(void *arg, const struct urigrep_ref *ref)
{
    struct run *r = arg;
    const struct options *o = r->o;
    struct urigrep_parts uri_parts = { 0 };
    struct output_rec rec;
    enum urigrep_status rc;

    if (o->json || o->nschemes)
        grammar_split(ref->uri.ptr, ref->uri.len, &uri_parts);
    if ((o->strict && ref->valid != 1) || (o->invalid && ref->valid == 1) ||
        !scheme_selected(o, &uri_parts.scheme) ||
        !pattern_selected(o, ref->uri.ptr, ref->uri.len))
        return 0;
    if (o->unique) {
        int fresh = uniq_add(r->seen, ref->uri.ptr, ref->uri.len);

        if (fresh < 0)
            out_of_memory();
        if (!fresh)
            return 0;
    }
    r->any_selected = true;
    r->file_count++;
    if (o->quiet) {
        r->stop = true;
        return 1;
    }
    if (o->verbose && ref->valid == 0)
        say_invalid(r->file, ref->line, ref->ref.ptr, ref->ref.len,
                    ref->error, ref->error_offset);
    if (o->count)
        return 0;
    memset(&rec, 0, sizeof rec);
    rec.file = r->file;
    rec.line = ref->line;
    rec.column = ref->column;
    rec.offset = ref->offset;
    rec.hyphen_dropped = (ref->flags & URIGREP_MATCH_HYPHEN_DROPPED) != 0;
    rec.ref = ref->ref;
    rec.uri = ref->uri;
    rec.delimiter = urigrep_delim_name(ref->delim);
    rec.valid = ref->valid == 1;
    rec.absolute = ref->absolute;
    rec.error = ref->valid == 1 ? NULL : urigrep_strerror(ref->error);
    rec.error_offset = ref->error_offset;
    rec.parts = &uri_parts;
    rec.base = ref->base;
    rec.base_source = ref->base ? urigrep_base_source_name(ref->base_source)
                                : NULL;
    if (ref->message) {
        rec.mail = true;
        rec.message = ref->message;
        rec.message_id = ref->message_id;
        rec.subject = ref->subject;
        rec.part = ref->part;
        rec.content_type = ref->content_type;
        rec.charset = ref->charset;
    }
    rc = o->json ? output_json(&r->outbuf, &rec)
                 : output_plain(&r->outbuf, &o->out, &rec);
    if (rc != URIGREP_OK)
        out_of_memory();
    if (r->outbuf.len >= 64 * 1024)
        report_flush(r);
    return 0;
}
