/* check_grammar.c: Appendix B splitting and Appendix A validation. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "uri/grammar.h"
#include "urigrep.h"
#include "check_main.h"

/* Appendix B: the example, with $7 undefined. */
START_TEST(test_grammar_appendix_b)
{
    const char *u = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
    struct urigrep_parts p;

    grammar_split(u, strlen(u), &p);
    ck_assert(p.scheme.defined);
    ck_assert_int_eq((int)p.scheme.len, 4);
    ck_assert(strncmp(p.scheme.ptr, "http", 4) == 0);
    ck_assert(p.authority.defined);
    ck_assert(strncmp(p.authority.ptr, "www.ics.uci.edu", p.authority.len) == 0);
    ck_assert_int_eq((int)p.authority.len, 15);
    ck_assert(strncmp(p.path.ptr, "/pub/ietf/uri/", p.path.len) == 0);
    ck_assert_int_eq((int)p.path.len, 14);
    ck_assert(!p.query.defined);
    ck_assert(p.fragment.defined);
    ck_assert(strncmp(p.fragment.ptr, "Related", p.fragment.len) == 0);
}
END_TEST

/* Undefined and empty components stay apart (section 5.2 step 7). */
START_TEST(test_grammar_empty_vs_undefined)
{
    struct urigrep_parts p;
    urigrep_uri *u = NULL;
    struct urigrep_span sp;

    grammar_split("http://h/p?#", 12, &p);
    ck_assert(p.query.defined && p.query.len == 0);
    ck_assert(p.fragment.defined && p.fragment.len == 0);
    grammar_split("http://h/p", 10, &p);
    ck_assert(!p.query.defined && !p.fragment.defined);
    grammar_split("file:///etc", 11, &p);
    ck_assert(p.authority.defined && p.authority.len == 0);
    grammar_split("//u@[::1]:80/x", 14, &p);
    ck_assert(!p.scheme.defined);
    ck_assert(p.userinfo.defined && p.userinfo.len == 1);
    ck_assert(p.host.len == 5 && strncmp(p.host.ptr, "[::1]", 5) == 0);
    ck_assert(p.port.defined && p.port.len == 2);

    ck_assert_int_eq(urigrep_uri_parse("a:b?", 4, URIGREP_RFC2396, &u),
                     URIGREP_OK);
    ck_assert(urigrep_uri_part(u, URIGREP_PART_QUERY, &sp) && sp.len == 0);
    ck_assert(!urigrep_uri_part(u, URIGREP_PART_FRAGMENT, &sp));
    ck_assert(!urigrep_uri_part(u, URIGREP_PART_AUTHORITY, NULL));
    ck_assert(urigrep_uri_part(u, URIGREP_PART_PATH, &sp) && sp.len == 1);
    ck_assert(urigrep_uri_is_absolute(u));
    urigrep_uri_free(u);
}
END_TEST

struct verdict {
    const char *ref;
    enum urigrep_status want;
    size_t off;
};

/* RFC 2396 Appendix A (with RFC 2732): references that are valid. */
static const char *const valid_2396[] = {
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
    "http://www.math.uio.no/faq/compression-faq/part1.html",
    "mailto:mduerst@ifi.unizh.ch",
    "news:comp.infosystems.www.servers.unix",
    "telnet://melvyl.ucop.edu/",
    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    "http://a/b/c/d;p?q", "g:h", "g", "./g", "g/", "/g", "//g",
    "?y",                     /* accepted: Appendix C uses it */
    "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", ".", "..", "../g",
    "",                       /* the current document */
    "http:g", "g;x=1/../y",
    "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
    "http://[1080:0:0:0:8:800:200C:417A]/index.html",
    "http://[3ffe:2a00:100:7031::1]", "http://[1080::8:800:200C:417A]/foo",
    "http://[::192.9.5.5]/ipng", "http://[::FFFF:129.144.52.38]:80/index.html",
    "http://[2010:836B:4179::836B:4179]",
    "http://user:pw@host.example.com:8080/p?q#f",
    "http://host_name/", /* not a hostname, but a reg_name */
    "http://1.2.3.4/", "http://999.1.1.1/", "http://a.b.c./",
    "file:///etc/passwd", "http://h/p?q=[x]", "urn:isbn:0-395-36341-1",
    "http://example.com:/", "http://h/%7Euser",
};

