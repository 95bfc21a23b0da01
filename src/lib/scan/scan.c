/* scan.c: streaming delimiting of URI references in text, RFC 2396 App. E. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "uri/chars.h"
#include "uri/grammar.h"
#include "internal.h"
#include "scan/policy.h"
#include "scan/refang.h"
#include "utf8.h"
#include "scan/scan.h"
#include "uri/scheme.h"
#include "scan/skip.h"
#include "span.h"

/*
 * How it works.  Every reference the scanner reports contains a ':' right
 * after its scheme (or after "URL"), so the hot loop is memchr(':') over a
 * window of input.  At each ':' we look back for the scheme and for what
 * stands before it ('<', '"', "URL:"), then forward for the end of the
 * reference under the rules of its delimiter.  With --abbrev, '.' after
 * "www"/"ftp" is a second trigger.
 *
 * Streaming.  Input is copied slice by slice into WIN after a small carried
 * tail; a large feed only until the scan has passed that tail, then it is
 * scanned where it lies (VIEW) and only its own tail copied.  A candidate
 * that reaches the end of the window is kept (with its look-back context)
 * for the next feed; nothing is decided until enough bytes are there, so
 * results never depend on how the input is split.
 * Look-backs never cross the end of the last reference reported, which
 * is what keeps the decisions the same whatever the split.
 *
 * Sparse text.  Most ':' in prose start nothing ("Note: x", "12:30",
 * "follows:\n", "std::"): skip.c turns those away from the bytes around
 * them, before any look-back, exactly where try_colon() would reject
 * them whatever came before; its search between triggers runs on AVX2
 * where the CPU has it (chosen once per scanner; URIGREP_SIMD=portable
 * forces memchr(), the reference), and so does the newline count.
 */

/* Bytes copied into the window per step: large enough that memchr runs
 * long, small enough to stay in L2. */
#ifndef SLICE
#define SLICE (64 * 1024)
#endif
/* A feed from this size on is scanned where it lies, once its first
 * JOIN bytes, copied after what the window held, have taken the scan
 * past that (urigrep_scanner_feed()). The fuzzers build with a small
 * SLICE, so that their inputs take every path. */
#define BORROW_MIN (SLICE / 4)
#define JOIN (SLICE / 16)
/* A run of scheme characters longer than this before ':' is not a scheme
 * (IANA's longest is about 30). */
#define SCHEME_RUN_MAX 64
/* Look-back room before a scheme: '<' and "URL:" plus a little space,
 * and the start of its line (quote markers, a uuencoded line of 61
 * bytes). Every byte this far before a candidate is in the window
 * whatever the feeds, so decisions read from it do not depend on them. */
#define CTX_BACK 128
/* Spaces or tabs allowed between '<' or "URL:" and the reference. */
#define GAP_MAX 16

enum outcome { REPORTED, REJECTED, NEED_MORE, TOO_LONG, STOPPED };

struct urigrep_scanner {
    struct urigrep_scan_options opt;
    size_t max;           /* longest reference reported */
    size_t raw_max;       /* longest stretch of input one candidate spans */
    struct urigrep_buf win;
    /* The bytes scanned: win's, or while a large feed is scanned where
     * it lies (borrowed), the caller's from the window's first byte on:
     * win's last bytes are then that feed's first. */
    const char *view;
    size_t vlen;
    bool borrowed;
    struct urigrep_buf out;  /* reference read inside <...>, hyphens kept */
    struct urigrep_buf alt;  /* the same with hyphens at line breaks gone */
    uint64_t win_off;     /* stream offset of view[0] */
    size_t floor;         /* no look-back crosses this index */
    size_t search;        /* the search for triggers goes on here */
    bool skipping;        /* inside an over-long bare candidate */
    /* The last bare stretch scanned: no byte from stream offset bc_from
     * up to bc_to ends a bare URI, and the byte at bc_to does. Candidates
     * starting inside it end there too, so it is read once, not once per
     * ':' in it ("x:x:x:..."). */
    uint64_t bc_from, bc_to;
    bool bc_closer;       /* it holds a ')', ']' or '}' */
    /* the last line tested by uuencoded_line(): stream offsets, verdict */
    uint64_t uu_from, uu_to;
    enum outcome uu_verdict;
    struct policy pol;    /* what counts as a URI */
    /* line accounting: newlines are counted lazily up to nl_off */
    uint64_t nl_off;
    uint64_t line;
    uint64_t line_start;
    enum skip_impl simd;  /* how triggers and newlines are looked for */
    /* URIGREP_SCAN_REFANG: the text is read through RF, rewritten into
     * RTEXT (refang.h); NULL: read as it is */
    struct refang *rf;
    struct urigrep_buf rtext;
};



/* The state of one candidate while it is examined. */
struct cand {
    size_t ss;            /* first byte of the reference in the window */
    size_t colon;         /* its scheme's ':' (or the trigger) */
    size_t end;           /* resume point after it */
    enum urigrep_delim delim;
    size_t quote_depth;   /* '>' quote markers starting the line of '<',
                           * found when a line break needs it; or -1 */
    size_t lt, qx;        /* the '<' and the scheme it is looked up from */
    bool skipped;         /* quote markers were skipped inside <...> */
    bool whole;           /* <...> read whole or not at all: refused, it
                           * gives no bare reading (blanks inside a line
                           * that closes on it) */
    bool entity;          /* opened by "&lt;" rather than '<' */
    struct policy_memo memo;  /* what its scheme is, once looked up */
};

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
    const struct scheme_info *si = scheme_lookup(s, len);

    return si != NULL && si->status != SCHEME_UNREGISTERED;
}

/* Is P "URL", in any case? (3 bytes there.) */
static inline bool
is_url_word(const char *p)
{
    return (p[0] | 0x20) == 'u' && (p[1] | 0x20) == 'r' &&
           (p[2] | 0x20) == 'l';
}

