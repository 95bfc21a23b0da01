/* cli.h: what the command's modules share (options, run state, a found
 * reference). Not part of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CLI_H
#define URIGREP_CLI_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "buf.h"
#include "pick/conf.h"
#include "msg.h"
#include "output/domain.h"
#include "output/output.h"
#include "output/stats.h"
#include "output/template.h"
#include "urigrep.h"

/* Owner: main.c, which compiles -e and -f's patterns; report.c only matches
 * with them. */
struct pattern {
    pcre2_code *code;
    pcre2_match_data *md;
};

/* How to read a file (--type). TYPE_MH: each directory is an MH folder,
 * each file a message. TYPE_PINBOX: each name is a public-inbox archive
 * (pinbox.c). TYPE_RNEWS: a news batch. */
enum input_type {
    TYPE_AUTO, TYPE_TEXT, TYPE_MAIL, TYPE_MBOX, TYPE_HTML,
    TYPE_MBOXO, TYPE_MBOXRD, TYPE_MBOXCL, TYPE_MBOXCL2, TYPE_MH, TYPE_WARC,
    TYPE_PINBOX, TYPE_RNEWS
};

/* What -u makes unique: nothing, or each URI once per message (a mail's
 * text and HTML parts repeat the same links; per file for other input),
 * per file, or in the whole run (plain -u). */
enum unique_scope { UNIQUE_NONE, UNIQUE_MESSAGE, UNIQUE_FILE, UNIQUE_ALL };

/* -l and -L: list the files that have a selected URI, or that have none. */
enum list_files { LIST_NONE, LIST_MATCHING, LIST_NONMATCHING };

/* Everything the command line sets.
 * Owner: main.c, which fills it from the command line (and the --pick
 * configuration through conf.c); every other module only reads it. */
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
    /* --domain and --exclude-domain (output/domain.h) */
    struct domain_list domains, exclude_domains;
    char **private;       /* --add-scheme names */
    size_t nprivate;
    bool strict, invalid;
    bool unique, count, quiet, no_messages, json, ascii, text, verbose;
    enum unique_scope unique_scope;
    enum list_files list;
    bool fixed;           /* -F: PATTERNs are strings */
    bool pattern_file;    /* -f given: no PATTERN selects nothing */
    char **pattern_lines; /* -f lines, owned */
    size_t npattern_lines;
    bool has_max;         /* -m NUM */
    uint64_t max_count;
    bool line_buffered;
    bool recursive, headers;
    char **include, **exclude, **exclude_dir;   /* -r globs, NULL-ended */
    enum input_type type;
    struct output_opts out;
    struct output_colors colors;  /* out.color points here with --color */
    int with_file; /* -1: decide by the number of files */
    const char *charset;
    const char *label;      /* --label: standard input's name, or NULL */
    size_t buffer_size;
    unsigned jobs;        /* -j; 0: not given */
    struct urigrep_scan_options scan;
    bool unwrap;            /* --unwrap: a wrapped link is its target */
    bool strip_tracking;    /* --strip-tracking */
    bool normalize;         /* --normalize */
    bool defang;            /* --defang: printed defanged (output only) */
    bool pick;              /* --pick */
    bool warc_metadata;     /* --warc-metadata */
    bool no_config;         /* --no-config */
    struct pick_config pick_conf;   /* --open-with, --compact... */
    bool context;           /* --context */
    /* public-inbox archives (pinbox.c): --since-commit IDs (hex, 4 to 40
     * digits, borrowed from argv) and --state's file, or NULL */
    char **since;
    size_t nsince;
    const char *state;
    /* --list-runs=N (commits a run; 0: not given), --read-runs=FILE */
    size_t list_runs;
    const char *read_runs;
    /* --list-files: what would be read, named, instead of reading it */
    bool list_files;
    /* --format=TEMPLATE (output/template.h), or NULL; what it needs */
    struct template *format;
    unsigned format_needs;
    /* --stats[=FIELD]: the field or template counted (NULL: no --stats),
     * and the counts, which the one thread that writes the output feeds
     * (report_write()) */
    const char *stats_field;
    struct stats *stats;
};

