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

/* S (LEN bytes) with output_uri_clean() applied: S itself when no byte
 * needs it (printable ASCII only: nearly every URI, and no copy), else a
 * NUL-terminated copy in B. Its length goes to *OUT_LEN. */
static const char *
cleaned(struct urigrep_buf *b, const char *s, size_t len, size_t *out_len)
{
    const uint64_t ones = 0x0101010101010101ull, high = ones * 0x80;
    size_t i = 0;

    /* eight bytes at a time: is one below 0x21 or above 0x7e? (the exact
     * "has less" and "has more" word tests) */
    for (; i + 8 <= len; i += 8) {
        uint64_t w;

        memcpy(&w, s + i, 8);
        if ((((w - ones * 0x21) & ~w) | ((w + ones * (127 - 0x7e)) | w)) &
            high)
            break;
    }
    for (; i < len; i++)
        if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] >= 0x7f)
            break;
    if (i == len) {
        *out_len = len;
        return s;
    }
    b->len = 0;
    if (output_uri_clean(b, s, len) != URIGREP_OK ||
        buf_append(b, "", 1) != URIGREP_OK)
        out_of_memory();
    *out_len = b->len - 1;
    return b->data;
}

/* Is REF a same-document reference (section 4.2): empty, or a fragment
 * alone? */
static bool
same_document(const char *ref, size_t len)
{
    return len == 0 || ref[0] == '#';
}

void
report_ref(struct run *r, const struct found *f)
{
    const struct options *o = r->o;
    char *mapped = NULL, *resolved = NULL, *expanded = NULL;
    const char *ref = f->ref, *uri = f->ref, *base = NULL;
    size_t len = f->len, ulen = f->len, blen, err_off = 0;
    struct urigrep_parts ref_parts = { 0 }, uri_parts = { 0 };
    enum urigrep_status verdict = URIGREP_OK, rc;
    struct output_rec rec;
    struct urigrep_buf clean, cbase;

    buf_init(&clean, SIZE_MAX / 2);
    buf_init(&cbase, SIZE_MAX / 2);
    if (o->ascii) {
        /* a host IDNA cannot convert is percent-encoded instead (RFC 3987
         * 3.1 step 2); --verbose says why, and a build without libidn2
         * says so once */
        static bool no_idna_said;
        const char *why = NULL;

        rc = urigrep_iri_to_uri_idna(ref, len, &mapped, &len, &why);
        if (rc == URIGREP_ERR_NOMEM)
            out_of_memory();
        if (rc == URIGREP_ERR_IDNA && o->verbose)
            fprintf(stderr, PROGRAM ": %s:%" PRIu64 ": '%.*s': host name not"
                    " converted by IDNA (%s), percent-encoded\n", r->file,
                    f->line, (int)f->len, f->ref, why);
        if (rc == URIGREP_ERR_NO_IDNA && !no_idna_said && !o->no_messages) {
            no_idna_said = true;
            fprintf(stderr, PROGRAM ": warning: built without IDNA "
                    "(libidn2): non-ASCII host names are percent-encoded\n");
        }
        ref = uri = mapped;
        ulen = len;
    }
    /* validation and splitting cost as much as scanning: do them only
     * when an option or the output needs them */
    if (o->json || o->strict || o->invalid || o->verbose) {
        grammar_split(ref, len, &ref_parts);
        verdict = grammar_check(ref, len, &ref_parts, o->rfc, &err_off);
    }
    if (f->abbrev) {
        /* Appendix F: complete with the scheme the host name suggests */
        const char *scheme = strncasecmp(ref, "ftp", 3) == 0 ? "ftp://"
                                                             : "http://";
        size_t sl = strlen(scheme);

        expanded = malloc(sl + len + 1);
        if (expanded == NULL)
            out_of_memory();
        memcpy(expanded, scheme, sl);
        memcpy(expanded + sl, ref, len);
        uri = expanded;
        ulen = sl + len;
    } else if (!o->no_resolve) {
        /* innermost base first (RFC 2396 5.1); a same-document reference
         * is to the document itself, whose URI may differ from the base */
        base = f->base ? f->base : o->base;
        if (f->doc_uri && same_document(ref, len))
            base = f->doc_uri;
        if (base) {
            rc = urigrep_resolve(base, strlen(base), ref, len, o->rfc,
                                 &resolved, &ulen);
            if (rc == URIGREP_ERR_NOMEM)
                out_of_memory();
            if (rc == URIGREP_OK)
                uri = resolved;
            else
                ulen = len, base = NULL;
        }
    }
    /* What is selected and printed never carries a byte that is not
     * allowed in a URI: the bytes of controls, bidi and other format
     * characters, and bytes that are not UTF-8, are percent-encoded here,
     * once for every output (RFC 3987 section 3.1 maps them so too; section
     * 4.1 forbids the bidi controls in IRIs). The base shown by --json is
     * treated alike. The validation above saw the reference as found. */
    uri = cleaned(&clean, uri, ulen, &ulen);
    if (base && o->json)
        base = cleaned(&cbase, base, strlen(base), &blen);
    if (o->json || o->nschemes)
        grammar_split(uri, ulen, &uri_parts);
    if ((o->strict && verdict != URIGREP_OK) ||
        (o->invalid && verdict == URIGREP_OK) ||
        !scheme_selected(o, &uri_parts.scheme) ||
        !pattern_selected(o, uri, ulen))
        goto done;
    if (o->unique) {
        int fresh = uniq_add(r->seen, uri, ulen);
        if (fresh < 0)
            out_of_memory();
        if (!fresh)
            goto done;
    }
    r->any_selected = true;
    r->file_count++;
    if (o->quiet) {
        r->stop = true;
        goto done;
    }
    if (o->verbose && verdict != URIGREP_OK)
        say_invalid(r->file, f->line, ref, len, verdict, err_off);
    if (o->count)
        goto done;
    memset(&rec, 0, sizeof rec);
    rec.file = r->file;
    rec.line = f->line;
    rec.column = f->column;
    rec.offset = f->offset;
    rec.hyphen_dropped = f->hyphen_dropped;
    rec.ref.ptr = ref;
    rec.ref.len = len;
    rec.uri.ptr = uri;
    rec.uri.len = ulen;
    rec.delimiter = f->delimiter;
    rec.valid = verdict == URIGREP_OK;
    rec.absolute = ref_parts.scheme.defined;
    rec.error = verdict == URIGREP_OK ? NULL : urigrep_strerror(verdict);
    rec.error_offset = err_off;
    rec.parts = &uri_parts;
    rec.base = base;
    if (f->mail) {
        rec.mail = true;
        rec.message_id = f->mail->message_id[0] ? f->mail->message_id : NULL;
        rec.part = f->mail->part[0] ? f->mail->part : NULL;
        rec.content_type = f->mail->content_type;
    }
    rc = o->json ? output_json(&r->outbuf, &rec)
                 : output_plain(&r->outbuf, &o->out, &rec);
    if (rc != URIGREP_OK)
        out_of_memory();
    if (r->outbuf.len >= 64 * 1024)
        report_flush(r);
done:
    free(mapped);
    free(resolved);
    free(expanded);
    buf_free(&clean);
    buf_free(&cbase);
}
