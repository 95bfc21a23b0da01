/* check_mail.c: the message parser: headers, multipart, mbox, bases. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/detect.h"
#include "formats/mail.h"
#include "check_main.h"

/* One line per event: "P path ctype charset base|location|mid line"
 * (ctype after "preamble:" or "epilogue:" for a multipart's), "D data"
 * (joined per part), "E", "H name: value", "M". */
struct log {
    char *s;
    size_t len, cap;
    bool in_data;
};

static void
add(struct log *l, const char *p, size_t n)
{
    if (l->len + n + 1 > l->cap) {
        l->cap = (l->len + n + 1) * 2;
        l->s = realloc(l->s, l->cap);
    }
    memcpy(l->s + l->len, p, n);
    l->len += n;
    l->s[l->len] = '\0';
}

static void
on_message(void *arg, uint64_t line)
{
    (void)line;
    add(arg, "M\n", 2);
}

static void
on_header(void *arg, const char *n, size_t nl, const char *v, size_t vl,
          const char *mid, uint64_t line)
{
    (void)mid;
    char tmp[512];
    int k = snprintf(tmp, sizeof tmp, "H%llu %.*s: %.*s\n",
                     (unsigned long long)line, (int)nl, n, (int)vl, v);

    if (k >= (int)sizeof tmp) {
        k = (int)sizeof tmp - 1;    /* a long field is logged cut */
        tmp[k - 1] = '\n';
    }
    add(arg, tmp, (size_t)k);
}

static void
on_begin(void *arg, const struct mail_part_info *i)
{
    char tmp[1024];
    static const char *const region[] = { "", "preamble:", "epilogue:" };
    int k = snprintf(tmp, sizeof tmp, "P%s %s%s %s %s|%s|%s %llu%s\n",
                     i->path, region[i->region], i->content_type,
                     i->charset[0] ? i->charset : "-",
                     i->base, i->location, i->message_id,
                     (unsigned long long)i->line, i->scan ? "" : " skip");
    add(arg, tmp, (size_t)k);
}

static void
on_data(void *arg, const char *p, size_t n, uint64_t line)
{
    (void)line;
    add(arg, p, n);
}

static void
on_end(void *arg)
{
    add(arg, "E\n", 2);
}

static void
on_bad_length(void *arg, uint64_t length, uint64_t line)
{
    char tmp[64];
    int k = snprintf(tmp, sizeof tmp, "L%llu@%llu\n",
                     (unsigned long long)length, (unsigned long long)line);

    add(arg, tmp, (size_t)k);
}

/* The events of parsing TEXT as MODE (a bool: one message or mbox), fed
 * CHUNK bytes at a time. */
static char *
parse(const char *text, enum mail_mode mode, size_t chunk, bool headers)
{
    struct log l = { NULL, 0, 0, false };
    struct mail_sink sink = { on_message, headers ? on_header : NULL,
                              NULL, on_begin, on_data, on_end, &l,
                              on_bad_length, NULL, !headers, NULL, NULL };
    struct mail_parser *m = mail_new(mode);
    size_t i, len = strlen(text);

    add(&l, "", 0);
    for (i = 0; i < len; i += chunk)
        mail_feed(m, text + i, len - i < chunk ? len - i : chunk, &sink);
    mail_finish(m, &sink);
    mail_free(m);
    return l.s;
}

/* Body data as "[LINE]" at each line it says starts (a line said to go
 * on in a later call is not said again), then its bytes: what a part's
 * data and its line numbers are, whatever calls carried them. */
struct lined {
    struct log l;
    uint64_t next;            /* the line after the last one logged */
};

static void
lined_data(void *arg, const char *p, size_t n, uint64_t line)
{
    struct lined *d = arg;
    char tmp[32];

    if (line != d->next - 1 || d->l.len == 0 ||
        d->l.s[d->l.len - 1] == '\n') {
        int k = snprintf(tmp, sizeof tmp, "[%llu]", (unsigned long long)line);

        add(&d->l, tmp, (size_t)k);
    }
    add(&d->l, p, n);
    d->next = line + 1;
}

/* part_lines(): each of its lines as part_data() would give it; the
 * last of them on line LAST, as it says. */
static void
lined_lines(void *arg, const char *p, size_t n, uint64_t line, uint64_t last)
{
    while (n) {
        const char *nl = memchr(p, '\n', n);
        size_t k = nl ? (size_t)(nl - p) + 1 : n;

        if (k == n)
            ck_assert_uint_eq(line, last);
        lined_data(arg, p, k, line++);
        p += k;
        n -= k;
    }
}

/* part_marked(): each piece as part_data() would give it, the marks in
 * order, one a line. */
static void
lined_marked(void *arg, const char *p, size_t n, const struct mail_mark *mk,
             size_t nmk)
{
    size_t k;

    ck_assert_uint_gt(nmk, 0);
    ck_assert_uint_eq(mk[0].off, 0);
    for (k = 0; k < nmk; k++) {
        size_t to = k + 1 < nmk ? mk[k + 1].off : n;

        ck_assert_uint_ge(to, mk[k].off);
        ck_assert_uint_le(to, n);
        if (k + 1 < nmk)
            ck_assert_uint_eq(mk[k + 1].line, mk[k].line + 1);
        if (to > mk[k].off)
            lined_data(arg, p + mk[k].off, to - mk[k].off, mk[k].line);
    }
}

