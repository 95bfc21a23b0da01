/* refang.c: the defanged forms indicator writers use, read back: a text
 * rewritten so that the scanner finds the URIs they stand for. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "uri/chars.h"
#include "scan/refang.h"

/*
 * How it works.  The scanner is not changed: with URIGREP_SCAN_REFANG,
 * urigrep_scanner_feed() hands the text through refang_feed() first, and
 * the events it reports through refang_match().  The rewriting follows
 * what iocextract's refang, ioc-fang and the defang package undo, but
 * only where a URI is meant, so that prose with "[.]" or "(.)" stays as
 * it is:
 *
 *  - a scheme at the start of a word, defanged ("hxxp", "hXXps",
 *    "hxtp", "fxp", "ftx") and followed by "://", or any of http, https,
 *    ftp, ftps, sftp, ws, wss followed by a defanged "://" ("[://]",
 *    "[:]//", with () or {} too), is written back, its case kept where
 *    the letter is the same ("hXXps" gives "hTTps");
 *  - after "scheme://" (written back or not), up to a blank, '<', '>' or
 *    '"', each "[.]", "(.)", "{.}", "[dot]", "(dot)", "{dot}" (any case)
 *    is a '.', "[@]", "(@)", "{@}", "[at]", "(at)", "{at}" an '@' and
 *    "[:]", "(:)", "{:}" a ':';
 *  - a word with no scheme that is a host name whose dots are defanged
 *    (one at least) and whose last label is a top-level domain
 *    (known_tld()) is given "http://" ("evil[.]example[.]com/login"),
 *    and one that is a mail address with a defanged '@' or dot
 *    ("user[@]example[.]com") "mailto:", then is read as above.
 *
 * Each rewritten form is one entry of a map from the rewritten stream's
 * offsets to the written one's, so that the events point at what the
 * user wrote.  Plain runs never come here.
 */

/* A rewritten form: REW_LEN bytes at offset REW of the rewritten stream
 * stand for ORIG_LEN bytes at offset ORIG of the written one ("http://"
 * inserted: ORIG_LEN 0). */
struct refang_span {
    uint64_t rew, orig;
    uint32_t rew_len, orig_len;
};

/* Entries kept at most: past it the oldest half is forgotten (the
 * columns of events on a line that started that many forms back would
 * then count from a later point). 1.5 MiB. */
#define MAP_MAX 65536

/* Owner: refang.c. */
struct refang {
    struct urigrep_buf held;    /* written bytes not yet rewritten */
    struct refang_span *map;
    size_t n, cap;
    /* before map[0]: a written offset is BASE_ORIG + (rewritten offset -
     * BASE_REW) */
    uint64_t base_rew, base_orig;
    uint64_t rew, orig;         /* offsets of the next bytes out and in */
    unsigned char prev;         /* the written byte before HELD (0: none) */
    bool in_uri;                /* after "scheme://", up to a blank */
};

/* What a look at the held bytes found. */
enum look { NO, YES, MORE };

struct refang *
refang_new(void)
{
    struct refang *rf = calloc(1, sizeof *rf);

    if (rf == NULL)
        return NULL;
    buf_init(&rf->held, 4 * REFANG_WORD_MAX);
    refang_reset(rf);
    return rf;
}

void
refang_reset(struct refang *rf)
{
    rf->held.len = 0;
    rf->n = 0;
    rf->base_rew = rf->base_orig = 0;
    rf->rew = rf->orig = 0;
    rf->prev = 0;
    rf->in_uri = false;
}

void
refang_free(struct refang *rf)
{
    if (rf == NULL)
        return;
    buf_free(&rf->held);
    free(rf->map);
    free(rf);
}

/* Does a defanged form's word end a URI: a blank, a control, '<', '>'
 * or '"'? */
static bool
ends_uri(unsigned char c)
{
    return c <= ' ' || c == '<' || c == '>' || c == '"' || c == 0x7f;
}

/* May a word start after byte C (0: the stream's start)? */
static bool
word_start(unsigned char c)
{
    return c == 0 ||
           !(is_alnum(c) || c >= 0x80 || strchr("-_.@%+/:=&?#~\\", c));
}

