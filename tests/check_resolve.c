/* check_resolve.c: resolution tables from RFC 2396 App. C, RFC 1808 s. 5,
 * RFC 3986 s. 5.4, RFC 1630 and R. T. Fielding's test pages. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"
#include "check_main.h"

#define N(a) ((int)(sizeof(a) / sizeof *(a)))

struct example {
    const char *ref;
    const char *want;
};

/* RFC 2396 Appendix C; base http://a/b/c/d;p?q (NOTES.md restores it). */
#define BASE_2396 "http://a/b/c/d;p?q"
static const struct example c1_normal[] = {
    { "g:h", "g:h" },
    { "g", "http://a/b/c/g" },
    { "./g", "http://a/b/c/g" },
    { "g/", "http://a/b/c/g/" },
    { "/g", "http://a/g" },
    { "//g", "http://g" },
    { "?y", "http://a/b/c/?y" },
    { "g?y", "http://a/b/c/g?y" },
    { "#s", "http://a/b/c/d;p?q#s" },    /* (current document)#s */
    { "g#s", "http://a/b/c/g#s" },
    { "g?y#s", "http://a/b/c/g?y#s" },
    { ";x", "http://a/b/c/;x" },
    { "g;x", "http://a/b/c/g;x" },
    { "g;x?y#s", "http://a/b/c/g;x?y#s" },
    { ".", "http://a/b/c/" },
    { "./", "http://a/b/c/" },
    { "..", "http://a/b/" },
    { "../", "http://a/b/" },
    { "../g", "http://a/b/g" },
    { "../..", "http://a/" },
    { "../../", "http://a/" },
    { "../../g", "http://a/g" },
};

/* RFC 2396 Appendix C.2 */
static const struct example c2_abnormal[] = {
    { "", "http://a/b/c/d;p?q" },         /* (current document) */
    { "../../../g", "http://a/../g" },
    { "../../../../g", "http://a/../../g" },
    { "/./g", "http://a/./g" },
    { "/../g", "http://a/../g" },
    { "g.", "http://a/b/c/g." },
    { ".g", "http://a/b/c/.g" },
    { "g..", "http://a/b/c/g.." },
    { "..g", "http://a/b/c/..g" },
    { "./../g", "http://a/b/g" },
    { "./g/.", "http://a/b/c/g/" },
    { "g/./h", "http://a/b/c/g/h" },
    { "g/../h", "http://a/b/c/h" },
    { "g;x=1/./y", "http://a/b/c/g;x=1/y" },
    { "g;x=1/../y", "http://a/b/c/y" },
    { "g?y/./x", "http://a/b/c/g?y/./x" },
    { "g?y/../x", "http://a/b/c/g?y/../x" },
    { "g#s/./x", "http://a/b/c/g#s/./x" },
    { "g#s/../x", "http://a/b/c/g#s/../x" },
    { "http:g", "http:g" },               /* for validating parsers */
};

/* RFC 1808 section 5 as published; base <URL:http://a/b/c/d;p?q#f> */
#define BASE_1808 "http://a/b/c/d;p?q#f"
static const struct example rfc1808[] = {
    { "g:h", "g:h" },
    { "g", "http://a/b/c/g" },
    { "./g", "http://a/b/c/g" },
    { "g/", "http://a/b/c/g/" },
    { "/g", "http://a/g" },
    { "//g", "http://g" },
    { "?y", "http://a/b/c/d;p?y" },
    { "g?y", "http://a/b/c/g?y" },
    { "g?y/./x", "http://a/b/c/g?y/./x" },
    { "#s", "http://a/b/c/d;p?q#s" },
    { "g#s", "http://a/b/c/g#s" },
    { "g#s/./x", "http://a/b/c/g#s/./x" },
    { "g?y#s", "http://a/b/c/g?y#s" },
    { ";x", "http://a/b/c/d;x" },
    { "g;x", "http://a/b/c/g;x" },
    { "g;x?y#s", "http://a/b/c/g;x?y#s" },
    { ".", "http://a/b/c/" },
    { "./", "http://a/b/c/" },
    { "..", "http://a/b/" },
    { "../", "http://a/b/" },
    { "../g", "http://a/b/g" },
    { "../..", "http://a/" },
    { "../../", "http://a/" },
    { "../../g", "http://a/g" },
    /* 5.2 abnormal */
    { "", "http://a/b/c/d;p?q#f" },
    { "../../../g", "http://a/../g" },
    { "../../../../g", "http://a/../../g" },
    { "/./g", "http://a/./g" },
    { "/../g", "http://a/../g" },
    { "g.", "http://a/b/c/g." },
    { ".g", "http://a/b/c/.g" },
    { "g..", "http://a/b/c/g.." },
    { "..g", "http://a/b/c/..g" },
    { "./../g", "http://a/b/g" },
    { "./g/.", "http://a/b/c/g/" },
    { "g/./h", "http://a/b/c/g/h" },
    { "g/../h", "http://a/b/c/h" },
    { "http:g", "http:g" },
    { "http:", "http:" },
};