static void
lined_end(void *arg)
{
    add(arg, "E\n", 2);
}

/* TEXT's body data and lines as MODE, fed CHUNK bytes at a time, with
 * part_lines() and part_marked() (SPANS) or without. */
static char *
parse_lined(const char *text, enum mail_mode mode, size_t chunk, bool spans)
{
    struct lined d = { { NULL, 0, 0, false }, 0 };
    struct mail_sink sink = { NULL, NULL, NULL, NULL, lined_data, lined_end,
                              &d, NULL, spans ? lined_lines : NULL, true,
                              spans ? lined_marked : NULL, NULL };
    struct mail_parser *m = mail_new(mode);
    size_t i, len = strlen(text);

    add(&d.l, "", 0);
    for (i = 0; i < len; i += chunk)
        mail_feed(m, text + i, len - i < chunk ? len - i : chunk, &sink);
    mail_finish(m, &sink);
    mail_free(m);
    return d.l.s;
}

static const char nested[] =
    "From: a@example.org\n"
    "Message-ID: <top@x>\n"
    "Content-Base: http://top.example/a/\n"
    "Content-Type: multipart/mixed;\n"
    "\tboundary=\"outer b\"\n"
    "\n"
    "preamble http://pre.example/\n"
    "--outer b\n"
    "\n"
    "plain default part\n"
    "--outer b\n"
    "Content-Type: multipart/alternative; boundary=inner\n"
    "Content-Location: sub/\n"
    "\n"
    "--inner\n"
    "Content-Type: text/html; charset=\"ISO-8859-1\"\n"
    "Content-Transfer-Encoding: quoted-printable\n"
    "\n"
    "a=3Db soft=\n"
    "break\n"
    "--inner\n"
    "Content-Type: image/png\n"
    "Content-Transfer-Encoding: base64\n"
    "\n"
    "iVBORw0KGgo=\n"
    "--outer b\n"
    "Content-Type: message/rfc822\n"
    "\n"
    "Message-ID: <inner@x>\n"
    "Content-Type: text/plain\n"
    "Content-Transfer-Encoding: base64\n"
    "\n"
    "aGVsbG8gd29y\n"
    "bGQ=\n"
    "--outer b--\n"
    "epilogue\n";

START_TEST(test_mail_nested)
{
    char *got = parse(nested, false, 1 << 20, false);

    ck_assert_str_eq(got,
        "M\n"
        "P preamble:text/plain - http://top.example/a/||<top@x> 7\n"
        "preamble http://pre.example/\n"
        "E\n"
        "P1 text/plain - http://top.example/a/||<top@x> 10\n"
        "plain default part\n"
        "E\n"
        "P2.1 text/html ISO-8859-1 http://top.example/a/sub/|"
        "http://top.example/a/sub/|<top@x> 19\n"
        "a=b softbreak\n"
        "E\n"
        "P2.2 image/png - http://top.example/a/sub/|"
        "http://top.example/a/sub/|<top@x> 25 skip\n"
        "E\n"
        "P3.1 text/plain - http://top.example/a/||<inner@x> 33\n"
        "hello world"
        "E\n"
        "P epilogue:text/plain - http://top.example/a/||<top@x> 36\n"
        "epilogue\n"
        "E\n");
    free(got);
}
END_TEST

START_TEST(test_mail_chunking)
{
    char *whole = parse(nested, false, 1 << 20, true);
    size_t k;

    for (k = 1; k < 50; k++) {
        char *part = parse(nested, false, k, true);
        ck_assert_msg(strcmp(whole, part) == 0, "chunk %zu:\n%s", k, part);
        free(part);
    }
    free(whole);
}
END_TEST

START_TEST(test_mail_headers)
{
    char *got = parse("Subject: a\n  folded\tline\nX-Empty:\nList-Archive:"
                      " <http://l.example/>\n\nbody\n", false, 7, true);

    ck_assert_str_eq(got,
        "M\n"
        "H1 Subject: a  folded\tline\n"
        "H3 X-Empty: \n"
        "H4 List-Archive: <http://l.example/>\n"
        "P1 text/plain - || 6\n"
        "body\n"
        "E\n");
    free(got);
}
END_TEST

START_TEST(test_mail_missing_end)
{
    /* the inner multipart never closes; the outer boundary ends it */
    char *got = parse("Content-Type: multipart/mixed; boundary=o\n\n--o\n"
                      "Content-Type: multipart/mixed; boundary=i\n\n--i\n\n"
                      "one\n--o\n\ntwo\n", false, 3, false);

    ck_assert_str_eq(got, "M\nP1.1 text/plain - || 8\none\nE\n"
                          "P2 text/plain - || 11\ntwo\nE\n");
    free(got);
}
END_TEST

