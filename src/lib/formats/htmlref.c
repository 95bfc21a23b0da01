/* htmlref.c: HTML character references, decoded as the HTML Standard's
 * tokenizer does (section 13.2.5.72 onwards). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "formats/entities.h"
#include "formats/html.h"

/* The longest name in the table ("CounterClockwiseContourIntegral") and
 * the longest of the legacy names that work without ';' ("middot"). */
#define ENTITY_NAME_MAX 31
#define LEGACY_NAME_MAX 6

/* Numeric references to 0x80-0x9F mean the windows-1252 character there
 * (the Standard's table in "numeric character reference end state");
 * 0 marks the five bytes windows-1252 leaves undefined, kept as they are. */
static const unsigned short c1_map[32] = {
    0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
    0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
    0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
    0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
};

static bool
is_alnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9');
}

static int
digit_value(char c, bool hex)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f')
        return (c | 0x20) - 'a' + 10;
    return -1;
}

/* Write CP as UTF-8 to OUT (4 bytes at most); returns the length. */
static size_t
put_utf8(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | cp >> 12);
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | cp >> 18);
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* The code point a numeric reference to CP stands for: NUL, surrogates
 * and values past U+10FFFF give U+FFFD, 0x80-0x9F the windows-1252
 * character; anything else (noncharacters, controls) stays. */
static uint32_t
numeric_code_point(uint32_t cp)
{
    if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0xfffd;
    if (cp >= 0x80 && cp <= 0x9f && c1_map[cp - 0x80])
        return c1_map[cp - 0x80];
    return cp;
}

/* Compare NAME (LEN bytes) with the NUL-terminated E, byte-wise. */
static int
name_cmp(const char *name, size_t len, const char *e)
{
    size_t i;

    for (i = 0; i < len; i++) {
        if (e[i] == '\0')
            return 1;
        if (name[i] != e[i])
            return (unsigned char)name[i] < (unsigned char)e[i] ? -1 : 1;
    }
    return e[len] == '\0' ? 0 : -1;
}

/* The table row for NAME (LEN bytes, without ';'; case matters), or
 * NULL. A binary search over the rows that start with NAME's first
 * byte, in the generated, byte-sorted table. */
static const struct html_entity *
entity_lookup(const char *name, size_t len)
{
    unsigned char c0 = (unsigned char)name[0];
    size_t lo, hi;

    if (len == 0 || c0 >= 128)
        return NULL;
    lo = html_entity_range[c0].from;
    hi = html_entity_range[c0].to;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = name_cmp(name + 1, len - 1, html_entities[mid].name + 1);

        if (c == 0)
            return &html_entities[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* &#DIGITS or &#xHEX: REF[0] is '#'. */
static size_t
decode_numeric(const char *ref, size_t len, char *out, size_t *used)
{
    size_t i = 1, start;
    bool hex = len > 1 && (ref[1] == 'x' || ref[1] == 'X');
    uint32_t cp = 0;
    int d;

    if (hex)
        i++;
    start = i;
    for (; i < len && (d = digit_value(ref[i], hex)) >= 0; i++)
        /* saturates past U+10FFFF: any more digits change nothing */
        cp = cp > 0x10ffff ? cp : cp * (hex ? 16 : 10) + (uint32_t)d;
    if (i == start)
        return 0; /* "&#" or "&#x" alone: text */
    if (i < len && ref[i] == ';')
        i++;
    *used = i;
    return put_utf8(numeric_code_point(cp), out);
}

size_t
html_ref_decode(const char *ref, size_t len, bool attr, char *out,
                size_t *used)
{
    const struct html_entity *e = NULL;
    size_t run = 0, k, n;

    *used = 0;
    if (len == 0)
        return 0;
    if (ref[0] == '#')
        return decode_numeric(ref, len, out, used);
    while (run < len && is_alnum(ref[run]))
        run++;
    /* the longest match: the whole run with its ';' ... */
    if (run < len && ref[run] == ';' && run <= ENTITY_NAME_MAX &&
        (e = entity_lookup(ref, run)) != NULL) {
        k = run + 1;
    } else {
        /* ... else the longest legacy name the run starts with */
        for (k = run < LEGACY_NAME_MAX ? run : LEGACY_NAME_MAX; k >= 2; k--)
            if ((e = entity_lookup(ref, k)) != NULL && e->legacy)
                break;
        if (k < 2)
            return 0;
        /* in an attribute value, "&lang=en" or "&copyright" are text
         * (for historical reasons, the Standard says) */
        if (attr && k < len && (ref[k] == '=' || is_alnum(ref[k])))
            return 0;
    }
    *used = k;
    n = put_utf8(e->cp1, out);
    if (e->cp2)
        n += put_utf8(e->cp2, out + n);
    return n;
}

size_t
html_decode_refs(const char *p, size_t len, bool attr, char *out)
{
    size_t i = 0, o = 0;

    while (i < len) {
        const char *amp = memchr(p + i, '&', len - i);
        size_t run = amp ? (size_t)(amp - (p + i)) : len - i, used, n;

        memcpy(out + o, p + i, run);
        o += run;
        i += run;
        if (amp == NULL)
            break;
        n = html_ref_decode(p + i + 1, len - i - 1, attr, out + o, &used);
        if (n == 0) {
            out[o++] = '&';
            i++;
        } else {
            o += n;
            i += 1 + used;
        }
    }
    return o;
}
