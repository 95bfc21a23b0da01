/* check_normalize.c: urigrep_uri_normalize() on the examples of RFC 3986
 * sections 5.2.4, 6.2.2 and 6.2.3, and on every result of RFC 2396
 * Appendix C. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"
#include "check_main.h"

#define N(a) ((int)(sizeof(a) / sizeof *(a)))

struct example {
    const char *uri;
    const char *want;
};

/* RFC 3986: each URI and the normal form the section gives for it (or
 * for the equivalent URIs it lists together) */
static const struct example rfc3986[] = {
    /* 6.2.2: both of its URIs are "example://a/b/c/%7Bfoo%7D" */
    { "example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D" },
    { "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D" },
    /* 6.2.2.1: the scheme and host in lower case, "%3a" is "%3A" */
    { "HTTP://www.EXAMPLE.com/", "http://www.example.com/" },
    { "http://example.com/%3a%3A", "http://example.com/%3A%3A" },
    /* 6.2.2.2 (and 2.3): unreserved characters decoded, "%7E" is "~";
     * a reserved one stays encoded */
    { "http://example.com/%7Esmith/%41%2D%2e%5f%30",
      "http://example.com/~smith/A-._0" },
    { "http://example.com/a%2Fb?x%3Dy%26z#%7e",
      "http://example.com/a%2Fb?x%3Dy%26z#~" },
    { "http://%77%57%77.example.com/", "http://www.example.com/" },
    /* 6.2.2.3 with 5.2.4's examples */
    { "http://x/a/b/c/./../../g", "http://x/a/g" },
    { "x:mid/content=5/../6", "x:mid/6" },
    /* 6.2.3: the four are equivalent; the normal form is the second */
    { "http://example.com", "http://example.com/" },
    { "http://example.com/", "http://example.com/" },
    { "http://example.com:/", "http://example.com/" },
    { "http://example.com:80/", "http://example.com/" },
    /* 6.2.3 for https; another port stays; a userinfo keeps its case */
    { "HTTPS://User@Example.COM:443", "https://User@example.com/" },
    { "http://example.com:8080", "http://example.com:8080/" },
    /* the example */
    { "HTTP://Example.COM:80/a/./b", "http://example.com/a/b" },
    /* what is not touched: a lone '%', non-ASCII bytes, a relative
     * reference's dots, a registry-based authority's case */
    { "http://example.com/100%/%zz", "http://example.com/100%/%zz" },
    { "http://b\xc3\xbc" "cher.de/\xc3\xa9",
      "http://b\xc3\xbc" "cher.de/\xc3\xa9" },
    { "../a/./b", "../a/./b" },
    { "mailto:Joe@Example.COM", "mailto:Joe@Example.COM" },
    /* a path that would read as an authority keeps "/." */
    { "s:/.//x", "s:/.//x" },
};

/* RFC 2396 Appendix C (base http://a/b/c/d;p?q): the result of every
 * example, C.1 then C.2, and its normal form: itself, but for
 * "http://a/./g", whose "." segment goes (6.2.2.3); ".." above the root
 * stays, as RFC 2396 gives it. */
static const struct example c_results[] = {
    { "g:h", "g:h" },
    { "http://a/b/c/g", "http://a/b/c/g" },
    { "http://a/b/c/g/", "http://a/b/c/g/" },
    { "http://a/g", "http://a/g" },
    { "http://g", "http://g/" },            /* 6.2.3: empty path */
    { "http://a/b/c/?y", "http://a/b/c/?y" },
    { "http://a/b/c/g?y", "http://a/b/c/g?y" },
    { "http://a/b/c/d;p?q#s", "http://a/b/c/d;p?q#s" },
    { "http://a/b/c/g#s", "http://a/b/c/g#s" },
    { "http://a/b/c/g?y#s", "http://a/b/c/g?y#s" },
    { "http://a/b/c/;x", "http://a/b/c/;x" },
    { "http://a/b/c/g;x", "http://a/b/c/g;x" },
    { "http://a/b/c/g;x?y#s", "http://a/b/c/g;x?y#s" },
    { "http://a/b/c/", "http://a/b/c/" },
    { "http://a/b/", "http://a/b/" },
    { "http://a/b/g", "http://a/b/g" },
    { "http://a/", "http://a/" },
    { "http://a/b/c/d;p?q", "http://a/b/c/d;p?q" },
    { "http://a/../g", "http://a/../g" },
    { "http://a/../../g", "http://a/../../g" },
    { "http://a/./g", "http://a/g" },
    { "http://a/b/c/g.", "http://a/b/c/g." },
    { "http://a/b/c/.g", "http://a/b/c/.g" },
    { "http://a/b/c/g..", "http://a/b/c/g.." },
    { "http://a/b/c/..g", "http://a/b/c/..g" },
    { "http://a/b/c/g/h", "http://a/b/c/g/h" },
    { "http://a/b/c/h", "http://a/b/c/h" },
    { "http:g", "http:g" },
    { "http:", "http:" },
};

