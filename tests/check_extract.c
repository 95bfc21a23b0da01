/* check_extract.c: the document extractor's context of a reference
 * (URIGREP_EXTRACT_CONTEXT), which a link picker shows beside it. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"
#include "check_main.h"

/* What the callback saw: the contexts and URIs of up to 8 references. */
struct seen {
    int n;
    char uri[8][256];
    char context[8][512];
    size_t context_len[8], before[8], after[8];
    int context_null[8];
};

static int
on_ref(void *arg, const struct urigrep_ref *ref)
{
    struct seen *s = arg;

    if (s->n == 8)
        return 0;
    ck_assert_uint_lt(ref->uri.len, sizeof s->uri[0]);
    memcpy(s->uri[s->n], ref->uri.ptr, ref->uri.len);
    ck_assert_uint_lt(ref->context.len, sizeof s->context[0]);
    s->context_null[s->n] = ref->context.ptr == NULL;
    if (ref->context.len)
        memcpy(s->context[s->n], ref->context.ptr, ref->context.len);
    s->context_len[s->n] = ref->context.len;
    s->before[s->n] = ref->context_before;
    s->after[s->n] = ref->context_after;
    s->n++;
    return 0;
}

/* Run DOC through an extractor with FLAGS, fed STEP bytes at a time. */
static void
extract(const char *doc, unsigned flags, size_t step, struct seen *s)
{
    struct urigrep_extract_options o;
    urigrep_extractor *x;
    size_t len = strlen(doc), k;

    memset(s, 0, sizeof *s);
    memset(&o, 0, sizeof o);
    o.size = sizeof o;
    o.flags = flags;
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, NULL, s, &x),
                     URIGREP_OK);
    for (k = 0; k < len; k += step)
        ck_assert_int_eq(urigrep_extractor_feed(x, doc + k,
                                                len - k < step ? len - k
                                                               : step),
                         URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    urigrep_extractor_free(x);
}

START_TEST(test_extract_context_text)
{
    struct seen s;
    size_t step = (size_t)_i ? (size_t)_i : 4096;

    /* fed whole, and a byte at a time: the same context */
    extract("Read the RFC at <http://a/rfc2396> before lunch.\n",
            URIGREP_EXTRACT_CONTEXT, step, &s);
    ck_assert_int_eq(s.n, 1);
    ck_assert_str_eq(s.uri[0], "http://a/rfc2396");
    ck_assert_str_eq(s.context[0],
                     "Read the RFC at <http://a/rfc2396> before lunch.\n");
    /* the reference as written: without the '<' and '>' */
    ck_assert_uint_eq(s.before[0], 17);
    ck_assert_uint_eq(s.after[0], 15);
}
END_TEST

START_TEST(test_extract_context_bounded)
{
    struct seen s;
    char doc[1024];

    /* 300 bytes each side: URIGREP_CONTEXT_BYTES of them are kept */
    memset(doc, 'a', 300);
    strcpy(doc + 300, " http://b/x ");
    memset(doc + 312, 'z', 300);
    strcpy(doc + 612, "\n");
    extract(doc, URIGREP_EXTRACT_CONTEXT, 7, &s);
    ck_assert_int_eq(s.n, 1);
    ck_assert_uint_eq(s.context_len[0], 2 * URIGREP_CONTEXT_BYTES + 10);
    ck_assert(strstr(s.context[0], " http://b/x ") != NULL);
    ck_assert_int_eq(s.context[0][0], 'a');
    ck_assert_uint_eq(s.before[0], URIGREP_CONTEXT_BYTES);
    ck_assert_uint_eq(s.after[0], URIGREP_CONTEXT_BYTES);
}
END_TEST

START_TEST(test_extract_context_off)
{
    struct seen s;

    extract("see http://a/b now\n", 0, 4096, &s);
    ck_assert_int_eq(s.n, 1);
    ck_assert(s.context_null[0]);
    ck_assert_uint_eq(s.context_len[0], 0);
}
END_TEST

START_TEST(test_extract_context_mail)
{
    struct seen s;

    /* quoted-printable decoded; the header URI has none */
    extract("From: a@example.org\n"
            "Subject: hi\n"
            "Message-ID: <1@example.org>\n"
            "List-Archive: <http://list/archive>\n"
            "Content-Transfer-Encoding: quoted-printable\n"
            "\n"
            "The minutes are at http://a/min=\n"
            "utes for all.\n",
            URIGREP_EXTRACT_CONTEXT | URIGREP_EXTRACT_HEADERS, 5, &s);
    ck_assert_int_eq(s.n, 2);
    ck_assert_str_eq(s.uri[0], "http://list/archive");
    ck_assert(s.context_null[0]);
    ck_assert_str_eq(s.uri[1], "http://a/minutes");
    ck_assert_str_eq(s.context[1],
                     "The minutes are at http://a/minutes for all.\n");
    ck_assert_uint_eq(s.before[1], 19);
    ck_assert_uint_eq(s.after[1], 10);
}
END_TEST

START_TEST(test_extract_context_html)
{
    struct seen s;

    /* an attribute: the words of the link follow its tag */
    extract("<html><body><p>Our <a href=\"http://a/faq\">questions "
            "page</a>.</p></body></html>\n",
            URIGREP_EXTRACT_CONTEXT, 3, &s);
    ck_assert_int_eq(s.n, 1);
    ck_assert_str_eq(s.uri[0], "http://a/faq");
    /* the HTML reader ends lines at tags: "Our \nquestions page\n." */
    ck_assert(strstr(s.context[0], "Our ") != NULL);
    ck_assert(strstr(s.context[0], "questions page") != NULL);
}
END_TEST

static Suite *
extract_suite(void)
{
    Suite *s = suite_create("extract");
    TCase *tc = tcase_create("context");

    tcase_add_loop_test(tc, test_extract_context_text, 0, 2);
    tcase_add_test(tc, test_extract_context_bounded);
    tcase_add_test(tc, test_extract_context_off);
    tcase_add_test(tc, test_extract_context_mail);
    tcase_add_test(tc, test_extract_context_html);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(extract_suite)
