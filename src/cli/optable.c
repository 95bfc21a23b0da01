/* optable.c: the command's options: getopt's tables and --help's lines. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "optable.h"

const char *const optable_rfc_words[] = { "1808", "2396", "3986", NULL };
const char *const optable_unique_words[] = { "message", "file", "all", NULL };
const char *const optable_color_words[] = {
    "never", "auto", "always", "no", "none", "tty", "if-tty", "yes", "force",
    NULL
};
const char *const optable_progress_words[] = {
    "never", "auto", "always", NULL
};
const char *const optable_open_wrapped_words[] = {
    "target", "wrapper", NULL
};
const char *const optable_confirm_words[] = {
    "auto", "always", "never", NULL
};
const char *const optable_hyphen_words[] = { "keep", "drop", "both", NULL };
const char *const optable_type_words[] = {
    "auto", "text", "mail", "mbox", "html", "mboxo", "mboxrd", "mboxcl",
    "mboxcl2", "mh", "warc", "public-inbox", "rnews", NULL
};

const char *const optable_stats_words[] = {
    "domain", "host", "scheme", "uri", "authority", "path", "port", "file",
    "subject", "message_id", "content_type", "wrapper", NULL
};

#define HEADING(text) { 0, NULL, 0, 0, NULL, text, OPTV_TEXT, NULL }
#define FLAG(l, name, val, help) \
    { l, name, no_argument, val, NULL, help, OPTV_TEXT, NULL }
#define VALUE(l, name, val, arg, help, kind) \
    { l, name, required_argument, val, arg, help, kind, NULL }
#define WORDS(l, name, has, val, arg, help, words) \
    { l, name, has, val, arg, help, OPTV_WORDS, words }
#define ALIAS(name, has, val) \
    { 0, name, has, val, NULL, NULL, OPTV_TEXT, NULL }

/* Adding an option: one entry here (its place is its place in --help),
 * its case in main.c's parse_options(), doc/urigrep.1; the completions
 * follow by themselves. */
