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
#include "output.h"
#include "urigrep.h"

#define PROGRAM "urigrep"

struct pattern {
    pcre2_code *code;
    pcre2_match_data *md;
};

/* How to read a file (--type). */
enum input_type { TYPE_AUTO, TYPE_TEXT, TYPE_MAIL, TYPE_MBOX, TYPE_HTML };

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
    char **private;       /* --add-scheme names */
    size_t nprivate;
    bool strict, invalid;
    bool unique, count, quiet, no_messages, json, ascii, text, verbose;
    bool recursive, headers;
    char **include, **exclude, **exclude_dir;   /* -r globs, NULL-ended */
    enum input_type type;
    struct output_opts out;
    int with_file; /* -1: decide by the number of files */
    const char *charset;
    size_t buffer_size;
    unsigned jobs;        /* -j; 0: not given */
    struct urigrep_scan_options scan;
};

/* State of the whole run and of the file being read. */
struct run {
    const struct options *o;
    urigrep_extractor *x;
    struct uniq *seen;
    struct urigrep_buf outbuf;  /* formatted output, flushed in blocks */
    char *readbuf;              /* o->buffer_size bytes */
    const char *file;           /* its name as printed */
    uint64_t file_count;
    bool any_selected;
    bool error;
    bool stop;                  /* -q matched: stop everything */
    bool walking;               /* inside -r: files were not named */
    bool hold;                  /* a -j worker: report_flush() keeps the
                                   output, jobs.c passes it on in order */
    struct jobs *jobs;          /* -j: files are queued there (jobs.h) */
};

/* The extractor's options for the command line's O (report.c). */
void report_extract_options(const struct options *o,
                            struct urigrep_extract_options *xo);

/* Select and print one reference; R is the struct run (report.c). For
 * urigrep_extractor_new(). */
int report_ref(void *r, const struct urigrep_ref *ref);

/* Say what a notice says, as --verbose and -s want (report.c). */
void report_notice(void *r, const struct urigrep_notice *n);

/* Write what is buffered to standard output (report.c). */
void report_flush(struct run *r);

/* Print "urigrep: NAME: WHY" unless -s, and remember the error. */
void report_file_error(struct run *r, const char *name, const char *why);

/* Print "urigrep: MESSAGE" to standard error, MESSAGE formatted from FMT
 * as printf does, then quoted with output_quote(): no byte of a file name
 * or of the input reaches the terminal raw (report.c). */
void report_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void report_vmsg(const char *fmt, va_list ap)
    __attribute__((format(printf, 1, 0)));

/* Say "urigrep: write error: strerror(ERR)" and exit 2 at once. */
void report_write_error(int err) __attribute__((noreturn));

/* For atexit(): flush and close standard output; a write error is
 * reported with report_write_error(). */
void report_close_stdout(void);

/* Say that memory ran out and exit 2. */
void out_of_memory(void) __attribute__((noreturn));

/* Read and scan one file or standard input ("-") (input.c). */
void input_scan_file(struct run *r, const char *name);

/* The same but for the file's end: its -c count and the flush; false when
 * it could not be opened or is a directory (no count for it then). */
bool input_read_file(struct run *r, const char *name);

#endif
