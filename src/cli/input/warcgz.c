/* warcgz.c: .warc.gz files, a record a gzip member: read member by
 * member (each record knows its member's offset), read on past a
 * damaged member, and cut at member boundaries for -j. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "cli.h"
#include "input/readat.h"
#include "output/progress.h"
#include "input/source.h"
#include "jobs/split.h"
#include "input/warcgz.h"

/* Compressed bytes of a candidate member inflated to see whether it
 * starts with "WARC/": its header (a name, an extra field) comes first;
 * 64 KiB is more than any writer puts there. */
#define PROBE_MAX (64 * 1024)
/* Bytes searched for a gzip header at a time. */
#define SEARCH_BLOCK (256 * 1024)

bool
warcgz_is_record(const unsigned char *p, size_t n)
{
#ifdef HAVE_ZLIB
    unsigned char out[8];
    z_stream z;
    int rc;

    if (n < 3 || p[0] != 0x1f || p[1] != 0x8b || p[2] != 8)
        return false;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return false;
    z.next_in = (Bytef *)p;
    z.avail_in = (uInt)(n < PROBE_MAX ? n : PROBE_MAX);
    z.next_out = out;
    z.avail_out = 5;
    do
        rc = inflate(&z, Z_SYNC_FLUSH);
    while (rc == Z_OK && z.avail_out > 0 && z.avail_in > 0);
    inflateEnd(&z);
    return z.avail_out == 0 && memcmp(out, "WARC/", 5) == 0;
#else
    (void)p, (void)n;
    return false;
#endif
}

/* Does the gzip member at P (N bytes to the end), which inflates to a
 * WARC record, inflate to a continuation record (split.h)? Its header's
 * first 16 KiB are looked at. */
static bool
member_continues(const unsigned char *p, size_t n)
{
#ifdef HAVE_ZLIB
    static const size_t want = 16 * 1024;
    char *out = malloc(want);
    z_stream z;
    bool cont = false;
    int rc;

    if (out == NULL)
        out_of_memory();
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 16 + MAX_WBITS) == Z_OK) {
        z.next_in = (Bytef *)p;
        z.avail_in = (uInt)(n < PROBE_MAX ? n : PROBE_MAX);
        z.next_out = (Bytef *)out;
        z.avail_out = (uInt)want;
        do
            rc = inflate(&z, Z_SYNC_FLUSH);
        while (rc == Z_OK && z.avail_out > 0 && z.avail_in > 0);
        cont = split_warc_continues(out, want - z.avail_out);
        inflateEnd(&z);
    }
    free(out);
    return cont;
#else
    (void)p, (void)n;
    return false;
#endif
}

/* Read up to N bytes at offset AT of FD into BUF: how many (0 at the
 * end, or on an error). */
static size_t
read_at(int fd, unsigned char *buf, size_t n, uint64_t at)
{
    ssize_t k = input_pread(fd, buf, n, at);

    return k < 0 ? 0 : (size_t)k;
}

size_t
warcgz_next_mem(const unsigned char *p, size_t size, size_t from,
                size_t limit)
{
    size_t i = from;

    if (limit > size)
        limit = size;
    while (i + 2 < size && i < limit) {
        const unsigned char *q = memchr(p + i, 0x1f, limit - i);

        if (q == NULL)
            break;
        i = (size_t)(q - p);
        /* not at a continuation record: the record it continues is in
         * the piece before */
        if (warcgz_is_record(q, size - i) && !member_continues(q, size - i))
            return i;
        i++;
    }
    return size;
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
        const unsigned char *q;

        if (n < 3)
            break;
        for (i = 0; i < n - 2 && i < SEARCH_BLOCK && at + i < to; i++) {
            q = memchr(buf + i, 0x1f, n - 2 - i);
            if (q == NULL)
                break;
            i = (size_t)(q - buf);
            if (i >= SEARCH_BLOCK || at + i >= to)
                break;
            if (warcgz_is_record(q, n - i)) {
                free(buf);
                return at + i;
            }
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