bool
scan_is_unicode_break(uint32_t cp)
{
    /* Spaces and punctuation: Latin-1 punctuation and symbols (no-break
     * space, guillemets, inverted marks), General Punctuation (curly
     * quotes, dashes, ellipsis, odd spaces), Supplemental Punctuation, CJK
     * Symbols and Punctuation, vertical and small forms, full-width ASCII
     * punctuation, the mathematical angle and white brackets groff and
     * TeX print (U+2329/232A, U+27E6-27EF, U+2983-2998), and the specials
     * (BOM, U+FFFD). Letters, digits and marks of every script continue
     * an IRI. In increasing order. */
    static const struct {
        uint32_t lo, hi;
    } breaks[] = {
        { 0x80, 0xbf },     { 0xd7, 0xd7 },     { 0xf7, 0xf7 },
        { 0x1680, 0x1680 }, { 0x180e, 0x180e }, { 0x2000, 0x206f },
        { 0x2329, 0x232a }, { 0x27e6, 0x27ef }, { 0x2983, 0x2998 },
        { 0x2e00, 0x2e7f }, { 0x3000, 0x303f }, { 0xfe10, 0xfe1f },
        { 0xfe30, 0xfe6f }, { 0xfeff, 0xfeff }, { 0xff01, 0xff0f },
        { 0xff1a, 0xff20 }, { 0xff3b, 0xff40 }, { 0xff5b, 0xff65 },
        { 0xfff0, 0xffff },
    };
    size_t i;

    for (i = 0; i < sizeof breaks / sizeof breaks[0] && cp >= breaks[i].lo;
         i++)
        if (cp <= breaks[i].hi)
            return true;
    return false;
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
    n = skip_count_newlines(sc->simd, sc->view + from, i - from);
    if (n) {
        const char *nl = last_newline(sc->view + from, i - from);
        sc->line += n;
        sc->line_start = sc->win_off + (uint64_t)(nl - sc->view) + 1;
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

/* Does the text at W[I..N) start with one of the HTML references that
 * stand for a delimiter ("&gt;", "&lt;", "&quot;", "&nbsp;")? 1 if so,
 * 0 if not, -1 if the window ends first. */
static int
delim_entity(const unsigned char *w, size_t i, size_t n)
{
    const char *name;
    size_t l, a;

    if (i + 1 == n)
        return -1; /* any of them may follow */
    /* their second letters differ: one name to compare, not four */
    switch (w[i + 1] | 0x20) {
    case 'g': name = "&gt;"; break;
    case 'l': name = "&lt;"; break;
    case 'q': name = "&quot;"; break;
    case 'n': name = "&nbsp;"; break;
    default: return 0; /* the common case: "&x=1" in a query */
    }
    l = strlen(name);
    a = n - i < l ? n - i : l;
    if (strncasecmp((const char *)w + i, name, a) != 0)
        return 0;
    return a == l ? 1 : -1;
}

/* Does a '[' at W[I] end the URI: open a new one ("text[https://url]",
 * as Outlook writes a link in plain text) or a closing BBCode tag
 * ("[url=http://x/]http://x/[/url]": a URI holds no "[/")? Not when it
 * opens an IPv6 literal after "//" or '@'. 1, 0, or -1 if the window
 * ends first. */
static int
bracket_opens_uri(const unsigned char *w, size_t i, size_t n)
{
    size_t j = i + 1;

    if (i >= 1 && (w[i - 1] == '@' || (i >= 2 && w[i - 1] == '/' &&
                                       w[i - 2] == '/')))
        return 0;
    if (j == n)
        return -1;
    if (w[j] == '/')
        return 1;
    if (!is_alpha(w[j]))
        return 0;
    while (j < n && is_scheme_char(w[j]) && j - i <= SCHEME_RUN_MAX)
        j++;
    if (j == n)
        return -1;
    return w[j] == ':' && j > i + 1;
}

/* Did the last scan_bare_end() already find where a bare URI from the
 * window offset OFF ends (a candidate tried again from a later trigger),
 * within the window and the limit from SS? Then *E and *CLOSER are set
 * as it found them. */
static bool
bare_end_cached(const struct urigrep_scanner *sc, size_t ss, uint64_t off,
                size_t *e, bool *closer)
{
    if (off < sc->bc_from || off >= sc->bc_to ||
        sc->bc_to - sc->win_off > sc->vlen ||
        sc->bc_to - sc->win_off - ss > sc->max)
        return false;
    *e = (size_t)(sc->bc_to - sc->win_off);
    *closer = sc->bc_closer;
    return true;
}

/* Is W[I] in the authority of a bare URI from SS: after its
 * "scheme://", with no '/', '?' or '#' before it? */
static bool
in_authority(const unsigned char *w, size_t ss, size_t i)
{
    size_t j = ss;

    while (j < i && is_scheme_char(w[j]))
        j++;
    if (j + 3 > i || w[j] != ':' || w[j + 1] != '/' || w[j + 2] != '/')
        return false;
    for (j += 3; j < i; j++)
        if (w[j] == '/' || w[j] == '?' || w[j] == '#')
            return false;
    return true;
}

/* Does an '@' come at W[J] or after, before LIM and before the
 * authority or a bare URI ends (Appendix E's breaks, Unicode ones but
 * bidi controls)? 1 (its index in *AT), 0, or -1 if the window (N bytes)
 * ends first. */
static int
at_sign_ahead(const unsigned char *w, size_t j, size_t n, size_t lim,
              size_t *at)
{
    for (; j < n && j < lim; j++) {
        uint32_t cp;
        int d;

        if (w[j] == '@') {
            *at = j;
            return 1;
        }
        if (w[j] == '/' || w[j] == '?' || w[j] == '#' ||
            (w[j] < 0x80 && is_bare_break(w[j])))
            return 0;
        if (w[j] < 0x80)
            continue;
        if ((d = utf8_decode(w + j, n - j, &cp)) == 0)
            return -1;
        if (d < 0 ||
            (scan_is_unicode_break(cp) && !grammar_is_bidi_control(cp)))
            return 0;
        j += (size_t)d - 1;
    }
    return j == n ? -1 : 0;
}

/* Is the bidi control at W[I] (K bytes) inside the userinfo of a bare
 * URI from SS, an '@' after it (in_authority(), at_sign_ahead())? A
 * phishing link hides its real host so, and is reported whole to be
 * flagged (trust.c). 1, 0, or -1 if the window ends first. *AT is the
 * '@' found, which says for the next control before it that it is in
 * the userinfo too: one look ahead, not one a control. */
static int
bidi_in_userinfo(const unsigned char *w, size_t ss, size_t i, size_t k,
                 size_t n, size_t lim, size_t *at)
{
    if (*at != (size_t)-1 && *at > i)
        return 1;
    if (!in_authority(w, ss, i))
        return 0;
    return at_sign_ahead(w, i + k, n, lim, at);
}

/* The non-ASCII character at W[I] of a bare URI from SS: 1 when it goes
 * on (*K its length; *PAST_BIDI past it when it is a bidi control kept
 * by bidi_in_userinfo()), 0 when it ends the URI (bad UTF-8, a Unicode
 * break), -1 when the window ends first. */
static int
bare_non_ascii(const unsigned char *w, size_t ss, size_t i, size_t n,
               size_t lim, size_t *k, size_t *at, size_t *past_bidi)
{
    uint32_t cp;
    int d = utf8_decode(w + i, n - i, &cp), r;

    if (d <= 0)
        return d == 0 ? -1 : 0;
    *k = (size_t)d;
    if (!scan_is_unicode_break(cp))
        return 1;
    if (!grammar_is_bidi_control(cp))
        return 0;
    r = bidi_in_userinfo(w, ss, i, *k, n, lim, at);
    if (r > 0)
        *past_bidi = i + *k;
    return r;
}

/* Scan a bare URI whose text starts at SS, from FROM on. Sets *E to the
 * first byte that is not part of it, and *CLOSER when a closing bracket
 * may be among them (strip_trailing() has to look for pairs then). What
 * ends it does not depend on SS, which lets the last stretch scanned be
 * remembered. */
static enum outcome
scan_bare_end(struct urigrep_scanner *sc, size_t ss, size_t from, bool final,
              size_t *e, bool *closer)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen, i = from, lim, at = (size_t)-1, past_bidi = from;
    uint64_t off = sc->win_off + from;

    if (bare_end_cached(sc, ss, off, e, closer))
        return REPORTED;
    *closer = false;
    /* a byte at LIM or after would make the candidate too long */
    lim = sc->max < n - ss ? ss + sc->max : n;
    while (i < n) {
        unsigned char c;
        size_t k = 1;

        /* the common case, in a tight loop: bytes that continue it */
        i = span_plain(w, i, lim, STOP_BARE);
        if (i == n)
            break;
        c = w[i];
        if (!is_stop(c, STOP_BARE)) {
            *e = i;
            return TOO_LONG;
        }
        if (c < 0x80) {
            int r = 0;

            if (is_bare_break(c))
                break;
            if (c == ')' || c == ']' || c == '}')
                *closer = true;
            if (c == '&')
                r = delim_entity(w, i, n);
            else if (c == '[')
                r = bracket_opens_uri(w, i, n);
            if (r < 0 && !final)
                return NEED_MORE;
            if (r > 0)
                break;
        } else {
            int r = bare_non_ascii(w, ss, i, n, lim, &k, &at, &past_bidi);

            if (r < 0 && !final)
                return NEED_MORE;
            if (r <= 0)
                break;
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
    /* a bidi control went on only for a URI from SS: later starts end
     * there whatever, earlier ones are not known to */
    sc->bc_from = sc->win_off + past_bidi;
    sc->bc_to = sc->win_off + i;
    sc->bc_closer = *closer;
    return REPORTED;
}

/* The length of P (LEN bytes) up to its first closing bracket ')', ']'
 * or '}' that no opener inside P matches: a bracket the URI did not open
 * is the text's, whatever follows it: "(http://x/a)Word",
 * "[text](http://x/)[b]", "[url=http://x/]Name", "\\href{http://x/}{t}";
 * "http://w/Free_Culture_(book)]" keeps its own pair. LEN when there is
 * none. */
static size_t
balanced_len(const char *p, size_t len)
{
    const unsigned char *u = (const unsigned char *)p;
    long paren = 0, square = 0, curly = 0;
    size_t i;

    for (i = 0; (i = span_plain(u, i, len, STOP_BRACKET)) < len; i++) {
        switch (p[i]) {
        case '(': paren++; break;
        case '[': square++; break;
        case '{': curly++; break;
        case ')': if (--paren < 0) return i; break;
        case ']': if (--square < 0) return i; break;
        case '}': if (--curly < 0) return i; break;
        default: break;
        }
    }
    return len;
}

/* Is the '\'' at P[LEN - 1] the close of a pair opened inside P after
 * MIN around something ("http://x/a'b'"), not a quote of the text's
 * ("'http://x/a'", or BEFORE, the byte before the URI, is '\'' itself)
 * nor an empty pair ("Expires:''")? */
static bool
closes_own_quote(const char *p, size_t len, size_t min, unsigned char before)
{
    size_t i, quotes = 0;

    if (before == '\'' || (len >= 2 && p[len - 2] == '\''))
        return false;
    for (i = min; i + 1 < len; i++)
        quotes += p[i] == '\'';
    return quotes % 2 == 1;
}

/* The length of P (LEN bytes) without the trailing punctuation that
 * ends sentences rather than URIs, never below MIN: '.', ',', ';', ':',
 * '!', '?', '*', a '\'' that closes no pair of the URI's own, and an
 * opening bracket, which opens nothing of it ("(see http://x/(").  A
 * '*' right after a '/' is a glob, as in wget's "(ftp://fly.cc.fer.hr/"
 * and "*)", unless BEFORE (the byte before the URI) is '*' too, as
 * markdown and mail write "*http://x/" and "*". Three '_' or more,
 * before or after it, are a rule run onto the URL: Mailman's footer
 * reads "https://host/listinfo/list_____________" without its line
 * break. */
static size_t
strip_punct(const char *p, size_t len, size_t min, unsigned char before)
{
    for (;;) {
        size_t k;

        while (len > min) {
            char c = p[len - 1];

            if (c == '*' && before != '*' && len >= 2 && p[len - 2] == '/')
                break;
            if (c == '\'' && closes_own_quote(p, len, min, before))
                break;
            if (c != '.' && c != ',' && c != ';' && c != ':' && c != '!' &&
                c != '?' && c != '\'' && c != '*' && c != '(' && c != '[' &&
                c != '{')
                break;
            len--;
        }
        for (k = len; k > min && p[k - 1] == '_'; k--)
            ;
        if (len - k < 3)
            return len;
        len = k; /* and the punctuation before the rule */
    }
}

/* The length of P (LEN bytes) without a footnote mark at its end, "[1]"
 * to "[999]", as text writes it after a URL ("see
 * https://host/page.html[2]:"): RFC 2396 has no brackets in a URI, RFC
 * 3986 only around an IPv6 host. A query's "a[1]" (after '=', '&' or '?')
 * and a host's "[::1]" are not footnotes. Not below MIN. */
static size_t
strip_footnote(const char *p, size_t len, size_t min)
{
    size_t k = len - 1, digits;

    if (len < 4 || p[k] != ']')
        return len;
    while (k > 0 && p[k - 1] >= '0' && p[k - 1] <= '9')
        k--;
    digits = len - 1 - k;
    if (digits < 1 || digits > 3 || k < 2 || p[k - 1] != '[')
        return len;
    k--;
    if (k <= min || p[k - 1] == '=' || p[k - 1] == '&' || p[k - 1] == '?' ||
        p[k - 1] == ':' || (p[k - 1] == '/' && k >= 2 && p[k - 2] == '/'))
        return len;
    return k;
}

/* The length of P (LEN bytes) up to a '[' in its path: RFC 2396 has no
 * brackets in a URI, RFC 3986 only around an IPv6 host, so in the path
 * one is the text's ("page.html[Image.jpeg]", a mailer's mark for an
 * image); a query's "filter[status]=open" is left as written. Not below
 * MIN. */
static size_t
path_bracket_len(const char *p, size_t len, size_t min)
{
    struct urigrep_parts pt;
    const char *b;
    size_t i;

    /* the authority, where "[::1]" may stand, is not the path */
    grammar_split(p, len, &pt);
    if ((b = memchr(pt.path.ptr, '[', pt.path.len)) == NULL)
        return len;
    i = (size_t)(b - p);
    return i > min ? i : len;
}

/* The length of the bare URI P (LEN bytes as scanned, CLOSER if a
 * closing bracket may be among them, BEFORE the byte before it or 0):
 * cut at a bracket it did not open (balanced_len()) and at a '[' in its
 * path, then without trailing punctuation (strip_punct()) and a footnote
 * mark, never below MIN; a closing bracket left at the end is the URI's
 * own pair and stays. */
static size_t
strip_trailing(const char *p, size_t len, size_t min, bool closer,
               unsigned char before)
{
    if (closer) {
        len = balanced_len(p, len);
        len = path_bracket_len(p, len, min);
    }
    len = strip_punct(p, len, min, before);
    if (closer) {
        size_t n = strip_footnote(p, len, min);

        if (n < len)
            len = strip_punct(p, n, min, before); /* "page.[1]" */
    }
    return len;
}

/* Is the '\\' at W[I] (of N bytes) a roff escape inside a URL, as man
 * page sources write them (".UR https://host\\:/path"): "\\:", an
 * optional break that prints nothing, or "\\-", a hyphen, followed by
 * more of the URL? 1, 0, or -1 when the window ends first. */
static int
roff_escape(const unsigned char *w, size_t i, size_t n)
{
    if (i + 2 >= n)
        return -1;
    if (w[i + 1] != ':' && w[i + 1] != '-')
        return 0;
    /* STOP_BARE holds every byte that ends a bare URI, and non-ASCII */
    return !is_stop(w[i + 2], STOP_BARE);
}

/* After the bare URI of CD ends at *E: while a roff escape ("\\:", "\\-")
 * continues it, read on, into sc->out, the escape dropped or made '-';
 * *P and *RAW_LEN then give sc->out, *CLOSER adds what the parts after
 * it hold. REPORTED when the URI is whole, else what stopped it
 * (CD->end set). */
static enum outcome
join_roff(struct urigrep_scanner *sc, struct cand *cd, bool final, size_t *e,
          const char **p, size_t *raw_len, bool *closer)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen;
    bool joined = false;
    enum outcome o;
    int r;

    for (;;) {
        size_t from = *e + 2;
        bool more;

        r = *e < n && w[*e] == '\\' ? roff_escape(w, *e, n) : 0;
        if (r < 0 && !final) {
            cd->end = *e;
            return NEED_MORE;
        }
        if (r <= 0)
            return REPORTED; /* (r < 0 at the end of the input: it ends it) */
        if (!joined) {
            sc->out.len = 0;
            if (buf_append(&sc->out, *p, *raw_len))
                return REJECTED; /* out of room */
            joined = true;
        }
        if (w[*e + 1] == '-' && buf_append(&sc->out, "-", 1))
            return REJECTED;
        o = scan_bare_end(sc, cd->ss, from, final, e, &more);
        if (o != REPORTED) {
            cd->end = *e;
            return o;
        }
        *closer |= more;
        if (buf_append(&sc->out, w + from, *e - from))
            return REJECTED;
        *p = sc->out.data;
        *raw_len = sc->out.len;
    }
}

/* Where a second URI is glued to the one in P (LEN bytes), looked for
 * from FROM on: the first '%' that starts no escape (two hex digits do
 * not follow it) and is followed by a registered scheme, "://" and a
 * host's first byte, as Outlook's double Safe Links rewrite writes
 * "...%7Cx%https://nam06.safelinks...". The '%' ends the first URI, the
 * scheme starts the second; "%68ttps://" is an escape and splits
 * nothing. LEN when there is none. */
static size_t
glued_at(const struct policy *pol, const char *p, size_t from, size_t len)
{
    const char *pc;

    while (from < len && (pc = memchr(p + from, '%', len - from)) != NULL) {
        size_t i = (size_t)(pc - p), j = i + 1;
        enum scheme_rule rule;

        from = i + 1;
        if (i + 2 < len && is_hex((unsigned char)p[i + 1]) &&
            is_hex((unsigned char)p[i + 2]))
            continue;
        if (j == len || !is_alpha((unsigned char)p[j]))
            continue;
        while (j < len && j - i <= SCHEME_RUN_MAX &&
               is_scheme_char((unsigned char)p[j]))
            j++;
        if (j + 3 < len && p[j] == ':' && p[j + 1] == '/' &&
            p[j + 2] == '/' &&
            (is_alnum((unsigned char)p[j + 3]) || p[j + 3] == '[' ||
             (unsigned char)p[j + 3] >= 0x80) &&
            policy_known(pol, p + i + 1, j - i - 1, &rule))
            return i;
    }
    return len;
}

/* Bare rules for a reference starting at SS with its scheme ending at
 * COLON. A URL written with roff escapes is read as it prints: into
 * sc->out, "\\:" dropped and "\\-" made '-'. */
static enum outcome
try_bare(struct urigrep_scanner *sc, struct cand *cd, bool final,
         urigrep_match_fn fn, void *arg)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    const char *p = sc->view + cd->ss;
    size_t e, len, raw_len, n = sc->vlen;
    bool closer;
    enum outcome o;

    /* What policy_accept() would refuse whatever follows, refused before
     * the scan for the end: "Subject: Re:", "Note:" at a line's end (a
     * bare URI ends at the break after the colon, and no scheme is taken
     * without the part after it: half the colons of mail-like text), and
     * a one-letter scheme, "C:\\dir" or "x:x:x", unless after "URL:" or
     * with --any-scheme. */
    if (cd->colon + 1 < n && is_stop(w[cd->colon + 1], STOP_BARE) &&
        is_bare_break(w[cd->colon + 1]) && w[cd->colon + 1] != '\\')
        return REJECTED;
    if (cd->colon - cd->ss == 1 && !sc->pol.any_scheme &&
        cd->delim != URIGREP_DELIM_URL_PREFIX)
        return REJECTED;
    o = scan_bare_end(sc, cd->ss, cd->colon + 1, final, &e, &closer);
    if (o != REPORTED) {
        cd->end = e;
        return o;
    }
    raw_len = e - cd->ss;
    o = join_roff(sc, cd, final, &e, &p, &raw_len, &closer);
    if (o != REPORTED)
        return o;
    /* a URI glued after a '%': this one ends there, the scan goes on at
     * the '%' and finds the next (text joined from roff escapes is not
     * the window's: it is not cut) */
    if (p == sc->view + cd->ss) {
        size_t g = glued_at(&sc->pol, p, cd->colon + 1 - cd->ss, raw_len);

        if (g < raw_len) {
            raw_len = g;
            e = cd->ss + g;
        }
    }
    len = strip_trailing(p, raw_len, cd->colon + 1 - cd->ss, closer,
                         cd->ss > 0 ? (unsigned char)sc->view[cd->ss - 1]
                                    : 0);
    if (!policy_accept(&sc->pol, &cd->memo, p, len, cd->colon - cd->ss,
                    cd->delim == URIGREP_DELIM_URL_PREFIX ? CTX_URL
                    : cd->ss > 0 && sc->view[cd->ss - 1] == ':'
                        ? CTX_BARE_LIST
                        : CTX_BARE))
        return REJECTED;
    /* what was cut off the end was cut off the text as written (an
     * escape cut with it leaves the resume point a little early) */
    cd->end = e - (raw_len - len) > cd->ss ? e - (raw_len - len) : e;
    if (emit(sc, URIGREP_EVENT_URI, p, len, cd->ss, cd->end, cd->delim, 0,
             fn, arg))
        return STOPPED;
    return REPORTED;
}

static size_t quote_depth(const struct urigrep_scanner *sc, size_t x,
                          size_t lt);

/* After a line break inside <...> in a quoted reply (DEPTH, the '<'
 * line's quote markers, is not 0), skip the next line's quote markers:
 * '>' and the blanks around them, as many as there are (a mailer that
 * rewraps may add a level). Mailers write them as "> " or ">> ": a '>'
 * not followed by a blank closes the brackets instead ("<URL:http://x\n>").
 * Returns the index of the first byte after them, I if there are none,
 * or N when the window ends before that is known (unless FINAL). */
static size_t
skip_quote_markers(const unsigned char *w, size_t i, size_t n, size_t depth,
                   bool final)
{
    size_t j = i, seen = 0;

    if (depth == 0)
        return i;
    while (j < n && (is_gap(w[j]) || w[j] == '>')) {
        seen += w[j] == '>';
        j++;
    }
    if (j == n && !final)
        return n; /* the caller waits for more */
    if (seen == 0 || !is_gap(w[j - 1]))
        return i;
    return j;
}

/* After blanks inside a line of <...> read from S, at J: do the brackets
 * close on this line, with a '>' (or "&gt;" when "&lt;" opened them)
 * before a '<', a '"' or the line's end, within the length limit?
 * REPORTED yes, REJECTED no, NEED_MORE when the window ends first. */
static enum outcome
angle_closes_on_line(const struct urigrep_scanner *sc, const struct cand *cd,
                     size_t s, size_t j, bool final)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen;

    for (; j < n && j - s <= sc->raw_max; j++) {
        if (w[j] == '>')
            return REPORTED;
        if (w[j] == '\n' || w[j] == '<' || w[j] == '"')
            return REJECTED;
        if (cd->entity && w[j] == '&') {
            if (n - j < 4 && !final)
                return NEED_MORE;
            if (n - j >= 4 && strncasecmp((const char *)w + j, "&gt;", 4) == 0)
                return REPORTED;
        }
    }
    return j == n && !final ? NEED_MORE : REJECTED;
}

