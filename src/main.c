/* main.c: the urigrep command: options, the file loop, exit status. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "buf.h"
#include "charset.h"
#include "grammar.h"
#include "internal.h"
#include "output.h"
#include "uniq.h"
#include "urigrep.h"

#define PROGRAM "urigrep"
/* Default read size: large enough that read(2) is not the cost. */
#define DEFAULT_BUFFER (128 * 1024)
/* How much of a file's start is checked for NUL bytes (as GNU grep). */
#define BINARY_PEEK (32 * 1024)

struct pattern {
    pcre2_code *code;
    pcre2_match_data *md;
};

/* Everything the command line sets. */
struct options {
    const char *base;
    bool no_resolve;
    enum urigrep_rfc rfc;
    bool line_uri;
    struct pattern *pats;
    size_t npats;
    bool invert, ignore_case, no_jit;
    char **schemes;
    size_t nschemes;
    bool strict, invalid;
    bool unique, count, quiet, no_messages, json, ascii, text, verbose;
    struct output_opts out;
    int with_file; /* -1: decide by the number of files */
    const char *charset;
    size_t buffer_size;
    struct urigrep_scan_options scan;
};

/* State of the whole run and of the file being read. */
struct run {
    struct options *o;
    urigrep_scanner *sc;
    struct uniq *seen;
    struct urigrep_buf outbuf;  /* formatted output, flushed in blocks */
    struct urigrep_buf conv;    /* text converted by --charset */
    const char *file;           /* its name as printed */
    uint64_t file_count;
    bool any_selected;
    bool error;
    bool stop;                  /* -q matched: stop everything */
    bool write_failed;
};

static void usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

/* Say what is wrong with the command line and exit 2, as grep does. */
static void
usage_error(const char *fmt, ...)
{
    va_list ap;

    fputs(PROGRAM ": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nUsage: " PROGRAM " [OPTION]... [FILE]...\n"
                    "Try '" PROGRAM " --help' for more information.\n");
    exit(2);
}

static void
help(void)
{
    fputs(
"Usage: " PROGRAM " [OPTION]... [FILE]...\n"
"Find URI references in each FILE (or standard input) as RFC 2396\n"
"Appendix E delimits them, and print one per line.\n"
"\n"
"Finding:\n"
"  -x, --line-uri            each non-blank line is one URI reference\n"
"      --abbrev              also report www.host and ftp.host (Appendix F)\n"
"      --hyphen=keep|drop|both  a '-' at a line break inside <...>\n"
"      --max-uri-length=N    skip candidates longer than N bytes (8192)\n"
"      --charset=NAME        input charset (default UTF-8), via iconv\n"
"  -a, --text                scan binary files too\n"
"\n"
"Resolving and checking:\n"
"      --base=URI            resolve relative references against URI\n"
"      --no-resolve          print references as found\n"
"      --rfc=1808|2396|3986  grammar and resolution rules (2396)\n"
"      --ascii               print IRIs mapped to URIs (RFC 3987)\n"
"\n"
"Selecting:\n"
"  -e, --regexp=PATTERN      only URIs matching PATTERN (PCRE2; repeatable)\n"
"  -v, --invert-match        only URIs matching no PATTERN\n"
"  -i, --ignore-case         PATTERNs ignore case\n"
"      --no-jit              do not JIT-compile PATTERNs\n"
"      --scheme=LIST         only these schemes (comma-separated)\n"
"      --strict              only valid references\n"
"      --invalid             only invalid references\n"
"  -u, --unique              print each URI once\n"
"\n"
"Output:\n"
"  -c, --count               print the number of URIs per file\n"
"  -n, --line-number         prefix the line number\n"
"  -b, --byte-offset         prefix the byte offset\n"
"  -H, --with-filename       prefix the file name\n"
"  -h, --no-filename         do not prefix the file name\n"
"  -0, --null                end records (and file names) with NUL\n"
"      --json                JSON Lines, one object per reference\n"
"  -q, --quiet               print nothing, exit 0 on the first URI\n"
"  -s, --no-messages         no messages about unreadable files\n"
"      --verbose             explain invalid references and skipped data\n"
"      --buffer-size=N       read N bytes at a time\n"
"      --help                print this help and exit\n"
"      --version             print the version and exit\n"
"\n"
"Exit status is 0 if a URI was selected, 1 if none was, 2 on trouble\n"
"(with -q, 0 as soon as one is selected, even after trouble).\n", stdout);
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
                               (o->ignore_case ? PCRE2_CASELESS : 0),
                           &err, &off, NULL);
        if (re == NULL) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(err, msg, sizeof msg);
            fprintf(stderr, PROGRAM ": pattern '%s': %s at offset %zu\n", src,
                    (char *)msg, (size_t)off);
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

