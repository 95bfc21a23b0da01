/* fuzz_scan.c: libFuzzer target for the streaming scanner. */
/* SPDX-License-Identifier: MIT */
/*
 * The first three bytes pick the options (maximum length, hyphen mode,
 * --abbrev, any-scheme, --refang, a private scheme name) and a seed for the chunk
 * sizes; the rest is the text.  The text is scanned whole and in pseudo-random
 * chunks, and the two event lists must be identical: chunk boundaries must
 * never change a result.  Every reported reference must be non-empty and
 * no longer than the limit.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"

struct log {
    unsigned char *p;
    size_t len, cap, max;
};

static void
put(struct log *l, const void *p, size_t n)
{
    if (l->len + n > l->cap) {
        l->cap = (l->len + n) * 2 + 64;
        l->p = realloc(l->p, l->cap);
        if (l->p == NULL)
            abort();
    }
    memcpy(l->p + l->len, p, n);
    l->len += n;
}

static int
record(void *arg, const struct urigrep_match *m)
{
    struct log *l = arg;
    uint64_t meta[5] = { m->offset, m->line, m->column, m->end_offset,
                         (uint64_t)m->delim << 8 | m->flags | (uint64_t)m->event << 16 };

    if (m->event == URIGREP_EVENT_URI && (m->ref.len == 0 || m->ref.len > l->max))
        abort();
    if (m->end_offset < m->offset || m->column == 0 ||
        m->column > m->offset + 1)
        abort();
    put(l, meta, sizeof meta);
    put(l, &m->ref.len, sizeof m->ref.len);
    put(l, m->ref.ptr, m->ref.len);
    return 0;
}

static void
run(const struct urigrep_scan_options *o, const uint8_t *d, size_t n,
    unsigned seed, struct log *l)
{
    urigrep_scanner *sc;
    size_t i = 0;

    if (urigrep_scanner_new(o, &sc) != URIGREP_OK)
        abort();
    while (i < n) {
        size_t k = n - i;
        if (seed) {
            seed = seed * 1103515245u + 12345u;
            k = 1 + (seed >> 8) % 97;
            if (k > n - i)
                k = n - i;
        }
        if (urigrep_scanner_feed(sc, (const char *)d + i, k, record, l))
            abort();
        i += k;
    }
    if (urigrep_scanner_finish(sc, record, l))
        abort();
    urigrep_scanner_free(sc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = { "x", "foo", "a+b.c-d", "url",
                                         "x-private" };
    struct urigrep_scan_options o;
    struct log whole = { 0 }, parts = { 0 };

    if (size < 3)
        return 0;
    memset(&o, 0, sizeof o);
    o.size = sizeof o;
    o.max_uri_length = (data[0] & 0x3f) == 0x3f ? 0 : 16 + (data[0] & 0x3f) * 4;
    o.hyphen = (enum urigrep_hyphen)((data[0] >> 6) % 3);
    o.flags = (data[2] & 1 ? URIGREP_SCAN_ABBREV : 0) |
              (data[2] & 2 ? URIGREP_SCAN_ANY_SCHEME : 0) |
              (data[2] & 0x80 ? URIGREP_SCAN_REFANG : 0);
    if (data[2] & 4) {
        o.schemes = names + (data[2] >> 3) % 5;
        o.nschemes = 1;
    }
    whole.max = parts.max = o.max_uri_length ? o.max_uri_length : 8192;
    run(&o, data + 3, size - 3, 0, &whole);
    run(&o, data + 3, size - 3, data[1] | 1u, &parts);
    if (whole.len != parts.len ||
        (whole.len && memcmp(whole.p, parts.p, whole.len) != 0))
        abort();
    free(whole.p);
    free(parts.p);
    return 0;
}
