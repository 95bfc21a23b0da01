/* template.c: --format=TEMPLATE, a reference's fields in a line of the
 * user's making (template.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clean.h"
#include "msg.h"
#include "output/output.h"
#include "output/template.h"

/* The fields; TF_LITERAL is the template's own text. */
enum field {
    TF_LITERAL, TF_URI, TF_REF, TF_SCHEME, TF_AUTHORITY, TF_USER, TF_HOST,
    TF_PORT, TF_PATH, TF_QUERY, TF_FRAGMENT, TF_DOMAIN, TF_FILE, TF_LINE,
    TF_COLUMN, TF_OFFSET, TF_MESSAGE, TF_MESSAGE_ID, TF_SUBJECT, TF_PART,
    TF_CONTENT_TYPE, TF_TEXT, TF_TARGET, TF_WRAPPER
};

/* Each field's name, value and needs. The names are those of --json's
 * keys where it has one ("userinfo" is also "user", as trurl calls it).
 * Keep FIELD_LIST in sync. */
static const struct {
    const char *name;
    enum field f;
    unsigned needs;
    int part;       /* its enum urigrep_part, or -1 */
} fields[] = {
    { "uri", TF_URI, 0, -1 },
    { "ref", TF_REF, 0, -1 },
    { "scheme", TF_SCHEME, TEMPLATE_NEEDS_PARTS, URIGREP_PART_SCHEME },
    { "authority", TF_AUTHORITY, TEMPLATE_NEEDS_PARTS,
      URIGREP_PART_AUTHORITY },
    { "user", TF_USER, TEMPLATE_NEEDS_PARTS, URIGREP_PART_USERINFO },
    { "userinfo", TF_USER, TEMPLATE_NEEDS_PARTS, URIGREP_PART_USERINFO },
    { "host", TF_HOST, TEMPLATE_NEEDS_PARTS, URIGREP_PART_HOST },
    { "port", TF_PORT, TEMPLATE_NEEDS_PARTS, URIGREP_PART_PORT },
    { "path", TF_PATH, TEMPLATE_NEEDS_PARTS, URIGREP_PART_PATH },
    { "query", TF_QUERY, TEMPLATE_NEEDS_PARTS, URIGREP_PART_QUERY },
    { "fragment", TF_FRAGMENT, TEMPLATE_NEEDS_PARTS, URIGREP_PART_FRAGMENT },
    { "domain", TF_DOMAIN, TEMPLATE_NEEDS_PARTS | TEMPLATE_NEEDS_PSL, -1 },
    { "file", TF_FILE, 0, -1 },
    { "line", TF_LINE, 0, -1 },
    { "column", TF_COLUMN, TEMPLATE_NEEDS_COLUMNS, -1 },
    { "offset", TF_OFFSET, 0, -1 },
    { "message", TF_MESSAGE, 0, -1 },
    { "message_id", TF_MESSAGE_ID, 0, -1 },
    { "subject", TF_SUBJECT, 0, -1 },
    { "part", TF_PART, 0, -1 },
    { "content_type", TF_CONTENT_TYPE, 0, -1 },
    { "text", TF_TEXT, TEMPLATE_NEEDS_TRUST, -1 },
    { "target", TF_TARGET, TEMPLATE_NEEDS_UNWRAP, -1 },
    { "wrapper", TF_WRAPPER, TEMPLATE_NEEDS_UNWRAP, -1 },
};

#define NFIELDS (sizeof fields / sizeof fields[0])

/* For a usage error: keep in sync with fields[] */
#define FIELD_LIST "uri, ref, scheme, authority, user, userinfo, host, " \
    "port, path, query, fragment, domain, file, line, column, offset, " \
    "message, message_id, subject, part, content_type, text, target, " \
    "wrapper"


/* One piece of a template: its own text (TEXT[OFF..OFF+LEN)) or a
 * field. */
struct item {
    enum field f;
    int part;
    size_t off, len;
};

/* Owner: template.c. */
struct template {
    char *text;             /* the literal bytes, escapes undone */
    struct item *items;
    size_t n;
    unsigned needs;
};

/* Add an item to T (exits on out of memory). */
static void
add_item(struct template *t, enum field f, int part, size_t off, size_t len)
{
    struct item *v;

    if (f == TF_LITERAL && t->n && t->items[t->n - 1].f == TF_LITERAL) {
        t->items[t->n - 1].len += len;  /* the text goes on */
        return;
    }
    if ((v = realloc(t->items, (t->n + 1) * sizeof *v)) == NULL)
        out_of_memory();
    t->items = v;
    v[t->n].f = f;
    v[t->n].part = part;
    v[t->n].off = off;
    v[t->n].len = len;
    t->n++;
}