/* RFC 3986 section 5.4; base http://a/b/c/d;p?q */
static const struct example rfc3986[] = {
    { "g:h", "g:h" },
    { "g", "http://a/b/c/g" },
    { "./g", "http://a/b/c/g" },
    { "g/", "http://a/b/c/g/" },
    { "/g", "http://a/g" },
    { "//g", "http://g" },
    { "?y", "http://a/b/c/d;p?y" },
    { "g?y", "http://a/b/c/g?y" },
    { "#s", "http://a/b/c/d;p?q#s" },
    { "g#s", "http://a/b/c/g#s" },
    { "g?y#s", "http://a/b/c/g?y#s" },
    { ";x", "http://a/b/c/;x" },
    { "g;x", "http://a/b/c/g;x" },
    { "g;x?y#s", "http://a/b/c/g;x?y#s" },
    { "", "http://a/b/c/d;p?q" },
    { ".", "http://a/b/c/" },
    { "./", "http://a/b/c/" },
    { "..", "http://a/b/" },
    { "../", "http://a/b/" },
    { "../g", "http://a/b/g" },
    { "../..", "http://a/" },
    { "../../", "http://a/" },
    { "../../g", "http://a/g" },
    /* 5.4.2 abnormal */
    { "../../../g", "http://a/g" },
    { "../../../../g", "http://a/g" },
    { "/./g", "http://a/g" },
    { "/../g", "http://a/g" },
    { "g.", "http://a/b/c/g." },
    { ".g", "http://a/b/c/.g" },
    { "g..", "http://a/b/c/g.." },
    { "..g", "http://a/b/c/..g" },
    { "./../g", "http://a/b/g" },
    { "./g/.", "http://a/b/c/g/" },
    { "g/./h", "http://a/b/c/g/h" },
    { "g/../h", "http://a/b/c/h" },
    { "g;x=1/./y", "http://a/b/c/g;x=1/y" },
    { "g;x=1/../y", "http://a/b/c/y" },
    { "g?y/./x", "http://a/b/c/g?y/./x" },
    { "g?y/../x", "http://a/b/c/g?y/../x" },
    { "g#s/./x", "http://a/b/c/g#s/./x" },
    { "g#s/../x", "http://a/b/c/g#s/../x" },
    { "http:g", "http:g" },
};

/* RFC 1630 partial forms, context magic://a/b/c//d/e/f */
static const struct example rfc1630[] = {
    { "g", "magic://a/b/c//d/e/g" },
    { "/g", "magic://a/g" },
    { "//g", "magic://g" },
    { "../g", "magic://a/b/c//d/g" },
    { "g:h", "g:h" },
};

/* Roy T. Fielding's test pages "Examples of Resolving Relative URLs",
 * parts 2 to 5 (written for RFC 2396's drafts; kept with libwww-perl's
 * URI module as t/roytest2.html to t/roytest5.html), their "[R]" column
 * (RFC 2396) and for part 3 their "[X]" column (RFC 1808).  The pages
 * write "//g" as "http://g/", adding the '/' of their canonical form;
 * section 5.2 adds none (Appendix C: "//g = http://g"). */

/* part 2: a '/' in the base's query is not hierarchy */
#define BASE_ROY2 "http://a/b/c/d;p?q=1/2"
static const struct example roy2[] = {
    { "g", "http://a/b/c/g" },
    { "./g", "http://a/b/c/g" },
    { "g/", "http://a/b/c/g/" },
    { "/g", "http://a/g" },
    { "//g", "http://g" },
    { "?y", "http://a/b/c/?y" },
    { "g?y", "http://a/b/c/g?y" },
    { "g?y/./x", "http://a/b/c/g?y/./x" },
    { "g?y/../x", "http://a/b/c/g?y/../x" },
    { "g#s", "http://a/b/c/g#s" },
    { "g#s/./x", "http://a/b/c/g#s/./x" },
    { "g#s/../x", "http://a/b/c/g#s/../x" },
    { "./", "http://a/b/c/" },
    { "../", "http://a/b/" },
    { "../g", "http://a/b/g" },
    { "../../", "http://a/" },
    { "../../g", "http://a/g" },
};

/* part 3: a '/' in the base's last segment's parameters is hierarchy
 * in RFC 2396 (params belong to each segment), not in RFC 1808 (they
 * follow the whole path) */
