/* pick.c: urigrep --pick: the URIs found in a full-screen list (ncurses),
 * keys from /dev/tty, the chosen one opened with a browser. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <wchar.h>

#ifdef HAVE_NCURSES
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>
#endif

#include "clean.h"
#include "cli.h"
#include "pick/conf.h"
#include "pick/launch.h"
#include "pick/pick.h"
#include "output/uniq.h"

/* Columns of context shown on each side of the link, at most. */
#define SIDE_COLS 60
/* Longest search string typed. */
#define SEARCH_MAX 128

/* One URI of the list. The strings are owned; all but URI and TARGET
 * are made safe to show (tidy()). */
struct entry {
    char *uri;         /* as found, for the opener */
    char *shown;       /* URI made safe to show */
    char *before;      /* words before it */
    char *after;       /* words after it (for a link: its words) */
    char *subject;     /* of its message, or NULL */
    char *target;      /* a wrapped link: where it goes, or NULL */
    char *target_shown;
    char *wrapper;     /* the wrapper's name, or NULL */
    char *host_other;  /* a lookalike IDN host in the form the URI does
                          not show (A-labels beside Unicode, or Unicode
                          beside A-labels), made safe; or NULL */
    bool mismatch;     /* its text names another site */
    bool lookalike;    /* its host may be misread */
    bool tagged;
};

struct picker {
    int tty;                /* /dev/tty, read and written */
    struct pick_config conf;    /* opener, rules, keys, options */
    struct entry *v;
    size_t n, cap;
    struct uniq *seen;      /* URIs of the message at hand */
    char *file;             /* name of the file at hand */
    uint64_t message;       /* number of the message at hand */
};

struct picker *
pick_new(struct pick_config *conf)
{
#ifndef HAVE_NCURSES
    (void)conf;
    report_msg("--pick: this urigrep was built without ncurses");
    exit(2);
#else
    struct picker *p;
    const char *browser = getenv("BROWSER");
    char why[128];

    if ((p = calloc(1, sizeof *p)) == NULL)
        out_of_memory();
    p->conf = *conf;
    conf_init(conf);
    /* --open-with, the file's open-with, $BROWSER, xdg-open */
    if (p->conf.open_with == NULL &&
        conf_set(&p->conf, "open-with",
                 browser && browser[strspn(browser, " \t")] ? browser
                                                           : "xdg-open",
                 why, sizeof why) < 0)
        abort();
    p->tty = open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (p->tty < 0) {
        report_msg("--pick: no terminal to show the list on (/dev/tty: %s)",
                   strerror(errno));
        exit(2);
    }
    return p;
#endif
}

/* Is S (N bytes) the start of a UTF-8 sequence that the end of S cuts? */
static bool
cut_at_end(const char *s, size_t n)
{
    unsigned char c = (unsigned char)s[0];
    size_t want = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2, i;

    if (c < 0xc2 || c > 0xf4 || n >= want)
        return false;
    for (i = 1; i < n; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            return false;
    return true;
}

/* S (N bytes of decoded text) made safe to show, as a NUL-terminated
 * string: blanks and line breaks become one space; a character that
 * must not reach a terminal raw (clean_char_unsafe()) and a byte that is
 * not UTF-8 become '?'. FROM_END: a character cut at S's start is
 * dropped (text before a link); else one cut at its end. */
static char *
tidy(const char *s, size_t n, bool from_end)
{
    char *out = malloc(n + 1), *o = out;
    size_t i = 0, k;

    if (out == NULL)
        out_of_memory();
    /* a sequence cut by the context's edge is not a bad byte */
    if (from_end)
        while (i < n && i < 3 && ((unsigned char)s[i] & 0xc0) == 0x80)
            i++;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];

        if (c == ' ' || (c >= '\t' && c <= '\r')) {
            if (o > out && o[-1] != ' ')
                *o++ = ' ';
            i++;
        } else if ((k = clean_safe_len(s + i, n - i)) > 0) {
            memcpy(o, s + i, k);
            o += k;
            i += k;
        } else {
            if (!from_end && cut_at_end(s + i, n - i))
                break;
            *o++ = '?';
            i++;
        }
    }
    *o = '\0';
    return out;
}

