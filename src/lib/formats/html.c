/* html.c: a light streaming HTML tag scanner for URI attributes and text. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef HAVE_AVX2_TARGET
#include <immintrin.h>
#endif
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define HTML_SSE2 1
#endif

#include "formats/entities.h"
#include "formats/html.h"
#include "scan/skip.h"

/*
 * Not an HTML parser: a byte-at-a-time state machine that knows tags,
 * attributes (quoted or not), comments, declarations, and the raw text of
 * <script> and <style>, which is all it takes to find URI attributes and
 * the text a reader sees.  Character references are decoded in text and
 * in attribute values.  The state survives between calls, so the input
 * may be split anywhere.
 */

/* Longest tag or attribute name we keep (longer ones match nothing). */
#define NAME_MAX_ 16
/* Longest character reference we keep: more than the longest name (31
 * letters); a longer numeric one is cut down (see add_ref). */
#define REF_MAX 40

enum state {
    S_TEXT, S_REF, S_TAG_OPEN, S_DECL, S_DECL_DASH, S_COMMENT, S_BOGUS,
    S_TAG_NAME, S_END_TAG, S_BEFORE_ATTR, S_ATTR_NAME, S_AFTER_ATTR_NAME,
    S_BEFORE_VALUE, S_VALUE_DQ, S_VALUE_SQ, S_VALUE_UNQ, S_RAWTEXT
};

struct html_scanner {
    enum state st;
    char tag[NAME_MAX_ + 16];   /* (name_run_sse2() stores 16 bytes) */
    size_t ntag;
    bool end_tag;
    bool end_named;       /* an end tag's name is read (it is only
                           * looked at for </a>) */
    char attr[NAME_MAX_ + 16];
    size_t nattr;
    char *value;          /* attribute value being read */
    char *decoded;        /* the value, references decoded */
    size_t nvalue, max_value;
    bool value_too_long;
    int value_k;          /* the attribute's index in uri_attrs; -1: not
                           * one, or in an end tag (its value is skipped,
                           * not kept) */
    uint32_t uri_attrs_seen;  /* bit I: uri_attrs[I] met in this tag */
    char ref[REF_MAX + 1];  /* a character reference in text, and the
                             * byte after it */
    size_t nref;
    int dashes;           /* in a comment: '-' seen just before */
    char pend[4096];      /* short text not yet sent (one call for many
                           * references, tags or lines is cheaper) */
    size_t npend;
    bool vec;             /* text runs searched with AVX2 */
    const char *raw_end;  /* "</script" or "</style" in raw text */
    size_t raw_matched;
    /* the <a href> whose text is being read (sink->anchor) */
    bool a_href;          /* the tag at hand is an <a> with an href */
    bool in_anchor;       /* its text is being read */
    bool anchor_due;      /* an <a> href was reported, its text not yet */
    bool anchor_blank;    /* a blank is due before the next character */
    bool anchor_c2;       /* a 0xC2 byte held: U+00A0 is a blank */
    bool anchor_full;     /* its text did not fit, its last character
                           * cut short */
    bool anchor_tagged;   /* a tag since its last byte: the next byte
                           * does not continue that character */
    size_t anchor_tags;   /* tags since it began */
    char anchor[HTML_ANCHOR_MAX];
    size_t nanchor;
};

/* Keep in sync with html.h and the man page; ATTR_SRCSET is the index of
 * "srcset". */
static const struct {
    const char *name;
    size_t len;
} uri_attrs[] = {
    { "action", 6 }, { "background", 10 }, { "cite", 4 }, { "codebase", 8 },
    { "data", 4 }, { "formaction", 10 }, { "href", 4 }, { "icon", 4 },
    { "longdesc", 8 }, { "manifest", 8 }, { "poster", 6 }, { "src", 3 },
    { "srcset", 6 }, { "usemap", 6 },
};
#define ATTR_SRCSET 12
#define ATTR_HREF 6

/* The index of NAME (N bytes) in uri_attrs, or -1. Inline: the length
 * test turns away most attributes (style, class, width...). */
static inline int
uri_attr_index(const char *name, size_t n)
{
    /* the lengths of uri_attrs, which most attributes (style, class,
     * width, align...) fail, and where the names of each first letter
     * begin in it, -1: none (keep in sync) */
    static const uint32_t lengths = 0x558;
    static const signed char first[26] = {
        0, 1, 2, 4, -1, 5, -1, 6, 7, -1, -1, 8, 9,     /* a-m */
        -1, -1, 10, -1, -1, 11, -1, 13, -1, -1, -1, -1, -1, /* n-z */
    };
    int i;

    if (n >= 32 || !(lengths >> n & 1) || name[0] < 'a' || name[0] > 'z')
        return -1;
    for (i = first[name[0] - 'a'];
         i >= 0 && i < (int)(sizeof uri_attrs / sizeof *uri_attrs) &&
         uri_attrs[i].name[0] == name[0]; i++)
        if (uri_attrs[i].len == n && memcmp(name, uri_attrs[i].name, n) == 0)
            return i;
    return -1;
}

bool
html_is_uri_attr(const char *name)
{
    return uri_attr_index(name, strlen(name)) >= 0;
}

/* Is the name NAME (N bytes, lower case) WANT? */
static bool
name_is(const char *name, size_t n, const char *want, size_t wlen)
{
    return n == wlen && memcmp(name, want, n) == 0;
}

struct html_scanner *
html_new(size_t max_value)
{
    struct html_scanner *h = calloc(1, sizeof *h);

    if (h == NULL)
        return NULL;
    h->max_value = max_value;
    h->vec = skip_choose() == SKIP_AVX2;
    h->value = malloc(max_value + 1);
    h->decoded = malloc(HTML_DECODED_MAX(max_value));
    if (h->value == NULL || h->decoded == NULL) {
        html_free(h);
        return NULL;
    }
    return h;
}

