/* warcgz.c: .warc.gz files, a record a gzip member: read member by
 * member (each record knows its member's offset) and on past a damaged
 * member (where -j cuts them is the library's: urigrep/cut.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "input/readat.h"
#include "output/progress.h"
#include "input/source.h"
#include "input/warcgz.h"

/* Bytes searched for a gzip header at a time, and the compressed bytes
 * of a candidate member that decide whether it holds a record (as
 * urigrep_warc_member() reads it: 64 KiB). */
#define SEARCH_BLOCK (256 * 1024)
#define PROBE_MAX (64 * 1024)

/* Read up to N bytes at offset AT of FD into BUF: how many (0 at the
 * end, or on an error). */
static size_t
read_at(int fd, unsigned char *buf, size_t n, uint64_t at)
{
    ssize_t k = input_pread(fd, buf, n, at);

    return k < 0 ? 0 : (size_t)k;
}

uint64_t
warcgz_next(int fd, uint64_t from, uint64_t to)
{
    unsigned char *buf = malloc(SEARCH_BLOCK + PROBE_MAX);
    uint64_t at = from;

    if (buf == NULL)
        out_of_memory();
    while (at < to) {
        size_t n = read_at(fd, buf, SEARCH_BLOCK + PROBE_MAX, at), i;

        if (n < 3)
            break;
        /* a member that starts in the block, looked at with what follows */
        i = urigrep_warc_member((const char *)buf, n, 0);
        if (i < SEARCH_BLOCK && i < n && at + i < to) {
            free(buf);
            return at + i;
        }
        at += SEARCH_BLOCK;
    }
    free(buf);
    return to;
}

/* The source failed at its member *AT: say so (with the file offset
 * BASE + *AT), and find the next member that holds a record, from
 * there to END. Returns its offset, or END when there is none. */
static uint64_t
resync(struct run *r, struct source *src, int fd, uint64_t base,
       uint64_t end)
{
    uint64_t at = 0;
    char why[256];

    if (!source_failed_in_member(src, &at)) {
        report_file_error(r, r->file, source_error(src));
        return end;
    }
    snprintf(why, sizeof why, "offset %llu: %s",
             (unsigned long long)(base + at), source_error(src));
    report_file_error(r, r->file, why);
    return warcgz_next(fd, base + at + 1, end);
}

void
warcgz_read(struct run *r, int fd, uint64_t from, uint64_t to,
            void (*feed)(struct run *r, const char *p, size_t n))
{
    struct source *src = r->src;
    uint64_t base = from, at, seen;
    bool gap = false;

    if (src == NULL && (src = r->src = source_new(fd)) == NULL)
        out_of_memory();

    while (base < to && !r->stop && !r->file_stop) {
        ssize_t k;

        if (lseek(fd, (off_t)base, SEEK_SET) < 0) {
            report_file_error(r, r->file, strerror(errno));
            break;
        }
        source_reset(src, fd);
        source_members(src, to - base);
        seen = 0;
        while (!r->stop && !r->file_stop &&
               (k = source_read(src, r->readbuf, r->o->buffer_size)) > 0) {
            if (source_member_began(src, &at)) {
                if (urigrep_extractor_member(r->x, base + at, gap) ==
                    URIGREP_ERR_NOMEM)
                    out_of_memory();
                gap = false;
            }
            progress_bytes(source_raw_bytes(src) - seen);
            seen = source_raw_bytes(src);
            feed(r, r->readbuf, (size_t)k);
        }
        if (source_error(src) == NULL)
            break;
        base = resync(r, src, fd, base, to);
        gap = true;
    }
    if (!r->stop && urigrep_extractor_finish(r->x) == URIGREP_ERR_NOMEM)
        out_of_memory();
}
