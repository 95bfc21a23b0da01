/* main.c: the urigrep command: options, the file loop, exit status. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buildinfo.h"
#include "cli.h"
#include "jobs/jobs.h"
#include "optable.h"
#include "pick/pick.h"
#include "pinbox/pinbox.h"
#include "jobs/plan.h"
#include "output/progress.h"
#include "input/source.h"
#include "output/uniq.h"
#include "input/walk.h"
#include "output/output.h"

/* Default read size: large enough that read(2) is not the cost. */
#define DEFAULT_BUFFER (128 * 1024)

static void usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

/* Say what is wrong with the command line and exit 2, as grep does. */
static void
usage_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    report_vmsg(fmt, ap);
    va_end(ap);
    fputs("Usage: " PROGRAM " [OPTION]... [FILE]...\n"
          "Try '" PROGRAM " --help' for more information.\n", stderr);
    exit(2);
}

/* --help's end: exit status, where to report bugs. */
static void
help_end(void)
{
    fputs(
"\n"
"Exit status is 0 if a URI was selected, 1 if none was, 2 on trouble\n"
"(with -q, 0 as soon as one is selected, even after trouble).\n"
"\n", stdout);
    /* GNU coding standards 4.8.2: where to report bugs, the home page */
    if (sizeof PACKAGE_BUGREPORT > 1)
        fputs("Report bugs to: " PACKAGE_BUGREPORT "\n", stdout);
    else
        fputs("Report bugs to the urigrep developers.\n", stdout);
    if (sizeof PACKAGE_URL > 1)
        fputs(PROGRAM " home page: <" PACKAGE_URL ">\n", stdout);
}

static void
help(void)
{
    fputs(
"Usage: " PROGRAM " [OPTION]... [FILE]...\n"
"Find URI references in each FILE (or standard input) as RFC 2396\n"
"Appendix E delimits them, and print one per line.  Text, mail (MIME),\n"
"mbox, HTML, WARC and public-inbox archives are read as such, gzip,\n"
"bzip2, xz and zstd data decompressed; relative references are resolved\n"
"against --base or the base the document declares.\n"
"\n", stdout);
    optable_print_help(stdout);
    help_end();
    exit(0);
}

/* GNU coding standards 4.8.1: name and version, then (as curl -V does)
 * the library's version and the optional parts built in, copyright,
 * licence, no warranty. */
static void
version(void)
{
    printf(PROGRAM " " PACKAGE_VERSION "\n"
           "liburigrep %s\n", urigrep_version());
    buildinfo_features(stdout);
    fputs("Copyright (C) 2026 The urigrep developers.\n"
          "License MIT: <https://opensource.org/licenses/MIT>.\n"
          "This is free software: you are free to change and redistribute "
          "it.\n"
          "There is NO WARRANTY, to the extent permitted by law.\n", stdout);
    exit(0);
}

static size_t
parse_size(const char *arg, const char *opt)
{
    char *end;
    unsigned long long v;

    errno = 0;
    v = strtoull(arg, &end, 10);
    if (errno || end == arg || *end || v == 0 || v > SIZE_MAX / 16 ||
        arg[0] == '-')
        usage_error("invalid argument to %s", opt);
    return (size_t)v;
}

/* The value of NAMES[i] when ARG is NAMES[i] (NULL-terminated); else a
 * usage error listing them. */
static int
choose(const char *opt, const char *arg, const char *const names[],
       const int values[])
{
    char list[128] = "";
    size_t i;

    for (i = 0; names[i]; i++) {
        if (strcmp(arg, names[i]) == 0)
            return values[i];
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 i ? ", " : "", names[i]);
    }
    usage_error("%s takes %s, not '%s'", opt, list, arg);
}

/* Append GLOB to the NULL-ended list *LIST (the string is borrowed). */
static void
add_glob(char ***list, char *glob)
{
    size_t n = 0;
    char **l;

    while (*list && (*list)[n])
        n++;
    l = realloc(*list, (n + 2) * sizeof *l);
    if (l == NULL)
        out_of_memory();
    l[n] = glob;
    l[n + 1] = NULL;
    *list = l;
}