/* The words before a link, from B (N bytes of context): its paragraph
 * only, made safe to show, without the delimiters around the link ("<",
 * "<URL:", a quote), which the list does not show either. */
static char *
words_before(const char *b, size_t n)
{
    size_t i, len;
    char *t;

    for (i = n; i >= 2; i--)
        if (b[i - 1] == '\n' && (b[i - 2] == '\n' ||
                                 (i >= 3 && b[i - 2] == '\r' &&
                                  b[i - 3] == '\n')))
            break;
    t = tidy(b + (i >= 2 ? i : 0), n - (i >= 2 ? i : 0), true);
    len = strlen(t);
    for (;;) {
        if (len >= 4 && strncasecmp(t + len - 4, "URL:", 4) == 0)
            len -= 4;
        else if (len > 0 && strchr(" <\"'", t[len - 1]))
            len--;
        else
            break;
    }
    t[len] = '\0';
    return t;
}

/* The words after a link, from A (N bytes of context): up to the end of
 * its paragraph, made safe to show, without a closing delimiter. */
static char *
words_after(const char *a, size_t n)
{
    size_t i, skip;
    char *t;

    for (i = 0; i + 1 < n; i++)
        if (a[i] == '\n' && (a[i + 1] == '\n' ||
                             (i + 2 < n && a[i + 1] == '\r' &&
                              a[i + 2] == '\n')))
            break;
    if (i + 1 >= n)
        i = n;
    t = tidy(a, i, false);
    skip = strspn(t, " >\"'");
    memmove(t, t + skip, strlen(t + skip) + 1);
    return t;
}

/* A copy of S (LEN bytes), NUL-terminated. */
static char *
dup_span(const char *s, size_t len)
{
    char *d = malloc(len + 1);

    if (d == NULL)
        out_of_memory();
    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

/* Does S (N bytes) hold NEEDLE (NN bytes), ignoring ASCII case? */
static bool
holds(const char *s, size_t n, const char *needle, size_t nn)
{
    size_t i;

    for (i = 0; nn > 0 && i + nn <= n; i++)
        if (strncasecmp(s + i, needle, nn) == 0)
            return true;
    return false;
}

/* The form of REF's IDN host that its URI does not show, to show beside
 * it (issue 22: "pаypal.com" looks like paypal.com, "xn--pypal-4ve.com"
 * does not): for a host found lookalike, or that this build could not
 * check; NULL for any other. */
static char *
other_host_form(const struct urigrep_ref *ref)
{
    const struct urigrep_span *a = &ref->host_ascii, *u = &ref->host_unicode;

    if (ref->lookalike == 0 || a->ptr == NULL || u->ptr == NULL)
        return NULL;
    if (holds(ref->uri.ptr, ref->uri.len, a->ptr, a->len))
        return tidy(u->ptr, u->len, false);
    return tidy(a->ptr, a->len, false);
}

/* What E's reference REF says of where it leads: a wrapped link's
 * wrapper and target (none when --unwrap made the target its URI), and
 * how its host may deceive. */
static void
entry_trust(struct entry *e, const struct urigrep_ref *ref)
{
    e->target = e->target_shown = e->wrapper = NULL;
    e->mismatch = e->lookalike = e->tagged = false;
    if (ref->wrapper)
        e->wrapper = tidy(ref->wrapper, strlen(ref->wrapper), false);
    if (ref->target.ptr && ref->target.ptr != ref->uri.ptr) {
        e->target = dup_span(ref->target.ptr, ref->target.len);
        e->target_shown = tidy(ref->target.ptr, ref->target.len, false);
    }
    /* -1, not known, is no warning: only what was found to deceive */
    e->mismatch = ref->mismatch == 1;
    e->lookalike = ref->lookalike == 1;
    e->host_other = other_host_form(ref);
}

int
pick_add(struct run *r, const struct urigrep_ref *ref)
{
    struct picker *p = r->pick;
    struct entry *e;
    int fresh;

    if (p->file == NULL || strcmp(p->file, r->file) != 0 ||
        p->message != ref->message) {
        /* a new message or file: its URIs are listed again */
        free(p->file);
        p->file = dup_span(r->file, strlen(r->file));
        p->message = ref->message;
        uniq_free(p->seen);
        if ((p->seen = uniq_new()) == NULL)
            out_of_memory();
    }
    if ((fresh = uniq_add(p->seen, ref->uri.ptr, ref->uri.len)) < 0)
        out_of_memory();
    if (!fresh)
        return 0;
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 64;

        if ((e = realloc(p->v, cap * sizeof *e)) == NULL)
            out_of_memory();
        p->v = e;
        p->cap = cap;
    }
    e = &p->v[p->n++];
    e->uri = dup_span(ref->uri.ptr, ref->uri.len);
    e->shown = tidy(ref->uri.ptr, ref->uri.len, false);
    if (ref->context.ptr) {
        e->before = words_before(ref->context.ptr, ref->context_before);
        e->after = words_after(ref->context.ptr + ref->context.len -
                               ref->context_after, ref->context_after);
    } else {
        e->before = tidy("", 0, true);
        e->after = tidy("", 0, false);
    }
    e->subject = ref->subject ? tidy(ref->subject, strlen(ref->subject),
                                     false)
                              : NULL;
    entry_trust(e, ref);
    return 0;
}

