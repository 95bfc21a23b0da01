/* emit.c: a reference found is validated, resolved, unwrapped, made
 * safe to show and handed to the caller; notices and running out of
 * memory are told.  Below both extract.c and document.c, which call it;
 * it calls neither. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "uri/chars.h"
#include "clean.h"
#include "extract/emit.h"
#include "extract/extract.h"
#include "uri/grammar.h"
#include "internal.h"
#include "links/tracking.h"
#include "links/trust.h"

void
emit_nomem(struct urigrep_extractor *x)
{
    x->err = URIGREP_ERR_NOMEM;
    x->stopped = true;
}

void
emit_notice(struct urigrep_extractor *x, enum urigrep_notice_kind kind,
               uint64_t line, uint64_t count, const char *detail)
{
    struct urigrep_notice n;

    if (x->on_notice == NULL)
        return;
    memset(&n, 0, sizeof n);
    n.kind = kind;
    n.line = line ? line + x->origin.line : 0;
    n.count = count;
    n.detail = detail;
    n.message_id = x->origin.message && x->origin.mid[0] ? x->origin.mid : NULL;
    x->on_notice(x->arg, &n);
}

/* Is REF (LEN bytes) a same-document reference (section 4.2): empty, or
 * a fragment alone? */
static bool
same_document(const char *ref, size_t len)
{
    return len == 0 || ref[0] == '#';
}

/* RFC 3987 3.1 with IDNA: map F's reference to ASCII into *MAPPED. */
static bool
map_ascii(struct urigrep_extractor *x, const struct found *f, char **mapped,
          size_t *len)
{
    const char *why = NULL;
    enum urigrep_status rc;

    rc = urigrep_iri_to_uri_idna(f->ref, f->len, mapped, len, &why);
    if (rc == URIGREP_ERR_NOMEM || rc == URIGREP_ERR_ARG) {
        emit_nomem(x);
        return false;
    }
    if (rc == URIGREP_ERR_IDNA && x->on_notice) {
        struct urigrep_notice n;

        memset(&n, 0, sizeof n);
        n.kind = URIGREP_NOTICE_IDNA;
        n.line = f->line + x->origin.line;
        n.detail = why;
        n.ref.ptr = f->ref;
        n.ref.len = f->len;
        x->on_notice(x->arg, &n);
    }
    if (rc == URIGREP_ERR_NO_IDNA && !x->no_idna_said) {
        x->no_idna_said = true;
        emit_notice(x, URIGREP_NOTICE_NO_IDNA, f->line, 0, NULL);
    }
    return true;
}

/* A wrapped link that could not be decoded: say why (REASON) with
 * --verbose. */
static void
wrapper_notice(struct urigrep_extractor *x, const struct found *f,
               const char *uri, size_t ulen, const char *reason)
{
    struct urigrep_notice n;

    if (x->on_notice == NULL)
        return;
    memset(&n, 0, sizeof n);
    n.kind = URIGREP_NOTICE_WRAPPER;
    n.line = f->line + x->origin.line;
    n.detail = reason;
    n.ref.ptr = uri;
    n.ref.len = ulen;
    n.message_id = x->origin.message && x->origin.mid[0] ? x->origin.mid : NULL;
    x->on_notice(x->arg, &n);
}

/* URIGREP_EXTRACT_UNWRAP: the target and wrapper of link *URI (*ULEN
 * bytes) into R; URIGREP_EXTRACT_STRIP_TRACKING: tracking parameters out
 * of the target and of *URI (then in x->strip). False when memory ran
 * out. */
static bool
unwrap_and_strip(struct urigrep_extractor *x, const struct found *f,
                 const char **uri, size_t *ulen, struct urigrep_ref *r)
{
    const bool strip = (x->o.flags & URIGREP_EXTRACT_STRIP_TRACKING) != 0;
    struct unwrap_result res;

    r->target.ptr = NULL;
    r->target.len = 0;
    r->wrapper = NULL;
    if (x->o.flags & URIGREP_EXTRACT_UNWRAP) {
        if (unwrap_link(&x->uw, *uri, *ulen, &res) != URIGREP_OK)
            return false;
        r->wrapper = res.wrapper;
        if (res.reason)
            wrapper_notice(x, f, *uri, *ulen, res.reason);
        if (res.target) {
            r->target.ptr = res.target;
            r->target.len = strip ? tracking_strip(res.target, res.target_len,
                                                   res.target)
                                  : res.target_len;
        }
    }
    if (strip) {
        x->strip.len = 0;
        if (buf_reserve(&x->strip, *ulen + 1) != URIGREP_OK)
            return false;
        *ulen = tracking_strip(*uri, *ulen, x->strip.data);
        *uri = x->strip.data;
    }
    return true;
}

/* One reference on its way out: what was found, what it became, and the
 * memory that holds it (freed by emit_ref()). */
struct outgoing {
    const char *ref, *uri, *base;
    size_t len, ulen, blen;
    enum urigrep_base_source src;
    enum urigrep_status error;
    size_t error_offset;
    int valid, absolute;
    char *mapped, *resolved, *expanded;
};