void
html_free(struct html_scanner *h)
{
    if (h == NULL)
        return;
    free(h->value);
    free(h->decoded);
    free(h);
}

static bool
is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static bool
is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Send the text held in H->pend. */
static void
flush_pending(struct html_scanner *h, const struct html_sink *sink)
{
    if (h->npend)
        sink->text(sink->arg, h->pend, h->npend);
    h->npend = 0;
}

/* Text P[0..N) for the sink: short pieces are gathered first. */
static inline void
emit(struct html_scanner *h, const struct html_sink *sink, const char *p,
     size_t n)
{
    if (h->npend + n > sizeof h->pend) {
        flush_pending(h, sink);
        if (n >= sizeof h->pend) {
            sink->text(sink->arg, p, n);
            return;
        }
    }
    if (n == 1)
        h->pend[h->npend] = p[0];   /* a tag's "\n": no call */
    else
        memcpy(h->pend + h->npend, p, n);
    h->npend += n;
}

/* May C continue the reference in H->ref? Names are letters and digits;
 * after "#", an optional 'x' then digits of the base it gives. */
static bool
ref_continues(const struct html_scanner *h, char c)
{
    bool digit = c >= '0' && c <= '9';
    bool alpha = is_alpha(c);

    if (h->nref == 0)
        return c == '#' || digit || alpha;
    if (h->ref[0] != '#')
        return digit || alpha;
    if (h->nref == 1)
        return digit || c == 'x' || c == 'X';
    if (h->ref[1] == 'x' || h->ref[1] == 'X')
        return digit || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
    return digit;
}

/* One URL of a srcset: "url [descriptor]", comma-separated. */
static void
report_srcset(const char *v, size_t n, const struct html_sink *sink)
{
    size_t i = 0;

    while (i < n) {
        size_t s;

        while (i < n && (is_space(v[i]) || v[i] == ','))
            i++;
        s = i;
        while (i < n && !is_space(v[i]))
            i++;
        /* a URL may contain commas, but one at its end separates */
        if (i > s && v[i - 1] == ',') {
            sink->uri(sink->arg, v + s, i - s - 1, "img", "srcset");
        } else {
            if (i > s)
                sink->uri(sink->arg, v + s, i - s, "img", "srcset");
            while (i < n && v[i] != ',')
                i++;
        }
    }
}

/* The length of H->anchor without a character its bound cut short (nor
 * the blank before it); a byte that is not UTF-8 is kept, as it was in
 * html_anchor_text() while the link was open. */
static size_t
anchor_len(const struct html_scanner *h)
{
    size_t n = h->nanchor, k = 0, want;
    unsigned char c;

    if (!h->anchor_full)
        return n;
    while (k < 3 && k < n &&
           ((unsigned char)h->anchor[n - 1 - k] & 0xc0) == 0x80)
        k++;
    if (k < n) {
        c = (unsigned char)h->anchor[n - 1 - k];
        want = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
        if (c >= 0xc0 && k + 1 < want)
            n -= k + 1;
    }
    return n && h->anchor[n - 1] == ' ' ? n - 1 : n;
}

const char *
html_anchor_text(const struct html_scanner *h, size_t *n)
{
    *n = h->in_anchor ? anchor_len(h) : 0;
    return h->in_anchor ? h->anchor : NULL;
}

/* The anchor ends: give its text (after the text before it). */
static void
anchor_end(struct html_scanner *h, const struct html_sink *sink)
{
    h->in_anchor = h->anchor_due = false;
    if (h->anchor_c2 && h->nanchor < sizeof h->anchor)
        h->anchor[h->nanchor++] = '\xc2';
    h->anchor_c2 = false;
    flush_pending(h, sink);
    sink->anchor(sink->arg, h->anchor, anchor_len(h));
}

/* Add the byte C of the anchor's text (after a blank, if one is due);
 * false when it is full (and has ended). */
static bool
anchor_put(struct html_scanner *h, const struct html_sink *sink, char c)
{
    bool blank = h->anchor_blank && h->nanchor;

    if (h->nanchor + blank + 1 > sizeof h->anchor) {
        /* only a byte that continues the last character cuts it short:
         * after a blank or a tag, or before a byte that starts one, the
         * text ends with what was seen of it while it was open */
        h->anchor_full = !blank && !h->anchor_tagged &&
                         ((unsigned char)c & 0xc0) == 0x80;
        anchor_end(h, sink);
        return false;
    }
    if (blank)
        h->anchor[h->nanchor++] = ' ';
    h->anchor_blank = h->anchor_tagged = false;
    h->anchor[h->nanchor++] = c;
    return true;
}

/* Text P[0..N) of the anchor: blanks collapsed (a U+00A0 may come in
 * two pieces). */
static void
anchor_add(struct html_scanner *h, const struct html_sink *sink,
           const char *p, size_t n)
{
    size_t i;

    for (i = 0; i < n && h->in_anchor; i++) {
        char c = p[i];

        if (h->anchor_c2) {
            h->anchor_c2 = false;
            if (c == '\xa0') {
                h->anchor_blank = true;
                continue;
            }
            if (!anchor_put(h, sink, '\xc2'))
                return;
        }
        if (is_space(c))
            h->anchor_blank = true;
        else if (c == '\xc2')
            h->anchor_c2 = true;
        else if (!anchor_put(h, sink, c))
            return;
    }
}

/* Does the tag just read end the text before it? All do but <wbr>: it
 * only marks where a long word, such as a URL, may wrap. */
static bool
cuts_text(const struct html_scanner *h)
{
    return h->end_tag || !name_is(h->tag, h->ntag, "wbr", 3);
}

