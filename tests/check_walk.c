/* check_walk.c: -r's sort of a directory's names: strcmp()'s order
 * (LC_ALL=C ls), whatever the names share and however they come. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input/walk.h"
#include "check_main.h"

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort the N names of NAMES with walk_sort() to DEPTH and check the
 * order against qsort() with strcmp(). */
static void
check_sorts(char **names, size_t n, unsigned depth)
{
    struct walk_entry *e = malloc((n + 1) * sizeof *e);
    size_t i, common = SIZE_MAX;

    ck_assert_ptr_nonnull(e);
    /* keys from the common prefix on, as walk() takes them */
    for (i = 0; i < n; i++) {
        size_t k = 0;

        while (k < common && names[i][k] && names[i][k] == names[0][k])
            k++;
        common = k;
    }
    for (i = 0; i < n; i++) {
        e[i].name = names[i];
        e[i].key = walk_key(names[i] + common);
    }
    walk_sort(e, n, depth);
    qsort(names, n, sizeof *names, cmp_str);
    for (i = 0; i < n; i++)
        ck_assert_str_eq(e[i].name, names[i]);
    free(e);
}

START_TEST(test_walk_key_order)
{
    /* unsigned bytes, big-endian, a shorter name first */
    ck_assert(walk_key("a") < walk_key("b"));
    ck_assert(walk_key("z") < walk_key("\xc3\xa9"));
    ck_assert(walk_key("ab") < walk_key("abc"));
    ck_assert(walk_key("") == 0);
    /* only eight bytes count */
    ck_assert(walk_key("abcdefgh1") == walk_key("abcdefgh2"));
}
END_TEST

/* Random names from a few letters, sharing a prefix or not, in every
 * path of the sort: heapsort only (depth 0), a mix, quicksort. */
START_TEST(test_walk_sort_random)
{
    static const char letters[] = "a\xc3z0";
    unsigned seed = 2396;
    int trial;

    for (trial = 0; trial < 300; trial++) {
        size_t n = trial % 50 == 0 ? 3000 : (size_t)(rand_r(&seed) % 200);
        int alpha = 1 + rand_r(&seed) % 4, maxlen = 1 + rand_r(&seed) % 24;
        int pre = rand_r(&seed) % 16, len, k;
        char **names = malloc((n + 1) * sizeof *names);
        size_t i;

        ck_assert_ptr_nonnull(names);
        for (i = 0; i < n; i++) {
            len = pre + 1 + rand_r(&seed) % maxlen;
            names[i] = malloc((size_t)len + 1);
            ck_assert_ptr_nonnull(names[i]);
            for (k = 0; k < len; k++)
                names[i][k] = k < pre ? 'p' : letters[rand_r(&seed) % alpha];
            names[i][len] = '\0';
        }
        check_sorts(names, n, trial % 3 == 0 ? 0 : trial % 3 == 1 ? 2 : 64);
        for (i = 0; i < n; i++)
            free(names[i]);
        free(names);
    }
}
END_TEST

/* Already sorted, reversed, all equal keys: the shapes that make a
 * naive quicksort quadratic sort right (and, at depth 2 log2 N, in
 * N log N: the heapsort takes over). */
START_TEST(test_walk_sort_shapes)
{
    enum { N = 2000 };
    static char buf[N][32];
    char *names[N];
    int shape;
    size_t i;

    for (shape = 0; shape < 3; shape++) {
        for (i = 0; i < N; i++) {
            size_t v = shape == 0 ? i : shape == 1 ? N - i : i % 7;

            /* equal first eight bytes after the prefix: the tie's
             * strcmp() decides */
            snprintf(buf[i], sizeof buf[i], "msg-00000000-%06zu.%zu", v, i);
            names[i] = buf[i];
        }
        check_sorts(names, N, 22);
    }
}
END_TEST

/* nmh's mh-folders(5): a message's file name is a positive integer; "all
 * files that are not positive integers must be ignored". */