void
pick_free(struct picker *p)
{
    size_t i;

    if (p == NULL)
        return;
    for (i = 0; i < p->n; i++) {
        free(p->v[i].uri);
        free(p->v[i].shown);
        free(p->v[i].before);
        free(p->v[i].after);
        free(p->v[i].subject);
        free(p->v[i].target);
        free(p->v[i].target_shown);
        free(p->v[i].wrapper);
        free(p->v[i].host_other);
    }
    free(p->v);
    conf_free(&p->conf);
    uniq_free(p->seen);
    free(p->file);
    if (p->tty >= 0)
        close(p->tty);
    free(p);
}

#ifdef HAVE_NCURSES

/* What the screen shows: the list, the selection, the status line.
 * SEL and TOP are positions in the list as shown (reversed or not). */
struct view {
    struct picker *p;
    size_t sel, top;
    bool utf8;                  /* the terminal takes UTF-8 */
    bool compact;               /* one row per entry, no context */
    bool reverse;               /* last found first */
    bool quit;
    size_t ntagged;
    char status[512];           /* made safe to show */
    char search[SEARCH_MAX];
    unsigned char keymap[KEY_MAX + 1];  /* enum pick_action by key */
};

/* The entry shown at position POS. */
static struct entry *
entry_at(const struct view *v, size_t pos)
{
    return &v->p->v[v->reverse ? v->p->n - 1 - pos : pos];
}

/* The position at which entry I is shown. */
static size_t
pos_of(const struct view *v, size_t i)
{
    return v->reverse ? v->p->n - 1 - i : i;
}

/* The code point of the UTF-8 character at S (tidy() made it valid) and
 * its length in *LEN. */
static wchar_t
decode(const char *s, size_t *len)
{
    const unsigned char *u = (const unsigned char *)s;

    if (u[0] < 0x80) {
        *len = 1;
        return u[0];
    }
    if (u[0] < 0xe0) {
        *len = 2;
        return (wchar_t)((u[0] & 0x1f) << 6 | (u[1] & 0x3f));
    }
    if (u[0] < 0xf0) {
        *len = 3;
        return (wchar_t)((u[0] & 0x0f) << 12 | (u[1] & 0x3f) << 6 |
                         (u[2] & 0x3f));
    }
    *len = 4;
    return (wchar_t)((u[0] & 0x07) << 18 | (u[1] & 0x3f) << 12 |
                     (u[2] & 0x3f) << 6 | (u[3] & 0x3f));
}

/* The character to show for code point C, and its width in *W: '?' for
 * one the terminal cannot show. */