/* Markup cuts the text (the sink gets a line break): a 0xC2 held
 * before it is a byte of its own, not half of a U+00A0 after it, as
 * the text that reaches the sink reads it. */
static void
anchor_cut(struct html_scanner *h, const struct html_sink *sink)
{
    if (!h->anchor_c2)
        return;
    h->anchor_c2 = false;
    if (anchor_put(h, sink, '\xc2'))
        h->anchor_blank = true;
}

/* The href of an <a> is reported next: the link open ends before it,
 * and this one's text is due. */
static void
anchor_href(struct html_scanner *h, const struct html_sink *sink)
{
    if (h->in_anchor)
        anchor_end(h, sink);
    h->a_href = h->anchor_due = true;
}

/* Does tag NAME (N bytes) break a line of text? */
static bool
breaks_line(const char *name, size_t n)
{
    static const char *const tags[] = { "br", "p", "div", "li", "tr", "td",
                                        "th" };
    size_t i;

    for (i = 0; i < sizeof tags / sizeof *tags; i++)
        if (name_is(name, n, tags[i], strlen(tags[i])))
            return true;
    return false;
}

/* A tag is complete: an <a> with an href begins an anchor, </a> or
 * another <a> ends the one open, as does one tag too many. */
static void
anchor_tag(struct html_scanner *h, const struct html_sink *sink)
{
    if (name_is(h->tag, h->ntag, "a", 1)) {
        if (h->in_anchor)
            anchor_end(h, sink);
        if (!h->end_tag && h->a_href) {
            h->in_anchor = true;
            h->anchor_blank = h->anchor_c2 = h->anchor_full = false;
            h->anchor_tagged = false;
            h->nanchor = h->anchor_tags = 0;
        }
    } else if (h->in_anchor) {
        if (cuts_text(h))
            anchor_cut(h, sink);
        if (!h->in_anchor)
            return; /* full */
        /* html_anchor_text() may be asked for at this tag's
         * attributes: a byte after it cannot cut short what it showed */
        h->anchor_tagged = true;
        if (++h->anchor_tags > HTML_ANCHOR_TAGS)
            anchor_end(h, sink);
        else if (breaks_line(h->tag, h->ntag))
            h->anchor_blank = true;
    }
}

/* A URI attribute's value is complete: report it. */
static void
report_value(struct html_scanner *h, const struct html_sink *sink)
{
    char *v = h->decoded;
    size_t n;
    int k = h->value_k;

    flush_pending(h, sink); /* the text before it comes first */
    /* a repeated attribute is ignored, as browsers do: so a tag is never
     * worth more than one report per URI attribute, whatever its size */
    if (h->uri_attrs_seen & (UINT32_C(1) << k))
        return;
    h->uri_attrs_seen |= UINT32_C(1) << k;
    if (h->value_too_long) {
        if (sink->cut)
            sink->cut(sink->arg, h->tag, h->attr);
        return;
    }
    if (k == ATTR_HREF && sink->anchor && name_is(h->tag, h->ntag, "a", 1))
        anchor_href(h, sink);
    n = html_decode_refs(h->value, h->nvalue, true, v);
    /* as browsers do (URL parsing in HTML): leading and trailing blanks
     * go, and so do tabs and line breaks inside */
    while (n && is_space(v[n - 1]))
        n--;
    while (n && is_space(v[0]))
        v++, n--;
    if (memchr(v, '\t', n) || memchr(v, '\n', n) || memchr(v, '\r', n)) {
        size_t i, o = 0;
        for (i = 0; i < n; i++)
            if (v[i] != '\t' && v[i] != '\n' && v[i] != '\r')
                v[o++] = v[i];
        n = o;
    }
    if (k == ATTR_SRCSET) {
        report_srcset(v, n, sink);
    } else if (name_is(h->tag, h->ntag, "base", 4) &&
               name_is(h->attr, h->nattr, "href", 4)) {
        if (sink->base)
            sink->base(sink->arg, v, n);
    } else {
        sink->uri(sink->arg, v, n, h->tag, h->attr);
    }
}

/* An attribute value is complete: report it if it holds a URI (most
 * do not: no call). */
static inline void
end_value(struct html_scanner *h, const struct html_sink *sink)
{
    if (h->value_k >= 0)
        report_value(h, sink);
}

/* A tag is complete: <script> and <style> start raw text. A tag ends the
 * text before it, so that two URIs are never joined (cuts_text). */
static inline void
end_tag(struct html_scanner *h, const struct html_sink *sink)
{
    bool script = name_is(h->tag, h->ntag, "script", 6);

    if (cuts_text(h))
        emit(h, sink, "\n", 1);
    if (sink->anchor)
        anchor_tag(h, sink);
    h->st = S_TEXT;
    if (!h->end_tag && (script || name_is(h->tag, h->ntag, "style", 5))) {
        h->raw_end = script ? "</script" : "</style";
        h->raw_matched = 0;
        h->st = S_RAWTEXT;
    }
}

/* The reference in H->ref ends: decode it and send the text. NEXT: the
 * byte after it is in H->ref too. Returns true when that byte was used
 * (a ';'). */
static bool
flush_ref(struct html_scanner *h, const struct html_sink *sink, bool next)
{
    char out[8];
    size_t used, n = html_ref_decode(h->ref, h->nref + next, false, out,
                                     &used);
    bool took_next = used > h->nref;

    if (n == 0)
        emit(h, sink, "&", 1);
    else
        emit(h, sink, out, n);
    if (used < h->nref)
        emit(h, sink, h->ref + used, h->nref - used);
    if (h->in_anchor) {
        anchor_add(h, sink, n ? out : "&", n ? n : 1);
        if (used < h->nref)
            anchor_add(h, sink, h->ref + used, h->nref - used);
    }
    h->nref = 0;
    return took_next;
}