static const struct verdict invalid_2396[] = {
    { "http://a b/", URIGREP_E_SPACE, 8 },
    { "http://h/a b", URIGREP_E_SPACE, 10 },
    { "http://h/%zz", URIGREP_E_ESCAPE, 9 },
    { "http://h/%4", URIGREP_E_ESCAPE, 9 },
    { "http://h/{x}", URIGREP_E_PATH, 9 },
    { "http://h/p?a|b", URIGREP_E_QUERY, 12 },
    { "http://h/p#a#b", URIGREP_E_FRAGMENT, 12 },
    { "http://h/p#a^", URIGREP_E_FRAGMENT, 12 },
    { "http:", URIGREP_E_OPAQUE_EMPTY, 5 },
    { "1http://h/", URIGREP_E_SCHEME_START, 0 },
    { "ht~tp://h/", URIGREP_E_SCHEME, 2 },
    { "a:b:c/d:e", URIGREP_OK, 0 },
    { "g:h/[x]", URIGREP_OK, 0 },     /* RFC 2732 made [ ] reserved */
    { "http://[::1/", URIGREP_E_IPV6, 7 },
    { "http://[12345::1]/", URIGREP_E_IPV6, 7 },
    { "http://[1:2:3:4:5:6:7:8:9]/", URIGREP_E_IPV6, 7 },
    { "http://[1::2::3]/", URIGREP_E_IPV6, 7 },
    { "http://[::1]x/", URIGREP_E_IPV6, 7 },
    { "http://[::1]:8x/", URIGREP_E_PORT, 14 },
    { "http://h/\xc3\xa9", URIGREP_E_NON_ASCII, 9 },
    { "a:b/c", URIGREP_OK, 0 },
    { "b:c/d", URIGREP_OK, 0 },
    { "./a:b", URIGREP_OK, 0 },
    { "%41:b", URIGREP_E_SCHEME_START, 0 },
    { "http://h/\"q\"", URIGREP_E_PATH, 9 },
    { "mailto:/x", URIGREP_OK, 0 },
    { "x:%zz", URIGREP_E_ESCAPE, 2 },
    { "x:<y>", URIGREP_E_PATH, 2 },
    { "http://h/p#[ok]", URIGREP_OK, 0 },
};

/* RFC 3986 differs: "http:" is valid, '[' is gen-delim only in hosts,
 * '~' is unreserved, IPvFuture exists, reg-name has no ':' or '@'. */
static const struct verdict rfc3986[] = {
    { "http:", URIGREP_OK, 0 },
    { "http://h/p?q=[x]", URIGREP_E_QUERY, 13 },
    { "http://[v7.abc:def]/", URIGREP_OK, 0 },
    { "http://[v7]/", URIGREP_E_IPV6, 7 },
    { "http://h:80:90/", URIGREP_E_PORT, 11 },
    { "http://a@b@c/", URIGREP_E_AUTHORITY, 10 },
    { "a:b/c", URIGREP_OK, 0 },
    { "?y", URIGREP_OK, 0 },
    { "http://[::1]:8080/", URIGREP_OK, 0 },
    { "http://h/a b", URIGREP_E_SPACE, 10 },
    { "//h/p", URIGREP_OK, 0 },
    { "http://h/%7e", URIGREP_OK, 0 },
    { "http://h/p#a#b", URIGREP_E_FRAGMENT, 12 },
    { "http://h/{x}", URIGREP_E_PATH, 9 },
    { "ftp://ftp.is.co.za/rfc/rfc1808.txt", URIGREP_OK, 0 },
    { "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", URIGREP_OK, 0 },
    { "ldap://[2001:db8::7]/c=GB?objectClass?one", URIGREP_OK, 0 },
    { "tel:+1-816-555-1212", URIGREP_OK, 0 },
};