START_TEST(test_walk_mh_number)
{
    uint64_t v = 0;

    ck_assert(walk_mh_number("1", &v) && v == 1);
    ck_assert(walk_mh_number("10", &v) && v == 10);
    ck_assert(walk_mh_number("007", &v) && v == 7);
    ck_assert(walk_mh_number("18446744073709551615", &v) && v == UINT64_MAX);
    ck_assert(!walk_mh_number("0", &v));
    ck_assert(!walk_mh_number("", &v));
    ck_assert(!walk_mh_number(",3", &v));       /* removed by rmm */
    ck_assert(!walk_mh_number("#3", &v));
    ck_assert(!walk_mh_number("3~", &v));
    ck_assert(!walk_mh_number(".mh_sequences", &v));
    ck_assert(!walk_mh_number("+1", &v));
}
END_TEST

/* Which entries of a folder are messages (walk.h): a maildir's own files
 * are its server's, its tmp/ holds unfinished deliveries (qmail's
 * maildir(5)); in cur/ and new/ a name with a leading '.' is none; an MH
 * folder's other files are none; -r's globs still choose. */
START_TEST(test_walk_actions)
{
    static char *inc[] = { "1*", NULL };
    struct options o;

    memset(&o, 0, sizeof o);
    ck_assert_int_eq(walk_action(&o, FOLDER_MAILDIR, "cur", S_IFDIR, true),
                     WALK_SKIP);
    ck_assert_int_eq(walk_action(&o, FOLDER_MAILDIR, "tmp", S_IFDIR, true),
                     WALK_SKIP);
    ck_assert_int_eq(walk_action(&o, FOLDER_MAILDIR, ".Sent", S_IFDIR, true),
                     WALK_DESCEND);
    ck_assert_int_eq(walk_action(&o, FOLDER_MAILDIR, ".Sent", S_IFDIR,
                                 false), WALK_SKIP);
    ck_assert_int_eq(walk_action(&o, FOLDER_MAILDIR, "dovecot-uidlist",
                                 S_IFREG, true), WALK_SKIP);
    ck_assert_int_eq(walk_action(&o, FOLDER_MESSAGES, "1.M1P1.host:2,S",
                                 S_IFREG, true), WALK_MESSAGE);
    ck_assert_int_eq(walk_action(&o, FOLDER_MESSAGES, ".keep", S_IFREG,
                                 true), WALK_SKIP);
    ck_assert_int_eq(walk_action(&o, FOLDER_MESSAGES, "x", S_IFDIR, true),
                     WALK_SKIP);
    ck_assert_int_eq(walk_action(&o, FOLDER_MH, "12", S_IFREG, false),
                     WALK_MESSAGE);
    ck_assert_int_eq(walk_action(&o, FOLDER_MH, ",12", S_IFREG, true),
                     WALK_SKIP);
    ck_assert_int_eq(walk_action(&o, FOLDER_MH, "sub", S_IFDIR, true),
                     WALK_DESCEND);
    ck_assert_int_eq(walk_action(&o, FOLDER_PLAIN, ",12", S_IFREG, true),
                     WALK_FILE);
    ck_assert_int_eq(walk_action(&o, FOLDER_PLAIN, "fifo", S_IFIFO, true),
                     WALK_SKIP);
    o.include = inc;
    ck_assert_int_eq(walk_action(&o, FOLDER_MH, "12", S_IFREG, true),
                     WALK_MESSAGE);
    ck_assert_int_eq(walk_action(&o, FOLDER_MH, "2", S_IFREG, true),
                     WALK_SKIP);
}
END_TEST

static Suite *
walk_suite(void)
{
    Suite *s = suite_create("walk");
    TCase *tc = tcase_create("sort");

    tcase_add_test(tc, test_walk_key_order);
    tcase_add_test(tc, test_walk_sort_random);
    tcase_add_test(tc, test_walk_sort_shapes);
    suite_add_tcase(s, tc);
    tc = tcase_create("folders");
    tcase_add_test(tc, test_walk_mh_number);
    tcase_add_test(tc, test_walk_actions);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(walk_suite)