/* Add C to the reference in H->ref. A numeric one that fills it loses its
 * leading zeros; past that its value is far beyond U+10FFFF and more
 * digits change nothing. Returns false when the reference is already
 * longer than any name: it was sent, and C is text. */
static bool
add_ref(struct html_scanner *h, const struct html_sink *sink, char c)
{
    if (h->nref == REF_MAX && h->ref[0] == '#') {
        size_t start = h->ref[1] == 'x' || h->ref[1] == 'X' ? 2 : 1, f;

        for (f = start; f < h->nref && h->ref[f] == '0'; f++)
            ;
        memmove(h->ref + start, h->ref + f, h->nref - f);
        h->nref -= f - start;
        if (h->nref == REF_MAX)
            return true;
    } else if (h->nref == REF_MAX) {
        flush_ref(h, sink, false);
        return false;
    }
    h->ref[h->nref++] = c;
    return true;
}

static void
start_attr(struct html_scanner *h)
{
    h->nattr = 0;
    h->attr[0] = '\0';
    h->nvalue = 0;
    h->value_too_long = false;
}

static void
add_name(char *name, size_t *n, char c)
{
    if (c == '\0') {
        /* the name is no name we know, also to strcmp() */
        name[0] = '#';
        if (*n == 0)
            name[(*n)++] = '#';
        name[*n] = '\0';
    } else if (*n < NAME_MAX_) {
        name[(*n)++] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
        name[*n] = '\0';
    } else {
        name[0] = '#'; /* too long: matches no name we know */
    }
}

/* What a byte is in a tag, bits of tag_class[]: a blank (as in
 * is_space()), '/', '>', '=', a NUL (add_name() marks the name with
 * it), and an upper-case letter, whose bit is the one that makes it
 * lower case. */
#define TC_BLANK 1
#define TC_SLASH 2
#define TC_GT 4
#define TC_EQ 8
#define TC_NUL 16
#define TC_UPPER 0x20
/* what ends a tag's name, and an attribute's */
#define ENDS_TAG_NAME (TC_BLANK | TC_SLASH | TC_GT)
#define ENDS_ATTR_NAME (ENDS_TAG_NAME | TC_EQ)
static const unsigned char tag_class[256] = {
    [' '] = TC_BLANK, ['\t'] = TC_BLANK, ['\n'] = TC_BLANK,
    ['\r'] = TC_BLANK, ['\f'] = TC_BLANK, ['/'] = TC_SLASH, ['>'] = TC_GT,
    ['='] = TC_EQ, ['\0'] = TC_NUL,
    ['A'] = TC_UPPER, ['B'] = TC_UPPER, ['C'] = TC_UPPER, ['D'] = TC_UPPER,
    ['E'] = TC_UPPER, ['F'] = TC_UPPER, ['G'] = TC_UPPER, ['H'] = TC_UPPER,
    ['I'] = TC_UPPER, ['J'] = TC_UPPER, ['K'] = TC_UPPER, ['L'] = TC_UPPER,
    ['M'] = TC_UPPER, ['N'] = TC_UPPER, ['O'] = TC_UPPER, ['P'] = TC_UPPER,
    ['Q'] = TC_UPPER, ['R'] = TC_UPPER, ['S'] = TC_UPPER, ['T'] = TC_UPPER,
    ['U'] = TC_UPPER, ['V'] = TC_UPPER, ['W'] = TC_UPPER, ['X'] = TC_UPPER,
    ['Y'] = TC_UPPER, ['Z'] = TC_UPPER,
};

/* name_run() from a byte that is a NUL or past NAME_MAX_: add_name()
 * for each byte up to the name's end. Not inlined, so that name_run()
 * saves no registers for the call. */
static size_t __attribute__((noinline))
name_run_slow(char *name, size_t *n, const char *p, size_t i, size_t len,
              unsigned ends)
{
    for (; i < len && !(tag_class[(unsigned char)p[i]] & ends); i++)
        add_name(name, n, p[i]);
    return i;
}

#ifdef HTML_SSE2
/* name_run() for a name that ends in the 16 bytes at P + I (LEN - I at
 * least 16) and fits (NAME at *N has room for 16 more bytes): the bytes
 * up to the first that is a control, a blank, '/', '>' or, when ENDS
 * has TC_EQ, '=' in one step, lower-cased and stored, *N moved on;
 * returns where the name ends, or LEN when that byte is of no class in
 * ENDS (a control that is none, a NUL), none of the 16 is one, or the
 * name does not fit: name_run() takes it then, from I. */
static inline size_t __attribute__((always_inline))
name_run_sse2(char *name, size_t *n, const char *p, size_t i, size_t len,
              unsigned ends)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
    __m128i stop = _mm_or_si128(
        _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(' ')), v),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')),
                     _mm_cmpeq_epi8(v, _mm_set1_epi8('>'))));
    __m128i upper;
    unsigned m, k;

    if (ends & TC_EQ)
        stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('=')));
    m = (unsigned)_mm_movemask_epi8(stop);
    if (m == 0)
        return len;
    k = (unsigned)__builtin_ctz(m);
    if (!(tag_class[(unsigned char)p[i + k]] & ends) || *n + k > NAME_MAX_)
        return len;
    /* 'A' to 'Z' (signed compares: bytes past 0x7f are none of them) */
    upper = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)),
                          _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
    _mm_storeu_si128((__m128i *)(void *)(name + *n),
                     _mm_add_epi8(v, _mm_and_si128(upper,
                                                   _mm_set1_epi8(0x20))));
    *n += k;
    name[*n] = '\0';
    return i + k;
}
#endif

