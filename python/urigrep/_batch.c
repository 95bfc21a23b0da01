/* _batch.c: the C half of the Python module: an extractor whose records
 * are packed into a batch that Python unpacks a feed at a time. */
/* SPDX-License-Identifier: MIT */
/*
 * Calling Python once per reference would cost more than finding it, so
 * the extractor's callback is C: it appends each record to a batch, and
 * Python turns a whole batch into dicts with a few C-level calls
 * (urigrep/__init__.py, _records()).
 *
 * A batch is three arrays:
 *   TEXT  the record's UGPY_NTEXT strings, each followed by a NUL byte:
 *         ref, uri, scheme, authority, userinfo, host, port, path, query,
 *         fragment. A string that is unknown (NULL, or an undefined
 *         component) is the single byte \x01. Each string is made valid
 *         UTF-8 as --json makes it (a byte that does not start a valid
 *         UTF-8 sequence becomes U+FFFD), so that Python decodes the
 *         whole batch at once and splits it at the NULs. The bytes \x00,
 *         \x01 and \x02 inside a string are written \x02 then '0', '1'
 *         or '2', and the record's UGPY_N_ESC number is set.
 *   CTX   contexts, UGPY_NCTX strings each, written as TEXT's: message_id,
 *         part, content_type, base, subject, charset. They change once
 *         a part or a message, so a context is written only when it is
 *         not the one before; a record's UGPY_N_CTX numbers its context.
 *   NUMS  UGPY_NNUM numbers per record (enum ugpy_num).
 *   WRAP  for each wrapped link (UGPY_N_WRAPPED set), its wrapper's name
 *         and its target, written as TEXT's, in record order.
 *   WARC  for each reference in a WARC record (UGPY_N_WARC set), its
 *         payload's content type and charset, the record's ID, target
 *         URI and date, written as TEXT's, in record order; its offset
 *         is UGPY_N_WARC_OFFSET.
 * Memory: a batch holds the records of one feed; the caller feeds
 * bounded pieces and clears the batch after each.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"

#define UGPY_NTEXT 10
#define UGPY_NCTX 6

/* The numbers of a record, in this order. */
enum ugpy_num {
    UGPY_N_LINE,
    UGPY_N_COLUMN,
    UGPY_N_OFFSET,
    UGPY_N_ERROR_OFFSET, /* UINT64_MAX when valid */
    UGPY_N_MESSAGE,      /* 0: not mail */
    UGPY_N_VALID,        /* 1 valid, 0 not */
    UGPY_N_ABSOLUTE,
    UGPY_N_ERROR,        /* 0 when valid, else the status + 1 */
    UGPY_N_DELIM,
    UGPY_N_BASE_SOURCE,  /* 0 without a base, else the source + 1 */
    UGPY_N_HAS_BASE,
    UGPY_N_HYPHEN,       /* the '-' at a line break was dropped */
    UGPY_N_ESC,          /* a string holds \x00, \x01 or \x02 */
    UGPY_N_CTX,          /* the number of its context in the batch */
    UGPY_N_WRAPPED,      /* a wrapped link: two strings in WRAP */
    UGPY_N_WARC,         /* in a WARC record: five strings in WARC */
    UGPY_N_WARC_OFFSET,  /* the record's offset in the file */
    UGPY_NNUM
};

/* A growable byte array. */
struct ugpy_bytes {
    char *data;
    size_t len, cap;
};

struct ugpy_doc {
    urigrep_extractor *x;
    struct ugpy_bytes text, ctx;
    size_t nctx;                 /* contexts in CTX */
    size_t last_ctx;             /* where the last one starts */
    uint64_t *nums;
    size_t count, nums_cap;
    size_t nmail, nhyphen, nesc; /* records of the batch that are so */
    int ctx_esc;                 /* a context holds an escape */
    uint64_t line_base;          /* added to every line number */
    uint64_t message_base;       /* added to every message number */
    int nomem;
    struct ugpy_bytes wrap;      /* wrapped links: wrapper, target */
    size_t nwrapped;             /* records of the batch that are so */
    int wrap_esc;                /* a string in WRAP holds an escape */
    struct ugpy_bytes warc;      /* WARC records' strings */
    size_t nwarc;                /* records of the batch in WARC records */
    int warc_esc;                /* a string in WARC holds an escape */
    int warc_members;            /* ugpy_member() was called */
};

static int
reserve(struct ugpy_bytes *b, size_t more)
{
    char *t;
    size_t cap;

    if (b->cap - b->len >= more)
        return 0;
    cap = b->cap ? b->cap : 64 * 1024;
    while (cap - b->len < more)
        cap *= 2;
    if ((t = realloc(b->data, cap)) == NULL)
        return -1;
    b->data = t;
    b->cap = cap;
    return 0;
}

/* Length of the valid UTF-8 sequence at P (AVAIL bytes), or 0: strict
 * UTF-8 as RFC 3629 has it (no overlongs, no surrogates, nothing past
 * U+10FFFF), which is what --json accepts. */