/* Does byte B after byte PREV start a word that may be a scheme or a
 * host (a letter or digit after none)? */
static bool
starts_word(unsigned char b, unsigned char prev)
{
    return is_alnum(b) && !is_alnum(prev) && word_start(prev);
}

/* A byte of a host's label or a mail address's local part. */
static bool
is_label(unsigned char c)
{
    return is_alnum(c) || c == '-' || c == '_' || c >= 0x80;
}

/* Does P[0..N) start with the form F, letters in any case? NO, YES, or
 * MORE when P ends first and may go on with it (not FINAL). */
static enum look
starts(const char *p, size_t n, const char *f, bool final)
{
    size_t k = strlen(f), m = n < k ? n : k;

    if (strncasecmp(p, f, m) != 0)
        return NO;
    return m == k ? YES : final ? NO : MORE;
}

/* Is P[0..N) one of the forms FORMS (NULL-ended)? YES with *LEN its
 * length, NO, or MORE (one may still come). */
static enum look
one_of(const char *p, size_t n, const char *const forms[], bool final,
       size_t *len)
{
    enum look best = NO;
    size_t i;

    /* every form starts with one of these: most words end at once */
    if (n == 0)
        return final ? NO : MORE;
    if (p[0] != '[' && p[0] != '(' && p[0] != '{' && p[0] != ':')
        return NO;
    for (i = 0; forms[i]; i++) {
        enum look l = starts(p, n, forms[i], final);

        if (l == YES) {
            *len = strlen(forms[i]);
            return YES;
        }
        if (l == MORE)
            best = MORE;
    }
    return best;
}

static const char *const dot_forms[] = {
    "[.]", "(.)", "{.}", "[dot]", "(dot)", "{dot}", NULL
};
static const char *const at_forms[] = {
    "[@]", "(@)", "{@}", "[at]", "(at)", "{at}", NULL
};
static const char *const colon_forms[] = { "[:]", "(:)", "{:}", NULL };
/* "://" defanged, and as it is (last: not a rewriting by itself) */
static const char *const sep_forms[] = {
    "[://]", "(://)", "{://}", "[:]//", "(:)//", "{:}//", "://", NULL
};

/* Record that REW_LEN bytes at R stand for ORIG_LEN written ones, and
 * append them to OUT. */
static enum urigrep_status
put_form(struct refang *rf, struct urigrep_buf *out, const char *r,
         size_t rew_len, size_t orig_len)
{
    struct refang_span *s;
    enum urigrep_status rc;

    if (rf->n == MAP_MAX) {
        /* the oldest half goes into the base */
        s = &rf->map[MAP_MAX / 2 - 1];
        rf->base_rew = s->rew + s->rew_len;
        rf->base_orig = s->orig + s->orig_len;
        memmove(rf->map, rf->map + MAP_MAX / 2,
                (MAP_MAX / 2) * sizeof *rf->map);
        rf->n = MAP_MAX / 2;
    }
    if (rf->n == rf->cap) {
        size_t cap = rf->cap ? 2 * rf->cap : 64;

        if ((s = realloc(rf->map, cap * sizeof *s)) == NULL)
            return URIGREP_ERR_NOMEM;
        rf->map = s;
        rf->cap = cap;
    }
    if ((rc = buf_append(out, r, rew_len)))
        return rc;
    s = &rf->map[rf->n++];
    s->rew = rf->rew;
    s->orig = rf->orig;
    s->rew_len = (uint32_t)rew_len;
    s->orig_len = (uint32_t)orig_len;
    rf->rew += rew_len;
    rf->orig += orig_len;
    return URIGREP_OK;
}

/* The scheme a defanged word W (LEN bytes, letters) stands for, or NULL:
 * "hxxp", "hxtp", "htxp" and with 's' "http(s)"; "fxp", "ftx" and with
 * 's' "ftp(s)". */