/* The name that goes on at P[I..LEN), up to a byte of a class in ENDS
 * or LEN, added to NAME (*N bytes) as add_name() adds each byte;
 * returns where it ends. The bytes that fit and are no NUL, nearly all,
 * take a tight loop (with *N in a local, which a store to NAME could
 * change otherwise); the rest, if any, name_run_slow(). Inlined: each
 * caller has its ENDS constant, and the call cost more than most names. */
static inline size_t __attribute__((always_inline))
name_run(char *name, size_t *n, const char *p, size_t i, size_t len,
         unsigned ends, bool vec)
{
    size_t k = *n;
    unsigned t = 0;

#ifdef HTML_SSE2
    if (vec && len - i >= 16) {
        size_t e = name_run_sse2(name, n, p, i, len, ends);

        if (e != len)
            return e;
    }
#else
    (void)vec;
#endif
    for (; i < len && k < NAME_MAX_; i++) {
        unsigned char c = (unsigned char)p[i];

        if ((t = tag_class[c]) & (ends | TC_NUL))
            break;
        name[k++] = (char)(c | (t & TC_UPPER));
    }
    name[k] = '\0';     /* where it was already, when no byte came */
    *n = k;
    if (i == len || t & ends)
        return i;
    return name_run_slow(name, n, p, i, len, ends);
}

/* The K bytes at P go on the value: as many as fit, and when some do
 * not, the value is too long. */
static void
add_value_run(struct html_scanner *h, const char *p, size_t k)
{
    size_t room = h->max_value - h->nvalue;

    if (k > room) {
        k = room;
        h->value_too_long = true;
    }
    memcpy(h->value + h->nvalue, p, k);
    h->nvalue += k;
}

/* One call of html_feed(): the input at hand and what is known of it. */
struct feed {
    const char *p;
    size_t len;
    /* where the next '<' is, at or after the scan (LEN: none): one
     * search for all the references before it */
    size_t lt;
    const struct html_sink *sink;
};

/*
 * The states come in groups, one function each: text and its character
 * references, markup that is no element tag (declarations, comments and
 * "<?"), a tag's name and attribute names, attribute values, and the raw
 * text of <script> and <style>.  Each looks at F->p[I] (I < F->len), in
 * a state of its group, and returns where the scan goes on: I + 1 when
 * that byte was used, I itself when it is to be looked at again in the
 * new state, or further when it took a run at once.
 */

/* The references HTML mail uses most ("&nbsp;" fills the text of every
 * Outlook and Gmail message), with their ';', and their UTF-8. */
static const struct {
    char name[6];
    unsigned char len;
    char utf8[3];
    unsigned char n;
} common_refs[] = {
    { "nbsp;", 5, "\xc2\xa0", 2 }, { "amp;", 4, "&", 1 },
    { "lt;", 3, "<", 1 },           { "gt;", 3, ">", 1 },
    { "quot;", 5, "\"", 1 },
};

/* A reference of common_refs[] whole at P (N bytes, at least one, after
 * its '&'): what html_ref_decode() makes of it (the name and its ';'
 * are the longest match), without a byte at a time through the states.
 * Returns its index, or -1. (Keep in sync with common_refs[]: each
 * name a compare of constant length, no call.) */
static int
common_ref(const char *p, size_t n)
{
    switch (p[0]) {
    case 'n':
        return n >= 5 && memcmp(p, "nbsp;", 5) == 0 ? 0 : -1;
    case 'a':
        return n >= 4 && memcmp(p, "amp;", 4) == 0 ? 1 : -1;
    case 'l':
        return n >= 3 && memcmp(p, "lt;", 3) == 0 ? 2 : -1;
    case 'g':
        return n >= 3 && memcmp(p, "gt;", 3) == 0 ? 3 : -1;
    case 'q':
        return n >= 5 && memcmp(p, "quot;", 5) == 0 ? 4 : -1;
    default:
        return -1;
    }
}

/* S_REF: the bytes from I that continue the reference, in one loop;
 * the byte after them ends it. */
static size_t
feed_ref(struct html_scanner *h, struct feed *f, size_t i)
{
    char c;
    int k;

    if (h->nref == 0 && (k = common_ref(f->p + i, f->len - i)) >= 0) {
        emit(h, f->sink, common_refs[k].utf8, common_refs[k].n);
        if (h->in_anchor)
            anchor_add(h, f->sink, common_refs[k].utf8, common_refs[k].n);
        h->st = S_TEXT;
        return i + common_refs[k].len;
    }
    for (; i < f->len && ref_continues(h, f->p[i]); i++)
        if (!add_ref(h, f->sink, f->p[i])) {
            h->st = S_TEXT;
            return i; /* the byte is text */
        }
    if (i == f->len)
        return i;
    c = f->p[i];
    h->ref[h->nref] = c;
    h->st = S_TEXT;
    if (flush_ref(h, f->sink, true))
        return i + 1; /* the ';' was part of it */
    return i; /* look at C again as text */
}

#ifdef HAVE_AVX2_TARGET
/* The first '<' or '&' in P[I..LEN), or LEN, with AVX2: 32 bytes a step,
 * the last step ending at LEN (over bytes before I, already looked at);
 * LEN at least 32. */
__attribute__((target("avx2"))) static size_t
text_end_avx2(const char *p, size_t i, size_t len)
{
    const __m256i lt = _mm256_set1_epi8('<'), amp = _mm256_set1_epi8('&');
    unsigned m;

    for (;; i += 32) {
        size_t at = len - i >= 32 ? i : len - 32;
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)
                                           (p + at));

        m = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(
            _mm256_cmpeq_epi8(v, lt), _mm256_cmpeq_epi8(v, amp)));
        m >>= i - at;
        if (m)
            return i + (size_t)__builtin_ctz(m);
        if (at + 32 == len)
            return len;
    }
}
#endif

