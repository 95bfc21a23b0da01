/* scan.c: streaming delimiting of URI references in text, RFC 2396 App. E. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "buf.h"
#include "internal.h"
#include "scan.h"
#include "schemes.h"

/*
 * How it works.  Every reference the scanner reports contains a ':' right
 * after its scheme (or after "URL"), so the hot loop is memchr(':') over a
 * window of input.  At each ':' we look back for the scheme and for what
 * stands before it ('<', '"', "URL:"), then forward for the end of the
 * reference under the rules of its delimiter.  With --abbrev, '.' after
 * "www"/"ftp" is a second trigger.
 *
 * Streaming.  Input is copied slice by slice into WIN after a small carried
 * tail.  A candidate that reaches the end of the window is kept (with its
 * look-back context) for the next feed; nothing is decided until enough
 * bytes are there, so results never depend on how the input is split.
 * Look-backs never cross the end of the last reference reported, which
 * is what keeps the decisions the same whatever the split.
 */

/* Bytes copied into the window per step: large enough that memchr runs
 * long, small enough to stay in L2. */
#define SLICE (64 * 1024)
/* A run of scheme characters longer than this before ':' is not a scheme
 * (IANA's longest is about 30). */
#define SCHEME_RUN_MAX 64
/* Look-back room before a scheme: '<' and "URL:" plus a little space. */
#define CTX_BACK 32
/* Spaces or tabs allowed between '<' or "URL:" and the reference. */
#define GAP_MAX 16

struct urigrep_scanner {
    struct urigrep_scan_options opt;
    size_t max;           /* longest reference reported */
    size_t raw_max;       /* longest stretch of input one candidate spans */
    struct urigrep_buf win;
    struct urigrep_buf out;  /* reference read inside <...>, hyphens kept */
    struct urigrep_buf alt;  /* the same with hyphens at line breaks gone */
    uint64_t win_off;     /* stream offset of win.data[0] */
    size_t floor;         /* no look-back crosses this index */
    size_t search;        /* the search for triggers goes on here */
    bool skipping;        /* inside an over-long bare candidate */
    /* line accounting: newlines are counted lazily up to nl_off */
    uint64_t nl_off;
    uint64_t line;
    uint64_t line_start;
};

enum outcome { REPORTED, REJECTED, NEED_MORE, TOO_LONG, STOPPED };

/* The state of one candidate while it is examined. */
struct cand {
    size_t ss;            /* first byte of the reference in the window */
    size_t colon;         /* its scheme's ':' (or the trigger) */
    size_t end;           /* resume point after it */
    enum urigrep_delim delim;
};

static inline bool
is_alpha(unsigned char c)
{
    return (unsigned char)((c | 0x20) - 'a') < 26;
}

static inline bool
is_digit(unsigned char c)
{
    return (unsigned char)(c - '0') < 10;
}

static inline bool
is_scheme_char(unsigned char c)
{
    return is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.';
}

/* Horizontal space allowed after '<' or "URL:". */
static inline bool
is_gap(unsigned char c)
{
    return c == ' ' || c == '\t';
}

static inline bool
is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* ASCII bytes that end a bare URI: space, controls, the delimiters of
 * section 2.4.3 that mark its edges, and the "unwise" ` | \ ^. */
static inline bool
is_bare_break(unsigned char c)
{
    return c <= 0x20 || c == 0x7f || c == '<' || c == '>' || c == '"' ||
           c == '`' || c == '|' || c == '\\' || c == '^';
}

bool
scan_is_well_known(const char *s, size_t len)
{
    size_t lo = 0, hi = sizeof well_known_schemes / sizeof *well_known_schemes;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const char *w = well_known_schemes[mid];
        size_t wl = strlen(w);
        int c = strncasecmp(s, w, len < wl ? len : wl);

        if (c == 0)
            c = len < wl ? -1 : len > wl;
        if (c == 0)
            return true;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return false;
}

int
scan_utf8_decode(const unsigned char *p, size_t avail, uint32_t *cp)
{
    unsigned char c = p[0];
    size_t n, i;
    uint32_t v, min;

    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, v = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, v = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, v = c & 0x07, min = 0x10000;
    else
        return -1;
    for (i = 1; i < n; i++) {
        if (i >= avail)
            return 0;
        if ((p[i] & 0xc0) != 0x80)
            return -1;
        v = (v << 6) | (p[i] & 0x3f);
        /* reject overlongs and surrogates as soon as the second byte says */
        if (i == 1 && ((n == 3 && c == 0xe0 && p[1] < 0xa0) ||
                       (n == 3 && c == 0xed && p[1] >= 0xa0) ||
                       (n == 4 && c == 0xf0 && p[1] < 0x90) ||
                       (n == 4 && c == 0xf4 && p[1] >= 0x90)))
            return -1;
    }
    if (v < min)
        return -1;
    *cp = v;
    return (int)n;
}