static const char *
fanged_scheme(const char *w, size_t len)
{
    static const char *const real[] = { "http", "https", "ftp", "ftps" };
    size_t i, k;

    for (i = 0; i < 4; i++) {
        bool x = false;

        if (strlen(real[i]) != len)
            continue;
        for (k = 0; k < len; k++) {
            char c = (char)(w[k] | 0x20);

            if (c == 'x' && k > 0 && k < 3)
                x = true;
            else if (c != real[i][k])
                break;
        }
        if (k == len && x)
            return real[i];
    }
    return NULL;
}

/* Is W (LEN bytes) a scheme whose "://" a writer defangs? */
static bool
plain_scheme(const char *w, size_t len)
{
    static const char *const s[] = { "http", "https", "ftp", "ftps",
                                     "sftp", "ws", "wss", NULL };
    size_t i;

    for (i = 0; s[i]; i++)
        if (strlen(s[i]) == len && strncasecmp(w, s[i], len) == 0)
            return true;
    return false;
}

/* A scheme and its "://" at P[0..N), at a word's start: YES with the
 * rewritten scheme and "://" in R (*RLEN bytes; 0: nothing rewritten)
 * and *LEN the written length, NO, or MORE. */
static enum look
look_scheme(const char *p, size_t n, bool final, char *r, size_t *rlen,
            size_t *len)
{
    const char *real;
    size_t w = 0, k, sep;
    enum look l;

    while (w < n && w < 16 && is_alpha((unsigned char)p[w]))
        w++;
    if (w == n && !final)
        return MORE;
    if (w == 0 || w == 16)
        return NO;
    l = one_of(p + w, n - w, sep_forms, final, &sep);
    if (l != YES)
        return l;
    real = fanged_scheme(p, w);
    *len = w + sep;
    if (real == NULL && p[w + sep - 1] == '/' && p[w] == ':' &&
        p[w + 1] == '/') {
        *rlen = 0;      /* "scheme://": the rest of the URI is read */
        return YES;
    }
    if (real == NULL && !plain_scheme(p, w))
        return NO;
    for (k = 0; k < w; k++) {
        char c = real ? real[k] : p[k];

        /* a letter written back keeps its case */
        r[k] = (p[k] >= 'A' && p[k] <= 'Z') ? (char)(c & ~0x20) : c;
    }
    memcpy(r + w, "://", 3);
    *rlen = w + 3;
    return YES;
}

/* Is the top-level domain T (N bytes) one a schemeless host may end in:
 * two letters (a country's), or a generic one of those most seen in
 * indicator feeds and mail? */
static bool
known_tld(const char *t, size_t n)
{
    static const char *const generic[] = {
        "com", "net", "org", "info", "biz", "edu", "gov", "mil", "int",
        "name", "pro", "mobi", "asia", "xyz", "top", "online", "site",
        "club", "shop", "store", "app", "dev", "live", "tech", "website",
        "space", "fun", "icu", "buzz", "cyou", "work", "link", "click",
        "email", "cloud", "page", "blog", "news", "today", "digital",
        "zip", "mov", "support", "services", "help", "host", "rest", "bond",
        "cfd", "sbs", "lol", NULL
    };
    size_t i;

    for (i = 0; i < n; i++)
        if (!is_alpha((unsigned char)t[i]))
            return false;
    if (n == 2)
        return true;
    for (i = 0; generic[i]; i++)
        if (strlen(generic[i]) == n && strncasecmp(t, generic[i], n) == 0)
            return true;
    return false;
}

/* What look_host() found in a word. */
struct host_word {
    size_t labels;      /* of the host (after the '@', if any) */
    size_t tld;         /* where its last label starts */
    size_t at;          /* where the '@' form starts, or 0: none */
    bool defanged;      /* a dot or '@' form is defanged */
};

/* Does the host word H, whose last label ends at P[I] (I == N: the end
 * of the bytes), count: what follows it ends the word, or starts a
 * URL's path, port, query or fragment (not an address's), a dot or '@'
 * of it is defanged, and it ends in a known top-level domain? */
static bool
host_word_ok(const char *p, size_t i, size_t n, const struct host_word *h)
{
    if (i < n && !ends_uri((unsigned char)p[i]) &&
        !strchr(h->at ? ".,;!?)]}'" : ".,;!?)]}'/:#", p[i]))
        return false;
    return h->defanged && h->labels >= 2 &&
           known_tld(p + h->tld, i - h->tld);
}

