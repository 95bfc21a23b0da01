/* htmlmeta.c: the charset an HTML document declares in a <meta> element,
 * found as browsers find it (HTML Standard 13.2.3.2, "prescan a byte
 * stream to determine its encoding"). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "formats/html.h"

/* Longest attribute name and value the prescan keeps; longer ones are
 * cut (no charset label is that long). */
#define ATTR_MAX 64

struct cursor {
    const unsigned char *p;
    size_t i, n;
};

static bool
is_blank(int c)
{
    return c == 0x09 || c == 0x0a || c == 0x0c || c == 0x0d || c == 0x20;
}

static int
lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* Does the text at the cursor start with S (lower case)? */
static bool
at(const struct cursor *c, const char *s)
{
    size_t k = strlen(s), j;

    if (c->n - c->i < k)
        return false;
    for (j = 0; j < k; j++)
        if (lower(c->p[c->i + j]) != s[j])
            return false;
    return true;
}

static void
put(char *dst, size_t *len, int c)
{
    if (*len < ATTR_MAX)
        dst[(*len)++] = (char)lower(c);
    dst[*len] = '\0';
}

/* What the name of an attribute ended at. */
enum attr_end {
    ATTR_NONE,                /* no attribute: '>' or the end */
    ATTR_BARE,                /* an attribute with no value */
    ATTR_EQUALS               /* at the '=' before its value */
};

/* "Get an attribute", up to the value: its NAME (lower case, ATTR_MAX + 1
 * bytes). */
static enum attr_end
attribute_name(struct cursor *c, char *name)
{
    size_t nn = 0;
    int q;

    while (c->i < c->n && (is_blank(c->p[c->i]) || c->p[c->i] == '/'))
        c->i++;
    if (c->i >= c->n || c->p[c->i] == '>')
        return ATTR_NONE;
    for (;;) {
        if (c->i >= c->n)
            return ATTR_NONE;
        q = c->p[c->i];
        if (q == '=' && nn > 0)
            return ATTR_EQUALS;
        if (is_blank(q)) {
            while (c->i < c->n && is_blank(c->p[c->i]))
                c->i++;
            if (c->i >= c->n)
                return ATTR_NONE;
            return c->p[c->i] == '=' ? ATTR_EQUALS : ATTR_BARE;
        }
        if (q == '/' || q == '>')
            return ATTR_BARE;
        put(name, &nn, q);
        c->i++;
    }
}

/* "Get an attribute", from its '=': the VALUE (lower case, ATTR_MAX + 1
 * bytes), quoted or not. False at the end of the input. */
static bool
attribute_value(struct cursor *c, char *value)
{
    size_t nv = 0;
    int q;

    c->i++;
    while (c->i < c->n && is_blank(c->p[c->i]))
        c->i++;
    if (c->i >= c->n)
        return false;
    q = c->p[c->i];
    if (q == '"' || q == '\'') {
        for (c->i++; c->i < c->n && c->p[c->i] != q; c->i++)
            put(value, &nv, c->p[c->i]);
        if (c->i >= c->n)
            return false;
        c->i++;
        return true;
    }
    if (q == '>')
        return true;
    while (c->i < c->n && !is_blank(c->p[c->i]) && c->p[c->i] != '>')
        put(value, &nv, c->p[c->i++]);
    return c->i < c->n;
}

/* "Get an attribute": NAME and VALUE (lower case, ATTR_MAX + 1 bytes
 * each). Returns false when there is none (at '>' or the end). */
static bool
get_attribute(struct cursor *c, char *name, char *value)
{
    name[0] = value[0] = '\0';
    switch (attribute_name(c, name)) {
    case ATTR_NONE:
        return false;
    case ATTR_BARE:
        return true;
    default:
        return attribute_value(c, value);
    }
}

/* "Extracting a character encoding from a meta element": the charset=
 * in a content attribute S, copied to OUT (OUTSZ bytes). */
static bool
charset_from_content(const char *s, char *out, size_t outsz)
{
    const char *p = s;
    size_t k;

    while ((p = strstr(p, "charset")) != NULL) {
        p += 7;
        while (is_blank((unsigned char)*p))
            p++;
        if (*p != '=')
            continue;
        p++;
        while (is_blank((unsigned char)*p))
            p++;
        if (*p == '"' || *p == '\'') {
            const char *end = strchr(p + 1, *p);
            if (end == NULL)
                return false;
            k = (size_t)(end - p - 1);
            p++;
        } else {
            for (k = 0; p[k] && !is_blank((unsigned char)p[k]) && p[k] != ';';
                 k++)
                ;
        }
        if (k == 0 || k >= outsz)
            return false;
        memcpy(out, p, k);
        out[k] = '\0';
        return true;
    }
    return false;
}

/* Strip the blanks around LABEL, in place. */
static void
trim(char *label)
{
    size_t s = 0, n = strlen(label);

    while (n && is_blank((unsigned char)label[n - 1]))
        n--;
    while (s < n && is_blank((unsigned char)label[s]))
        s++;
    memmove(label, label + s, n - s);
    label[n - s] = '\0';
}