static wchar_t
showable(const struct view *v, wchar_t c, int *w)
{
    if (c >= 0x80 && (!v->utf8 || (*w = wcwidth(c)) < 0)) {
        *w = 1;
        return L'?';
    }
    if (c < 0x80)
        *w = 1;
    return c;
}

/* Write S (tidied) from the cursor in at most COLS columns; return the
 * columns used. */
static int
put_text(const struct view *v, const char *s, int cols)
{
    int used = 0, w;
    size_t len;

    while (*s) {
        wchar_t c = showable(v, decode(s, &len), &w);

        if (used + w > cols)
            break;
        addnwstr(&c, 1);
        used += w;
        s += len;
    }
    return used;
}

/* The columns S (tidied) takes. */
static int
text_width(const struct view *v, const char *s)
{
    int used = 0, w;
    size_t len;

    while (*s) {
        showable(v, decode(s, &len), &w);
        used += w;
        s += len;
    }
    return used;
}

/* The start of the longest tail of S (tidied) that fits in COLS. */
static const char *
tail_fitting(const struct view *v, const char *s, int cols)
{
    const char *t = s + strlen(s);
    int used = 0, w;
    size_t len;

    while (t > s) {
        const char *c = t - 1;

        while (c > s && ((unsigned char)*c & 0xc0) == 0x80)
            c--;
        showable(v, decode(c, &len), &w);
        if (used + w > cols)
            break;
        used += w;
        t = c;
    }
    return t;
}

/* Entries a page shows: one or two rows each, between the title and
 * status. */
static size_t
per_page(const struct view *v)
{
    int rows = (LINES - 2) / (v->compact ? 1 : 2);

    return rows > 0 ? (size_t)rows : 1;
}

/* The title row: where the selection is, and the main keys. */
static void
draw_title(const struct view *v)
{
    char title[160], tagged[32] = "";

    if (v->ntagged)
        snprintf(tagged, sizeof tagged, " (%zu tagged)", v->ntagged);
    snprintf(title, sizeof title, " urigrep: %zu/%zu%s  Enter open  t tag"
             "  a open tagged  y copy  / search  q quit", v->sel + 1,
             v->p->n, tagged);
    attron(A_REVERSE);
    move(0, 0);
    put_text(v, title, COLS);
    hline(' ', COLS);
    attroff(A_REVERSE);
}

/* The context row of E at row Y: the wrapper, then the words before and
 * after the link around "[*]". */
static void
draw_context(const struct view *v, const struct entry *e, int y)
{
    int used, room, bw, aw, side;

    move(y, 0);
    used = put_text(v, "      ", COLS);
    attron(A_DIM);
    if (e->wrapper) {
        used += put_text(v, "via ", COLS - used);
        used += put_text(v, e->wrapper, COLS - used);
        used += put_text(v, ": ", COLS - used);
    }
    if (e->before[0] || e->after[0]) {
        room = COLS - used - 5;
        bw = text_width(v, e->before);
        aw = text_width(v, e->after);
        /* what one side does not need, the other may have */
        side = room / 2;
        if (aw < side)
            side = room - aw;
        else if (bw < side)
            side = bw;
        if (side > SIDE_COLS)
            side = SIDE_COLS;
        if (side < 0)
            side = 0;
        used += put_text(v, tail_fitting(v, e->before, side), side);
        used += put_text(v, " [*] ", COLS - used);
        put_text(v, e->after, COLS - used);
    }
    attroff(A_DIM);
}

/* The entry at position POS, on row Y (and the next one). */
static void
draw_entry(const struct view *v, size_t pos, int y)
{
    const struct entry *e = entry_at(v, pos);
    char num[32];
    int used, other;

    snprintf(num, sizeof num, "%4zu%c", (size_t)(e - v->p->v) + 1,
             e->tagged ? '*' : ' ');
    if (pos == v->sel)
        attron(A_REVERSE | A_BOLD);
    move(y, 0);
    used = put_text(v, num, COLS);
    if (e->mismatch)
        used += put_text(v, "[mismatch] ", COLS - used);
    if (e->lookalike)
        used += put_text(v, "[lookalike] ", COLS - used);
    /* a lookalike host's other form stays in sight: the URI gives way */
    other = e->host_other ? text_width(v, e->host_other) + 3 : 0;
    if (other > COLS - used)
        other = COLS - used;
    used += put_text(v, e->target_shown ? e->target_shown : e->shown,
                     COLS - used - other);
    if (e->host_other) {
        used += put_text(v, " [", COLS - used);
        used += put_text(v, e->host_other, COLS - used - 1);
        used += put_text(v, "]", COLS - used);
    }
    if (pos == v->sel) {
        hline(' ', COLS - used);
        attroff(A_REVERSE | A_BOLD);
    }
    if (!v->compact)
        draw_context(v, e, y + 1);
}