/* A separator in a host word at P[0..N): a dot (*IS_AT false) or an '@'
 * (true), written (*DEFANGED false) or defanged; its length in *LEN.
 * NO, YES or MORE. */
static enum look
host_sep(const char *p, size_t n, bool final, bool *is_at, bool *defanged,
         size_t *len)
{
    enum look l, l2;

    *is_at = p[0] == '@';
    *defanged = false;
    *len = 1;
    if (p[0] == '.' || p[0] == '@')
        return YES;
    *defanged = true;
    l = one_of(p, n, dot_forms, final, len);
    if (l != NO)
        return l;
    *is_at = true;
    l2 = one_of(p, n, at_forms, final, len);
    return l2;
}

/* A host name or mail address with defanged dots or '@' at P[0..N), at a
 * word's start: YES with *LEN its written length and *MAIL whether it is
 * an address, NO, or MORE. */
static enum look
look_host(const char *p, size_t n, bool final, size_t *len, bool *mail)
{
    struct host_word h = { 1, 0, 0, false };
    size_t i = 0, k;

    for (;;) {
        bool is_at, defanged;
        enum look l;

        k = i;
        while (i < n && is_label((unsigned char)p[i]))
            i++;
        if (i == k)
            return NO;      /* an empty label */
        if (i >= REFANG_WORD_MAX)
            return NO;
        if (i == n) {
            if (!final)
                return MORE;
            break;
        }
        l = host_sep(p + i, n - i, final, &is_at, &defanged, &k);
        if (l == MORE)
            return MORE;
        /* a separator not followed by a label ends the word before it */
        if (l == NO || i + k >= n || !is_label((unsigned char)p[i + k])) {
            if (l == YES && i + k >= n && !final)
                return MORE;
            break;
        }
        if (is_at && h.at)
            return NO;      /* two '@' */
        if (is_at) {
            h.at = i + k;
            h.labels = 0;
        }
        h.defanged = h.defanged || defanged;
        h.labels++;
        h.tld = i + k;
        i += k;
    }
    if (!host_word_ok(p, i, n, &h))
        return NO;
    *len = i;
    *mail = h.at != 0;
    return YES;
}

/* Inside a URI: a defanged '.', '@' or ':' at P[0..N)? YES with the byte
 * it stands for in *C and its length in *LEN, NO, or MORE. */
static enum look
look_inside(const char *p, size_t n, bool final, char *c, size_t *len)
{
    enum look l, any = NO;

    if ((l = one_of(p, n, dot_forms, final, len)) == YES) {
        *c = '.';
        return YES;
    }
    any = l;
    if ((l = one_of(p, n, at_forms, final, len)) == YES) {
        *c = '@';
        return YES;
    }
    if (l == MORE)
        any = MORE;
    if ((l = one_of(p, n, colon_forms, final, len)) == YES) {
        *c = ':';
        return YES;
    }
    return l == MORE ? MORE : any;
}

/* Copy N written bytes at P to OUT as they are. */
static enum urigrep_status
put_plain(struct refang *rf, struct urigrep_buf *out, const char *p,
          size_t n)
{
    rf->rew += n;
    rf->orig += n;
    return buf_append(out, p, n);
}

/* At a word's start (P[0..N)): a scheme or a host written back. *USED
 * gets the written bytes consumed (0: none, though "http://" may have
 * been put before the word); MORE when the word must be seen whole. */
static enum look
at_word(struct refang *rf, const char *p, size_t n, bool final,
        struct urigrep_buf *out, size_t *used, enum urigrep_status *rc)
{
    char r[32];
    size_t rlen, len;
    bool mail;
    enum look l;

    *used = 0;
    l = look_scheme(p, n, final, r, &rlen, &len);
    if (l == MORE)
        return MORE;
    if (l == YES) {
        rf->in_uri = true;
        *used = len;
        *rc = rlen ? put_form(rf, out, r, rlen, len)
                   : put_plain(rf, out, p, len);
        return YES;
    }
    l = look_host(p, n, final, &len, &mail);
    if (l != YES)
        return l;
    rf->in_uri = true;
    *rc = put_form(rf, out, mail ? "mailto:" : "http://", 7, 0);
    return YES;
}