static size_t
utf8_len(const unsigned char *p, size_t avail)
{
    unsigned char c = p[0];
    size_t n, i;

    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4;
    else
        return 0;
    if (avail < n)
        return 0;
    for (i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] >= 0xa0) ||
        (c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] >= 0x90))
        return 0;
    return n;
}

/* Append string S (LEN bytes; S NULL: unknown) and its NUL to B.
 * Returns -1 when memory ran out, else whether an escape was written. */
static int
put_text(struct ugpy_bytes *b, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, k;
    int esc = 0;

    /* worst case: every byte becomes U+FFFD (3 bytes) */
    if (reserve(b, len * 3 + 2))
        return -1;
    if (s == NULL) {
        b->data[b->len++] = '\x01';
        b->data[b->len++] = '\0';
        return 0;
    }
    while (i < len) {
        if (p[i] >= 0x03 && p[i] < 0x80) {
            b->data[b->len++] = (char)p[i++];
        } else if (p[i] < 0x03) {
            b->data[b->len++] = '\x02';
            b->data[b->len++] = (char)('0' + p[i++]);
            esc = 1;
        } else if ((k = utf8_len(p + i, len - i)) > 0) {
            memcpy(b->data + b->len, p + i, k);
            b->len += k;
            i += k;
        } else {
            memcpy(b->data + b->len, "\xef\xbf\xbd", 3);
            b->len += 3;
            i++;
        }
    }
    b->data[b->len++] = '\0';
    return esc;
}

static int
put_cstr(struct ugpy_bytes *b, const char *s)
{
    return put_text(b, s, s ? strlen(s) : 0);
}

/* Append the WARC strings of R, when it is in a WARC record, to D's
 * WARC. Returns -1 when memory ran out, 1 when R is in a WARC record, 0
 * when it is not. */
static int
put_warc(struct ugpy_doc *d, const struct urigrep_ref *r)
{
    const char *s[5];
    int i, rc;

    if (r->warc_record_id == NULL && r->warc_target_uri == NULL &&
        r->warc_offset == 0)
        return 0;
    s[0] = r->content_type, s[1] = r->charset, s[2] = r->warc_record_id;
    s[3] = r->warc_target_uri, s[4] = r->warc_date;
    for (i = 0; i < 5; i++) {
        if ((rc = put_cstr(&d->warc, s[i])) < 0)
            return -1;
        d->warc_esc |= rc;
    }
    d->nwarc++;
    return 1;
}

/* Append R's context to D's CTX unless it is the last one there.
 * Returns -1 when memory ran out, else whether an escape was written. */
static int
put_context(struct ugpy_doc *d, const struct urigrep_ref *r)
{
    const char *s[UGPY_NCTX];
    size_t start = d->ctx.len, i;
    int esc = 0, rc;

    s[0] = r->message_id, s[1] = r->part, s[2] = r->content_type;
    s[3] = r->base, s[4] = r->subject, s[5] = r->charset;
    for (i = 0; i < UGPY_NCTX; i++) {
        if ((rc = put_cstr(&d->ctx, s[i])) < 0)
            return -1;
        esc |= rc;
    }
    if (d->nctx && start - d->last_ctx == d->ctx.len - start &&
        memcmp(d->ctx.data + d->last_ctx, d->ctx.data + start,
               start - d->last_ctx) == 0) {
        d->ctx.len = start;
        return 0;
    }
    d->last_ctx = start;
    d->nctx++;
    return esc;
}