/* The byte escape C stands for after a backslash, or -1. */
static int
unescape(char c)
{
    switch (c) {
    case 't': return '\t';
    case 'n': return '\n';
    case 'r': return '\r';
    case '\\': return '\\';
    case '{': return '{';
    case '}': return '}';
    default: return -1;
    }
}

/* The field {NAME} (N bytes) into T; false when no field has that name. */
static bool
add_field(struct template *t, const char *name, size_t n)
{
    size_t i;

    for (i = 0; i < NFIELDS; i++)
        if (strlen(fields[i].name) == n &&
            memcmp(fields[i].name, name, n) == 0) {
            add_item(t, fields[i].f, fields[i].part, 0, 0);
            t->needs |= fields[i].needs;
            return true;
        }
    return false;
}

/* Fail compiling: *WHY and *BAD (a copy of N bytes at P). */
static struct template *
refuse(struct template *t, const char *why, const char *p, size_t n,
       const char **whyp, char **bad)
{
    template_free(t);
    *whyp = why;
    if ((*bad = strndup(p, n)) == NULL)
        out_of_memory();
    return NULL;
}

struct template *
template_compile(const char *s, const char **why, char **bad)
{
    struct template *t;
    size_t len = strlen(s), i = 0, k = 0;

    *bad = NULL;
    if ((t = calloc(1, sizeof *t)) == NULL ||
        (t->text = malloc(len + 1)) == NULL)
        out_of_memory();
    while (i < len) {
        if (s[i] == '\\') {
            int c = i + 1 < len ? unescape(s[i + 1]) : -1;

            if (c < 0)
                return refuse(t, "unknown escape (known: a backslash "
                              "before t, n, r, a backslash, { or })", s + i,
                              i + 1 < len ? 2 : 1, why, bad);
            t->text[k] = (char)c;
            add_item(t, TF_LITERAL, -1, k++, 1);
            i += 2;
        } else if (s[i] == '{') {
            const char *end = memchr(s + i, '}', len - i);

            if (end == NULL)
                return refuse(t, "a '{' without its '}'", s + i, len - i,
                              why, bad);
            if (!add_field(t, s + i + 1, (size_t)(end - s - i - 1)))
                return refuse(t, "unknown field (known: " FIELD_LIST ")",
                              s + i,
                              (size_t)(end - s - i + 1), why, bad);
            i = (size_t)(end - s) + 1;
        } else {
            t->text[k] = s[i++];
            add_item(t, TF_LITERAL, -1, k++, 1);
        }
    }
    return t;
}

unsigned
template_needs(const struct template *t)
{
    return t->needs;
}

/* Append a URI or part of one (N bytes at P; P NULL: nothing), with the
 * bytes a terminal must not get percent-encoded; or as it is when CLEAN
 * says the library did that already (struct urigrep_ref's uri: checking
 * again cost a third of a run). */
static enum urigrep_status
put_uri(struct urigrep_buf *b, const char *p, size_t n, bool clean)
{
    if (p == NULL)
        return URIGREP_OK;
    return clean ? buf_append(b, p, n) : clean_uri(b, p, n);
}

/* Append text S (NULL: nothing) quoted as output_quote() does. */
static enum urigrep_status
put_text(struct urigrep_buf *b, const char *s, size_t n)
{
    return s ? output_quote(b, s, n) : URIGREP_OK;
}

static enum urigrep_status
put_cstr(struct urigrep_buf *b, const char *s)
{
    return s ? output_quote(b, s, strlen(s)) : URIGREP_OK;
}

/* Append number V, or nothing when it is 0 and ZERO_EMPTY. */
static enum urigrep_status
put_num(struct urigrep_buf *b, uint64_t v, bool zero_empty)
{
    return v == 0 && zero_empty ? URIGREP_OK : buf_append_u64(b, v);
}

/* template_domain()'s memory: a slot a hash of the host, per thread
 * (-j's workers share the template), each a host and where its
 * registered domain starts in it (a suffix, lower case, of an ASCII
 * host; a host with other bytes is not kept). A mailbox links to few
 * hosts, and libpsl's lookup costs some 5,000 instructions: without
 * the memory {domain} made a run of bench's mbox 2.6 times as long.
 * DOMAIN_SLOTS * DOMAIN_HOST_MAX bytes (96 KiB) a thread. */