/* Copy the K bytes at P into both readings of <...>; false when they
 * would make it longer than the limit. */
static bool
angle_copy(struct urigrep_scanner *sc, const unsigned char *p, size_t k)
{
    if (sc->out.len + k > sc->max)
        return false;
    buf_append(&sc->out, p, k);
    buf_append(&sc->alt, p, k);
    return true;
}

/* Does W[I] (of N bytes) close <...>: '>', or "&gt;" when ENTITY ("&lt;"
 * opened it)? Its length, 0 if not, -1 when the window ends first. */
static int
angle_close(const unsigned char *w, size_t i, size_t n, bool entity,
            bool final)
{
    if (w[i] == '&' && entity) {
        int r = delim_entity(w, i, n);

        if (r < 0 && !final)
            return -1;
        if (r > 0 && strncasecmp((const char *)w + i, "&gt;", 4) == 0)
            return 4;
    }
    return w[i] == '>';
}

/* The whitespace at *I inside <...> read from S: line breaks (not two,
 * a blank line), the quote markers after them in a quoted reply, blanks
 * inside a line if the brackets close on it (not after a ':', where they
 * make a label: "<USENET: Post to ...>"). Moves *I past it, sets *JOINED
 * when the reading joins what it separates, and the hyphen flag in
 * *FLAGS (Appendix E: a '-' at a break may or may not be part of it).
 * REPORTED to go on, else REJECTED or NEED_MORE. */