/* Every form, and a scheme's "://", holds one of these bytes: a word
 * without any is left as it is. */
#define SPECIALS "[({:"

/* The first byte of SPECIALS in P[FROM..N), or N. AT keeps where each
 * was last found (SIZE_MAX: not looked for), so that a text is searched
 * once however often this is asked while FROM grows. */
static size_t
next_special(const char *p, size_t from, size_t n, size_t at[4])
{
    size_t k, best = n;

    for (k = 0; k < 4; k++) {
        if (at[k] == SIZE_MAX || at[k] < from) {
            const char *q = memchr(p + from, SPECIALS[k], n - from);

            at[k] = q ? (size_t)(q - p) : n;
        }
        if (at[k] < best)
            best = at[k];
    }
    return best;
}

/* Outside a URI at I, with NS the next byte of SPECIALS (or N): the
 * start of the blank-delimited word that holds it (of the last word
 * when NS is N).  No word before it holds a form or a scheme, so no
 * byte before it is rewritten. */
static size_t
skip_words(const char *p, size_t i, size_t ns)
{
    while (ns > i && !ends_uri((unsigned char)p[ns - 1]))
        ns--;
    return ns;
}

/* At a word's start I outside a URI, NS the next byte of SPECIALS with
 * no blank before it (N: none yet): at_word()'s verdict, or NO at once
 * for a word without one (MORE while it may still get one). */
static enum look
candidate(struct refang *rf, const char *p, size_t i, size_t n, size_t ns,
          bool final, struct urigrep_buf *out, size_t *used,
          enum urigrep_status *rc)
{
    *used = 0;
    if (ns == n)
        return final || n - i > REFANG_WORD_MAX + 16 ? NO : MORE;
    rf->in_uri = false;
    return at_word(rf, p + i, n - i, final, out, used, rc);
}

/* Inside a URI at P[*I], a '[', '(' or '{': a defanged form there is
 * written back into OUT after the plain bytes from *RUN, and *I and *RUN
 * move past it (YES); or NO (none, or *RC says OUT did not take it), or
 * MORE. */
static enum look
inside(struct refang *rf, const char *p, size_t *i, size_t n, size_t *run,
       bool final, struct urigrep_buf *out, enum urigrep_status *rc)
{
    size_t len;
    char c;
    enum look l = look_inside(p + *i, n - *i, final, &c, &len);

    if (l != YES)
        return l;
    if ((*rc = put_plain(rf, out, p + *run, *i - *run)) ||
        (*rc = put_form(rf, out, &c, 1, len)))
        return NO;      /* the caller stops on *RC */
    *run = *i += len;
    return YES;
}

/* Outside a URI at I: where the bytes are looked at again (rewrite()):
 * the start of the word holding the next byte of SPECIALS, *NS (N:
 * none), and *UNTIL, past which the next is looked for. */
static size_t
skip_plain(const char *p, size_t i, size_t n, size_t at[4], size_t *ns,
           size_t *until)
{
    *ns = next_special(p, i, n, at);
    *until = *ns + 1;
    return skip_words(p, i, *ns);
}