static void
add_pattern(struct options *o, const char *pat)
{
    struct pattern *p = realloc(o->pats, (o->npats + 1) * sizeof *p);

    if (p == NULL) {
        fprintf(stderr, PROGRAM ": out of memory\n");
        exit(2);
    }
    o->pats = p;
    /* compiled after all options are read, when -i is known */
    o->pats[o->npats].code = (pcre2_code *)(void *)pat;
    o->pats[o->npats].md = NULL;
    o->npats++;
}

/* -f FILE: each line of FILE ("-": standard input) is a PATTERN, as grep
 * reads them: the newline is not part of it, an empty line matches every
 * URI, and an empty file selects nothing. */
static void
add_pattern_file(struct options *o, const char *file)
{
    FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;

    if (f == NULL)
        usage_error("%s: %s", file, strerror(errno));
    o->pattern_file = true;
    while ((n = getline(&line, &cap, f)) >= 0) {
        char **l = realloc(o->pattern_lines,
                           (o->npattern_lines + 1) * sizeof *l);

        if (l == NULL)
            out_of_memory();
        o->pattern_lines = l;
        if (n > 0 && line[n - 1] == '\n')
            line[--n] = '\0';
        if (memchr(line, '\0', (size_t)n))
            usage_error("%s: a pattern holds a NUL byte", file);
        if ((l[o->npattern_lines] = strdup(line)) == NULL)
            out_of_memory();
        add_pattern(o, l[o->npattern_lines++]);
    }
    if (ferror(f))
        usage_error("%s: %s", file, strerror(errno));
    free(line);
    if (f != stdin)
        fclose(f);
}

static void
compile_patterns(struct options *o)
{
    uint32_t jit = 0;
    size_t i;

    if (!o->no_jit)
        pcre2_config(PCRE2_CONFIG_JIT, &jit);
    for (i = 0; i < o->npats; i++) {
        const char *src = (const char *)(void *)o->pats[i].code;
        int err;
        PCRE2_SIZE off;
        pcre2_code *re;

        re = pcre2_compile((PCRE2_SPTR)src, PCRE2_ZERO_TERMINATED,
                           PCRE2_UTF | PCRE2_MATCH_INVALID_UTF |
                               (o->ignore_case ? PCRE2_CASELESS : 0) |
                               (o->fixed ? PCRE2_LITERAL : 0),
                           &err, &off, NULL);
        if (re == NULL) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(err, msg, sizeof msg);
            report_msg("pattern '%s': %s at offset %zu", src, (char *)msg,
                       (size_t)off);
            exit(2);
        }
        if (jit)
            pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
        o->pats[i].code = re;
        o->pats[i].md = pcre2_match_data_create_from_pattern(re, NULL);
        if (o->pats[i].md == NULL) {
            fprintf(stderr, PROGRAM ": out of memory\n");
            exit(2);
        }
    }
}

/* Append the names of LIST, split at SEPS, to *NAMES (*N of them). */
static void
add_names(char ***names, size_t *n, const char *list, const char *seps)
{
    const char *p = list;

    while (*p) {
        size_t len = strcspn(p, seps);
        char **s;

        if (len) {
            s = realloc(*names, (*n + 1) * sizeof *s);
            if (s == NULL || (s[*n] = strndup(p, len)) == NULL) {
                fprintf(stderr, PROGRAM ": out of memory\n");
                exit(2);
            }
            *names = s;
            (*n)++;
        }
        p += len;
        if (*p)
            p++;
    }
}

/* --domain=LIST or --exclude-domain=LIST (OPT): into L, or a usage error
 * naming the name that is none. */
static void
add_domains(struct domain_list *l, const char *opt)
{
    char *bad;
    const char *why = domain_add(l, optarg, &bad);

    if (why)
        usage_error("%s: '%s': %s", opt, bad, why);
}

/* --add-scheme=LIST: private schemes that count as registered ones. */
static void
add_private(struct options *o, const char *list)
{
    size_t first = o->nprivate, i;

    add_names(&o->private, &o->nprivate, list, ",");
    for (i = first; i < o->nprivate; i++) {
        const char *name = o->private[i];

        if (!isalpha((unsigned char)name[0]) ||
            strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                         "0123456789+-.") != strlen(name) ||
            strlen(name) > 64)
            usage_error("--add-scheme: '%s' is not a scheme name", name);
    }
}

/* --since-commit=ID: a commit id, or a prefix of one (4 to 40 hex
 * digits, as git abbreviates them). */
