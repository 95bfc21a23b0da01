/* input.c: reading one file: opening it, its binariness, and its bytes
 * to the extractor, which does the rest. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* How much of a file's start decides its type and binariness (as GNU
 * grep looks for NUL bytes); the extractor decides its type from as
 * much. */
#define PEEK (32 * 1024)

/* Give the extractor N bytes at P, in --buffer-size pieces so that the
 * split of the input can be tested from the command line. */
static void
extract(struct run *r, const char *p, size_t n)
{
    size_t step = r->o->buffer_size, k;

    for (; n > 0 && !r->stop; p += k, n -= k) {
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

/* Read all of FD, the first PEEKED bytes of it being in BUF already (EOF
 * if that was all), and end the document. */
static void
process_fd(struct run *r, const char *name, int fd, char *buf, size_t peeked,
           bool eof)
{
    extract(r, buf, peeked);
    while (!eof && !r->stop) {
        ssize_t k = read(fd, buf, r->o->buffer_size);

        if (k < 0) {
            if (errno == EINTR)
                continue;
            report_file_error(r, name, strerror(errno));
            break;
        }
        eof = k == 0;
        extract(r, buf, (size_t)k);
    }
    if (urigrep_extractor_finish(r->x) == URIGREP_ERR_NOMEM)
        out_of_memory();
}

/* Fill BUF with at least WANT bytes unless the file ends first. */
static ssize_t
read_peek(int fd, char *buf, size_t want, bool *eof)
{
    size_t got = 0;

    *eof = false;
    while (got < want) {
        ssize_t k = read(fd, buf + got, want - got);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (k == 0) {
            *eof = true;
            break;
        }
        got += (size_t)k;
    }
    return (ssize_t)got;
}

bool
input_read_file(struct run *r, const char *name)
{
    const struct options *o = r->o;
    struct stat st;
    enum urigrep_doc_type type;
    ssize_t got;
    bool eof;
    int fd;

    r->file = strcmp(name, "-") == 0 ? "(standard input)" : name;
    r->file_count = 0;
    fd = strcmp(name, "-") == 0 ? STDIN_FILENO : open(name, O_RDONLY);
    if (fd < 0) {
        report_file_error(r, name, strerror(errno));
        return false;
    }
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        report_file_error(r, name, "Is a directory");
        if (fd != STDIN_FILENO)
            close(fd);
        return false;
    }
#ifdef HAVE_POSIX_FADVISE
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    /* the first bytes decide the type, and whether the file is binary;
     * r->readbuf holds at least PEEK bytes */
    got = read_peek(fd, r->readbuf, PEEK, &eof);
    if (got < 0) {
        report_file_error(r, name, strerror(errno));
        goto done;
    }
    type = o->line_uri ? URIGREP_DOC_LINES
         : o->type == TYPE_TEXT ? URIGREP_DOC_TEXT
         : o->type == TYPE_HTML ? URIGREP_DOC_HTML
         : o->type == TYPE_AUTO ? urigrep_detect(r->readbuf, (size_t)got)
                                : URIGREP_DOC_MAIL;
    if (!o->text && !o->charset &&
        (type == URIGREP_DOC_TEXT || type == URIGREP_DOC_HTML) &&
        memchr(r->readbuf, '\0', (size_t)got)) {
        /* a file found by -r (a maildir's index, say) is skipped quietly */
        if (!o->no_messages && !o->quiet && (!r->walking || o->verbose))
            report_msg("%s: binary file skipped (use -a to scan it)",
                       r->file);
        goto done;
    }
    process_fd(r, name, fd, r->readbuf, (size_t)got, eof);
done:
    urigrep_extractor_reset(r->x);
    if (fd != STDIN_FILENO)
        close(fd);
    return true;
}

void
input_scan_file(struct run *r, const char *name)
{
    const struct options *o = r->o;

    if (!input_read_file(r, name))
        return;
    if (o->count && !o->quiet) {
        if (output_count(&r->outbuf, &o->out, r->file, r->file_count))
            out_of_memory();
    }
    report_flush(r);
}