/* Validate O's reference (or only say whether it is absolute, when the
 * caller asked for no validation). */
static void
check_ref(const struct urigrep_extractor *x, struct outgoing *o)
{
    if (x->o.flags & URIGREP_EXTRACT_NO_CHECK) {
        o->valid = -1;
        o->absolute = has_scheme(o->ref, o->len);
    } else {
        struct urigrep_parts parts;

        grammar_split(o->ref, o->len, &parts);
        o->error = grammar_check(o->ref, o->len, &parts, x->o.rfc,
                                 &o->error_offset);
        o->valid = o->error == URIGREP_OK;
        /* a scheme as section 3.1 has it, not just text before a ':'
         * (the split that explains why it is not valid sees one) */
        o->absolute = has_scheme(o->ref, o->len);
    }
}

/* Appendix F: complete O's abbreviation with the scheme its host name
 * suggests. False when memory runs out. */
static bool
expand_abbrev(struct outgoing *o)
{
    const char *scheme = strncasecmp(o->ref, "ftp", 3) == 0 ? "ftp://"
                                                           : "http://";
    size_t sl = strlen(scheme);

    if ((o->expanded = malloc(sl + o->len + 1)) == NULL)
        return false;
    memcpy(o->expanded, scheme, sl);
    memcpy(o->expanded + sl, o->ref, o->len);
    o->uri = o->expanded;
    o->ulen = sl + o->len;
    return true;
}

/* Resolve O's reference against F's base, innermost first (RFC 2396
 * 5.1); a same-document reference is to the document itself, whose URI
 * may differ from the base. A reference that cannot be resolved stays
 * as it is, with no base. False when memory runs out. */
static bool
resolve_ref(const struct urigrep_extractor *x, const struct found *f,
            struct outgoing *o)
{
    enum urigrep_status rc;

    o->base = f->base;
    o->src = f->base_source;
    if (o->base == NULL && x->base) {
        o->base = x->base;
        o->src = URIGREP_BASE_OPTION;
    }
    if (f->doc_uri && same_document(o->ref, o->len)) {
        o->base = f->doc_uri;
        o->src = URIGREP_BASE_DOCUMENT;
    }
    if (o->base == NULL)
        return true;
    rc = urigrep_resolve(o->base, strlen(o->base), o->ref, o->len, x->o.rfc,
                         &o->resolved, &o->ulen);
    if (rc == URIGREP_ERR_NOMEM)
        return false;
    if (rc == URIGREP_OK) {
        o->uri = o->resolved;
    } else {
        o->ulen = o->len;
        o->base = NULL;
        o->src = URIGREP_BASE_NONE;
    }
    return true;
}

/* What is reported never carries a byte that is not allowed in a URI:
 * the bytes of controls, bidi and other format characters, and bytes
 * that are not UTF-8, are percent-encoded here (RFC 3987 section 3.1
 * maps them so too; section 4.1 forbids the bidi controls in IRIs). The
 * base is treated alike. Validation saw the reference as found. False
 * when memory runs out. */
static bool
clean_out(struct urigrep_extractor *x, struct outgoing *o)
{
    if ((o->uri = clean_uri_view(&x->clean, o->uri, o->ulen,
                                 &o->ulen)) == NULL)
        return false;
    return o->base == NULL ||
           (o->base = clean_uri_view(&x->cbase, o->base, strlen(o->base),
                                     &o->blen)) != NULL;
}

/* R's lookalike and IDN forms: those of URI (N bytes), or of a wrapped
 * link's target when that is the one a person may misread (a redirector
 * that hides "http://paypal.com@evil.example/" is no safer than it).  The
 * target goes first: trust_lookalike()'s forms last until the next call. */
static int
trust_lookalike_either(struct trust *t, struct urigrep_ref *r,
                       const char *uri, size_t n)
{
    if (r->target.ptr &&
        trust_lookalike(t, r->target.ptr, r->target.len, &r->host_ascii,
                        &r->host_unicode) == 1)
        return 1;
    return trust_lookalike(t, uri, n, &r->host_ascii, &r->host_unicode);
}

/* URIGREP_EXTRACT_TRUST: R's text, mismatch, lookalike and host forms,
 * for F reported as URI (N bytes), R's target and wrapper being set; say
 * once what this build cannot tell. Without it, none of them. */
static void
set_trust(struct urigrep_extractor *x, const struct found *f,
          struct urigrep_ref *r, const char *uri, size_t n)
{
    const unsigned want = URIGREP_TRUST_PSL | URIGREP_TRUST_ICU;
    unsigned have;

