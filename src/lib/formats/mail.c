/* mail.c: streaming RFC 822 / MIME message and mbox parser (its "From "
 * lines and Content-Lengths: mbox.c). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

#include "internal.h"
#include "uri/chars.h"
#include "formats/fields.h"
#include "formats/mail.h"
#include "formats/mailint.h"
#include "formats/mime.h"
#include "scan/skip.h"

/*
 * A line-driven state machine.  Lines are assembled in a small buffer;
 * a body line longer than that cannot be a boundary and streams through
 * in pieces, so memory stays bounded whatever the input.  The entities
 * being read (messages and parts) form a stack: a multipart pushes its
 * children, a message/rfc822 part pushes the message it holds.  A
 * boundary line of any open multipart ends whatever is open above it,
 * which also copes with a missing close delimiter.  A multipart's
 * preamble and epilogue are leaves too, read as text/plain (RFC 2046
 * 5.1.1 has them ignored, but a list's footer after the close delimiter
 * and the whole body of a multipart whose boundary never comes are
 * there): no URI of the message is lost.
 *
 * The stack is bounded (MAIL_MAX_DEPTH): a multipart or message at the
 * deepest level is not taken apart but read as one text part, so that
 * deeper parts are still scanned, only not decoded.  Pushing a level
 * copies nothing from its parent (a boundary line is a few bytes and may
 * come millions of times): what a part inherits (base, location,
 * Message-ID) is found through the index of the level that set it.
 */

static void
copy_str(char *dst, size_t size, const char *src, size_t len)
{
    if (len >= size)
        len = size - 1;
    memcpy(dst, src, len);
    dst[len] = '\0';
}

struct mail_parser *
mail_new(enum mail_mode mode)
{
    struct mail_parser *m = malloc(sizeof *m);

    if (m == NULL)
        return NULL;
    memset(m, 0, offsetof(struct mail_parser, lv));
    m->mode = mode;
    m->simd = skip_choose();
    m->clen = -1;
    m->field = malloc(FIELD_MAX);
    m->dec_size = FIELD_MAX + 8;
    m->dec = malloc(m->dec_size);
    if (m->field == NULL || m->dec == NULL) {
        mail_free(m);
        return NULL;
    }
    m->at_start = true;
    m->line_no = 1;
    return m;
}

void
mail_reset(struct mail_parser *m, enum mail_mode mode)
{
    char *field = m->field, *dec = m->dec;
    size_t dec_size = m->dec_size;

    /* what mail_new() leaves: the held input's buffers go, as
     * mail_free() frees them */
    free(m->hbuf[0]);
    free(m->hbuf[1]);
    free(m->again);
    memset(m, 0, offsetof(struct mail_parser, lv));
    m->mode = mode;
    m->simd = skip_choose();
    m->clen = -1;
    m->field = field;
    m->dec = dec;
    m->dec_size = dec_size;
    m->at_start = true;
    m->line_no = 1;
}

void
mail_free(struct mail_parser *m)
{
    if (m == NULL)
        return;
    free(m->field);
    free(m->dec);
    free(m->hbuf[0]);
    free(m->hbuf[1]);
    free(m->again);
    free(m);
}

void
mail_set_read_at(struct mail_parser *m,
                 size_t (*read_at)(void *, uint64_t, char *, size_t),
                 void *arg)
{
    m->read_at = read_at;
    m->read_arg = arg;
}

/* What level L inherits or sets. */
static const char *
level_base(const struct mail_parser *m, const struct level *l)
{
    return l->base_at < 0 ? "" : m->lv[l->base_at].base;
}

static const char *
level_location(const struct mail_parser *m, const struct level *l)
{
    return l->location_at < 0 ? "" : m->lv[l->location_at].location;
}

static const char *
level_mid(const struct mail_parser *m, const struct level *l)
{
    return l->mid_at < 0 ? "" : m->lv[l->mid_at].message_id;
}

/* The Subject of the innermost message around level L. */
static const char *
level_subject(const struct mail_parser *m, const struct level *l)
{
    while (!l->is_message && l > m->lv)
        l--;
    return l->subject;
}

/* Write the decimal N after OUT[LEN] (SIZE bytes); returns the new
 * length. snprintf would cost more than the boundary line it serves. */