bool
scan_is_unicode_break(uint32_t cp)
{
    /* Spaces and punctuation: Latin-1 punctuation and symbols (no-break
     * space, guillemets, inverted marks), General Punctuation (curly
     * quotes, dashes, ellipsis, odd spaces), Supplemental Punctuation, CJK
     * Symbols and Punctuation, vertical and small forms, full-width ASCII
     * punctuation, and the specials (BOM, U+FFFD). Letters, digits and
     * marks of every script continue an IRI. */
    return (cp >= 0x80 && cp <= 0xbf) || cp == 0xd7 || cp == 0xf7 ||
           cp == 0x1680 || cp == 0x180e || (cp >= 0x2000 && cp <= 0x206f) ||
           (cp >= 0x2e00 && cp <= 0x2e7f) || (cp >= 0x3000 && cp <= 0x303f) ||
           (cp >= 0xfe10 && cp <= 0xfe1f) || (cp >= 0xfe30 && cp <= 0xfe6f) ||
           cp == 0xfeff || (cp >= 0xff01 && cp <= 0xff0f) ||
           (cp >= 0xff1a && cp <= 0xff20) || (cp >= 0xff3b && cp <= 0xff40) ||
           (cp >= 0xff5b && cp <= 0xff65) || (cp >= 0xfff0 && cp <= 0xffff);
}

/* Count the newlines in P[0..N): 16 bytes at a time with SSE2 where the
 * compiler has it (every x86-64 does), else eight at a time in a word. */
static uint64_t
count_newlines(const char *p, size_t n)
{
    uint64_t count = 0;
    size_t i = 0;

#ifdef __SSE2__
    const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();

    while (n - i >= 16) {
        /* byte counters hold at most 255 before they are summed */
        size_t blocks = (n - i) / 16 < 255 ? (n - i) / 16 : 255, k;
        __m128i acc = zero;

        for (k = 0; k < blocks; k++, i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
            acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, nl));
        }
        acc = _mm_sad_epu8(acc, zero);
        count += (uint64_t)_mm_cvtsi128_si64(acc) +
                 (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc));
    }
#else
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;

    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        w ^= ones * '\n';
        /* a byte of W is zero where P had '\n'; this exact zero-byte test
         * sets its high bit there and nowhere else */
        w = ~(((w & ~high) + ~high) | w | ~high);
        /* one bit per match, moved to the byte's low end, summed by the
         * multiplication into the top byte */
        count += ((w >> 7) * ones) >> 56;
    }
#endif
    for (; i < n; i++)
        count += p[i] == '\n';
    return count;
}

static const char *
last_newline(const char *p, size_t n)
{
#ifdef HAVE_MEMRCHR
    return memrchr(p, '\n', n);
#else
    while (n--)
        if (p[n] == '\n')
            return p + n;
    return NULL;
#endif
}

/* Advance the line count to window index I (never backwards). */
static void
lines_to(struct urigrep_scanner *sc, size_t i)
{
    uint64_t off = sc->win_off + i;
    size_t from;
    uint64_t n;

    if (off <= sc->nl_off)
        return;
    from = (size_t)(sc->nl_off - sc->win_off);
    n = count_newlines(sc->win.data + from, i - from);
    if (n) {
        const char *nl = last_newline(sc->win.data + from, i - from);
        sc->line += n;
        sc->line_start = sc->win_off + (uint64_t)(nl - sc->win.data) + 1;
    }
    sc->nl_off = off;
}

static int
emit(struct urigrep_scanner *sc, enum urigrep_event ev, const char *p,
     size_t len, size_t at, size_t end, enum urigrep_delim delim,
     unsigned flags, urigrep_match_fn fn, void *arg)
{
    struct urigrep_match m;

    lines_to(sc, at);
    m.event = ev;
    m.ref.ptr = p;
    m.ref.len = len;
    m.offset = sc->win_off + at;
    m.line = sc->line;
    m.column = m.offset - sc->line_start + 1;
    m.end_offset = sc->win_off + end;
    m.delim = delim;
    m.flags = flags;
    return fn(arg, &m);
}