START_TEST(test_grammar_valid_2396)
{
    size_t off = 99;
    const char *r = valid_2396[_i];
    enum urigrep_status st = urigrep_validate(r, strlen(r), URIGREP_RFC2396,
                                              &off);

    ck_assert_msg(st == URIGREP_OK, "<%s>: %s at %zu", r, urigrep_strerror(st),
                  off);
}
END_TEST

static void
check_verdict(const struct verdict *v, enum urigrep_rfc rfc)
{
    size_t off = 99;
    enum urigrep_status st = urigrep_validate(v->ref, strlen(v->ref), rfc,
                                              &off);

    ck_assert_msg(st == v->want, "RFC %d <%s>: got '%s', want '%s'", rfc,
                  v->ref, urigrep_strerror(st), urigrep_strerror(v->want));
    if (st != URIGREP_OK)
        ck_assert_msg(off == v->off, "<%s>: offset %zu, want %zu", v->ref, off,
                      v->off);
}

START_TEST(test_grammar_invalid_2396)
{
    check_verdict(&invalid_2396[_i], URIGREP_RFC2396);
}
END_TEST

START_TEST(test_grammar_3986)
{
    check_verdict(&rfc3986[_i], URIGREP_RFC3986);
}
END_TEST

START_TEST(test_grammar_ipv6)
{
    static const char *const good[] = {
        "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "::1.2.3.4", "fe80::1",
    };
    static const char *const bad[] = {
        "", ":", ":1", "1:", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1::2::3",
        "12345::", "g::", "::1.2.3", "::1.2.3.256", "1:2:3:4:5:6:7:1.2.3.4",
        "1.2.3.4::", ":::",
    };
    size_t i;

    for (i = 0; i < sizeof good / sizeof *good; i++)
        ck_assert_msg(grammar_is_ipv6(good[i], strlen(good[i])), "%s", good[i]);
    for (i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(!grammar_is_ipv6(bad[i], strlen(bad[i])), "%s", bad[i]);
}
END_TEST

START_TEST(test_grammar_parse_api)
{
    urigrep_uri *u = (urigrep_uri *)1;
    size_t off = 0;

    ck_assert_int_eq(urigrep_uri_parse("x", 1, (enum urigrep_rfc)7, &u),
                     URIGREP_ERR_ARG);
    ck_assert_ptr_null(u);
    ck_assert_int_eq(urigrep_uri_parse("http://h/a b", 12, URIGREP_RFC2396, &u),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_uri_error(u, &off), URIGREP_E_SPACE);
    ck_assert_uint_eq(off, 10);
    urigrep_uri_free(u);
    urigrep_uri_free(NULL);
    ck_assert_str_eq(urigrep_strerror(URIGREP_OK), "no error");
    ck_assert_str_eq(urigrep_strerror((enum urigrep_status)999),
                     "unknown status");
    for (int s = 0; s < URIGREP_STATUS_MAX; s++)
        ck_assert_str_ne(urigrep_strerror((enum urigrep_status)s),
                         "unknown status");
}
END_TEST

#define N(a) ((int)(sizeof(a) / sizeof *(a)))

Suite *grammar_suite(void);

Suite *
grammar_suite(void)
{
    Suite *s = suite_create("grammar");
    TCase *tc;

    tc = tcase_create("split");
    tcase_add_test(tc, test_grammar_appendix_b);
    tcase_add_test(tc, test_grammar_empty_vs_undefined);
    suite_add_tcase(s, tc);
    tc = tcase_create("rfc2396");
    tcase_add_loop_test(tc, test_grammar_valid_2396, 0, N(valid_2396));
    tcase_add_loop_test(tc, test_grammar_invalid_2396, 0, N(invalid_2396));
    tcase_add_test(tc, test_grammar_ipv6);
    suite_add_tcase(s, tc);
    tc = tcase_create("rfc3986");
    tcase_add_loop_test(tc, test_grammar_3986, 0, N(rfc3986));
    suite_add_tcase(s, tc);
    tc = tcase_create("api");
    tcase_add_test(tc, test_grammar_parse_api);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(grammar_suite)