#define DOMAIN_SLOTS 1024
#define DOMAIN_HOST_MAX 94
struct domain_slot {
    unsigned char hlen;         /* 0: empty */
    unsigned char at;           /* where the domain starts; hlen: none */
    char host[DOMAIN_HOST_MAX];
};
static _Thread_local struct domain_slot domain_memo[DOMAIN_SLOTS];

/* FNV-1a of P (N bytes), to a slot */
static size_t
domain_hash(const char *p, size_t n)
{
    uint32_t h = 2166136261u;
    size_t i;

    for (i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 16777619u;
    return h % DOMAIN_SLOTS;
}

/* Append P (N bytes, ASCII) in lower case. */
static enum urigrep_status
put_lower(struct urigrep_buf *b, const char *p, size_t n)
{
    enum urigrep_status rc;
    size_t i;

    if ((rc = buf_reserve(b, n)))
        return rc;
    for (i = 0; i < n; i++)
        buf_put(b, p[i] >= 'A' && p[i] <= 'Z' ? (char)(p[i] + 32) : p[i]);
    return URIGREP_OK;
}

/* Remember in slot S that HOST's (N bytes) registered domain is D (LEN
 * bytes; 0: none), when D is a suffix of it, as for an ASCII host
 * without a final dot. */
static void
domain_keep(struct domain_slot *s, const char *host, size_t n,
            const char *d, size_t len)
{
    size_t i;

    if (len > n || host[n - 1] == '.')  /* the domain has no final dot */
        return;
    for (i = 0; i < len; i++)
        if ((host[n - len + i] | 0x20) != (d[i] | 0x20) ||
            (unsigned char)d[i] >= 0x80)
            return;
    s->hlen = 0;
    memcpy(s->host, host, n);
    s->at = (unsigned char)(len ? n - len : n);
    s->hlen = (unsigned char)n;
}

enum urigrep_status
template_domain(const char *host, size_t n, struct urigrep_buf *b)
{
    struct domain_slot *s = NULL;
    enum urigrep_status rc;
    char *d = NULL;
    size_t len = 0;

    if (host == NULL || n == 0)
        return URIGREP_OK;
    if (n < DOMAIN_HOST_MAX) {
        s = &domain_memo[domain_hash(host, n)];
        if (s->hlen == n && memcmp(s->host, host, n) == 0)
            return put_lower(b, s->host + s->at, s->hlen - s->at);
    }
    rc = urigrep_registered_domain(host, n, &d, &len);
    if (rc == URIGREP_ERR_NOMEM)
        return rc;
    if (rc != URIGREP_OK)
        len = 0;
    if (s)
        domain_keep(s, host, n, d, len);
    rc = len ? clean_uri(b, d, len) : URIGREP_OK;
    urigrep_free(d);
    return rc;
}

/* --defang: each '.' of what B holds from START on as "[.]". */
static enum urigrep_status
dots_since(struct urigrep_buf *b, size_t start)
{
    size_t dots = 0, i, k;
    enum urigrep_status rc;

    for (i = start; i < b->len; i++)
        dots += b->data[i] == '.';
    if (dots == 0)
        return URIGREP_OK;
    if ((rc = buf_reserve(b, 2 * dots)))
        return rc;
    /* from the end backwards, in place */
    k = b->len + 2 * dots;
    for (i = b->len; i-- > start;) {
        if (b->data[i] == '.') {
            b->data[--k] = ']';
            b->data[--k] = '.';
            b->data[--k] = '[';
        } else {
            b->data[--k] = b->data[i];
        }
    }
    b->len += 2 * dots;
    return URIGREP_OK;
}

/* --defang: a URI (N bytes at P; P NULL: nothing) as put_uri() appends
 * it, defanged by urigrep_uri_defang() first. */
static enum urigrep_status
put_defanged(struct urigrep_buf *b, const char *p, size_t n, bool clean)
{
    enum urigrep_status rc;
    char *d;

    if (p == NULL)
        return URIGREP_OK;
    if ((rc = urigrep_uri_defang(p, n, &d, &n)))
        return rc;
    rc = put_uri(b, d, n, clean);
    urigrep_free(d);
    return rc;
}

/* --defang: part PART of R's URI as put_uri() appends it, the dots of
 * its host as "[.]" (of the host, or of the authority's host; other
 * parts as they are). */
static enum urigrep_status
put_defanged_part(struct urigrep_buf *b, int part,
                  const struct template_ref *r, bool clean)
{
    const struct urigrep_span *s = &r->parts[part];
    const struct urigrep_span *h = &r->parts[URIGREP_PART_HOST];
    size_t start, before;
    enum urigrep_status rc;

    if ((part != URIGREP_PART_HOST && part != URIGREP_PART_AUTHORITY) ||
        s->ptr == NULL || h->ptr == NULL)
        return put_uri(b, s->ptr, s->len, clean);
    /* the authority's userinfo, then its host, then its port */
    before = (size_t)(h->ptr - s->ptr);
    if ((rc = put_uri(b, s->ptr, before, clean)))
        return rc;
    start = b->len;
    if ((rc = put_uri(b, h->ptr, h->len, clean)) ||
        (rc = dots_since(b, start)))
        return rc;
    return put_uri(b, h->ptr + h->len, s->len - before - h->len, clean);
}

/* Append field I of R, defanged (--defang) where it is a URI or holds a
 * host (put_field()). */
static enum urigrep_status
put_field_defanged(struct urigrep_buf *b, const struct item *it,
                   const struct template_ref *r, bool clean)
{
    const struct urigrep_ref *ref = r->ref;
    size_t start = b->len;
    enum urigrep_status rc;

    if (it->part >= 0)
        return put_defanged_part(b, it->part, r, clean);
    switch (it->f) {
    case TF_URI: return put_defanged(b, ref->uri.ptr, ref->uri.len, clean);
    case TF_REF: return put_defanged(b, ref->ref.ptr, ref->ref.len, false);
    case TF_TARGET:
        return put_defanged(b, ref->target.ptr, ref->target.len, false);
    default:    /* TF_DOMAIN */
        if ((rc = template_domain(r->parts[URIGREP_PART_HOST].ptr,
                                  r->parts[URIGREP_PART_HOST].len, b)))
            return rc;
        return dots_since(b, start);
    }
}

/* Append field I of R. */
static enum urigrep_status
put_field(struct urigrep_buf *b, const struct item *it,
          const struct template_ref *r)
{
    const struct urigrep_ref *ref = r->ref;
    /* the library cleaned the URI it found, not a wrapped link's target
     * (which --unwrap shows as the URI) */
    bool clean = ref->target.ptr == NULL || ref->uri.ptr != ref->target.ptr;

    if (r->defang && (it->part >= 0 || it->f == TF_URI || it->f == TF_REF ||
                      it->f == TF_TARGET || it->f == TF_DOMAIN))
        return put_field_defanged(b, it, r, clean);
    if (it->part >= 0)
        return put_uri(b, r->parts[it->part].ptr, r->parts[it->part].len,
                       clean);
    switch (it->f) {
    case TF_URI: return put_uri(b, ref->uri.ptr, ref->uri.len, clean);
    case TF_REF: return put_uri(b, ref->ref.ptr, ref->ref.len, false);
    case TF_DOMAIN:
        return template_domain(r->parts[URIGREP_PART_HOST].ptr,
                               r->parts[URIGREP_PART_HOST].len, b);
    case TF_FILE: return put_cstr(b, r->file);
    case TF_LINE: return put_num(b, ref->line, false);
    case TF_COLUMN: return put_num(b, ref->column, true);
    case TF_OFFSET: return put_num(b, ref->offset, false);
    case TF_MESSAGE: return put_num(b, ref->message, true);
    case TF_MESSAGE_ID: return put_cstr(b, ref->message_id);
    case TF_SUBJECT: return put_cstr(b, ref->subject);
    case TF_PART: return put_cstr(b, ref->part);
    case TF_CONTENT_TYPE: return put_cstr(b, ref->content_type);
    case TF_TEXT: return put_text(b, ref->text.ptr, ref->text.len);
    case TF_TARGET:
        return put_uri(b, ref->target.ptr, ref->target.len, false);
    case TF_WRAPPER: return put_cstr(b, ref->wrapper);
    default: return URIGREP_OK;
    }
}

enum urigrep_status
template_write(struct urigrep_buf *b, const struct template *t,
               const struct template_ref *r)
{
    enum urigrep_status rc;
    size_t i;

    for (i = 0; i < t->n; i++) {
        const struct item *it = &t->items[i];

        rc = it->f == TF_LITERAL ? buf_append(b, t->text + it->off, it->len)
                                 : put_field(b, it, r);
        if (rc != URIGREP_OK)
            return rc;
    }
    return URIGREP_OK;
}

void
template_free(struct template *t)
{
    if (t == NULL)
        return;
    free(t->text);
    free(t->items);
    free(t);
}
