/* mbox.c: mbox "From " lines, and the Content-Length of mboxcl, mboxcl2
 * and mbox as mutt reads it, with the input held where a count may be
 * wrong (the mail parser's separators and counted bodies). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "formats/fields.h"
#include "formats/mail.h"
#include "formats/mailint.h"

/* The decimal Content-Length V (VLEN bytes, blanks trimmed), or -1 when
 * it is none: no digit, another byte, or more than 18 digits. */
int64_t
mbox_parse_length(const char *v, size_t vlen)
{
    int64_t n = 0;
    size_t i;

    if (vlen == 0 || vlen > 18)
        return -1;
    for (i = 0; i < vlen; i++) {
        if (v[i] < '0' || v[i] > '9')
            return -1;
        n = n * 10 + (v[i] - '0');
    }
    return n;
}

bool
mail_is_from_line(const char *p, size_t n)
{
    size_t i = 5;

    /* "From " SENDER " " DATE, the date with a time ("12:08:34"), as the
     * mbox format has it; a line of prose that starts with "From " has
     * none */
    if (n < 5 || memcmp(p, "From ", 5) != 0 || n > 512)
        return false;
    while (i < n && p[i] != ' ' && p[i] != '\n')
        i++;
    if (i == 5 || i == n || p[i] != ' ')
        return false;
    for (; i + 4 < n; i++)
        if (p[i + 2] == ':' && p[i] >= '0' && p[i] <= '9' &&
            p[i + 1] >= '0' && p[i + 1] <= '9' && p[i + 3] >= '0' &&
            p[i + 3] <= '9' && p[i + 4] >= '0' && p[i + 4] <= '9')
            return true;
    return false;
}

/* Is the line P (N bytes) of a header block a header field
 * (field_line_name())? */
static bool
is_field_line(const char *p, size_t n)
{
    return field_line_name(p, n) > 0;
}

static bool plausible_message(const char *p, size_t n, size_t at);
static size_t line_length(const char *p, size_t n);

/* The count at hand, as the input read again says where it ends: 2 (a
 * "From " line, after blank lines, or the end of the input follows a
 * line's end there), 3 (something else does), 1 (it cannot be read). */
static int
check_count(struct mail_parser *m)
{
    char buf[1 + AFTER_MAX];
    size_t got = m->read_at(m->read_arg, m->count_end - 1, buf, sizeof buf);
    size_t i = 1, len = 0;

    if (got == (size_t)-1 || got > sizeof buf)
        return 1;
    if (got == 0 || buf[0] != '\n')
        return 3;   /* the input ends first, or the count inside a line */
    while (i < got && (len = line_length(buf + i, got - i)) > 0 &&
           field_is_blank_line(buf + i, len))
        i += len;
    if (i == got)
        return got < sizeof buf ? 2 : 1;
    if (len == 0 && got == sizeof buf)
        return 1;   /* a line too long to tell */
    if (len == 0)
        len = got - i;  /* the last line, with no newline */
    return len <= LINE_MAX_ && buf[i] == 'F' &&
                   mail_is_from_line(buf + i, len) ? 2 : 3;
}

/* Does a message start at the "From " line at offset AT of the input, as
 * read again: plausible_message() on what follows, up to the count's end
 * (as on the bytes held without read_at: a count of its own that runs
 * past it is not held against it)? */
static bool
plausible_at(struct mail_parser *m, uint64_t at)
{
    size_t want = m->count_end - at < PLAUSIBLE_MAX
                      ? (size_t)(m->count_end - at) : PLAUSIBLE_MAX, got;

    if (m->again == NULL && (m->again = malloc(PLAUSIBLE_MAX)) == NULL)
        return false;   /* the count is taken as it says */
    got = m->read_at(m->read_arg, at, m->again, want);
    return got != (size_t)-1 && got <= want &&
           plausible_message(m->again, got, 0);
}

/* mail_finish() reads again what it held, to the input's end (END_POS):
 * the bytes from the line at hand (P, N bytes: in the replay, or in
 * m->line with those after it in the replay, which ends at END_POS) to
 * that end, PLAUSIBLE_MAX at most, at *OUT; their length, or 0 when
 * they are not all at hand (the line is then held, as before). */
static size_t
ended_bytes(struct mail_parser *m, const char *p, size_t n, const char **out)
{
    uint64_t rest;
    size_t k;

    if (m->line_start + n > m->end_pos ||
        (rest = m->end_pos - m->line_start - n) > m->nreplay)
        return 0;
    k = n + rest < PLAUSIBLE_MAX ? (size_t)(n + rest) : PLAUSIBLE_MAX;
    if (rest == 0 || p + n == m->replay + (m->nreplay - rest)) {
        *out = p;   /* the line and what follows it, in one piece */
        return k;
    }
    if (p != m->line ||
        (m->again == NULL && (m->again = malloc(PLAUSIBLE_MAX)) == NULL))
        return 0;
    memcpy(m->again, p, n);
    memcpy(m->again + n, m->replay + (m->nreplay - rest), k - n);
    *out = m->again;
    return k;
}

