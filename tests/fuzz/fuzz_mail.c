/* fuzz_mail.c: libFuzzer target for the message parser and HTML scanner. */
/* SPDX-License-Identifier: MIT */
/*
 * The first byte picks mbox or message mode (bits 0-2; bit 0 clear and
 * bit 6 set: an mbox as mutt reads it, MAIL_MBOX), the input read
 * again for a Content-Length (bit 3; bit 4: with errors at odd offsets),
 * header fields no one reads passed over (bit 5: the sink's few_headers,
 * as the command sets it without --headers) and a chunking seed; the rest
 * is parsed whole and in pseudo-random chunks by the message parser, and
 * the decoded text of every part also goes through the HTML scanner.  The
 * two logs must be identical, part begin and end must pair up, and every
 * string reported must lie within its limits.  The whole input has the
 * lines of quoted-printable and base64 parts decoded in runs (the sink's
 * part_marked), the chunks a line at a time: the same bytes, each on the
 * same stored line.  Header fields passed over (few_headers) or all read
 * must end the header at the same place: the rest of the log, fields
 * apart, is the same either way.  An mboxcl, mboxcl2 or MAIL_MBOX is
 * also read as a regular file (read again, no errors) and as a pipe (no
 * read_at, in chunks): the same logs, its notices apart (a pipe says one
 * when what was held is decided, before the bytes held are read again).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/html.h"
#include "again.h"
#include "formats/mail.h"
#include "formats/mime.h"

struct log {
    unsigned char *p;
    size_t len, cap;
    int open;
    uint64_t line;            /* the stored line of the last data logged */
    struct html_scanner *hs;
    struct log *notes;        /* where notices go, if not here */
    struct log *fields;       /* where header fields go, if not here */
};

static void
put(struct log *l, const void *p, size_t n)
{
    if (l->len + n > l->cap) {
        l->cap = (l->len + n) * 2 + 64;
        if ((l->p = realloc(l->p, l->cap)) == NULL)
            abort();
    }
    memcpy(l->p + l->len, p, n);
    l->len += n;
}

/* Text is logged as it comes, without a marker: how it is cut into calls
 * may depend on the input split, the bytes may not. */
static void
h_text(void *arg, const char *p, size_t n)
{
    put(arg, p, n);
}

static void
h_uri(void *arg, const char *p, size_t n, const char *tag, const char *attr)
{
    (void)tag;
    if (n > 4096)
        abort();
    put(arg, "\0u", 2);
    put(arg, attr, strlen(attr));
    put(arg, p, n);
}

static void
h_base(void *arg, const char *p, size_t n)
{
    put(arg, "\0b", 2);
    put(arg, p, n);
}

static void
on_begin(void *arg, const struct mail_part_info *i)
{
    struct log *l = arg;

    if (l->open)
        abort();
    l->open = 1;
    put(l, "\0P", 2);
    put(l, i->path, strlen(i->path) + 1);
    put(l, i->content_type, strlen(i->content_type) + 1);
    put(l, &i->region, sizeof i->region);
    put(l, i->base, strlen(i->base) + 1);
    put(l, &i->line, sizeof i->line);
}

static void
on_data(void *arg, const char *p, size_t n, uint64_t line)
{
    struct log *l = arg;
    struct html_sink s = { h_text, h_uri, h_base, NULL, NULL, NULL, l, NULL };

    if (!l->open || n == 0)
        abort();
    if (line != l->line) {
        /* each byte's line, however the data was cut into calls */
        put(l, "\0D", 2);
        put(l, &line, sizeof line);
        l->line = line;
    }
    html_feed(l->hs, p, n, &s);
}

/* Decoded lines marked with their stored lines: as on_data() for each
 * piece that is not empty, the marks in order, one a line. */
static void
on_marked(void *arg, const char *p, size_t n, const struct mail_mark *mk,
          size_t nmk)
{
    size_t k;

    if (nmk == 0 || mk[0].off != 0)
        abort();
    for (k = 0; k < nmk; k++) {
        size_t to = k + 1 < nmk ? mk[k + 1].off : n;

        if (to < mk[k].off || to > n ||
            (k + 1 < nmk && mk[k + 1].line != mk[k].line + 1))
            abort();
        if (to > mk[k].off)
            on_data(arg, p + mk[k].off, to - mk[k].off, mk[k].line);
    }
}

/* Whole lines of a part with no transfer encoding: as on_data() for
 * each; LAST is the line of the last of them. */
static void
on_lines(void *arg, const char *p, size_t n, uint64_t line, uint64_t last)
{
    size_t i, from = 0;

    if (n == 0 || p[n - 1] != '\n')
        abort();
    for (i = 0; i < n; i++)
        if (p[i] == '\n') {
            if (i + 1 == n && line != last)
                abort();
            on_data(arg, p + from, i + 1 - from, line++);
            from = i + 1;
        }
}

static void
on_end(void *arg)
{
    struct log *l = arg;
    struct html_sink s = { h_text, h_uri, h_base, NULL, NULL, NULL, l, NULL };

    if (!l->open)
        abort();
    l->open = 0;
    html_finish(l->hs, &s);
    put(l, "\0E", 2);
}

