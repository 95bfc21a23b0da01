/* rnews.h: news batches as rnews reads them: each article after a
 * "#! rnews COUNT" line that says how many bytes it has. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_RNEWS_H
#define URIGREP_RNEWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scan/skip.h"

/* Longest separator line taken: "#! rnews " and a count, with room for
 * what some batchers write after it. */
#define RNEWS_LINE_MAX 80

/* What the batch holds, in order. LINE is the number of newlines of the
 * batch before the article's first byte.
 * Owner: rnews.c, which calls it; its user (extract.c) fills it. */
struct rnews_sink {
    /* An article begins: after a separator line, or after a line that
     * should have been one and was not (bad() said so; it then runs to
     * the next separator line). */
    void (*article)(void *arg, uint64_t line);
    /* Bytes of the open article. */
    void (*data)(void *arg, const char *p, size_t n);
    /* The open article ends. */
    void (*end)(void *arg);
    /* LINE (counted from 1) should have been a separator line, or the
     * article counted there (COUNT bytes) ends early with the input. */
    void (*bad)(void *arg, uint64_t line, uint64_t count);
    void *arg;
    /* Optional: LINE is "#! NAMEunbatch" ("#! cunbatch": a compress(1)ed
     * batch follows, as rnews(8) reads it through a decompressor): the
     * rest of the input is compressed, and not read. */
    void (*unbatch)(void *arg, uint64_t line, const char *name);
};

/* A batch being read: zero it to start (SIMD may be set then).
 * Owner: rnews.c; its user holds one. */
struct rnews {
    enum skip_impl simd;  /* how an article's newlines are counted */
    uint64_t left;      /* bytes still to come of a counted article */
    uint64_t count;     /* what its separator said */
    uint64_t nl;        /* newlines of the batch before the next byte */
    uint64_t sep_line;  /* the counted article's separator line */
    bool counted;       /* a counted article is open */
    bool loose;         /* an article that no separator counted is open */
    bool mid_line;      /* within a line that is no separator */
    bool unread;        /* after a "#! cunbatch" line: not read */
    size_t nheld;       /* bytes of a line that may be a separator */
    char held[RNEWS_LINE_MAX];
};

/* Is P (N bytes, the start of a line) "#! rnews " and a count, then the
 * end of the line or a blank? The count in *COUNT when so. */
bool rnews_separator(const char *p, size_t n, uint64_t *count);

/* Is P (N bytes, the start of a line) "#! NAMEunbatch" (NAME lower-case
 * letters and digits: cunbatch, c7unbatch, gunbatch), then the end of
 * the line or a blank? Then "NAMEunbatch" is copied into NAME (SIZE
 * bytes, NUL-terminated); false when it does not fit. */
bool rnews_unbatch(const char *p, size_t n, char *name, size_t size);

/* Read N more bytes of the batch; the split of the input does not
 * matter. */
void rnews_feed(struct rnews *r, const char *p, size_t n,
                const struct rnews_sink *s);

/* End of the batch: what is open ends (an article cut short is said). */
void rnews_finish(struct rnews *r, const struct rnews_sink *s);

#endif
