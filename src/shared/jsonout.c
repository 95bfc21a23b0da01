/* jsonout.c: a reference as one JSON Lines object, what urigrep --json
 * prints and urigrep_ref_json() gives. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clean.h"
#include "jsonout.h"
#include "names.h"
#include "span.h"
#include "utf8.h"

static enum urigrep_status
put_str(struct urigrep_buf *b, const char *s)
{
    return buf_append(b, s, strlen(s));
}

/* ",\"K\":" for a string literal K, as the pointer and length that the
 * put_key_*() functions take (strlen() of the keys was a fifth of what
 * --json cost after the strings' own escaping). */
#define KEY(k) ",\"" k "\":", sizeof(",\"" k "\":") - 1

/* Append \uXXXX for UTF-16 code unit U. */
static void
put_u16(struct urigrep_buf *b, uint32_t u)
{
    static const char hex[] = "0123456789abcdef";

    buf_append(b, "\\u", 2);
    buf_put(b, hex[(u >> 12) & 15]);
    buf_put(b, hex[(u >> 8) & 15]);
    buf_put(b, hex[(u >> 4) & 15]);
    buf_put(b, hex[u & 15]);
}

enum urigrep_status
output_json_string(struct urigrep_buf *b, const char *s, size_t len)
{
    size_t i = 0;
    enum urigrep_status rc;

    /* worst case: every byte becomes \ufffd (6 bytes); a 4-byte character
     * becomes a surrogate pair (12 bytes) */
    if (len > SIZE_MAX / 6 - 1)
        return URIGREP_ERR_TOO_LONG;
    if ((rc = buf_reserve(b, len * 6 + 2)))
        return rc;
    buf_put(b, '"');
    while (i < len) {
        unsigned char c;
        uint32_t cp;
        size_t j;
        int k;

        /* printable ASCII but '"' and '\\' is most of it: one copy a run
         * (a byte at a time through the UTF-8 decoder, --json spent a
         * third of its time here) */
        j = span_plain((const unsigned char *)s, i, len, STOP_JSON);
        if (j > i) {
            buf_append(b, s + i, j - i);
            i = j;
            continue;
        }
        c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            buf_put(b, '\\');
            buf_put(b, (char)c);
            i++;
            continue;
        }
        k = utf8_decode((const unsigned char *)s + i, len - i, &cp);
        if (k <= 0) {
            put_u16(b, 0xfffd);
            i++;
        } else if (!clean_char_unsafe(cp)) {
            buf_append(b, s + i, (size_t)k);
            i += (size_t)k;
        } else if (cp < 0x10000) {
            put_u16(b, cp);
            i += (size_t)k;
        } else {
            put_u16(b, 0xd800 + ((cp - 0x10000) >> 10));
            put_u16(b, 0xdc00 + ((cp - 0x10000) & 0x3ff));
            i += (size_t)k;
        }
    }
    buf_put(b, '"');
    return URIGREP_OK;
}

/* ,"key": (KEY, KLEN: see KEY()) then a string, or null when S is
 * NULL. */
static enum urigrep_status
put_key_str(struct urigrep_buf *b, const char *key, size_t klen,
            const char *s, size_t len)
{
    enum urigrep_status rc;

    if ((rc = buf_append(b, key, klen)))
        return rc;
    return s ? output_json_string(b, s, len) : buf_append_lit(b, "null");
}

static enum urigrep_status
put_key_comp(struct urigrep_buf *b, const char *key, size_t klen,
             const struct urigrep_span *c)
{
    return put_key_str(b, key, klen, c->ptr, c->len);
}

static enum urigrep_status
put_key_u64(struct urigrep_buf *b, const char *key, size_t klen, uint64_t v)
{
    enum urigrep_status rc;

    if ((rc = buf_append(b, key, klen)))
        return rc;
    return buf_append_u64(b, v);
}

/* ,"key": (KEY, KLEN: see KEY()) then true, false or null (V 1, 0, -1). */
static enum urigrep_status
put_key_tri(struct urigrep_buf *b, const char *key, size_t klen, int v)
{
    enum urigrep_status rc;

    if ((rc = buf_append(b, key, klen)))
        return rc;
    return put_str(b, v > 0 ? "true" : v == 0 ? "false" : "null");
}

/* The context of T as one line: its blanks and line breaks one space,
 * none at either end. */
static enum urigrep_status
put_context(struct urigrep_buf *b, const struct urigrep_ref *t)
{
    const char *s = t->context.ptr;
    size_t n = t->context.len, i, o = 0;
    char *line;
    enum urigrep_status rc;

    if (s == NULL)
        return buf_append_lit(b, ",\"context\":null");
    if ((line = malloc(n + 1)) == NULL)
        return URIGREP_ERR_NOMEM;
    for (i = 0; i < n; i++) {
        bool blank = s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r');

        if (!blank)
            line[o++] = s[i];
        else if (o && line[o - 1] != ' ')
            line[o++] = ' ';
    }
    if (o && line[o - 1] == ' ')
        o--;
    rc = put_key_str(b, KEY("context"), line, o);
    free(line);
    return rc;
}