const struct optable_entry optable[] = {
    HEADING("Input:"),
    WORDS(0, "type", required_argument, OPT_TYPE, "TYPE",
          "auto (default), text, mail, mbox, mboxo,\n"
          "mboxrd, mboxcl, mboxcl2, mh, html, warc,\n"
          "public-inbox or rnews",
          optable_type_words),
    FLAG(0, "warc-metadata", OPT_WARC_METADATA,
         "WARC: also read metadata records (outlinks)"),
    FLAG('r', "recursive", 'r', "read all files under each directory"),
    FLAG(0, "headers", OPT_HEADERS, "also report URIs in mail header fields"),
    VALUE(0, "include", OPT_INCLUDE, "GLOB",
          "with -r, only files whose name matches GLOB", OPTV_TEXT),
    VALUE(0, "exclude", OPT_EXCLUDE, "GLOB",
          "with -r, skip files whose name matches GLOB", OPTV_TEXT),
    VALUE(0, "exclude-dir", OPT_EXCLUDE_DIR, "GLOB",
          "with -r, skip directories matching GLOB", OPTV_TEXT),
    VALUE(0, "charset", OPT_CHARSET, "NAME",
          "text input charset (default UTF-8), via iconv", OPTV_TEXT),
    FLAG('a', "text", 'a', "scan binary files too"),
    VALUE(0, "since-commit", OPT_SINCE_COMMIT, "ID",
          "public-inbox: only messages after commit ID\n"
          "(one per epoch; repeatable)", OPTV_TEXT),
    VALUE(0, "state", OPT_STATE, "FILE",
          "public-inbox: only messages after those the\n"
          "last run read; FILE is updated when it ends\n"
          "without trouble", OPTV_FILE),
    VALUE(0, "list-runs", OPT_LIST_RUNS, "N",
          "public-inbox: print the archive's runs of N\n"
          "commits (as -j cuts it) instead of reading it", OPTV_TEXT),
    FLAG(0, "list-files", OPT_LIST_FILES,
         "print the files that would be read, each as its\n"
         "kind (file, message, public-inbox) and name,\n"
         "instead of reading them"),
    VALUE(0, "read-runs", OPT_READ_RUNS, "FILE",
          "public-inbox: read only the runs FILE lists\n"
          "(lines of --list-runs; - is standard input)", OPTV_FILE),
    VALUE(0, "label", OPT_LABEL, "NAME", "name standard input NAME in output",
          OPTV_TEXT),
    HEADING("Finding:"),
    FLAG('x', "line-uri", 'x', "each non-blank line is one URI reference"),
    FLAG(0, "abbrev", OPT_ABBREV,
         "also report www.host and ftp.host (Appendix F)"),
    FLAG(0, "any-scheme", OPT_ANY_SCHEME, "any scheme counts in running text"),
    FLAG(0, "refang", OPT_REFANG,
         "read defanged indicators (hxxps://x[.]example,\n"
         "http[:]//, x[dot]com, user[@]x[.]com) as\n"
         "the URIs they stand for"),
    VALUE(0, "add-scheme", OPT_ADD_SCHEME, "LIST",
          "these private schemes count as registered", OPTV_TEXT),
    VALUE(0, "add-scheme-file", OPT_ADD_SCHEME_FILE, "FILE",
          "the same, one name a line", OPTV_FILE),
    WORDS(0, "hyphen", required_argument, OPT_HYPHEN, "keep|drop|both",
          "a '-' at a line break inside <...>", optable_hyphen_words),
    VALUE(0, "max-uri-length", OPT_MAX_URI, "N",
          "skip candidates longer than N bytes (8192)", OPTV_TEXT),
    HEADING("Resolving and checking:"),
    VALUE(0, "base", OPT_BASE, "URI",
          "resolve relative references against URI", OPTV_TEXT),
    FLAG(0, "no-resolve", OPT_NO_RESOLVE, "print references as found"),
    WORDS(0, "rfc", required_argument, OPT_RFC, "1808|2396|3986",
          "grammar and resolution rules (2396)", optable_rfc_words),
    FLAG(0, "ascii", OPT_ASCII, "print IRIs mapped to URIs (RFC 3987)"),
    FLAG(0, "unwrap", OPT_UNWRAP,
         "print the target of a wrapped link (Safe\n"
         "Links, URL Defense...) and select on it"),
    FLAG(0, "strip-tracking", OPT_STRIP_TRACKING,
         "take utm_*, fbclid and other tracking\n"
         "parameters out of URIs"),
    FLAG(0, "normalize", OPT_NORMALIZE,
         "print URIs in their normal form (RFC 3986\n"
         "6.2.2, 6.2.3: case, %XX, dot segments,\n"
         "default port); -u and --stats count by it"),
    HEADING("Selecting:"),
    VALUE('e', "regexp", 'e', "PATTERN",
          "only URIs matching PATTERN (PCRE2; repeatable)", OPTV_TEXT),
    VALUE('f', "file", 'f', "FILE", "PATTERNs from FILE, one a line",
          OPTV_FILE),
    FLAG('F', "fixed-strings", 'F',
         "PATTERNs are strings, not regular expressions"),
    FLAG('v', "invert-match", 'v', "only URIs matching no PATTERN"),
    FLAG('i', "ignore-case", 'i', "PATTERNs ignore case"),
    FLAG(0, "no-jit", OPT_NO_JIT, "do not JIT-compile PATTERNs"),
    VALUE(0, "scheme", OPT_SCHEME, "LIST",
          "only these schemes (comma-separated)", OPTV_TEXT),
    VALUE(0, "domain", OPT_DOMAIN, "LIST",
          "only URIs whose host is one of these domains\n"
          "or below one (comma-separated; repeatable)", OPTV_TEXT),
    VALUE(0, "exclude-domain", OPT_EXCLUDE_DOMAIN, "LIST",
          "no URI whose host is one of these domains\n"
          "or below one", OPTV_TEXT),
    FLAG(0, "strict", OPT_STRICT, "only valid references"),
    FLAG(0, "invalid", OPT_INVALID, "only invalid references"),
    WORDS('u', "unique", optional_argument, 'u', "SCOPE",
          "print each URI once in SCOPE: message, file\n"
          "or all (the default: once in the whole run)",
          optable_unique_words),
    VALUE('m', "max-count", 'm', "NUM",
          "stop reading a file after NUM selected URIs", OPTV_TEXT),
    HEADING("Output:"),
    FLAG('c', "count", 'c', "print the number of URIs per file"),
    FLAG('l', "files-with-matches", 'l',
         "print only the names of files with a URI"),
    FLAG('L', "files-without-match", 'L',
         "print only the names of files without one"),
    FLAG('o', "only-matching", 'o',
         "accepted: only the URI is printed anyway"),
    FLAG('n', "line-number", 'n', "prefix the line number"),
    FLAG('b', "byte-offset", 'b', "prefix the byte offset"),
    FLAG('H', "with-filename", 'H', "prefix the file name"),
    FLAG('h', "no-filename", 'h', "do not prefix the file name"),
    FLAG('0', "null", '0', "end records (and file names) with NUL"),
    FLAG(0, "json", OPT_JSON,
         "JSON Lines, one object per reference (or per\n"
         "file with -c); a link's text, whether it\n"
         "names another site, lookalike hosts"),
    VALUE(0, "format", OPT_FORMAT, "TEMPLATE",
          "a line per URI made from TEMPLATE: text and\n"
          "fields {uri} {scheme} {host} {port} {path}\n"
          "{query} {fragment} {domain} {file} {line}...\n"
          "(urigrep(1) lists them); \\t, \\n escapes",
          OPTV_TEXT),
    WORDS(0, "stats", optional_argument, OPT_STATS, "FIELD",
          "instead of the URIs, how often each value of\n"
          "FIELD occurs, most first: domain (the\n"
          "default), host, scheme, any --format field\n"
          "or a TEMPLATE; with --json as JSON Lines",
          optable_stats_words),
    FLAG(0, "defang", OPT_DEFANG,
         "print URIs defanged, no live link: hxxp,\n"
         "hxxps, fxp, the host's dots as [.] (--json:\n"
         "\"defanged\" beside \"uri\")"),
    FLAG(0, "context", OPT_CONTEXT, "with --json, the text around each URI"),
    WORDS(0, "color", optional_argument, OPT_COLOR, "WHEN",
          "colour URIs (invalid ones apart), file names,\n"
          "line numbers; WHEN: never, always or auto\n"
          "(when omitted); also --colour", optable_color_words),
    ALIAS("colour", optional_argument, OPT_COLOR),
    FLAG(0, "line-buffered", OPT_LINE_BUFFERED,
         "flush output after every line"),
    WORDS(0, "progress", required_argument, OPT_PROGRESS, "WHEN",
          "progress on standard error: never, auto (the\n"
          "default: when only it is a terminal), always",
          optable_progress_words),
    FLAG('q', "quiet", 'q', "print nothing, exit 0 on the first URI"),
    ALIAS("silent", no_argument, 'q'),
    FLAG('s', "no-messages", 's', "no messages about unreadable files"),
    FLAG(0, "verbose", OPT_VERBOSE,
         "explain invalid references and skipped data"),
    VALUE(0, "buffer-size", OPT_BUFSIZE, "N", "read N bytes at a time",
          OPTV_TEXT),
    VALUE('j', "jobs", 'j', "N",
          "read up to N files (or pieces of a large\n"
          "one) at once when the input is large enough;\n"
          "output as with -j 1 (default: the number of\n"
          "processors)", OPTV_TEXT),
    HEADING("Picking a link:"),
    FLAG(0, "pick", OPT_PICK, "list the URIs full-screen; Enter opens one"),
    /* --pick's settings, which its configuration file may also set */
    VALUE(0, "open-with", OPT_PICK_SET, "CMD",
          "--pick opens with CMD (default $BROWSER,\nelse xdg-open)",
          OPTV_COMMAND),
    FLAG(0, "quit-after-open", OPT_PICK_SET,
         "--pick quits once a URI is opened or copied"),
    FLAG(0, "open-if-one", OPT_PICK_SET, "--pick opens a sole URI at once"),
    FLAG(0, "compact", OPT_PICK_SET,
         "--pick lists URIs without their context"),
    FLAG(0, "reverse", OPT_PICK_SET,
         "--pick lists the last URI found first"),
    WORDS(0, "open-wrapped", required_argument, OPT_PICK_SET, "WHICH",
          "--pick opens a wrapped link's target or\nwrapper (the default)",
          optable_open_wrapped_words),
    WORDS(0, "confirm", required_argument, OPT_PICK_SET, "WHEN",
          "--pick asks before opening: auto (the\n"
          "default), always or never", optable_confirm_words),
    FLAG(0, "no-config", OPT_NO_CONFIG,
         "--pick reads no configuration file\n"
         "($URIGREP_CONFIG, else\n~/.config/urigrep/config)"),
    HEADING("Help:"),
    FLAG(0, "help", OPT_HELP, "print this help and exit"),
    FLAG('V', "version", 'V', "print the version and exit"),
    { 0, NULL, 0, 0, NULL, NULL, OPTV_TEXT, NULL }
};