START_TEST(test_mail_mbox)
{
    char *got = parse("From a@x Mon May  6 10:00:00 2024\nSubject: 1\n"
                      "Base: <URL:http://one.example/>\n\n"
                      ">From quoted\n>>From twice\n\n"
                      "From the desk: not a separator\n\n"
                      "From b@x Mon May  6 11:00:00 2024\n\nsecond\n",
                      true, 5, false);

    ck_assert_str_eq(got,
        "M\nP1 text/plain - http://one.example/|| 5\n"
        "From quoted\n>From twice\n\nFrom the desk: not a separator\n\nE\n"
        "M\nP1 text/plain - || 12\nsecond\nE\n");
    free(got);
}
END_TEST

/* The mbox variants, as qmail's mbox(5) (mboxrd) and the Library of
 * Congress format descriptions fdd000384 (MBOXO), fdd000385 (MBOXRD),
 * fdd000386 (MBOXCL) and fdd000387 (MBOXCL2) define them: which "From "
 * quoting a reader undoes, and whether a "From " line inside the body a
 * Content-Length counts (76 bytes: lines 4 to 7) starts a message. */
#define VARIANT_BOX(length)                                              \
    "From a@example.org Mon Jan  1 00:00:00 2024\n"                       \
    "Content-Length: " length "\n"                                        \
    "\n"                                                                  \
    ">From one\n"                                                         \
    ">>From two\n"                                                        \
    "From x@y Mon Jan  1 00:00:00 2024\n"                                 \
    "http://tail.example/\n"                                              \
    "\n"                                                                  \
    "From b@example.org Mon Jan  1 00:00:00 2024\n"                       \
    "\n"                                                                  \
    "last\n"

static const struct {
    enum mail_mode mode;
    const char *box, *want;
} variants[] = {
    /* mboxrd: every ">...>From " loses one '>'; Content-Length means
     * nothing, the "From x@y" line starts a message */
    { MAIL_MBOXRD, VARIANT_BOX("76"),
      "M\nP1 text/plain - || 4\nFrom one\n>From two\nE\n"
      "M\nP1 text/plain - || 7\nhttp://tail.example/\n\nE\n"
      "M\nP1 text/plain - || 11\nlast\nE\n" },
    /* mboxo: only ">From " is unquoted; ">>From " is as the author
     * wrote it */
    { MAIL_MBOXO, VARIANT_BOX("76"),
      "M\nP1 text/plain - || 4\nFrom one\n>>From two\nE\n"
      "M\nP1 text/plain - || 7\nhttp://tail.example/\n\nE\n"
      "M\nP1 text/plain - || 11\nlast\nE\n" },
    /* mboxcl: mboxo's quoting, and the counted body holds "From x@y" */
    { MAIL_MBOXCL, VARIANT_BOX("76"),
      "M\nP1 text/plain - || 4\nFrom one\n>>From two\n"
      "From x@y Mon Jan  1 00:00:00 2024\nhttp://tail.example/\n\nE\n"
      "M\nP1 text/plain - || 11\nlast\nE\n" },
    /* mboxcl2: no quoting at all */
    { MAIL_MBOXCL2, VARIANT_BOX("76"),
      "M\nP1 text/plain - || 4\n>From one\n>>From two\n"
      "From x@y Mon Jan  1 00:00:00 2024\nhttp://tail.example/\n\nE\n"
      "M\nP1 text/plain - || 11\nlast\nE\n" },
    /* a count that ends inside line 7: said where line 8 starts, and
     * "From " lines separate messages again */
    { MAIL_MBOXCL2, VARIANT_BOX("75"),
      "M\nP1 text/plain - || 4\n>From one\n>>From two\n"
      "From x@y Mon Jan  1 00:00:00 2024\nhttp://tail.example/\n"
      "L75@8\n\nE\n"
      "M\nP1 text/plain - || 11\nlast\nE\n" },
    /* a count that ends on a line that is no separator (line 5) */
    { MAIL_MBOXCL2, VARIANT_BOX("10"),
      "M\nP1 text/plain - || 4\n>From one\nL10@5\n>>From two\nE\n"
      "M\nP1 text/plain - || 7\nhttp://tail.example/\n\nE\n"
      "M\nP1 text/plain - || 11\nlast\nE\n" },
    /* a count that ends right at the "From x@y" line: it separates */
    { MAIL_MBOXCL2, VARIANT_BOX("21"),
      "M\nP1 text/plain - || 4\n>From one\n>>From two\nE\n"
      "M\nP1 text/plain - || 7\nhttp://tail.example/\n\nE\n"
      "M\nP1 text/plain - || 11\nlast\nE\n" },
    /* a count past the end of the input: said at the end */
    { MAIL_MBOXCL2, VARIANT_BOX("1000"),
      "M\nP1 text/plain - || 4\n>From one\n>>From two\n"
      "From x@y Mon Jan  1 00:00:00 2024\nhttp://tail.example/\n\n"
      "From b@example.org Mon Jan  1 00:00:00 2024\n\nlast\nL1000@12\nE\n" },
    /* no Content-Length (not a number): mboxcl reads "From " lines */
    { MAIL_MBOXCL, VARIANT_BOX("7 6"),
      "M\nP1 text/plain - || 4\nFrom one\n>>From two\nE\n"
      "M\nP1 text/plain - || 7\nhttp://tail.example/\n\nE\n"
      "M\nP1 text/plain - || 11\nlast\nE\n" },
};