static void
draw(struct view *v)
{
    size_t per = per_page(v), i;
    const struct entry *cur = entry_at(v, v->sel);
    int used;

    if (v->sel < v->top)
        v->top = v->sel;
    if (v->sel >= v->top + per)
        v->top = v->sel - per + 1;
    erase();
    draw_title(v);
    for (i = v->top; i < v->p->n && i < v->top + per; i++)
        draw_entry(v, i, 1 + (v->compact ? 1 : 2) * (int)(i - v->top));
    move(LINES - 1, 0);
    if (v->status[0])
        put_text(v, v->status, COLS);
    else if (cur->wrapper) {
        used = put_text(v, cur->wrapper, COLS);
        used += put_text(v, ": ", COLS - used);
        put_text(v, cur->shown, COLS - used);
    } else if (cur->subject) {
        used = put_text(v, "Subject: ", COLS);
        put_text(v, cur->subject, COLS - used);
    }
    refresh();
}

/* Say S (made safe here) on the status line until the next key. */
static void
say(struct view *v, const char *s)
{
    char *t = tidy(s, strlen(s), false);

    snprintf(v->status, sizeof v->status, "%s", t);
    free(t);
}

/* Does E hold NEEDLE (ignoring ASCII case)? */
static bool
entry_has(const struct entry *e, const char *needle)
{
    return strcasestr(e->uri, needle) || strcasestr(e->before, needle) ||
           (e->target && strcasestr(e->target, needle)) ||
           (e->host_other && strcasestr(e->host_other, needle)) ||
           strcasestr(e->after, needle) ||
           (e->subject && strcasestr(e->subject, needle));
}

/* Select the next entry after the selection that holds v->search,
 * going round. */
static void
search_next(struct view *v)
{
    size_t n = v->p->n, k;

    if (v->search[0] == '\0')
        return;
    for (k = 1; k <= n; k++) {
        size_t i = (v->sel + k) % n;

        if (entry_has(entry_at(v, i), v->search)) {
            v->sel = i;
            return;
        }
    }
    snprintf(v->status, sizeof v->status, "not found: ");
    {
        char *t = tidy(v->search, strlen(v->search), false);

        strncat(v->status, t, sizeof v->status - strlen(v->status) - 1);
        free(t);
    }
}

/* '/': read a search string on the status line (Enter ends it, Esc
 * gives up), then search. */
static void
search_prompt(struct view *v)
{
    char s[SEARCH_MAX];
    size_t n = 0;
    int c;

    s[0] = '\0';
    for (;;) {
        char *t = tidy(s, n, false);

        move(LINES - 1, 0);
        clrtoeol();
        addstr("/");
        put_text(v, t, COLS - 1);
        free(t);
        refresh();
        c = getch();
        if (c == '\n' || c == '\r' || c == KEY_ENTER)
            break;
        if (c == 27)
            return;
        if (c == KEY_BACKSPACE || c == 127 || c == 8) {
            /* a whole UTF-8 character */
            while (n > 0 && ((unsigned char)s[n - 1] & 0xc0) == 0x80)
                n--;
            if (n > 0)
                n--;
            s[n] = '\0';
        } else if (c >= ' ' && c <= 0xff && c != 127 && n + 1 < sizeof s) {
            s[n++] = (char)c;
            s[n] = '\0';
        }
    }
    if (n > 0)
        memcpy(v->search, s, n + 1);
    search_next(v);
}

