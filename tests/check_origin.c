/* check_origin.c: the document extractor's pieces of a larger document
 * (urigrep_extractor_set_origin()). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "urigrep.h"
#include "check_main.h"

/* What the extractor reported: "LINE OFFSET MESSAGE URI" lines. */
static char got[1024];

static int
keep(void *arg, const struct urigrep_ref *ref)
{
    size_t n = strlen(got);

    (void)arg;
    snprintf(got + n, sizeof got - n, "%llu %llu %llu %.*s\n",
             (unsigned long long)ref->line, (unsigned long long)ref->offset,
             (unsigned long long)ref->message, (int)ref->uri.len,
             ref->uri.ptr);
    return 0;
}

/* Feed S whole to a new extractor of TYPE, or, with CUT, S up to CUT
 * and the rest as a piece with the origin the first part gives. */
static void
run(enum urigrep_doc_type type, const char *s, size_t cut, uint64_t lines,
    uint64_t messages)
{
    struct urigrep_extract_options o;
    urigrep_extractor *x;

    memset(&o, 0, sizeof o);
    o.size = sizeof o;
    o.type = type;
    o.flags = URIGREP_EXTRACT_NO_CHECK;
    got[0] = '\0';
    ck_assert_int_eq(urigrep_extractor_new(&o, keep, NULL, NULL, &x),
                     URIGREP_OK);
    if (cut == 0) {
        ck_assert_int_eq(urigrep_extractor_feed(x, s, strlen(s)), URIGREP_OK);
    } else {
        ck_assert_int_eq(urigrep_extractor_feed(x, s, cut), URIGREP_OK);
        ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
        ck_assert_int_eq(urigrep_extractor_set_origin(x, type, lines, cut,
                                                      messages),
                         URIGREP_OK);
        ck_assert_int_eq(urigrep_extractor_feed(x, s + cut, strlen(s) - cut),
                         URIGREP_OK);
    }
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    urigrep_extractor_free(x);
}

START_TEST(test_extract_origin_text)
{
    static const char text[] = "see http://a/x\n\nand <http://b/\n y>\n";
    char whole[sizeof got];

    run(URIGREP_DOC_TEXT, text, 0, 0, 0);
    ck_assert_str_eq(got, "1 4 0 http://a/x\n3 21 0 http://b/y\n");
    memcpy(whole, got, sizeof got);
    /* cut after the blank line: two lines and 16 bytes before */
    run(URIGREP_DOC_TEXT, text, 16, 2, 0);
    ck_assert_str_eq(got, whole);
}
END_TEST

START_TEST(test_extract_origin_mbox)
{
    static const char mbox[] =
        "From a@b Mon Jan  1 00:00:00 2024\nSubject: one\n\nhttp://a/\n\n"
        "From c@d Mon Jan  1 00:00:01 2024\nSubject: two\n\nhttp://c/\n";
    const char *second = strstr(mbox + 1, "From ");
    char whole[sizeof got];

    run(URIGREP_DOC_AUTO, mbox, 0, 0, 0);
    ck_assert_str_eq(got, "4 0 1 http://a/\n9 0 2 http://c/\n");
    memcpy(whole, got, sizeof got);
    /* the second message alone, read as the mbox it is part of: 5 lines
     * and a message before it */
    run(URIGREP_DOC_MBOX, mbox, (size_t)(second - mbox), 5, 1);
    ck_assert_str_eq(got, whole);
}
END_TEST

START_TEST(test_extract_origin_late)
{
    struct urigrep_extract_options o;
    urigrep_extractor *x;

    memset(&o, 0, sizeof o);
    o.size = sizeof o;
    ck_assert_int_eq(urigrep_extractor_new(&o, keep, NULL, NULL, &x),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_set_origin(NULL, URIGREP_DOC_TEXT, 0,
                                                  0, 0), URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_extractor_set_origin(
                         x, (enum urigrep_doc_type)99, 0, 0, 0),
                     URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_extractor_feed(x, "x", 1), URIGREP_OK);
    /* too late: a byte of the document is in */
    ck_assert_int_eq(urigrep_extractor_set_origin(x, URIGREP_DOC_TEXT, 1, 1,
                                                  0), URIGREP_ERR_ARG);
    urigrep_extractor_reset(x);
    /* forgotten by reset, and allowed again */
    ck_assert_int_eq(urigrep_extractor_set_origin(x, URIGREP_DOC_TEXT, 7, 70,
                                                  0), URIGREP_OK);
    got[0] = '\0';
    ck_assert_int_eq(urigrep_extractor_feed(x, "http://a/\n", 10),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    ck_assert_str_eq(got, "8 70 0 http://a/\n");
    got[0] = '\0';
    ck_assert_int_eq(urigrep_extractor_feed(x, "http://a/\n", 10),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    ck_assert_str_eq(got, "1 0 0 http://a/\n");
    urigrep_extractor_free(x);
}
END_TEST

static Suite *
origin_suite(void)
{
    Suite *s = suite_create("origin");
    TCase *tc = tcase_create("origin");

    tcase_add_test(tc, test_extract_origin_text);
    tcase_add_test(tc, test_extract_origin_mbox);
    tcase_add_test(tc, test_extract_origin_late);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(origin_suite)
