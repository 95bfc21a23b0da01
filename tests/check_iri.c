/* check_iri.c: RFC 3987 3.1 mapping of IRIs to URIs, with IDNA hosts. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"
#include "check_main.h"

/* RFC 3987 3.1: every non-ASCII byte of the UTF-8 is percent-encoded. */
START_TEST(test_iri_percent)
{
    char out[64];
    size_t n = urigrep_iri_to_uri("http://e.fr/caf\xc3\xa9?\xe6\x97\xa5", 21,
                                  out);

    out[n] = '\0';
    ck_assert_str_eq(out, "http://e.fr/caf%C3%A9?%E6%97%A5");
}
END_TEST

/* Where IDNA does not apply: ASCII hosts, IP literals, no authority;
 * the rest is mapped as above whether or not IDNA was built. */
static const struct {
    const char *in, *out;
} plain_cases[] = {
    { "http://Example.COM/caf\xc3\xa9", "http://Example.COM/caf%C3%A9" },
    { "http://[::1]:80/\xc3\xbc", "http://[::1]:80/%C3%BC" },
    { "http://[2001:db8::1]/x", "http://[2001:db8::1]/x" },
    { "mailto:\xc3\xbc@b\xc3\xbc" "cher.de", "mailto:%C3%BC@b%C3%BC" "cher.de" },
    { "urn:x:\xc3\xa9", "urn:x:%C3%A9" },
    { "/p\xc3\xa4th?q=\xc3\xbc", "/p%C3%A4th?q=%C3%BC" },
    { "http://u:p\xc3\xa4@host.example:8080/", "http://u:p%C3%A4@host.example:8080/" },
    { "", "" },
};

START_TEST(test_iri_plain)
{
    char *out = NULL;
    size_t n = 99;
    const char *why = "x";
    enum urigrep_status rc;

    rc = urigrep_iri_to_uri_idna(plain_cases[_i].in,
                                 strlen(plain_cases[_i].in), &out, &n, &why);
    ck_assert_int_eq(rc, URIGREP_OK);
    ck_assert_ptr_null(why);
    ck_assert_str_eq(out, plain_cases[_i].out);
    ck_assert_uint_eq(n, strlen(out));
    free(out);
}
END_TEST

#ifdef HAVE_LIBIDN2
/* Non-ASCII host names by UTS #46 non-transitional processing. */
static const struct {
    const char *in, *out;
} idna_cases[] = {
    { "http://b\xc3\xbc" "cher.de", "http://xn--bcher-kva.de" },
    { "http://b\xc3\xbc" "cher.de/stra\xc3\x9f" "e?q=\xc3\xbc#f",
      "http://xn--bcher-kva.de/stra%C3%9Fe?q=%C3%BC#f" },
    /* case is folded; ß stays ß (non-transitional), not "ss" */
    { "http://B\xc3\x9c" "CHER.DE/", "http://xn--bcher-kva.de/" },
    { "https://stra\xc3\x9f" "e.de/", "https://xn--strae-oqa.de/" },
    /* userinfo and port around the host */
    { "http://user:p\xc3\xa4ss@b\xc3\xbc" "cher.de:8080/p",
      "http://user:p%C3%A4ss@xn--bcher-kva.de:8080/p" },
    { "ftp://@b\xc3\xbc" "cher.de:/", "ftp://@xn--bcher-kva.de:/" },
    /* a network-path reference */
    { "//b\xc3\xbc" "cher.de/x", "//xn--bcher-kva.de/x" },
    /* NFC first: u + combining diaeresis is ü */
    { "http://bu\xcc\x88" "cher.de", "http://xn--bcher-kva.de" },
    { "https://\xe4\xbe\x8b\xe3\x81\x88.\xe3\x83\x86\xe3\x82\xb9\xe3\x83\x88/",
      "https://xn--r8jz45g.xn--zckzah/" },
};

START_TEST(test_iri_idna)
{
    char *out = NULL;
    const char *why = NULL;
    enum urigrep_status rc;

    rc = urigrep_iri_to_uri_idna(idna_cases[_i].in, strlen(idna_cases[_i].in),
                                 &out, NULL, &why);
    ck_assert_msg(rc == URIGREP_OK, "%s: %s", idna_cases[_i].in, why);
    ck_assert_str_eq(out, idna_cases[_i].out);
    free(out);
}
END_TEST

/* Hosts IDNA rejects: the plain mapping, and the reason. */
static const struct {
    const char *in, *out;
} rejected_cases[] = {
    /* an emoji is disallowed by IDNA2008 */
    { "http://\xe2\x98\x95.example/", "http://%E2%98%95.example/" },
    /* a label may not start or end with '-' */
    { "http://\xc3\xbc-.de/", "http://%C3%BC-.de/" },
};

START_TEST(test_iri_idna_rejected)
{
    char *out = NULL;
    const char *why = NULL;
    enum urigrep_status rc;

    rc = urigrep_iri_to_uri_idna(rejected_cases[_i].in,
                                 strlen(rejected_cases[_i].in), &out, NULL,
                                 &why);
    ck_assert_int_eq(rc, URIGREP_ERR_IDNA);
    ck_assert_ptr_nonnull(why);
    ck_assert_str_eq(out, rejected_cases[_i].out);
    free(out);
}
END_TEST
#else
/* Without libidn2 the host is percent-encoded, and the status says so. */
START_TEST(test_iri_no_idna)
{
    char *out = NULL;
    const char *why = NULL;

    ck_assert_int_eq(urigrep_iri_to_uri_idna("http://\xc3\xbc.de/", 13, &out,
                                             NULL, &why),
                     URIGREP_ERR_NO_IDNA);
    ck_assert_ptr_nonnull(why);
    ck_assert_str_eq(out, "http://%C3%BC.de/");
    free(out);
}
END_TEST
#endif

START_TEST(test_iri_args)
{
    char *out = (char *)"x";

    ck_assert_int_eq(urigrep_iri_to_uri_idna(NULL, 1, &out, NULL, NULL),
                     URIGREP_ERR_ARG);
    ck_assert_ptr_null(out);
    ck_assert_int_eq(urigrep_iri_to_uri_idna("a", 1, NULL, NULL, NULL),
                     URIGREP_ERR_ARG);
    ck_assert_str_ne(urigrep_strerror(URIGREP_ERR_IDNA), "unknown status");
    ck_assert_str_ne(urigrep_strerror(URIGREP_ERR_NO_IDNA), "unknown status");
}
END_TEST

Suite *iri_suite(void);

Suite *
iri_suite(void)
{
    Suite *s = suite_create("iri");
    TCase *tc = tcase_create("mapping");

    tcase_add_test(tc, test_iri_percent);
    tcase_add_loop_test(tc, test_iri_plain, 0,
                        sizeof plain_cases / sizeof *plain_cases);
    tcase_add_test(tc, test_iri_args);
    suite_add_tcase(s, tc);
    tc = tcase_create("idna");
#ifdef HAVE_LIBIDN2
    tcase_add_loop_test(tc, test_iri_idna, 0,
                        sizeof idna_cases / sizeof *idna_cases);
    tcase_add_loop_test(tc, test_iri_idna_rejected, 0,
                        sizeof rejected_cases / sizeof *rejected_cases);
#else
    tcase_add_test(tc, test_iri_no_idna);
#endif
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(iri_suite)