static void
add_since(struct options *o, char *id)
{
    size_t n = strlen(id);
    char **l;

    if (n < 4 || n > 40 || strspn(id, "0123456789abcdefABCDEF") != n)
        usage_error("--since-commit: '%s' is not a commit id (4 to 40 hex "
                    "digits)", id);
    if ((l = realloc(o->since, (o->nsince + 1) * sizeof *l)) == NULL)
        out_of_memory();
    o->since = l;
    o->since[o->nsince++] = id;
}

/* --add-scheme-file=FILE: scheme names, one a line ('#' comments). */
static void
add_private_file(struct options *o, const char *file)
{
    FILE *f = fopen(file, "r");
    char line[256];
    size_t n;

    if (f == NULL)
        usage_error("--add-scheme-file: %s: %s", file, strerror(errno));
    while (fgets(line, sizeof line, f)) {
        char *hash = strchr(line, '#');

        if (hash)
            *hash = '\0';
        n = strcspn(line, "\r\n");
        while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
            n--;
        line[n] = '\0';
        add_private(o, line + strspn(line, " \t"));
    }
    fclose(f);
}

/* -m NUM: a count, 0 included (grep -m 0 selects nothing). */
static uint64_t
parse_count(const char *arg)
{
    char *end;
    unsigned long long v;

    errno = 0;
    v = strtoull(arg, &end, 10);
    if (errno == ERANGE)
        return UINT64_MAX;
    if (errno || end == arg || *end || arg[0] == '-')
        usage_error("invalid max count '%s'", arg);
    return (uint64_t)v;
}

/* A --pick setting NAME given on the command line, with optarg. */
static void
pick_set(struct options *o, const char *name)
{
    char why[256];

    if (conf_set(&o->pick_conf, name, optarg, why, sizeof why) < 0)
        usage_error("--%s", why);
}

/* Option C (its argument in optarg) if it says which URIs are found and
 * selected ("Finding" and "Selecting" in --help); false if it is not one
 * of those. */
static bool
option_finding(struct options *o, int c)
{
    switch (c) {
    case OPT_BASE: o->base = optarg; break;
    case OPT_NO_RESOLVE: o->no_resolve = true; break;
    case OPT_RFC:
        o->rfc = (enum urigrep_rfc)choose("--rfc", optarg,
            optable_rfc_words, (const int[]){ URIGREP_RFC1808,
            URIGREP_RFC2396, URIGREP_RFC3986 });
        break;
    case 'x': o->line_uri = true; break;
    case 'e': add_pattern(o, optarg); break;
    case 'v': o->invert = true; break;
    case 'i': o->ignore_case = true; break;
    case OPT_SCHEME:
        add_names(&o->schemes, &o->nschemes, optarg, ",");
        break;
    case OPT_DOMAIN: add_domains(&o->domains, "--domain"); break;
    case OPT_EXCLUDE_DOMAIN:
        add_domains(&o->exclude_domains, "--exclude-domain");
        break;
    case OPT_ADD_SCHEME: add_private(o, optarg); break;
    case OPT_ADD_SCHEME_FILE: add_private_file(o, optarg); break;
    case OPT_ANY_SCHEME: o->scan.flags |= URIGREP_SCAN_ANY_SCHEME; break;
    case OPT_REFANG: o->scan.flags |= URIGREP_SCAN_REFANG; break;
    case OPT_STRICT: o->strict = true; break;
    case OPT_INVALID: o->invalid = true; break;
    case 'u':
        o->unique = true;
        o->unique_scope = optarg ? (enum unique_scope)choose("--unique",
            optarg, optable_unique_words, (const int[]){ UNIQUE_MESSAGE,
            UNIQUE_FILE, UNIQUE_ALL }) : UNIQUE_ALL;
        break;
    case 'm':
        o->has_max = true;
        o->max_count = parse_count(optarg);
        break;
    case 'F': o->fixed = true; break;
    case 'f': add_pattern_file(o, optarg); break;
    case OPT_HYPHEN:
        o->scan.hyphen = (enum urigrep_hyphen)choose("--hyphen", optarg,
            optable_hyphen_words, (const int[]){ URIGREP_HYPHEN_KEEP,
            URIGREP_HYPHEN_DROP, URIGREP_HYPHEN_BOTH });
        break;
    case OPT_ABBREV: o->scan.flags |= URIGREP_SCAN_ABBREV; break;
    case OPT_ASCII: o->ascii = true; break;
    case OPT_UNWRAP: o->unwrap = true; break;
    case OPT_STRIP_TRACKING: o->strip_tracking = true; break;
    case OPT_NORMALIZE: o->normalize = true; break;
    case OPT_MAX_URI:
        o->scan.max_uri_length = parse_size(optarg, "--max-uri-length");
        break;
    default:
        return false;
    }
    return true;
}