static void
add_schemes(struct options *o, const char *list)
{
    const char *p = list;

    while (*p) {
        size_t n = strcspn(p, ",");
        char **s;

        if (n) {
            s = realloc(o->schemes, (o->nschemes + 1) * sizeof *s);
            if (s == NULL || (s[o->nschemes] = strndup(p, n)) == NULL) {
                fprintf(stderr, PROGRAM ": out of memory\n");
                exit(2);
            }
            o->schemes = s;
            o->nschemes++;
        }
        p += n;
        if (*p == ',')
            p++;
    }
}

enum {
    OPT_BASE = 256, OPT_NO_RESOLVE, OPT_RFC, OPT_SCHEME, OPT_STRICT,
    OPT_INVALID, OPT_HYPHEN, OPT_ABBREV, OPT_ASCII, OPT_CHARSET,
    OPT_MAX_URI, OPT_BUFSIZE, OPT_HELP, OPT_VERSION, OPT_JSON, OPT_VERBOSE,
    OPT_NO_JIT
};

static const struct option long_options[] = {
    { "base", required_argument, NULL, OPT_BASE },
    { "no-resolve", no_argument, NULL, OPT_NO_RESOLVE },
    { "rfc", required_argument, NULL, OPT_RFC },
    { "line-uri", no_argument, NULL, 'x' },
    { "regexp", required_argument, NULL, 'e' },
    { "invert-match", no_argument, NULL, 'v' },
    { "ignore-case", no_argument, NULL, 'i' },
    { "scheme", required_argument, NULL, OPT_SCHEME },
    { "strict", no_argument, NULL, OPT_STRICT },
    { "invalid", no_argument, NULL, OPT_INVALID },
    { "unique", no_argument, NULL, 'u' },
    { "count", no_argument, NULL, 'c' },
    { "line-number", no_argument, NULL, 'n' },
    { "byte-offset", no_argument, NULL, 'b' },
    { "with-filename", no_argument, NULL, 'H' },
    { "no-filename", no_argument, NULL, 'h' },
    { "null", no_argument, NULL, '0' },
    { "quiet", no_argument, NULL, 'q' },
    { "silent", no_argument, NULL, 'q' },
    { "no-messages", no_argument, NULL, 's' },
    { "text", no_argument, NULL, 'a' },
    { "hyphen", required_argument, NULL, OPT_HYPHEN },
    { "abbrev", no_argument, NULL, OPT_ABBREV },
    { "ascii", no_argument, NULL, OPT_ASCII },
    { "charset", required_argument, NULL, OPT_CHARSET },
    { "max-uri-length", required_argument, NULL, OPT_MAX_URI },
    { "buffer-size", required_argument, NULL, OPT_BUFSIZE },
    { "json", no_argument, NULL, OPT_JSON },
    { "verbose", no_argument, NULL, OPT_VERBOSE },
    { "no-jit", no_argument, NULL, OPT_NO_JIT },
    { "help", no_argument, NULL, OPT_HELP },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 }
};