/* How a file came to be read: named, found by -r, or found as a message
 * of a mail folder (a maildir's cur/ or new/, an MH folder: walk.h),
 * which is read as mail whatever its first bytes. */
enum found { FOUND_NAMED = 0, FOUND_WALK, FOUND_MESSAGE };

/* State of the whole run and of the file being read.
 * Owner: main.c, which makes one a run (and jobs.c one a worker): input.c,
 * report.c and the rest write only the fields of the file at hand, as their
 * headers say. */
struct run {
    const struct options *o;
    urigrep_extractor *x;
    struct uniq *seen;
    struct urigrep_buf outbuf;  /* formatted output, flushed in blocks */
    char *readbuf;              /* o->buffer_size bytes */
    struct source *src;         /* reads the file at hand (input.c) */
    uint64_t raw_seen;          /* its bytes counted by --progress */
    const char *file;           /* its name as printed */
    uint64_t file_count;
    uint64_t file_serial;       /* counts the files read, for -u scopes */
    uint64_t uniq_file, uniq_message; /* where r->seen was started */
    bool file_stop;             /* -m, -l, -L: nothing more from this file */
    /* without --verbose, over-long candidates [0] and lines [1] of the
     * file are told once, at its end: how many, the first line, limit */
    uint64_t skipped[2], skipped_line[2], skipped_limit[2];
    /* --verbose: bytes not valid in their charset, said at the file's
     * end (-j adds up those of its pieces) */
    uint64_t bad_bytes;
    /* --verbose: WARC payloads not read (not text), said at its end */
    uint64_t warc_skipped;
    bool any_selected;
    bool error;
    bool stop;                  /* -q matched: stop everything */
    enum found walking;         /* nonzero: inside -r or a mail folder,
                                   files were not named */
    /* --pick: a reference selected goes to COLLECT (with the run) instead
     * of the output (pick.c) */
    int (*collect)(struct run *r, const struct urigrep_ref *ref);
    struct picker *pick;
    bool hold;                  /* a -j worker: report_flush() keeps the
                                   output, jobs.c passes it on in order */
    /* a -j worker reading a batch of files -r found, whose sizes the
     * planner did not ask for: files from LARGE_MIN bytes on are said to
     * be large, those from CUT_MIN on are not read (0: no such test) */
    uint64_t large_min, cut_min;
    struct jobs *jobs;          /* -j: files are queued there (jobs.h) */
    /* a public-inbox archive (pinbox/runs.c): the commit whose message is
     * being read, in hex (NULL outside an archive), its epoch (-1: none),
     * and "FILE:COMMIT" for messages about it (NULL: FILE) */
    const char *commit;
    long epoch;
    char *where;
    char *norm;                 /* --normalize: the URI's normal form */
};

/* The document type --type=TYPE reads files as (report.c). */
enum urigrep_doc_type report_doc_type(enum input_type type);

/* The extractor's options for the command line's O (report.c). */
void report_extract_options(const struct options *o,
                            struct urigrep_extract_options *xo);

/* Select and print one reference; R is the struct run (report.c). For
 * urigrep_extractor_new(). It is the steps below; -j runs the first and
 * the last two in workers, the others in the order of the output. */
int report_ref(void *r, const struct urigrep_ref *ref);

/* REF as the options see it: with --unwrap, a copy in *TMP whose uri is
 * REF's target when it has one; with --normalize, a copy whose uri is
 * the normal form of that (urigrep_uri_normalize(), into *NORM, which
 * the previous call's is freed from and the caller frees at the end with
 * urigrep_free()); else REF itself. */
const struct urigrep_ref *report_view(const struct options *o,
                                      const struct urigrep_ref *ref,
                                      struct urigrep_ref *tmp, char **norm);

/* Does REF pass the options that look at it alone (--strict, --invalid,
 * --scheme, patterns)? PARTS gets its parts when --json or --scheme need
 * them. */
bool report_select(const struct options *o, const struct urigrep_ref *ref,
                   struct urigrep_span *parts);

/* Is the reference to URI (LEN bytes) in message MESSAGE taken, as -m
 * and -u decide from what was taken before it? */
bool report_take(struct run *r, const char *uri, size_t len,
                 uint64_t message);

/* A reference was taken: count it; -q, -l, -L and -m stop there. */
void report_selected(struct run *r);

