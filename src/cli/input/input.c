/* input.c: reading one file: opening it, its binariness, and its bytes
 * to the extractor, which does the rest. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "input/readat.h"
#include "input/mapped.h"
#include "output/progress.h"
#include "input/source.h"
#include "input/stamp.h"
#include "input/warcgz.h"

/* How much of a file's start decides its type and binariness (as GNU
 * grep looks for NUL bytes); the extractor decides its type from as
 * much. */
#define PEEK (32 * 1024)
/* Files from this size on are announced as read sequentially, and read
 * through mapped windows (mapped.h). */
#define FADVISE_MIN (1024 * 1024)
#define MAP_MIN FADVISE_MIN

/* --progress: the bytes SRC read from its file since the last call
 * (compressed ones for compressed data, as the sizes it is measured
 * against). */
static void
progress_source(struct run *r, struct source *src)
{
    uint64_t raw = source_raw_bytes(src);

    progress_bytes(raw - r->raw_seen);
    r->raw_seen = raw;
}

size_t
input_readbuf_size(const struct options *o)
{
    return o->buffer_size > PEEK ? o->buffer_size : PEEK;
}

void
input_feed(struct run *r, const char *p, size_t n)
{
    size_t step = r->o->buffer_size, k;

    for (; n > 0 && !r->stop && !r->file_stop; p += k, n -= k) {
        k = n < step ? n : step;
        switch (urigrep_extractor_feed(r->x, p, k)) {
        case URIGREP_OK:
        case URIGREP_ERR_STOPPED:
            break;
        default:
            out_of_memory();
        }
    }
}

/* Is FD a regular file large enough to be read through mapped windows
 * (a smaller one costs less to read())? */
static bool
worth_mapping(int fd)
{
    struct stat st;

    return fd != STDIN_FILENO && fstat(fd, &st) == 0 &&
           S_ISREG(st.st_mode) && st.st_size >= MAP_MIN;
}

/* Read FD, a regular file, from offset *AT on through mapped windows,
 * up to offset END or its end if that comes first; *AT is where that
 * stopped (read() takes over there: a window mmap() refused, the file
 * shorter now). False when the file shrank under a window, or its pages
 * could not be read (said). */
static bool
read_mapped(struct run *r, int fd, uint64_t *at, uint64_t end)
{
    struct mapped m = { NULL, 0 };
    struct stat st;

    while (!r->stop && !r->file_stop && *at < end && fstat(fd, &st) == 0 &&
           (uint64_t)st.st_size > *at) {
        uint64_t left = ((uint64_t)st.st_size < end ? (uint64_t)st.st_size
                                                    : end) - *at;
        size_t n = left < MAPPED_WINDOW ? (size_t)left : MAPPED_WINDOW;
        const char *p = mapped_map(&m, fd, *at, n);

        if (p == NULL)
            break;
        input_feed(r, p, n);
        progress_bytes(n);
        if (mapped_unmap(&m)) {
            report_file_error(r, r->file, mapped_why(fd, *at + n));
            return false;
        }
        *at += n;
    }
    return true;
}

void
input_say_change(struct run *r, const struct stamp *st, int fd, uint64_t reached)
{
    enum stamp_change ch = stamp_check(st, fd, reached);

    if (ch == STAMP_SHRANK)
        report_file_error(r, r->file, stamp_say(ch));
    else if (ch != STAMP_SAME && !r->o->no_messages)
        report_msg("%s: %s", r->file, stamp_say(ch));
}

/* The size of FD now, or at most MAX (MAX when it cannot be told). */
static uint64_t
file_size(int fd, uint64_t max)
{
    struct stat st;

    return fstat(fd, &st) == 0 && (uint64_t)st.st_size < max
           ? (uint64_t)st.st_size : max;
}

/* The offset of FD (0 when it has none). */
static uint64_t
file_pos(int fd)
{
    off_t pos = lseek(fd, 0, SEEK_CUR);

    return pos < 0 ? 0 : (uint64_t)pos;
}

/* Of SRC (open on FD, stamped ST), read what is not given out yet
 * through mapped windows: true when that read all there was at the
 * start (*EOF set, *REACHED where it stopped), or went as far as the
 * file let it (read() takes over: the source is told how much more it
 * may read); false when the file shrank under a window (said). */
static bool
process_mapped(struct run *r, struct source *src, int fd,
               const struct stamp *st, bool *eof, uint64_t *reached)
{
    uint64_t at, end = st->size;

    if (!source_plain_at(src, &at))
        return true;
    if (!read_mapped(r, fd, &at, end))
        return false;
    *reached = at;
    if (at >= end) {
        *eof = true;
        return true;
    }
    if (lseek(fd, (off_t)at, SEEK_SET) < 0) {
        report_file_error(r, r->file, strerror(errno));
        return false;
    }
    source_limit(src, source_raw_bytes(src) + (end - at));
    return true;
}

/* Read all of SRC (open on FD, stamped ST), the first PEEKED bytes of
 * it being in BUF already (EOF if that was all), and end the document;
 * a file that changed meanwhile is said to have. */
