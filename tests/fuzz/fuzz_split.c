/* fuzz_split.c: libFuzzer target for what -j relies on to read one large
 * file in pieces: the cuts split_next() makes in a text or an mbox, the
 * counts split_count() gives (and its counter, fed in small chunks),
 * and the extractor's pieces
 * (urigrep_extractor_set_origin()). */
/* SPDX-License-Identifier: MIT */
/*
 * The first byte picks text or mbox, the flags and the piece size (1 to
 * 64 bytes, so that a few kilobytes make many pieces); the rest is a
 * document.  It is extracted whole, then cut as jobs.c cuts it (the
 * first cut at least a piece in, each next one at least a piece after
 * the last) and every piece extracted from its start with the origin
 * that the counts of the pieces before it give.  The records and notices
 * of the two reads must be identical: every reference, its line, offset
 * and message number, none lost or doubled at a cut (bytes not valid in
 * their charset, said once a document, are compared as sums).  Cuts must move
 * forward and fall at line starts.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cut/split.h"
#include "urigrep.h"
#include "chunks.h"

static void
put_u64(struct log *l, uint64_t v)
{
    put(l, &v, sizeof v);
}

static void
put_str(struct log *l, const char *s)
{
    put(l, s ? s : "(null)", strlen(s ? s : "(null)") + 1);
}

static int
on_ref(void *arg, const struct urigrep_ref *r)
{
    struct log *l = arg;

    put(l, "R", 1);
    put(l, r->ref.ptr, r->ref.len);
    put(l, "", 1);
    put(l, r->uri.ptr, r->uri.len);
    put(l, "", 1);
    put_u64(l, r->line);
    put_u64(l, r->column);
    put_u64(l, r->offset);
    put_u64(l, r->message);
    put_u64(l, (uint64_t)r->valid);
    put_u64(l, (uint64_t)r->delim);
    put_str(l, r->base);
    put_str(l, r->message_id);
    put_str(l, r->subject);
    put_str(l, r->part);
    return 0;
}

/* Bytes not valid in their charset, said at a document's end: a piece
 * is a document, so they are added up (as the CLI's -j does), not
 * logged. */
static uint64_t bad_bytes;

static void
on_notice(void *arg, const struct urigrep_notice *n)
{
    struct log *l = arg;

    if (n->kind == URIGREP_NOTICE_BAD_BYTES) {
        bad_bytes += n->count;
        return;
    }
    put(l, "N", 1);
    put_u64(l, (uint64_t)n->kind);
    put_u64(l, n->line);
    put_u64(l, n->count);
    put_str(l, n->detail);
}

static urigrep_extractor *
new_extractor(const struct urigrep_extract_options *o, struct log *l)
{
    urigrep_extractor *x;

    if (urigrep_extractor_new(o, on_ref, on_notice, l, &x) != URIGREP_OK)
        abort();
    return x;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The counter fed P (N bytes) in chunks of 1 to 16 bytes (as CTL's top
 * bits say, then one less each time) counts what split_count() of the
 * whole does: LINES and MESSAGES. */
static void
same_in_chunks(const char *p, size_t n, enum urigrep_doc_type type,
               bool doc_start, uint64_t lines, uint64_t messages,
               unsigned ctl)
{
    struct split_counter c;
    size_t at, k = 1 + (ctl >> 4);

    split_counter_init(&c, type, doc_start);
    for (at = 0; at < n; at += k, k = k > 1 ? k - 1 : 16) {
        if (k > n - at)
            k = n - at;
        split_counter_feed(&c, p + at, k);
    }
    if (c.lines != lines || c.messages != messages)
        abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log whole = { 0 }, pieces = { 0 };
    urigrep_extractor *x;
    const char *p;
    size_t piece, at, cut;
    uint64_t lines = 0, messages = 0;
    unsigned ctl;

    if (size < 1)
        return 0;
    ctl = data[0];
    p = (const char *)data + 1;
    size--;
    o.type = ctl & 1 ? URIGREP_DOC_MBOX : URIGREP_DOC_TEXT;
    o.flags = URIGREP_EXTRACT_HEADERS;
    if (ctl & 2)
        o.base = "http://base.example/a/b;p?q";
    if (ctl & 4)
        o.scan.max_uri_length = 64;
    piece = 1 + ((ctl >> 3) & 31) * 2;

    bad_bytes = 0;
    x = new_extractor(&o, &whole);
    if (urigrep_extractor_feed(x, p, size) != URIGREP_OK ||
        urigrep_extractor_finish(x) != URIGREP_OK)
        abort();
    urigrep_extractor_free(x);

    put_u64(&whole, bad_bytes);
    bad_bytes = 0;
    /* as jobs.c's add_pieces(): the first cut a piece in, then on */
    x = new_extractor(&o, &pieces);
    for (at = 0; at < size; at = cut) {
        uint64_t l, m;

        cut = split_next(p, size, at + piece, size, o.type);
        if (cut <= at || cut > size || (cut < size && p[cut - 1] != '\n'))
            abort();
        if (urigrep_extractor_set_origin(x, o.type, lines, at, messages) !=
                URIGREP_OK ||
            urigrep_extractor_feed(x, p + at, cut - at) != URIGREP_OK ||
            urigrep_extractor_finish(x) != URIGREP_OK)
            abort();
        split_count(p + at, cut - at, o.type, at == 0, &l, &m);
        same_in_chunks(p + at, cut - at, o.type, at == 0, l, m, ctl);
        lines += l;
        messages += m;
    }
    urigrep_extractor_free(x);
    put_u64(&pieces, bad_bytes);
    if (!log_same(&whole, &pieces))
        abort();
    free(whole.p);
    free(pieces.p);
    return 0;
}