static enum outcome
angle_blanks(struct urigrep_scanner *sc, struct cand *cd, size_t s,
             bool final, size_t *i, unsigned *flags, bool *joined)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen, j = *i, k;
    int nl = 0;

    while (j < n && is_space(w[j])) {
        if (w[j++] != '\n')
            continue;
        if (++nl == 2)
            return REJECTED; /* a blank line ends the search */
        if (cd->quote_depth == (size_t)-1)
            cd->quote_depth = quote_depth(sc, cd->qx, cd->lt);
        k = skip_quote_markers(w, j, n, cd->quote_depth, final);
        cd->skipped |= k != j && (k != n || final);
        j = k;
    }
    if (j == n && !final)
        return NEED_MORE;
    if (nl == 0 && sc->out.len > 0 && j < n && w[j] != '>' &&
        !(cd->entity && w[j] == '&')) {
        enum outcome o = sc->out.data[sc->out.len - 1] == ':'
                             ? REJECTED
                             : angle_closes_on_line(sc, cd, s, j, final);

        if (o != REPORTED)
            return o;
        cd->whole = true;
    }
    if (nl && sc->out.len && sc->out.data[sc->out.len - 1] == '-') {
        sc->alt.len--;
        *flags |= URIGREP_MATCH_HYPHEN_BREAK;
    }
    *joined |= (nl > 0 && sc->out.len > 0) || cd->whole;
    *i = j;
    return REPORTED;
}

/* Any other byte at *I inside <...>: a '<', a '"', a control or invalid
 * UTF-8 refuse the brackets; a character is copied and *I moved past it
 * (*UNWISE set for one no URI holds). REPORTED to go on, else REJECTED
 * or NEED_MORE. */
static enum outcome
angle_char(struct urigrep_scanner *sc, size_t *i, bool final, bool *unwise)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen;
    unsigned char c = w[*i];

    if (c == '<' || c == '"' || c < 0x20 || c == 0x7f)
        return REJECTED;
    if (c >= 0x80) {
        uint32_t cp;
        int k = utf8_decode(w + *i, n - *i, &cp);

        if (k == 0 && !final)
            return NEED_MORE;
        if (k <= 0 || !angle_copy(sc, w + *i, (size_t)k))
            return REJECTED;
        *i += (size_t)k;
        return REPORTED;
    }
    /* characters no URI holds: fine in brackets the author typed on
     * one line, not worth rejoining lines for */
    *unwise |= c == '{' || c == '}' || c == '|' || c == '\\' || c == '^' ||
               c == '`';
    if (sc->out.len >= sc->max)
        return REJECTED;
    buf_put(&sc->out, (char)c);
    buf_put(&sc->alt, (char)c);
    ++*i;
    return REPORTED;
}

/* Read <...> from S: everything up to '>' (or "&gt;" after "&lt;") with
 * whitespace removed, into sc->out (and sc->alt without hyphens at line
 * breaks). Line breaks, and the blanks and quote markers around them, are
 * how a mailer wraps a URI (Appendix E); blanks inside one line are
 * ignored too when the brackets close on that line (Appendix E: "<http:
 * //x/one/<TAB>two>" is one reference; CD->whole then says the reading
 * is the whole or nothing), else they, a '"', or a blank line mean the
 * brackets hold something else: markup, a signature box, prose. Fails
 * then, and on a '<', a control character, invalid UTF-8 or the length
 * limit. Sets *END past the close and *FLAGS. */