static void
parse_options(int argc, char **argv, struct options *o)
{
    int c;

    o->rfc = URIGREP_RFC2396;
    o->with_file = -1;
    o->buffer_size = DEFAULT_BUFFER;
    while ((c = getopt_long(argc, argv, "xe:vicnbHh0qsau", long_options,
                            NULL)) != -1) {
        switch (c) {
        case OPT_BASE: o->base = optarg; break;
        case OPT_NO_RESOLVE: o->no_resolve = true; break;
        case OPT_RFC:
            if (strcmp(optarg, "1808") == 0)
                o->rfc = URIGREP_RFC1808;
            else if (strcmp(optarg, "2396") == 0)
                o->rfc = URIGREP_RFC2396;
            else if (strcmp(optarg, "3986") == 0)
                o->rfc = URIGREP_RFC3986;
            else
                usage_error("--rfc takes 1808, 2396 or 3986, not '%s'",
                            optarg);
            break;
        case 'x': o->line_uri = true; break;
        case 'e': add_pattern(o, optarg); break;
        case 'v': o->invert = true; break;
        case 'i': o->ignore_case = true; break;
        case OPT_SCHEME: add_schemes(o, optarg); break;
        case OPT_STRICT: o->strict = true; break;
        case OPT_INVALID: o->invalid = true; break;
        case 'u': o->unique = true; break;
        case 'c': o->count = true; break;
        case 'n': o->out.line_number = true; break;
        case 'b': o->out.byte_offset = true; break;
        case 'H': o->with_file = 1; break;
        case 'h': o->with_file = 0; break;
        case '0': o->out.null = true; break;
        case 'q': o->quiet = true; break;
        case 's': o->no_messages = true; break;
        case 'a': o->text = true; break;
        case OPT_HYPHEN:
            if (strcmp(optarg, "keep") == 0)
                o->scan.hyphen = URIGREP_HYPHEN_KEEP;
            else if (strcmp(optarg, "drop") == 0)
                o->scan.hyphen = URIGREP_HYPHEN_DROP;
            else if (strcmp(optarg, "both") == 0)
                o->scan.hyphen = URIGREP_HYPHEN_BOTH;
            else
                usage_error("--hyphen takes keep, drop or both, not '%s'",
                            optarg);
            break;
        case OPT_ABBREV: o->scan.flags |= URIGREP_SCAN_ABBREV; break;
        case OPT_ASCII: o->ascii = true; break;
        case OPT_CHARSET: o->charset = optarg; break;
        case OPT_MAX_URI:
            o->scan.max_uri_length = parse_size(optarg, "--max-uri-length");
            break;
        case OPT_BUFSIZE:
            o->buffer_size = parse_size(optarg, "--buffer-size");
            break;
        case OPT_JSON: o->json = true; break;
        case OPT_VERBOSE: o->verbose = true; break;
        case OPT_NO_JIT: o->no_jit = true; break;
        case OPT_HELP: help(); break;
        case OPT_VERSION:
            printf(PROGRAM " %s\n", urigrep_version());
            exit(0);
        default:
            fprintf(stderr, "Usage: " PROGRAM " [OPTION]... [FILE]...\n"
                            "Try '" PROGRAM " --help' for more "
                            "information.\n");
            exit(2);
        }
    }
    if (o->strict && o->invalid)
        usage_error("%s", "--strict and --invalid exclude each other");
    if (o->base && !o->no_resolve) {
        struct urigrep_parts pt;
        grammar_split(o->base, strlen(o->base), &pt);
        if (!pt.scheme.defined)
            usage_error("--base: '%s' is not an absolute URI", o->base);
    }
    if (o->charset) {
        struct charset_conv *cv = charset_open(o->charset);
        if (cv == NULL)
            usage_error("--charset: iconv cannot convert from '%s'",
                        o->charset);
        charset_close(cv);
    }
}

static void
flush_output(struct run *r)
{
    if (r->outbuf.len && !r->write_failed &&
        fwrite(r->outbuf.data, 1, r->outbuf.len, stdout) != r->outbuf.len)
        r->write_failed = true;
    r->outbuf.len = 0;
}

static void
out_of_memory(void)
{
    fprintf(stderr, PROGRAM ": out of memory\n");
    exit(2);
}

static bool
scheme_selected(const struct options *o, const struct urigrep_comp *scheme)
{
    size_t i;

    if (o->nschemes == 0)
        return true;
    if (!scheme->defined)
        return false;
    for (i = 0; i < o->nschemes; i++)
        if (strlen(o->schemes[i]) == scheme->len &&
            strncasecmp(o->schemes[i], scheme->ptr, scheme->len) == 0)
            return true;
    return false;
}

