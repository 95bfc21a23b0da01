/* check_walk.c: -r's sort of a directory's names: strcmp()'s order
 * (LC_ALL=C ls), whatever the names share and however they come. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "walk.h"
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

static Suite *
walk_suite(void)
{
    Suite *s = suite_create("walk");
    TCase *tc = tcase_create("sort");

    tcase_add_test(tc, test_walk_key_order);
    tcase_add_test(tc, test_walk_sort_random);
    tcase_add_test(tc, test_walk_sort_shapes);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(walk_suite)