/* Room for every long option: the table's entries bound it */
#define MAX_OPTIONS (sizeof optable / sizeof optable[0])

const struct option *
optable_long_options(void)
{
    static struct option longs[MAX_OPTIONS];
    const struct optable_entry *e;
    size_t n = 0;

    if (longs[0].name)
        return longs;
    for (e = optable; e->name || e->help; e++) {
        if (e->name == NULL)
            continue;
        longs[n].name = e->name;
        longs[n].has_arg = e->has_arg;
        longs[n].flag = NULL;
        longs[n].val = e->val;
        n++;
    }
    return longs;       /* the rest was zeroed: the terminator */
}

const char *
optable_short_options(void)
{
    /* ':' first, then at most two bytes a letter, then NUL */
    static char shorts[1 + 2 * MAX_OPTIONS + 1];
    const struct optable_entry *e;
    size_t n = 0;

    if (shorts[0])
        return shorts;
    shorts[n++] = ':';
    for (e = optable; e->name || e->help; e++) {
        if (e->letter == 0)
            continue;
        shorts[n++] = (char)e->letter;
        if (e->has_arg == required_argument)
            shorts[n++] = ':';
    }
    shorts[n] = '\0';
    return shorts;
}

/* --help's description column */
#define HELP_COLUMN 28

/* One option's lines of --help: "  -x, --name=ARG" padded to the column
 * (two spaces when it reaches it), then the text, each further line of
 * it indented to the column. */
static void
print_entry(FILE *out, const struct optable_entry *e)
{
    const char *p, *nl;
    int len;

    if (e->letter)
        len = fprintf(out, "  -%c, --%s", e->letter, e->name);
    else
        len = fprintf(out, "      --%s", e->name);
    if (e->has_arg == required_argument)
        len += fprintf(out, "=%s", e->arg);
    else if (e->has_arg == optional_argument)
        len += fprintf(out, "[=%s]", e->arg);
    fprintf(out, "%*s", len < HELP_COLUMN ? HELP_COLUMN - len : 2, "");
    for (p = e->help; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
        fprintf(out, "%.*s\n%*s", (int)(nl - p), p, HELP_COLUMN, "");
    fprintf(out, "%s\n", p);
}

void
optable_print_help(FILE *out)
{
    const struct optable_entry *e;

    for (e = optable; e->name || e->help; e++) {
        if (e->name == NULL)
            fprintf(out, "%s%s\n", e == optable ? "" : "\n", e->help);
        else if (e->help)
            print_entry(out, e);
    }
}