static size_t
put_number(char *out, size_t len, size_t size, int n)
{
    char digits[16];
    size_t k = 0;

    do {
        digits[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n && k < sizeof digits);
    while (k && len + 1 < size)
        out[len++] = digits[--k];
    out[len] = '\0';
    return len;
}

/* Start reading the headers of a new entity on top of the stack: a
 * message (IS_MESSAGE, CHILD 0), or child number CHILD of the multipart
 * on top. The caller makes sure that the stack has room. */
static void
push_level(struct mail_parser *m, bool is_message, int child)
{
    struct level *parent = m->depth ? &m->lv[m->depth - 1] : NULL;
    struct level *l = &m->lv[m->depth];

    l->is_message = is_message;
    l->multipart = l->closed = l->digest = false;
    l->boundary[0] = '\0';
    l->blen = 0;
    l->ctype[0] = l->charset[0] = l->subject[0] = '\0';
    l->cte = MIME_CTE_IDENTITY;
    l->nchild = 0;
    l->hdr_base[0] = l->hdr_location[0] = l->hdr_1808[0] = '\0';
    l->num = child;
    if (parent) {
        /* inherited until the entity's own headers say otherwise */
        l->base_at = parent->base_at;
        l->base_src = parent->base_src;
        l->location_at = parent->location_at;
        l->mid_at = parent->mid_at;
        if (parent->digest)
            strcpy(l->ctype, "message/rfc822");
    } else {
        l->base_at = l->location_at = l->mid_at = -1;
        l->base_src = MAIL_BASE_NONE;
    }
    m->depth++;
    m->st = M_HEADERS;
    m->nfield = 0;
    m->field_cr = false;
    m->skipping = false;
    m->field_last = '\0';
}

/* Resolve a header URI against the enclosing base when it is relative. */
static void
resolve_into(char *dst, const char *val, const char *base)
{
    char *abs = NULL;
    size_t n;

    if (base[0] && urigrep_resolve(base, strlen(base), val, strlen(val),
                                   URIGREP_RFC2396, &abs, &n) == URIGREP_OK) {
        copy_str(dst, BASE_MAX, abs, n);
        free(abs);
    } else {
        copy_str(dst, BASE_MAX, val, strlen(val));
    }
}

/* The field gets P (N bytes: a piece of a line, or whole lines, kept or
 * passed over): the last of them that is no blank nor line break is
 * noted. */
static inline void
field_note(struct mail_parser *m, const char *p, size_t n)
{
    /* ' ', '\t', '\r' and '\n' as bits: a test a byte, not four */
    const uint64_t blank = (uint64_t)1 << ' ' | (uint64_t)1 << '\t' |
                           (uint64_t)1 << '\r' | (uint64_t)1 << '\n';

    while (n && (unsigned char)p[n - 1] <= ' ' &&
           (blank >> (unsigned char)p[n - 1] & 1))
        n--;
    if (n)
        m->field_last = p[n - 1];
}

/* Append a piece of a header line to the field being unfolded. The line
 * break (LF or CRLF) is dropped, wherever the pieces were cut: a '\r'
 * ending a piece waits to see whether '\n' follows. A field passed over
 * only counts its bytes. Its last byte is noted first, whole. */
static void
field_append(struct mail_parser *m, const char *p, size_t n)
{
    bool nl = n && p[n - 1] == '\n';

    field_note(m, p, n);
    if (m->field_cr && !(n && p[0] == '\n') && m->nfield < FIELD_MAX) {
        if (!m->skipping)
            m->field[m->nfield] = '\r';
        m->nfield++;
    }
    m->field_cr = false;
    if (nl) {
        n--;
        if (n && p[n - 1] == '\r')
            n--;
    } else if (n && p[n - 1] == '\r') {
        m->field_cr = true;
        n--;
    }
    if (n > FIELD_MAX - m->nfield)
        n = FIELD_MAX - m->nfield;
    if (!m->skipping)
        memcpy(m->field + m->nfield, p, n);
    m->nfield += n;
}

/* Split the unfolded field F (N bytes) at its colon: the name (*NLEN
 * bytes at F, blanks before the colon dropped) and the value (*V, *VLEN
 * bytes, blanks and line breaks around it dropped). False when there is
 * no colon. */
static bool
split_field(const char *f, size_t n, size_t *nlen, const char **v,
            size_t *vlen)
{
    const char *colon = memchr(f, ':', n);

    if (colon == NULL)
        return false;
    *nlen = (size_t)(colon - f);
    while (*nlen && (f[*nlen - 1] == ' ' || f[*nlen - 1] == '\t'))
        (*nlen)--;
    *v = colon + 1;
    *vlen = n - (size_t)(*v - f);
    while (*vlen && (**v == ' ' || **v == '\t'))
        (*v)++, (*vlen)--;
    while (*vlen && ((*v)[*vlen - 1] == '\r' || (*v)[*vlen - 1] == '\n' ||
                     (*v)[*vlen - 1] == ' ' || (*v)[*vlen - 1] == '\t'))
        (*vlen)--;
    return true;
}

/* The fields of a message (its level L on top) that say who it is:
 * Message-ID, Subject, and the Content-Length of an mboxcl one. */
static void
message_field(struct mail_parser *m, struct level *l, const char *f,
              size_t nlen, const char *v, size_t vlen,
              const struct mail_sink *sink)
{
    if (l->is_message && mail_name_is(f, nlen, "Message-ID")) {
        copy_str(l->message_id, sizeof l->message_id, v, vlen);
        l->mid_at = m->depth - 1;
    } else if (l->is_message && mail_name_is(f, nlen, "Subject")) {
        copy_str(l->subject, sizeof l->subject, v, vlen);
    } else if (m->depth == 1 && counts_length(m) &&
               mail_name_is(f, nlen, "Content-Length")) {
        /* the octets of the body as stored (fdd000386, fdd000387); one
         * that is no count is said, and the message taken as having
         * none */
        m->clen = mbox_parse_length(v, vlen);
        if (m->clen < 0 && !count_may_fail(m) && sink->bad_length_value)
            sink->bad_length_value(sink->arg, v, vlen, m->field_line);
    }
}

/* The MIME fields of level L: its type, charset and boundary, transfer
 * encoding, and the bases of RFC 2557 and RFC 1808. */
static void
mime_field(struct level *l, const char *f, size_t nlen, const char *v,
           size_t vlen)
{
    if (mail_name_is(f, nlen, "Content-Type")) {
        if (mime_media_type(v, vlen, l->ctype, sizeof l->ctype)) {
            struct mime_param_want w[2] = {
                { "charset", l->charset, sizeof l->charset, false },
                { "boundary", l->boundary, sizeof l->boundary, false },
            };

            mime_params(v, vlen, w, 2);
            /* a field without one (a repeated Content-Type) leaves
             * none, not the length of one before it */
            l->blen = w[1].found ? strlen(l->boundary) : 0;
        }
    } else if (mail_name_is(f, nlen, "Content-Transfer-Encoding")) {
        l->cte = mime_parse_cte(v, vlen);
    } else if (mail_name_is(f, nlen, "Content-Base")) {
        mime_uri_value(v, vlen, l->hdr_base, sizeof l->hdr_base);
    } else if (mail_name_is(f, nlen, "Content-Location")) {
        mime_uri_value(v, vlen, l->hdr_location, sizeof l->hdr_location);
    } else if (mail_name_is(f, nlen, "Base")) {
        /* RFC 1808 section 3.1: Base: <URL:...> */
        mime_uri_value(v, vlen, l->hdr_1808, sizeof l->hdr_1808);
    }
}

/* Do the eight bytes at P, all of a field name, spell "Content-" in any
 * case? ORed with 0x20, a letter is its lower case one, and '-' is
 * itself; the only other byte that gives '-' is '\r', in no name. */
static inline bool
starts_content(const char *p)
{
    uint64_t w, want;

    memcpy(&w, p, 8);
    memcpy(&want, "content-", 8);
    return (w | 0x2020202020202020u) == want;
}

/* Is the field named P (K bytes, its ':' after them) one of those that
 * message_field() and mime_field() read? Every "Content-" one is taken
 * for one. The first byte says no for most (Received, DKIM-Signature,
 * X-...). */
static inline bool
field_read(const char *p, size_t k)
{
    switch (p[0] | 0x20) {
    case 'b':
        return mail_name_is(p, k, "Base");
    case 'c':
        return k > 8 && starts_content(p);
    case 'm':
        return mail_name_is(p, k, "Message-ID");
    case 's':
        return mail_name_is(p, k, "Subject");
    default:
        return false;
    }
}

/* A complete header field that is read: note what matters, report
 * it. */
static void
read_field(struct mail_parser *m, const struct mail_sink *sink, size_t n)
{
    struct level *l;
    const char *v;
    size_t nlen, vlen;

    if (n == 0 || m->depth == 0 || !split_field(m->field, n, &nlen, &v,
                                                &vlen))
        return;
    l = &m->lv[m->depth - 1];
    message_field(m, l, m->field, nlen, v, vlen, sink);
    if (sink->header)
        sink->header(sink->arg, m->field, nlen, v, vlen,
                     l->is_message && l->mid_at != m->depth - 1
                         ? "" : level_mid(m, l),
                     m->field_line);
    mime_field(l, m->field, nlen, v, vlen);
}

/* A complete header field: one no one reads is only forgotten, here,
 * with no call (most fields of list mail are such). */
static inline void
end_field(struct mail_parser *m, const struct mail_sink *sink)
{
    size_t n = m->nfield;

    m->nfield = 0;
    m->field_cr = false;
    m->field_last = '\0';
    if (m->skipping)
        m->skipping = false;
    else
        read_field(m, sink, n);
}

/* The header of the entity on top has ended, however. */
static void
header_ended(struct mail_parser *m, const struct mail_sink *sink)
{
    end_field(m, sink);
    if (sink->header_end)
        sink->header_end(sink->arg, level_mid(m, &m->lv[m->depth - 1]));
}

/* Is the body of level L read as text: a text part, or a multipart
 * that cannot be split, having no boundary (RFC 2046 5.1.1 requires
 * one)?  As RFC 2045 5.2 says of a Content-Type that is not valid, it
 * is taken as plain text: its URIs are not lost. */
static bool
read_as_text(const struct level *l)
{
    return strncmp(l->ctype, "text/", 5) == 0 ||
           (strncmp(l->ctype, "multipart/", 10) == 0 && l->blen == 0);
}

/* The part numbers down M's stack into PATH (PATH_MAX_ bytes), as IMAP
 * counts them; a message's body is its part 1, but for the preamble or
 * epilogue of a multipart (OWN), which are the multipart's own text. */
static void
part_path(const struct mail_parser *m, bool own, char *path)
{
    size_t plen = 0;
    int i;

    path[0] = '\0';
    for (i = 0; i < m->depth; i++) {
        int num = m->lv[i].num;

        if (num == 0 && i == m->depth - 1 && m->lv[i].is_message && !own)
            num = 1;
        if (num == 0)
            continue;
        if (plen && plen + 1 < PATH_MAX_)
            path[plen++] = '.';
        plen = put_number(path, plen, PATH_MAX_, num);
    }
}

/* Deliver the body of the entity on top as a leaf part (REGION
 * MAIL_REGION_BODY), or the preamble or epilogue of the multipart on
 * top; TOO_DEEP: it is a multipart or message that the stack has no
 * room to take apart.  A preamble or epilogue is text/plain with no
 * charset, as a text part without one, and not transfer-encoded (RFC
 * 2046 5.1: it is as stored, 7bit or 8bit). */
static void
open_leaf(struct mail_parser *m, bool too_deep, enum mail_region region,
          uint64_t body_line, const struct mail_sink *sink)
{
    struct level *l = &m->lv[m->depth - 1];
    struct mail_part_info info;
    char path[PATH_MAX_];

    part_path(m, region != MAIL_REGION_BODY, path);
    info.region = region;
    info.content_type = region ? "text/plain" : l->ctype;
    info.charset = region ? "" : l->charset;
    info.base = level_base(m, l);
    info.base_src = l->base_at < 0 ? MAIL_BASE_NONE : l->base_src;
    info.location = level_location(m, l);
    info.path = path;
    info.message_id = level_mid(m, l);
    info.subject = level_subject(m, l);
    info.line = body_line;
    info.scan = too_deep || region || read_as_text(l);
    info.too_deep = too_deep;
    m->leaf_open = true;
    m->leaf_scan = info.scan;
    m->region = region;
    m->cte = too_deep || region ? MIME_CTE_IDENTITY : l->cte;
    info.as_stored = m->cte != MIME_CTE_QP && m->cte != MIME_CTE_BASE64;
    mime_qp_init(&m->qp);
    mime_b64_init(&m->b64);
    m->b64.vec = m->simd == SKIP_AVX2;
    m->qp.vec = m->b64.vec;
    if (sink->part_begin)
        sink->part_begin(sink->arg, &info);
    m->st = M_BODY;
}

/* The preamble (REGION MAIL_REGION_PREAMBLE) or epilogue of the
 * multipart on top starts at stored line LINE: its leaf is opened at its
 * first line that is not blank (region_line()), not before, so that one
 * made of blank lines alone costs nothing. */
static void
start_region(struct mail_parser *m, enum mail_region region, uint64_t line)
{
    m->pend_region = m->region = region;
    m->pend_line = line;
    m->npend = 0;
    m->st = M_BODY;
}

/* The line P (N bytes, COMPLETE as handle_line() has it) of a preamble or
 * epilogue not opened yet: a blank one is held, if there is room; any
 * other opens the leaf, the lines held given first.  Returns whether
 * the line is the leaf's to take. */
static bool
region_line(struct mail_parser *m, const char *p, size_t n, bool complete,
            const struct mail_sink *sink)
{
    uint64_t line = m->pend_line;
    size_t i = 0, k;

    if (complete && field_is_blank_line(p, n) && n <= PEND_MAX - m->npend) {
        memcpy(m->pend + m->npend, p, n);
        m->npend += n;
        return false;
    }
    open_leaf(m, false, m->pend_region, line, sink);
    m->pend_region = MAIL_REGION_BODY;
    for (; i < m->npend && sink->part_data; i += k) {
        k = m->pend[i] == '\r' ? 2 : 1;
        sink->part_data(sink->arg, m->pend + i, k, line++);
    }
    m->npend = 0;
    return true;
}

/* The end of the headers: decide what the body is, which starts at
 * stored line BODY_LINE. */
static void
end_headers(struct mail_parser *m, uint64_t body_line,
            const struct mail_sink *sink)
{
    int top = m->depth - 1;
    struct level *l = &m->lv[top];
    const char *parent_base = level_base(m, l);
    bool multipart, message;

    header_ended(m, sink);
    if (top == 0 && m->clen >= 0) {
        /* an mboxcl message's body: BODY_POS on, CLEN bytes */
        m->counting = true;
        m->count_end = m->body_pos + (uint64_t)m->clen;
        m->count_len = (uint64_t)m->clen;
        m->clen = -1;
        m->count_check = 0;
    }
    if (l->ctype[0] == '\0')
        strcpy(l->ctype, "text/plain");
    /* RFC 2396 5.1.2 via MHTML: Content-Base, else Content-Location, else
     * RFC 1808's Base:, each resolved against the enclosing base */
    if (l->hdr_location[0]) {
        resolve_into(l->location, l->hdr_location,
                     l->hdr_base[0] ? l->hdr_base : parent_base);
        l->location_at = top;
    }
    if (l->hdr_base[0]) {
        resolve_into(l->base, l->hdr_base, parent_base);
        l->base_src = MAIL_BASE_CONTENT_BASE;
    } else if (l->hdr_location[0]) {
        memcpy(l->base, l->location, sizeof l->base);
        l->base_src = MAIL_BASE_CONTENT_LOCATION;
    } else if (l->hdr_1808[0]) {
        resolve_into(l->base, l->hdr_1808, parent_base);
        l->base_src = MAIL_BASE_1808;
    }
    if (l->hdr_base[0] || l->hdr_location[0] || l->hdr_1808[0])
        l->base_at = top;
    multipart = strncmp(l->ctype, "multipart/", 10) == 0 && l->blen > 0;
    message = strcmp(l->ctype, "message/rfc822") == 0 ||
              strcmp(l->ctype, "message/news") == 0 ||
              strcmp(l->ctype, "message/global") == 0;
    if ((multipart || message) && m->depth == MAX_DEPTH) {
        open_leaf(m, true, MAIL_REGION_BODY, body_line, sink);
    } else if (multipart) {
        l->multipart = true;
        l->digest = strcmp(l->ctype, "multipart/digest") == 0;
        start_region(m, MAIL_REGION_PREAMBLE, body_line);
    } else if (message) {
        push_level(m, true, 0);
    } else {
        open_leaf(m, false, MAIL_REGION_BODY, body_line, sink);
    }
}

static void
close_leaf(struct mail_parser *m, const struct mail_sink *sink)
{
    /* a preamble or epilogue of blank lines only: nothing to give */
    m->pend_region = m->region = MAIL_REGION_BODY;
    m->npend = 0;
    if (!m->leaf_open)
        return;
    if (m->leaf_scan && m->cte == MIME_CTE_QP && sink->part_data) {
        size_t n = mime_qp_decode(&m->qp, "", 0, m->dec, true);
        if (n)
            sink->part_data(sink->arg, m->dec, n, m->line_no);
    }
    m->leaf_open = false;
    if (sink->part_end)
        sink->part_end(sink->arg);
}

/* Is LINE (N bytes, from "--") a delimiter line of the multipart L, open
 * or closed?  Sets *CLOSE for "--boundary--". */
static inline bool
is_delimiter(const struct level *l, const char *line, size_t n, bool *close)
{
    size_t k;

    if (!l->multipart || n < 2 + l->blen ||
        memcmp(line + 2, l->boundary, l->blen) != 0)
        return false;
    k = 2 + l->blen;
    *close = n >= k + 2 && line[k] == '-' && line[k + 1] == '-';
    if (*close)
        k += 2;
    /* only blanks may follow (RFC 2046 5.1.1) */
    while (k < n && (line[k] == ' ' || line[k] == '\t' ||
                     line[k] == '\r' || line[k] == '\n'))
        k++;
    return k == n;
}

/* Is LINE a boundary of an open multipart? Returns its level and sets
 * *CLOSE for "--boundary--", or -1. */
static int
find_boundary(const struct mail_parser *m, const char *line, size_t n,
              bool *close)
{
    int i;

    if (n < 3 || line[0] != '-' || line[1] != '-')
        return -1;
    for (i = m->depth - 1; i >= 0; i--)
        if (!m->lv[i].closed && is_delimiter(&m->lv[i], line, n, close))
            return i;
    return -1;
}

/* In the epilogue of a multipart: is LINE (N bytes) its delimiter again
 * (a close delimiter written twice, a boundary line after it)?  Such a
 * line is no text of the epilogue: it is passed over. */
static bool
stale_delimiter(const struct mail_parser *m, const char *line, size_t n)
{
    bool close;

    return m->region == MAIL_REGION_EPILOGUE && n >= 3 && line[0] == '-' &&
           line[1] == '-' && is_delimiter(&m->lv[m->depth - 1], line, n,
                                          &close);
}

static void
boundary_line(struct mail_parser *m, int level, bool close,
              const struct mail_sink *sink)
{
    struct level *l;

    if (m->st == M_HEADERS)
        header_ended(m, sink);
    close_leaf(m, sink);
    m->depth = level + 1;
    l = &m->lv[level];
    if (close) {
        /* the epilogue: up to a boundary of a multipart around this
         * one, or the end of the message */
        l->closed = true;
        start_region(m, MAIL_REGION_EPILOGUE, m->line_no + 1);
        return;
    }
    /* room: the multipart at LEVEL is below MAX_DEPTH - 1 (end_headers
     * does not make the deepest level a multipart) */
    push_level(m, false, ++l->nchild);
}

/* How many bytes of "From " quoting start the body line P (N bytes): 1
 * for a '>' that M's mbox variant put there, else 0. mboxrd (qmail's
 * mbox(5)) quotes ">From ", ">>From "... with one more '>'; mboxo and
 * mboxcl only "From " (fdd000384, fdd000386), so that ">>From " there is
 * as written; mboxcl2 quotes nothing (fdd000387). */
static size_t
from_quote(const struct mail_parser *m, const char *p, size_t n)
{
    size_t k = 1;

    if (n < 6 || p[0] != '>')
        return 0;
    switch (m->mode) {
    case MAIL_MBOXRD:
    case MAIL_MBOX:
        while (k < n && p[k] == '>')
            k++;
        break;
    case MAIL_MBOXO:
    case MAIL_MBOXCL:
        break;
    default:
        return 0;
    }
    return n - k >= 5 && memcmp(p + k, "From ", 5) == 0;
}

/* Body bytes of the open leaf: undo "From " quoting, decode, deliver. */
static void
body_data(struct mail_parser *m, const char *p, size_t n, bool line_start,
          const struct mail_sink *sink)
{
    size_t k;

    if (!m->leaf_scan || sink->part_data == NULL)
        return;
    if (line_start && (k = from_quote(m, p, n)) > 0)
        p += k, n -= k;
    while (n) {
        size_t take = n < FIELD_MAX ? n : FIELD_MAX, out;

        switch (m->cte) {
        case MIME_CTE_QP:
            out = mime_qp_decode(&m->qp, p, take, m->dec, false);
            break;
        case MIME_CTE_BASE64:
            out = mime_b64_decode(&m->b64, p, take, m->dec);
            break;
        default:
            sink->part_data(sink->arg, p, take, m->line_no);
            out = 0;
            break;
        }
        if (out)
            sink->part_data(sink->arg, m->dec, out, m->line_no);
        p += take;
        n -= take;
    }
}

/* May the body line P (N bytes, its '\n' last) end the leaf or change
 * its bytes: an mbox separator, a boundary of an open multipart, "From "
 * quoting?  As handle_line() sees it: a line longer than LINE_MAX_ comes
 * to it cut, as its first LINE_MAX_ bytes and not complete. */
static inline bool
body_line_special(const struct mail_parser *m, const char *p, size_t n)
{
    bool close;

    switch (p[0]) {
    case 'F':
        return m->mode != MAIL_ONE && n <= LINE_MAX_ &&
               mail_is_from_line(p, n);
    case '-':
        return n <= LINE_MAX_ && (find_boundary(m, p, n, &close) >= 0 ||
                                  stale_delimiter(m, p, n));
    case '>':
        return from_quote(m, p, n < LINE_MAX_ ? n : LINE_MAX_) > 0;
    default:
        return false;
    }
}

/* Decoded lines delivered in one part_marked() call at most: a
 * quoted-printable line of 76 bytes gives some 70, so that the decode
 * buffer (FIELD_MAX) fills first. */
#define MARKS_MAX 256

/* Decode the line P (N bytes) of the open leaf, quoted-printable or
 * base64, to OUT; returns the bytes written (at most N + 4). */
static size_t
decode_line(struct mail_parser *m, const char *p, size_t n, char *out)
{
    if (m->cte == MIME_CTE_QP)
        return mime_qp_decode(&m->qp, p, n, out, false);
    return mime_b64_decode(&m->b64, p, n, out);
}

static inline bool may_be_special(const struct mail_parser *m,
                                  const char *p, size_t avail);

/* The first bytes of the lines body_line_special() may find: where
 * mime_qp_lines() stops, for qp_run() to look. */
static const bool special_first[256] = { ['F'] = true, ['-'] = true,
                                         ['>'] = true };

/* Quoted-printable lines from Q (up to END) that body_line_special()
 * cannot find (may_be_special() passes them), decoded into M's buffer
 * from *O as many as fit (mime_qp_lines()), *O moved past them, their
 * marks added to MARKS from *K; returns the bytes taken. */
static size_t
qp_run(struct mail_parser *m, const char *q, const char *end, size_t *o,
       struct mail_mark *marks, size_t *k)
{
    size_t offs[MARKS_MAX], room, nlines, w, used, j, taken = 0;
    const char *nl;

    /* whole lines whose bytes, and 32 more, fit */
    room = m->dec_size - *o > 32 ? m->dec_size - *o - 32 : 0;
    if (room > (size_t)(end - q))
        room = (size_t)(end - q);
    if (room == 0 || (nl = memrchr(q, '\n', room)) == NULL)
        return 0;
    room = (size_t)(nl - q) + 1;
    while (taken < room && *k < MARKS_MAX &&
           !may_be_special(m, q + taken, (size_t)(end - q) - taken)) {
        used = mime_qp_lines(&m->qp, q + taken, room - taken, m->dec + *o,
                             special_first, offs, MARKS_MAX - *k, &nlines,
                             &w);
        for (j = 0; j < nlines; j++) {
            marks[*k + j].off = *o + offs[j];
            marks[*k + j].line = m->line_no + j;
        }
        *o += w;
        *k += nlines;
        m->line_no += nlines;
        taken += used;
    }
    return taken;
}

/* The whole lines from Q (up to END) of an encoded part that
 * body_line_special() passes, decoded into M's buffer as many as fit and
 * given to part_marked() in one call, each line's bytes marked with its
 * stored line; a line too long for the buffer goes alone through
 * body_data().  Returns where the lines taken end. */
static const char *
decoded_lines(struct mail_parser *m, const char *q, const char *end,
              const struct mail_sink *sink)
{
    struct mail_mark marks[MARKS_MAX];
    size_t o = 0, k = 0;
    const char *nl;

    while (q < end && k < MARKS_MAX) {
        size_t n;

        if (m->cte == MIME_CTE_QP &&
            (n = qp_run(m, q, end, &o, marks, &k)) > 0) {
            q += n;
            continue;
        }
        /* a line that may be special, or too long for the buffer */
        if ((nl = memchr(q, '\n', (size_t)(end - q))) == NULL)
            break;
        n = (size_t)(nl - q) + 1;

        if (body_line_special(m, q, n))
            break;
        if (n + 4 > m->dec_size - o) {
            if (k)
                break;
            body_data(m, q, n, false, sink);
        } else {
            marks[k].off = o;
            marks[k++].line = m->line_no;
            o += decode_line(m, q, n, m->dec + o);
        }
        m->line_no++;
        q = nl + 1;
    }
    if (k)
        sink->part_marked(sink->arg, m->dec, o, marks, k);
    return q;
}

/* Might the body line at P (AVAIL bytes there, the line's end perhaps
 * not among them) be one that body_line_special() finds? A look at its
 * first bytes, so that most lines that start with 'F', '-' or '>' ("From
 * the", "- item", "> quoted") need no search for their end. */
static inline bool
may_be_special(const struct mail_parser *m, const char *p, size_t avail)
{
    size_t k = 1;

    switch (p[0]) {
    case 'F':
        return m->mode != MAIL_ONE &&
               (avail < 5 || memcmp(p, "From ", 5) == 0);
    case '-':
        return avail < 2 || p[1] == '-';
    case '>':
        while (k < avail && p[k] == '>')
            k++;
        return avail - k < 5 || memcmp(p + k, "From ", 5) == 0;
    default:
        return false;
    }
}

/* Can body_line_special() find no line of the open leaf: one message
 * (no "From " line, no quoting) with no multipart open (no boundary),
 * nor an epilogue (its multipart's delimiter again)?  A news article or
 * a mail saved alone, however long its body. */
static bool
no_line_special(const struct mail_parser *m)
{
    int i;

    if (m->mode != MAIL_ONE || m->region == MAIL_REGION_EPILOGUE)
        return false;
    for (i = 0; i < m->depth; i++)
        if (m->lv[i].multipart && !m->lv[i].closed)
            return false;
    return true;
}

/* The whole lines at P (LEN bytes, from a line start) up to the first
 * that body_line_special() finds: their bytes, the newlines among them
 * added to M's line number. Only lines whose first bytes may make them
 * special (skip_mail_line()) are looked at one by one. */
static size_t
plain_lines(struct mail_parser *m, const char *p, size_t len)
{
    size_t at = 0, next;
    uint64_t lines;

    if (no_line_special(m)) {
        /* all the whole lines, their newlines counted */
        const char *nl = memrchr(p, '\n', len);

        at = nl ? (size_t)(nl - p) + 1 : 0;
        m->line_no += skip_count_newlines(m->simd, p, at);
        return at;
    }
    for (;;) {
        const char *nl;

        if (may_be_special(m, p + at, len - at) &&
            ((nl = memchr(p + at, '\n', len - at)) == NULL ||
             body_line_special(m, p + at, (size_t)(nl - p) + 1 - at)))
            return at;
        next = skip_mail_line(m->simd, p, at, len, &lines);
        m->line_no += lines;
        if (next == len) {
            /* the newlines counted end at the last one */
            nl = memrchr(p + at, '\n', len - at);
            return nl ? (size_t)(nl - p) + 1 : at;
        }
        at = next;
    }
}

/* The body of the open leaf, from the start of a line at P (LEN bytes):
 * its whole lines up to the first that body_line_special() finds, in
 * one span where the part needs no decoding or is not read.  Returns
 * the bytes taken (0 when the first line is special or incomplete);
 * what handle_line() would do for each line is done. */
static size_t
body_lines(struct mail_parser *m, const char *p, size_t len,
           const struct mail_sink *sink)
{
    const char *q = p, *end = p + len, *nl;
    uint64_t first = m->line_no;
    bool scan = m->leaf_scan && sink->part_data != NULL;

    if (!scan || (m->cte != MIME_CTE_QP && m->cte != MIME_CTE_BASE64 &&
                  sink->part_lines != NULL)) {
        size_t take = plain_lines(m, p, len);

        if (scan && take)
            sink->part_lines(sink->arg, p, take, first, m->line_no - 1);
        m->pos += take;
        return take;
    }
    if (sink->part_marked != NULL &&
        (m->cte == MIME_CTE_QP || m->cte == MIME_CTE_BASE64)) {
        const char *from;

        do {
            from = q;
            q = decoded_lines(m, q, end, sink);
        } while (q != from && q < end);
        end = q; /* a line that ends the run, or one not complete */
    }
    while (q < end && (nl = memchr(q, '\n', (size_t)(end - q))) != NULL) {
        size_t n = (size_t)(nl - q) + 1;

        if (body_line_special(m, q, n))
            break;
        body_data(m, q, n, false, sink);
        m->line_no++;
        q = nl + 1;
    }
    m->pos += (uint64_t)(q - p);
    return (size_t)(q - p);
}

/* Does the field being unfolded end with ';', blanks aside? */
static inline bool
field_ends_semicolon(const struct mail_parser *m)
{
    return m->field_last == ';';
}

/* Does the line P (N bytes) start "token=" (a MIME parameter)? */
static bool
starts_parameter(const char *p, size_t n)
{
    size_t k;

    for (k = 0; k < n && (is_alnum((unsigned char)p[k]) ||
                          strchr("-_.*", p[k]) != NULL); k++)
        ;
    return k > 0 && k < n && p[k] == '=';
}

/* Is this line, which is no field and not folded, the rest of the field
 * before it all the same? A mailer that broke "Content-Type: text/html;"
 * before its parameter without the blank that folds it wrote
 * 'charset="utf-8"' or 'boundary="x"' on the next line; taken for the
 * body, it would lose the part's Content-Transfer-Encoding after it
 * ("href=3D..." read as written). So: the field so far ends with ';' and
 * the line starts "token=".
 * (Inline: it is asked at the start of each field, and the field before
 * seldom ends with ';'.) */
static inline bool
is_broken_fold(const struct mail_parser *m, const char *p, size_t n)
{
    return field_ends_semicolon(m) && starts_parameter(p, n);
}

static void
start_message(struct mail_parser *m, const struct mail_sink *sink)
{
    if (m->depth && m->st == M_HEADERS)
        header_ended(m, sink);
    close_leaf(m, sink);
    m->depth = 0;
    m->clen = -1;
    push_level(m, true, 0);
    if (sink->message)
        sink->message(sink->arg, m->line_no);
}

/* A line P (N bytes; BLANK: an empty one) of a header: the start of a
 * field, or the rest of one (folded, or a broken fold). False when it
 * ends the header instead, taking nothing. The name is measured once,
 * and only for a line that is not folded. */
static bool
header_line(struct mail_parser *m, const char *p, size_t n, bool blank,
            const struct mail_sink *sink)
{
    bool folded = p[0] == ' ' || p[0] == '\t';
    size_t k = blank || folded ? 0 : field_line_name(p, n);

    if (!folded && !blank && is_broken_fold(m, p, n))
        folded = true;
    if (blank || (k == 0 && !folded))
        return false;
    if (!folded) {
        end_field(m, sink);
        m->field_line = m->line_no;
        if (sink->few_headers && !field_read(p, k))
            m->skipping = true;
    } else if (m->nfield == 0) {
        /* a folded line with no field before it (the first of a
         * header block): read as a field of its own, from here */
        m->field_line = m->line_no;
    }
    /* unfold: drop the line break, keep the blank that follows */
    field_append(m, p, n);
    return true;
}

/* The epilogue's line P (N bytes, at most LINE_MAX_, complete) is its
 * multipart's delimiter again: no text, given as blanks in its place
 * (its line break kept), so that the lines and offsets after it are
 * still those stored. */
static void
blank_delimiter(struct mail_parser *m, const char *p, size_t n,
                const struct mail_sink *sink)
{
    char blank[LINE_MAX_];
    size_t k = n;

    while (k && (p[k - 1] == '\n' || p[k - 1] == '\r'))
        k--;
    memset(blank, ' ', k);
    memcpy(blank + k, p + k, n - k);
    if (m->pend_region && !region_line(m, blank, n, true, sink))
        return;
    body_data(m, blank, n, true, sink);
}

/* A complete line (with its newline, except at the end of input), or the
 * first LINE_MAX_ bytes of a longer one (COMPLETE false). */
static void
handle_line(struct mail_parser *m, const char *p, size_t n, bool complete,
            const struct mail_sink *sink)
{
    bool blank = complete && field_is_blank_line(p, n), close = false;
    int b;

    /* mbox separator: as mutt, any "From " line with a date; the blank
     * line before it is not required (some tools do not write one) */
    if (mbox_is_separator(m, p, n, complete, sink)) {
        start_message(m, sink);
        m->at_start = false;
        return;
    }
    if (m->hold)
        return;     /* held: mail_feed() takes the line */
    if (m->at_start && m->depth == 0)
        start_message(m, sink);
    m->at_start = false;
    if (m->depth == 0)
        return; /* mbox text before the first "From " line */
    /* (most lines do not start with '-': no call) */
    if (complete && p[0] == '-' && (b = find_boundary(m, p, n, &close)) >= 0) {
        boundary_line(m, b, close, sink);
        return;
    }
    if (complete && stale_delimiter(m, p, n)) {
        blank_delimiter(m, p, n, sink);
        return;
    }
    switch (m->st) {
    case M_HEADERS:
        if (!header_line(m, p, n, blank, sink)) {
            /* end of headers; a line that is no field starts the body */
            m->body_pos = blank ? m->line_start + n : m->line_start;
            end_headers(m, blank ? m->line_no + 1 : m->line_no, sink);
            if (!blank)
                handle_line(m, p, n, complete, sink);
        }
        return;
    case M_BODY:
        if (m->pend_region && !region_line(m, p, n, complete, sink))
            return;
        if (m->leaf_open)
            body_data(m, p, n, true, sink);
        return;
    }
}

/* The rest of a long line, N bytes P or less: streamed as body data (or
 * the field it continues); how many were taken. */
static size_t
long_line_rest(struct mail_parser *m, const char *p, size_t n,
               const struct mail_sink *sink)
{
    const char *nl = memchr(p, '\n', n);
    size_t take = nl ? (size_t)(nl - p) + 1 : n;

    if (m->st == M_BODY && m->leaf_open)
        body_data(m, p, take, false, sink);
    else if (m->st == M_HEADERS)
        field_append(m, p, take);
    if (nl) {
        m->long_line = false;
        m->line_no++;
    }
    m->pos += take;
    return take;
}

/* Would handle_line() take the line at P (of the LEN bytes at P, from a
 * line start) as the start of a field no one reads: no boundary nor
 * broken fold, a field line (not folded, not the end of the header)
 * whose name field_read() does not want? Returns the length of its name
 * (the index of its ':'), or 0. The line's end is not looked for first:
 * the name ends at its '\n' at the latest, and the two bytes after the
 * ':' that field_line_name() looks at are in the line when they are no
 * '\n' (skipped_field() then finds the end, and gives the line to
 * handle_line() when there is none). A "From " line is never a field
 * line (a blank in its name). */
static size_t
skipped_field_name(const struct mail_parser *m, const char *p, size_t len)
{
    size_t k;

    if (p[0] == '-' || p[0] == ' ' || p[0] == '\t')
        return 0;
    k = field_line_name(p, len);
    if (k == 0 || k + 1 >= len || k >= LINE_MAX_ || field_read(p, k) ||
        is_broken_fold(m, p, k))
        return 0;
    return k;
}

/* Where the field whose line starts at P ends: the first line start
 * after P + FROM (FROM in the first line) that is not folded, of the LEN
 * bytes at P, or past the last whole line when the field may go on in
 * input yet to come; 0 when the first line is not whole. *LINES: the
 * newlines before that end. */
static size_t
field_end(const struct mail_parser *m, const char *p, size_t from,
          size_t len, uint64_t *lines)
{
    size_t take = skip_unfolded(m->simd, p, from, len, lines);
    const char *nl;

    if (take < len || p[len - 1] == '\n')
        return take;
    nl = memrchr(p + from, '\n', len - from);
    return nl ? (size_t)(nl - p) + 1 : 0;
}

/* The TAKE bytes at P, LINES whole lines, are of the field passed over:
 * counted only to tell it has begun, its last byte that is no blank
 * noted (field_note()). */
static void
skip_taken(struct mail_parser *m, const char *p, size_t take, uint64_t lines)
{
    m->line_no += lines;
    m->nfield = take < FIELD_MAX - m->nfield ? m->nfield + take : FIELD_MAX;
    field_note(m, p, take);
}

/* At a line start in a header, of the LEN bytes at P: a whole field no
 * one reads (skipped_field_name()), its folded lines with it, ended the
 * field before it; the bytes taken, or 0 (nothing done) when it is not
 * one or its first line is not whole or longer than LINE_MAX_ (it goes
 * to handle_line(), cut). */
static size_t
skipped_field(struct mail_parser *m, const char *p, size_t len,
              const struct mail_sink *sink)
{
    size_t k = skipped_field_name(m, p, len), take;
    uint64_t lines;

    if (k == 0 || (take = field_end(m, p, k, len, &lines)) == 0)
        return 0;
    if (take > LINE_MAX_ && memchr(p + k, '\n', LINE_MAX_ - k) == NULL)
        return 0;
    end_field(m, sink);
    m->field_line = m->line_no;
    m->skipping = true;
    skip_taken(m, p, take, lines);
    return take;
}

/* The folded lines at P (LEN bytes, from a line start, a blank first) of
 * the field passed over, as many as there are; the bytes taken, 0 when
 * the first of them is not whole. */
static size_t
skipped_run(struct mail_parser *m, const char *p, size_t len)
{
    uint64_t lines;
    size_t take = field_end(m, p, 0, len, &lines);

    if (take)
        skip_taken(m, p, take, lines);
    return take;
}

/* At a line start in a header, the whole lines at P (LEN bytes) of
 * fields no one reads (SINK->few_headers) and the folded lines of the
 * one passed over, as handle_line() would take them, a field at a time;
 * the first line that is none of these is left to it. Returns the bytes
 * taken. */
static size_t
skipped_fields(struct mail_parser *m, const char *p, size_t len,
               const struct mail_sink *sink)
{
    const char *q = p, *end = p + len;

    while (q < end) {
        size_t take;

        if (*q == ' ' || *q == '\t')
            take = m->skipping ? skipped_run(m, q, (size_t)(end - q)) : 0;
        else
            take = sink->few_headers
                       ? skipped_field(m, q, (size_t)(end - q), sink)
                       : 0;
        if (take == 0)
            break;
        q += take;
    }
    m->pos += (uint64_t)(q - p);
    return (size_t)(q - p);
}

/* At a line start, the lines at P (N bytes) that need no look each, as
 * many as there are: of a body (body_lines()), or of fields passed over
 * (skipped_fields()); not in a counted body, where a
 * "From " line is held. Returns the bytes taken. */
static size_t
quick_lines(struct mail_parser *m, const char *p, size_t n,
            const struct mail_sink *sink)
{
    if (m->counting)
        return 0;
    if (m->st == M_BODY && m->leaf_open)
        return body_lines(m, p, n, sink);
    if (m->st == M_HEADERS && m->depth > 0 && !m->at_start &&
        (m->skipping || sink->few_headers))
        return skipped_fields(m, p, n, sink);
    return 0;
}

/* Bytes P (LEN) as lines; how many were taken: fewer when a line starts
 * a hold (taken with it). */
static size_t
feed_lines(struct mail_parser *m, const char *p, size_t len,
           const struct mail_sink *sink)
{
    size_t done = 0;

    while (done < len && m->hold == HOLD_NONE) {
        const char *nl, *q = p + done;
        size_t n = len - done, take;

        if (!m->long_line && m->nline == 0)
            m->line_start = m->pos;     /* a line begins */
        if (m->long_line) {
            done += long_line_rest(m, q, n, sink);
            continue;
        }
        if (m->nline == 0 && (take = quick_lines(m, q, n, sink)) > 0) {
            done += take;
            continue;
        }
        if (m->nline == 0 && (nl = memchr(q, '\n', n)) != NULL &&
            (size_t)(nl - q) < LINE_MAX_) {
            /* the common case: a whole line in the input, no copy */
            take = (size_t)(nl - q) + 1;
            handle_line(m, q, take, true, sink);
            if (m->hold && !mbox_hold_bytes(m, q, take)) {
                m->hold = HOLD_NONE;    /* no memory: read it now */
                handle_line(m, q, take, true, sink);
            }
            m->line_no++;
            m->pos += take;
            done += take;
            continue;
        }
        nl = memchr(q, '\n', n);
        take = nl ? (size_t)(nl - q) + 1 : n;
        if (take > LINE_MAX_ - m->nline)
            take = LINE_MAX_ - m->nline;
        memcpy(m->line + m->nline, q, take);
        m->nline += take;
        m->pos += take;
        done += take;
        if (m->line[m->nline - 1] == '\n') {
            handle_line(m, m->line, m->nline, true, sink);
            if (m->hold && !mbox_hold_bytes(m, m->line, m->nline)) {
                m->hold = HOLD_NONE;    /* no memory: read it now */
                handle_line(m, m->line, m->nline, true, sink);
            }
            m->line_no++;
            m->nline = 0;
        } else if (m->nline == LINE_MAX_) {
            /* too long to be a boundary or a header we parse whole */
            handle_line(m, m->line, m->nline, false, sink);
            m->nline = 0;
            m->long_line = true;
        }
    }
    return done;
}

void
mail_feed(struct mail_parser *m, const char *p, size_t len,
          const struct mail_sink *sink)
{
    for (;;) {
        bool again = m->rpos < m->nreplay;
        const char *q = again ? m->replay + m->rpos : p;
        size_t n = again ? m->nreplay - m->rpos : len, k;

        if (n == 0)
            break;
        if (m->hold) {
            k = mbox_held_bytes(m, q, n, sink);
            if (!m->rewind)
                m->pos += k;
        } else {
            k = feed_lines(m, q, n, sink);
        }
        if (again)
            m->rpos += k;
        else
            p += k, len -= k;
        if (m->rewind)
            mbox_rewind(m);
        if (m->rpos == m->nreplay)
            m->rpos = m->nreplay = 0;
    }
}

void
mail_finish(struct mail_parser *m, const struct mail_sink *sink)
{
    for (;;) {
        if (m->nline && m->hold == HOLD_NONE) {
            handle_line(m, m->line, m->nline, true, sink);
            if (m->hold && !mbox_hold_bytes(m, m->line, m->nline)) {
                m->hold = HOLD_NONE;
                handle_line(m, m->line, m->nline, true, sink);
            }
            m->nline = 0;
        }
        if (m->hold == HOLD_NONE)
            break;
        /* the end of the input after a "From " line held: the count was
         * right if only blank lines (or a "From " line) followed it */
        if (!m->ended) {
            m->ended = true;
            m->end_pos = m->win_pos + m->nwin;
        }
        mbox_held_decided(m, m->hold == HOLD_AFTER &&
                            (m->nwin == m->after ||
                             (m->win[m->after] == 'F' &&
                              mail_is_from_line(m->win + m->after,
                                                m->nwin - m->after))),
                     sink);
        mbox_rewind(m);
        mail_feed(m, NULL, 0, sink);
    }
    /* a message that ends in its headers has no body to open, as when
     * the next "From " line ends it (start_message()): a part's charset
     * is not looked at, whether the mbox is read whole or in pieces */
    if (m->depth && m->st == M_HEADERS)
        header_ended(m, sink);
    /* a counted body that runs past the end, or ends inside its last
     * line */
    if (m->counting && m->pos != m->count_end)
        mbox_bad_count(m, sink);
    close_leaf(m, sink);
    m->depth = 0;
    m->long_line = false;
    m->at_start = true;
    m->line_no = 1;
    m->pos = m->line_start = m->body_pos = 0;
    m->clen = -1;
    m->counting = false;
    m->ended = false;
    m->no_hold_until = 0;
}

