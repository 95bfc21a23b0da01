/* fuzz_warc.c: libFuzzer target for the WARC record reader and the HTTP
 * body decoder (chunks, gzip and deflate). */
/* SPDX-License-Identifier: MIT */
/*
 * The first byte picks metadata records on or off (bit 0), the input
 * read again where a block ends (bit 1; bit 2: with errors at odd
 * offsets) and a chunking seed;
 * the rest is a WARC stream, cut into gzip "members" at each 0x1f 0x8b
 * (the reader is told of each with warc_mark(), a gap when the byte after
 * is 'G', as the command does for a .warc.gz).  It is read with each
 * member fed whole, then in pseudo-random chunks: the logs (records,
 * payload bytes, ends, damage) must be identical; a payload's bytes come
 * only between its record and its end, which pair up; strings are within
 * their limits; offsets are within the input.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/warc.h"
#include "again.h"
#include "chunks.h"

struct state {
    struct log log;
    int open;
    size_t size;    /* of the input: no offset is past it */
};

static void
put_str(struct log *l, const char *s, size_t max)
{
    size_t n = strlen(s);

    if (n >= max)
        abort();
    put(l, s, n + 1);
}

static void
check_offset(const struct state *s, uint64_t off)
{
    if (off > s->size)
        abort();
}

static void
on_record(void *arg, const struct warc_record_info *i)
{
    struct state *s = arg;

    if (s->open)
        abort();
    check_offset(s, i->offset);
    put(&s->log, "R", 1);
    put_str(&s->log, i->type, 32);
    put_str(&s->log, i->record_id, 256);
    put_str(&s->log, i->target_uri, WARC_VALUE_MAX);
    put_str(&s->log, i->date, 64);
    put_str(&s->log, i->content_type, 128);
    put_str(&s->log, i->charset, 64);
    put_str(&s->log, i->content_location, WARC_VALUE_MAX);
    put_str(&s->log, i->location, WARC_VALUE_MAX);
    put_str(&s->log, i->encoding, 64);
    put(&s->log, &i->status, sizeof i->status);
    put(&s->log, &i->offset, sizeof i->offset);
    put(&s->log, &i->skip, sizeof i->skip);
    if (i->skip != WARC_SCAN && i->skip != WARC_SKIP_RECORD_TYPE &&
        i->skip != WARC_SKIP_MEDIA_TYPE && i->skip != WARC_SKIP_ENCODING &&
        i->skip != WARC_SKIP_NOT_HTTP)
        abort();
    s->open = i->skip == WARC_SCAN;
}

/* Payload bytes are logged as they come, without a marker: how they are
 * cut into calls may depend on the input split, the bytes may not. */
static void
on_data(void *arg, const char *p, size_t n)
{
    struct state *s = arg;

    if (!s->open)
        abort();
    put(&s->log, p, n);
}

static void
on_end(void *arg)
{
    struct state *s = arg;

    if (!s->open)
        abort();
    s->open = 0;
    put(&s->log, "\0E", 2);
}

static void
on_damaged(void *arg, uint64_t off, const char *why)
{
    struct state *s = arg;

    check_offset(s, off);
    put(&s->log, "\0D", 2);
    put(&s->log, &off, sizeof off);
    put_str(&s->log, why, 256);
}

static void
on_bad_payload(void *arg, uint64_t off, const char *why)
{
    struct state *s = arg;

    if (!s->open)
        abort();
    check_offset(s, off);
    put(&s->log, "\0B", 2);
    put_str(&s->log, why, 256);
}

/* Read D (N bytes) as members split at 0x1f 0x8b, each fed in chunks
 * (SEED 0: whole). */
static void
run(const uint8_t *d, size_t n, bool metadata, unsigned seed,
    struct again *again, struct state *s)
{
    struct warc_sink sink = { on_record, on_data, on_end, on_damaged,
                              on_bad_payload, s };
    struct warc_reader *w = warc_new(metadata);
    size_t at = 0;

    if (w == NULL)
        abort();
    if (again)
        warc_set_read_at(w, read_again, again);
    s->size = n;
    while (at < n) {
        size_t end = at + 1, i;

        while (end + 1 < n && !(d[end] == 0x1f && d[end + 1] == 0x8b))
            end++;
        if (end + 1 >= n)
            end = n;
        if (at > 0)
            warc_mark(w, at, at + 2 < n && d[at + 2] == 'G', &sink);
        for (i = at; i < end;) {
            size_t k = next_chunk(&seed, end - i);

            warc_feed(w, (const char *)d + i, k, &sink);
            i += k;
        }
        at = end;
    }
    warc_finish(w, &sink);
    if (s->open)
        abort();
    warc_free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct state a, b;
    struct again again;

    if (size < 1)
        return 0;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    again.d = data + 1;
    again.n = size - 1;
    again.errors = data[0] & 4;
    run(data + 1, size - 1, data[0] & 1, 0, data[0] & 2 ? &again : NULL, &a);
    run(data + 1, size - 1, data[0] & 1, data[0] | 1u,
        data[0] & 2 ? &again : NULL, &b);
    if (!log_same(&a.log, &b.log))
        abort();
    free(a.log.p);
    free(b.log.p);
    return 0;
}