/* The first '<' or '&' of F->p[I..F->len) (I < F->len), or F->len:
 * one search for both with AVX2 where the input is long enough (a run
 * of text in mail is a few dozen bytes: two memchr() calls cost more
 * than its bytes), else a search for '<' that stays good for all the
 * references before it, and one for '&' up to there. */
static size_t
text_end(const struct html_scanner *h, struct feed *f, size_t i)
{
    const char *p = f->p;
    size_t j;

    /* most runs in mail are none (a tag right after a tag) or the one
     * byte left of the line (its "\n" after its last tag): no search */
    if (p[i] == '<' || p[i] == '&')
        return i;
    if (++i == f->len)
        return i;
#ifdef HAVE_AVX2_TARGET
    if (h->vec && f->len >= 32)
        return text_end_avx2(p, i, f->len);
#else
    (void)h;
#endif
    if (f->lt < i || (f->lt == i && p[i] != '<')) {
        const char *q = memchr(p + i, '<', f->len - i);
        f->lt = q ? (size_t)(q - p) : f->len;
    }
    j = f->lt;
    if (j > i) {
        const char *amp = memchr(p + i, '&', j - i);
        if (amp)
            j = (size_t)(amp - p);
    }
    return j;
}

static size_t feed_tag_open(struct html_scanner *h, struct feed *f,
                            size_t i);

/* S_TEXT: the text up to the next '<' or '&' at once, and the tag after
 * it; S_REF. */
static size_t
feed_text(struct html_scanner *h, struct feed *f, size_t i)
{
    const char *p = f->p;
    size_t j;

    if (h->st == S_REF)
        return feed_ref(h, f, i);
    j = text_end(h, f, i);
    if (j > i) {
        if (f->sink->text_at)
            f->sink->text_at(f->sink->arg, h->npend, p + i, j - i);
        emit(h, f->sink, p + i, j - i);
        if (h->in_anchor)
            anchor_add(h, f->sink, p + i, j - i);
    }
    if (j == f->len)
        return f->len;
    h->nref = 0;
    if (p[j] != '<') {
        h->st = S_REF;
        return j + 1;
    }
    /* the tag is read on at once (no dispatch) */
    h->st = S_TAG_OPEN;
    return j + 1 < f->len ? feed_tag_open(h, f, j + 1) : j + 1;
}

/* A state function may go on in the next state, that of another
 * function, with the bytes at hand; it is then called with I at most
 * F->len. */
static size_t feed_decl(struct html_scanner *h, struct feed *f, size_t i);
static size_t feed_tag_name(struct html_scanner *h, struct feed *f, size_t i);
static size_t feed_end_tag(struct html_scanner *h, struct feed *f, size_t i);
static size_t feed_before_attr(struct html_scanner *h, struct feed *f,
                               size_t i);
static size_t feed_after_attr_name(struct html_scanner *h, struct feed *f,
                                   size_t i);
static size_t feed_before_value(struct html_scanner *h, struct feed *f,
                                size_t i);
static inline size_t feed_quoted(struct html_scanner *h, struct feed *f,
                                 size_t i);
static size_t feed_unquoted(struct html_scanner *h, struct feed *f, size_t i);

/* S_TAG_OPEN: the byte after '<' says what follows, which is read on
 * at once; a '<' that opens nothing is text. */
static size_t
feed_tag_open(struct html_scanner *h, struct feed *f, size_t i)
{
    char c = f->p[i];

    h->ntag = 0;
    h->uri_attrs_seen = 0;
    h->tag[0] = '\0';
    h->end_tag = false;
    h->a_href = false;
    if (is_alpha(c)) {
        h->st = S_TAG_NAME;     /* C is its first byte */
        return feed_tag_name(h, f, i);
    }
    if (c == '/') {
        h->end_tag = true;
        h->end_named = false;
        h->st = S_END_TAG;
        return feed_end_tag(h, f, i + 1);
    }
    if (c == '!' || c == '?') {
        h->st = c == '!' ? S_DECL : S_BOGUS;
        return feed_decl(h, f, i + 1);
    }
    emit(h, f->sink, "<", 1);
    if (h->in_anchor)
        anchor_add(h, f->sink, "<", 1);
    h->st = S_TEXT;
    return i;
}

/* H->dashes after the comment bytes P[I..E): the '-' that end them, and
 * BEFORE too when they are all '-' (2 is as good as more: only a
 * "--" before the '>' counts). */
static int
dashes_after(const char *p, size_t i, size_t e, int before)
{
    size_t t = 0;

    while (t < 2 && t < e - i && p[e - 1 - t] == '-')
        t++;
    if (t < e - i)
        return (int)t;
    return before + (int)t > 2 ? 2 : before + (int)t;
}

/* S_COMMENT: the body up to each '>' in one search; the first '>' after
 * "--" ends it. */
static size_t
feed_comment(struct html_scanner *h, struct feed *f, size_t i)
{
    while (i < f->len) {
        const char *gt = memchr(f->p + i, '>', f->len - i);
        size_t e = gt ? (size_t)(gt - f->p) : f->len;

        h->dashes = dashes_after(f->p, i, e, h->dashes);
        if (gt == NULL)
            return e;
        if (h->dashes >= 2) {
            end_tag(h, f->sink);
            return e + 1;
        }
        h->dashes = 0;
        i = e + 1;
    }
    return i;
}

/* S_DECL, S_DECL_DASH, S_COMMENT, S_BOGUS: markup that is no element
 * ("<!...>", "<!--...-->", "<?...>"), skipped to its '>': "<!" and
 * "<!-" a byte at a time, then a comment or the rest at once. */