static void
process_fd(struct run *r, struct source *src, int fd,
           const struct stamp *st, char *buf, size_t peeked, bool eof)
{
    bool map = !eof && st->known && st->start == 0 && worth_mapping(fd);
    bool whole = true;
    uint64_t reached = eof ? file_pos(fd) : 0;

    input_feed(r, buf, peeked);
    while (!eof && !r->stop && !r->file_stop) {
        ssize_t k;

        /* plain data, what the source read ahead given out */
        if (map) {
            map = false;
            if (!(whole = process_mapped(r, src, fd, st, &eof, &reached)))
                break;
            continue;
        }
        k = source_read(src, buf, r->o->buffer_size);
        if (k < 0) {
            report_file_error(r, r->file, source_error(src));
            whole = false;
            break;
        }
        if ((eof = k == 0))
            reached = file_pos(fd);
        progress_source(r, src);
        input_feed(r, buf, (size_t)k);
    }
    if (urigrep_extractor_finish(r->x) == URIGREP_ERR_NOMEM)
        out_of_memory();
    if (whole && eof && !r->stop && !r->file_stop)
        input_say_change(r, st, fd, reached);
}

/* Fill BUF with at least WANT bytes unless the file ends first, or with
 * what the first read gives when ONE_READ (--line-buffered: a pipe that
 * brings a line at a time is answered at once); an error after some bytes
 * is left for the next read, so that they are scanned. */
static ssize_t
read_peek(struct run *r, struct source *src, char *buf, size_t want,
          bool one_read, bool *eof)
{
    size_t got = 0;

    *eof = false;
    while (got < want && !(one_read && got > 0)) {
        ssize_t k = source_read(src, buf + got, want - got);
        if (k < 0)
            return got ? (ssize_t)got : -1;
        if (k == 0) {
            *eof = true;
            break;
        }
        progress_source(r, src);
        got += (size_t)k;
    }
    return (ssize_t)got;
}

bool
input_is_eml(const char *name)
{
    const char *base = strrchr(name, '/');
    size_t n;

    base = base ? base + 1 : name;
    n = strlen(base);
    return n > 4 && strcasecmp(base + n - 4, ".eml") == 0;
}

enum urigrep_doc_type
input_doc_type(const struct options *o, const char *name, enum found found,
               const char *p, size_t n)
{
    if (o->line_uri)
        return URIGREP_DOC_LINES;
    if (o->type != TYPE_AUTO)
        return report_doc_type(o->type);
    /* a mail folder's message, or one saved as a file: one message,
     * whatever field it starts with (after the "From " line of an mbox,
     * which one saved from an mbox may keep: "From " lines in its body
     * start no message) */
    if (found == FOUND_MESSAGE || input_is_eml(name))
        return URIGREP_DOC_MAIL;
    return urigrep_detect(p, n);
}

/* Read-ahead matters for large files; a system call a small file (a
 * maildir's messages) is not worth it. */
static void
advise_sequential(int fd)
{
#ifdef HAVE_POSIX_FADVISE
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#else
    (void)fd;
#endif
}

size_t
input_read_at(void *arg, uint64_t offset, char *buf, size_t n)
{
    ssize_t k = input_pread((int)(intptr_t)arg, buf, n, offset);

    return k < 0 ? (size_t)-1 : (size_t)k;
}

/* Let the extractor read the file open on FD again (input_read_at()) if
 * SRC gives it as it is (not decompressed) and it is a regular file read
 * from its start. */
