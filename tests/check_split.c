/* check_split.c: where -j cuts a large text file or mbox, and what it
 * counts before a piece. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <string.h>

#include "cut/split.h"
#include "check_main.h"

START_TEST(test_split_text_after_empty_line)
{
    static const char t[] = "a <http://x/\ny>\nb\n\nc\r\n\r\nd\n";
    size_t n = strlen(t);

    /* not inside the wrapped <...>: after the first empty line */
    ck_assert_uint_eq(split_next(t, n, 1, n, URIGREP_DOC_TEXT),
                      (size_t)(strstr(t, "c\r") - t));
    /* from a line start that is itself after an empty line */
    ck_assert_uint_eq(split_next(t, n, 19, n, URIGREP_DOC_TEXT),
                      (size_t)(strstr(t, "d\n") - t));
    /* none before LIMIT, and none in the last line */
    ck_assert_uint_eq(split_next(t, n, 1, 10, URIGREP_DOC_TEXT), n);
    ck_assert_uint_eq(split_next("a\nb\n\n", 5, 1, 5, URIGREP_DOC_TEXT), 5);
}
END_TEST

START_TEST(test_split_mbox_separators)
{
    char t[1024];
    const char *sep;
    size_t n, k;

    strcpy(t, "From a@b Mon Jan  1 00:00:00 2024\nx\n"
              "From the desk of Bob, no date\n"
              ">From c@d Mon Jan  1 00:00:00 2024\n"
              "From ");
    /* a "From " line longer than the mail parser's line: body text */
    k = strlen(t);
    memset(t + k, 'x', 260);
    strcpy(t + k + 260, " 10:00:00 2024\n");
    strcat(t, "From e@f Mon Jan  1 00:00:00 2024\ny\n");
    n = strlen(t);
    sep = strstr(t, "From e@f");
    ck_assert_uint_eq(split_next(t, n, 1, n, URIGREP_DOC_MBOX),
                      (size_t)(sep - t));
    ck_assert_uint_eq(split_next(t, n, 1, (size_t)(sep - t),
                                 URIGREP_DOC_MBOX), n);
}
END_TEST

START_TEST(test_split_count)
{
    static const char t[] = "From a@b Mon Jan  1 00:00:00 2024\nx\n"
                            ">From c@d Mon Jan  1 00:00:00 2024\n"
                            "From e@f Mon Jan  1 00:00:00 2024\nlast";
    uint64_t lines, messages;

    static const char odd[] = "Fro a@b Mon Jan  1 00:00:00 2024\nx\n"
                              "From e@f Mon Jan  1 00:00:00 2024\nlast";

    split_count(t, strlen(t), URIGREP_DOC_MBOX, false, &lines, &messages);
    ck_assert_uint_eq(lines, 4);
    ck_assert_uint_eq(messages, 2);
    split_count(t, strlen(t), URIGREP_DOC_MBOX, true, &lines, &messages);
    ck_assert_uint_eq(messages, 2);
    split_count(t, strlen(t), URIGREP_DOC_TEXT, false, &lines, &messages);
    ck_assert_uint_eq(lines, 4);
    ck_assert_uint_eq(messages, 0);
    /* the parser takes an mbox's first line for a message's start, a
     * separator or not (fuzz_split found the count one short) */
    split_count(odd, strlen(odd), URIGREP_DOC_MBOX, true, &lines, &messages);
    ck_assert_uint_eq(messages, 2);
    split_count(odd, strlen(odd), URIGREP_DOC_MBOX, false, &lines, &messages);
    ck_assert_uint_eq(messages, 1);
}
END_TEST

static Suite *
split_suite(void)
{
    Suite *s = suite_create("split");
    TCase *tc = tcase_create("cuts");

    tcase_add_test(tc, test_split_text_after_empty_line);
    tcase_add_test(tc, test_split_mbox_separators);
    tcase_add_test(tc, test_split_count);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(split_suite)