/* Ask QUESTION (made safe here) on the status line: true for y. */
static bool
ask(struct view *v, const char *question)
{
    int c;

    say(v, question);
    draw(v);
    c = getch();
    v->status[0] = '\0';
    return c == 'y' || c == 'Y';
}

/* The URI of E to open or copy: a wrapped link's target, if so set. */
static const char *
uri_of(const struct view *v, const struct entry *e)
{
    return e->target && v->p->conf.open_target == 1 ? e->target : e->uri;
}

/* URI's scheme in lower case into S (LEN bytes): "" when it has none
 * (a relative reference) or one longer than S. */
static void
scheme_of(const char *uri, char *s, size_t len)
{
    size_t k = strspn(uri, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                           "WXYZ0123456789+-.");
    size_t i;

    s[0] = '\0';
    if (uri[k] != ':' || k == 0 || k >= len ||
        !strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                uri[0]))
        return;
    for (i = 0; i < k; i++)
        s[i] = (char)(uri[i] >= 'A' && uri[i] <= 'Z' ? uri[i] + 32 : uri[i]);
    s[k] = '\0';
}

/* Why opening URI of E wants a yes first, or NULL. */
static const char *
confirm_reason(const struct view *v, const struct entry *e, const char *uri)
{
    char scheme[32];

    if (v->p->conf.confirm == CONFIRM_NEVER)
        return NULL;
    if (e->mismatch)
        return "its text names another site";
    if (e->lookalike)
        return "its host looks like another";
    scheme_of(uri, scheme, sizeof scheme);
    if (strcmp(scheme, "http") != 0 && strcmp(scheme, "https") != 0 &&
        strcmp(scheme, "mailto") != 0)
        return scheme[0] ? "not http, https or mailto" : "not absolute";
    return v->p->conf.confirm == CONFIRM_ALWAYS ? "asked to confirm" : NULL;
}

/* The opener for URI: the first rule that takes it, else the default. */
static char *const *
opener_for(const struct picker *p, const char *uri)
{
    char scheme[32];
    size_t i, k;

    scheme_of(uri, scheme, sizeof scheme);
    for (i = 0; i < p->conf.nrules; i++) {
        const struct pick_rule *r = &p->conf.rules[i];

        for (k = 0; r->schemes && r->schemes[k]; k++)
            if (strcmp(r->schemes[k], scheme) == 0)
                return r->argv;
        if (r->re) {
            pcre2_match_data *md =
                pcre2_match_data_create_from_pattern(r->re, NULL);
            int rc;

            if (md == NULL)
                out_of_memory();
            rc = pcre2_match(r->re, (PCRE2_SPTR)uri, strlen(uri), 0, 0, md,
                             NULL);
            pcre2_match_data_free(md);
            if (rc >= 0)
                return r->argv;
        }
    }
    return p->conf.open_with;
}

/* Open E (asking first if it must): 0 when opened, 1 when the user said
 * no, -1 when the opener failed; the status line says how it went. The
 * terminal is given back to the shell's state while the opener runs (a
 * console browser uses it). Never a shell: the URI is one argument. */
static int
open_entry(struct view *v, const struct entry *e)
{
    const char *uri = uri_of(v, e), *why = confirm_reason(v, e, uri);
    char msg[512];
    int rc;

    if (why) {
        char *shown = tidy(uri, strlen(uri), false);

        snprintf(msg, sizeof msg, "%s: open it? [y/N] %s", why, shown);
        free(shown);
        if (!ask(v, msg)) {
            say(v, "not opened");
            return 1;
        }
    }
    def_prog_mode();
    endwin();
    rc = launch_open(opener_for(v->p, uri), uri, v->p->tty, msg, sizeof msg);
    reset_prog_mode();
    clearok(curscr, TRUE);
    say(v, msg);
    return rc;
}

/* 'a': open every tagged entry, in the order found (the selected one
 * when none is tagged); true when all were opened. */
