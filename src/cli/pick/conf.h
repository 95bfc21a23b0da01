/* conf.h: urigrep --pick's configuration: default options, opener
 * rules and key bindings, from a file or the command line. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CONF_H
#define URIGREP_CONF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifndef PCRE2_CODE_UNIT_WIDTH
#define PCRE2_CODE_UNIT_WIDTH 8
#endif
#include <pcre2.h>

/* What a key does in the list. Keep in sync with action_names in
 * config.c. */
enum pick_action {
    PICK_NONE,          /* unbound */
    PICK_DOWN, PICK_UP, PICK_PAGE_DOWN, PICK_PAGE_UP, PICK_TOP, PICK_BOTTOM,
    PICK_SEARCH, PICK_SEARCH_NEXT,
    PICK_OPEN,          /* open the selected URI */
    PICK_TAG,           /* tag or untag it */
    PICK_OPEN_TAGGED,   /* open every tagged URI (the selected one if none) */
    PICK_COPY,          /* copy it: OSC 52 and a clipboard tool */
    PICK_CONTEXT,       /* show or hide the context (compact list) */
    PICK_REVERSE,       /* reverse the order */
    PICK_REDRAW,
    PICK_QUIT,
    PICK_ACTIONS        /* how many there are */
};

/* When to ask before opening. */
enum pick_confirm {
    CONFIRM_UNSET = -1,
    CONFIRM_AUTO,       /* not http, https or mailto; mismatch; lookalike */
    CONFIRM_ALWAYS,
    CONFIRM_NEVER
};

/* An opener rule: a URI whose scheme is among SCHEMES, or that PATTERN
 * matches, is opened with ARGV.
 * Owner: conf.c, which reads the configuration file; pick.c and launch.c
 * read it. */
struct pick_rule {
    char **schemes;     /* lower case, NULL-ended; or NULL */
    pcre2_code *re;     /* or NULL */
    char **argv;        /* NULL-ended; "{}" stands for the URI, which is
                           appended when no word is "{}" */
};

/* Owner: conf.c, which reads the configuration file; pick.c reads it. */
struct pick_binding {
    int key;            /* a character, or an ncurses KEY_ code */
    enum pick_action action;
};

/* The picker's settings. The ints are -1 until set (then 0 or 1).
 * Owner: conf.c, which reads the configuration file; pick.c reads it. */
struct pick_config {
    int quit_after_open;    /* quit after an opener ran or a copy */
    int open_if_one;        /* a list of one URI opens it at once */
    int compact;            /* one row per URI, no context */
    int reverse;            /* last found first */
    int open_target;        /* wrapped links: 1 the target, 0 the wrapper */
    enum pick_confirm confirm;
    char **open_with;       /* the default opener, NULL-ended; or NULL */
    struct pick_rule *rules;
    size_t nrules;
    struct pick_binding *binds; /* later ones win */
    size_t nbinds;
};

/* Longest line of a configuration file, in bytes. */
#define CONF_LINE_MAX 4096

/* Set C to nothing set. */
void conf_init(struct pick_config *c);

/* Free what C holds (not C) and set it to nothing set. */
void conf_free(struct pick_config *c);

/* Apply the option NAME (a long option's name, without "--") with
 * VALUE (NULL for none) to C, as "set NAME VALUE" in a file would.
 * Returns 0, or -1 with the reason in WHY (WHYLEN bytes). */
int conf_set(struct pick_config *c, const char *name, const char *value,
               char *why, size_t whylen);

/* Read the configuration in F into C: one command a line ("set",
 * "open", "bind"), '#' starting a comment. Returns 0, or -1 with the
 * reason in WHY and its line number in *LINE; what came before the bad
 * line stays in C. */
int conf_read(struct pick_config *c, FILE *f, char *why, size_t whylen,
                unsigned *line);

/* The configuration file to read: $URIGREP_CONFIG (*EXPLICIT set true),
 * else $XDG_CONFIG_HOME/urigrep/config, else ~/.config/urigrep/config;
 * NULL when none can be named. Caller frees the result. */
char *conf_path(bool *explicit);

/* Read the configuration file PATH into C. A file that does not exist
 * is no error unless EXPLICIT. Says "urigrep: PATH:LINE: reason" (or
 * "urigrep: PATH: reason") and returns -1 on error, else 0. */
int conf_load(struct pick_config *c, const char *path, bool explicit);

/* Fill what TO does not set from FROM (FROM's rules and bindings come
 * first; TO's own win). FROM is emptied. */
void conf_merge(struct pick_config *to, struct pick_config *from);

/* The key named NAME ("x", "Space", "Enter", "C-o", "PgDn", "F1"...), or
 * -1. */
int conf_key(const char *name);

/* The action named NAME ("open", "tag", "copy"...; urlscan's names
 * too), or -1. */
int conf_action(const char *name);

/* The name of action A. */
const char *conf_action_name(enum pick_action a);

#endif
