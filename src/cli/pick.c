/* pick.c: urigrep --pick: the URIs found in a full-screen list (ncurses),
 * keys from /dev/tty, the chosen one opened with a browser. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
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
#include "pick.h"
#include "uniq.h"

/* Columns of context shown on each side of the link, at most. */
#define SIDE_COLS 60
/* Longest search string typed. */
#define SEARCH_MAX 128

/* One URI of the list. The strings are owned; all but URI are made safe
 * to show (tidy()). */
struct entry {
    char *uri;         /* as found, for the opener */
    char *shown;       /* URI made safe to show */
    char *before;      /* words before it */
    char *after;       /* words after it (for a link: its words) */
    char *subject;     /* of its message, or NULL */
};

struct picker {
    int tty;                /* /dev/tty, read and written */
    char **opener;          /* argv of the opener, then room for the URI
                               and the NULL that ends it */
    size_t nopener;
    struct entry *v;
    size_t n, cap;
    struct uniq *seen;      /* URIs of the message at hand */
    char *file;             /* name of the file at hand */
    uint64_t message;       /* number of the message at hand */
};

/* Append word after word of S (split on blanks) to P's opener. */
static void
split_command(struct picker *p, const char *s)
{
    while (*s) {
        size_t k;
        char **v;

        s += strspn(s, " \t");
        if ((k = strcspn(s, " \t")) == 0)
            break;
        if ((v = realloc(p->opener, (p->nopener + 3) * sizeof *v)) == NULL ||
            (v[p->nopener] = strndup(s, k)) == NULL)
            out_of_memory();
        p->opener = v;
        p->nopener++;
        p->opener[p->nopener] = NULL;
        s += k;
    }
}

struct picker *
pick_new(const char *open_with)
{
#ifndef HAVE_NCURSES
    (void)open_with;
    report_msg("--pick: this urigrep was built without ncurses");
    exit(2);
#else
    struct picker *p;
    const char *browser = getenv("BROWSER");

    if ((p = calloc(1, sizeof *p)) == NULL)
        out_of_memory();
    if (open_with)
        split_command(p, open_with);
    else if (browser && browser[strspn(browser, " \t")])
        split_command(p, browser);
    else
        split_command(p, "xdg-open");
    if (p->nopener == 0) {
        report_msg("--open-with: no command given");
        exit(2);
    }
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
    }
    free(p->v);
    for (i = 0; i < p->nopener; i++)
        free(p->opener[i]);
    free(p->opener);
    uniq_free(p->seen);
    free(p->file);
    if (p->tty >= 0)
        close(p->tty);
    free(p);
}

#ifdef HAVE_NCURSES

/* What the screen shows: the list, the selection, the status line. */
struct view {
    struct picker *p;
    size_t sel, top;
    bool utf8;                  /* the terminal takes UTF-8 */
    char status[512];           /* made safe to show */
    char search[SEARCH_MAX];
};

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

/* Entries a page shows: two rows each, between the title and status. */
static size_t
per_page(void)
{
    int rows = (LINES - 2) / 2;

    return rows > 0 ? (size_t)rows : 1;
}