static void
offer_read_at(struct run *r, const struct source *src, int fd)
{
    struct stat st;

    if (fd != STDIN_FILENO && source_format(src) == NULL &&
        fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        urigrep_extractor_set_read_at(r->x, input_read_at,
                                      (void *)(intptr_t)fd);
}

/* Is SRC (open on FD) a .warc.gz that can be read member by member: gzip
 * data in a file that can be read again from its start (a pipe cannot;
 * its records then report offsets in the decompressed stream)? */
static bool
warc_by_members(const struct source *src, int fd)
{
    struct stat st;
    const char *f = source_format(src);

    return f && strcmp(f, "gzip") == 0 && fstat(fd, &st) == 0 &&
           S_ISREG(st.st_mode);
}

/* Open NAME ("-": standard input) for R, whose file name, count and -m
 * state start again: its descriptor, or -1 when it cannot be read (said:
 * not found, a directory). */
static int
open_input(struct run *r, const char *name)
{
    const struct options *o = r->o;
    struct stat st;
    int fd;

    r->file = strcmp(name, "-") != 0 ? name
              : o->label ? o->label : "(standard input)";
    r->file_count = 0;
    r->file_serial++;
    r->file_stop = false;
    fd = strcmp(name, "-") == 0 ? STDIN_FILENO : open(name, O_RDONLY);
    if (fd < 0) {
        report_file_error(r, name, strerror(errno));
        return -1;
    }
    /* -r found a regular file (main.c's walk()); a named one may be a
     * directory. Not asking spares a maildir a system call a message. */
    memset(&st, 0, sizeof st);
    if (!r->walking && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        report_file_error(r, name, "Is a directory");
        if (fd != STDIN_FILENO)
            close(fd);
        return -1;
    }
    if (st.st_size >= FADVISE_MIN)
        advise_sequential(fd);
    return fd;
}

/* The size of a file -j's planner did not look at (R->large_min,
 * R->cut_min), now that its first read (GOT bytes, EOF if that was all)
 * shows it is more than a read (or than pieces cut small for a test):
 * READ_DEFERRED from cut_min bytes on, READ_LARGE from large_min on,
 * else READ_DONE. */
static enum read_result
size_class(const struct run *r, int fd, ssize_t got, bool eof)
{
    struct stat st;

    if ((!r->large_min && !r->cut_min) ||
        (eof && !(r->cut_min && (uint64_t)got >= r->cut_min)) ||
        fstat(fd, &st) != 0)
        return READ_DONE;
    if (r->cut_min && (uint64_t)st.st_size >= r->cut_min)
        return READ_DEFERRED;
    if (r->large_min && (uint64_t)st.st_size >= r->large_min)
        return READ_LARGE;
    return READ_DONE;
}

/* Is the file, of TYPE, its first GOT bytes in R->readbuf, binary data
 * to skip? Says so unless a file found by -r (a maildir's index, say)
 * is skipped quietly. */
static bool
skip_binary(struct run *r, enum urigrep_doc_type type, size_t got)
{
    const struct options *o = r->o;

    if (o->text || o->charset ||
        (type != URIGREP_DOC_TEXT && type != URIGREP_DOC_HTML) ||
        memchr(r->readbuf, '\0', got) == NULL)
        return false;
    if (!o->no_messages && !o->quiet && (!r->walking || o->verbose))
        report_msg("%s: binary file skipped (use -a to scan it)", r->file);
    return true;
}

/* Read the file NAME, open on FD (stamped ST), through R->src, its
 * first GOT bytes in R->readbuf (EOF if that was all), as the type they
 * tell; the document is ended. */
static void
read_body(struct run *r, const char *name, int fd, const struct stamp *st,
          size_t got, bool eof)
{
    const struct options *o = r->o;
    enum urigrep_doc_type type;

    if (r->walking && !eof)
        advise_sequential(fd);      /* a walked file not read in one go */
    type = input_doc_type(o, name, r->walking, r->readbuf, got);
    /* a message that --type=auto would not take for one: say so */
    if (o->type == TYPE_AUTO && type == URIGREP_DOC_MAIL &&
        urigrep_extractor_set_origin(r->x, type, 0, 0, 0) != URIGREP_OK)
        out_of_memory();
    if (skip_binary(r, type, got))
        return;
    if (type == URIGREP_DOC_WARC && warc_by_members(r->src, fd)) {
        /* read again from the start, member by member */
        progress_bytes(0 - r->raw_seen);
        if (urigrep_extractor_set_origin(r->x, type, 0, 0, 0) != URIGREP_OK)
            out_of_memory();
        warcgz_read(r, fd, 0, st->known ? st->size : UINT64_MAX, input_feed);
        if (!r->stop && !r->file_stop)
            input_say_change(r, st, fd, file_size(fd, st->size));
        return;
    }
    offer_read_at(r, r->src, fd);
    process_fd(r, r->src, fd, st, r->readbuf, got, eof);
}

enum read_result
input_read_file(struct run *r, const char *name)
{
    enum read_result res = READ_DONE;
    struct stamp st;
    ssize_t got;
    bool eof;
    int fd;

    if ((fd = open_input(r, name)) < 0)
        return READ_FAILED;
    /* compressed data is read decompressed from here on */
    if (r->src)
        source_reset(r->src, fd);
    else if ((r->src = source_new(fd)) == NULL)
        out_of_memory();
    /* what the file holds now is read, what is appended meanwhile is not
     * (as -j, which cuts it at this size) */
    stamp_take(&st, fd);
    source_limit(r->src, stamp_limit(&st));
    r->raw_seen = 0;
    /* the first bytes decide the type, and whether the file is binary;
     * r->readbuf holds at least PEEK bytes */
    got = read_peek(r, r->src, r->readbuf, PEEK, r->o->line_buffered, &eof);
    if (got < 0) {
        report_file_error(r, r->file, source_error(r->src));
    } else if ((res = size_class(r, fd, got, eof)) == READ_DEFERRED) {
        /* read again in pieces: what --progress counted is taken back
         * (unsigned, it wraps to a subtraction) */
        progress_bytes(0 - r->raw_seen);
    } else {
        read_body(r, name, fd, &st, (size_t)got, eof);
    }
    urigrep_extractor_reset(r->x);
    /* a decoder's memory goes now, the buffer stays for the next file */
    source_reset(r->src, -1);
    if (fd != STDIN_FILENO)
        close(fd);
    return res;
}

void
input_scan_file(struct run *r, const char *name)
{
    if (input_read_file(r, name) == READ_FAILED)
        return;
    report_file_end(r);
    report_file_flush(r);
    progress_file_done();
}
