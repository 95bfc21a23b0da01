/* check_html.c: the HTML tag scanner: attributes, references, skipping. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "check_main.h"

/* What the scanner reported: "T:text" runs joined, "U:attr=value" and
 * "B:value" lines. */
struct log {
    char text[4096];
    char events[4096];
};

static void
cat(char *dst, const char *p, size_t n)
{
    size_t l = strlen(dst);
    ck_assert(l + n < 4096);
    memcpy(dst + l, p, n);
    dst[l + n] = '\0';
}

static void
on_text(void *arg, const char *p, size_t n)
{
    cat(((struct log *)arg)->text, p, n);
}

static void
on_uri(void *arg, const char *p, size_t n, const char *tag, const char *attr)
{
    struct log *l = arg;
    (void)tag;
    cat(l->events, "U:", 2);
    cat(l->events, attr, strlen(attr));
    cat(l->events, "=", 1);
    cat(l->events, p, n);
    cat(l->events, "\n", 1);
}

static void
on_base(void *arg, const char *p, size_t n)
{
    struct log *l = arg;
    cat(l->events, "B:", 2);
    cat(l->events, p, n);
    cat(l->events, "\n", 1);
}

static void
run(const char *html, size_t chunk, struct log *l)
{
    struct html_scanner *h = html_new(256);
    struct html_sink sink = { on_text, on_uri, on_base, l };
    size_t i, len = strlen(html);

    memset(l, 0, sizeof *l);
    ck_assert_ptr_nonnull(h);
    for (i = 0; i < len; i += chunk)
        html_feed(h, html + i, len - i < chunk ? len - i : chunk, &sink);
    html_finish(h, &sink);
    html_free(h);
}

static const char doc[] =
    "<!DOCTYPE html><HTML><head><BASE HREF=\"http://b.example/d/\">"
    "<style>p{background:url(http://style.example/)}</style>"
    "<script type=\"text/javascript\">if (a<b) x=\"http://js.example/\"</SCRIPT>"
    "</head><body><!-- <a href=\"http://comment.example/\"> -->"
    "<a\nhref = 'x.html?a=1&amp;b=2' title=\"http://title.example/\">T&eacute;l"
    "&#233;&#xE9;</a><img src=img.png alt=x srcset=\"a.png 1x, b,c.png 2x\">"
    "<form action=/post><button formaction=\"/alt\">"
    "<blockquote cite=\"&#104;ttp://cite.example/\">"
    "<p>Text &lt;http://t.example/&gt; &amp &unknown; 5 &lt 6</p>"
    "<a href=\"  spaced.html \n\">s</a><a href>empty</a>"
    "<a href=\"http://wrapped.example/long/\n   path\tx.html\">w</a>"
    "</body></html>";

START_TEST(test_html_document)
{
    struct log l;

    run(doc, strlen(doc), &l);
    ck_assert_str_eq(l.events,
        "B:http://b.example/d/\n"
        "U:href=x.html?a=1&b=2\n"
        "U:src=img.png\n"
        "U:srcset=a.png\n"
        "U:srcset=b,c.png\n"
        "U:action=/post\n"
        "U:formaction=/alt\n"
        "U:cite=http://cite.example/\n"
        "U:href=spaced.html\n"
        "U:href=http://wrapped.example/long/   pathx.html\n");
    /* text: references decoded, tags are line breaks, no script/style */
    ck_assert_ptr_nonnull(strstr(l.text, "T\xc3\xa9l\xc3\xa9\xc3\xa9"));
    ck_assert_ptr_nonnull(strstr(l.text, "Text <http://t.example/> & &unknown; 5 < 6"));
    ck_assert_ptr_null(strstr(l.text, "js.example"));
    ck_assert_ptr_null(strstr(l.text, "style.example"));
    ck_assert_ptr_null(strstr(l.text, "comment.example"));
    ck_assert_ptr_null(strstr(l.text, "title.example"));
    /* <wbr> does not cut a URL; other tags do */
    run("<p>http://w.example/long<wbr>er/path<br>next</p>", 7, &l);
    ck_assert_str_eq(l.text, "\nhttp://w.example/longer/path\nnext\n");
}
END_TEST

/* Any split of the document gives the same events and text. */
START_TEST(test_html_chunking)
{
    struct log whole, part;
    size_t k;

    run(doc, strlen(doc), &whole);
    for (k = 1; k < 40; k++) {
        run(doc, k, &part);
        ck_assert_msg(strcmp(whole.events, part.events) == 0, "chunk %zu", k);
        ck_assert_msg(strcmp(whole.text, part.text) == 0, "text chunk %zu", k);
    }
}
END_TEST

START_TEST(test_html_refs)
{
    char out[64];
    size_t n;

    n = html_decode_refs("a&amp;b&#38;c&#x26;d&AMP;e&euro;&#0;&#x110000;", 46,
                         out);
    out[n] = '\0';
    /* &AMP; is not an HTML 4 name: kept; &#0; and out of range: U+FFFD */
    ck_assert_str_eq(out, "a&b&c&d&AMP;e\xe2\x82\xac\xef\xbf\xbd\xef\xbf\xbd");
    n = html_decode_refs("&", 1, out);
    ck_assert_uint_eq(n, 1);
    ck_assert(html_is_uri_attr("href"));
    ck_assert(html_is_uri_attr("longdesc"));
    ck_assert(!html_is_uri_attr("alt"));
}
END_TEST

START_TEST(test_html_long_value)
{
    /* a value over the limit is dropped, the next one still found */
    char big[2000];
    struct log l;

    strcpy(big, "<a href=\"");
    memset(big + 9, 'x', 1000);
    strcpy(big + 1009, "\"><a href=\"ok\">");
    run(big, strlen(big), &l);
    ck_assert_str_eq(l.events, "U:href=ok\n");
}
END_TEST

Suite *html_suite(void);

Suite *
html_suite(void)
{
    Suite *s = suite_create("html");
    TCase *tc = tcase_create("scan");

    tcase_add_test(tc, test_html_document);
    tcase_add_test(tc, test_html_chunking);
    tcase_add_test(tc, test_html_refs);
    tcase_add_test(tc, test_html_long_value);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(html_suite)
