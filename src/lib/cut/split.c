/* split.c: where a document may be cut so that its pieces read apart
 * read as it does whole (text, mbox, the Content-Length chains of plain
 * WARC and mboxcl), and counting what comes before a piece. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "cut/window.h"
#include "cut/split.h"
#include "formats/mail.h"
#include "scan/skip.h"
#include "formats/warc.h"
#include "warcver.h"

#define FROM_LINE_MAX SPLIT_FROM_LINE_MAX

/* Is the line at P (N bytes to the end of the document) an mbox
 * separator as the mail parser reads it? */
static bool
is_separator(const char *p, size_t n)
{
    const char *nl;

    if (n < 5 || p[0] != 'F')
        return false;
    nl = memchr(p, '\n', n < FROM_LINE_MAX ? n : FROM_LINE_MAX);
    return nl && mail_is_from_line(p, (size_t)(nl - p) + 1);
}

bool
split_is_mbox(enum urigrep_doc_type type)
{
    return type == URIGREP_DOC_MBOX || type == URIGREP_DOC_MBOXO ||
           type == URIGREP_DOC_MBOXRD;
}

/* The first line start from I (itself one) before LIMIT of the mbox P (N
 * bytes) that is a separator; N when none is.  skip_mail_line() finds
 * the lines that start "Fr" (and the few that start "--", ">F" or
 * ">>") at the vector speed of the scanner's own search, where a
 * memchr() a line made the walk cost more than -j 1's whole read (573
 * MB of patches: 0.5 s of CPU to cut for -j 2). */
static size_t
separator_from(const char *p, size_t n, size_t i, size_t limit)
{
    enum skip_impl impl = skip_choose();
    uint64_t lines;

    while (i < limit) {
        if (is_separator(p + i, n - i))
            return i;
        i = skip_mail_line(impl, p, i, limit, &lines);
    }
    return n;
}

size_t
split_next(const char *p, size_t n, size_t from, size_t limit,
           enum urigrep_doc_type type)
{
    size_t i = from;

    if (limit > n)
        limit = n;
    if (i == 0 || i >= limit)
        return n;
    /* I at the start of a line: its previous byte is a newline */
    if (p[i - 1] != '\n') {
        const char *nl = memchr(p + i, '\n', limit - i);

        if (nl == NULL)
            return n;
        i = (size_t)(nl - p) + 1;
    }
    if (split_is_mbox(type))
        return separator_from(p, n, i, limit);
    while (i < limit) {
        const char *nl;

        if (p[i] == '\n') {
            /* the line before I ends here: I + 1 follows an empty line */
            if (i + 1 < n)
                return i + 1;
        } else if (p[i] == '\r' && i + 1 < n && p[i + 1] == '\n') {
            if (i + 2 < n)
                return i + 2;
        }
        if ((nl = memchr(p + i, '\n', limit - i)) == NULL)
            break;
        i = (size_t)(nl - p) + 1;
    }
    return n;
}

void
split_counter_init(struct split_counter *c, enum urigrep_doc_type type,
                   bool doc_start)
{
    memset(c, 0, sizeof *c);
    c->mbox = split_is_mbox(type);
    c->simd = (int)skip_choose();
    c->line_start = true;
    c->first = doc_start;
}

/* A line starts at P (N bytes to the end of what was fed): count it as a
 * message when it is a separator line, or hold its start when the bytes
 * that decide have not come yet (it is one only if its newline comes
 * within FROM_LINE_MAX bytes). */
static void
line_starts(struct split_counter *c, const char *p, size_t n)
{
    if (c->first) {
        /* the parser starts a message at an mbox's first line whatever
         * it is (a "From " line too long for its buffer, say) */
        c->first = false;
        c->messages += c->mbox;
        return;
    }
    if (!c->mbox || p[0] != 'F')
        return;
    if (n >= FROM_LINE_MAX || memchr(p, '\n', n) != NULL) {
        c->messages += is_separator(p, n);
        return;
    }
    memcpy(c->hold, p, n);
    c->held = n;
}