START_TEST(test_mail_mbox_variants)
{
    static const size_t chunks[] = { 1, 3, 7, 1 << 20 };
    size_t c;

    for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
        char *got = parse(variants[_i].box, variants[_i].mode, chunks[c],
                          false);

        ck_assert_str_eq(got, variants[_i].want);
        free(got);
    }
}
END_TEST

/* A Content-Length in a nested message or part counts nothing; a count
 * of 0, then the blank line mutt writes after each message. */
START_TEST(test_mail_mbox_counts)
{
    char *got = parse("From a@x Mon May  6 10:00:00 2024\n"
                      "Content-Type: message/rfc822\n\n"
                      "Content-Length: 1\n\n"
                      "From b@x Mon May  6 11:00:00 2024\n\ntwo\n",
                      MAIL_MBOXCL2, 5, false);

    ck_assert_str_eq(got, "M\nP1 text/plain - || 6\nE\n"
                          "M\nP1 text/plain - || 8\ntwo\nE\n");
    free(got);
    got = parse("From a@x Mon May  6 10:00:00 2024\nContent-Length: 0\n\n"
                "\nFrom b@x Mon May  6 11:00:00 2024\n\ntwo\n",
                MAIL_MBOXCL2, 2, false);
    ck_assert_str_eq(got, "M\nP1 text/plain - || 4\n\nE\n"
                          "M\nP1 text/plain - || 7\ntwo\nE\n");
    free(got);
}
END_TEST

/* A count too long, held from the "From " line inside it (no read_at:
 * a pipe), whatever the chunks: the line after the count's end (line 7)
 * says it is wrong; whether the "From " line (line 5) starts a message
 * is told by its header up to the count's end, however much of line 7
 * was held (it runs past LINE_MAX_ with no colon: held in full, read as
 * a header line that is no field, it made the message implausible). */
#define HELD_BOX(after)                                                   \
    "From a@x Mon May  6 10:00:00 2024\n"                                 \
    "Content-Length: 43\n"                                                \
    "\n"                                                                  \
    "one\n"                                                               \
    "From b@x Mon May  6 11:00:00 2024\n"                                 \
    "A: b\n"                                                              \
    after "\n"

START_TEST(test_mail_mbox_held)
{
    static const size_t chunks[] = { 1, 7, 61, 256, SIZE_MAX };
    char after[300], text[400];
    size_t c;

    memset(after, 'y', sizeof after - 1);
    after[sizeof after - 1] = '\0';
    snprintf(text, sizeof text, HELD_BOX("%s"), after);
    for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
        char *got = parse(text, MAIL_MBOXCL2, chunks[c], false);
        char want[400];

        snprintf(want, sizeof want, "M\nP1 text/plain - || 4\none\nL43@5\nE\n"
                 "M\nP1 text/plain - || 7\n%s\nE\n", after);
        ck_assert_msg(strcmp(got, want) == 0, "%zu: %s", chunks[c], got);
        free(got);
    }
}
END_TEST

/* A count too long whose held body fills all but 500 bytes of the 4 MiB
 * held, then a line of 1000 bytes after it: that line says the count is
 * wrong when it comes in one piece as in many (read whole, it filled the
 * hold and the count was taken as right, swallowing message 2). */
START_TEST(test_mail_mbox_held_full)
{
    static const size_t chunks[] = { 61, 4096, SIZE_MAX };
    size_t hold = 4 * 1024 * 1024, n = hold + 2000, o = 0, body, c;
    char *text = malloc(n), *got, *want = NULL;

    ck_assert_ptr_nonnull(text);
    o += (size_t)sprintf(text, "From a@x Mon May  6 10:00:00 2024\n"
                         "Content-Length: %zu\n\n", hold - 500 + 4);
    body = o;
    o += (size_t)sprintf(text + o, "one\nFrom b@x Mon May  6 11:00:00 2024\n"
                         "A: b\n\n");
    memset(text + o, 'x', body + hold - 500 + 4 - o);
    o = body + hold - 500 + 4;
    text[o - 1] = '\n';
    memset(text + o, 'y', 1000);
    o += 1000;
    strcpy(text + o, "\nFrom c@x Mon May  6 12:00:00 2024\n\nthree\n");
    for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
        got = parse(text, MAIL_MBOXCL2, chunks[c], false);
        ck_assert_ptr_nonnull(strstr(got, "one\nL4193808@5\nE\nM\n"));
        if (want == NULL)
            want = got;
        else {
            ck_assert(strcmp(got, want) == 0);
            free(got);
        }
    }
    free(want);
    free(text);
}
END_TEST

/* A multipart with no boundary (RFC 2046 5.1.1 requires one) cannot be
 * split: its body is read as text, as RFC 2045 5.2 says of a
 * Content-Type that is not valid, not passed over; a second
 * Content-Type without one leaves none of the first's. */