/* A "From " line (P, N bytes; stored line LINE) in a count: 2 when the
 * count is right (the line is text), 3 when it is wrong and a message
 * starts at the line (said: the count ends there), 1 when that cannot be
 * told without holding the input (no read_at). */
static int
from_in_count(struct mail_parser *m, const char *p, size_t n,
              const struct mail_sink *sink)
{
    const char *q;
    size_t k;

    if (m->read_at != NULL && m->count_check == 0)
        m->count_check = check_count(m);
    /* MAIL_MBOX, the input not read again: a count that runs past the
     * input's end, or longer from here than can be held, would be held
     * only to be found wrong (one message after another, each holding
     * again what the one before held): the next message starts here, as
     * holding would decide */
    if (count_may_fail(m) && (m->read_at == NULL || m->count_check == 1) &&
        (m->count_end - m->line_start > HOLD_MAX ||
         (m->ended && m->count_end > m->end_pos))) {
        m->count_end = m->line_start;
        return 3;
    }
    /* mboxcl, mboxcl2, the input not read again: a count that runs past
     * the input's end is wrong, and what is held is read again
     * (mail_finish()); were the line held, the next message would hold
     * again what this one held, and so on (quadratic).  Judged here on
     * the bytes held, as cut_at() would judge it, as plausible_at() does
     * on a file */
    if ((m->read_at == NULL || m->count_check == 1) && m->ended &&
        m->count_end > m->end_pos && (k = ended_bytes(m, p, n, &q)) > 0) {
        if (!plausible_message(q, k, 0))
            return 2;
        m->count_end = m->line_start;
        if (sink->bad_length)
            sink->bad_length(sink->arg, m->count_len, m->line_no);
        return 3;
    }
    if (m->read_at == NULL)
        return 1;
    if (m->count_check == 3 && count_may_fail(m)) {
        m->count_end = m->line_start;   /* mboxrd: the next message */
        return 3;
    }
    if (m->count_check == 3 && plausible_at(m, m->line_start)) {
        m->count_end = m->line_start;
        if (sink->bad_length)
            sink->bad_length(sink->arg, m->count_len, m->line_no);
        return 3;
    }
    return m->count_check == 1 ? 1 : 2;
}

/* A counted body did not end where a message or the input ends: say so,
 * and go back to "From " lines. */
void
mbox_bad_count(struct mail_parser *m, const struct mail_sink *sink)
{
    m->counting = false;
    if (!count_may_fail(m) && sink->bad_length)
        sink->bad_length(sink->arg, m->count_len, m->line_no);
}

/* While a counted body is open (mboxcl, mboxcl2): is the line at P (N
 * bytes, COMPLETE as handle_line() has it) inside it, where "From " is
 * text? Where the count ends, a "From " line (or blank lines, then one,
 * or the end of the input: mutt writes a blank line after each message)
 * must follow; anything else, or a count that ends inside a line, is
 * said, and "From " lines separate messages again. */
static bool
in_counted_body(struct mail_parser *m, const char *p, size_t n,
                bool complete, const struct mail_sink *sink)
{
    if (!m->counting)
        return false;
    if (m->line_start < m->count_end) {
        /* a "From " line the count runs over: the next message, if
         * nothing proper follows the count (mail_feed() holds on) */
        int said;

        if (complete && p[0] == 'F' && m->line_start >= m->no_hold_until &&
            !m->no_hold && mail_is_from_line(p, n) &&
            (said = from_in_count(m, p, n, sink)) != 2) {
            if (said == 3) {
                m->counting = false;    /* the next message */
                return false;
            }
            m->hold = HOLD_BODY;
            m->win_pos = m->line_start;
            m->win_line = m->line_no;
            m->nwin = 0;
        }
        return true;
    }
    if (m->line_start == m->count_end && complete) {
        if (field_is_blank_line(p, n)) {
            m->count_end += n;
            return false;
        }
        if (p[0] == 'F' && mail_is_from_line(p, n)) {
            m->counting = false;
            return false;
        }
    }
    mbox_bad_count(m, sink);
    return false;
}

/* Is the line at P (N bytes) an mbox separator that starts a message of
 * M's input? One message may start with one too (the envelope line a
 * message saved from an mbox, a .eml file, keeps): not a header field. */