static size_t
feed_decl(struct html_scanner *h, struct feed *f, size_t i)
{
    const char *gt;

    while ((h->st == S_DECL || h->st == S_DECL_DASH) && i < f->len) {
        char c = f->p[i++];

        if (c == '>') {
            end_tag(h, f->sink);
            return i;
        }
        if (c != '-') {
            h->st = S_BOGUS;
        } else if (h->st == S_DECL) {
            h->st = S_DECL_DASH;
        } else {
            h->st = S_COMMENT;
            h->dashes = 0;
        }
    }
    if (h->st == S_COMMENT)
        return feed_comment(h, f, i);
    if (i == f->len)
        return i;
    gt = memchr(f->p + i, '>', f->len - i); /* S_BOGUS */
    if (gt == NULL)
        return f->len;
    end_tag(h, f->sink);
    return (size_t)(gt - f->p) + 1;
}

/* S_TAG_NAME: the rest of the tag's name in one loop, then its
 * attributes. */
static size_t
feed_tag_name(struct html_scanner *h, struct feed *f, size_t i)
{
    i = name_run(h->tag, &h->ntag, f->p, i, f->len, ENDS_TAG_NAME,
                 h->vec);
    if (i == f->len)
        return i;
    if (f->p[i] == '>') {
        end_tag(h, f->sink);
        return i + 1;
    }
    h->st = S_BEFORE_ATTR;      /* a blank or '/' */
    return feed_before_attr(h, f, i + 1);
}

/* S_ATTR_NAME: the rest of an attribute's name in one loop, then what
 * follows it. */
static size_t
feed_attr_name(struct html_scanner *h, struct feed *f, size_t i)
{
    char c;

    i = name_run(h->attr, &h->nattr, f->p, i, f->len, ENDS_ATTR_NAME,
                 h->vec);
    if (i == f->len)
        return i;
    c = f->p[i];
    if (c == '=') {
        h->st = S_BEFORE_VALUE;
        return feed_before_value(h, f, i + 1);
    }
    if (is_space(c)) {
        h->st = S_AFTER_ATTR_NAME;
        return feed_after_attr_name(h, f, i + 1);
    }
    /* '>' or '/': looked at again before an attribute */
    h->st = S_BEFORE_ATTR;
    return i;
}

/* S_END_TAG: its name in one loop, then the rest up to its '>' in one
 * search (only the name is looked at). */
static size_t
feed_end_tag(struct html_scanner *h, struct feed *f, size_t i)
{
    const char *gt;

    if (!h->end_named) {
        i = name_run(h->tag, &h->ntag, f->p, i, f->len, ENDS_TAG_NAME,
                 h->vec);
        if (i == f->len)
            return i;
        if (f->p[i] == '>') {
            end_tag(h, f->sink);
            return i + 1;
        }
        h->end_named = true;    /* a blank or '/' after the name */
        i++;
    }
    gt = memchr(f->p + i, '>', f->len - i);
    if (gt == NULL)
        return f->len;
    end_tag(h, f->sink);
    return (size_t)(gt - f->p) + 1;
}

/* S_TAG_NAME, S_END_TAG, S_BEFORE_ATTR, S_ATTR_NAME, S_AFTER_ATTR_NAME:
 * inside a tag, before any attribute value. */
static size_t
feed_tag(struct html_scanner *h, struct feed *f, size_t i)
{
    switch (h->st) {
    case S_TAG_NAME:
        return feed_tag_name(h, f, i);
    case S_END_TAG:
        return feed_end_tag(h, f, i);
    case S_ATTR_NAME:
        i = feed_attr_name(h, f, i);
        break;
    case S_AFTER_ATTR_NAME:
        i = feed_after_attr_name(h, f, i);
        break;
    default: /* S_BEFORE_ATTR */
        break;
    }
    return h->st == S_BEFORE_ATTR ? feed_before_attr(h, f, i) : i;
}

/* S_BEFORE_ATTR: the tag's attributes, each read through its value
 * while the input lasts, and the blanks and '/' between them in one
 * loop (pretty-printed tags have runs of them), up to the '>'. */
static size_t
feed_before_attr(struct html_scanner *h, struct feed *f, size_t i)
{
    for (;;) {
        while (i < f->len &&
               tag_class[(unsigned char)f->p[i]] & (TC_BLANK | TC_SLASH))
            i++;
        if (i == f->len)
            return i;
        if (f->p[i] == '>') {
            end_tag(h, f->sink);
            return i + 1;
        }
        start_attr(h);
        if (f->p[i] == '=')     /* it begins the name, not a value */
            add_name(h->attr, &h->nattr, f->p[i++]);
        h->st = S_ATTR_NAME;
        i = feed_attr_name(h, f, i);
        if (h->st != S_BEFORE_ATTR)
            return i;   /* the input or the tag ended */
    }
}

/* S_AFTER_ATTR_NAME: blanks, then '=' and the value, or another
 * attribute (its byte looked at again). */
static size_t
feed_after_attr_name(struct html_scanner *h, struct feed *f, size_t i)
{
    while (i < f->len && is_space(f->p[i]))
        i++;
    if (i == f->len)
        return i;
    if (f->p[i] != '=') {
        h->st = S_BEFORE_ATTR;
        return i;
    }
    h->st = S_BEFORE_VALUE;
    return feed_before_value(h, f, i + 1);
}

/* S_BEFORE_VALUE: blanks, then the value begins, quoted or not, and is
 * read on; or it ends empty at '>'. */
