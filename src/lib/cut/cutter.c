/* cutter.c: the public cutter (urigrep/cut.h): which way a document is
 * cut, its pieces in order, the counts before each. The rules are
 * split.c's and members.c's; this file walks them over a whole file, a
 * window at a time, mapped or read (window.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "cut/cutter.h"
#include "cut/members.h"
#include "cut/window.h"
#include "cut/split.h"
#include "formats/detect.h"
#include "formats/mail.h"
#include "internal.h"
#include "urigrep/cut.h"

/* The default piece size: large enough that a piece's start costs
 * little against its work. */
#define PIECE_DEFAULT (4 * 1024 * 1024)
/* How much of the document a search looks at before the pages it read
 * are given back (URIGREP_CUT_DROP_PAGES). */
#define WINDOW (4 * 1024 * 1024)
/* The start of a document that decides its way. */
#define HEAD_MAX (32 * 1024)

/* Owner: cutter.c; urigrep/cut.h declares it opaque. */
struct urigrep_cutter {
    const char *p;
    size_t n;
    enum urigrep_doc_type type;
    enum urigrep_cut_way way;
    size_t piece, search;
    bool drop;
    struct cut_window src;      /* P, or the file read through a window */
    struct split_chain chain;   /* the walk along a Content-Length chain */
    size_t at;                  /* where the next piece starts */
    uint64_t before;            /* the chain's messages before AT */
    bool done;
};

static bool
gzip_magic(const char *p, size_t n)
{
    return n >= 2 && (unsigned char)p[0] == 0x1f &&
           (unsigned char)p[1] == 0x8b;
}

/* The type AUTO stands for at P (N bytes). */
static enum urigrep_doc_type
auto_type(const char *p, size_t n)
{
    if (members_is_record((const unsigned char *)p, n))
        return URIGREP_DOC_WARC;
    return urigrep_detect(p, n < HEAD_MAX ? n : HEAD_MAX);
}

/* Does P (N bytes) start with a line the mail parser takes for an mbox
 * separator? No text comes before an mbox's first message in a piece. */
static bool
starts_from_line(const char *p, size_t n)
{
    const char *nl = memchr(p, '\n', n);

    return nl != NULL && mail_is_from_line(p, (size_t)(nl - p) + 1);
}

URIGREP_EXPORT enum urigrep_cut_way
urigrep_cut_way(enum urigrep_doc_type type, const char *p, size_t n)
{
    if (p == NULL)
        return URIGREP_CUT_NONE;
    if (type == URIGREP_DOC_AUTO)
        type = auto_type(p, n);
    if (gzip_magic(p, n))
        /* compressed data is read in one stream, but for a .warc.gz */
        return type == URIGREP_DOC_WARC &&
                       members_is_record((const unsigned char *)p, n)
                   ? URIGREP_CUT_MEMBERS : URIGREP_CUT_NONE;
    switch (type) {
    case URIGREP_DOC_TEXT:
        return URIGREP_CUT_LINES;
    case URIGREP_DOC_MBOXO:
    case URIGREP_DOC_MBOXRD:
        return starts_from_line(p, n) ? URIGREP_CUT_FROM : URIGREP_CUT_NONE;
    case URIGREP_DOC_MBOX:
        /* a Content-Length may make "From " lines body text (as mutt
         * reads an mbox): along the chain */
    case URIGREP_DOC_MBOXCL:
    case URIGREP_DOC_MBOXCL2:
        return starts_from_line(p, n) ? URIGREP_CUT_CHAIN : URIGREP_CUT_NONE;
    case URIGREP_DOC_WARC:
        /* plain: cut along the chain from its first version line */
        return n >= 9 && memcmp(p, "WARC/", 5) == 0 ? URIGREP_CUT_CHAIN
                                                   : URIGREP_CUT_NONE;
    default:
        /* mail, HTML, MH messages, news batches: read from the start */
        return URIGREP_CUT_NONE;
    }
}

/* A zeroed cutter into *OUT when P (N bytes) and OPT are right, OPT
 * copied into *O: the caller sets its source, then begin(). */
static enum urigrep_status
make(const char *p, size_t n, const struct urigrep_cut_options *opt,
     urigrep_cutter **out, struct urigrep_cut_options *o)
{
    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    memset(o, 0, sizeof *o);
    /* (the first layout is this one: 0.10.0's) */
    if ((p == NULL && n > 0) ||
        (opt && !options_copy(o, sizeof *o, opt, sizeof *o)) ||
        (unsigned)o->type > URIGREP_DOC_RNEWS ||
        (o->flags & ~URIGREP_CUT_DROP_PAGES) != 0)
        return URIGREP_ERR_ARG;
    if ((*out = calloc(1, sizeof **out)) == NULL)
        return URIGREP_ERR_NOMEM;
    return URIGREP_OK;
}