START_TEST(test_mail_multipart_no_boundary)
{
    char *got = parse("Message-ID: <nb@x>\nContent-Type: multipart/mixed\n"
                      "\nsee http://a.example/\n--b\n\nx\n", MAIL_ONE, 5,
                      false);

    ck_assert_str_eq(got, "M\nP1 multipart/mixed - ||<nb@x> 4\n"
                          "see http://a.example/\n--b\n\nx\nE\n");
    free(got);
    got = parse("Message-ID: <nb@x>\n"
                "Content-Type: multipart/mixed; boundary=b\n"
                "Content-Type: multipart/alternative\n"
                "\nsee http://a.example/\n--b\n\nx\n--b--\n", MAIL_ONE, 3,
                false);
    ck_assert_str_eq(got, "M\nP1 multipart/alternative - ||<nb@x> 5\n"
                          "see http://a.example/\n--b\n\nx\n--b--\nE\n");
    free(got);
}
END_TEST

/* RFC 2046 5.1.1: a multipart's preamble (before its first boundary
 * line) and epilogue (after its close delimiter), at every level, are
 * read as text/plain with no charset, as stored (RFC 2046 5.1: not
 * transfer-encoded, so "=3D" stays), from their stored lines: a list's
 * footer after the close delimiter, a preamble's link and the whole body
 * of a multipart whose boundary never comes are not lost.  No delimiter
 * line is text, not even one written again after the close delimiter
 * (blanks in its place keep the offsets after it); a preamble or
 * epilogue of blank lines alone is no part.  Lines: message 1 from 1,
 * message 2 from 25. */
static const char regions[] =
    "From a@x Mon May  6 10:00:00 2024\n"
    "Message-ID: <r@x>\n"
    "Content-Type: multipart/mixed; boundary=\"http://b.example/o\"\n"
    "Content-Transfer-Encoding: quoted-printable\n"
    "\n"
    "\n"
    "Read me at http://pre.example/a=3Db\n"
    "--http://b.example/o\n"
    "Content-Type: multipart/alternative; boundary=i\n"
    "\n"
    "inner preamble\n"
    "--i\n"
    "\n"
    "text\n"
    "--i--\n"
    "inner epilogue http://inner-epi.example/\n"
    "--http://b.example/o\n"
    "\n"
    "second\n"
    "--http://b.example/o--\n"
    "\n"
    "--http://b.example/o--\n"
    "footer: https://lists.example.org/listinfo/foo\n"
    "\n"
    "From b@x Mon May  6 11:00:00 2024\n"
    "Content-Type: multipart/mixed; boundary=gone\n"
    "\n"
    "--wrong\n"
    "Content-Type: text/plain\n"
    "\n"
    "lost http://never.example/\n"
    "From c@x Mon May  6 12:00:00 2024\n"
    "Content-Type: multipart/mixed; boundary=e\n"
    "\n"
    "\n"
    "--e\n"
    "\n"
    "one\n"
    "--e--\n"
    "\n";

START_TEST(test_mail_preamble_epilogue)
{
    static const size_t chunks[] = { 1, 3, 7, 64, 1 << 20 };
    static const char want[] =
        "M\n"
        "P preamble:text/plain - ||<r@x> 6\n"
        "\nRead me at http://pre.example/a=3Db\n"
        "E\n"
        "P1 preamble:text/plain - ||<r@x> 11\n"
        "inner preamble\n"
        "E\n"
        "P1.1 text/plain - ||<r@x> 14\n"
        "text\n"
        "E\n"
        "P1 epilogue:text/plain - ||<r@x> 16\n"
        "inner epilogue http://inner-epi.example/\n"
        "E\n"
        "P2 text/plain - ||<r@x> 19\n"
        "second\n"
        "E\n"
        "P epilogue:text/plain - ||<r@x> 21\n"
        "\n                      \n"
        "footer: https://lists.example.org/listinfo/foo\n\n"
        "E\n"
        "M\n"
        "P preamble:text/plain - || 28\n"
        "--wrong\nContent-Type: text/plain\n\nlost http://never.example/\n"
        "E\n"
        "M\n"
        "P1 text/plain - || 38\n"
        "one\n"
        "E\n";
    size_t c;

    for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
        char *got = parse(regions, MAIL_MBOXRD, chunks[c], false);
        char *lined = parse_lined(regions, MAIL_MBOXRD, chunks[c], true);
        char *one = parse_lined(regions, MAIL_MBOXRD, chunks[c], false);

        ck_assert_msg(strcmp(got, want) == 0, "%zu:\n%s", chunks[c], got);
        /* each line's stored number, by spans or a line at a time */
        ck_assert_str_eq(lined, one);
        ck_assert_ptr_nonnull(strstr(lined, "[6]\n[7]Read me at "));
        ck_assert_ptr_nonnull(strstr(lined, "[16]inner epilogue "));
        ck_assert_ptr_nonnull(strstr(lined, "[21]\n[22]   "));
        ck_assert_ptr_nonnull(strstr(lined, "[23]footer: https:"));
        ck_assert_ptr_nonnull(strstr(lined, "[31]lost http:"));
        free(got);
        free(lined);
        free(one);
    }
}
END_TEST

/* One message (a .eml, a folder's file) saved from an mbox keeps its
 * "From " envelope line: not a header field, and a "From " line in its
 * body starts nothing. */