#define BASE_ROY3 "http://a/b/c/d;p=1/2?q"
static const struct example roy3[] = {
    { "g", "http://a/b/c/d;p=1/g" },
    { "./g", "http://a/b/c/d;p=1/g" },
    { "g/", "http://a/b/c/d;p=1/g/" },
    { "g?y", "http://a/b/c/d;p=1/g?y" },
    { ";x", "http://a/b/c/d;p=1/;x" },
    { "g;x", "http://a/b/c/d;p=1/g;x" },
    { "g;x=1/./y", "http://a/b/c/d;p=1/g;x=1/y" },
    { "g;x=1/../y", "http://a/b/c/d;p=1/y" },
    { "./", "http://a/b/c/d;p=1/" },
    { "../", "http://a/b/c/" },
    { "../g", "http://a/b/c/g" },
    { "../../", "http://a/b/" },
    { "../../g", "http://a/b/g" },
};
static const struct example roy3_1808[] = {
    { "g", "http://a/b/c/g" },
    { "./g", "http://a/b/c/g" },
    { "g/", "http://a/b/c/g/" },
    { "g?y", "http://a/b/c/g?y" },
    { ";x", "http://a/b/c/d;x" },
    { "g;x", "http://a/b/c/g;x" },
    { "g;x=1/./y", "http://a/b/c/g;x=1/./y" },
    { "g;x=1/../y", "http://a/b/c/g;x=1/../y" },
    { "./", "http://a/b/c/" },
    { "../", "http://a/b/" },
    { "../g", "http://a/b/g" },
    { "../../", "http://a/" },
    { "../../g", "http://a/g" },
};

/* parts 4 and 5: "///" is an empty authority, and "//" inside a path
 * an empty segment that ".." climbs like any other */
#define BASE_ROY4 "fred:///s//a/b/c"
static const struct example roy4[] = {
    { "http://h", "http://h" },
    { "g", "fred:///s//a/b/g" },
    { "./g", "fred:///s//a/b/g" },
    { "g/", "fred:///s//a/b/g/" },
    { "/g", "fred:///g" },
    { "//g/x", "fred://g/x" },
    { "./", "fred:///s//a/b/" },
    { "../", "fred:///s//a/" },
    { "../g", "fred:///s//a/g" },
    { "../../", "fred:///s//" },
    { "../../g", "fred:///s//g" },
    { "../../../g", "fred:///s/g" },
    { "../../../../g", "fred:///g" },
};
#define BASE_ROY5 "http:///s//a/b/c"
static const struct example roy5[] = {
    { "http://h", "http://h" },
    { "g", "http:///s//a/b/g" },
    { "./g", "http:///s//a/b/g" },
    { "g/", "http:///s//a/b/g/" },
    { "/g", "http:///g" },
    { "//g", "http://g" },
    { "//g/x", "http://g/x" },
    { "./", "http:///s//a/b/" },
    { "../", "http:///s//a/" },
    { "../g", "http:///s//a/g" },
    { "../../", "http:///s//" },
    { "../../g", "http:///s//g" },
    { "../../../g", "http:///s/g" },
    { "../../../../g", "http:///g" },
};

static void
check_one(const char *base, const struct example *ex, enum urigrep_rfc rfc)
{
    char *out = NULL;
    size_t len = 0;
    enum urigrep_status st = urigrep_resolve(base, strlen(base), ex->ref,
                                             strlen(ex->ref), rfc, &out,
                                             &len);

    ck_assert_msg(st == URIGREP_OK, "%s: status %d", ex->ref, st);
    ck_assert_msg(strcmp(out, ex->want) == 0, "RFC %d: <%s> + <%s> = <%s>, "
                  "want <%s>", rfc, base, ex->ref, out, ex->want);
    ck_assert_uint_eq(len, strlen(out));
    free(out);
}

START_TEST(test_resolve_2396_c1)
{
    check_one(BASE_2396, &c1_normal[_i], URIGREP_RFC2396);
}
END_TEST

START_TEST(test_resolve_2396_c2)
{
    check_one(BASE_2396, &c2_abnormal[_i], URIGREP_RFC2396);
}
END_TEST

START_TEST(test_resolve_1808_s5)
{
    check_one(BASE_1808, &rfc1808[_i], URIGREP_RFC1808);
}
END_TEST

START_TEST(test_resolve_3986_s54)
{
    check_one(BASE_2396, &rfc3986[_i], URIGREP_RFC3986);
}
END_TEST

START_TEST(test_resolve_1630_partial)
{
    check_one("magic://a/b/c//d/e/f", &rfc1630[_i], URIGREP_RFC2396);
    check_one("magic://a/b/c//d/e/", &rfc1630[_i], URIGREP_RFC2396);
}
END_TEST