static enum outcome
scan_angle(struct urigrep_scanner *sc, struct cand *cd, size_t s,
           bool final, size_t *end, unsigned *flags)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen, i = s;
    bool joined = false, unwise = false;
    enum outcome o;
    int close;

    sc->out.len = 0;
    sc->alt.len = 0;
    *flags = 0;
    cd->whole = false;
    for (;;) {
        if (i == n)
            return final ? REJECTED : NEED_MORE;
        if (i - s > sc->raw_max)
            return REJECTED;
        if (!is_stop(w[i], STOP_ANGLE)) {
            /* a run of plain bytes, copied at once */
            size_t j = span_plain(w, i + 1, n, STOP_ANGLE);

            if (!angle_copy(sc, w + i, j - i))
                return REJECTED;
            i = j;
            continue;
        }
        close = angle_close(w, i, n, cd->entity, final);
        if (close < 0)
            return NEED_MORE;
        if (close > 0) {
            *end = i + (size_t)close;
            return joined && unwise ? REJECTED : REPORTED;
        }
        if (is_space(w[i]))
            o = angle_blanks(sc, cd, s, final, &i, flags, &joined);
        else
            o = angle_char(sc, &i, final, &unwise);
        if (o != REPORTED)
            return o;
    }
}

/* scan_angle(), and if reading '>' after a line break as quote markers
 * led nowhere (the '>' were a tag's end after all, as in HTML turned
 * into text: "> <mailto:\nx@y\n>> "), again with every '>' closing. */
static enum outcome
scan_angle_quoted(struct urigrep_scanner *sc, struct cand *cd, size_t s,
                  bool final, size_t *end, unsigned *flags)
{
    enum outcome o;

    cd->skipped = false;
    o = scan_angle(sc, cd, s, final, end, flags);
    if (o == REJECTED && cd->skipped) {
        cd->quote_depth = 0;
        o = scan_angle(sc, cd, s, final, end, flags);
    }
    return o;
}

/* Is the reading P (LEN bytes) of <...> a reference: not empty, and
 * when it starts with a scheme, one that counts there? */
static bool
reading_ok(const struct urigrep_scanner *sc, const char *p, size_t len,
           enum policy_ctx ctx)
{
    size_t i = 0;

    if (len == 0)
        return false;
    if (!is_alpha((unsigned char)p[0]))
        return true;
    while (i < len && is_scheme_char((unsigned char)p[i]))
        i++;
    return i == len || p[i] != ':' ||
           policy_accept(&sc->pol, NULL, p, len, i, ctx);
}

/* The window index of the '%' at R[G] of a reading of <...> from CD->ss:
 * as many '%' before it in the window as in R (the reading leaves out
 * blanks, quote markers and hyphens, never a '%'). */
static size_t
angle_percent_at(const struct urigrep_scanner *sc, const struct cand *cd,
                 const char *r, size_t g)
{
    size_t k = 0, i, w;

    for (i = 0; i < g; i++)
        k += r[i] == '%';
    for (w = cd->ss; w < cd->end; w++)
        if (sc->view[w] == '%' && k-- == 0)
            return w;
    return cd->end;
}

/* Emit the reading R (LEN bytes) of <...>, cut where a URI is glued to
 * the one before after a '%' (glued_at()): each piece from its window
 * offset, the pieces that read as no reference left out (a whole
 * reading was accepted already). */
static int
emit_angle_reading(struct urigrep_scanner *sc, struct cand *cd,
                   const char *r, size_t len, unsigned flags,
                   urigrep_match_fn fn, void *arg)
{
    size_t from = 0, at = cd->ss;
    enum policy_ctx ctx = cd->delim == URIGREP_DELIM_ANGLE_URL ? CTX_URL
                                                               : CTX_ANGLE;

    for (;;) {
        size_t g = glued_at(&sc->pol, r, from, len), end;

        end = g < len ? angle_percent_at(sc, cd, r, g) : cd->end;
        if (((from == 0 && g == len) ||
             reading_ok(sc, r + from, g - from, ctx)) &&
            emit(sc, URIGREP_EVENT_URI, r + from, g - from, at, end,
                 cd->delim, flags, fn, arg))
            return 1;
        if (g == len)
            return 0;
        from = g + 1;
        at = end + 1;
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

    /* without its hyphen the reference may be nothing ("<URL:-\n>") or a
     * scheme alone ("<http:-\n>"): then that reading is not one */
    if (drop && !reading_ok(sc, sc->alt.data, sc->alt.len,
                            cd->delim == URIGREP_DELIM_ANGLE_URL ? CTX_URL
                                                                 : CTX_ANGLE)) {
        if (!keep)
            return REPORTED;
        drop = false;
        keep = true;
    }
    if (keep && emit_angle_reading(sc, cd, sc->out.data, sc->out.len, flags,
                                   fn, arg))
        return STOPPED;
    if (drop && emit_angle_reading(sc, cd, sc->alt.data, sc->alt.len,
                                   flags | URIGREP_MATCH_HYPHEN_DROPPED, fn,
                                   arg))
        return STOPPED;
    if (!keep && !drop && emit_angle_reading(sc, cd, sc->out.data,
                                             sc->out.len, flags, fn, arg))
        return STOPPED;
    return REPORTED;
}

/* Is there a '<' (or "&lt;", text that was HTML once) before SS, with at
 * most a few spaces between, not before FLOOR? Sets *LT to its index and
 * CD->entity. */
static bool
angle_before(const struct urigrep_scanner *sc, size_t ss, size_t floor,
             size_t *lt, struct cand *cd)
{
    size_t i = ss, gap = 0;

    while (i > floor && is_gap((unsigned char)sc->view[i - 1]) &&
           gap < GAP_MAX)
        i--, gap++;
    cd->entity = false;
    if (i > floor && sc->view[i - 1] == '<') {
        *lt = i - 1;
        return true;
    }
    if (i >= floor + 4 && sc->view[i - 1] == ';' &&
        strncasecmp(sc->view + i - 4, "&lt;", 4) == 0) {
        *lt = i - 4;
        cd->entity = true;
        return true;
    }
    return false;
}

/* Look-backs for the line's context (quote markers, SDP, uuencode) reach
 * at most this far before a scheme: process() keeps more than that before
 * every candidate, so they see the same bytes whatever the feeds. */
#define LINE_BACK 96

/* The start of the line that holds index I, found no further back than
 * LINE_BACK before index X (a scheme's start, X >= I). */
static bool
line_start(const struct urigrep_scanner *sc, size_t x, size_t i,
           size_t *start)
{
    size_t lim = x > LINE_BACK ? x - LINE_BACK : 0;
    const char *nl = i > lim ? last_newline(sc->view + lim, i - lim) : NULL;

    if (nl) {
        *start = (size_t)(nl - sc->view) + 1;
        return true;
    }
    if (lim == 0 && sc->win_off == 0) {
        *start = 0;
        return true;
    }
    return false;
}

/* The number of '>' quote markers that begin the line of index LT (a '<'
 * before the scheme at X): in "> > see <http://x/" it is 2. */
static size_t
quote_depth(const struct urigrep_scanner *sc, size_t x, size_t lt)
{
    size_t q, depth = 0;

    if (!line_start(sc, x, lt, &q))
        return 0;
    for (; q < lt; q++) {
        if (sc->view[q] == '>')
            depth++;
        else if (!is_gap((unsigned char)sc->view[q]))
            break;
    }
    return depth;
}

/* Is the scheme at SS the value of an SDP attribute line ("a=mid:audio",
 * RFC 8866 section 5)? Session descriptions quoted in RFCs and mail are
 * "x=..." lines, and their values are not URIs. */
static bool
sdp_line(const struct urigrep_scanner *sc, size_t ss)
{
    const char *w = sc->view;
    size_t q;

    return ss >= 2 && w[ss - 1] == '=' && w[ss - 2] >= 'a' &&
           w[ss - 2] <= 'z' && line_start(sc, ss, ss - 2, &q) && q == ss - 2;
}

/* Is the scheme at SS..COLON on a uuencoded line (a "begin 644" block in
 * a text body)? Such a line is a length character, then the four-char
 * groups it announces, all in ' '..'`'. REPORTED means no, REJECTED yes,
 * NEED_MORE that its end is not in the window yet. */
static enum outcome
uuencoded_line(struct urigrep_scanner *sc, size_t ss, size_t colon,
               bool final)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen, q, i, len, want, e;
    uint64_t off = sc->win_off + ss;
    enum outcome verdict = REPORTED;
    const unsigned char *nl;

    for (i = ss; i < colon; i++)
        if (w[i] >= 'a' && w[i] <= 'z')
            return REPORTED; /* lower case is never uuencoded */
    /* the verdict holds for the whole line: "MA:A:A:..." is read once */
    if (off >= sc->uu_from && off < sc->uu_to)
        return sc->uu_verdict;
    q = ss;
    if (line_start(sc, ss, ss, &q) && w[q] > ' ' && w[q] <= '`') {
        want = 1 + 4 * (((size_t)((w[q] - ' ') & 63) + 2) / 3);
        for (i = q; i < n && w[i] != '\n' && i - q <= want + 2; i++)
            if (w[i] != '\r' && (w[i] < ' ' || w[i] > '`'))
                break;
        if (i == n && !final)
            return NEED_MORE;
        len = i - q;
        if (i < n && w[i] == '\n') {
            if (len > 0 && w[i - 1] == '\r')
                len--;
            if (len == want || len == want + 1)
                verdict = REJECTED;
        }
    }
    nl = memchr(w + ss, '\n', n - ss);
    e = nl ? (size_t)(nl - w) : n;
    sc->uu_from = sc->win_off + q;
    sc->uu_to = sc->win_off + e;
    sc->uu_verdict = verdict;
    return verdict;
}