/* Bytes P (N) after a line start held: decide it when they do. */
static void
held_line(struct split_counter *c, const char *p, size_t n)
{
    size_t take = FROM_LINE_MAX - c->held < n ? FROM_LINE_MAX - c->held : n;

    memcpy(c->hold + c->held, p, take);
    c->held += take;
    if (memchr(p, '\n', take) != NULL || c->held == FROM_LINE_MAX) {
        c->messages += is_separator(c->hold, c->held);
        c->held = 0;
    }
}

/* Count the newlines of P (N bytes): the count runs ahead of the scan of
 * every piece when the output shows line numbers, so it must cost
 * little; the scanner's own count does it (AVX2 where the machine has
 * it: 0.09 instructions a byte, against 1.7 for the eight-byte loop this
 * had, which made -j 2 -n cost twice -j 1 -n).  In an mbox, each line
 * after one that starts with 'F' is looked at too: memchr() finds those
 * few bytes, a separator's first. */
static void
count_newlines(struct split_counter *c, const char *p, size_t n)
{
    const char *q, *end = p + n;

    c->lines += skip_count_newlines((enum skip_impl)c->simd, p, n);
    if (!c->mbox)
        return;
    for (q = p + 1; q < end && (q = memchr(q, 'F', (size_t)(end - q))); q++)
        if (q[-1] == '\n')
            line_starts(c, q, (size_t)(end - q));
}

void
split_counter_feed(struct split_counter *c, const char *p, size_t n)
{
    if (n == 0)
        return;
    /* (the newlines among the bytes a held line takes are counted with
     * the others, and the lines after them looked at) */
    if (c->held > 0)
        held_line(c, p, n);
    else if (c->line_start)
        line_starts(c, p, n);
    count_newlines(c, p, n);
    c->line_start = p[n - 1] == '\n';
}

void
split_count(const char *p, size_t n, enum urigrep_doc_type type,
            bool doc_start, uint64_t *lines, uint64_t *messages)
{
    struct split_counter c;

    split_counter_init(&c, type, doc_start);
    split_counter_feed(&c, p, n);
    *lines = c.lines;
    *messages = c.messages;
}

bool
split_by_chain(enum urigrep_doc_type type, const char *p, size_t n)
{
    return type == URIGREP_DOC_MBOXCL || type == URIGREP_DOC_MBOXCL2 ||
           type == URIGREP_DOC_MBOX ||
           (type == URIGREP_DOC_WARC &&
            !(n >= 2 && (unsigned char)p[0] == 0x1f &&
              (unsigned char)p[1] == 0x8b));
}

/* Is the line at AT of S a WARC version line the reader takes after a
 * block: warc_is_version_line(), whole (its newline included) in
 * WARC_VLINE_MAX bytes? */
static bool
is_warc_version(struct cut_window *s, size_t at)
{
    size_t end;
    const char *p = window_at(s, at, WARC_VLINE_MAX, &end);

    return memchr(p, '\n', end) != NULL && warc_is_version_line(p, end);
}

/* Is the line at AT of S an mbox separator (is_separator())? */
static bool
separator_at(struct cut_window *s, size_t at)
{
    size_t got;
    const char *p = window_at(s, at, FROM_LINE_MAX, &got);

    return is_separator(p, got);
}

/* The length of the line at P (N bytes to the end), its newline
 * included; 0 when none ends before N. */
static size_t
line_len(const char *p, size_t n)
{
    const char *nl = memchr(p, '\n', n);

    return nl ? (size_t)(nl - p) + 1 : 0;
}

static bool
is_blank(const char *p, size_t len)
{
    return len == 1 || (len == 2 && p[0] == '\r');
}

/* The decimal value of a field's line P (LEN bytes) after its colon at
 * COLON, blanks and line break trimmed, at most MAXD digits (18 at most:
 * no overflow); -1 when it is none. */
static int64_t
field_number(const char *p, size_t len, size_t colon, size_t maxd)
{
    size_t a = colon + 1, b = len, i;
    int64_t x = 0;

    while (a < b && (p[a] == ' ' || p[a] == '\t'))
        a++;
    while (b > a && strchr(" \t\r\n", p[b - 1]) != NULL)
        b--;
    if (a == b || b - a > maxd)
        return -1;
    for (i = a; i < b; i++) {
        if (p[i] < '0' || p[i] > '9')
            return -1;
        x = x * 10 + (p[i] - '0');
    }
    return x;
}