/* What --verbose says of a reference taken (why it is invalid). */
void report_say(struct run *r, const struct urigrep_ref *ref);

/* Format a reference taken into R->outbuf as the options ask (nothing
 * for -c, -l, -L, -q). */
void report_format(struct run *r, const struct urigrep_ref *ref,
                   const struct urigrep_span *parts);

/* Say what a notice says, as --verbose and -s want (report.c). */
void report_notice(void *r, const struct urigrep_notice *n);

/* At the end of a file: its -c count, or its name for -l and -L
 * (report.c). */
void report_file_end(struct run *r);

/* Write what is buffered to standard output (report.c). */
void report_flush(struct run *r);

/* Write P (N bytes) to standard output now, past R's buffer (which is
 * to be flushed first). */
void report_write(struct run *r, const char *p, size_t n);

/* At the end of a file: write what is buffered if standard output is a
 * terminal (or --line-buffered); else it goes in 64 KiB blocks, as
 * grep's does, and before any message (report.c). */
void report_file_flush(struct run *r);

/* Messages said from now on first write R's buffered output, so that
 * output and messages keep their order on one stream (NULL: none). */
void report_flush_before_messages(struct run *r);

/* Print "urigrep: NAME: WHY" unless -s, and remember the error. */
void report_file_error(struct run *r, const char *name, const char *why);

/* Say "urigrep: write error: strerror(ERR)" and exit 2 at once. */
void report_write_error(int err) __attribute__((noreturn));

/* For atexit(): flush and close standard output; a write error is
 * reported with report_write_error(). */
void report_close_stdout(void);

/* --color=never|auto|always. */
enum color_mode { COLOR_NEVER, COLOR_AUTO, COLOR_ALWAYS };

/* Whether MODE colours: always, or with auto when standard output is a
 * terminal and TERM is set and not "dumb" (color.c). */
bool color_wanted(enum color_mode mode);

/* Fill C with grep's default colours, then GREP_COLORS's and
 * URIGREP_COLORS's (color.c). */
void color_setup(struct output_colors *c);

/* Give R's extractor N bytes at P, in --buffer-size pieces so that the
 * split of the input can be tested from the command line; stops early
 * once -q, -m, -l or -L is satisfied (input.c). */
void input_feed(struct run *r, const char *p, size_t n);

/* Read up to N bytes at OFFSET of the file whose descriptor is ARG (an
 * int cast to a pointer) into BUF, as urigrep_read_at_fn: how many,
 * fewer only at its end, (size_t)-1 on error. */
size_t input_read_at(void *arg, uint64_t offset, char *buf, size_t n);

struct stamp;

/* The file R reads, open on FD and stamped ST (input/stamp.h), was read
 * up to offset REACHED, its end as it was read: say whether it shrank
 * meanwhile (an error, exit status 2), grew (what was appended is not
 * read) or changed in place (warnings) (input.c). */
void input_say_change(struct run *r, const struct stamp *st, int fd,
                      uint64_t reached);

/* The size of a run's read buffer (struct run's readbuf): --buffer-size,
 * and at least the first read, on which a file's type is decided. */
size_t input_readbuf_size(const struct options *o);

/* Read and scan one file or standard input ("-"), then what its end
 * brings (report_file_end()) (input.c). */
void input_scan_file(struct run *r, const char *name);

/* What input_read_file() did. */
enum read_result {
    READ_FAILED,        /* not opened, or a directory: nothing is said at
                           its end */
    READ_DONE,
    READ_LARGE,         /* read; it has r->large_min bytes or more */
    READ_DEFERRED       /* not read: r->cut_min bytes or more */
};

/* Is NAME (a path) a file of a saved message, "*.eml" in any case? */
bool input_is_eml(const char *name);

/* The type the options O read file NAME, found as FOUND says and
 * starting with P (N bytes), as: --type's, or what the bytes say, but
 * mail for a mail folder's message or a .eml file (input.c). */
enum urigrep_doc_type input_doc_type(const struct options *o,
                                     const char *name, enum found found,
                                     const char *p, size_t n);

/* The same but for the file's end. */
enum read_result input_read_file(struct run *r, const char *name);

#endif
