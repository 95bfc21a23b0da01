/* conf.c: urigrep --pick's configuration file and the options it
 * shares with the command line. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef HAVE_NCURSES
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>
#endif

#include "cli.h"
#include "pick/conf.h"

/* Most words on a line: "open match RE" and an opener of 60 words. */
#define WORDS_MAX 64

/* Names of the actions, by enum pick_action; keep in sync. */
static const char *const action_names[PICK_ACTIONS] = {
    "none", "down", "up", "page-down", "page-up", "top", "bottom",
    "search", "search-next", "open", "tag", "open-tagged", "copy",
    "context", "reverse", "redraw", "quit"
};

/* urlscan's names for the same actions (its config.json keys), so that
 * its users can keep them. */
static const struct {
    const char *name;
    enum pick_action action;
} urlscan_names[] = {
    { "open_url", PICK_OPEN }, { "add_url", PICK_TAG },
    { "open_queue", PICK_OPEN_TAGGED }, { "clipboard", PICK_COPY },
    { "context", PICK_CONTEXT }, { "reverse", PICK_REVERSE },
    { "clear_screen", PICK_REDRAW }, { "page_down", PICK_PAGE_DOWN },
    { "page_up", PICK_PAGE_UP }, { "search_next", PICK_SEARCH_NEXT },
    { "open_tagged", PICK_OPEN_TAGGED },
};

/* Keys by name, beyond single characters and C-x. */
static const struct {
    const char *name;
    int key;
} key_names[] = {
    { "Space", ' ' }, { "Tab", '\t' }, { "Enter", '\r' }, { "Esc", 27 },
    { "Escape", 27 }, { "Backspace", 127 },
#ifdef HAVE_NCURSES
    { "Up", KEY_UP }, { "Down", KEY_DOWN }, { "Left", KEY_LEFT },
    { "Right", KEY_RIGHT }, { "PgUp", KEY_PPAGE }, { "PgDn", KEY_NPAGE },
    { "PageUp", KEY_PPAGE }, { "PageDown", KEY_NPAGE },
    { "Home", KEY_HOME }, { "End", KEY_END }, { "Insert", KEY_IC },
    { "Delete", KEY_DC },
#endif
};

/* Say why, printf-style, in WHY (WHYLEN bytes); return -1. */
static int __attribute__((format(printf, 3, 4)))
fail(char *why, size_t whylen, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, whylen, fmt, ap);
    va_end(ap);
    return -1;
}

void
conf_init(struct pick_config *c)
{
    memset(c, 0, sizeof *c);
    c->quit_after_open = c->open_if_one = c->compact = c->reverse = -1;
    c->open_target = -1;
    c->confirm = CONFIRM_UNSET;
}

/* Free V, a NULL-ended array of strings, and its strings. */
static void
free_words(char **v)
{
    size_t i;

    if (v == NULL)
        return;
    for (i = 0; v[i]; i++)
        free(v[i]);
    free(v);
}

void
conf_free(struct pick_config *c)
{
    size_t i;

    free_words(c->open_with);
    for (i = 0; i < c->nrules; i++) {
        free_words(c->rules[i].schemes);
        pcre2_code_free(c->rules[i].re);
        free_words(c->rules[i].argv);
    }
    free(c->rules);
    free(c->binds);
    conf_init(c);
}

/* A NULL-ended copy of the N words W. */
static char **
copy_words(char *const *w, size_t n)
{
    char **v = calloc(n + 1, sizeof *v);
    size_t i;

    if (v == NULL)
        out_of_memory();
    for (i = 0; i < n; i++)
        if ((v[i] = strdup(w[i])) == NULL)
            out_of_memory();
    return v;
}

/* Split S in place into at most WORDS_MAX words in W (*N of them):
 * blanks separate words, '...' and "..." quote blanks and '#', and a '#'
 * that starts a word starts a comment. Returns 0, or -1 with WHY. */
static int
split_words(char *s, char **w, size_t *n, char *why, size_t whylen)
{
    char *o = s;

    *n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
            s++;
        if (*s == '\0' || *s == '#')
            return 0;
        if (*n == WORDS_MAX)
            return fail(why, whylen, "more than %d words", WORDS_MAX);
        w[(*n)++] = o;
        while (*s && !strchr(" \t\r\n", *s)) {
            if (*s == '\'' || *s == '"') {
                char q = *s++;

                while (*s && *s != q)
                    *o++ = *s++;
                if (*s != q)
                    return fail(why, whylen, "unterminated %c", q);
                s++;
            } else
                *o++ = *s++;
        }
        /* the end of this word may be where the next one starts */
        if (*s)
            s++;
        *o++ = '\0';
    }
}