/* A header at AT of S: its lines to the empty one, at most MAX bytes
 * (with it), each a field ("Name: value", the name of printable ASCII,
 * a blank or line break after the colon; with STRICT, no other line is
 * taken) or one that continues it. Returns the offset of the body, or 0
 * when the header is not one to trust; *LENGTH is the last
 * Content-Length (-1 if none or invalid; MAXD digits at most).  (A line
 * is read as far as it can be taken: with STRICT, FROM_LINE_MAX bytes;
 * else to MAX.) */
static size_t
header_end(struct cut_window *s, size_t at, size_t max, size_t maxd,
           bool strict, int64_t *length)
{
    size_t i = at, len, got;
    bool in_length = false;

    *length = -1;
    while (i < s->n) {
        const char *q = window_at(s, i, strict ? FROM_LINE_MAX + 1
                                               : max - (i - at) + 1, &got);
        const char *colon;

        if ((len = line_len(q, got)) == 0 || i + len - at > max)
            break;
        if (is_blank(q, len))
            return i + len;
        if (strict && len > FROM_LINE_MAX)
            return 0;           /* not held whole by the mail parser */
        colon = memchr(q, ':', len);
        if (q[0] == ' ' || q[0] == '\t') {
            if (in_length)
                return 0;       /* a folded Content-Length */
        } else if (colon == NULL || colon == q) {
            if (strict)
                return 0;
        } else {
            size_t k = (size_t)(colon - q), c;

            for (c = 0; c < k && q[c] > 0x20 && q[c] < 0x7f; c++)
                ;
            if (c < k || (strict && !strchr(" \t\r\n", colon[1])))
                return 0;
            in_length = k == 14 && strncasecmp(q, "Content-Length", 14) == 0;
            if (in_length)
                *length = field_number(q, len, k, maxd);
        }
        i += len;
    }
    return 0;
}

/* The record at AT (its version line) of the plain WARC file S: where
 * the next starts, as the reader finds it (Content-Length bytes after
 * the header, line breaks, a version line); S->n if the chain cannot be
 * followed there. */
static size_t
warc_chain_step(struct cut_window *s, size_t at)
{
    size_t head = window_line(s, at), body, got, k;
    int64_t length;

    if (head == 0 ||
        (body = header_end(s, at + head, WARC_HEAD_MAX, 18, false,
                           &length)) == 0 ||
        length < 0 || (uint64_t)length > s->n - body)
        return s->n;
    at = body + (size_t)length;
    do {
        const char *p = window_at(s, at, WINDOW_MARGIN, &got);

        for (k = 0; k < got && (p[k] == '\r' || p[k] == '\n'); k++)
            ;
        at += k;
    } while (k > 0 && k == got);
    return at < s->n && is_warc_version(s, at) ? at : s->n;
}

/* Where the body at BODY of S, counted LENGTH bytes long, ends as the
 * mail parser checks it: the "From " line that follows (after blank
 * lines), S->n when the end of S does, SIZE_MAX when neither does (the
 * count is wrong). */
static size_t
count_end(struct cut_window *s, size_t body, int64_t length)
{
    size_t at, len, got;
    const char *p;

    if ((uint64_t)length > s->n - body)
        return SIZE_MAX;
    if (length > 0) {
        p = window_at(s, body + (size_t)length - 1, 1, &got);
        if (got == 0 || p[0] != '\n')
            return SIZE_MAX;
    }
    /* a blank line is 2 bytes at most: 3 tell one */
    at = body + (size_t)length;
    while (at < s->n && (p = window_at(s, at, 3, &got)) != NULL &&
           (len = line_len(p, got)) > 0 && is_blank(p, len))
        at += len;
    return at == s->n ? s->n : separator_at(s, at) ? at : SIZE_MAX;
}

static size_t
rule_mbox(const char *p, size_t n, size_t from, size_t limit,
          const void *arg)
{
    (void)arg;
    return split_next(p, n, from, limit, URIGREP_DOC_MBOX);
}

/* The first mbox separator line of S at or after FROM: split_next(). */
static size_t
next_separator(struct cut_window *s, size_t from)
{
    return window_search(s, from, s->n, rule_mbox, NULL);
}