/* Scan a bare URI whose text starts at SS, from FROM on. Sets *E to the
 * first byte that is not part of it. */
static enum outcome
scan_bare_end(struct urigrep_scanner *sc, size_t ss, size_t from, bool final,
              size_t *e)
{
    const unsigned char *w = (const unsigned char *)sc->win.data;
    size_t n = sc->win.len, i = from;

    while (i < n) {
        unsigned char c = w[i];
        size_t k = 1;

        if (c < 0x80) {
            if (is_bare_break(c))
                break;
        } else {
            uint32_t cp;
            int d = scan_utf8_decode(w + i, n - i, &cp);

            if (d == 0 && !final)
                return NEED_MORE;
            if (d <= 0 || scan_is_unicode_break(cp))
                break;
            k = (size_t)d;
        }
        /* the candidate would grow past the limit */
        if (i + k - ss > sc->max) {
            *e = i;
            return TOO_LONG;
        }
        i += k;
    }
    if (i == n && !final)
        return NEED_MORE;
    *e = i;
    return REPORTED;
}

/* Count the unmatched closing brackets of kind OPEN/CLOSE in P[0..LEN):
 * closers minus openers. */
static long
excess_closers(const char *p, size_t len, char open, char close)
{
    long n = 0;
    size_t i;

    for (i = 0; i < len; i++)
        n += (p[i] == close) - (p[i] == open);
    return n;
}

/* Drop trailing punctuation that ends sentences rather than URIs, and
 * closing brackets that have no opening partner inside the URI. Never
 * shortens below MIN. */
static size_t
strip_trailing(const char *p, size_t len, size_t min)
{
    long paren = -1, square = -1, curly = -1; /* -1: not counted yet */

    while (len > min) {
        char c = p[len - 1];

        if (c == '.' || c == ',' || c == ';' || c == ':' || c == '!' ||
            c == '?' || c == '\'' || c == '*') {
            len--;
            continue;
        }
        /* brackets are counted only when one ends the URI: rare */
        if (c == ')') {
            if (paren < 0)
                paren = excess_closers(p, len, '(', ')');
            if (paren-- <= 0)
                break;
        } else if (c == ']') {
            if (square < 0)
                square = excess_closers(p, len, '[', ']');
            if (square-- <= 0)
                break;
        } else if (c == '}') {
            if (curly < 0)
                curly = excess_closers(p, len, '{', '}');
            if (curly-- <= 0)
                break;
        } else {
            break;
        }
        len--;
    }
    return len;
}

/* Is REF (scheme ':' rest, scheme SLEN long) enough to be a URI in running
 * text? "scheme://" needs something after it; other schemes must be
 * well-known non-"//" ones. ANY_SCHEME: inside <...>, any scheme counts. */
static bool
enough_for_uri(const char *ref, size_t len, size_t slen, bool any_scheme)
{
    const char *rest = ref + slen + 1;
    size_t rlen = len - slen - 1;

    if (rlen >= 2 && rest[0] == '/' && rest[1] == '/')
        return rlen > 2;
    if (rlen == 0)
        return false;
    return any_scheme || scan_is_well_known(ref, slen);
}

/* Bare rules for a reference starting at SS with its scheme ending at
 * COLON. */
static enum outcome
try_bare(struct urigrep_scanner *sc, struct cand *cd, bool final,
         urigrep_match_fn fn, void *arg)
{
    size_t e, len;
    enum outcome o = scan_bare_end(sc, cd->ss, cd->colon + 1, final, &e);

    if (o != REPORTED) {
        cd->end = e;
        return o;
    }
    len = strip_trailing(sc->win.data + cd->ss, e - cd->ss,
                         cd->colon + 1 - cd->ss);
    if (!enough_for_uri(sc->win.data + cd->ss, len, cd->colon - cd->ss,
                        false))
        return REJECTED;
    cd->end = cd->ss + len;
    if (emit(sc, URIGREP_EVENT_URI, sc->win.data + cd->ss, len, cd->ss,
             cd->end, cd->delim, 0, fn, arg))
        return STOPPED;
    return REPORTED;
}

/* Read <...> from S: everything up to '>' with whitespace removed, into
 * sc->out (and sc->alt without hyphens at line breaks). Fails on a blank
 * line, a '<', a control character, invalid UTF-8 or the length limit.
 * Sets *END past the '>' and *FLAGS. */
