/* check_span.c: the scanner's stop classes (src/shared/span.h) hold the
 * bytes their comment names, and span_plain() stops at the first of them
 * wherever it stands, in its sixteen-byte steps or in the byte loop after
 * them. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <string.h>

#include "span.h"
#include "check_main.h"

/* The classes as span.h describes them, written out again here. */
static int
in_class(unsigned c, unsigned cls)
{
    if (cls == STOP_BRACKET)
        return c == '(' || c == ')' || c == '[' || c == ']' || c == '{' ||
               c == '}';
    /* what a JSON string cannot hold as it is, and non-ASCII */
    if (cls == STOP_JSON)
        return c < 0x20 || c >= 0x7f || c == '"' || c == '\\';
    /* space, controls, DEL and every non-ASCII byte end the scanner's */
    if (c <= 0x20 || c >= 0x7f || c == '"' || c == '<' || c == '>')
        return 1;
    if (cls == STOP_QUOTE)
        return 0;
    if (c == '&' || c == '\\' || c == '^' || c == '`' || c == '|' ||
        c == '}')
        return 1;
    if (cls == STOP_ANGLE)
        return c == '{';
    return c == ')' || c == '[' || c == ']';
}

static const unsigned classes[] = { STOP_BARE, STOP_ANGLE, STOP_QUOTE,
                                    STOP_JSON, STOP_BRACKET };
#define NCLASSES (sizeof classes / sizeof *classes)

START_TEST(test_span_classes)
{
    unsigned c, k;

    for (k = 0; k < NCLASSES; k++)
        for (c = 0; c < 256; c++)
            ck_assert_msg(is_stop((unsigned char)c, classes[k]) ==
                              in_class(c, classes[k]),
                          "byte 0x%02x, class %u", c, classes[k]);
}
END_TEST

/* A byte C at every index of a run of URI characters, found from every
 * start before it, with the end of the run before and after it. */
START_TEST(test_span_finds_every_byte)
{
    unsigned char buf[80];
    size_t at, from;
    unsigned c = (unsigned)_i, k;

    for (k = 0; k < NCLASSES; k++) {
        unsigned cls = classes[k];

        for (at = 0; at < 48; at = check_next(at)) {
            memset(buf, 'a', sizeof buf);
            memcpy(buf, "http://h.example/p-q_r~s.t!u$v'w*x+y,z;A=B%20?", 46);
            buf[at] = (unsigned char)c;
            for (from = 0; from <= at; from = check_next(from)) {
                size_t want = in_class(c, cls) ? at : 64;

                ck_assert_uint_eq(span_plain(buf, from, 64, cls), want);
                /* a limit before the byte hides it */
                ck_assert_uint_eq(span_plain(buf, from, at, cls), at);
            }
        }
    }
}
END_TEST

START_TEST(test_span_limits)
{
    static const char text[] = "http://h.example/p-q_r~s.t!u$v'w*x+y,z;A=B%20?";
    const unsigned char *s = (const unsigned char *)text;
    size_t n = strlen((const char *)s);

    ck_assert_uint_eq(span_plain(s, 0, n, STOP_BARE), n);
    ck_assert_uint_eq(span_plain(s, 0, n, STOP_ANGLE), n);
    ck_assert_uint_eq(span_plain(s, 0, n, STOP_QUOTE), n);
    ck_assert_uint_eq(span_plain(s, 5, 5, STOP_BARE), 5);
    ck_assert_uint_eq(span_plain(s, 9, 5, STOP_BARE), 9);
}
END_TEST

static Suite *
span_suite(void)
{
    Suite *s = suite_create("span");
    TCase *tc = tcase_create("stops");

    tcase_add_test(tc, test_span_classes);
    tcase_add_loop_test(tc, test_span_finds_every_byte, 0, 256);
    tcase_add_test(tc, test_span_limits);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(span_suite)