static bool
pattern_selected(const struct options *o, const char *s, size_t len)
{
    size_t i;
    bool hit = false;

    if (o->npats == 0)
        return true;
    for (i = 0; i < o->npats && !hit; i++)
        hit = pcre2_match(o->pats[i].code, (PCRE2_SPTR)s, len, 0, 0,
                          o->pats[i].md, NULL) >= 0;
    return hit != o->invert;
}

/* Everything about one found reference, from its text to its output. */
static void
handle_ref(struct run *r, const char *ref, size_t len,
           const struct urigrep_match *m, const char *delim)
{
    const struct options *o = r->o;
    char *mapped = NULL, *resolved = NULL, *expanded = NULL;
    const char *uri = ref;
    size_t ulen = len, err_off = 0;
    struct urigrep_parts ref_parts = { 0 }, uri_parts = { 0 };
    enum urigrep_status verdict;
    struct output_rec rec;
    enum urigrep_status rc;

    if (o->ascii) {
        mapped = malloc(3 * len + 1);
        if (mapped == NULL)
            out_of_memory();
        len = urigrep_iri_to_uri(ref, len, mapped);
        ref = uri = mapped;
        ulen = len;
    }
    /* validation and splitting cost as much as scanning: do them only
     * when an option or the output needs them */
    verdict = URIGREP_OK;
    if (o->json || o->strict || o->invalid || o->verbose) {
        grammar_split(ref, len, &ref_parts);
        verdict = grammar_check(ref, len, &ref_parts, o->rfc, &err_off);
    }
    if (m && m->delim == URIGREP_DELIM_ABBREV) {
        /* Appendix F: complete with the scheme the host name suggests */
        const char *scheme = strncasecmp(ref, "ftp", 3) == 0 ? "ftp://"
                                                             : "http://";
        size_t sl = strlen(scheme);
        expanded = malloc(sl + len + 1);
        if (expanded == NULL)
            out_of_memory();
        memcpy(expanded, scheme, sl);
        memcpy(expanded + sl, ref, len);
        uri = expanded;
        ulen = sl + len;
    } else if (o->base && !o->no_resolve) {
        rc = urigrep_resolve(o->base, strlen(o->base), ref, len, o->rfc,
                             &resolved, &ulen);
        if (rc == URIGREP_ERR_NOMEM)
            out_of_memory();
        if (rc == URIGREP_OK)
            uri = resolved;
        else
            ulen = len;
    }
    if (o->json || o->nschemes)
        grammar_split(uri, ulen, &uri_parts);
    if ((o->strict && verdict != URIGREP_OK) ||
        (o->invalid && verdict == URIGREP_OK) ||
        !scheme_selected(o, &uri_parts.scheme) ||
        !pattern_selected(o, uri, ulen))
        goto done;
    if (o->unique) {
        int fresh = uniq_add(r->seen, uri, ulen);
        if (fresh < 0)
            out_of_memory();
        if (!fresh)
            goto done;
    }
    r->any_selected = true;
    r->file_count++;
    if (o->quiet) {
        r->stop = true;
        goto done;
    }
    if (o->verbose && verdict != URIGREP_OK)
        fprintf(stderr, PROGRAM ": %s:%" PRIu64 ": '%.*s': %s at offset %zu\n",
                r->file, m ? m->line : 0, (int)len, ref,
                urigrep_strerror(verdict), err_off);
    if (o->count)
        goto done;
    memset(&rec, 0, sizeof rec);
    rec.file = r->file;
    if (m) {
        rec.line = m->line;
        rec.column = m->column;
        rec.offset = m->offset;
        rec.hyphen_dropped = (m->flags & URIGREP_MATCH_HYPHEN_DROPPED) != 0;
    }
    rec.ref.ptr = ref;
    rec.ref.len = len;
    rec.uri.ptr = uri;
    rec.uri.len = ulen;
    rec.delimiter = delim;
    rec.valid = verdict == URIGREP_OK;
    rec.absolute = ref_parts.scheme.defined;
    rec.error = verdict == URIGREP_OK ? NULL : urigrep_strerror(verdict);
    rec.error_offset = err_off;
    rec.parts = &uri_parts;
    rc = o->json ? output_json(&r->outbuf, &rec)
                 : output_plain(&r->outbuf, &o->out, &rec);
    if (rc != URIGREP_OK)
        out_of_memory();
    if (r->outbuf.len >= 64 * 1024)
        flush_output(r);
done:
    free(mapped);
    free(resolved);
    free(expanded);
}

