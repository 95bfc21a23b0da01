/* rnews.c: news batches (the input of INN's and C News' rnews): a
 * "#! rnews COUNT" line, then an article of COUNT bytes, and so on. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "formats/rnews.h"

bool
rnews_separator(const char *p, size_t n, uint64_t *count)
{
    uint64_t c = 0;
    size_t i = 8, digits = 0;

    if (n < 10 || memcmp(p, "#! rnews", 8) != 0)
        return false;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    if (i == 8)
        return false;
    /* at most 15 digits: no article is near 10^15 bytes */
    for (; i < n && p[i] >= '0' && p[i] <= '9' && digits < 15; i++, digits++)
        c = c * 10 + (uint64_t)(p[i] - '0');
    if (digits == 0 || (i < n && !strchr(" \t\r\n", p[i])))
        return false;
    *count = c;
    return true;
}

bool
rnews_unbatch(const char *p, size_t n, char *name, size_t size)
{
    size_t i = 3, k;

    if (n < 10 || memcmp(p, "#! ", 3) != 0)
        return false;
    while (i < n && ((p[i] >= 'a' && p[i] <= 'z') ||
                     (p[i] >= '0' && p[i] <= '9')))
        i++;
    k = i - 3;
    if (k < 7 || k >= size || memcmp(p + i - 7, "unbatch", 7) != 0 ||
        (i < n && !strchr(" \t\r\n", p[i])))
        return false;
    memcpy(name, p + 3, k);
    name[k] = '\0';
    return true;
}

/* The line starting here is no separator: the bytes up to the next one
 * are an article no count says the end of (said once, when it opens). */
static void
not_separator(struct rnews *r, const struct rnews_sink *s)
{
    if (r->loose)
        return;
    s->bad(s->arg, r->nl + 1, 0);
    s->article(s->arg, r->nl);
    r->loose = true;
}

/* The held line is whole (its '\n' last): a separator, or data. */
static void
held_line(struct rnews *r, const struct rnews_sink *s)
{
    uint64_t count;
    char name[RNEWS_LINE_MAX];

    if (rnews_unbatch(r->held, r->nheld, name, sizeof name)) {
        /* compressed from here on: nothing more is text */
        if (r->loose)
            s->end(s->arg);
        r->loose = false;
        if (s->unbatch)
            s->unbatch(s->arg, r->nl + 1, name);
        r->unread = true;
    } else if (!rnews_separator(r->held, r->nheld, &count)) {
        not_separator(r, s);
        s->data(s->arg, r->held, r->nheld);
    } else {
        if (r->loose) {
            s->end(s->arg);
            r->loose = false;
        }
        r->sep_line = r->nl + 1;
        s->article(s->arg, r->nl + 1);
        if (count == 0) {
            s->end(s->arg);
        } else {
            r->counted = true;
            r->left = r->count = count;
        }
    }
    r->nl++;
    r->nheld = 0;
}

/* At a line's start or within the first bytes of one held: hold what P
 * (N bytes) has of it, up to RNEWS_LINE_MAX; returns how many were
 * taken. */
static size_t
hold(struct rnews *r, const char *p, size_t n, const struct rnews_sink *s)
{
    size_t room = RNEWS_LINE_MAX - r->nheld, k = n < room ? n : room;
    const char *nl = memchr(p, '\n', k);

    if (nl != NULL)
        k = (size_t)(nl - p) + 1;
    memcpy(r->held + r->nheld, p, k);
    r->nheld += k;
    if (nl != NULL) {
        held_line(r, s);
    } else if (r->nheld == RNEWS_LINE_MAX) {
        /* too long for a separator: data, up to the line's end */
        not_separator(r, s);
        s->data(s->arg, r->held, r->nheld);
        r->nheld = 0;
        r->mid_line = true;
    }
    return k;
}

void
rnews_feed(struct rnews *r, const char *p, size_t n,
           const struct rnews_sink *s)
{
    while (n > 0 && !r->unread) {
        size_t k;

        if (r->counted) {
            k = n < r->left ? n : (size_t)r->left;
            s->data(s->arg, p, k);
            r->nl += skip_count_newlines(r->simd, p, k);
            if ((r->left -= k) == 0) {
                r->counted = false;
                s->end(s->arg);
            }
        } else if (r->mid_line) {
            const char *nl = memchr(p, '\n', n);

            k = nl ? (size_t)(nl - p) + 1 : n;
            s->data(s->arg, p, k);
            if (nl != NULL)
                r->nl++, r->mid_line = false;
        } else if (r->nheld == 0 && !r->loose && *p == '\n') {
            k = 1; /* a blank line between articles */
            r->nl++;
        } else if (r->nheld == 0 && *p != '#') {
            not_separator(r, s);
            r->mid_line = true;
            k = 0;
        } else {
            k = hold(r, p, n, s);
        }
        p += k;
        n -= k;
    }
}

void
rnews_finish(struct rnews *r, const struct rnews_sink *s)
{
    enum skip_impl simd = r->simd;
    uint64_t count;

    if (r->unread) {
        /* said where it began */
    } else if (r->counted) {
        s->bad(s->arg, r->sep_line, r->count);
        s->end(s->arg);
    } else if (r->nheld > 0 && rnews_separator(r->held, r->nheld, &count)) {
        /* a last separator with nothing after it */
        if (count > 0)
            s->bad(s->arg, r->nl + 1, count);
    } else if (r->nheld > 0) {
        not_separator(r, s);
        s->data(s->arg, r->held, r->nheld);
    }
    if (r->loose)
        s->end(s->arg);
    memset(r, 0, sizeof *r);
    r->simd = simd;
}
