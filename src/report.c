/* report.c: what happens to a found reference: mapping, validation,
 * resolution, selection, output. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

void
report_flush(struct run *r)
{
    if (r->outbuf.len && !r->write_failed &&
        fwrite(r->outbuf.data, 1, r->outbuf.len, stdout) != r->outbuf.len)
        r->write_failed = true;
    r->outbuf.len = 0;
}

void
report_file_error(struct run *r, const char *name, const char *why)
{
    r->error = true;
    if (!r->o->no_messages)
        fprintf(stderr, PROGRAM ": %s: %s\n", name, why);
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
    size_t len = f->len, ulen = f->len, err_off = 0;
    struct urigrep_parts ref_parts = { 0 }, uri_parts = { 0 };
    enum urigrep_status verdict = URIGREP_OK, rc;
    struct output_rec rec;

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
        fprintf(stderr, PROGRAM ": %s:%" PRIu64 ": '%.*s': %s at offset %zu\n",
                r->file, f->line, (int)len, ref, urigrep_strerror(verdict),
                err_off);
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
}