/* What a reader sees against where the link goes (issue 22): lookalike
 * (true, or null when not known), the IDN forms of the host, an HTML
 * link's text and mismatch; then the context when asked for. */
static enum urigrep_status
put_trust(struct urigrep_buf *b, const struct output_rec *r)
{
    const struct urigrep_ref *t = r->trust;
    enum urigrep_status rc;

    /* present when it applies, as "hyphen" is: most hosts are plain */
    if (t->lookalike && (rc = put_key_tri(b, KEY("lookalike"), t->lookalike)))
        return rc;
    if (t->host_ascii.ptr &&
        ((rc = put_key_str(b, KEY("host_ascii"), t->host_ascii.ptr,
                           t->host_ascii.len)) ||
         (rc = put_key_str(b, KEY("host_unicode"), t->host_unicode.ptr,
                           t->host_unicode.len))))
        return rc;
    if (t->text.ptr &&
        ((rc = put_key_str(b, KEY("text"), t->text.ptr, t->text.len)) ||
         (rc = put_key_tri(b, KEY("mismatch"), t->mismatch))))
        return rc;
    return r->context ? put_context(b, t) : URIGREP_OK;
}

/* A public-inbox message's ,"commit":HEX,"epoch":N (or null). */
static enum urigrep_status
put_commit(struct urigrep_buf *b, const struct output_rec *r)
{
    enum urigrep_status rc;

    if ((rc = put_key_str(b, KEY("commit"), r->commit, strlen(r->commit))))
        return rc;
    if (r->epoch < 0)
        return buf_append_lit(b, ",\"epoch\":null");
    return put_key_u64(b, KEY("epoch"), (uint64_t)r->epoch);
}

/* The opening of R's object: where it is, what was written, how valid. */
static enum urigrep_status
json_found(struct urigrep_buf *b, const struct output_rec *r)
{
    enum urigrep_status rc;

    if ((rc = buf_append_lit(b, "{\"file\":")) ||
        (rc = r->file ? output_json_string(b, r->file, strlen(r->file))
                      : buf_append_lit(b, "null")) ||
        (rc = put_key_u64(b, KEY("line"), r->line)) ||
        (rc = put_key_u64(b, KEY("column"), r->column)) ||
        (rc = put_key_u64(b, KEY("offset"), r->offset)) ||
        (rc = put_key_str(b, KEY("ref"), r->ref.ptr, r->ref.len)) ||
        (rc = put_key_str(b, KEY("uri"), r->uri.ptr, r->uri.len)) ||
        (r->defanged.ptr &&
         (rc = put_key_str(b, KEY("defanged"), r->defanged.ptr,
                           r->defanged.len))) ||
        (rc = put_key_str(b, KEY("delimiter"), r->delimiter,
                          strlen(r->delimiter))) ||
        (rc = put_str(b, r->valid ? ",\"valid\":true" : ",\"valid\":false")) ||
        (rc = put_str(b, r->absolute ? ",\"kind\":\"absolute\""
                                     : ",\"kind\":\"relative\"")) ||
        (rc = put_key_str(b, KEY("error"), r->error,
                          r->error ? strlen(r->error) : 0)))
        return rc;
    if (r->error)
        return put_key_u64(b, KEY("error_offset"), r->error_offset);
    return buf_append_lit(b, ",\"error_offset\":null");
}

/* The URI's components, in the order of enum urigrep_part (keep in sync
 * with it); null for each when R has none. */
static enum urigrep_status
json_parts(struct urigrep_buf *b, const struct output_rec *r)
{
    static const struct {
        const char *key;
        size_t len;
    } keys[URIGREP_PART_COUNT] = {
        { KEY("scheme") }, { KEY("authority") }, { KEY("userinfo") },
        { KEY("host") }, { KEY("port") }, { KEY("path") }, { KEY("query") },
        { KEY("fragment") }
    };
    static const struct urigrep_span undefined = { NULL, 0 };
    enum urigrep_status rc = URIGREP_OK;
    size_t i;

    for (i = 0; i < URIGREP_PART_COUNT && rc == URIGREP_OK; i++)
        rc = put_key_comp(b, keys[i].key, keys[i].len,
                          r->parts ? &r->parts[i] : &undefined);
    return rc;
}

/* KEY and S (NULL: null) as one member. */
static enum urigrep_status
put_key_cstr(struct urigrep_buf *b, const char *key, size_t klen,
             const char *s)
{
    return put_key_str(b, key, klen, s, s ? strlen(s) : 0);
}