static enum outcome
scan_angle(struct urigrep_scanner *sc, size_t s, bool final, size_t *end,
           unsigned *flags)
{
    const unsigned char *w = (const unsigned char *)sc->win.data;
    size_t n = sc->win.len, i = s;

    sc->out.len = 0;
    sc->alt.len = 0;
    *flags = 0;
    for (;;) {
        unsigned char c;

        if (i == n)
            return final ? REJECTED : NEED_MORE;
        if (i - s > sc->raw_max)
            return REJECTED;
        c = w[i];
        if (c == '>') {
            *end = i + 1;
            return REPORTED;
        }
        if (c == '<')
            return REJECTED;
        if (is_space(c)) {
            size_t j = i;
            int nl = 0;

            for (; j < n && is_space(w[j]); j++)
                if (w[j] == '\n' && ++nl == 2)
                    return REJECTED; /* a blank line ends the search */
            if (j == n && !final)
                return NEED_MORE;
            if (nl && sc->out.len && sc->out.data[sc->out.len - 1] == '-') {
                /* Appendix E: the hyphen may or may not be part of it */
                sc->alt.len--;
                *flags |= URIGREP_MATCH_HYPHEN_BREAK;
            }
            i = j;
            continue;
        }
        if (c < 0x20 || c == 0x7f)
            return REJECTED;
        if (c >= 0x80) {
            uint32_t cp;
            int k = scan_utf8_decode(w + i, n - i, &cp);

            if (k == 0 && !final)
                return NEED_MORE;
            if (k <= 0)
                return REJECTED;
            if (sc->out.len + (size_t)k > sc->max)
                return REJECTED;
            buf_append(&sc->out, w + i, (size_t)k);
            buf_append(&sc->alt, w + i, (size_t)k);
            i += (size_t)k;
            continue;
        }
        if (sc->out.len >= sc->max)
            return REJECTED;
        buf_put(&sc->out, (char)c);
        buf_put(&sc->alt, (char)c);
        i++;
    }
}

/* Report what scan_angle() read, in the hyphen reading(s) asked for. */
static enum outcome
emit_angle(struct urigrep_scanner *sc, struct cand *cd, unsigned flags,
           urigrep_match_fn fn, void *arg)
{
    bool keep = sc->opt.hyphen != URIGREP_HYPHEN_DROP;
    bool drop = sc->opt.hyphen != URIGREP_HYPHEN_KEEP &&
                (flags & URIGREP_MATCH_HYPHEN_BREAK);

    if (keep && emit(sc, URIGREP_EVENT_URI, sc->out.data, sc->out.len,
                     cd->ss, cd->end, cd->delim, flags, fn, arg))
        return STOPPED;
    if (drop && emit(sc, URIGREP_EVENT_URI, sc->alt.data, sc->alt.len,
                     cd->ss, cd->end, cd->delim,
                     flags | URIGREP_MATCH_HYPHEN_DROPPED, fn, arg))
        return STOPPED;
    if (!keep && !drop && emit(sc, URIGREP_EVENT_URI, sc->out.data,
                               sc->out.len, cd->ss, cd->end, cd->delim,
                               flags, fn, arg))
        return STOPPED;
    return REPORTED;
}

/* Is there a '<' before SS, with at most a few spaces between, not
 * before FLOOR? Sets *LT to its index. */
static bool
angle_before(const struct urigrep_scanner *sc, size_t ss, size_t floor,
             size_t *lt)
{
    size_t i = ss, gap = 0;

    while (i > floor && is_gap((unsigned char)sc->win.data[i - 1]) &&
           gap < GAP_MAX)
        i--, gap++;
    if (i > floor && sc->win.data[i - 1] == '<') {
        *lt = i - 1;
        return true;
    }
    return false;
}

/* A scheme at SS..COLON in <...>: report the bracket's content, or fall
 * back to the bare rules when there is no proper closing '>'. */
static enum outcome
try_angle(struct urigrep_scanner *sc, struct cand *cd, bool final,
          urigrep_match_fn fn, void *arg)
{
    unsigned flags;
    enum outcome o = scan_angle(sc, cd->ss, final, &cd->end, &flags);

    if (o == NEED_MORE)
        return o;
    if (o == REPORTED) {
        if (!enough_for_uri(sc->out.data, sc->out.len, cd->colon - cd->ss,
                            true))
            return REJECTED;
        return emit_angle(sc, cd, flags, fn, arg);
    }
    cd->delim = URIGREP_DELIM_BARE;
    return try_bare(sc, cd, final, fn, arg);
}