/* A yes/no VALUE (NULL: yes) of option NAME into *OUT. */
static int
set_bool(int *out, const char *name, const char *value, char *why,
         size_t whylen)
{
    if (value == NULL || strcmp(value, "yes") == 0 ||
        strcmp(value, "on") == 0 || strcmp(value, "true") == 0)
        *out = 1;
    else if (strcmp(value, "no") == 0 || strcmp(value, "off") == 0 ||
             strcmp(value, "false") == 0)
        *out = 0;
    else
        return fail(why, whylen, "%s: '%s' is not yes or no", name, value);
    return 0;
}

/* Split S on blanks into a NULL-ended array, as --open-with always
 * did; NULL when it holds no word. */
static char **
split_blanks(const char *s)
{
    char **v = NULL;
    size_t n = 0, k;

    while (*(s += strspn(s, " \t"))) {
        k = strcspn(s, " \t");
        if ((v = realloc(v, (n + 2) * sizeof *v)) == NULL ||
            (v[n] = strndup(s, k)) == NULL)
            out_of_memory();
        v[++n] = NULL;
        s += k;
    }
    return v;
}

int
conf_set(struct pick_config *c, const char *name, const char *value,
           char *why, size_t whylen)
{
    if (strcmp(name, "quit-after-open") == 0)
        return set_bool(&c->quit_after_open, name, value, why, whylen);
    if (strcmp(name, "open-if-one") == 0)
        return set_bool(&c->open_if_one, name, value, why, whylen);
    if (strcmp(name, "compact") == 0)
        return set_bool(&c->compact, name, value, why, whylen);
    if (strcmp(name, "reverse") == 0)
        return set_bool(&c->reverse, name, value, why, whylen);
    if (strcmp(name, "open-wrapped") == 0) {
        if (value && strcmp(value, "target") == 0)
            c->open_target = 1;
        else if (value && strcmp(value, "wrapper") == 0)
            c->open_target = 0;
        else
            return fail(why, whylen, "open-wrapped: want target or wrapper");
        return 0;
    }
    if (strcmp(name, "confirm") == 0) {
        if (value && strcmp(value, "auto") == 0)
            c->confirm = CONFIRM_AUTO;
        else if (value && strcmp(value, "always") == 0)
            c->confirm = CONFIRM_ALWAYS;
        else if (value && strcmp(value, "never") == 0)
            c->confirm = CONFIRM_NEVER;
        else
            return fail(why, whylen, "confirm: want auto, always or never");
        return 0;
    }
    if (strcmp(name, "open-with") == 0) {
        char **v = value ? split_blanks(value) : NULL;

        if (v == NULL)
            return fail(why, whylen, "open-with: no command given");
        free_words(c->open_with);
        c->open_with = v;
        return 0;
    }
    return fail(why, whylen, "unknown option '%s'", name);
}

/* "set NAME [VALUE]" (W[1], W[2]; for open-with, words W[2..N-1]). */
static int
line_set(struct pick_config *c, char **w, size_t n, char *why,
         size_t whylen)
{
    if (n < 2)
        return fail(why, whylen, "set: no option named");
    if (strcmp(w[1], "open-with") == 0) {
        if (n < 3)
            return fail(why, whylen, "open-with: no command given");
        free_words(c->open_with);
        c->open_with = copy_words(w + 2, n - 2);
        return 0;
    }
    if (n > 3)
        return fail(why, whylen, "set %s: one value at most", w[1]);
    return conf_set(c, w[1], n > 2 ? w[2] : NULL, why, whylen);
}

/* The schemes of "a,b,c" (S, changed), lower case and checked. */
static int
rule_schemes(struct pick_rule *r, char *s, char *why, size_t whylen)
{
    char *w[WORDS_MAX], *t;
    size_t n = 0;

    for (t = strtok(s, ","); t; t = strtok(NULL, ",")) {
        char *p;

        if (n == WORDS_MAX)
            return fail(why, whylen, "open scheme: too many schemes");
        if (!isalpha((unsigned char)t[0]))
            return fail(why, whylen, "open scheme: '%s' is no scheme", t);
        for (p = t; *p; p++) {
            if (!isalnum((unsigned char)*p) && !strchr("+-.", *p))
                return fail(why, whylen, "open scheme: '%s' is no scheme",
                            t);
            *p = (char)tolower((unsigned char)*p);
        }
        w[n++] = t;
    }
    if (n == 0)
        return fail(why, whylen, "open scheme: no scheme given");
    r->schemes = copy_words(w, n);
    return 0;
}