static int
on_match(void *arg, const struct urigrep_match *m)
{
    struct run *r = arg;

    if (m->event == URIGREP_EVENT_TOO_LONG) {
        if (!r->o->no_messages)
            fprintf(stderr, PROGRAM ": %s:%" PRIu64 ": warning: URI candidate"
                    " longer than %zu bytes skipped\n", r->file, m->line,
                    r->o->scan.max_uri_length ? r->o->scan.max_uri_length
                                              : URIGREP_DEFAULT_MAX_URI);
        return 0;
    }
    handle_ref(r, m->ref.ptr, m->ref.len, m, output_delim_name(m->delim));
    return r->stop;
}

/* -x: one reference per non-blank line, as a person typed it. LINE has no
 * newline; NO and OFF say where it was. */
static void
handle_line(struct run *r, const char *line, size_t len, uint64_t no,
            uint64_t off)
{
    struct urigrep_match m;
    char *clean;
    size_t n;

    memset(&m, 0, sizeof m);
    m.line = no;
    m.column = 1;
    m.offset = off;
    clean = malloc(len + 1);
    if (clean == NULL)
        out_of_memory();
    n = urigrep_strip_typed(line, len, clean);
    if (n > 0 || len > 0) {
        size_t i;
        bool blank = true;
        for (i = 0; i < len && blank; i++)
            blank = strchr(" \t\r\f\v", line[i]) != NULL;
        if (!blank)
            handle_ref(r, clean, n, &m, "line");
    }
    free(clean);
}

/* The -x reader: splits the stream into lines in bounded memory. */
struct line_reader {
    struct urigrep_buf line;
    uint64_t no, off, line_off;
    bool too_long;
};

static void
lines_feed(struct run *r, struct line_reader *lr, const char *p, size_t n,
           bool final)
{
    while (n > 0 || final) {
        const char *nl = n ? memchr(p, '\n', n) : NULL;
        size_t take = nl ? (size_t)(nl - p) : n;

        if (!lr->too_long && buf_append(&lr->line, p, take) != URIGREP_OK) {
            lr->too_long = true;
            if (!r->o->no_messages)
                fprintf(stderr, PROGRAM ": %s:%" PRIu64 ": warning: line "
                        "longer than %zu bytes skipped\n", r->file,
                        lr->no + 1, lr->line.max);
        }
        lr->off += take + (nl != NULL);
        if (!nl && !final)
            return;
        if (!lr->too_long && (nl || lr->line.len))
            handle_line(r, lr->line.data, lr->line.len, lr->no + 1,
                        lr->line_off);
        lr->no++;
        lr->line.len = 0;
        lr->too_long = false;
        lr->line_off = lr->off;
        if (!nl || r->stop)
            return;
        p = nl + 1;
        n -= take + 1;
    }
}

/* Pass decoded text to the scanner or the line reader. */
static bool
consume(struct run *r, struct line_reader *lr, const char *p, size_t n,
        bool final)
{
    enum urigrep_status st = URIGREP_OK;

    if (r->o->line_uri) {
        lines_feed(r, lr, p, n, final);
        return !r->stop;
    }
    if (n)
        st = urigrep_scanner_feed(r->sc, p, n, on_match, r);
    if (st == URIGREP_OK && final)
        st = urigrep_scanner_finish(r->sc, on_match, r);
    if (st == URIGREP_ERR_NOMEM)
        out_of_memory();
    if (final && st == URIGREP_ERR_STOPPED)
        urigrep_scanner_reset(r->sc);
    return st == URIGREP_OK;
}

static void
file_error(struct run *r, const char *name, const char *why)
{
    r->error = true;
    if (!r->o->no_messages)
        fprintf(stderr, PROGRAM ": %s: %s\n", name, why);
}