/* The extractor's callback: append REF to the batch D. */
static int
on_ref(void *arg, const struct urigrep_ref *r)
{
    struct ugpy_doc *d = arg;
    struct urigrep_span parts[URIGREP_PART_COUNT];
    size_t i;
    int esc = 0, rc;
    uint64_t *n;

    if (d->count % 1024 == 0 && d->count / 1024 >= d->nums_cap) {
        size_t cap = d->nums_cap ? d->nums_cap * 2 : 4;
        uint64_t *nn = realloc(d->nums, cap * 1024 * UGPY_NNUM * sizeof *nn);

        if (nn == NULL)
            goto nomem;
        d->nums = nn;
        d->nums_cap = cap;
    }
    /* as --json splits it (RFC 2396 Appendix B); a part that is not
     * there has a NULL pointer, written as unknown */
    urigrep_uri_split(r->uri.ptr, r->uri.len, parts);
    if ((rc = put_text(&d->text, r->ref.ptr, r->ref.len)) < 0)
        goto nomem;
    esc |= rc;
    if ((rc = put_text(&d->text, r->uri.ptr, r->uri.len)) < 0)
        goto nomem;
    esc |= rc;
    for (i = 0; i < URIGREP_PART_COUNT; i++) {
        rc = put_text(&d->text, parts[i].ptr, parts[i].len);
        if (rc < 0)
            goto nomem;
        esc |= rc;
    }
    if ((rc = put_context(d, r)) < 0)
        goto nomem;
    d->ctx_esc |= rc;
    if (r->wrapper) {
        if ((rc = put_cstr(&d->wrap, r->wrapper)) < 0)
            goto nomem;
        d->wrap_esc |= rc;
        if ((rc = put_text(&d->wrap, r->target.ptr, r->target.len)) < 0)
            goto nomem;
        d->wrap_esc |= rc;
        d->nwrapped++;
    }
    if ((rc = put_warc(d, r)) < 0)
        goto nomem;
    n = d->nums + d->count * UGPY_NNUM;
    n[UGPY_N_LINE] = r->line + d->line_base;
    n[UGPY_N_COLUMN] = r->column;
    n[UGPY_N_OFFSET] = r->offset;
    n[UGPY_N_ERROR_OFFSET] = r->valid == 1 ? UINT64_MAX : r->error_offset;
    n[UGPY_N_MESSAGE] = r->message ? r->message + d->message_base : 0;
    n[UGPY_N_VALID] = r->valid == 1;
    n[UGPY_N_ABSOLUTE] = r->absolute != 0;
    n[UGPY_N_ERROR] = r->valid == 1 ? 0 : (uint64_t)r->error + 1;
    n[UGPY_N_DELIM] = (uint64_t)r->delim;
    n[UGPY_N_BASE_SOURCE] = r->base ? (uint64_t)r->base_source + 1 : 0;
    n[UGPY_N_HAS_BASE] = r->base != NULL;
    n[UGPY_N_HYPHEN] = (r->flags & URIGREP_MATCH_HYPHEN_DROPPED) != 0;
    n[UGPY_N_ESC] = (uint64_t)esc;
    n[UGPY_N_CTX] = d->nctx - 1;
    n[UGPY_N_WRAPPED] = r->wrapper != NULL;
    n[UGPY_N_WARC] = (uint64_t)rc;
    n[UGPY_N_WARC_OFFSET] = r->warc_offset;
    d->nmail += r->message != 0;
    d->nhyphen += n[UGPY_N_HYPHEN];
    d->nesc += (size_t)esc;
    d->count++;
    return 0;
nomem:
    d->nomem = 1;
    return 1;
}

/* Create a document reader with extractor options O. Returns a status;
 * *OUT is NULL on failure. Free with ugpy_free(). */
int
ugpy_new(const struct urigrep_extract_options *o, struct ugpy_doc **out)
{
    struct ugpy_doc *d = calloc(1, sizeof *d);
    enum urigrep_status rc;

    *out = NULL;
    if (d == NULL)
        return URIGREP_ERR_NOMEM;
    if ((rc = urigrep_extractor_new(o, on_ref, NULL, d, &d->x)) !=
        URIGREP_OK) {
        free(d);
        return rc;
    }
    *out = d;
    return URIGREP_OK;
}

/* Empty the batch of D (keeping its memory). */
void
ugpy_clear(struct ugpy_doc *d)
{
    d->text.len = d->ctx.len = d->last_ctx = d->wrap.len = d->warc.len = 0;
    d->nctx = d->count = d->nmail = d->nhyphen = d->nesc = d->nwrapped = 0;
    d->nwarc = 0;
    d->ctx_esc = d->wrap_esc = d->warc_esc = 0;
}

/* Feed LEN bytes at BUF; the records found are appended to the batch.
 * Returns the extractor's status, URIGREP_ERR_NOMEM if the batch could
 * not grow. */
int
ugpy_feed(struct ugpy_doc *d, const char *buf, size_t len)
{
    enum urigrep_status rc = urigrep_extractor_feed(d->x, buf, len);

    return d->nomem ? URIGREP_ERR_NOMEM : rc;
}

/* End the document; its last records are appended to the batch. */
int
ugpy_finish(struct ugpy_doc *d)
{
    enum urigrep_status rc = urigrep_extractor_finish(d->x);

    return d->nomem ? URIGREP_ERR_NOMEM : rc;
}

/* A .warc.gz read member by member: the bytes fed next are those of the
 * gzip member at OFFSET of the file (GAP: data before it was lost); the
 * first call makes the document a WARC. Returns the extractor's status. */
int
ugpy_member(struct ugpy_doc *d, uint64_t offset, int gap)
{
    enum urigrep_status rc;

    if (!d->warc_members) {
        rc = urigrep_extractor_set_origin(d->x, URIGREP_DOC_WARC, 0, 0, 0);
        if (rc != URIGREP_OK)
            return rc;
        d->warc_members = 1;
    }
    rc = urigrep_extractor_member(d->x, offset, gap);
    return d->nomem ? URIGREP_ERR_NOMEM : rc;
}

/* Free D; NULL is accepted. */
void
ugpy_free(struct ugpy_doc *d)
{
    if (d == NULL)
        return;
    urigrep_extractor_free(d->x);
    free(d->text.data);
    free(d->ctx.data);
    free(d->wrap.data);
    free(d->warc.data);
    free(d->nums);
    free(d);
}
