/* fuzz_output.c: libFuzzer target for the CLI output layer. */
/* SPDX-License-Identifier: MIT */
/*
 * The input is a found reference, any bytes.  Checks, as report.c uses
 * the functions: plain output of clean_uri()'s result is valid
 * UTF-8 with no character clean_char_unsafe() names, none of C0/C1/DEL
 * and the bidi controls (U+200E/F, U+202A-202E, U+2066-2069, U+061C)
 * in particular, and only the URI's newline at the end; output_quote()
 * likewise; JSON Lines output is one valid JSON object (a small
 * validator below) ending in a newline; --ascii (urigrep_iri_to_uri()
 * then clean_uri()) gives ASCII, and validating it under RFC 3986
 * never reports a non-ASCII byte.
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "uri/grammar.h"
#include "clean.h"
#include "output/output.h"
#include "scan/scan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Decode the UTF-8 character at P[0..N) into *CP; its length, 0 when P
 * does not start with valid UTF-8. */
static size_t
utf8(const unsigned char *p, size_t n, uint32_t *cp)
{
    unsigned c = p[0];
    size_t k, j;

    if (c < 0x80)
        return *cp = c, 1;
    if (c >= 0xc2 && c <= 0xdf)
        k = 1, *cp = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        k = 2, *cp = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        k = 3, *cp = c & 0x07;
    else
        return 0;
    if (n <= k)
        return 0;
    for (j = 1; j <= k; j++) {
        if ((p[j] & 0xc0) != 0x80)
            return 0;
        *cp = *cp << 6 | (p[j] & 0x3f);
    }
    if ((k == 2 && *cp < 0x800) || (k == 3 && *cp < 0x10000) ||
        (*cp >= 0xd800 && *cp <= 0xdfff) || *cp > 0x10ffff)
        return 0;
    return k + 1;
}

static bool
bidi(uint32_t cp)
{
    return cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061c;
}

/* P[0..N) is valid UTF-8 and safe for a terminal. */
static void
check_safe(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, k;
    uint32_t cp;

    while (i < n) {
        if ((k = utf8(p + i, n - i, &cp)) == 0)
            abort();
        if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || bidi(cp) ||
            clean_char_unsafe(cp))
            abort();
        i += k;
    }
}

/* ---- a small JSON validator (RFC 8259) ---- */

struct json {
    const unsigned char *p;
    size_t n, i;
    int depth;
};

static void
ws(struct json *j)
{
    while (j->i < j->n && (j->p[j->i] == ' ' || j->p[j->i] == '\t' ||
                           j->p[j->i] == '\n' || j->p[j->i] == '\r'))
        j->i++;
}

static bool
lit(struct json *j, const char *w)
{
    size_t l = strlen(w);

    if (j->n - j->i < l || memcmp(j->p + j->i, w, l) != 0)
        return false;
    j->i += l;
    return true;
}

static bool
hex4(struct json *j, unsigned *v)
{
    size_t k;

    *v = 0;
    if (j->n - j->i < 4)
        return false;
    for (k = 0; k < 4; k++) {
        unsigned c = j->p[j->i++];

        *v <<= 4;
        if (c >= '0' && c <= '9')
            *v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            *v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            *v |= c - 'A' + 10;
        else
            return false;
    }
    return true;
}

/* A string: UTF-8, no raw control, valid escapes, surrogates paired. */
static bool
jstring(struct json *j)
{
    uint32_t cp;
    size_t k;
    unsigned u, lo;

    if (!lit(j, "\""))
        return false;
    while (j->i < j->n) {
        unsigned c = j->p[j->i];

        if (c == '"')
            return j->i++, true;
        if (c < 0x20)
            return false;
        if (c == '\\') {
            if (++j->i >= j->n)
                return false;
            c = j->p[j->i++];
            if (c == 'u') {
                if (!hex4(j, &u))
                    return false;
                if (u >= 0xdc00 && u <= 0xdfff)
                    return false;
                if (u >= 0xd800 && u <= 0xdbff &&
                    (!lit(j, "\\u") || !hex4(j, &lo) || lo < 0xdc00 ||
                     lo > 0xdfff))
                    return false;
            } else if (!strchr("\"\\/bfnrt", (int)c) || c == 0) {
                return false;
            }
            continue;
        }
        if ((k = utf8(j->p + j->i, j->n - j->i, &cp)) == 0)
            return false;
        /* the output layer escapes what a terminal must not see */
        if (clean_char_unsafe(cp))
            return false;
        j->i += k;
    }
    return false;
}