/* --format=TEMPLATE (optarg): compiled, or a usage error naming the
 * part of it that is wrong. A second --format replaces the first. */
static void
set_format(struct options *o)
{
    const char *why;
    char *bad;

    template_free(o->format);
    stats_free(o->stats);
    if ((o->format = template_compile(optarg, &why, &bad)) == NULL)
        usage_error("--format: '%s': %s", bad, why);
    o->format_needs = template_needs(o->format);
}

/* Option C if it says what is printed, and how, or --pick's; false if
 * it is not one of those. LONGINDEX: getopt_long()'s, for a --pick
 * setting's name. */
static bool
option_output(struct options *o, int c, int longindex,
              enum color_mode *color, enum progress_mode *progress)
{
    switch (c) {
    case 'l': o->list = LIST_MATCHING; break;
    case 'L': o->list = LIST_NONMATCHING; break;
    case 'o': break;
    case OPT_COLOR:
        *color = optarg ? (enum color_mode)choose("--color", optarg,
            optable_color_words, (const int[]){ COLOR_NEVER, COLOR_AUTO,
            COLOR_ALWAYS, COLOR_NEVER, COLOR_NEVER, COLOR_AUTO, COLOR_AUTO,
            COLOR_ALWAYS, COLOR_ALWAYS }) : COLOR_AUTO;
        break;
    case OPT_LINE_BUFFERED: o->line_buffered = true; break;
    case OPT_PROGRESS:
        *progress = (enum progress_mode)choose("--progress", optarg,
            optable_progress_words, (const int[]){ PROGRESS_NEVER,
            PROGRESS_AUTO, PROGRESS_ALWAYS });
        break;
    case 'c': o->count = true; break;
    case 'n': o->out.line_number = true; break;
    case 'b': o->out.byte_offset = true; break;
    case 'H': o->with_file = 1; break;
    case 'h': o->with_file = 0; break;
    case '0': o->out.null = true; break;
    case 'q': o->quiet = true; break;
    case 's': o->no_messages = true; break;
    case OPT_JSON: o->json = true; break;
    case OPT_FORMAT: set_format(o); break;
    case OPT_STATS: o->stats_field = optarg ? optarg : "domain"; break;
    case OPT_DEFANG: o->defang = true; break;
    case OPT_CONTEXT: o->context = true; break;
    case OPT_VERBOSE: o->verbose = true; break;
    case OPT_PICK: o->pick = true; break;
    case OPT_PICK_SET:
        pick_set(o, optable_long_options()[longindex].name);
        break;
    case OPT_NO_CONFIG: o->no_config = true; break;
    default:
        return false;
    }
    return true;
}

/* Option C if it says what is read, and how; false if it is not one of
 * those. */
static bool
option_input(struct options *o, int c)
{
    switch (c) {
    case 'a': o->text = true; break;
    case OPT_CHARSET: o->charset = optarg; break;
    case OPT_BUFSIZE:
        o->buffer_size = parse_size(optarg, "--buffer-size");
        break;
    case 'j':
        o->jobs = (unsigned)parse_size(optarg, "-j");
        if (o->jobs > 256)
            o->jobs = 256;
        break;
    case OPT_NO_JIT: o->no_jit = true; break;
    case 'r': o->recursive = true; break;
    case OPT_HEADERS: o->headers = true; break;
    case OPT_INCLUDE: add_glob(&o->include, optarg); break;
    case OPT_EXCLUDE: add_glob(&o->exclude, optarg); break;
    case OPT_EXCLUDE_DIR: add_glob(&o->exclude_dir, optarg); break;
    case OPT_LABEL: o->label = optarg; break;
    case OPT_TYPE:
        o->type = (enum input_type)choose("--type", optarg,
            optable_type_words, (const int[]){ TYPE_AUTO, TYPE_TEXT,
            TYPE_MAIL, TYPE_MBOX, TYPE_HTML, TYPE_MBOXO, TYPE_MBOXRD,
            TYPE_MBOXCL, TYPE_MBOXCL2, TYPE_MH, TYPE_WARC, TYPE_PINBOX,
            TYPE_RNEWS });
        break;
    case OPT_WARC_METADATA: o->warc_metadata = true; break;
    case OPT_SINCE_COMMIT: add_since(o, optarg); break;
    case OPT_STATE: o->state = optarg; break;
    case OPT_LIST_RUNS:
        o->list_runs = parse_size(optarg, "--list-runs");
        break;
    case OPT_READ_RUNS: o->read_runs = optarg; break;
    case OPT_LIST_FILES: o->list_files = true; break;
    default:
        return false;
    }
    return true;
}