/* Set C up as O says once its source is: the way its start is cut. */
static void
begin(urigrep_cutter *c, const struct urigrep_cut_options *o)
{
    size_t got = 0;
    const char *q = NULL;

    if (c->src.p != NULL || c->src.buf != NULL)
        q = window_at(&c->src, 0, WINDOW_MARGIN, &got);
    c->n = c->src.n;
    c->type = o->type == URIGREP_DOC_AUTO && q ? auto_type(q, got) : o->type;
    c->way = urigrep_cut_way(c->type, q, got < HEAD_MAX ? got : HEAD_MAX);
    c->piece = o->piece == 0 ? PIECE_DEFAULT
               : o->piece > SIZE_MAX / 4 ? SIZE_MAX / 4 : (size_t)o->piece;
    c->search = o->search > SIZE_MAX / 4 ? SIZE_MAX / 4 : (size_t)o->search;
}

URIGREP_EXPORT enum urigrep_status
urigrep_cutter_new(const char *p, size_t n,
                   const struct urigrep_cut_options *opt,
                   urigrep_cutter **out)
{
    struct urigrep_cut_options o;
    enum urigrep_status rc = make(p, n, opt, out, &o);

    if (rc != URIGREP_OK)
        return rc;
    (*out)->p = p;
    window_memory(&(*out)->src, p, n);
    (*out)->drop = (o.flags & URIGREP_CUT_DROP_PAGES) != 0;
    begin(*out, &o);
    return URIGREP_OK;
}