static void
on_header(void *arg, const char *n, size_t nl, const char *v, size_t vl,
          const char *mid, uint64_t line)
{
    char dec[512];
    size_t dl = mime_decode_words(v, vl, dec, sizeof dec);
    struct log *l = arg;

    if (dl >= sizeof dec || dec[dl] != '\0')
        abort();
    if (l->fields)
        arg = l->fields;
    put(arg, "\0H", 2);
    put(arg, n, nl);
    put(arg, v, vl);
    put(arg, dec, dl);
    put(arg, mid, strlen(mid) + 1);
    put(arg, &line, sizeof line);
}

static void
on_header_end(void *arg, const char *mid)
{
    struct log *l = arg;

    if (l->open)
        abort();
    put(l, "\0h", 2);
    put(l, mid, strlen(mid) + 1);
}

/* mboxcl, mboxcl2: a Content-Length that lied, said at the same place
 * whatever the reads. */
static void
on_bad_length(void *arg, uint64_t length, uint64_t line)
{
    struct log *l = arg;

    if (l->notes)
        l = l->notes;
    put(l, "\0L", 2);
    put(l, &length, sizeof length);
    put(l, &line, sizeof line);
}

/* mboxcl, mboxcl2: a Content-Length that is no count, said with its
 * value and line whatever the reads. */
static void
on_bad_value(void *arg, const char *v, size_t vlen, uint64_t line)
{
    struct log *l = arg;

    if (l->notes)
        l = l->notes;
    put(l, "\0V", 2);
    put(l, v, vlen);
    put(l, &line, sizeof line);
}

static void
run(const uint8_t *d, size_t n, enum mail_mode mode, unsigned seed,
    struct again *again, bool few_headers, struct log *l)
{
    /* encoded lines one by one (seeded) or in marked runs (whole) */
    struct mail_sink sink = { NULL, on_header, on_header_end, on_begin,
                              on_data, on_end, l, on_bad_length, on_lines,
                              few_headers, seed ? NULL : on_marked,
                              on_bad_value };
    struct mail_parser *m = mail_new(mode);
    size_t i = 0;

    l->hs = html_new(4096);
    if (m == NULL || l->hs == NULL)
        abort();
    if (again)
        mail_set_read_at(m, read_again, again);
    while (i < n) {
        size_t k = n - i;
        if (seed) {
            seed = seed * 1103515245u + 12345u;
            k = 1 + (seed >> 8) % 61;
            if (k > n - i)
                k = n - i;
        }
        mail_feed(m, (const char *)d + i, k, &sink);
        i += k;
    }
    mail_finish(m, &sink);
    if (l->open)
        abort();
    mail_free(m);
    html_free(l->hs);
}

/* Are logs A and B the same? Both are freed. */
static int
same(struct log *a, struct log *b)
{
    int eq = a->len == b->len && (a->len == 0 ||
                                  memcmp(a->p, b->p, a->len) == 0);

    free(a->p);
    free(b->p);
    return eq;
}

/* An mboxcl or mboxcl2 of N bytes at D (fed in chunks from SEED) read as
 * a regular file, which can be read again, and as a pipe, which holds:
 * the same, as long as what is held stays within the parser's bounds
 * (HOLD_MAX, 4 MiB, and PLAUSIBLE_MAX, 64 KiB, read again). */
static void
file_as_pipe(const uint8_t *d, size_t n, enum mail_mode mode, unsigned seed,
             bool few_headers)
{
    struct log c = { 0 }, p = { 0 }, cn = { 0 }, pn = { 0 };
    struct again again = { d, n, 0 };

    if (n >= 64 * 1024)
        return;
    c.notes = &cn;
    p.notes = &pn;
    run(d, n, mode, 0, &again, few_headers, &c);
    run(d, n, mode, seed, NULL, few_headers, &p);
    if (!same(&c, &p) || !same(&cn, &pn))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the first byte: one message, or an mbox of the variant its bits 1
     * and 2 name (0, of the corpus before the variants: mboxrd) */
    static const enum mail_mode boxes[] = {
        MAIL_MBOXRD, MAIL_MBOXO, MAIL_MBOXCL, MAIL_MBOXCL2
    };
    struct log a = { 0 }, b = { 0 };
    struct again again;
    enum mail_mode mode;

    if (size < 1)
        return 0;
    mode = data[0] & 1 ? boxes[(data[0] >> 1) & 3]
           : data[0] & 64 ? MAIL_MBOX : MAIL_ONE;
    again.d = data + 1;
    again.n = size - 1;
    again.errors = data[0] & 16;
    run(data + 1, size - 1, mode, 0, data[0] & 8 ? &again : NULL,
        data[0] & 32, &a);
    run(data + 1, size - 1, mode, data[0] | 1u, data[0] & 8 ? &again : NULL,
        data[0] & 32, &b);
    if (!same(&a, &b))
        abort();
    if (data[0] & 32) {
        struct log f = { 0 }, all = { 0 }, ff = { 0 }, allf = { 0 };

        f.fields = &ff;
        all.fields = &allf;
        run(data + 1, size - 1, mode, 0, data[0] & 8 ? &again : NULL, true,
            &f);
        run(data + 1, size - 1, mode, 0, data[0] & 8 ? &again : NULL, false,
            &all);
        free(ff.p);
        free(allf.p);
        if (!same(&f, &all))
            abort();
    }
    if (mode == MAIL_MBOXCL || mode == MAIL_MBOXCL2 || mode == MAIL_MBOX)
        file_as_pipe(data + 1, size - 1, mode, data[0] | 1u, data[0] & 32);
    return 0;
}