/* An option getopt_long() did not take: a usage error (exit 2). */
static void
option_error(char **argv, int c)
{
    if (c == ':') {
        if (optopt)
            usage_error("option requires an argument -- '%c'", optopt);
        usage_error("option '%s' requires an argument", argv[optind - 1]);
    }
    if (optopt)
        usage_error("invalid option -- '%c'", optopt);
    usage_error("unrecognized option '%s'", argv[optind - 1]);
}

/* --base: written as RFC 1808 does it ("<URL:...>") or as typed, it is
 * stripped; an absolute URI unless --no-resolve.  The stripped copy is
 * the run's (never freed). */
static void
set_base(struct options *o)
{
    struct urigrep_span pt[URIGREP_PART_COUNT];
    size_t n = strlen(o->base);
    char *base;

    /* as long as a URI may be (the default --max-uri-length) */
    if (n >= 8192)
        usage_error("%s", "--base: too long");
    if (urigrep_strip_typed_alloc(o->base, n, &base, &n) != URIGREP_OK)
        out_of_memory();
    o->base = base;
    urigrep_uri_split(o->base, n, pt);
    if (pt[URIGREP_PART_SCHEME].ptr == NULL && !o->no_resolve)
        usage_error("--base: '%s' is not an absolute URI", o->base);
}

/* --stats=FIELD: a field's name ("host"), or a template ("{scheme}
 * {host}"), whose lines are counted (o->format, ended by NUL). */
static void
set_stats(struct options *o)
{
    const char *why, *f = o->stats_field;
    char *bad, *t;

    if (o->format || o->count || o->list != LIST_NONE || o->quiet)
        usage_error("%s", "--stats excludes --format, -c, -l, -L and -q");
    if (strchr(f, '{') == NULL) {
        if ((t = malloc(strlen(f) + 3)) == NULL)
            out_of_memory();
        sprintf(t, "{%s}", f);
        o->format = template_compile(t, &why, &bad);
        free(t);
    } else
        o->format = template_compile(f, &why, &bad);
    if (o->format == NULL)
        usage_error("--stats: '%s': %s", bad, why);
    o->format_needs = template_needs(o->format);
    o->stats = stats_new();
}

/* What the output options say together (check_options()). */
static void
check_output_options(struct options *o)
{
    if (o->format && (o->json || o->pick))
        usage_error("%s", "--format excludes --json and --pick");
    if (o->stats_field && o->pick)
        usage_error("%s", "--stats excludes --pick");
    /* the picker opens links: a defanged one opens nothing */
    if (o->defang && o->pick)
        usage_error("%s", "--defang excludes --pick");
    if (o->stats_field)
        set_stats(o);
    if ((o->format_needs & TEMPLATE_NEEDS_PSL) &&
        !(urigrep_trust_features() & URIGREP_TRUST_PSL))
        usage_error("%s", o->stats_field
                    ? "--stats: domain: this urigrep was built without "
                      "libpsl (--stats=host counts hosts)"
                    : "--format: {domain}: this urigrep was built "
                      "without libpsl");
}

/* What the options say together: those that exclude each other, what
 * this build cannot do. */