/* Scan one file (NAME "-" is standard input). */
static void
scan_file(struct run *r, const char *name, char *buf)
{
    const struct options *o = r->o;
    struct line_reader lr;
    struct charset_conv *cv = NULL;
    struct stat st;
    bool first = true, go = true;
    size_t bad = 0;
    int fd;

    r->file = strcmp(name, "-") == 0 ? "(standard input)" : name;
    r->file_count = 0;
    fd = strcmp(name, "-") == 0 ? STDIN_FILENO : open(name, O_RDONLY);
    if (fd < 0) {
        file_error(r, name, strerror(errno));
        return;
    }
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        file_error(r, name, "Is a directory");
        if (fd != STDIN_FILENO)
            close(fd);
        return;
    }
#ifdef HAVE_POSIX_FADVISE
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    if (o->charset && (cv = charset_open(o->charset)) == NULL)
        out_of_memory();
    memset(&lr, 0, sizeof lr);
    buf_init(&lr.line, (o->scan.max_uri_length ? o->scan.max_uri_length
                                               : URIGREP_DEFAULT_MAX_URI) * 2);
    urigrep_scanner_reset(r->sc);
    while (go) {
        ssize_t n = read(fd, buf, o->buffer_size);
        const char *p = buf;
        size_t len;

        if (n < 0) {
            if (errno == EINTR)
                continue;
            file_error(r, name, strerror(errno));
            break;
        }
        len = (size_t)n;
        if (cv) {
            r->conv.len = 0;
            if (charset_convert(cv, buf, len, n == 0, &r->conv, &bad))
                out_of_memory();
            p = r->conv.data;
            len = r->conv.len;
        }
        if (first && !o->text && memchr(p, '\0', len < BINARY_PEEK
                                                  ? len : BINARY_PEEK)) {
            if (!o->no_messages && !o->quiet)
                fprintf(stderr, PROGRAM ": %s: binary file skipped "
                        "(use -a to scan it)\n", r->file);
            break;
        }
        first = false;
        go = consume(r, &lr, p, len, n == 0) && n > 0;
    }
    if (!o->line_uri)
        urigrep_scanner_reset(r->sc);
    if (bad && o->verbose)
        fprintf(stderr, PROGRAM ": %s: %zu bytes not valid in %s\n", r->file,
                bad, o->charset);
    buf_free(&lr.line);
    charset_close(cv);
    if (fd != STDIN_FILENO)
        close(fd);
    if (o->count && !o->quiet) {
        if (output_count(&r->outbuf, &o->out, r->file, r->file_count))
            out_of_memory();
    }
    flush_output(r);
}

int
main(int argc, char **argv)
{
    static struct options o;
    struct run r;
    char *buf;
    int i, nfiles;

    parse_options(argc, argv, &o);
    compile_patterns(&o);
    nfiles = argc - optind;
    o.out.with_file = o.with_file < 0 ? nfiles > 1 : o.with_file;
    memset(&r, 0, sizeof r);
    r.o = &o;
    buf_init(&r.outbuf, SIZE_MAX / 2);
    buf_init(&r.conv, SIZE_MAX / 2);
    if (urigrep_scanner_new(&o.scan, &r.sc) != URIGREP_OK)
        out_of_memory();
    if (o.unique && (r.seen = uniq_new()) == NULL)
        out_of_memory();
    buf = malloc(o.buffer_size);
    if (buf == NULL)
        out_of_memory();
    if (nfiles == 0)
        scan_file(&r, "-", buf);
    for (i = optind; i < argc && !r.stop; i++)
        scan_file(&r, argv[i], buf);
    flush_output(&r);
    if (fflush(stdout) != 0 || ferror(stdout) || r.write_failed) {
        fprintf(stderr, PROGRAM ": write error: %s\n", strerror(errno));
        r.error = true;
        r.any_selected = false; /* the output did not get out */
    }
    free(buf);
    buf_free(&r.outbuf);
    buf_free(&r.conv);
    uniq_free(r.seen);
    urigrep_scanner_free(r.sc);
    for (size_t k = 0; k < o.npats; k++) {
        pcre2_match_data_free(o.pats[k].md);
        pcre2_code_free(o.pats[k].code);
    }
    free(o.pats);
    for (size_t k = 0; k < o.nschemes; k++)
        free(o.schemes[k]);
    free(o.schemes);
    if (o.quiet && r.any_selected)
        return 0;
    return r.error ? 2 : r.any_selected ? 0 : 1;
}