static size_t
feed_before_value(struct html_scanner *h, struct feed *f, size_t i)
{
    char c;

    while (i < f->len && is_space(f->p[i]))
        i++;
    if (i == f->len)
        return i;
    c = f->p[i];
    h->value_k = h->end_tag ? -1 : uri_attr_index(h->attr, h->nattr);
    if (h->value_k >= 0 && f->sink->value)
        f->sink->value(f->sink->arg, f->p + i + (c == '"' || c == '\''));
    if (c == '"' || c == '\'') {
        h->st = c == '"' ? S_VALUE_DQ : S_VALUE_SQ;
        return feed_quoted(h, f, i + 1);
    }
    if (c == '>') {
        end_value(h, f->sink);
        end_tag(h, f->sink);
        return i + 1;
    }
    h->st = S_VALUE_UNQ;
    return feed_unquoted(h, f, i);
}

/* S_VALUE_DQ, S_VALUE_SQ: the value up to the quote in one piece (only
 * found, for an attribute that is not a URI one: style="..."). Inline:
 * most tags have one or more. */
static inline size_t
feed_quoted(struct html_scanner *h, struct feed *f, size_t i)
{
    char q = h->st == S_VALUE_DQ ? '"' : '\'';
    const char *end = memchr(f->p + i, q, f->len - i);
    size_t run = end ? (size_t)(end - (f->p + i)) : f->len - i;

    if (h->value_k < 0) {
        /* not kept */
    } else if (h->nvalue + run <= h->max_value) {
        memcpy(h->value + h->nvalue, f->p + i, run);
        h->nvalue += run;
    } else {
        h->value_too_long = true;
    }
    i += run;
    if (end) {
        end_value(h, f->sink);
        h->st = S_BEFORE_ATTR;
        i++;
    }
    return i;
}

/* S_VALUE_UNQ: the value up to a blank or '>' in one piece; that byte
 * is looked at again before an attribute. */
static size_t
feed_unquoted(struct html_scanner *h, struct feed *f, size_t i)
{
    size_t j = i;

    while (j < f->len && !is_space(f->p[j]) && f->p[j] != '>')
        j++;
    if (h->value_k >= 0)
        add_value_run(h, f->p + i, j - i);
    if (j < f->len) {
        end_value(h, f->sink);
        h->st = S_BEFORE_ATTR;
    }
    return j;
}

/* S_BEFORE_VALUE, S_VALUE_DQ, S_VALUE_SQ, S_VALUE_UNQ: an attribute
 * value, and the attributes after it. */
static size_t
feed_value(struct html_scanner *h, struct feed *f, size_t i)
{
    if (h->st == S_BEFORE_VALUE)
        i = feed_before_value(h, f, i);
    else if (h->st == S_VALUE_UNQ)
        i = feed_unquoted(h, f, i);
    else
        i = feed_quoted(h, f, i);
    return h->st == S_BEFORE_ATTR ? feed_before_attr(h, f, i) : i;
}

/* S_RAWTEXT: the raw text of <script> or <style>, from '<' to '<' in
 * one search each, up to its end tag, whose rest is read on. */
static size_t
feed_raw(struct html_scanner *h, struct feed *f, size_t i)
{
    while (i < f->len) {
        char c = f->p[i];
        char want;

        if (h->raw_matched == 0) {
            /* nothing can end the raw text before a '<' */
            const char *q = memchr(f->p + i, '<', f->len - i);

            if (q == NULL)
                return f->len;
            i = (size_t)(q - f->p);
            c = '<';
        }
        want = h->raw_end[h->raw_matched];
        i++;
        if ((c | (want == '<' || want == '/' ? 0 : 0x20)) != want) {
            h->raw_matched = c == '<';
        } else if (h->raw_end[++h->raw_matched] == '\0') {
            h->end_tag = h->end_named = true;
            h->st = S_END_TAG;
            return feed_end_tag(h, f, i);
        }
    }
    return i;
}

void
html_feed_more(struct html_scanner *h, const char *p, size_t len,
               const struct html_sink *sink)
{
    struct feed f = { p, len, 0, sink };
    size_t i = 0;

    while (i < len) {
        switch (h->st) {
        case S_TEXT:
        case S_REF:
            i = feed_text(h, &f, i);
            break;
        case S_TAG_OPEN:
            i = feed_tag_open(h, &f, i);
            break;
        case S_DECL:
        case S_DECL_DASH:
        case S_COMMENT:
        case S_BOGUS:
            i = feed_decl(h, &f, i);
            break;
        case S_TAG_NAME:
        case S_END_TAG:
        case S_BEFORE_ATTR:
        case S_ATTR_NAME:
        case S_AFTER_ATTR_NAME:
            i = feed_tag(h, &f, i);
            break;
        case S_BEFORE_VALUE:
        case S_VALUE_DQ:
        case S_VALUE_SQ:
        case S_VALUE_UNQ:
            i = feed_value(h, &f, i);
            break;
        case S_RAWTEXT:
            i = feed_raw(h, &f, i);
            break;
        }
    }
}

void
html_feed(struct html_scanner *h, const char *p, size_t len,
          const struct html_sink *sink)
{
    html_feed_more(h, p, len, sink);
    flush_pending(h, sink);
}

size_t
html_pending(const struct html_scanner *h)
{
    return h->npend;
}

void
html_flush(struct html_scanner *h, const struct html_sink *sink)
{
    flush_pending(h, sink);
}

void
html_finish(struct html_scanner *h, const struct html_sink *sink)
{
    if (h->st == S_REF) {
        flush_ref(h, sink, false);
    } else if (h->st == S_TAG_OPEN) {
        emit(h, sink, "<", 1);
        if (h->in_anchor)
            anchor_add(h, sink, "<", 1);
    }
    if (h->in_anchor) {
        anchor_end(h, sink);
    } else if (h->anchor_due) {
        /* its tag never ended: a link with no text */
        h->anchor_due = false;
        flush_pending(h, sink);
        sink->anchor(sink->arg, "", 0);
    }
    flush_pending(h, sink);
    h->st = S_TEXT;
    h->nref = 0;
}