/* The pattern RE for R, compiled. */
static int
rule_pattern(struct pick_rule *r, const char *re, char *why, size_t whylen)
{
    PCRE2_UCHAR msg[256];
    PCRE2_SIZE off;
    int err;

    r->re = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
                          PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &err, &off,
                          NULL);
    if (r->re == NULL) {
        pcre2_get_error_message(err, msg, sizeof msg);
        return fail(why, whylen, "open match: bad pattern: %s at offset %zu",
                    (const char *)msg, (size_t)off);
    }
    return 0;
}

/* "open scheme S[,S...] CMD..." or "open match RE CMD...". */
static int
line_open(struct pick_config *c, char **w, size_t n, char *why,
          size_t whylen)
{
    struct pick_rule r, *v;

    memset(&r, 0, sizeof r);
    if (n < 2 || (strcmp(w[1], "scheme") != 0 && strcmp(w[1], "match") != 0))
        return fail(why, whylen, "open: want 'open scheme' or 'open match'");
    if (n < 4)
        return fail(why, whylen, "open %s: want %s and a command", w[1],
                    w[1][0] == 's' ? "a scheme" : "a pattern");
    if ((w[1][0] == 's' ? rule_schemes(&r, w[2], why, whylen)
                        : rule_pattern(&r, w[2], why, whylen)) < 0)
        return -1;
    r.argv = copy_words(w + 3, n - 3);
    if ((v = realloc(c->rules, (c->nrules + 1) * sizeof *v)) == NULL)
        out_of_memory();
    c->rules = v;
    c->rules[c->nrules++] = r;
    return 0;
}