static bool
jnumber(struct json *j)
{
    size_t s = j->i;

    lit(j, "-");
    if (lit(j, "0"))
        ;
    else if (j->i < j->n && j->p[j->i] >= '1' && j->p[j->i] <= '9')
        while (j->i < j->n && j->p[j->i] >= '0' && j->p[j->i] <= '9')
            j->i++;
    else
        return false;
    if (lit(j, ".")) {
        if (!(j->i < j->n && j->p[j->i] >= '0' && j->p[j->i] <= '9'))
            return false;
        while (j->i < j->n && j->p[j->i] >= '0' && j->p[j->i] <= '9')
            j->i++;
    }
    return j->i > s;
}

static bool jvalue(struct json *j);

static bool
jcontainer(struct json *j, char open, char close, bool obj)
{
    if (!lit(j, (char[]){ open, 0 }) || ++j->depth > 32)
        return false;
    ws(j);
    if (lit(j, (char[]){ close, 0 }))
        return j->depth--, true;
    for (;;) {
        ws(j);
        if (obj) {
            if (!jstring(j))
                return false;
            ws(j);
            if (!lit(j, ":"))
                return false;
            ws(j);
        }
        if (!jvalue(j))
            return false;
        ws(j);
        if (lit(j, ","))
            continue;
        if (lit(j, (char[]){ close, 0 }))
            return j->depth--, true;
        return false;
    }
}

static bool
jvalue(struct json *j)
{
    if (j->i >= j->n)
        return false;
    switch (j->p[j->i]) {
    case '"': return jstring(j);
    case '{': return jcontainer(j, '{', '}', true);
    case '[': return jcontainer(j, '[', ']', false);
    case 't': return lit(j, "true");
    case 'f': return lit(j, "false");
    case 'n': return lit(j, "null");
    default: return jnumber(j);
    }
}

/* B holds exactly one JSON object and a newline. */
static void
check_json(const struct urigrep_buf *b)
{
    struct json j = { (const unsigned char *)b->data, b->len, 0, 0 };

    if (b->len == 0 || b->data[b->len - 1] != '\n')
        abort();
    j.n--;
    if (j.p[0] != '{' || !jvalue(&j) || j.i != j.n)
        abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    struct urigrep_buf clean, line, js, q;
    struct output_opts oo = { .with_file = true, .line_number = true,
                              .byte_offset = true };
    struct output_rec r;
    struct urigrep_span parts[URIGREP_PART_COUNT];
    char *mapped, *name;
    size_t n, off, i;
    enum urigrep_status st;

    /* the input as a file name, cut at a NUL */
    if ((name = malloc(size + 1)) == NULL)
        abort();
    memcpy(name, s, size);
    name[size] = '\0';
    buf_init(&clean, SIZE_MAX / 2);
    buf_init(&line, SIZE_MAX / 2);
    buf_init(&js, SIZE_MAX / 2);
    buf_init(&q, SIZE_MAX / 2);
    /* plain: the reference as report.c cleans it, under a file name that
     * is the input too */
    if (clean_uri(&clean, s, size) != URIGREP_OK)
        abort();
    check_safe(clean.data, clean.len);
    memset(&r, 0, sizeof r);
    r.file = name;
    r.line = 1;
    r.column = 2;
    r.offset = 3;
    r.ref.ptr = r.uri.ptr = clean.data ? clean.data : "";
    r.ref.len = r.uri.len = clean.len;
    if (output_plain(&line, &oo, &r) != URIGREP_OK)
        abort();
    if (line.len == 0 || line.data[line.len - 1] != '\n')
        abort();
    check_safe(line.data, line.len - 1);
    if (output_quote(&q, s, size) != URIGREP_OK)
        abort();
    check_safe(q.data, q.len);
    /* JSON: the raw bytes everywhere a string goes */
    memset(&r, 0, sizeof r);
    r.file = name;
    r.ref.ptr = r.uri.ptr = s;
    r.ref.len = r.uri.len = size;
    r.delimiter = urigrep_delim_name((enum urigrep_delim)(size % 6));
    r.valid = size & 1;
    r.error = r.valid ? NULL : "bad";
    urigrep_uri_split(s, size, parts);
    r.parts = parts;
    r.mail = size & 2;
    r.message_id = r.part = r.content_type = r.base = r.mail ? "<m@x>" : NULL;
    if (output_json(&js, &r) != URIGREP_OK)
        abort();
    check_json(&js);
    /* --ascii */
    if ((mapped = malloc(3 * size + 1)) == NULL)
        abort();
    n = urigrep_iri_to_uri(s, size, mapped);
    clean.len = 0;
    if (clean_uri(&clean, mapped, n) != URIGREP_OK)
        abort();
    for (i = 0; i < clean.len; i++)
        if ((unsigned char)clean.data[i] >= 0x80)
            abort();
    st = urigrep_validate(clean.data ? clean.data : "", clean.len,
                          URIGREP_RFC3986, &off);
    if (st == URIGREP_E_NON_ASCII)
        abort();
    free(mapped);
    free(name);
    buf_free(&clean);
    buf_free(&line);
    buf_free(&js);
    buf_free(&q);
    return 0;
}