/* Quoted: the URI ends at the closing '"' unless space, a control, '<',
 * '>' or bad UTF-8 comes first; then the bare rules apply. */
static enum outcome
try_quote(struct urigrep_scanner *sc, struct cand *cd, bool final,
          urigrep_match_fn fn, void *arg)
{
    const unsigned char *w = (const unsigned char *)sc->win.data;
    size_t n = sc->win.len, i = cd->colon + 1;

    while (i < n && i - cd->ss <= sc->max) {
        unsigned char c = w[i];

        if (c == '"') {
            size_t len = i - cd->ss;

            if (!enough_for_uri(sc->win.data + cd->ss, len,
                                cd->colon - cd->ss, false))
                return REJECTED;
            cd->end = i;
            if (emit(sc, URIGREP_EVENT_URI, sc->win.data + cd->ss, len,
                     cd->ss, i + 1, cd->delim, 0, fn, arg))
                return STOPPED;
            return REPORTED;
        }
        if (c <= 0x20 || c == 0x7f || c == '<' || c == '>')
            break;
        if (c >= 0x80) {
            uint32_t cp;
            int k = scan_utf8_decode(w + i, n - i, &cp);

            if (k == 0 && !final)
                return NEED_MORE;
            if (k <= 0)
                break;
            i += (size_t)k;
        } else {
            i++;
        }
    }
    if (i == n && !final)
        return NEED_MORE;
    cd->delim = URIGREP_DELIM_BARE;
    return try_bare(sc, cd, final, fn, arg);
}

/* "URL:" at U..COLON (Appendix E, RFC 1630 prefixedurl): inside <...>
 * the rest up to '>' is the reference, relative ones included; outside,
 * an absolute URI may follow. */
static enum outcome
try_url_prefix(struct urigrep_scanner *sc, size_t u, size_t colon,
               size_t floor, bool final, urigrep_match_fn fn, void *arg,
               struct cand *cd)
{
    const char *w = sc->win.data;
    size_t n = sc->win.len, s = colon + 1, e, lt;
    enum outcome o;