/* A scheme at SS..COLON in <...>: report the bracket's content, or fall
 * back to the bare rules when there is no proper closing '>'. */
static enum outcome
try_angle(struct urigrep_scanner *sc, struct cand *cd, bool final,
          urigrep_match_fn fn, void *arg)
{
    unsigned flags;
    enum outcome o = scan_angle_quoted(sc, cd, cd->ss, final, &cd->end,
                                       &flags);

    if (o == NEED_MORE)
        return o;
    if (o == REPORTED) {
        if (!policy_accept(&sc->pol, &cd->memo, sc->out.data, sc->out.len,
                           cd->colon - cd->ss, CTX_ANGLE))
            return REJECTED;
        return emit_angle(sc, cd, flags, fn, arg);
    }
    /* closed brackets refused with their blanks: no prefix of them */
    if (cd->whole)
        return REJECTED;
    cd->delim = URIGREP_DELIM_BARE;
    return try_bare(sc, cd, final, fn, arg);
}

/* Quoted: the URI ends at the closing '"' unless space, a control, '<',
 * '>' or bad UTF-8 comes first; then the bare rules apply. */
static enum outcome
try_quote(struct urigrep_scanner *sc, struct cand *cd, bool final,
          urigrep_match_fn fn, void *arg)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen, i = cd->colon + 1;

    while (i < n && i - cd->ss <= sc->max) {
        size_t lim = sc->max < n - cd->ss ? cd->ss + sc->max + 1 : n;
        unsigned char c;

        /* the common case, in a tight loop: bytes inside the quotes */
        i = span_plain(w, i, lim, STOP_QUOTE);
        if (i == lim)
            continue;
        c = w[i];
        if (c == '"') {
            /* an escaped quote, as JSON, C and shell write one ("{\"u\":
             * \"http://x/\"}"): the URI ends before the '\\', which RFC
             * 2396 (2.4.3) excludes from URIs */
            size_t len = i - cd->ss - (w[i - 1] == '\\'), g, end = i + 1;

            /* a URI glued after a '%' (glued_at()): this one ends
             * there, the scan goes on at the '%' */
            g = glued_at(&sc->pol, sc->view + cd->ss, cd->colon + 1 - cd->ss,
                         len);
            if (g < len)
                len = g, end = cd->ss + g, i = end;
            if (!policy_accept(&sc->pol, &cd->memo, sc->view + cd->ss, len,
                            cd->colon - cd->ss, CTX_QUOTE))
                return REJECTED;
            cd->end = i;
            if (emit(sc, URIGREP_EVENT_URI, sc->view + cd->ss, len,
                     cd->ss, end, cd->delim, 0, fn, arg))
                return STOPPED;
            return REPORTED;
        }
        if (c <= 0x20 || c == 0x7f || c == '<' || c == '>')
            break;
        if (c >= 0x80) {
            uint32_t cp;
            int k = utf8_decode(w + i, n - i, &cp);

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

/* "<URL:" with its reference from S: report it when the brackets read
 * as one (not "URL:" then "scheme:" or "scheme://" alone); REJECTED when
 * they do not, NOT_ANGLE (REJECTED with CD->blank false) leaving the bare
 * rules to try. */
static enum outcome
url_prefix_angle(struct urigrep_scanner *sc, struct cand *cd, size_t s,
                 bool final, urigrep_match_fn fn, void *arg)
{
    unsigned flags;
    enum outcome o = scan_angle_quoted(sc, cd, s, final, &cd->end, &flags);
    const char *c;
    size_t sl;

    if (o != REPORTED)
        return o;
    c = memchr(sc->out.data, ':', sc->out.len);
    sl = c ? (size_t)(c - sc->out.data) : 0;
    /* "URL:" then "scheme:" or "scheme://" alone is nothing */
    if (sc->out.len == 0 ||
        (c && sl > 0 && is_alpha((unsigned char)sc->out.data[0]) &&
         strspn(sc->out.data, "abcdefghijklmnopqrstuvwxyz"
                "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.") == sl &&
         !policy_accept(&sc->pol, NULL, sc->out.data, sc->out.len, sl,
                        CTX_URL))) {
        cd->whole = true; /* refused as a whole: no bare reading */
        return REJECTED;
    }
    return emit_angle(sc, cd, flags, fn, arg);
}

/* "URL:" at U..COLON (Appendix E, RFC 1630 prefixedurl): inside <...>
 * the rest up to '>' is the reference, relative ones included; outside,
 * an absolute URI may follow. */
static enum outcome
try_url_prefix(struct urigrep_scanner *sc, size_t u, size_t colon,
               size_t floor, bool final, urigrep_match_fn fn, void *arg,
               struct cand *cd)
{
    const char *w = sc->view;
    size_t n = sc->vlen, s = colon + 1, e, lt;

    cd->ss = u;
    cd->memo.known = -1;
    while (s < n && is_gap((unsigned char)w[s]) && s - colon <= GAP_MAX)
        s++;
    if (s == n && !final)
        return NEED_MORE;
    cd->ss = s;
    if (angle_before(sc, u, floor, &lt, cd)) {
        enum outcome o;

        cd->quote_depth = (size_t)-1;
        cd->lt = lt;
        cd->qx = u;
        cd->delim = URIGREP_DELIM_ANGLE_URL;
        o = url_prefix_angle(sc, cd, s, final, fn, arg);
        /* brackets refused whole (as try_angle() does) give nothing */
        if (o != REJECTED || cd->whole)
            return o;
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

/* Text run together with a URI ("lists.example.comhttp://x",
 * "Blockedhttps://x"): if the unregistered scheme at SS..COLON, followed
 * by "//", ends with a registered "//" scheme after a letter, digit or
 * '.', return where that one starts; else SS. */
static size_t
split_run_together(const struct urigrep_scanner *sc, struct cand *cd,
                   size_t ss, size_t colon)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t k;

    if (colon + 2 >= sc->vlen || w[colon + 1] != '/' || w[colon + 2] != '/')
        return ss;
    cd->memo.known = policy_known(&sc->pol, (const char *)w + ss, colon - ss,
                                  &cd->memo.rule);
    if (cd->memo.known)
        return ss;
    k = policy_run_together(&sc->pol, (const char *)w + ss, colon - ss);
    if (k == 0)
        return ss;
    cd->memo.known = true;
    cd->memo.rule = SR_HIER;
    return ss + k;
}

/* The scheme of CD (CD->ss to CD->colon) found: read it as its
 * delimiters say, <...>, quotes, a "URL:" prefix or none. */
static enum outcome
try_delimited(struct urigrep_scanner *sc, struct cand *cd, size_t floor,
              bool final, urigrep_match_fn fn, void *arg)
{
    const char *w = sc->view;
    size_t ss = cd->ss, lt;

    if (angle_before(sc, ss, floor, &lt, cd)) {
        cd->quote_depth = (size_t)-1;
        cd->lt = lt;
        cd->qx = ss;
        cd->delim = URIGREP_DELIM_ANGLE;
        return try_angle(sc, cd, final, fn, arg);
    }
    if (ss > floor && w[ss - 1] == '"') {
        cd->delim = URIGREP_DELIM_QUOTE;
        return try_quote(sc, cd, final, fn, arg);
    }
    cd->delim = URIGREP_DELIM_BARE;
    if (ss >= floor + 4 && w[ss - 1] == ':' &&
        is_url_word(w + ss - 4))
        cd->delim = URIGREP_DELIM_URL_PREFIX;
    else if (ss >= floor + 5 && w[ss - 1] == ' ' && w[ss - 2] == ':' &&
             is_url_word(w + ss - 5))
        cd->delim = URIGREP_DELIM_URL_PREFIX;
    if (cd->delim == URIGREP_DELIM_BARE) {
        /* "u=http://..." is a URI in SDP too; "a=mid:audio" is not (a
         * ':' that ends the input has no byte after it to look at) */
        if ((cd->colon + 1 == sc->vlen || w[cd->colon + 1] != '/') &&
            sdp_line(sc, ss))
            return REJECTED;
    }
    return try_bare(sc, cd, final, fn, arg);
}

/* A ':' at COLON: find the scheme before it and try the delimiter rules. */
static enum outcome
try_colon(struct urigrep_scanner *sc, size_t colon, size_t floor, bool final,
          urigrep_match_fn fn, void *arg, struct cand *cd)
{
    const char *w = sc->view;
    size_t ss = colon;
    enum outcome o;

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
    if (colon - ss == 3 && is_url_word(w + ss))
        return try_url_prefix(sc, ss, colon, floor, final, fn, arg, cd);
    cd->ss = ss;
    cd->colon = colon;
    cd->quote_depth = 0;
    cd->entity = false;
    cd->memo.known = -1;
    if (colon + 3 > sc->vlen && !final)
        return NEED_MORE;
    /* C++, Perl and Rust paths: "std::string", "<< std::endl" */
    if (colon + 1 < sc->vlen && w[colon + 1] == ':')
        return REJECTED;
    /* a scheme does not start inside an identifier: "clk_num:%d",
     * "csum_info:%#x" in code ("x_http://" would still be one) */
    if (ss > floor && w[ss - 1] == '_' &&
        !(colon + 2 < sc->vlen && w[colon + 1] == '/' &&
          w[colon + 2] == '/'))
        return REJECTED;
    /* binary as text: whatever delimits it there, it is not written */
    o = uuencoded_line(sc, ss, colon, final);
    if (o != REPORTED)
        return o;
    cd->ss = ss = split_run_together(sc, cd, ss, colon);
    if (ss > floor && is_scheme_char((unsigned char)w[ss - 1])) {
        cd->delim = URIGREP_DELIM_BARE;
        return try_bare(sc, cd, final, fn, arg);
    }
    return try_delimited(sc, cd, floor, final, fn, arg);
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
    const char *w = sc->view;
    size_t ss, e, len;
    bool closer;
    enum outcome o;

    if (dot < floor + 3)
        return REJECTED;
    ss = dot - 3;
    if (strncasecmp(w + ss, "www", 3) != 0 && strncasecmp(w + ss, "ftp", 3))
        return REJECTED;
    if (ss > floor && !abbrev_boundary((unsigned char)w[ss - 1]))
        return REJECTED;
    cd->delim = URIGREP_DELIM_ABBREV;
    o = scan_bare_end(sc, ss, dot + 1, final, &e, &closer);
    if (o != REPORTED) {
        cd->ss = ss;
        cd->end = e;
        return o;
    }
    len = strip_trailing(w + ss, e - ss, 4, closer,
                         ss > 0 ? (unsigned char)w[ss - 1] : 0);
    if (!abbrev_host_ok(w + ss, len))
        return REJECTED;
    cd->ss = ss;
    cd->end = ss + len;
    if (emit(sc, URIGREP_EVENT_URI, w + ss, len, ss, cd->end,
             URIGREP_DELIM_ABBREV, 0, fn, arg))
        return STOPPED;
    return REPORTED;
}

/* Find the next trigger byte at or after P that may start a reference,
 * or return N. */
static inline size_t
next_trigger(const struct urigrep_scanner *sc, size_t p, size_t *dot_cache)
{
    return skip_next(sc->simd, sc->view, p, sc->vlen,
                     (sc->opt.flags & URIGREP_SCAN_ABBREV) != 0, dot_cache);
}

/* Skip the rest of an over-long bare candidate. Returns the index of the
 * first byte that ends it, or N if the window ends first. A UTF-8
 * sequence cut by the end of the window is left for the next feed: its
 * index is returned and *CUT set, unless FINAL. */
static size_t
skip_bare(const struct urigrep_scanner *sc, size_t p, bool final, bool *cut)
{
    const unsigned char *w = (const unsigned char *)sc->view;
    size_t n = sc->vlen;

    *cut = false;
    for (; p < n; p++) {
        if (w[p] < 0x80) {
            if (is_bare_break(w[p]))
                return p;
        } else {
            uint32_t cp;
            int k = utf8_decode(w + p, n - p, &cp);

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

/* The view loses its first KEEP bytes, and its bytes from there up to
 * index TO are win's from then on: copied out of a borrowed view, whose
 * bytes are the caller's, gone after the call. */
static enum urigrep_status
keep_view(struct urigrep_scanner *sc, size_t keep, size_t to)
{
    enum urigrep_status st = URIGREP_OK;

    if (sc->borrowed) {
        sc->borrowed = false;
        sc->win.len = 0;
        st = buf_append(&sc->win, sc->view + keep, to - keep);
    } else {
        buf_consume(&sc->win, keep);
    }
    sc->view = sc->win.data;
    sc->vlen = sc->win.len;
    sc->win_off += keep;
    return st;
}

/* The callback stopped process() with FLOOR and P where they were: when
 * the window is borrowed, keep an owned slice of it from a little before
 * P, as an owned window would. URIGREP_ERR_STOPPED, or the error of
 * keeping. */
static enum urigrep_status
process_stopped(struct urigrep_scanner *sc, size_t floor, size_t p)
{
    size_t n = sc->vlen;

    if (sc->borrowed) {
        /* the caller's bytes may be gone at the next call */
        size_t k = p > CTX_BACK ? p - CTX_BACK : 0;
        enum urigrep_status st;

        lines_to(sc, k);
        st = keep_view(sc, k, n - p > SLICE ? p + SLICE : n);
        if (st != URIGREP_OK)
            return st;
        floor = floor > k ? floor - k : 0;
        p -= k;
    }
    sc->floor = floor;
    sc->search = p;
    return URIGREP_ERR_STOPPED;
}

/* process() found no more (not FINAL): keep what later bytes may still
 * change. PENDING: the candidate CD at trigger T waits for more; else a
 * skipped run, or a scheme that may be cut off at the end, with the
 * context before it. */
static enum urigrep_status
process_keep(struct urigrep_scanner *sc, const struct cand *cd, bool pending,
             size_t floor, size_t p, size_t t)
{
    size_t n = sc->vlen, keep;

    if (pending) {
        /* keep the candidate and the context before its scheme */
        keep = cd->ss > CTX_BACK ? cd->ss - CTX_BACK : 0;
        p = t;
    } else if (sc->skipping) {
        /* N, or a UTF-8 sequence cut at the end */
        keep = p > CTX_BACK ? p - CTX_BACK : 0;
    } else {
        /* keep a scheme that may be cut off at the end, and its context */
        size_t j = n;

        while (j > floor && n - j <= SCHEME_RUN_MAX &&
               is_scheme_char((unsigned char)sc->view[j - 1]))
            j--;
        keep = j > CTX_BACK ? j - CTX_BACK : 0;
        p = n;
    }
    lines_to(sc, keep);
    sc->floor = floor > keep ? floor - keep : 0;
    sc->search = p > keep ? p - keep : 0;
    return keep_view(sc, keep, n);
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
    size_t n = sc->vlen, floor = sc->floor, p = sc->search;
    size_t dot_cache = (size_t)-1, t = 0;
    bool pending = false, stopped = false, cut = false;
    struct cand cd = { 0, 0, 0, URIGREP_DELIM_BARE, 0, 0, 0, false, false,
                       false, { -1, SR_OPAQUE } };

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
        if (sc->view[t] == ':')
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
            if (emit(sc, URIGREP_EVENT_TOO_LONG, sc->view + cd.ss,
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
    if (stopped)
        return process_stopped(sc, floor, p);
    if (final) {
        sc->floor = sc->search = n;
        return URIGREP_OK;
    }
    return process_keep(sc, &cd, pending, floor, p, t);
}

URIGREP_EXPORT enum urigrep_status
urigrep_scanner_new(const struct urigrep_scan_options *opts,
                    urigrep_scanner **out)
{
    struct urigrep_scanner *sc;
    enum urigrep_status st = URIGREP_ERR_ARG;
    size_t max;

    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    sc = calloc(1, sizeof *sc);
    if (sc == NULL)
        return URIGREP_ERR_NOMEM;
    if (opts && !options_copy(&sc->opt, sizeof sc->opt, opts,
                              URIGREP_SCAN_OPTIONS_SIZE_0_9))
        goto fail;
    /* the names are checked and copied by policy_init() */
    if ((st = policy_init(&sc->pol, opts ? &sc->opt : NULL)) != URIGREP_OK)
        goto fail;
    st = URIGREP_ERR_ARG;
    sc->opt.schemes = NULL;
    sc->opt.nschemes = 0;
    max = sc->opt.max_uri_length ? sc->opt.max_uri_length
                                 : URIGREP_DEFAULT_MAX_URI;
    if (max > SIZE_MAX / 8 || sc->opt.hyphen > URIGREP_HYPHEN_BOTH ||
        (sc->opt.flags & ~(URIGREP_SCAN_ABBREV | URIGREP_SCAN_ANY_SCHEME |
                           URIGREP_SCAN_REFANG)))
        goto fail;
    st = URIGREP_ERR_NOMEM;
    buf_init(&sc->rtext, SIZE_MAX / 2);
    if ((sc->opt.flags & URIGREP_SCAN_REFANG) &&
        (sc->rf = refang_new()) == NULL)
        goto fail;
    sc->max = max;
    sc->simd = skip_choose();
    /* inside <...> whitespace is dropped, so allow it as much room again */
    sc->raw_max = 2 * max + 256;
    buf_init(&sc->win, sc->raw_max + SCHEME_RUN_MAX + 2 * CTX_BACK + SLICE);
    buf_init(&sc->out, max + 4);
    buf_init(&sc->alt, max + 4);
    if (buf_reserve(&sc->out, max + 4) || buf_reserve(&sc->alt, max + 4))
        goto fail;
    urigrep_scanner_reset(sc);
    *out = sc;
    return URIGREP_OK;
fail:
    urigrep_scanner_free(sc);
    return st;
}

URIGREP_EXPORT void
urigrep_scanner_reset(urigrep_scanner *sc)
{
    if (sc == NULL)
        return;
    sc->win.len = 0;
    sc->view = sc->win.data;
    sc->vlen = 0;
    sc->borrowed = false;
    sc->win_off = 0;
    sc->floor = 0;
    sc->search = 0;
    sc->skipping = false;
    sc->bc_from = sc->bc_to = 0;
    sc->uu_from = sc->uu_to = 0;
    sc->nl_off = 0;
    sc->line = 1;
    sc->line_start = 0;
    if (sc->rf)
        refang_reset(sc->rf);
}

/* urigrep_scanner_feed() of text to scan as it is. */
static enum urigrep_status
feed(urigrep_scanner *sc, const char *buf, size_t len, urigrep_match_fn fn,
     void *arg)
{
    while (len > 0) {
        size_t room = sc->win.max - sc->win.len;
        size_t step = len >= BORROW_MIN + JOIN ? JOIN : SLICE;
        size_t n = len < room ? len : room;
        enum urigrep_status st;

        if (n > step)
            n = step;
        /* process() keeps less than the window's slack, so there is
         * always room; refuse rather than loop if that ever broke */
        if (n == 0)
            return URIGREP_ERR_TOO_LONG;
        st = buf_append(&sc->win, buf, n);
        sc->view = sc->win.data;
        sc->vlen = sc->win.len;
        if (st != URIGREP_OK)
            return st;
        buf += n;
        len -= n;
        st = process(sc, false, fn, arg);
        if (st != URIGREP_OK)
            return st;
        /* a large feed, and all the window holds now is the end of the
         * bytes just taken: the rest is scanned where it lies, not
         * copied (the copy was 4% of a run over plain text) */
        if (len >= BORROW_MIN && sc->win.len <= n) {
            sc->view = buf - sc->win.len;
            sc->vlen = sc->win.len + len;
            sc->borrowed = true;
            return process(sc, false, fn, arg);
        }
    }
    return URIGREP_OK;
}

/* The caller's callback and its argument, for on_refanged(). */
struct refang_call {
    urigrep_match_fn fn;
    void *arg;
    const struct refang *rf;
};

/* An event in the rewritten text, handed on as the written text has it
 * (refang_match()). */
static int
on_refanged(void *arg, const struct urigrep_match *m)
{
    const struct refang_call *c = arg;
    struct urigrep_match w = *m;

    refang_match(c->rf, &w);
    return c->fn(c->arg, &w);
}

/* URIGREP_SCAN_REFANG: LEN bytes at BUF (FINAL: and the stream's end)
 * rewritten by SC->rf, then scanned. */
static enum urigrep_status
feed_refang(urigrep_scanner *sc, const char *buf, size_t len, bool final,
            urigrep_match_fn fn, void *arg)
{
    struct refang_call c = { fn, arg, sc->rf };
    enum urigrep_status st;

    sc->rtext.len = 0;
    if ((st = refang_feed(sc->rf, buf, len, final, &sc->rtext)) ||
        (st = feed(sc, sc->rtext.data, sc->rtext.len, on_refanged, &c)))
        return st;
    if (final)
        st = process(sc, true, on_refanged, &c);
    /* no event starts on a line before the last one's */
    refang_prune(sc->rf, sc->line_start);
    return st;
}

URIGREP_EXPORT enum urigrep_status
urigrep_scanner_feed(urigrep_scanner *sc, const char *buf, size_t len,
                     urigrep_match_fn fn, void *arg)
{
    if (sc == NULL || fn == NULL || (buf == NULL && len > 0))
        return URIGREP_ERR_ARG;
    if (sc->rf)
        return feed_refang(sc, buf, len, false, fn, arg);
    return feed(sc, buf, len, fn, arg);
}

URIGREP_EXPORT enum urigrep_status
urigrep_scanner_finish(urigrep_scanner *sc, urigrep_match_fn fn, void *arg)
{
    enum urigrep_status st;

    if (sc == NULL || fn == NULL)
        return URIGREP_ERR_ARG;
    st = sc->rf ? feed_refang(sc, NULL, 0, true, fn, arg)
                : process(sc, true, fn, arg);
    urigrep_scanner_reset(sc);
    return st;
}

uint64_t
scan_horizon(const struct urigrep_scanner *sc)
{
    uint64_t h = sc->win_off + sc->floor;

    return sc->rf ? refang_offset(sc->rf, h) : h;
}

size_t
scan_value_start(const struct urigrep_scanner *sc, const char *p, size_t n)
{
    enum scheme_rule r;
    size_t c = 0;

    if (n == 0 || !is_alpha((unsigned char)p[0]))
        return 0;
    while (c < n && c <= SCHEME_RUN_MAX && is_scheme_char((unsigned char)p[c]))
        c++;
    if (c + 2 >= n || p[c] != ':' || p[c + 1] != '/' || p[c + 2] != '/' ||
        policy_known(&sc->pol, p, c, &r))
        return 0;
    return policy_run_together(&sc->pol, p, c);
}

URIGREP_EXPORT void
urigrep_scanner_free(urigrep_scanner *sc)
{
    if (sc == NULL)
        return;
    buf_free(&sc->win);
    buf_free(&sc->out);
    buf_free(&sc->alt);
    buf_free(&sc->rtext);
    refang_free(sc->rf);
    policy_free(&sc->pol);
    free(sc);
}

/* Strip one layer of what a person types around a URI (S holds no
 * whitespace by now): an opening '<' or '"' and a closing '>' or '"' (each
 * alone too: people forget one), or a "URL:" prefix. Returns true if
 * something went. */
static bool
strip_one(const char **s, size_t *len)
{
    const char *p = *s;
    size_t n = *len;
    bool changed;

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

/* Whitespace goes first: it is never part of the reference, and left in
 * until the end it would hide a delimiter it stands in ("<URL :x>" gave
 * "URL:x", which a second call stripped again). So the result is a fixed
 * point: stripping it again changes nothing. */
URIGREP_EXPORT size_t
urigrep_strip_typed(const char *in, size_t len, char *out)
{
    const char *p;
    size_t i, n = 0;

    if (in == NULL || out == NULL)
        return 0;
    for (i = 0; i < len; i++)
        if (!is_space((unsigned char)in[i]))
            out[n++] = in[i];
    p = out;
    while (strip_one(&p, &n))
        ;
    memmove(out, p, n);
    return n;
}