static bool
open_tagged(struct view *v)
{
    size_t i, done = 0, want = 0;
    char msg[64];

    if (v->ntagged == 0)
        return open_entry(v, entry_at(v, v->sel)) == 0;
    for (i = 0; i < v->p->n; i++)
        if (v->p->v[i].tagged) {
            want++;
            done += open_entry(v, &v->p->v[i]) == 0;
        }
    snprintf(msg, sizeof msg, "opened %zu of %zu tagged", done, want);
    say(v, msg);
    return done == want;
}

/* 'y': copy the selected URI; true when done. */
static bool
copy_selected(struct view *v)
{
    char msg[256];
    int rc = launch_copy(v->p->tty, uri_of(v, entry_at(v, v->sel)), msg,
                         sizeof msg);

    say(v, msg);
    return rc == 0;
}

/* A digit: read the number of an entry on the status line, starting
 * with FIRST (Enter ends it, Esc gives up), and select that entry. */
static void
jump_prompt(struct view *v, int first)
{
    char s[16];
    size_t n = 0;
    int c = first;
    unsigned long k;

    for (;;) {
        if (c >= '0' && c <= '9' && n + 1 < sizeof s)
            s[n++] = (char)c;
        else if ((c == KEY_BACKSPACE || c == 127 || c == 8) && n > 0)
            n--;
        else if (c == '\n' || c == '\r' || c == KEY_ENTER)
            break;
        else if (c == 27 || c == ERR || n == 0)
            return;
        s[n] = '\0';
        move(LINES - 1, 0);
        clrtoeol();
        addstr("Jump to: ");
        addstr(s);
        refresh();
        c = getch();
    }
    k = strtoul(s, NULL, 10);
    if (k >= 1 && k <= v->p->n)
        v->sel = pos_of(v, k - 1);
    else
        say(v, "no such entry");
}

/* Move the selection for action A; true when A was a move. */
static bool
move_sel(struct view *v, enum pick_action a)
{
    size_t n = v->p->n, per = per_page(v);

    switch (a) {
    case PICK_DOWN:
        v->sel += v->sel + 1 < n;
        return true;
    case PICK_UP:
        v->sel -= v->sel > 0;
        return true;
    case PICK_PAGE_DOWN:
        v->sel = v->sel + per < n ? v->sel + per : n - 1;
        return true;
    case PICK_PAGE_UP:
        v->sel = v->sel > per ? v->sel - per : 0;
        return true;
    case PICK_TOP:
        v->sel = 0;
        return true;
    case PICK_BOTTOM:
        v->sel = n - 1;
        return true;
    default:
        return false;
    }
}

/* 't': tag or untag the selected entry, then select the next. */
static void
tag_selected(struct view *v)
{
    struct entry *e = entry_at(v, v->sel);

    e->tagged = !e->tagged;
    if (e->tagged)
        v->ntagged++;
    else
        v->ntagged--;
    move_sel(v, PICK_DOWN);
}

/* Do A; set v->quit when it quits. */
static void
act(struct view *v, enum pick_action a)
{
    bool done = false;
    size_t i;

    if (move_sel(v, a))
        return;
    switch (a) {
    case PICK_SEARCH: search_prompt(v); break;
    case PICK_SEARCH_NEXT: search_next(v); break;
    case PICK_OPEN: done = open_entry(v, entry_at(v, v->sel)) == 0; break;
    case PICK_OPEN_TAGGED: done = open_tagged(v); break;
    case PICK_COPY: done = copy_selected(v); break;
    case PICK_TAG: tag_selected(v); break;
    case PICK_CONTEXT: v->compact = !v->compact; break;
    case PICK_REVERSE:
        i = (size_t)(entry_at(v, v->sel) - v->p->v);
        v->reverse = !v->reverse;
        v->sel = pos_of(v, i);
        break;
    case PICK_REDRAW: clearok(curscr, TRUE); break;
    case PICK_QUIT: v->quit = true; break;
    default: break;
    }
    if (done && v->p->conf.quit_after_open == 1)
        v->quit = true;
}