    cd->ss = u;
    while (s < n && is_gap((unsigned char)w[s]) && s - colon <= GAP_MAX)
        s++;
    if (s == n && !final)
        return NEED_MORE;
    cd->ss = s;
    if (angle_before(sc, u, floor, &lt)) {
        unsigned flags;

        cd->delim = URIGREP_DELIM_ANGLE_URL;
        o = scan_angle(sc, s, final, &cd->end, &flags);
        if (o == NEED_MORE)
            return o;
        if (o == REPORTED) {
            const char *c = memchr(sc->out.data, ':', sc->out.len);
            size_t sl = c ? (size_t)(c - sc->out.data) : 0;

            /* "URL:" then "scheme:" or "scheme://" alone is nothing */
            if (sc->out.len == 0 ||
                (c && sl > 0 && is_alpha((unsigned char)sc->out.data[0]) &&
                 strspn(sc->out.data, "abcdefghijklmnopqrstuvwxyz"
                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.") == sl &&
                 !enough_for_uri(sc->out.data, sc->out.len, sl, true)))
                return REJECTED;
            return emit_angle(sc, cd, flags, fn, arg);
        }
    }
    /* bare: "URL:" then an absolute URI */
    for (e = s; e < n && is_scheme_char((unsigned char)w[e]); e++)
        if (e - s > SCHEME_RUN_MAX)
            return REJECTED;
    if (e == n && !final)
        return NEED_MORE;
    if (e == s || e == n || w[e] != ':' || !is_alpha((unsigned char)w[s]))
        return REJECTED;
    cd->colon = e;
    cd->delim = URIGREP_DELIM_URL_PREFIX;
    return try_bare(sc, cd, final, fn, arg);
}

/* A ':' at COLON: find the scheme before it and try the delimiter rules. */
static enum outcome
try_colon(struct urigrep_scanner *sc, size_t colon, size_t floor, bool final,
          urigrep_match_fn fn, void *arg, struct cand *cd)
{
    const char *w = sc->win.data;
    size_t ss = colon, lt;

    while (ss > floor && is_scheme_char((unsigned char)w[ss - 1])) {
        if (colon - ss >= SCHEME_RUN_MAX)
            return REJECTED;
        ss--;
    }
    /* the scheme is the longest run that begins with a letter */
    while (ss < colon && !is_alpha((unsigned char)w[ss]))
        ss++;
    if (ss == colon)
        return REJECTED;
    if (colon - ss == 3 && strncasecmp(w + ss, "URL", 3) == 0)
        return try_url_prefix(sc, ss, colon, floor, final, fn, arg, cd);
    cd->ss = ss;
    cd->colon = colon;
    if (colon + 1 == sc->win.len && !final)
        return NEED_MORE;
    if (ss > floor && is_scheme_char((unsigned char)w[ss - 1])) {
        cd->delim = URIGREP_DELIM_BARE;
        return try_bare(sc, cd, final, fn, arg);
    }
    if (angle_before(sc, ss, floor, &lt)) {
        cd->delim = URIGREP_DELIM_ANGLE;
        return try_angle(sc, cd, final, fn, arg);
    }
    if (ss > floor && w[ss - 1] == '"') {
        cd->delim = URIGREP_DELIM_QUOTE;
        return try_quote(sc, cd, final, fn, arg);
    }
    cd->delim = URIGREP_DELIM_BARE;
    if (ss >= floor + 4 && w[ss - 1] == ':' &&
        strncasecmp(w + ss - 4, "URL", 3) == 0)
        cd->delim = URIGREP_DELIM_URL_PREFIX;
    else if (ss >= floor + 5 && w[ss - 1] == ' ' && w[ss - 2] == ':' &&
             strncasecmp(w + ss - 5, "URL", 3) == 0)
        cd->delim = URIGREP_DELIM_URL_PREFIX;
    return try_bare(sc, cd, final, fn, arg);
}

/* Characters that may stand right before an abbreviated URL's host. */
static inline bool
abbrev_boundary(unsigned char c)
{
    return !(is_alpha(c) || is_digit(c) || c >= 0x80 ||
             strchr(".-_@/:%+~&=?#", c) != NULL);
}

/* Is H (LEN bytes, starting with "www." or "ftp.") a plausible host for
 * Appendix F: at least one more dot, labels of letters, digits and '-',
 * and a top label that starts with a letter? */
static bool
abbrev_host_ok(const char *h, size_t len)
{
    size_t i, label = 0, dots = 0, top = 4;

    for (i = 4; i < len; i++) {
        unsigned char c = (unsigned char)h[i];

        if (c == '/' || c == ':' || c == '?' || c == '#')
            break;
        if (c == '.') {
            if (label == 0)
                return false;
            dots++;
            label = 0;
            top = i + 1;
        } else if (is_alpha(c) || is_digit(c) || c == '-') {
            label++;
        } else {
            return false;
        }
    }
    if (label == 0 && i > top) /* trailing dot */
        return dots >= 2 && is_alpha((unsigned char)h[top - 1]);
    return dots >= 1 && label > 0 && top < len &&
           is_alpha((unsigned char)h[top]);
}

/* A '.' at DOT: "www." or "ftp." starting a word is an abbreviated URL. */
static enum outcome
try_abbrev(struct urigrep_scanner *sc, size_t dot, size_t floor, bool final,
           urigrep_match_fn fn, void *arg, struct cand *cd)
{
    const char *w = sc->win.data;
    size_t ss, e, len;
    enum outcome o;

    if (dot < floor + 3)
        return REJECTED;
    ss = dot - 3;
    if (strncasecmp(w + ss, "www", 3) != 0 && strncasecmp(w + ss, "ftp", 3))
        return REJECTED;
    if (ss > floor && !abbrev_boundary((unsigned char)w[ss - 1]))
        return REJECTED;
    cd->delim = URIGREP_DELIM_ABBREV;
    o = scan_bare_end(sc, ss, dot + 1, final, &e);
    if (o != REPORTED) {
        cd->ss = ss;
        cd->end = e;
        return o;
    }
    len = strip_trailing(w + ss, e - ss, 4);
    if (!abbrev_host_ok(w + ss, len))
        return REJECTED;
    cd->ss = ss;
    cd->end = ss + len;
    if (emit(sc, URIGREP_EVENT_URI, w + ss, len, ss, cd->end,
             URIGREP_DELIM_ABBREV, 0, fn, arg))
        return STOPPED;
    return REPORTED;
}

/* Find the next trigger byte at or after P, or return N. */
static size_t
next_trigger(const struct urigrep_scanner *sc, size_t p, size_t *dot_cache)
{
    const char *w = sc->win.data;
    size_t n = sc->win.len;
    const char *c = memchr(w + p, ':', n - p);
    size_t colon = c ? (size_t)(c - w) : n;

    if (!(sc->opt.flags & URIGREP_SCAN_ABBREV))
        return colon;
    if (*dot_cache < p || *dot_cache == (size_t)-1) {
        const char *d = memchr(w + p, '.', n - p);
        *dot_cache = d ? (size_t)(d - w) : n;
    }
    return *dot_cache < colon ? *dot_cache : colon;
}

/* Skip the rest of an over-long bare candidate. Returns the index of the
 * first byte that ends it, or N if the window ends first. A UTF-8
 * sequence cut by the end of the window is left for the next feed: its
 * index is returned and *CUT set, unless FINAL. */
static size_t
skip_bare(const struct urigrep_scanner *sc, size_t p, bool final, bool *cut)
{
    const unsigned char *w = (const unsigned char *)sc->win.data;
    size_t n = sc->win.len;

    *cut = false;
    for (; p < n; p++) {
        if (w[p] < 0x80) {
            if (is_bare_break(w[p]))
                return p;
        } else {
            uint32_t cp;
            int k = scan_utf8_decode(w + p, n - p, &cp);

            if (k == 0 && !final) {
                *cut = true;
                return p;
            }
            if (k <= 0 || scan_is_unicode_break(cp))
                return p;
            p += (size_t)k - 1;
        }
    }
    return n;
}

/* Scan the window. Keeps what later bytes may still change at its front
 * (unless FINAL) and returns URIGREP_ERR_STOPPED if the callback said so.
 *
 * FLOOR is the end of the last reference reported (or skipped): no
 * look-back crosses it. P is where the search for triggers goes on; a
 * rejected trigger moves P but not FLOOR, so that a '.' tried as an
 * abbreviation does not cut the scheme it stands in. */
static enum urigrep_status
process(struct urigrep_scanner *sc, bool final, urigrep_match_fn fn,
        void *arg)
{
    size_t n = sc->win.len, floor = sc->floor, p = sc->search, keep;
    size_t dot_cache = (size_t)-1, t = 0;
    bool pending = false, stopped = false, cut = false;
    struct cand cd = { 0, 0, 0, URIGREP_DELIM_BARE };

    if (n == 0) {
        sc->floor = sc->search = 0;
        return URIGREP_OK;
    }
    for (;;) {
        enum outcome o;

        if (sc->skipping) {
            p = skip_bare(sc, p, final, &cut);
            if (p == n || cut)
                break;
            floor = p;
            sc->skipping = false;
        }
        t = next_trigger(sc, p, &dot_cache);
        if (t >= n)
            break;
        if (sc->win.data[t] == ':')
            o = try_colon(sc, t, floor, final, fn, arg, &cd);
        else
            o = try_abbrev(sc, t, floor, final, fn, arg, &cd);
        switch (o) {
        case REPORTED:
            floor = p = cd.end > t ? cd.end : t + 1;
            continue;
        case REJECTED:
            p = t + 1;
            continue;
        case TOO_LONG:
            floor = p = cd.end;
            sc->skipping = true;
            if (emit(sc, URIGREP_EVENT_TOO_LONG, sc->win.data + cd.ss,
                     cd.end - cd.ss, cd.ss, cd.end, cd.delim, 0, fn, arg)) {
                stopped = true;
                break;
            }
            continue;
        case NEED_MORE:
            pending = true;
            break;
        case STOPPED:
            floor = p = cd.end > t ? cd.end : t + 1;
            stopped = true;
            break;
        }
        break;
    }
    if (stopped) {
        sc->floor = floor;
        sc->search = p;
        return URIGREP_ERR_STOPPED;
    }
    if (final) {
        sc->floor = sc->search = n;
        return URIGREP_OK;
    }
    if (pending) {
        /* keep the candidate and the context before its scheme */
        keep = cd.ss > floor + CTX_BACK ? cd.ss - CTX_BACK : floor;
        p = t;
    } else if (sc->skipping) {
        keep = p; /* N, or a UTF-8 sequence cut at the end */
    } else {
        /* keep a scheme that may be cut off at the end, and its context */
        size_t j = n;

        while (j > floor && n - j <= SCHEME_RUN_MAX &&
               is_scheme_char((unsigned char)sc->win.data[j - 1]))
            j--;
        keep = j > floor + CTX_BACK ? j - CTX_BACK : floor;
        p = n;
    }
    lines_to(sc, keep);
    buf_consume(&sc->win, keep);
    sc->win_off += keep;
    sc->floor = floor > keep ? floor - keep : 0;
    sc->search = p > keep ? p - keep : 0;
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_scanner_new(const struct urigrep_scan_options *opts,
                    urigrep_scanner **out)
{
    struct urigrep_scanner *sc;
    size_t max;

    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    sc = calloc(1, sizeof *sc);
    if (sc == NULL)
        return URIGREP_ERR_NOMEM;
    if (opts)
        sc->opt = *opts;
    max = sc->opt.max_uri_length ? sc->opt.max_uri_length
                                 : URIGREP_DEFAULT_MAX_URI;
    if (max > SIZE_MAX / 8 || sc->opt.hyphen > URIGREP_HYPHEN_BOTH) {
        free(sc);
        return URIGREP_ERR_ARG;
    }
    sc->max = max;
    /* inside <...> whitespace is dropped, so allow it as much room again */
    sc->raw_max = 2 * max + 256;
    buf_init(&sc->win, sc->raw_max + SCHEME_RUN_MAX + 2 * CTX_BACK + SLICE);
    buf_init(&sc->out, max + 4);
    buf_init(&sc->alt, max + 4);
    if (buf_reserve(&sc->out, max + 4) || buf_reserve(&sc->alt, max + 4)) {
        urigrep_scanner_free(sc);
        return URIGREP_ERR_NOMEM;
    }
    urigrep_scanner_reset(sc);
    *out = sc;
    return URIGREP_OK;
}

URIGREP_EXPORT void
urigrep_scanner_reset(urigrep_scanner *sc)
{
    if (sc == NULL)
        return;
    sc->win.len = 0;
    sc->win_off = 0;
    sc->floor = 0;
    sc->search = 0;
    sc->skipping = false;
    sc->nl_off = 0;
    sc->line = 1;
    sc->line_start = 0;
}

URIGREP_EXPORT enum urigrep_status
urigrep_scanner_feed(urigrep_scanner *sc, const char *buf, size_t len,
                     urigrep_match_fn fn, void *arg)
{
    if (sc == NULL || fn == NULL || (buf == NULL && len > 0))
        return URIGREP_ERR_ARG;
    while (len > 0) {
        size_t room = sc->win.max - sc->win.len;
        size_t n = len < room ? len : room;
        enum urigrep_status st;

        if (n > SLICE)
            n = SLICE;
        /* process() keeps less than the window's slack, so there is
         * always room; refuse rather than loop if that ever broke */
        if (n == 0)
            return URIGREP_ERR_TOO_LONG;
        st = buf_append(&sc->win, buf, n);
        if (st != URIGREP_OK)
            return st;
        buf += n;
        len -= n;
        st = process(sc, false, fn, arg);
        if (st != URIGREP_OK)
            return st;
    }
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_scanner_finish(urigrep_scanner *sc, urigrep_match_fn fn, void *arg)
{
    enum urigrep_status st;

    if (sc == NULL || fn == NULL)
        return URIGREP_ERR_ARG;
    st = process(sc, true, fn, arg);
    urigrep_scanner_reset(sc);
    return st;
}

uint64_t
scan_horizon(const struct urigrep_scanner *sc)
{
    return sc->win_off + sc->floor;
}

URIGREP_EXPORT void
urigrep_scanner_free(urigrep_scanner *sc)
{
    if (sc == NULL)
        return;
    buf_free(&sc->win);
    buf_free(&sc->out);
    buf_free(&sc->alt);
    free(sc);
}

/* Strip one layer of what a person types around a URI: surrounding
 * whitespace, then an opening '<' or '"' and a closing '>' or '"' (each
 * alone too: people forget one), or a "URL:" prefix. Returns true if
 * something went. */
static bool
strip_one(const char **s, size_t *len)
{
    const char *p = *s;
    size_t n = *len;
    bool changed;

    while (n && is_space((unsigned char)p[0]))
        p++, n--;
    while (n && is_space((unsigned char)p[n - 1]))
        n--;
    if (n && (p[0] == '<' || p[0] == '"')) {
        p++;
        n--;
    }
    if (n && (p[n - 1] == '>' || p[n - 1] == '"'))
        n--;
    if (n >= 4 && strncasecmp(p, "URL:", 4) == 0) {
        p += 4;
        n -= 4;
    }
    changed = p != *s || n != *len;
    *s = p;
    *len = n;
    return changed;
}

URIGREP_EXPORT size_t
urigrep_strip_typed(const char *in, size_t len, char *out)
{
    size_t i, o = 0;

    while (strip_one(&in, &len))
        ;
    for (i = 0; i < len; i++)
        if (!is_space((unsigned char)in[i]))
            out[o++] = in[i];
    return o;
}