/* Rewrite HELD's bytes into OUT as far as they can be decided now. */
static enum urigrep_status
rewrite(struct refang *rf, bool final, struct urigrep_buf *out)
{
    const char *p = rf->held.data;
    size_t n = rf->held.len, i = 0, run = 0, used, ns = 0, until = 0, k;
    size_t at[4] = { SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX };
    enum urigrep_status rc = URIGREP_OK;
    unsigned char prev = rf->prev, b;
    bool in_uri = rf->in_uri;
    enum look l;

    if (n == 0)
        return URIGREP_OK;
    while (i < n && rc == URIGREP_OK) {
        /* words without a special byte go out as they are */
        if (!in_uri && i >= until &&
            (k = skip_plain(p, i, n, at, &ns, &until)) > i) {
            prev = (unsigned char)p[k - 1];
            i = k;
            continue;
        }
        b = (unsigned char)p[i];
        if (in_uri && ends_uri(b)) {
            in_uri = false;
        } else if (in_uri && (b == '[' || b == '(' || b == '{')) {
            if ((l = inside(rf, p, &i, n, &run, final, out, &rc)) == MORE)
                break;
            if (l == YES) {
                prev = (unsigned char)p[i - 1];
                continue;
            }
        } else if (!in_uri && starts_word(b, prev)) {
            if ((rc = put_plain(rf, out, p + run, i - run)))
                break;
            run = i;
            l = candidate(rf, p, i, n, ns, final, out, &used, &rc);
            in_uri = l == YES;
            if (l == MORE)
                break;
            if (used) {
                prev = (unsigned char)p[i + used - 1];
                run = i += used;
                continue;
            }
        }
        prev = b;
        i++;
    }
    rf->in_uri = in_uri;
    if (rc == URIGREP_OK)
        rc = put_plain(rf, out, p + run, i - run);
    if (rc != URIGREP_OK)
        return rc;
    /* what is left waits for the bytes that decide it */
    rf->prev = i ? (unsigned char)p[i - 1] : rf->prev;
    if (i < n)
        memmove(rf->held.data, p + i, n - i);
    rf->held.len = n - i;
    return URIGREP_OK;
}

enum urigrep_status
refang_feed(struct refang *rf, const char *p, size_t n, bool final,
            struct urigrep_buf *out)
{
    enum urigrep_status rc;

    /* a piece at a time, so that what is held stays bounded */
    do {
        size_t k = n < 2 * REFANG_WORD_MAX ? n : 2 * REFANG_WORD_MAX;

        /* (P is NULL for the last call, with nothing: no offset) */
        if (k > 0) {
            if ((rc = buf_append(&rf->held, p, k)))
                return rc;
            p += k;
            n -= k;
        }
        if ((rc = rewrite(rf, final && n == 0, out)))
            return rc;
    } while (n > 0);
    return URIGREP_OK;
}

/* The last entry that starts at or before rewritten offset OFF, or
 * NULL. */
static const struct refang_span *
span_at(const struct refang *rf, uint64_t off)
{
    size_t lo = 0, hi = rf->n;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;

        if (rf->map[mid].rew <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &rf->map[lo - 1] : NULL;
}

uint64_t
refang_offset(const struct refang *rf, uint64_t off)
{
    const struct refang_span *s = span_at(rf, off);

    if (s == NULL)
        return off >= rf->base_rew ? rf->base_orig + (off - rf->base_rew)
                                   : rf->base_orig;
    if (off < s->rew + s->rew_len)
        return s->orig;
    return s->orig + s->orig_len + (off - s->rew - s->rew_len);
}

void
refang_match(const struct refang *rf, struct urigrep_match *m)
{
    uint64_t line = m->offset - (m->column - 1);
    uint64_t start = refang_offset(rf, m->offset);
    const struct refang_span *s = span_at(rf, m->end_offset ?
                                          m->end_offset - 1 : 0);

    /* a form lies inside [offset, end_offset) when the last that starts
     * before its end ends after its start */
    if (s && m->end_offset > m->offset &&
        s->rew + s->rew_len > m->offset)
        m->flags |= URIGREP_MATCH_REFANGED;
    m->column = start - refang_offset(rf, line) + 1;
    m->end_offset = refang_offset(rf, m->end_offset);
    m->offset = start;
}

void
refang_prune(struct refang *rf, uint64_t off)
{
    size_t k = 0;

    while (k < rf->n && rf->map[k].rew + rf->map[k].rew_len <= off)
        k++;
    if (k == 0)
        return;
    rf->base_rew = rf->map[k - 1].rew + rf->map[k - 1].rew_len;
    rf->base_orig = rf->map[k - 1].orig + rf->map[k - 1].orig_len;
    memmove(rf->map, rf->map + k, (rf->n - k) * sizeof *rf->map);
    rf->n -= k;
}