bool
mbox_is_separator(struct mail_parser *m, const char *p, size_t n,
                  bool complete, const struct mail_sink *sink)
{
    if (m->mode == MAIL_ONE ? !m->at_start
                            : in_counted_body(m, p, n, complete, sink))
        return false;
    return complete && n && p[0] == 'F' && mail_is_from_line(p, n);
}

/* Where a hold whose first line is at P begins: at P, when P is in the
 * bytes being read again (a message after one whose count was found too
 * long: the hold goes on through them where they are, as copying them
 * for each message would cost the square of their number), else at the
 * start of a buffer they are not in. False when there is no memory. */
static bool
place_window(struct mail_parser *m, const char *p)
{
    int i = m->rpos < m->nreplay && m->rbase == m->hbuf[0];

    if (m->rpos < m->nreplay && (uintptr_t)p >= (uintptr_t)m->replay &&
        (uintptr_t)p - (uintptr_t)m->replay < m->nreplay) {
        m->win = (char *)p;
        m->wbase = m->rbase;
        return true;
    }
    if (m->hbuf[i] == NULL && (m->hbuf[i] = malloc(HOLD_MAX)) == NULL)
        return false;
    m->win = m->wbase = m->hbuf[i];
    return true;
}

/* Hold N bytes P (the line that starts a hold, or what follows it);
 * false when they would not fit in HOLD_MAX (or its memory). Bytes
 * already where they go (read again) are not copied; when the buffer
 * has no room after the window, the window moves to its start. */
bool
mbox_hold_bytes(struct mail_parser *m, const char *p, size_t n)
{
    if (m->nwin == 0 && !place_window(m, p)) {
        m->no_hold = true;  /* the count is taken as it says */
        return false;
    }
    if (n > HOLD_MAX - m->nwin)
        return false;
    if (p != m->win + m->nwin) {
        if (n > HOLD_MAX - (size_t)(m->win - m->wbase) - m->nwin) {
            memmove(m->wbase, m->win, m->nwin);
            m->win = m->wbase;
        }
        memcpy(m->win + m->nwin, p, n);
    }
    m->nwin += n;
    return true;
}

/* The length of the line at P (N bytes), its newline included, or 0
 * when it does not end there. */
static size_t
line_length(const char *p, size_t n)
{
    const char *nl = memchr(p, '\n', n);

    return nl ? (size_t)(nl - p) + 1 : 0;
}

/* The Content-Length value from V to END (a line's rest), blanks and
 * line break trimmed, as mbox_parse_length() reads it. */
static int64_t
line_value_length(const char *v, const char *end)
{
    while (v < end && (*v == ' ' || *v == '\t'))
        v++;
    while (end > v && strchr(" \t\r\n", end[-1]))
        end--;
    return mbox_parse_length(v, (size_t)(end - v));
}

/* Does the "From " line at AT of the held bytes P (N) start a message as
 * a writer would: a header of fields follows (to an empty line, or the
 * end of what is held) and, if it has a Content-Length, blank lines then
 * a "From " line (or the end) follow the body it counts? */
static bool
plausible_message(const char *p, size_t n, size_t at)
{
    size_t i = at + line_length(p + at, n - at), len, fields = 0;
    int64_t clen = -1;

    while (i < n && (len = line_length(p + i, n - i)) > 0 &&
           !field_is_blank_line(p + i, len)) {
        const char *colon = memchr(p + i, ':', len);

        if (p[i] != ' ' && p[i] != '\t' && !is_field_line(p + i, len))
            return false;
        if (colon && mail_name_is(p + i, (size_t)(colon - p - i),
                                  "Content-Length"))
            clen = line_value_length(colon + 1, p + i + len);
        fields++;
        i += len;
    }
    if (fields == 0 || i >= n || clen < 0 || (uint64_t)clen >= n - i)
        return fields > 0;
    for (i += len + (size_t)clen;
         i < n && (len = line_length(p + i, n - i)) > 0 &&
         field_is_blank_line(p + i, len);)
        i += len;
    if (i >= n)
        return true;
    if ((len = line_length(p + i, n - i)) == 0)     /* cut by what is held */
        return memcmp(p + i, "From ", n - i < 5 ? n - i : 5) == 0;
    return p[i] == 'F' && mail_is_from_line(p + i, len);
}

/* The count held is too long: the first "From " line held that starts
 * a plausible message; its offset in the held bytes, *LINE its line;
 * SIZE_MAX when there is none.  Each is judged on the bytes from it to
 * the count's end (PLAUSIBLE_MAX at most), as plausible_at() judges it
 * in the input read again: not on the line held after the count's end,
 * of which more or less is held as the input comes (held_after()). */