START_TEST(test_mail_one_envelope)
{
    char *got = parse("From a@x Mon May  6 10:00:00 2024\nSubject: s\n"
                      "Message-ID: <e@x>\n\nbody\n"
                      "From b@x Mon May  6 11:00:00 2024\nstill body\n",
                      MAIL_ONE, 3, false);

    ck_assert_str_eq(got, "M\nP1 text/plain - ||<e@x> 5\nbody\n"
                          "From b@x Mon May  6 11:00:00 2024\nstill body\n"
                          "E\n");
    free(got);
}
END_TEST

/* A body whose lines need no look each comes in spans (part_lines()):
 * the same bytes from the same lines as a line at a time, with the
 * lines that are looked at ("From " lines, boundaries, quoting, long
 * lines, a line cut by the input's chunks) in the middle of them. */
static const char *const span_texts[] = {
    "From a@x Mon May  6 10:00:00 2024\nSubject: 1\n\n"
    "one\n>From quoted\n>>From twice\n> quote\n-- \nsig\n"
    "From the desk: not a separator\n\n"
    "From b@x Mon May  6 11:00:00 2024\n\nsecond\nthird",
    "From a@x Mon May  6 10:00:00 2024\n"
    "Content-Type: multipart/mixed; boundary=b\n\npre\n--b\n\n"
    "a\n--bx\n--b \n--- diff\n--b\nContent-Type: text/html\n\n<p>h\n"
    "</p>\n--b\nContent-Transfer-Encoding: quoted-printable\n\nq=3D\n"
    "soft=\nx\n--b--\nepilogue\n",
    VARIANT_BOX("76"),
};

START_TEST(test_mail_spans)
{
    static const size_t chunks[] = { 1, 3, 7, 64, 1 << 20 };
    static const enum mail_mode modes[] = { MAIL_ONE, MAIL_MBOXRD,
                                            MAIL_MBOXO, MAIL_MBOXCL2 };
    char long_text[1200];
    const char *text = _i < 3 ? span_texts[_i] : long_text;
    size_t c, k;

    /* lines around LINE_MAX_ (256) that look like separators and
     * boundaries */
    memset(long_text, 0, sizeof long_text);
    strcpy(long_text, "Content-Type: multipart/mixed; boundary=b\n\n--b\n\n");
    memset(long_text + strlen(long_text), '>', 300);
    strcat(long_text, "From x\nFrom a@x Mon May  6 10:00:00 2024");
    memset(long_text + strlen(long_text), ' ', 250);
    strcat(long_text, "\n--b");
    memset(long_text + strlen(long_text), ' ', 260);
    strcat(long_text, "\nend\n--b--\n");
    for (k = 0; k < sizeof modes / sizeof *modes; k++) {
        char *want = parse_lined(text, modes[k], 1 << 20, false);

        for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
            char *got = parse_lined(text, modes[k], chunks[c], true);

            ck_assert_str_eq(got, want);
            free(got);
        }
        free(want);
    }
}
END_TEST

/* Quoted-printable and base64 lines are decoded in runs (part_marked()):
 * the same bytes from the same lines as a line at a time, across soft
 * line breaks, lines that give no byte, runs longer than one call takes
 * (256 lines, 16 KiB decoded) and a line longer than the whole buffer. */
START_TEST(test_mail_marked)
{
    static const size_t chunks[] = { 1, 3, 7, 64, 1 << 20 };
    static const char head[] =
        "From a@x Mon May  6 10:00:00 2024\n"
        "Content-Type: multipart/mixed; boundary=b\n\n--b\n"
        "Content-Transfer-Encoding: quoted-printable\n"
        "Content-Type: text/html\n\n"
        "<a href=3D\"http://a.example/=\n"
        "x\">t</a>=\n"
        "=\n"
        "=3D=20\nsoft=   \n=\r\nend\n"
        ">From q=3D\n--b\n"
        "Content-Transfer-Encoding: base64\n\n"
        "aGVsbG8g\n\nd29ybGQ=\n--b\n"
        "Content-Transfer-Encoding: quoted-printable\n\n";
    size_t len = sizeof head - 1, c, i;
    char *text = malloc(len + 400 * 12 + 20000 + 40), *want, *got;

    ck_assert_ptr_nonnull(text);
    memcpy(text, head, len);
    for (i = 0; i < 400; i++)   /* more lines than one run */
        len += (size_t)sprintf(text + len, "l%03zu=3Dv=\n", i);
    memset(text + len, 'w', 20000); /* more than the decode buffer */
    len += 20000;
    strcpy(text + len, "\n--b--\n");
    want = parse_lined(text, MAIL_MBOXRD, 1 << 20, false);
    /* RFC 2045 6.7: "=" at a line's end (blanks before the break
     * allowed) joins it to the next; "=20" keeps an encoded blank */
    ck_assert_ptr_nonnull(strstr(want, "[8]<a href=\"http://a.example/[9]x"
                                       "\">t</a>[11]= \n[12]soft[14]end\n"));
    ck_assert_ptr_nonnull(strstr(want, "[19]hello [21]world"));
    ck_assert_ptr_nonnull(strstr(want, "[25]l000=v[26]l001=v"));
    for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
        got = parse_lined(text, MAIL_MBOXRD, chunks[c], true);
        ck_assert_str_eq(got, want);
        free(got);
    }
    free(want);
    free(text);
}
END_TEST

