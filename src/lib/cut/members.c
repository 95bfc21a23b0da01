/* members.c: the gzip members of a .warc.gz that start WARC records. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "cut/members.h"
#include "cut/split.h"

/* Compressed bytes of a candidate member inflated to see what it starts
 * with: its header (a name, an extra field) comes first; 64 KiB is more
 * than any writer puts there. */
#define PROBE_MAX (64 * 1024)
/* Bytes of a record's header inflated to find its WARC-Type. */
#define TYPE_WANT (16 * 1024)

#ifdef HAVE_ZLIB
/* Inflate the start of the gzip member at P (N bytes to the end) into
 * OUT (WANT bytes at most): how many bytes came; 0 when it is no gzip
 * data or zlib cannot start. */
static size_t
inflate_start(const unsigned char *p, size_t n, unsigned char *out,
              size_t want)
{
    z_stream z;
    int rc;

    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return 0;
    z.next_in = (Bytef *)p;
    z.avail_in = (uInt)(n < PROBE_MAX ? n : PROBE_MAX);
    z.next_out = out;
    z.avail_out = (uInt)want;
    do
        rc = inflate(&z, Z_SYNC_FLUSH);
    while (rc == Z_OK && z.avail_out > 0 && z.avail_in > 0);
    inflateEnd(&z);
    return want - z.avail_out;
}
#endif

bool
members_is_record(const unsigned char *p, size_t n)
{
#ifdef HAVE_ZLIB
    unsigned char out[5];

    return n >= 3 && p[0] == 0x1f && p[1] == 0x8b && p[2] == 8 &&
           inflate_start(p, n, out, sizeof out) == sizeof out &&
           memcmp(out, "WARC/", 5) == 0;
#else
    (void)p, (void)n;
    return false;
#endif
}

/* Does the gzip member at P (N bytes to the end), which inflates to a
 * WARC record, inflate to a continuation record? Its header's first
 * 16 KiB are looked at. */
static bool
continues(const unsigned char *p, size_t n)
{
#ifdef HAVE_ZLIB
    unsigned char *out = malloc(TYPE_WANT);
    bool cont;

    /* out of memory: taken for a record that starts, a cut that reads
     * as the reader would, less well placed at worst */
    if (out == NULL)
        return false;
    cont = split_warc_continues((const char *)out,
                                inflate_start(p, n, out, TYPE_WANT));
    free(out);
    return cont;
#else
    (void)p, (void)n;
    return false;
#endif
}

size_t
members_next(const unsigned char *p, size_t size, size_t from, size_t limit,
             bool cut)
{
    size_t i = from;

    if (limit > size)
        limit = size;
    while (i + 2 < size && i < limit) {
        const unsigned char *q = memchr(p + i, 0x1f, limit - i);

        if (q == NULL)
            break;
        i = (size_t)(q - p);
        if (members_is_record(q, size - i) && !(cut && continues(q, size - i)))
            return i;
        i++;
    }
    return size;
}