static size_t
cut_at(const struct mail_parser *m, uint64_t *line)
{
    const char *p = m->win;
    size_t n = m->win_pos + m->nwin > m->count_end
                   ? (size_t)(m->count_end - m->win_pos) : m->nwin;
    size_t i = 0, len;
    uint64_t l = m->win_line;

    for (; i < n && (len = line_length(p + i, m->nwin - i)) > 0;
         i += len, l++)
        if (p[i] == 'F' && len <= LINE_MAX_ &&
            mail_is_from_line(p + i, len) &&
            plausible_message(p + i, n - i < PLAUSIBLE_MAX ? n - i
                                                           : PLAUSIBLE_MAX,
                              0)) {
            *line = l;
            return i;
        }
    return SIZE_MAX;
}

/* What was held is read again, from the line that started the hold:
 * as the counted body's text (RIGHT: the count ends before a "From "
 * line) or, the count too long, with the body ending at the "From "
 * line cut_at() finds, which starts the next message (said); with none,
 * as the count says (in_counted_body() says where it ends). */
void
mbox_held_decided(struct mail_parser *m, bool right,
                  const struct mail_sink *sink)
{
    uint64_t line;
    size_t at;

    if (!right && count_may_fail(m))
        m->count_end = m->win_pos;  /* mboxrd: the line held first */
    else if (!right && (at = cut_at(m, &line)) != SIZE_MAX) {
        m->count_end = m->win_pos + at;
        if (sink->bad_length)
            sink->bad_length(sink->arg, m->count_len, line);
    }
    m->no_hold_until = m->count_end;
    m->hold = HOLD_NONE;
    m->rewind = true;
    m->pos = m->line_start = m->win_pos;
    m->line_no = m->win_line;
}

/* Held bytes after the count's end: blank lines, then a line that says
 * (a "From " line: the count was right). N bytes P; how many taken.
 * A line is held LINE_MAX_ bytes at most, however the input comes: one
 * longer is neither blank nor a "From " line (as in_counted_body() has
 * it), and says the count is wrong. */
static size_t
held_after(struct mail_parser *m, const char *p, size_t n,
           const struct mail_sink *sink)
{
    size_t room = LINE_MAX_ - (m->nwin - m->after);
    const char *nl = memchr(p, '\n', n < room ? n : room);
    size_t take = nl ? (size_t)(nl - p) + 1 : n < room ? n : room, len;

    if (!mbox_hold_bytes(m, p, take)) {
        mbox_held_decided(m, !count_may_fail(m), sink);
        return 0;
    }
    len = m->nwin - m->after;
    if (nl == NULL && len < LINE_MAX_)
        return take;
    if (nl && field_is_blank_line(m->win + m->after, len)) {
        m->after = m->nwin;
        return take;
    }
    mbox_held_decided(m, nl && len <= LINE_MAX_ && m->win[m->after] == 'F' &&
                        mail_is_from_line(m->win + m->after, len), sink);
    return take;
}

/* Bytes while a hold is on: N of P; how many taken. */
size_t
mbox_held_bytes(struct mail_parser *m, const char *p, size_t n,
           const struct mail_sink *sink)
{
    uint64_t end = m->win_pos + m->nwin;
    size_t take = n;

    if (m->hold == HOLD_AFTER)
        return held_after(m, p, n, sink);
    if (m->count_end - end < take)
        take = (size_t)(m->count_end - end);
    if (!mbox_hold_bytes(m, p, take)) {
        /* runs on for long: taken as it says, but where a count is
         * honoured only when proved right (MAIL_MBOX) */
        mbox_held_decided(m, !count_may_fail(m), sink);
        return 0;
    }
    if (m->win_pos + m->nwin == m->count_end) {
        /* the count ends inside a line: wrong, as in_counted_body() */
        if (m->win[m->nwin - 1] != '\n')
            mbox_held_decided(m, false, sink);
        else
            m->hold = HOLD_AFTER;
        m->after = m->nwin;
    }
    return take;
}

/* The held bytes are read again (mbox_held_decided()): before what is left
 * to read again, or as it. */
void
mbox_rewind(struct mail_parser *m)
{
    m->rewind = false;
    if (m->rpos < m->nreplay) {
        m->rpos -= m->nwin; /* held while read again: its last bytes */
    } else {
        m->replay = m->win;
        m->rbase = m->wbase;
        m->rpos = 0;
        m->nreplay = m->nwin;
    }
    m->nwin = 0;
}

URIGREP_EXPORT int
urigrep_mbox_from_line(const char *p, size_t len)
{
    return p != NULL && mail_is_from_line(p, len);
}