START_TEST(test_mail_long_lines)
{
    /* a body line far longer than the line buffer streams through whole,
     * and a long header is kept up to its limit */
    size_t n = 100000, i;
    char *text = malloc(n + 200), *got;

    strcpy(text, "Subject: s\n\n");
    for (i = 0; i < n; i++)
        text[12 + i] = (char)('a' + i % 26);
    strcpy(text + 12 + n, "\n--not-a-boundary\n");
    got = parse(text, false, 4093, false);
    ck_assert_uint_eq(strlen(got), strlen("M\nP1 text/plain - || 3\n") + n +
                      strlen("\n--not-a-boundary\nE\n"));
    free(got);
    free(text);
}
END_TEST

START_TEST(test_mail_deep_nesting)
{
    /* 40 nested multiparts: the deepest multipart followed is read as
     * text, so the deeper parts are scanned too, and the text after the
     * deep ones is found again */
    char *text = malloc(20000), *got;
    size_t o = 0;
    int i;

    o += (size_t)sprintf(text + o, "Content-Type: multipart/mixed; "
                         "boundary=b0\n\n");
    for (i = 0; i < 40; i++)
        o += (size_t)sprintf(text + o, "--b%d\nContent-Type: multipart/"
                             "mixed; boundary=b%d\n\n", i, i + 1);
    o += (size_t)sprintf(text + o, "--b40\n\ndeep\n--b40--\n");
    o += (size_t)sprintf(text + o, "--b0\n\nshallow\n--b0--\n");
    got = parse(text, false, 13, false);
    ck_assert_ptr_nonnull(strstr(got, "shallow\nE\n"));
    ck_assert_ptr_nonnull(strstr(got, "\ndeep\n--b40--\n"));
    ck_assert_ptr_nonnull(strstr(got, "|| 96\n--b31\nContent-Type: "
                                      "multipart/mixed; boundary=b32\n"));
    free(got);
    free(text);
}
END_TEST

START_TEST(test_mail_deep_messages)
{
    /* message/rfc822 40 deep in an mbox: the innermost text is scanned,
     * and the next message is read */
    char *text = malloc(20000), *got;
    size_t o = 0;
    int i;

    o += (size_t)sprintf(text + o, "From a@x Mon May  6 10:00:00 2024\n");
    for (i = 0; i < 40; i++)
        o += (size_t)sprintf(text + o, "Message-ID: <m%d@x>\n"
                             "Content-Type: message/rfc822\n\n", i);
    o += (size_t)sprintf(text + o, "Subject: in\n\ninnermost\n");
    o += (size_t)sprintf(text + o, "From b@x Mon May  6 11:00:00 2024\n"
                         "Message-ID: <next@x>\n\nnext\n");
    got = parse(text, true, 7, false);
    ck_assert_ptr_nonnull(strstr(got, "Subject: in\n\ninnermost\nE\n"));
    ck_assert_ptr_nonnull(strstr(got, "M\nP1 text/plain - ||<next@x> 128\n"
                                      "next\nE\n"));
    free(got);
    free(text);
}
END_TEST

START_TEST(test_mail_no_blank_line)
{
    /* a line that is no field ends the header: a URI on it too */
    char *got = parse("From: a@b\nSubject: s\nhttp://example.com/path\n"
                      "mailto:a@b.example\n", false, 3, false);

    ck_assert_str_eq(got, "M\nP1 text/plain - || 3\n"
                          "http://example.com/path\nmailto:a@b.example\n"
                          "E\n");
    free(got);
    got = parse("From: a@b\nmailto:a@b.example\n", false, 3, false);
    ck_assert_str_eq(got, "M\nP1 text/plain - || 2\nmailto:a@b.example\n"
                          "E\n");
    free(got);
}
END_TEST

/* S without its "H" lines (the header fields logged). */
static char *
without_fields(char *s)
{
    char *r = s, *w = s;

    while (*r) {
        char *nl = strchr(r, '\n');
        size_t n = nl ? (size_t)(nl - r) + 1 : strlen(r);

        if (r[0] != 'H') {
            memmove(w, r, n);
            w += n;
        }
        r += n;
    }
    *w = '\0';
    return s;
}

/* A field no one reads is passed over, not unfolded (few_headers): the
 * parts, their types and bodies are as when every field is read, also
 * where a line after such a field continues it without a fold. */
static const char *const few[] = {
    "X-Note: a;\nflag=1\nContent-Type: text/html\n\n<a href=x>\n",
    "X-Note: a;\n b; \t\r\nflag=1\nContent-Transfer-Encoding: base64\n\n"
    "aHR0cDovL2EuZXhhbXBsZS8=\n",
    "X-Note: a; b\nflag=1\nContent-Type: text/html\n\nbody\n",
    "Received: by x;\r\n\tMon, 6 May 2024\r\nDKIM-Signature: v=1;\r\n"
    " h=from:to;\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n"
    "--b\r\nX-A: 1;\r\ncharset=utf-8\r\nContent-Type: text/plain;\r\n"
    "charset=utf-8\r\n\r\nhi\r\n--b--\r\n",
    "From a@x Mon May  6 10:00:00 2024\nX-Long: "
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    ";\n  \nq=1\nSubject: s\n\nFrom me\nFrom a@x Mon May  6 10:00:01 2024\n"
    "Message-ID: <m@x>\n\nb\n",
};