static void
check_options(struct options *o)
{
    if (o->strict && o->invalid)
        usage_error("%s", "--strict and --invalid exclude each other");
    check_output_options(o);
    if (o->nsince && o->state)
        usage_error("%s", "--since-commit and --state exclude each other");
    if (o->list_runs && o->state)
        usage_error("%s", "--list-runs and --state exclude each other");
    if (o->list_files && (o->list_runs || o->read_runs || o->pick))
        usage_error("%s", "--list-files excludes --list-runs, --read-runs "
                    "and --pick");
    if (o->read_runs && (o->list_runs || o->nsince || o->state))
        usage_error("%s", "--read-runs excludes --list-runs, --since-commit "
                    "and --state");
    if ((o->list_runs || o->read_runs) && !pinbox_available())
        usage_error("%s", "--list-runs, --read-runs: this urigrep was built "
                    "without libgit2");
    if (o->type == TYPE_PINBOX && !pinbox_available())
        usage_error("%s", "--type=public-inbox: this urigrep was built "
                    "without libgit2");
    o->scan.schemes = (const char *const *)o->private;
    o->scan.nschemes = o->nprivate;
    if (o->base)
        set_base(o);
    if (o->charset && !urigrep_charset_supported(o->charset))
        usage_error("--charset: iconv cannot convert from '%s'", o->charset);
}

static void
parse_options(int argc, char **argv, struct options *o,
              enum color_mode *color, enum progress_mode *progress)
{
    int c, longindex = 0;

    o->rfc = URIGREP_RFC2396;
    o->with_file = -1;
    o->buffer_size = DEFAULT_BUFFER;
    /* getopt's own messages would echo an argument raw: ours are quoted */
    opterr = 0;
    conf_init(&o->pick_conf);
    while ((c = getopt_long(argc, argv, optable_short_options(),
                            optable_long_options(), &longindex)) != -1) {
        if (c == OPT_HELP)
            help();
        if (c == 'V')
            version();
        if (!option_finding(o, c) && !option_input(o, c) &&
            !option_output(o, c, longindex, color, progress))
            option_error(argv, c);
    }
    check_options(o);
}

/* --stats: the table counted, then, when values were dropped, what
 * that means for the counts (on standard error). */
static void
print_stats(const struct options *o)
{
    struct urigrep_buf b;
    uint64_t max_error, seen;

    buf_init(&b, SIZE_MAX / 2);
    if (stats_write(o->stats, &b, o->json) != URIGREP_OK)
        out_of_memory();
    if (fwrite(b.data, 1, b.len, stdout) != b.len)
        report_write_error(errno ? errno : EIO);
    buf_free(&b);
    if (stats_dropped(o->stats, &max_error, &seen) && !o->no_messages)
        report_msg("--stats: more than %d distinct values: those counted "
                   "least were dropped, each count is at most %" PRIu64
                   " too high (of %" PRIu64 " counted; --json gives each "
                   "one's error)", STATS_LIMIT, max_error, seen);
}

/* A file -r found: read now, kept, or queued for -j's threads
 * (plan.c); SIZE is its size if known, else -1. */
static void
scan_file(struct run *r, const char *name, int64_t size)
{
    plan_file(r, name, size, -1);
}

/* What the named files add up to, for --progress: *BYTES and *FILES, or
 * 0 when not known (a directory for -r, a pipe). */
static void
measure(int nfiles, char **names, bool recursive, uint64_t *bytes,
        uint64_t *files)
{
    int i;

    *bytes = 0;
    *files = nfiles ? (uint64_t)nfiles : 1;
    for (i = 0; i < (nfiles ? nfiles : 1); i++) {
        const char *name = nfiles ? names[i] : recursive ? "." : "-";
        struct stat st;

        if ((strcmp(name, "-") == 0 ? fstat(STDIN_FILENO, &st)
                                    : stat(name, &st)) != 0)
            continue;
        if (!S_ISREG(st.st_mode)) {
            /* a pipe or a device has no size, a directory no count */
            *bytes = 0;
            if (S_ISDIR(st.st_mode))
                *files = 0;
            return;
        }
        *bytes += (uint64_t)st.st_size;
    }
}