enum urigrep_status
cutter_new_fd(int fd, uint64_t size, const struct urigrep_cut_options *opt,
              size_t window, urigrep_cutter **out)
{
    struct urigrep_cut_options o;
    enum urigrep_status rc;

    if (fd < 0 || size > SIZE_MAX) {
        if (out)
            *out = NULL;
        return URIGREP_ERR_ARG;
    }
    if ((rc = make(NULL, 0, opt, out, &o)) != URIGREP_OK)
        return rc;
    if (!window_file(&(*out)->src, fd, (size_t)size, window)) {
        urigrep_cutter_free(*out);
        *out = NULL;
        return URIGREP_ERR_NOMEM;
    }
    begin(*out, &o);
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_cutter_new_fd(int fd, uint64_t size,
                      const struct urigrep_cut_options *opt,
                      urigrep_cutter **out)
{
    return cutter_new_fd(fd, size, opt, CUTTER_FD_WINDOW, out);
}

URIGREP_EXPORT const char *
urigrep_cutter_read_error(const urigrep_cutter *c, uint64_t *at)
{
    if (c == NULL || c->src.failed == NULL)
        return NULL;
    if (at)
        *at = c->src.failed_at;
    return c->src.failed;
}

URIGREP_EXPORT enum urigrep_cut_way
urigrep_cutter_way(const urigrep_cutter *c)
{
    return c ? c->way : URIGREP_CUT_NONE;
}

URIGREP_EXPORT void
urigrep_cutter_free(urigrep_cutter *c)
{
    if (c != NULL)
        window_free(&c->src);
    free(c);
}

/* Give back the pages of C's mapping that a search from FROM to TO read:
 * each page fault maps up to 64 KiB around it (a 300 MB mbox's 150
 * searches left some 50 MB of it counted in the peak RSS). */
static void
drop_pages(const urigrep_cutter *c, size_t from, size_t to)
{
#ifdef MADV_DONTNEED
    const size_t around = 64 * 1024;
    size_t lo, hi;
    uintptr_t base = (uintptr_t)c->p, pg = 4096;

    if (!c->drop)
        return;
    lo = from > around ? from - around : 0;
    hi = c->n - to > around ? to + around : c->n;
    /* whole pages inside the document */
    lo = (size_t)(((base + lo + pg - 1) & ~(pg - 1)) - base);
    if (base % pg != 0 && lo == 0)
        lo = (size_t)(pg - base % pg);
    if (hi < c->n)
        hi = (size_t)(((base + hi) & ~(pg - 1)) - base);
    else
        hi = (size_t)(((base + hi + pg - 1) & ~(pg - 1)) - base);
    if (hi > lo)
        madvise((char *)(base + lo), hi - lo, MADV_DONTNEED);
#else
    (void)c, (void)from, (void)to;
#endif
}

static size_t
rule_members(const char *p, size_t n, size_t from, size_t limit,
             const void *arg)
{
    (void)arg;
    return members_next((const unsigned char *)p, n, from, limit, true);
}

static size_t
rule_split(const char *p, size_t n, size_t from, size_t limit,
           const void *arg)
{
    return split_next(p, n, from, limit, *(const enum urigrep_doc_type *)arg);
}

/* The first place to cut at or after FROM and before LIMIT, for a way
 * that searches; N when there is none. */
static size_t
search_cut(urigrep_cutter *c, size_t from, size_t limit)
{
    return window_search(&c->src, from, limit,
                         c->way == URIGREP_CUT_MEMBERS ? rule_members
                                                       : rule_split,
                         &c->type);
}

/* The first cut at or after FROM, searched to LIMIT at most, a window
 * at a time (each one's pages given back when asked: a search that runs
 * far, a text with no empty line for gigabytes, keeps no more of the
 * file resident than a window); along the chain for a chain (C->chain
 * counts the messages walked). */
static size_t
next_cut(urigrep_cutter *c, size_t from, size_t limit)
{
    size_t lo = from, cut;

    if (c->way == URIGREP_CUT_CHAIN) {
        lo = c->chain.at;
        cut = split_chain_walk(&c->chain, &c->src, from, c->type);
        /* only the headers were read, a page or two each */
        drop_pages(c, lo, cut < c->n ? cut : c->n);
        return cut;
    }
    if (limit > c->n)
        limit = c->n;
    do {
        size_t hi = limit - lo > WINDOW ? lo + WINDOW : limit;

        cut = search_cut(c, lo, hi);
        drop_pages(c, lo, cut < hi ? cut : hi);
        lo = hi;
    } while (cut == c->n && lo < limit);
    return cut;
}

URIGREP_EXPORT int
urigrep_cutter_next(urigrep_cutter *c, struct urigrep_piece *piece)
{
    size_t cut;

    if (c == NULL || piece == NULL || c->done || c->at >= c->n)
        return 0;
    if (c->way == URIGREP_CUT_NONE || c->piece >= c->n - c->at ||
        c->src.failed != NULL)
        cut = c->n;
    else if (c->at == 0)
        /* the first: at least a piece in, searched only SEARCH past it
         * when asked (no crumb rule: a cut there has a piece before) */
        cut = next_cut(c, c->piece,
                       c->search ? c->piece + c->search : c->n);
    else {
        cut = next_cut(c, c->at + c->piece, c->n);
        if (cut < c->n && c->n - cut < c->piece / 2)
            cut = c->n; /* no crumb at the end */
    }
    if (c->src.failed != NULL)
        cut = c->n;     /* the file is not what it was: no more cuts */
    piece->start = c->at;
    piece->end = cut;
    piece->messages_before = c->before;
    c->before += c->way == URIGREP_CUT_CHAIN ? c->chain.count : 0;
    c->at = cut;
    c->done = cut >= c->n;
    return 1;
}

URIGREP_EXPORT enum urigrep_status
urigrep_count(const char *p, size_t n, enum urigrep_doc_type type,
              int doc_start, struct urigrep_counts *out)
{
    if (out == NULL || (p == NULL && n > 0))
        return URIGREP_ERR_ARG;
    split_count(p, n, type, doc_start != 0, &out->lines, &out->messages);
    return URIGREP_OK;
}

/* Owner: cutter.c; urigrep/cut.h declares it opaque. */
struct urigrep_counter {
    struct split_counter c;
};

URIGREP_EXPORT enum urigrep_status
urigrep_counter_new(enum urigrep_doc_type type, int doc_start,
                    urigrep_counter **out)
{
    if (out == NULL)
        return URIGREP_ERR_ARG;
    if ((*out = malloc(sizeof **out)) == NULL)
        return URIGREP_ERR_NOMEM;
    split_counter_init(&(*out)->c, type, doc_start != 0);
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_counter_feed(urigrep_counter *c, const char *p, size_t n)
{
    if (c == NULL || (p == NULL && n > 0))
        return URIGREP_ERR_ARG;
    split_counter_feed(&c->c, p, n);
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_counter_counts(const urigrep_counter *c, struct urigrep_counts *out)
{
    if (c == NULL || out == NULL)
        return URIGREP_ERR_ARG;
    out->lines = c->c.lines;
    out->messages = c->c.messages;
    return URIGREP_OK;
}

URIGREP_EXPORT void
urigrep_counter_free(urigrep_counter *c)
{
    free(c);
}

URIGREP_EXPORT size_t
urigrep_warc_member(const char *p, size_t n, size_t from)
{
    if (p == NULL || from >= n)
        return n;
    return members_next((const unsigned char *)p, n, from, n, false);
}