START_TEST(test_mail_few_headers)
{
    static const size_t chunks[] = { 1, 2, 7, 1 << 20 };
    size_t c;

    for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
        char *all = without_fields(parse(few[_i], true, chunks[c], true));
        char *got = parse(few[_i], true, chunks[c], false);

        ck_assert_msg(strcmp(all, got) == 0, "%d/%zu:\n%s\n--\n%s", _i,
                      chunks[c], all, got);
        free(all);
        free(got);
    }
}
END_TEST

/* Whether a "token=" line after a field ending with ';' continues it (a
 * broken fold) is judged on the whole field, past the FIELD_MAX bytes
 * (16 KiB) kept of it too: the same whether the field is read or passed
 * over, and wherever the input is cut. The field has 200 folded lines
 * of 98 bytes that end with ';' and a last one that does not (_i 0), or
 * does (_i 1); the 16 KiB kept of it end with ';' (0) or not (1). */
START_TEST(test_mail_long_field_end)
{
    static const size_t chunks[] = { 1, 2, 7, 61, 1 << 20 };
    static const char *const want[] = {
        "M\nP1 text/plain - || 204\na=http://example.com/u\n\nbody\nE\n",
        "M\nP1 text/plain - || 206\nbody\nE\n",
    };
    char *text = malloc(32 * 1024), *p = text;
    size_t c;
    int i;

    ck_assert_ptr_nonnull(text);
    p += sprintf(p, "From a@x Mon May  6 10:00:00 2024\nX-Big: %s;\n",
                 _i ? "aaaa" : "aaaaaaaaaa");
    for (i = 0; i < 200; i++) {
        *p++ = ' ';
        memset(p, 'b', 96);
        p += 96;
        p += sprintf(p, ";\n");
    }
    sprintf(p, " cc%c\na=http://example.com/u\n\nbody\n", _i ? ';' : 'x');
    for (c = 0; c < sizeof chunks / sizeof *chunks; c++) {
        char *all = without_fields(parse(text, true, chunks[c], true));
        char *got = parse(text, true, chunks[c], false);

        ck_assert_msg(strcmp(got, want[_i]) == 0, "%d/%zu:\n%s", _i,
                      chunks[c], got);
        ck_assert_msg(strcmp(all, want[_i]) == 0, "%d/%zu, all:\n%s", _i,
                      chunks[c], all);
        free(all);
        free(got);
    }
    free(text);
}
END_TEST

START_TEST(test_mail_detection)
{
    ck_assert(detect_is_message("Return-Path: <a@b>\n", 19));
    ck_assert(detect_is_message("Path: news!not-for-mail\n", 24));
    ck_assert(detect_is_message("X-Mozilla-Status: 0001\n", 23));
    ck_assert(!detect_is_message("Hello: world\n", 13));
    ck_assert(!detect_is_message("From a@b Mon May  6 10:00:00 2024\n", 34));
    ck_assert(mail_is_from_line("From a@b Mon May  6 10:00:00 2024\n", 34));
    ck_assert(mail_is_from_line("From MAILER-DAEMON Fri Jul  8 12:08:34 2011\n", 44));
    ck_assert(!mail_is_from_line("From the desk of Bob\n", 21));
    ck_assert(!mail_is_from_line("From: a@b 10:00\n", 16));
}
END_TEST

Suite *mail_suite(void);

Suite *
mail_suite(void)
{
    Suite *s = suite_create("mail");
    TCase *tc = tcase_create("mime");

    tcase_add_test(tc, test_mail_nested);
    tcase_add_test(tc, test_mail_chunking);
    tcase_add_test(tc, test_mail_headers);
    tcase_add_test(tc, test_mail_missing_end);
    tcase_add_test(tc, test_mail_long_lines);
    tcase_add_loop_test(tc, test_mail_spans, 0, 4);
    tcase_add_test(tc, test_mail_marked);
    tcase_add_test(tc, test_mail_multipart_no_boundary);
    tcase_add_test(tc, test_mail_preamble_epilogue);
    tcase_add_test(tc, test_mail_deep_nesting);
    tcase_add_test(tc, test_mail_deep_messages);
    tcase_add_test(tc, test_mail_no_blank_line);
    tcase_add_loop_test(tc, test_mail_few_headers, 0,
                        (int)(sizeof few / sizeof *few));
    tcase_add_loop_test(tc, test_mail_long_field_end, 0, 2);
    suite_add_tcase(s, tc);
    tc = tcase_create("mbox");
    tcase_add_test(tc, test_mail_mbox);
    tcase_add_test(tc, test_mail_detection);
    tcase_add_loop_test(tc, test_mail_mbox_variants, 0,
                        sizeof variants / sizeof *variants);
    tcase_add_test(tc, test_mail_mbox_counts);
    tcase_add_test(tc, test_mail_mbox_held);
    tcase_add_test(tc, test_mail_mbox_held_full);
    tcase_add_test(tc, test_mail_one_envelope);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(mail_suite)