/* The attributes of one <meta>: a charset if they declare one. */
static bool
meta_charset(struct cursor *c, char *out, size_t outsz)
{
    char name[ATTR_MAX + 1], value[ATTR_MAX + 1];
    bool got_pragma = false, seen_he = false, seen_ct = false;
    bool seen_cs = false;
    int need_pragma = -1; /* -1: null, 0: false, 1: true */

    out[0] = '\0';
    while (get_attribute(c, name, value)) {
        /* a repeated attribute counts once, the first time */
        if (strcmp(name, "http-equiv") == 0 && !seen_he) {
            seen_he = true;
            got_pragma = strcmp(value, "content-type") == 0;
        } else if (strcmp(name, "content") == 0 && !seen_ct) {
            seen_ct = true;
            if (out[0] == '\0' && charset_from_content(value, out, outsz))
                need_pragma = 1;
        } else if (strcmp(name, "charset") == 0 && !seen_cs) {
            seen_cs = true;
            if (strlen(value) < outsz) {
                strcpy(out, value);
                need_pragma = 0;
            }
        }
    }
    if (need_pragma < 0 || (need_pragma == 1 && !got_pragma))
        return false;
    trim(out);
    return out[0] != '\0';
}

/* Skip a tag's attributes after its name. */
static void
skip_tag(struct cursor *c)
{
    char name[ATTR_MAX + 1], value[ATTR_MAX + 1];

    while (c->i < c->n && !is_blank(c->p[c->i]) && c->p[c->i] != '>')
        c->i++;
    while (get_attribute(c, name, value))
        ;
}

static bool
is_letter(int c)
{
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

bool
html_prescan_charset(const char *p, size_t n, char *out, size_t outsz)
{
    struct cursor c;

    c.p = (const unsigned char *)p;
    c.n = n < HTML_PRESCAN_BYTES ? n : HTML_PRESCAN_BYTES;
    c.i = 0;
    if (outsz == 0)
        return false;
    out[0] = '\0';
    while (c.i < c.n) {
        if (at(&c, "<!--")) {
            /* to the end of "-->", which may share the opening dashes */
            const unsigned char *end = memmem(c.p + c.i + 2, c.n - c.i - 2,
                                              "-->", 3);
            if (end == NULL)
                return false;
            c.i = (size_t)(end - c.p) + 3;
        } else if (at(&c, "<meta") && c.i + 5 < c.n &&
                   (is_blank(c.p[c.i + 5]) || c.p[c.i + 5] == '/')) {
            c.i += 6;
            if (meta_charset(&c, out, outsz))
                return true;
        } else if (c.p[c.i] == '<' && c.i + 2 < c.n &&
                   (is_letter(c.p[c.i + 1]) ||
                    (c.p[c.i + 1] == '/' && is_letter(c.p[c.i + 2])))) {
            c.i++;
            skip_tag(&c);
        } else if (at(&c, "<!") || at(&c, "</") || at(&c, "<?")) {
            const unsigned char *gt = memchr(c.p + c.i, '>', c.n - c.i);
            if (gt == NULL)
                return false;
            c.i = (size_t)(gt - c.p) + 1;
        } else {
            c.i++;
        }
    }
    out[0] = '\0';
    return false;
}

/* Labels the Encoding Standard gives a meaning iconv does not: all of
 * these mean windows-1252 to a browser, the Shift_JIS ones Microsoft's
 * code page 932; UTF-16 in a <meta> means UTF-8 (the bytes were read as
 * ASCII to find it); x-user-defined is treated as windows-1252 here. */
static const struct {
    const char *label, *name;
} html_labels[] = {
    { "ansi_x3.4-1968", "WINDOWS-1252" }, { "ascii", "WINDOWS-1252" },
    { "cp1252", "WINDOWS-1252" }, { "cp819", "WINDOWS-1252" },
    { "csisolatin1", "WINDOWS-1252" }, { "ibm819", "WINDOWS-1252" },
    { "iso-8859-1", "WINDOWS-1252" }, { "iso-ir-100", "WINDOWS-1252" },
    { "iso8859-1", "WINDOWS-1252" }, { "iso88591", "WINDOWS-1252" },
    { "iso_8859-1", "WINDOWS-1252" }, { "iso_8859-1:1987", "WINDOWS-1252" },
    { "l1", "WINDOWS-1252" }, { "latin1", "WINDOWS-1252" },
    { "us-ascii", "WINDOWS-1252" }, { "x-cp1252", "WINDOWS-1252" },
    { "x-user-defined", "WINDOWS-1252" },
    { "csshiftjis", "CP932" }, { "ms932", "CP932" }, { "ms_kanji", "CP932" },
    { "shift-jis", "CP932" }, { "shift_jis", "CP932" }, { "sjis", "CP932" },
    { "windows-31j", "CP932" }, { "x-sjis", "CP932" },
    { "utf-16", "UTF-8" }, { "utf-16be", "UTF-8" }, { "utf-16le", "UTF-8" },
    { "unicodefffe", "UTF-8" }, { "unicode", "UTF-8" },
    { "csunicode", "UTF-8" }, { "iso-10646-ucs-2", "UTF-8" },
    { "ucs-2", "UTF-8" },
};

const char *
html_charset_name(const char *label)
{
    size_t i;

    for (i = 0; i < sizeof html_labels / sizeof *html_labels; i++)
        if (strcasecmp(label, html_labels[i].label) == 0)
            return html_labels[i].name;
    return label;
}