    if (x->trust == NULL) { /* not asked for */
        r->text.ptr = r->host_ascii.ptr = r->host_unicode.ptr = NULL;
        r->text.len = r->host_ascii.len = r->host_unicode.len = 0;
        r->mismatch = r->lookalike = -1;
        return;
    }
    have = urigrep_trust_features();
    r->text.ptr = f->text;
    r->text.len = f->ntext;
    /* against where the link goes: a wrapped link's target; a wrapper
     * whose target it does not hold (Mimecast) goes nowhere known */
    if (f->text == NULL || (r->wrapper && r->target.ptr == NULL))
        r->mismatch = -1;
    else if (r->target.ptr)
        r->mismatch = trust_mismatch(x->trust, f->text, f->ntext,
                                     r->target.ptr, r->target.len);
    else
        r->mismatch = trust_mismatch(x->trust, f->text, f->ntext, uri, n);
    r->lookalike = trust_lookalike_either(x->trust, r, uri, n);
    if ((have & want) != want && !x->no_trust_said) {
        x->no_trust_said = true;
        emit_notice(x, URIGREP_NOTICE_NO_TRUST, r->line, 0,
                    !(have & URIGREP_TRUST_PSL)
                        ? (have & URIGREP_TRUST_ICU ? "libpsl"
                                                    : "libpsl and ICU")
                        : "ICU");
    }
}

/* Set R's line and offset (F's, plus G's additions: to the offset only
 * when the document is not MAPPED, whose offsets are the file's) and the
 * fields of the message or WARC record it came from, by G alone. */
static void
origin_fill(const struct origin *g, bool mapped, const struct found *f,
            struct urigrep_ref *r)
{
    const bool mail = g->message != 0, warc = g->warc_rec;

    r->line = f->line + g->line;
    r->offset = f->offset + (mapped ? 0 : g->off);
    r->message = g->message;
    r->message_id = mail && g->mid[0] ? g->mid : NULL;
    r->subject = mail && g->subject[0] ? g->subject : NULL;
    r->part = mail && g->part[0] ? g->part : NULL;
    r->content_type = mail || warc ? g->ctype : NULL;
    r->charset = (mail || warc) && g->part_charset[0] ? g->part_charset
                                                       : NULL;
    r->warc_record_id = warc && g->warc_id[0] ? g->warc_id : NULL;
    r->warc_target_uri = warc && g->warc_target[0] ? g->warc_target : NULL;
    r->warc_date = warc && g->warc_date[0] ? g->warc_date : NULL;
    r->warc_offset = warc ? g->warc_offset : 0;
}

/* Hand O, found as F, to the caller, unwrapped and stripped of tracking
 * parameters first if asked; a callback that asks to stop stops the
 * extractor. False when memory runs out. */
static bool
deliver(struct urigrep_extractor *x, const struct found *f,
        struct outgoing *o)
{
    /* every field set one by one: neither memset() nor an initializer,
     * which compilers make a "rep stos" (some 12 ns on the CPUs we
     * measure, and the structures cleared at every reference were four:
     * a sixth of a plain run's time) */
    struct urigrep_ref r;

    if ((x->o.flags & (URIGREP_EXTRACT_UNWRAP |
                       URIGREP_EXTRACT_STRIP_TRACKING)) &&
        !unwrap_and_strip(x, f, &o->uri, &o->ulen, &r))
        return false;
    if (!(x->o.flags & URIGREP_EXTRACT_UNWRAP)) {
        r.target.ptr = NULL;
        r.target.len = 0;
        r.wrapper = NULL;
    }
    r.ref.ptr = o->ref;
    r.ref.len = o->len;
    r.uri.ptr = o->uri;
    r.uri.len = o->ulen;
    r.valid = o->valid;
    r.error = o->error;
    r.error_offset = o->error_offset;
    r.absolute = o->absolute;
    r.delim = f->delim;
    r.flags = f->flags;
    r.column = f->column;
    r.base = o->base;
    r.base_source = o->base ? o->src : URIGREP_BASE_NONE;
    r.context = f->context;
    r.context_before = f->context_before;
    r.context_after = f->context_after;
    origin_fill(&x->origin, x->doc.mapped, f, &r);
    set_trust(x, f, &r, o->uri, o->ulen);
    if (x->on_ref(x->arg, &r))
        x->stopped = true;
    return true;
}

void
emit_ref(struct urigrep_extractor *x, const struct found *f)
{
    struct outgoing o;
    bool ok = true;

    if (x->stopped)
        return;
    o.ref = o.uri = f->ref;
    o.len = o.ulen = f->len;
    o.base = NULL;
    o.blen = 0;
    o.src = URIGREP_BASE_NONE;
    o.error = URIGREP_OK;
    o.error_offset = 0;
    o.mapped = o.resolved = o.expanded = NULL;
    if (x->o.flags & URIGREP_EXTRACT_ASCII) {
        if (!map_ascii(x, f, &o.mapped, &o.len))
            return;
        o.ref = o.uri = o.mapped;
        o.ulen = o.len;
    }
    check_ref(x, &o);
    if (f->delim == URIGREP_DELIM_ABBREV)
        ok = expand_abbrev(&o);
    else if (!(x->o.flags & URIGREP_EXTRACT_NO_RESOLVE))
        ok = resolve_ref(x, f, &o);
    if (!ok || !clean_out(x, &o) || !deliver(x, f, &o))
        emit_nomem(x);
    free(o.mapped);
    free(o.resolved);
    free(o.expanded);
}
