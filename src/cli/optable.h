/* optable.h: the command's one option table (getopt, --help, completions). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_OPTABLE_H
#define URIGREP_OPTABLE_H

#include <getopt.h>
#include <stdio.h>

/* getopt_long's value of each long option without a short letter */
enum {
    OPT_BASE = 256, OPT_NO_RESOLVE, OPT_RFC, OPT_SCHEME, OPT_STRICT,
    OPT_INVALID, OPT_HYPHEN, OPT_ABBREV, OPT_ASCII, OPT_CHARSET,
    OPT_MAX_URI, OPT_BUFSIZE, OPT_HELP, OPT_VERSION, OPT_JSON, OPT_VERBOSE,
    OPT_NO_JIT, OPT_TYPE, OPT_HEADERS, OPT_INCLUDE, OPT_EXCLUDE,
    OPT_EXCLUDE_DIR, OPT_ADD_SCHEME, OPT_ADD_SCHEME_FILE, OPT_ANY_SCHEME,
    OPT_PICK, OPT_PICK_SET, OPT_NO_CONFIG, OPT_COLOR, OPT_LINE_BUFFERED,
    OPT_PROGRESS, OPT_LABEL, OPT_UNWRAP, OPT_STRIP_TRACKING,
    OPT_WARC_METADATA, OPT_CONTEXT, OPT_SINCE_COMMIT, OPT_STATE,
    OPT_LIST_RUNS, OPT_READ_RUNS, OPT_DOMAIN, OPT_EXCLUDE_DOMAIN,
    OPT_LIST_FILES, OPT_FORMAT, OPT_STATS,
    OPT_NORMALIZE, OPT_DEFANG, OPT_REFANG
};

/* What an option's value is, for the shell completions */
enum optable_value {
    OPTV_TEXT,      /* anything: nothing to offer */
    OPTV_WORDS,     /* one of 'words' */
    OPTV_FILE,      /* a file name */
    OPTV_COMMAND    /* a command name */
};

/* One option. An entry whose 'name' is NULL is a heading of --help
 * ('help'); the table ends with an entry whose 'name' and 'help' are both
 * NULL.
 * Owner: optable.c, the one table; main.c and gencomp.c read it. */
struct optable_entry {
    int letter;             /* short option, or 0 */
    const char *name;       /* long option */
    int has_arg;            /* no_argument, required_argument or
                               optional_argument (of the long form only:
                               a short letter then takes none) */
    int val;                /* what getopt_long returns for it */
    const char *arg;        /* the value's name in --help, or NULL */
    const char *help;       /* --help's text ("\n" starts an indented
                               line); NULL: an alias, in neither --help
                               nor the completions */
    enum optable_value kind;
    const char *const *words;   /* OPTV_WORDS: the values, NULL-ended */
};

/* The table, in --help's order. */
extern const struct optable_entry optable[];

/* The values of the options that take a word from a list, NULL-ended;
 * main.c maps each to its meaning (keep in sync with its choose()
 * calls). */
extern const char *const optable_rfc_words[];
extern const char *const optable_unique_words[];
extern const char *const optable_color_words[];
extern const char *const optable_progress_words[];
extern const char *const optable_hyphen_words[];
extern const char *const optable_type_words[];
/* --stats: the fields offered (any --format field, or a template, is
 * taken) */
extern const char *const optable_stats_words[];
/* --open-wrapped and --confirm: conf.c's conf_set() checks these (keep in
 * sync) */
extern const char *const optable_open_wrapped_words[];
extern const char *const optable_confirm_words[];

/* getopt_long's table of long options, built from optable on the first
 * call (not thread-safe: call it before starting threads). Static
 * storage; the strings are borrowed from optable. */
const struct option *optable_long_options(void);

/* getopt_long's short option string, ':' first (so that a missing
 * argument is told apart), built from optable on the first call (as
 * optable_long_options()). Static storage. */
const char *optable_short_options(void);

/* Write the option lines of --help to OUT, in the table's order. */
void optable_print_help(FILE *out);

#endif