static void
draw(struct view *v)
{
    struct picker *p = v->p;
    size_t per = per_page(), i;
    const struct entry *cur = &p->v[v->sel];
    char title[128];

    if (v->sel < v->top)
        v->top = v->sel;
    if (v->sel >= v->top + per)
        v->top = v->sel - per + 1;
    erase();
    snprintf(title, sizeof title, " urigrep: %zu/%zu  Enter open  / search"
             "  n next  q quit", v->sel + 1, p->n);
    attron(A_REVERSE);
    move(0, 0);
    put_text(v, title, COLS);
    hline(' ', COLS);
    attroff(A_REVERSE);
    for (i = v->top; i < p->n && i < v->top + per; i++) {
        const struct entry *e = &p->v[i];
        int y = 1 + 2 * (int)(i - v->top), used;
        char num[32];

        snprintf(num, sizeof num, "%4zu ", i + 1);
        if (i == v->sel)
            attron(A_REVERSE | A_BOLD);
        move(y, 0);
        used = put_text(v, num, COLS);
        used += put_text(v, e->shown, COLS - used);
        if (i == v->sel) {
            hline(' ', COLS - used);
            attroff(A_REVERSE | A_BOLD);
        }
        move(y + 1, 0);
        used = put_text(v, "      ", COLS);
        if (e->before[0] || e->after[0]) {
            int room = COLS - used - 5, bw = text_width(v, e->before);
            int aw = text_width(v, e->after), side;

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
            attron(A_DIM);
            used += put_text(v, tail_fitting(v, e->before, side), side);
            used += put_text(v, " [*] ", COLS - used);
            put_text(v, e->after, COLS - used);
            attroff(A_DIM);
        }
    }
    move(LINES - 1, 0);
    if (v->status[0])
        put_text(v, v->status, COLS);
    else if (cur->subject) {
        int used = put_text(v, "Subject: ", COLS);

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

        if (entry_has(&v->p->v[i], v->search)) {
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

/* Run the opener with URI as its last argument, the terminal given back
 * to the shell's state meanwhile (a console browser uses it), and say
 * how it went. Never a shell: URI reaches it as one argument. */
static void
open_uri(struct view *v, const char *uri)
{
    struct picker *p = v->p;
    struct sigaction ign, old_int, old_quit;
    char msg[256];
    pid_t pid;
    int st;

    p->opener[p->nopener] = (char *)uri;
    p->opener[p->nopener + 1] = NULL;
    def_prog_mode();
    endwin();
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGINT, &ign, &old_int);
    sigaction(SIGQUIT, &ign, &old_quit);
    pid = fork();
    if (pid == 0) {
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGQUIT, &old_quit, NULL);
        /* the standard input was the message; the terminal is the
         * browser's */
        dup2(p->tty, STDIN_FILENO);
        dup2(p->tty, STDOUT_FILENO);
        execvp(p->opener[0], p->opener);
        report_msg("cannot run '%s': %s", p->opener[0], strerror(errno));
        _exit(127);
    }
    if (pid > 0)
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGQUIT, &old_quit, NULL);
    p->opener[p->nopener] = NULL;
    reset_prog_mode();
    clearok(curscr, TRUE);
    if (pid < 0)
        snprintf(msg, sizeof msg, "cannot start '%s': %s", p->opener[0],
                 strerror(errno));
    else if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        snprintf(msg, sizeof msg, "opened with %s", p->opener[0]);
    else if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
        snprintf(msg, sizeof msg, "could not run '%s'", p->opener[0]);
    else if (WIFEXITED(st))
        snprintf(msg, sizeof msg, "'%s' exited with status %d", p->opener[0],
                 WEXITSTATUS(st));
    else
        snprintf(msg, sizeof msg, "'%s' was killed by signal %d",
                 p->opener[0], WTERMSIG(st));
    say(v, msg);
}

/* Act on key C; false when it quits. */
static bool
key(struct view *v, int c)
{
    size_t n = v->p->n, per = per_page();

    switch (c) {
    case KEY_DOWN: case 'j':
        if (v->sel + 1 < n)
            v->sel++;
        break;
    case KEY_UP: case 'k':
        if (v->sel > 0)
            v->sel--;
        break;
    case KEY_NPAGE: case ' ':
        v->sel = v->sel + per < n ? v->sel + per : n - 1;
        break;
    case KEY_PPAGE: case 'b':
        v->sel = v->sel > per ? v->sel - per : 0;
        break;
    case 'g': case KEY_HOME:
        v->sel = 0;
        break;
    case 'G': case KEY_END:
        v->sel = n - 1;
        break;
    case '/':
        search_prompt(v);
        break;
    case 'n':
        search_next(v);
        break;
    case '\n': case '\r': case KEY_ENTER:
        open_uri(v, v->p->v[v->sel].uri);
        break;
    case 'q': case 27:
        return false;
    default:
        break;
    }
    return true;
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
    /* the list shows text in the terminal's charset: UTF-8 or '?' */
    setlocale(LC_CTYPE, "");
    v.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    in = fdopen(dup(p->tty), "r");
    out = fdopen(dup(p->tty), "w");
    if (in == NULL || out == NULL || (scr = newterm(NULL, out, in)) == NULL) {
        const char *term = getenv("TERM");

        report_msg("--pick: cannot use the terminal (TERM=%s)",
                   term ? term : "");
        if (in)
            fclose(in);
        if (out)
            fclose(out);
        return 2;
    }
    set_term(scr);
    set_escdelay(100);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    do {
        draw(&v);
        c = getch();
        v.status[0] = '\0';
    } while (c != ERR && key(&v, c));
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
