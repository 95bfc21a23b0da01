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
#include "output/output.h"
#include "output/progress.h"
#include "output/uniq.h"

void
report_write_error(int err)
{
    progress_clear();
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

/* msg_set_before()'s hook: the run's buffered output first. */
static void
flush_before(void *r)
{
    report_flush(r);
}

void
report_flush_before_messages(struct run *r)
{
    msg_set_before(r ? flush_before : NULL, r);
}

void
report_file_flush(struct run *r)
{
    static int tty = -1;

    if (tty < 0)
        tty = isatty(STDOUT_FILENO);
    if (tty || r->o->line_buffered)
        report_flush(r);
}

void
report_write(struct run *r, const char *p, size_t n)
{
    if (r->o->stats) {
        /* --stats: the lines are values to count, not output */
        stats_feed(r->o->stats, p, n);
        return;
    }
    /* standard output may be the terminal the progress line is on */
    progress_clear();
    if (fwrite(p, 1, n, stdout) != n ||
        (r->o->line_buffered && fflush(stdout) != 0))
        report_write_error(errno ? errno : EIO);
}

void
report_flush(struct run *r)
{
    if (r->outbuf.len == 0 || r->hold)
        return;
    report_write(r, r->outbuf.data, r->outbuf.len);
    r->outbuf.len = 0;
}

/* "FILE:LINE: warning: URI candidate longer than LIMIT bytes skipped",
 * or for a line (-x) "line longer than"; with COUNT > 1, the count of
 * them from LINE on. */
static void
say_skipped(const char *file, uint64_t line, bool candidate, uint64_t count,
            uint64_t limit)
{
    const char *what = candidate ? "URI candidate" : "line";

    if (count == 1)
        report_msg("%s:%" PRIu64 ": warning: %s longer than %" PRIu64
                   " bytes skipped", file, line, what, limit);
    else
        report_msg("%s:%" PRIu64 ": warning: %" PRIu64 " %ss longer than "
                   "%" PRIu64 " bytes skipped, the first on this line "
                   "(--verbose names each)", file, line, count, what, limit);
}

void
report_file_end(struct run *r)
{
    const struct options *o = r->o;
    enum urigrep_status rc = URIGREP_OK;
    int k;

    /* what the extractor says at a document's end, for the whole file */
    if (r->bad_bytes && o->verbose)
        report_msg("%s: %" PRIu64 " bytes not valid in %s", r->file,
                   r->bad_bytes, o->charset ? o->charset : "their charset");
    r->bad_bytes = 0;
    if (r->warc_skipped && o->verbose)
        report_msg("%s: %" PRIu64 " WARC payload%s not text or HTML, or "
                   "in an encoding not read, skipped", r->file,
                   r->warc_skipped, r->warc_skipped == 1 ? "" : "s");
    r->warc_skipped = 0;
    /* warnings that repeat are said once per file */
    for (k = 0; k < 2; k++) {
        if (r->skipped[k] && !o->no_messages)
            say_skipped(r->file, r->skipped_line[k], k == 0, r->skipped[k],
                        r->skipped_limit[k]);
        r->skipped[k] = 0;
    }
    if (o->quiet)
        return;
    if (o->list != LIST_NONE) {
        if ((r->file_count > 0) == (o->list == LIST_MATCHING))
            rc = output_file_name(&r->outbuf, &o->out, r->file);
    } else if (o->count && o->json)
        rc = output_count_json(&r->outbuf, r->file, r->file_count);
    else if (o->count)
        rc = output_count(&r->outbuf, &o->out, r->file, r->file_count);
    if (rc != URIGREP_OK)
        out_of_memory();
}

/* -u: is URI (LEN bytes, in MESSAGE) new in its scope? Starts a new set
 * when the scope (file, message) changed. Returns 1, 0, or -1 when
 * memory runs out. */
static int
unique(struct run *r, const char *uri, size_t len, uint64_t message)
{
    enum unique_scope scope = r->o->unique_scope;

    if ((scope == UNIQUE_FILE || scope == UNIQUE_MESSAGE) &&
        (r->uniq_file != r->file_serial ||
         (scope == UNIQUE_MESSAGE && r->uniq_message != message))) {
        uniq_free(r->seen);
        if ((r->seen = uniq_new()) == NULL)
            return -1;
        r->uniq_file = r->file_serial;
        r->uniq_message = message;
    }
    return uniq_add(r->seen, uri, len);
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
    msg_say_quoted(&q);
}

static bool
scheme_selected(const struct options *o, const struct urigrep_span *scheme)
{
    size_t i;

    if (o->nschemes == 0)
        return true;
    if (scheme->ptr == NULL)
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
        /* an empty -f file selects nothing, as in grep; -v inverts it */
        return !o->pattern_file || o->invert;
    for (i = 0; i < o->npats && !hit; i++)
        hit = pcre2_match(o->pats[i].code, (PCRE2_SPTR)s, len, 0, 0,
                          o->pats[i].md, NULL) >= 0;
    return hit != o->invert;
}

enum urigrep_doc_type
report_doc_type(enum input_type type)
{
    static const enum urigrep_doc_type doc[] = {
        /* keep in sync with enum input_type */
        URIGREP_DOC_AUTO, URIGREP_DOC_TEXT, URIGREP_DOC_MAIL,
        URIGREP_DOC_MBOX, URIGREP_DOC_HTML, URIGREP_DOC_MBOXO,
        URIGREP_DOC_MBOXRD, URIGREP_DOC_MBOXCL, URIGREP_DOC_MBOXCL2,
        URIGREP_DOC_MAIL,   /* TYPE_MH: its files are messages */
        URIGREP_DOC_WARC,
        URIGREP_DOC_AUTO,   /* TYPE_PINBOX: read by pinbox.c */
        URIGREP_DOC_RNEWS
    };

    return (size_t)type < sizeof doc / sizeof *doc ? doc[type]
                                                   : URIGREP_DOC_AUTO;
}

/* The extractor's flags for what the output shows
 * (report_extract_options()). */
static unsigned
output_flags(const struct options *o)
{
    unsigned f = 0, needs = o->format_needs;

    /* a link's text, mismatch and lookalike hosts: --json shows them, and
     * so may the list and --format's {text} */
    if (o->json || o->pick || (needs & TEMPLATE_NEEDS_TRUST))
        f |= URIGREP_EXTRACT_TRUST;
    if (o->json || (needs & TEMPLATE_NEEDS_COLUMNS))
        f |= URIGREP_EXTRACT_COLUMNS;
    /* --json always tells a wrapped link's target; the picker shows it,
     * and so may --format */
    if (o->json || o->unwrap || o->pick || (needs & TEMPLATE_NEEDS_UNWRAP))
        f |= URIGREP_EXTRACT_UNWRAP;
    return f;
}

void
report_extract_options(const struct options *o,
                       struct urigrep_extract_options *xo)
{
    memset(xo, 0, sizeof *xo);
    xo->size = sizeof *xo;
    xo->type = o->line_uri ? URIGREP_DOC_LINES : report_doc_type(o->type);
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
    if (o->line_buffered)
        xo->flags |= URIGREP_EXTRACT_EAGER;
    /* validation costs as much as finding: only when something needs it
     * (--color shows invalid references in a colour of their own) */
    if (!(o->json || o->strict || o->invalid || o->verbose || o->out.color))
        xo->flags |= URIGREP_EXTRACT_NO_CHECK;
    if (o->pick || (o->json && o->context))
        xo->flags |= URIGREP_EXTRACT_CONTEXT;
    xo->flags |= output_flags(o);
    if (o->strip_tracking)
        xo->flags |= URIGREP_EXTRACT_STRIP_TRACKING;
    if (o->warc_metadata)
        xo->flags |= URIGREP_EXTRACT_WARC_METADATA;
}

/* What a WARC notice N says (report_notice()). Damage, to a record or
 * to its payload's coding, is trouble (exit 2: URIGREP_NOTICE_DAMAGE);
 * payloads not read are counted for --verbose, said at the file's end. */
static void
report_warc_notice(struct run *r, const struct urigrep_notice *n)
{
    const struct options *o = r->o;

    switch (n->kind) {
    case URIGREP_NOTICE_WARC_DAMAGED:
        if (!o->no_messages)
            report_msg("%s: offset %" PRIu64 ": %s", r->file, n->count,
                       n->detail);
        break;
    case URIGREP_NOTICE_WARC_SKIPPED:
        r->warc_skipped++;
        break;
    case URIGREP_NOTICE_WARC_BAD_PAYLOAD:   /* links past it are lost */
        if (!o->no_messages)
            report_msg("%s: offset %" PRIu64 ": %s, the rest of the "
                       "payload dropped", r->file, n->count, n->detail);
        break;
    default:    /* URIGREP_NOTICE_NO_ZLIB: a coding not undone */
        if (!o->no_messages)
            report_msg("%s: offset %" PRIu64 ": %s", r->file, n->count,
                       n->detail);
        break;
    }
}

/* An mbox's Content-Length or a news batch's count that does not fit
 * the file: damage, said as the file's error (exit status 2). */
static void
report_count_notice(struct run *r, const struct urigrep_notice *n,
                    const char *file)
{
    if (r->o->no_messages)
        return;
    if (n->kind == URIGREP_NOTICE_BAD_LENGTH && n->detail)
        report_msg("%s:%" PRIu64 ": no valid Content-Length ('%s' is no "
                   "count of bytes); the message ends at its next "
                   "\"From \" line", file, n->line, n->detail);
    else if (n->kind == URIGREP_NOTICE_BAD_LENGTH)
        report_msg("%s:%" PRIu64 ": Content-Length: %" PRIu64 "%s%s "
                   "does not end where the next message starts; read "
                   "on to its \"From \" line", file, n->line, n->count,
                   n->message_id ? " of message " : "",
                   n->message_id ? n->message_id : "");
    else if (n->detail)
        report_msg("%s:%" PRIu64 ": \"#! %s\": a compressed news batch%s, "
                   "not read (uncompress it first)", file, n->line,
                   n->detail, strncmp(n->detail, "c", 1) == 0 ?
                   " (compress(1), which urigrep does not decode)" : "");
    else if (n->count == 0)
        report_msg("%s:%" PRIu64 ": not a \"#! rnews COUNT\" line where "
                   "one was due; read as an article up to the next one",
                   file, n->line);
    else
        report_msg("%s:%" PRIu64 ": the article counted here (%" PRIu64
                   " bytes) is cut short by the end of the file", file,
                   n->line, n->count);
}

void
report_notice(void *arg, const struct urigrep_notice *n)
{
    struct run *r = arg;
    const struct options *o = r->o;
    const char *file = r->where ? r->where : r->file;

    /* damage is trouble (exit 2), whatever is said of it: one list, the
     * library's, which its other callers read too */
    if (URIGREP_NOTICE_DAMAGE & (1u << n->kind))
        r->error = true;
    switch (n->kind) {
    case URIGREP_NOTICE_TOO_LONG:
    case URIGREP_NOTICE_LINE_TOO_LONG:
        if (o->verbose && !o->no_messages)
            say_skipped(file, n->line, n->kind == URIGREP_NOTICE_TOO_LONG,
                        1, n->count);
        else {
            int k = n->kind != URIGREP_NOTICE_TOO_LONG;

            if (r->skipped[k]++ == 0)
                r->skipped_line[k] = n->line;
            r->skipped_limit[k] = n->count;
        }
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
        /* said by report_file_end(): a piece of a file read by -j is a
         * document of its own, and the file gets one sum */
        r->bad_bytes += n->count;
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
    case URIGREP_NOTICE_BAD_LENGTH:
    case URIGREP_NOTICE_RNEWS:
        report_count_notice(r, n, file);
        break;
    case URIGREP_NOTICE_WARC_DAMAGED:
    case URIGREP_NOTICE_WARC_SKIPPED:
    case URIGREP_NOTICE_WARC_BAD_PAYLOAD:
    case URIGREP_NOTICE_NO_ZLIB:
        report_warc_notice(r, n);
        break;
    case URIGREP_NOTICE_NO_TRUST:
        if (o->verbose)
            report_msg("warning: built without %s: %s", n->detail,
                       strcmp(n->detail, "ICU") == 0
                           ? "\"lookalike\" is null for non-ASCII host names"
                           : "\"mismatch\" is null (not computed)");
        break;
    case URIGREP_NOTICE_IDNA:
        if (o->verbose)
            report_msg("%s:%" PRIu64 ": '%.*s': host name not converted by "
                       "IDNA (%s), percent-encoded", file, n->line,
                       (int)n->ref.len, n->ref.ptr, n->detail);
        break;
    case URIGREP_NOTICE_WRAPPER:
        if (o->verbose)
            report_msg("%s:%" PRIu64 ": '%.*s': wrapped link not decoded "
                       "(%s)", file, n->line, (int)n->ref.len, n->ref.ptr,
                       n->detail);
        break;
    case URIGREP_NOTICE_READ:
        /* the command reads its files itself (input.c) and says this
         * there; a file it hands the library says it as one of those */
        report_file_error(r, r->file, n->detail);
        break;
    }
}

const struct urigrep_ref *
report_view(const struct options *o, const struct urigrep_ref *ref,
            struct urigrep_ref *tmp, char **norm)
{
    enum urigrep_status rc;
    size_t n;

    if (!o->normalize && (!o->unwrap || ref->target.ptr == NULL))
        return ref;
    *tmp = *ref;
    if (o->unwrap && ref->target.ptr)
        tmp->uri = ref->target;
    if (o->normalize) {
        urigrep_free(*norm);
        rc = urigrep_uri_normalize(tmp->uri.ptr, tmp->uri.len, norm, &n);
        if (rc == URIGREP_ERR_NOMEM)
            out_of_memory();
        if (rc == URIGREP_OK) {
            tmp->uri.ptr = *norm;
            tmp->uri.len = n;
        }
    }
    return tmp;
}

bool
report_select(const struct options *o, const struct urigrep_ref *ref,
              struct urigrep_span *parts)
{
    /* else PARTS is left as it is: nothing reads it (a memset of it at
     * every reference was 4% of a plain run) */
    if (o->json || o->nschemes || o->domains.n || o->exclude_domains.n ||
        (o->format_needs & TEMPLATE_NEEDS_PARTS))
        urigrep_uri_split(ref->uri.ptr, ref->uri.len, parts);
    return !((o->strict && ref->valid != 1) ||
             (o->invalid && ref->valid == 1) ||
             !scheme_selected(o, &parts[URIGREP_PART_SCHEME]) ||
             (o->domains.n && !domain_under(&o->domains, parts)) ||
             (o->exclude_domains.n &&
              domain_under(&o->exclude_domains, parts)) ||
             !pattern_selected(o, ref->uri.ptr, ref->uri.len));
}

bool
report_take(struct run *r, const char *uri, size_t len, uint64_t message)
{
    const struct options *o = r->o;

    if (r->file_stop || (o->has_max && r->file_count >= o->max_count))
        return false;
    if (o->unique) {
        int fresh = unique(r, uri, len, message);

        if (fresh < 0)
            out_of_memory();
        if (!fresh)
            return false;
    }
    return true;
}

void
report_selected(struct run *r)
{
    const struct options *o = r->o;

    r->any_selected = true;
    r->file_count++;
    if (o->quiet)
        r->stop = true;
    /* -l and -L know enough at the first; -m at its NUMth */
    if (o->quiet || o->list != LIST_NONE ||
        (o->has_max && r->file_count >= o->max_count))
        r->file_stop = true;
}

void
report_say(struct run *r, const struct urigrep_ref *ref)
{
    const struct options *o = r->o;

    if (!o->quiet && o->verbose && ref->valid == 0)
        say_invalid(r->where ? r->where : r->file, ref->line, ref->ref.ptr,
                    ref->ref.len, ref->error, ref->error_offset);
}

/* --format: REF (PARTS: its URI split when the template needs it) as
 * the template makes it, ended by a newline (-0, and --stats's values:
 * NUL). */
static enum urigrep_status
format_line(struct run *r, const struct urigrep_ref *ref,
            const struct urigrep_span *parts)
{
    struct template_ref tr;
    enum urigrep_status rc;

    tr.ref = ref;
    tr.parts = parts;
    tr.file = r->file;
    tr.defang = r->o->defang;
    if ((rc = template_write(&r->outbuf, r->o->format, &tr)))
        return rc;
    return buf_append(&r->outbuf,
                      r->o->out.null || r->o->stats ? "\0" : "\n", 1);
}

/* --defang without --format: REF (REC set for a plain line, PARTS its
 * URI split) as a plain line showing its URI defanged
 * (urigrep_uri_defang()), or with --json with "defanged" after "uri",
 * which stays the URI.  Apart from report_format(), and not inlined
 * there, so that a plain run pays nothing for it (inlined, it cost a
 * plain run nine instructions a reference in saved registers). */
static __attribute__((noinline)) enum urigrep_status
format_defanged(struct run *r, struct output_rec *rec,
                const struct urigrep_ref *ref,
                const struct urigrep_span *parts)
{
    const struct options *o = r->o;
    struct urigrep_span d;
    enum urigrep_status rc;
    char *s;

    if ((rc = urigrep_uri_defang(ref->uri.ptr, ref->uri.len, &s, &d.len)))
        return rc;
    d.ptr = s;
    if (!o->json) {
        rec->uri = d;
        rc = output_plain(&r->outbuf, &o->out, rec);
    } else {
        output_rec_from_ref(rec, ref, parts);
        rec->defanged = d;
        rec->context = o->context;
        rc = output_json(&r->outbuf, rec);
    }
    urigrep_free(s);
    return rc;
}

void
report_format(struct run *r, const struct urigrep_ref *ref,
              const struct urigrep_span *uri_parts)
{
    const struct options *o = r->o;
    struct output_rec rec;
    enum urigrep_status rc;

    if (o->quiet || o->count || o->list != LIST_NONE)
        return;
    /* every field set one by one, not cleared first: compilers make a
     * clearing a "rep stos", slow at every reference (emit_ref());
     * and for a plain line only those it shows */
    rec.file = r->file;
    rec.line = ref->line;
    rec.offset = ref->offset;
    rec.uri = ref->uri;
    rec.valid = ref->valid == 1;
    rec.commit = r->commit;
    rec.epoch = r->epoch;
    if (o->format) {
        rc = format_line(r, ref, uri_parts);
    } else if (o->defang) {
        rc = format_defanged(r, &rec, ref, uri_parts);
    } else if (!o->json) {
        rc = output_plain(&r->outbuf, &o->out, &rec);
    } else {
        output_rec_from_ref(&rec, ref, uri_parts);
        rec.context = o->context;
        rc = output_json(&r->outbuf, &rec);
    }
    if (rc != URIGREP_OK)
        out_of_memory();
    if (r->outbuf.len >= 64 * 1024 || o->line_buffered)
        report_flush(r);
}

int
report_ref(void *arg, const struct urigrep_ref *ref)
{
    struct run *r = arg;
    const struct options *o = r->o;
    struct urigrep_span uri_parts[URIGREP_PART_COUNT];
    struct urigrep_ref unwrapped;

    ref = report_view(o, ref, &unwrapped, &r->norm);
    if (o->has_max && r->file_count >= o->max_count) {
        /* -m 0: nothing is selected */
        r->file_stop = true;
        return 1;
    }
    if (!report_select(o, ref, uri_parts) ||
        !report_take(r, ref->uri.ptr, ref->uri.len, ref->message))
        return 0;
    if (r->collect)
        return r->collect(r, ref);
    report_selected(r);
    report_say(r, ref);
    report_format(r, ref, uri_parts);
    return r->file_stop;
}
