/* check_uniq.c: the --unique set and its keyed hash (SipHash-2-4). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/uniq.h"
#include "siphash.h"
#include "check_main.h"

/* Aumasson and Bernstein, "SipHash: a fast short-input PRF", appendix A:
 * key 00 01 .. 0f, message 00 01 .. 0e; and the empty message under the
 * same key (the first of the reference implementation's vectors). */
START_TEST(test_uniq_siphash_vectors)
{
    unsigned char key[16], msg[15];
    int i;

    for (i = 0; i < 16; i++)
        key[i] = (unsigned char)i;
    for (i = 0; i < 15; i++)
        msg[i] = (unsigned char)i;
    ck_assert_uint_eq(siphash24(key, msg, 15), 0xa129ca6149be45e5ull);
    ck_assert_uint_eq(siphash24(key, msg, 0), 0x726fdb47dd0e0e31ull);
}
END_TEST

START_TEST(test_uniq_keyed)
{
    /* a different key, a different hash: FNV-1a had none */
    unsigned char k1[16] = { 0 }, k2[16] = { 1 };

    ck_assert_uint_ne(siphash24(k1, "http://a/", 9),
                      siphash24(k2, "http://a/", 9));
}
END_TEST

START_TEST(test_uniq_set)
{
    struct uniq *u = uniq_new();
    char s[32];
    int i;

    ck_assert_ptr_nonnull(u);
    for (i = 0; i < 5000; i++) {
        int n = snprintf(s, sizeof s, "http://h%d/", i);
        ck_assert_int_eq(uniq_add(u, s, (size_t)n), 1);
    }
    for (i = 0; i < 5000; i++) {
        int n = snprintf(s, sizeof s, "http://h%d/", i);
        ck_assert_int_eq(uniq_add(u, s, (size_t)n), 0);
    }
    ck_assert_int_eq(uniq_add(u, "", 0), 1);
    ck_assert_int_eq(uniq_add(u, "", 0), 0);
    uniq_free(u);
    uniq_free(NULL);
}
END_TEST

Suite *uniq_suite(void);

Suite *
uniq_suite(void)
{
    Suite *s = suite_create("uniq");
    TCase *tc = tcase_create("hash");

    tcase_add_test(tc, test_uniq_siphash_vectors);
    tcase_add_test(tc, test_uniq_keyed);
    suite_add_tcase(s, tc);
    tc = tcase_create("set");
    tcase_add_test(tc, test_uniq_set);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(uniq_suite)
