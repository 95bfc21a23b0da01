/* split.c: cutting a large text file or mbox into pieces for -j, and
 * counting what comes before a piece. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "split.h"

/* The mail parser takes a line for a separator only when the whole of it,
 * newline included, fits its line buffer (LINE_MAX_ in src/lib/mail.c;
 * keep in sync): a longer "From " line is body text. */
#define FROM_LINE_MAX 256

/* Is the line at P (N bytes to the end of the document) an mbox
 * separator as the mail parser reads it? */
static bool
is_separator(const char *p, size_t n)
{
    const char *nl;

    if (n < 5 || p[0] != 'F')
        return false;
    nl = memchr(p, '\n', n < FROM_LINE_MAX ? n : FROM_LINE_MAX);
    return nl && urigrep_mbox_from_line(p, (size_t)(nl - p) + 1);
}

bool
split_is_mbox(enum urigrep_doc_type type)
{
    return type == URIGREP_DOC_MBOX || type == URIGREP_DOC_MBOXO ||
           type == URIGREP_DOC_MBOXRD;
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
    while (i < limit) {
        const char *nl;

        if (split_is_mbox(type)) {
            if (is_separator(p + i, n - i))
                return i;
        } else if (p[i] == '\n') {
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

/* The number of newlines in P (N bytes), eight bytes at a time: the
 * count runs ahead of the scan of every piece, so it must cost little.
 * With MESSAGES, also count the separator lines after them there. */
static uint64_t
count_newlines(const char *p, size_t n, uint64_t *messages)
{
    const uint64_t ones = 0x0101010101010101ull, low = 0x7f7f7f7f7f7f7f7full;
    uint64_t c = 0;
    size_t i = 0;

#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;

        memcpy(&x, p + i, 8);
        x ^= ones * '\n';
        /* the top bit of each byte that is zero, exactly */
        y = ~(((x & low) + low) | x | low);
        if (y == 0)
            continue;
        /* their number in the top byte (no popcount instruction in
         * baseline x86-64) */
        c += ((y >> 7) * ones) >> 56;
        for (; messages && y; y &= y - 1) {
            /* the byte after a newline: little-endian bit order */
            size_t at = i + (size_t)(__builtin_ctzll(y) >> 3) + 1;

            if (at < n && p[at] == 'F' && is_separator(p + at, n - at))
                ++*messages;
        }
    }
#endif
    for (; i < n; i++)
        if (p[i] == '\n') {
            c++;
            if (messages && i + 1 < n && is_separator(p + i + 1, n - i - 1))
                ++*messages;
        }
    return c;
}

void
split_count(const char *p, size_t n, enum urigrep_doc_type type,
            bool doc_start, uint64_t *lines, uint64_t *messages)
{
    bool mbox = split_is_mbox(type);

    /* the parser starts a message at an mbox's first line whatever it
     * is (a "From " line too long for its buffer, say) */
    *messages = mbox && (doc_start ? n > 0 : is_separator(p, n));
    *lines = count_newlines(p, n, mbox ? messages : NULL);
}