static void
check_one(const struct example *e)
{
    char *out = NULL, *again = NULL;
    size_t n = 0, m = 0;

    ck_assert_int_eq(urigrep_uri_normalize(e->uri, strlen(e->uri), &out,
                                           &n), URIGREP_OK);
    ck_assert_str_eq(out, e->want);
    ck_assert_uint_eq(n, strlen(e->want));
    /* a normal form is its own */
    ck_assert_int_eq(urigrep_uri_normalize(out, n, &again, &m), URIGREP_OK);
    ck_assert_str_eq(again, out);
    urigrep_free(out);
    urigrep_free(again);
}

START_TEST(test_normalize_3986)
{
    check_one(&rfc3986[_i]);
}
END_TEST

START_TEST(test_normalize_2396_c)
{
    check_one(&c_results[_i]);
}
END_TEST

/* each Appendix C result, resolved by the library, normalizes as above */
START_TEST(test_normalize_2396_c_resolved)
{
    static const char *refs[] = {
        "g:h", "g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s",
        ";x", "g;x", "g;x?y#s", ".", "..", "../g", "../..", "",
        "../../../g", "../../../../g", "/./g", "g.", ".g", "g..", "..g",
        "g/./h", "g/../h", "http:g", "http:"
    };
    static const char *want[] = {
        "g:h", "http://a/b/c/g", "http://a/b/c/g/", "http://a/g", "http://g/",
        "http://a/b/c/?y", "http://a/b/c/g?y", "http://a/b/c/d;p?q#s",
        "http://a/b/c/g#s", "http://a/b/c/g?y#s", "http://a/b/c/;x",
        "http://a/b/c/g;x", "http://a/b/c/g;x?y#s", "http://a/b/c/",
        "http://a/b/", "http://a/b/g", "http://a/", "http://a/b/c/d;p?q",
        "http://a/../g", "http://a/../../g", "http://a/g", "http://a/b/c/g.",
        "http://a/b/c/.g", "http://a/b/c/g..", "http://a/b/c/..g",
        "http://a/b/c/g/h", "http://a/b/c/h", "http:g", "http:"
    };
    char *res = NULL, *out = NULL;
    size_t n;

    ck_assert_int_eq(N(refs), N(want));
    ck_assert_int_eq(urigrep_resolve("http://a/b/c/d;p?q", 18, refs[_i],
                                     strlen(refs[_i]), URIGREP_RFC2396, &res,
                                     &n), URIGREP_OK);
    ck_assert_int_eq(urigrep_uri_normalize(res, n, &out, NULL), URIGREP_OK);
    ck_assert_str_eq(out, want[_i]);
    urigrep_free(res);
    urigrep_free(out);
}
END_TEST

START_TEST(test_normalize_args)
{
    char *out = (char *)"x";
    size_t n = 9;

    ck_assert_int_eq(urigrep_uri_normalize("a", 1, NULL, NULL),
                     URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_uri_normalize(NULL, 1, &out, &n),
                     URIGREP_ERR_ARG);
    ck_assert_ptr_null(out);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(urigrep_uri_normalize(NULL, 0, &out, &n), URIGREP_OK);
    ck_assert_str_eq(out, "");
    urigrep_free(out);
}
END_TEST

/* the defanged forms iocextract's defang() and the defang and ioc-fang
 * packages document: hxxp, hxxps, fxp, the host's dots as [.] */
static const struct example defanged[] = {
    { "http://example.com/path.html", "hxxp://example[.]com/path.html" },
    { "https://evil.example.com/login?a=b.c",
      "hxxps://evil[.]example[.]com/login?a=b.c" },
    { "ftp://1.2.3.4/a.txt", "fxp://1[.]2[.]3[.]4/a.txt" },
    { "HTTP://Example.COM/", "HXXP://Example[.]COM/" },
    { "http://u.ser@www.example.org:8080/",
      "hxxp://u.ser@www[.]example[.]org:8080/" },
    { "mailto:a.b@example.com", "mailto:a.b@example.com" },
    { "news:comp.lang.c", "news:comp.lang.c" },
    { "ssh://host.example/x", "ssh://host[.]example/x" },
    { "", "" },
};

START_TEST(test_defang)
{
    const char *in = defanged[_i].uri;
    char *out = NULL;
    size_t n = 99;

    ck_assert_int_eq(urigrep_uri_defang(in, strlen(in), &out, &n),
                     URIGREP_OK);
    ck_assert_str_eq(out, defanged[_i].want);
    ck_assert_uint_eq(n, strlen(defanged[_i].want));
    urigrep_free(out);
    ck_assert_int_eq(urigrep_uri_defang(NULL, 1, &out, &n),
                     URIGREP_ERR_ARG);
    ck_assert_ptr_null(out);
}
END_TEST

Suite *normalize_suite(void);

Suite *
normalize_suite(void)
{
    Suite *s = suite_create("normalize");
    TCase *tc = tcase_create("rfc3986");

    tcase_add_loop_test(tc, test_normalize_3986, 0, N(rfc3986));
    suite_add_tcase(s, tc);
    tc = tcase_create("rfc2396");
    tcase_add_loop_test(tc, test_normalize_2396_c, 0, N(c_results));
    tcase_add_loop_test(tc, test_normalize_2396_c_resolved, 0, 29);
    suite_add_tcase(s, tc);
    tc = tcase_create("defang");
    tcase_add_loop_test(tc, test_defang, 0, N(defanged));
    suite_add_tcase(s, tc);
    tc = tcase_create("args");
    tcase_add_test(tc, test_normalize_args);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(normalize_suite)