/* The mboxcl message at AT (its "From " line) of S: where the next
 * starts as the mail parser finds it (its Content-Length's bytes after
 * the header, blank lines, a "From " line; with no Content-Length, the
 * next "From " line); S->n if the chain cannot be followed there: a
 * header line the parser could take otherwise, a count that does not
 * end before a "From " line. */
static size_t
mboxcl_chain_step(struct cut_window *s, size_t at)
{
    size_t head = window_line(s, at), body;
    int64_t length;

    if (head == 0 ||
        (body = header_end(s, at + head, SIZE_MAX, 18, true, &length)) == 0)
        return s->n;
    if (length < 0)
        return next_separator(s, body);
    at = count_end(s, body, length);
    return at == SIZE_MAX ? s->n : at;
}

/* Does a line of the header from AT of S (to an empty line, a separator
 * or the end) name Content-Length? */
static bool
names_length(struct cut_window *s, size_t at)
{
    size_t len, got;
    const char *p;

    while (at < s->n && (len = window_line(s, at)) > 0) {
        p = window_at(s, at, FROM_LINE_MAX, &got);
        if (got == 0 || is_blank(p, len) || is_separator(p, got))
            break;
        if (len > 14 && got > 14 &&
            strncasecmp(p, "Content-Length", 14) == 0)
            return true;
        at += len;
    }
    return false;
}

/* The message at AT (its "From " line) of the mbox S as the mail parser
 * reads URIGREP_DOC_MBOX (MAIL_MBOX, as mutt does): where the next
 * starts. A Content-Length that ends where a "From " line (blank lines
 * before it) or the end follows is honoured, as mboxcl_chain_step()
 * follows it; else, or with none, the next "From " line is the next
 * message (mboxrd). S->n when there is none, or when the header is not
 * plain and names a Content-Length (the walk cannot tell what the
 * parser makes of it). */
static size_t
mbox_chain_step(struct cut_window *s, size_t at)
{
    size_t head = window_line(s, at), body, next;
    int64_t length;

    if (head == 0)
        return s->n;
    body = header_end(s, at + head, SIZE_MAX, 18, true, &length);
    if (body == 0)
        return names_length(s, at + head) ? s->n
                                          : next_separator(s, at + head);
    if (length >= 0 && (next = count_end(s, body, length)) != SIZE_MAX)
        return next;
    return next_separator(s, body);
}

bool
split_warc_continues(const char *p, size_t n)
{
    size_t i = line_len(p, n), len;
    bool cont = false;

    while (i > 0 && i < n && i <= WARC_HEAD_MAX &&
           (len = line_len(p + i, n - i)) > 0 && !is_blank(p + i, len)) {
        const char *q = p + i + 10, *e = p + i + len;

        if (len > 10 && strncasecmp(p + i, "WARC-Type:", 10) == 0) {
            while (q < e && (*q == ' ' || *q == '\t'))
                q++;
            while (e > q && strchr(" \t\r\n", e[-1]) != NULL)
                e--;
            cont = e - q == 12 && strncasecmp(q, "continuation", 12) == 0;
        }
        i += len;
    }
    return cont;
}

size_t
split_chain_walk(struct split_chain *c, struct cut_window *s, size_t from,
                 enum urigrep_doc_type type)
{
    size_t got;
    const char *p;

    c->count = 0;
    /* a piece cannot start at a WARC continuation record: the record it
     * continues is in the piece before (its WARC-Type is looked for in
     * its first WINDOW_MARGIN bytes, the version line and a header of
     * WARC_HEAD_MAX, which is all the reader takes) */
    while (c->at < s->n &&
           (c->at < from ||
            (type == URIGREP_DOC_WARC &&
             (p = window_at(s, c->at, WINDOW_MARGIN, &got)) != NULL &&
             split_warc_continues(p, got)))) {
        c->at = type == URIGREP_DOC_WARC ? warc_chain_step(s, c->at)
                : type == URIGREP_DOC_MBOX ? mbox_chain_step(s, c->at)
                                           : mboxcl_chain_step(s, c->at);
        c->count++;
    }
    return c->at < s->n ? c->at : s->n;
}

size_t
split_chain_next(struct split_chain *c, const char *p, size_t n,
                 size_t from, enum urigrep_doc_type type)
{
    struct cut_window s;

    window_memory(&s, p, n);
    return split_chain_walk(c, &s, from, type);
}