int
conf_key(const char *name)
{
    size_t i;

    if (name[0] && name[1] == '\0')
        return (unsigned char)name[0] > ' ' && (unsigned char)name[0] < 127
                   ? name[0]
                   : -1;
    if (strncmp(name, "C-", 2) == 0 && name[2] && name[3] == '\0' &&
        isalpha((unsigned char)name[2]))
        return tolower((unsigned char)name[2]) - 'a' + 1;
    for (i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (strcasecmp(name, key_names[i].name) == 0)
            return key_names[i].key;
#ifdef HAVE_NCURSES
    if ((name[0] == 'F' || name[0] == 'f') && isdigit((unsigned char)name[1])) {
        char *end;
        long f = strtol(name + 1, &end, 10);

        if (*end == '\0' && f >= 1 && f <= 12)
            return KEY_F((int)f);
    }
#endif
    return -1;
}

int
conf_action(const char *name)
{
    size_t i;

    for (i = 0; i < PICK_ACTIONS; i++)
        if (strcmp(name, action_names[i]) == 0)
            return (int)i;
    for (i = 0; i < sizeof urlscan_names / sizeof urlscan_names[0]; i++)
        if (strcmp(name, urlscan_names[i].name) == 0)
            return (int)urlscan_names[i].action;
    return -1;
}

const char *
conf_action_name(enum pick_action a)
{
    return a < PICK_ACTIONS ? action_names[a] : "?";
}

/* "bind KEY ACTION". */
static int
line_bind(struct pick_config *c, char **w, size_t n, char *why,
          size_t whylen)
{
    struct pick_binding *v;
    int key, action;

    if (n != 3)
        return fail(why, whylen, "bind: want a key and an action");
    if ((key = conf_key(w[1])) < 0)
        return fail(why, whylen, "bind: unknown key '%s'", w[1]);
    if ((action = conf_action(w[2])) < 0)
        return fail(why, whylen, "bind: unknown action '%s'", w[2]);
    if ((v = realloc(c->binds, (c->nbinds + 1) * sizeof *v)) == NULL)
        out_of_memory();
    c->binds = v;
    c->binds[c->nbinds].key = key;
    c->binds[c->nbinds++].action = (enum pick_action)action;
    return 0;
}

/* One line S (changed) of a file. */
static int
conf_line(struct pick_config *c, char *s, char *why, size_t whylen)
{
    char *w[WORDS_MAX];
    size_t n;

    if (split_words(s, w, &n, why, whylen) < 0)
        return -1;
    if (n == 0)
        return 0;
    if (strcmp(w[0], "set") == 0)
        return line_set(c, w, n, why, whylen);
    if (strcmp(w[0], "open") == 0)
        return line_open(c, w, n, why, whylen);
    if (strcmp(w[0], "bind") == 0)
        return line_bind(c, w, n, why, whylen);
    return fail(why, whylen, "unknown command '%s' (want set, open or bind)",
                w[0]);
}

/* Read a line of F into S (CAP bytes), without its newline, NUL-ended.
 * Returns 1, 0 at the end of F, -1 for a line of CAP bytes or more, -2
 * for a NUL byte. */
static int
read_line(FILE *f, char *s, size_t cap)
{
    size_t n = 0;
    int ch;

    while ((ch = getc(f)) != EOF && ch != '\n') {
        if (ch == '\0')
            return -2;
        if (n + 1 >= cap)
            return -1;
        s[n++] = (char)ch;
    }
    s[n] = '\0';
    return ch == EOF && n == 0 ? 0 : 1;
}

int
conf_read(struct pick_config *c, FILE *f, char *why, size_t whylen,
          unsigned *line)
{
    char s[CONF_LINE_MAX + 1];
    int got;

    *line = 0;
    while (++*line, (got = read_line(f, s, sizeof s)) > 0)
        if (conf_line(c, s, why, whylen) < 0)
            return -1;
    if (got == -1)
        return fail(why, whylen, "line longer than %d bytes", CONF_LINE_MAX);
    if (got == -2)
        return fail(why, whylen, "a NUL byte");
    if (ferror(f))
        return fail(why, whylen, "%s", strerror(errno));
    return 0;
}

char *
conf_path(bool *explicit)
{
    const char *e = getenv("URIGREP_CONFIG");

    *explicit = false;
    if (e && *e) {
        *explicit = true;
        return xconcat(e, "");
    }
    /* XDG Base Directory: a relative $XDG_CONFIG_HOME is ignored */
    if ((e = getenv("XDG_CONFIG_HOME")) && e[0] == '/')
        return xconcat(e, "/urigrep/config");
    if ((e = getenv("HOME")) && *e)
        return xconcat(e, "/.config/urigrep/config");
    return NULL;
}

int
conf_load(struct pick_config *c, const char *path, bool explicit)
{
    char why[512];
    unsigned line;
    FILE *f = fopen(path, "r");
    int rc;

    if (f == NULL) {
        if (errno == ENOENT && !explicit)
            return 0;
        report_msg("%s: %s", path, strerror(errno));
        return -1;
    }
    rc = conf_read(c, f, why, sizeof why, &line);
    if (rc < 0)
        report_msg("%s:%u: %s", path, line, why);
    fclose(f);
    return rc;
}

/* Append the N items of size SIZE at FROM to *TO (*NTO of them), FROM's
 * first; free FROM. */
static void
prepend(void **to, size_t *nto, void *from, size_t n, size_t size)
{
    char *v;

    if (n == 0) {
        free(from);
        return;
    }
    if ((v = malloc((n + *nto) * size)) == NULL)
        out_of_memory();
    memcpy(v, from, n * size);
    if (*nto)
        memcpy(v + n * size, *to, *nto * size);
    free(*to);
    free(from);
    *to = v;
    *nto += n;
}

void
conf_merge(struct pick_config *to, struct pick_config *from)
{
    int *t[] = { &to->quit_after_open, &to->open_if_one, &to->compact,
                 &to->reverse, &to->open_target };
    int *f[] = { &from->quit_after_open, &from->open_if_one,
                 &from->compact, &from->reverse, &from->open_target };
    size_t i;

    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        if (*t[i] < 0)
            *t[i] = *f[i];
    if (to->confirm == CONFIRM_UNSET)
        to->confirm = from->confirm;
    if (to->open_with == NULL) {
        to->open_with = from->open_with;
        from->open_with = NULL;
    }
    prepend((void **)&to->rules, &to->nrules, from->rules, from->nrules,
            sizeof *from->rules);
    prepend((void **)&to->binds, &to->nbinds, from->binds, from->nbinds,
            sizeof *from->binds);
    from->rules = NULL;
    from->binds = NULL;
    from->nrules = from->nbinds = 0;
    conf_free(from);
}