START_TEST(test_resolve_fielding)
{
    check_one(BASE_ROY2, &roy2[_i % N(roy2)], URIGREP_RFC2396);
    check_one(BASE_ROY3, &roy3[_i % N(roy3)], URIGREP_RFC2396);
    check_one(BASE_ROY3, &roy3_1808[_i % N(roy3_1808)], URIGREP_RFC1808);
    check_one(BASE_ROY4, &roy4[_i % N(roy4)], URIGREP_RFC2396);
    check_one(BASE_ROY5, &roy5[_i % N(roy5)], URIGREP_RFC2396);
}
END_TEST

/* RFC 2396 Appendix D: the <BASE href> example */
START_TEST(test_resolve_appendix_d)
{
    static const struct example d = { "../x", "http://www.ics.uci.edu/Test/a/x" };
    check_one("http://www.ics.uci.edu/Test/a/b/c", &d, URIGREP_RFC2396);
}
END_TEST

START_TEST(test_resolve_same_document)
{
    /* section 4.2: the base's fragment is never kept */
    static const struct example ex[] = {
        { "", "http://a/b/c/d;p?q" },
        { "#s", "http://a/b/c/d;p?q#s" },
    };
    check_one("http://a/b/c/d;p?q#f", &ex[0], URIGREP_RFC2396);
    check_one("http://a/b/c/d;p?q#f", &ex[1], URIGREP_RFC2396);
}
END_TEST

START_TEST(test_resolve_edge_cases)
{
    static const struct example host_only = { "g", "http://a/g" };
    static const struct example opaque = { "x", "mailto:x" };
    static const struct example empty_seg = { "g//../h", "http://a/b/c/g/h" };
    static const struct example dotdot_end = { "g/..", "http://a/b/c/" };
    /* fuzz_resolve: a "//" path with no authority must not read back as
     * one; "/." keeps it a path (the WHATWG URL Standard's fix) */
    static const struct example slash_path = { ".//:80x", "s:/.//:80x" };
    static const struct example slash_abs = { "htt:././//:$./z",
                                              "htt:/.//:$./z" };
    char *out = (char *)1;

    /* a base with an authority and no path merges as "/" */
    check_one("http://a", &host_only, URIGREP_RFC2396);
    check_one("http://a", &host_only, URIGREP_RFC3986);
    check_one("http://a", &host_only, URIGREP_RFC1808);
    check_one("mailto:joe@example.org", &opaque, URIGREP_RFC2396);
    check_one(BASE_2396, &empty_seg, URIGREP_RFC2396);
    check_one(BASE_2396, &dotdot_end, URIGREP_RFC2396);
    check_one("s:/.", &slash_path, URIGREP_RFC3986);
    check_one("s:/.", &slash_path, URIGREP_RFC2396);
    check_one(BASE_2396, &slash_abs, URIGREP_RFC3986);
    /* a relative base is refused and *out set to NULL */
    ck_assert_int_eq(urigrep_resolve("/a/b", 4, "g", 1, URIGREP_RFC2396, &out,
                                     NULL), URIGREP_ERR_BASE_RELATIVE);
    ck_assert_ptr_null(out);
    ck_assert_int_eq(urigrep_resolve("a/b", 3, "g", 1, URIGREP_RFC1808, &out,
                                     NULL), URIGREP_ERR_BASE_RELATIVE);
    ck_assert_int_eq(urigrep_resolve("http://a/", 9, "g", 1,
                                     (enum urigrep_rfc)42, &out, NULL),
                     URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_resolve("http://a/", 9, "g", 1, URIGREP_RFC2396,
                                     NULL, NULL), URIGREP_ERR_ARG);
}
END_TEST

Suite *resolve_suite(void);

Suite *
resolve_suite(void)
{
    Suite *s = suite_create("resolve");
    TCase *tc;

    tc = tcase_create("rfc2396");
    tcase_add_loop_test(tc, test_resolve_2396_c1, 0, N(c1_normal));
    tcase_add_loop_test(tc, test_resolve_2396_c2, 0, N(c2_abnormal));
    tcase_add_test(tc, test_resolve_appendix_d);
    tcase_add_test(tc, test_resolve_same_document);
    tcase_add_loop_test(tc, test_resolve_fielding, 0, N(roy5));
    suite_add_tcase(s, tc);
    tc = tcase_create("rfc1808");
    tcase_add_loop_test(tc, test_resolve_1808_s5, 0, N(rfc1808));
    suite_add_tcase(s, tc);
    tc = tcase_create("rfc3986");
    tcase_add_loop_test(tc, test_resolve_3986_s54, 0, N(rfc3986));
    suite_add_tcase(s, tc);
    tc = tcase_create("rfc1630");
    tcase_add_loop_test(tc, test_resolve_1630_partial, 0, N(rfc1630));
    suite_add_tcase(s, tc);
    tc = tcase_create("edges");
    tcase_add_test(tc, test_resolve_edge_cases);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(resolve_suite)
