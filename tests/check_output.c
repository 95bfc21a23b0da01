/* check_output.c: plain and JSON Lines formatting, charset conversion. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charset.h"
#include "grammar.h"
#include "output.h"
#include "uniq.h"
#include "check_main.h"

static char *
text_of(struct urigrep_buf *b)
{
    ck_assert_int_eq(buf_reserve(b, 1), URIGREP_OK);
    b->data[b->len] = '\0';
    return b->data;
}

START_TEST(test_output_json_string)
{
    struct urigrep_buf b;

    buf_init(&b, 1024);
    ck_assert_int_eq(output_json_string(&b, "a\"b\\c\n\x01\x7f\xc3\xa9\xff",
                                        11), URIGREP_OK);
    ck_assert_str_eq(text_of(&b),
                     "\"a\\\"b\\\\c\\u000a\\u0001\\u007f\xc3\xa9\\ufffd\"");
    buf_free(&b);
}
END_TEST

static void
sample(struct output_rec *r, struct urigrep_parts *p)
{
    static const char *u = "http://h.example/p?q";

    memset(r, 0, sizeof *r);
    r->file = "f.txt";
    r->line = 3;
    r->column = 7;
    r->offset = 42;
    r->ref.ptr = r->uri.ptr = u;
    r->ref.len = r->uri.len = strlen(u);
    r->delimiter = "angle";
    r->valid = true;
    r->absolute = true;
    grammar_split(u, strlen(u), p);
    r->parts = p;
}

START_TEST(test_output_plain)
{
    struct urigrep_buf b;
    struct output_rec r;
    struct urigrep_parts p;
    struct output_opts o = { false, false, false, false };

    sample(&r, &p);
    buf_init(&b, 1024);
    output_plain(&b, &o, &r);
    ck_assert_str_eq(text_of(&b), "http://h.example/p?q\n");
    b.len = 0;
    o.with_file = o.line_number = o.byte_offset = true;
    output_plain(&b, &o, &r);
    ck_assert_str_eq(text_of(&b), "f.txt:3:42:http://h.example/p?q\n");
    b.len = 0;
    o.line_number = o.byte_offset = false;
    o.null = true;
    output_plain(&b, &o, &r);
    ck_assert_uint_eq(b.len, 27);
    ck_assert_mem_eq(b.data, "f.txt\0http://h.example/p?q\0", 27);
    b.len = 0;
    output_count(&b, &o, "f.txt", 12);
    ck_assert_mem_eq(b.data, "f.txt\00012\0", 9);
    buf_free(&b);
}
END_TEST

START_TEST(test_output_json)
{
    struct urigrep_buf b;
    struct output_rec r;
    struct urigrep_parts p;

    sample(&r, &p);
    buf_init(&b, 4096);
    output_json(&b, &r);
    ck_assert_str_eq(text_of(&b),
        "{\"file\":\"f.txt\",\"line\":3,\"column\":7,\"offset\":42,"
        "\"ref\":\"http://h.example/p?q\",\"uri\":\"http://h.example/p?q\","
        "\"delimiter\":\"angle\",\"valid\":true,\"kind\":\"absolute\","
        "\"error\":null,\"error_offset\":null,\"scheme\":\"http\","
        "\"authority\":\"h.example\",\"userinfo\":null,\"host\":\"h.example\","
        "\"port\":null,\"path\":\"/p\",\"query\":\"q\",\"fragment\":null}\n");
    b.len = 0;
    r.valid = false;
    r.absolute = false;
    r.error = "bad";
    r.error_offset = 5;
    r.parts = NULL;
    r.file = NULL;
    output_json(&b, &r);
    ck_assert_ptr_nonnull(strstr(text_of(&b), "\"file\":null"));
    ck_assert_ptr_nonnull(strstr(b.data, "\"valid\":false,\"kind\":\"relative\","
                                         "\"error\":\"bad\",\"error_offset\":5,"
                                         "\"scheme\":null"));
    buf_free(&b);
}
END_TEST

START_TEST(test_output_charset)
{
    struct charset_conv *cv = charset_open("ISO-8859-1");
    struct urigrep_buf b;
    size_t bad = 0;

    ck_assert_ptr_nonnull(cv);
    buf_init(&b, 1024);
    ck_assert_int_eq(charset_convert(cv, "caf\xe9", 4, 1, &b, &bad), URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "caf\xc3\xa9");
    charset_close(cv);
    ck_assert_ptr_null(charset_open("NO-SUCH-CHARSET-X"));

    /* a UTF-16 character cut between two calls, and a bad sequence */
    cv = charset_open("UTF-8");
    b.len = 0;
    ck_assert_int_eq(charset_convert(cv, "a\xc3", 2, 0, &b, &bad), URIGREP_OK);
    ck_assert_int_eq(charset_convert(cv, "\xa9z\xff!", 4, 1, &b, &bad),
                     URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "a\xc3\xa9z\xef\xbf\xbd!");
    ck_assert_uint_eq(bad, 1);
    charset_close(cv);

    cv = charset_open("SHIFT_JIS");
    b.len = 0;
    bad = 0;
    /* "日本" in Shift_JIS, split inside the first character */
    ck_assert_int_eq(charset_convert(cv, "\x93", 1, 0, &b, &bad), URIGREP_OK);
    ck_assert_int_eq(charset_convert(cv, "\xfa\x96\x7b", 3, 1, &b, &bad),
                     URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "\xe6\x97\xa5\xe6\x9c\xac");
    ck_assert_uint_eq(bad, 0);
    charset_close(cv);
    charset_close(NULL);
    buf_free(&b);
}
END_TEST

START_TEST(test_output_uniq)
{
    struct uniq *u = uniq_new();
    char key[32];
    int i;

    ck_assert_ptr_nonnull(u);
    for (i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "http://h/%d", i);
        ck_assert_int_eq(uniq_add(u, key, (size_t)n), 1);
    }
    for (i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "http://h/%d", i);
        ck_assert_int_eq(uniq_add(u, key, (size_t)n), 0);
    }
    ck_assert_int_eq(uniq_add(u, "", 0), 1);
    ck_assert_int_eq(uniq_add(u, "", 0), 0);
    uniq_free(u);
}
END_TEST

START_TEST(test_output_buf_limit)
{
    struct urigrep_buf b;

    buf_init(&b, 8);
    ck_assert_int_eq(buf_append(&b, "12345678", 8), URIGREP_OK);
    ck_assert_int_eq(buf_append(&b, "9", 1), URIGREP_ERR_TOO_LONG);
    ck_assert_uint_eq(b.len, 8);
    buf_consume(&b, 3);
    ck_assert_mem_eq(b.data, "45678", 5);
    buf_free(&b);
}
END_TEST

Suite *output_suite(void);

Suite *
output_suite(void)
{
    Suite *s = suite_create("output");
    TCase *tc = tcase_create("format");

    tcase_add_test(tc, test_output_json_string);
    tcase_add_test(tc, test_output_plain);
    tcase_add_test(tc, test_output_json);
    suite_add_tcase(s, tc);
    tc = tcase_create("helpers");
    tcase_add_test(tc, test_output_charset);
    tcase_add_test(tc, test_output_uniq);
    tcase_add_test(tc, test_output_buf_limit);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(output_suite)