static bool
is_directory(const char *name)
{
    struct stat st;

    return stat(name, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Is NAME read as a public-inbox archive: --type=public-inbox, or a
 * directory holding one? */
static bool
is_pinbox(const struct options *o, const char *name)
{
    return o->type == TYPE_PINBOX ||
           (o->type == TYPE_AUTO && !o->line_uri && strcmp(name, "-") != 0 &&
            pinbox_detect(name));
}

/* --list-files: NAME, a file the run would read, as KIND; its name
 * quoted as -H quotes it (\ooo for a byte that is not printable), so
 * that a line is a name and no byte of it reaches a terminal raw. */
static void
list_entry(struct run *r, const char *kind, const char *name)
{
    struct urigrep_buf b;

    buf_init(&b, SIZE_MAX);
    if (buf_append(&b, kind, strlen(kind)) || buf_append(&b, " ", 1) ||
        output_quote(&b, name, strlen(name)) || buf_append(&b, "\n", 1))
        out_of_memory();
    fwrite(b.data, 1, b.len, stdout);
    buf_free(&b);
    r->any_selected = true;
}

/* A file -r found, listed: a mail folder's message or a .eml file is
 * read as one message (input_doc_type()). */
static void
list_file(struct run *r, const char *name, int64_t size)
{
    (void)size;
    list_entry(r, r->walking == FOUND_MESSAGE || input_is_eml(name)
                      ? "message" : "file", name);
}

/* --list-files for the argument NAME: what scan_arg() would read. */
static void
list_arg(struct run *r, const char *name)
{
    struct stat st;

    if (is_pinbox(r->o, name)) {
        list_entry(r, "public-inbox", name);
        return;
    }
    if (strcmp(name, "-") != 0 && stat(name, &st) != 0) {
        report_file_error(r, name, strerror(errno));
        return;
    }
    if (strcmp(name, "-") != 0 && S_ISDIR(st.st_mode)) {
        bool read;

        r->walking = FOUND_WALK;
        read = walk(r, name, r->o->recursive, list_file);
        r->walking = FOUND_NAMED;
        if (!read)
            report_file_error(r, name, strerror(EISDIR));
        return;
    }
    list_file(r, name, -1);
}

static void
scan_arg(struct run *r, const char *name)
{
    struct stat st;

    if (r->o->list_files) {
        list_arg(r, name);
        return;
    }

    if (is_pinbox(r->o, name)) {
        plan_archive(r);
        pinbox_scan(r, name, r->jobs ? jobs_add_commits : NULL);
        return;
    }
    if (r->o->list_runs || r->o->read_runs) {
        report_file_error(r, name, "not a public-inbox archive "
                          "(--list-runs, --read-runs)");
        return;
    }
    if (strcmp(name, "-") == 0 || stat(name, &st) != 0) {
        /* standard input is read by one thread; an error is said when
         * the file is read, in its place */
        plan_file(r, name, -1, -1);
        return;
    }
    if (S_ISDIR(st.st_mode)) {
        bool read;

        /* with -r, everything under it; without, a mail folder's own
         * messages, or the error a directory is */
        r->walking = FOUND_WALK;
        read = walk(r, name, r->o->recursive, scan_file);
        r->walking = FOUND_NAMED;
        if (read)
            return;
    }
    plan_file(r, name, -1, S_ISREG(st.st_mode) ? (int64_t)st.st_size : -1);
}

/* How many threads may read: -j, or by default one per processor;
 * plan.c starts them only when the input gives them work. Standard
 * input is read by one (given twice, it must be read in turn). */
static unsigned
jobs_wanted(const struct options *o, char **files, int nfiles)
{
    int i;

    /* --pick collects in the run; --line-buffered wants each line out at
     * once, not when a worker's log is published */
    if ((nfiles == 0 && !o->recursive && o->type != TYPE_PINBOX) ||
        o->pick || o->line_buffered || o->list_runs || o->list_files)
        return 1;
    for (i = 0; i < nfiles; i++)
        if (strcmp(files[i], "-") == 0)
            return 1;
    return o->jobs ? o->jobs : jobs_default();
}

/* A standard descriptor that is closed (urigrep >&-) would be taken by
 * the next file opened, and output written into it or input read from
 * it. Hold each with /dev/null opened the wrong way round, so that using
 * it fails with EBADF as if it were closed, and the failure is seen. */
static void
reserve_std_fds(void)
{
    int fd;

    for (fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
            open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY) != fd)
            exit(2);
}

/* --pick: the picker, set up by the command line's options and those
 * of the configuration file (unless --no-config); a bad file says why
 * and exits 2. */
static struct picker *
pick_setup(struct options *o)
{
    struct pick_config file;
    struct picker *p;
    bool explicit;
    char *path;

    conf_init(&file);
    if (!o->no_config && (path = conf_path(&explicit)) != NULL) {
        int rc = conf_load(&file, path, explicit);

        free(path);
        if (rc < 0)
            exit(2);
    }
    conf_merge(&o->pick_conf, &file);
    p = pick_new(&o->pick_conf);
    return p;
}

/* How output shows for NFILES files named (ARGS): file names, colours,
 * --progress's totals. */
static void
setup_output(struct options *o, int nfiles, char **args,
             enum color_mode color, enum progress_mode progress)
{
    uint64_t total_bytes, total_files;

    /* a directory named alone is a folder of files: their names show;
     * a public-inbox archive is one file */
    if (o->with_file >= 0)
        o->out.with_file = o->with_file;
    else
        o->out.with_file = nfiles > 1 || o->recursive ||
                           (nfiles == 1 && is_directory(args[0]) &&
                            !is_pinbox(o, args[0]));
    if (color_wanted(color)) {
        color_setup(&o->colors);
        o->out.color = &o->colors;
    }
    if (progress != PROGRESS_NEVER) {
        measure(nfiles, args, o->recursive, &total_bytes, &total_files);
        progress_start(progress, total_bytes, total_files);
    }
}

/* The run R of the options O: --pick's picker, the output buffer, -u's
 * set (its extractor and read buffer come when plan.c reads a file
 * alone; with -j, workers read, each with its own). */
static void
setup_run(struct run *r, struct options *o)
{
    memset(r, 0, sizeof *r);
    r->o = o;
    if (o->pick) {
        r->pick = pick_setup(o);
        r->collect = pick_add;
    }
    buf_init(&r->outbuf, SIZE_MAX / 2);
    report_flush_before_messages(r);
    if (o->unique && (r->seen = uniq_new()) == NULL)
        out_of_memory();
}

/* Read the NFILES files named (ARGS), or what is read without one. */
static void
scan_args(struct run *r, int nfiles, char **args)
{
    const struct options *o = r->o;
    int i;

    plan_start(r, jobs_wanted(o, args, nfiles), o->jobs != 0,
               nfiles == 1 && !o->recursive && !is_directory(args[0]));
    if (o->state && !pinbox_state_load(o->state))
        exit(2);
    /* an archive is a directory, "." unless named */
    if (nfiles == 0)
        scan_arg(r, o->recursive || o->type == TYPE_PINBOX ? "." : "-");
    for (i = 0; i < nfiles && !r->stop; i++)
        scan_arg(r, args[i]);
    plan_finish(r);
    /* a write error exits 2 here or in report_close_stdout() at exit */
    report_flush(r);
    if (o->stats)
        print_stats(o);
    /* --state moves on only after a run without trouble */
    if (o->state && !r->error && !pinbox_state_save(o->state))
        r->error = true;
    progress_clear();
}

/* Free what R and O hold (pick's picker aside). */
static void
free_run(struct run *r, struct options *o)
{
    size_t k;

    free(r->readbuf);
    buf_free(&r->outbuf);
    urigrep_free(r->norm);
    uniq_free(r->seen);
    source_free(r->src);
    urigrep_extractor_free(r->x);
    for (k = 0; k < o->npats; k++) {
        pcre2_match_data_free(o->pats[k].md);
        pcre2_code_free(o->pats[k].code);
    }
    free(o->pats);
    for (k = 0; k < o->npattern_lines; k++)
        free(o->pattern_lines[k]);
    free(o->pattern_lines);
    for (k = 0; k < o->nschemes; k++)
        free(o->schemes[k]);
    free(o->schemes);
    domain_free(&o->domains);
    domain_free(&o->exclude_domains);
    template_free(o->format);
    stats_free(o->stats);
    for (k = 0; k < o->nprivate; k++)
        free(o->private[k]);
    free(o->private);
    free(o->include);
    free(o->exclude);
    free(o->exclude_dir);
    conf_free(&o->pick_conf);
    free(o->since);
}

int
main(int argc, char **argv)
{
    static struct options o;
    struct run r;
    enum color_mode color = COLOR_NEVER;
    enum progress_mode progress = PROGRESS_AUTO;

    reserve_std_fds();
    atexit(report_close_stdout);
    parse_options(argc, argv, &o, &color, &progress);
    compile_patterns(&o);
    setup_output(&o, argc - optind, argv + optind, color, progress);
    setup_run(&r, &o);
    scan_args(&r, argc - optind, argv + optind);
    free_run(&r, &o);
    if (o.pick) {
        int rc = pick_run(r.pick);

        pick_free(r.pick);
        return r.error ? 2 : rc;
    }
    if (o.quiet && r.any_selected)
        return 0;
    return r.error ? 2 : r.any_selected ? 0 : 1;
}