/* The default keys (urigrep.1 lists them), then the configured ones. */
static void
keymap_init(struct view *v)
{
    static const struct {
        int key;
        enum pick_action action;
    } keys[] = {
        { 'j', PICK_DOWN }, { KEY_DOWN, PICK_DOWN }, { 'k', PICK_UP },
        { KEY_UP, PICK_UP }, { KEY_NPAGE, PICK_PAGE_DOWN },
        { KEY_PPAGE, PICK_PAGE_UP }, { 'b', PICK_PAGE_UP },
        { 'g', PICK_TOP }, { KEY_HOME, PICK_TOP }, { 'G', PICK_BOTTOM },
        { KEY_END, PICK_BOTTOM }, { '/', PICK_SEARCH },
        { 'n', PICK_SEARCH_NEXT }, { '\n', PICK_OPEN }, { '\r', PICK_OPEN },
        { KEY_ENTER, PICK_OPEN }, { 't', PICK_TAG }, { ' ', PICK_TAG },
        { 'a', PICK_OPEN_TAGGED }, { 'y', PICK_COPY },
        { 'c', PICK_CONTEXT }, { 'R', PICK_REVERSE },
        { 'L' - '@', PICK_REDRAW }, { 'q', PICK_QUIT }, { 'Q', PICK_QUIT },
        { 27, PICK_QUIT },
    };
    const struct pick_config *c = &v->p->conf;
    size_t i;

    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        v->keymap[keys[i].key] = (unsigned char)keys[i].action;
    for (i = 0; i < c->nbinds; i++)
        if (c->binds[i].key >= 0 && c->binds[i].key <= KEY_MAX)
            v->keymap[c->binds[i].key] = (unsigned char)c->binds[i].action;
}

/* Act on key C. */
static void
key(struct view *v, int c)
{
    if (c < 0 || c > KEY_MAX)
        return;
    if (v->keymap[c] == PICK_NONE && c >= '0' && c <= '9')
        jump_prompt(v, c);
    else
        act(v, (enum pick_action)v->keymap[c]);
}

/* Start ncurses on P's terminal: the screen, or NULL after saying why;
 * *IN and *OUT are its streams. */
static SCREEN *
start_screen(struct picker *p, FILE **in, FILE **out)
{
    SCREEN *scr = NULL;

    /* the list shows text in the terminal's charset: UTF-8 or '?' */
    setlocale(LC_CTYPE, "");
    /* close-on-exec: an opener or a clipboard tool left in the
     * background must not hold the terminal */
    *in = fdopen(fcntl(p->tty, F_DUPFD_CLOEXEC, 3), "r");
    *out = fdopen(fcntl(p->tty, F_DUPFD_CLOEXEC, 3), "w");
    if (*in == NULL || *out == NULL ||
        (scr = newterm(NULL, *out, *in)) == NULL) {
        const char *term = getenv("TERM");

        report_msg("--pick: cannot use the terminal (TERM=%s)",
                   term ? term : "");
        if (*in)
            fclose(*in);
        if (*out)
            fclose(*out);
        return NULL;
    }
    set_term(scr);
    set_escdelay(100);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    return scr;
}

int
pick_run(struct picker *p)
{
    struct view v;
    FILE *in, *out;
    SCREEN *scr;
    int c;

    if (p->n == 0) {
        report_msg("no URI found");
        return 1;
    }
    memset(&v, 0, sizeof v);
    v.p = p;
    v.compact = p->conf.compact == 1;
    v.reverse = p->conf.reverse == 1;
    keymap_init(&v);
    if ((scr = start_screen(p, &in, &out)) == NULL)
        return 2;
    v.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    /* a list of one: opened at once, and left unless that failed */
    if (p->n == 1 && p->conf.open_if_one == 1 && open_entry(&v, p->v) >= 0)
        v.quit = true;
    while (!v.quit) {
        draw(&v);
        c = getch();
        v.status[0] = '\0';
        if (c == ERR)
            break;
        key(&v, c);
    }
    endwin();
    delscreen(scr);
    fclose(in);
    fclose(out);
    return 0;
}

#else

int
pick_run(struct picker *p)
{
    (void)p;
    return 2;
}

#endif