/* Where in a message R was, and the base it was resolved against. */
static enum urigrep_status
json_mail(struct urigrep_buf *b, const struct output_rec *r)
{
    enum urigrep_status rc;

    if (r->mail &&
        ((rc = put_key_cstr(b, KEY("message_id"), r->message_id)) ||
         (rc = put_key_cstr(b, KEY("part"), r->part)) ||
         (rc = put_key_cstr(b, KEY("content_type"), r->content_type))))
        return rc;
    if ((r->mail || r->base) &&
        ((rc = put_key_cstr(b, KEY("base"), r->base)) ||
         (rc = put_key_cstr(b, KEY("base_source"), r->base_source))))
        return rc;
    if (r->mail &&
        ((rc = put_key_u64(b, KEY("message"), r->message)) ||
         (rc = put_key_cstr(b, KEY("subject"), r->subject)) ||
         (rc = put_key_cstr(b, KEY("charset"), r->charset))))
        return rc;
    return URIGREP_OK;
}

/* ,"wrapper":NAME,"target":TARGET (or null) for a wrapped link; nothing
 * for another. */
static enum urigrep_status
put_wrapped(struct urigrep_buf *b, const struct output_rec *r)
{
    enum urigrep_status rc;

    if (r->wrapper == NULL)
        return URIGREP_OK;
    if ((rc = put_key_cstr(b, KEY("wrapper"), r->wrapper)))
        return rc;
    return put_key_str(b, KEY("target"), r->target.ptr, r->target.len);
}

/* The fields of a reference in a WARC record: the payload's type and
 * charset, the record's ID, target URI, date and offset in the file. */
static enum urigrep_status
json_warc(struct urigrep_buf *b, const struct output_rec *r)
{
    enum urigrep_status rc;

    if ((rc = put_key_cstr(b, KEY("content_type"), r->content_type)) ||
        (rc = put_key_cstr(b, KEY("charset"), r->charset)) ||
        (rc = put_key_cstr(b, KEY("warc_record_id"), r->warc_record_id)) ||
        (rc = put_key_cstr(b, KEY("target_uri"), r->warc_target_uri)) ||
        (rc = put_key_cstr(b, KEY("warc_date"), r->warc_date)))
        return rc;
    return put_key_u64(b, KEY("warc_offset"), r->warc_offset);
}

enum urigrep_status
output_json(struct urigrep_buf *b, const struct output_rec *r)
{
    enum urigrep_status rc;

    if ((rc = json_found(b, r)) || (rc = json_parts(b, r)) ||
        (r->hyphen_dropped &&
         (rc = buf_append_lit(b, ",\"hyphen\":\"dropped\""))) ||
        (r->refanged && (rc = buf_append_lit(b, ",\"refanged\":true"))) ||
        (rc = json_mail(b, r)))
        return rc;
    if ((rc = put_wrapped(b, r)))
        return rc;
    if (r->warc && (rc = json_warc(b, r)))
        return rc;
    if (r->trust && (rc = put_trust(b, r)))
        return rc;
    if (r->commit && (rc = put_commit(b, r)))
        return rc;
    return buf_append_lit(b, "}\n");
}

void
output_rec_from_ref(struct output_rec *r, const struct urigrep_ref *ref,
                    const struct urigrep_span *parts)
{
    /* every field set one by one, not cleared first: compilers make a
     * clearing a "rep stos", slow at every reference */
    r->line = ref->line;
    r->column = ref->column;
    r->offset = ref->offset;
    r->ref = ref->ref;
    r->uri = ref->uri;
    r->defanged.ptr = NULL;
    r->defanged.len = 0;
    r->delimiter = names_delim(ref->delim);
    r->valid = ref->valid == 1;
    r->absolute = ref->absolute;
    r->error = ref->valid == 1 ? NULL : names_status(ref->error);
    r->error_offset = ref->error_offset;
    r->parts = parts;
    r->hyphen_dropped = (ref->flags & URIGREP_MATCH_HYPHEN_DROPPED) != 0;
    r->refanged = (ref->flags & URIGREP_MATCH_REFANGED) != 0;
    /* ref's mail fields are 0 and NULL outside mail */
    r->mail = ref->message != 0;
    r->message = ref->message;
    r->message_id = ref->message_id;
    r->subject = ref->subject;
    r->part = ref->part;
    r->content_type = ref->content_type;
    r->charset = ref->charset;
    r->base = ref->base;
    r->base_source =
        ref->base ? names_base_source(ref->base_source) : NULL;
    r->wrapper = ref->wrapper;
    r->target = ref->target;
    /* and its WARC fields, NULL outside WARC */
    r->warc = ref->warc_record_id != NULL || ref->warc_offset != 0 ||
              ref->warc_target_uri != NULL;
    r->warc_record_id = ref->warc_record_id;
    r->warc_target_uri = ref->warc_target_uri;
    r->warc_date = ref->warc_date;
    r->warc_offset = ref->warc_offset;
    r->trust = ref;
}
