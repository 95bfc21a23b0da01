/* check_html.c: the HTML tag scanner: attributes, references, skipping. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/html.h"
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
    struct html_sink sink = { on_text, on_uri, on_base, NULL, NULL, NULL, l,
                              NULL };
    size_t i, len = strlen(html);

    memset(l, 0, sizeof *l);
    ck_assert_ptr_nonnull(h);
    for (i = 0; i < len; i += chunk)
        html_feed(h, html + i, len - i < chunk ? len - i : chunk, &sink);
    html_finish(h, &sink);
    html_free(h);
}

/* Text alone, after a "<p>". */
static void
run_text(const char *text, size_t chunk, struct log *l)
{
    char buf[512];

    snprintf(buf, sizeof buf, "<p>%s", text);
    run(buf, chunk, l);
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

/* The vector paths (names 16 bytes a step with SSE2, text runs with
 * AVX2, where the CPU has them) and the portable ones (URIGREP_SIMD=
 * portable when the scanner is made) report the same: tag soup of names
 * of every length up to past the longest kept, upper case, controls,
 * NULs, '=' in a tag's name, blanks and '/' between attributes, fed
 * whole and in pieces. */
static void
on_uri_tag(void *arg, const char *p, size_t n, const char *tag,
           const char *attr)
{
    struct log *l = arg;

    cat(l->events, tag, strlen(tag));
    cat(l->events, " ", 1);
    on_uri(arg, p, n, tag, attr);
}

static void
on_cut(void *arg, const char *tag, const char *attr)
{
    struct log *l = arg;

    cat(l->events, "C:", 2);
    cat(l->events, tag, strlen(tag));
    cat(l->events, attr, strlen(attr));
    cat(l->events, "\n", 1);
}

static void
run_soup(const char *in, size_t len, size_t chunk, bool portable,
         struct log *l)
{
    struct html_scanner *h;
    struct html_sink sink = { on_text, on_uri_tag, on_base, on_cut, NULL,
                              NULL, l, NULL };
    size_t i;

    if (portable)
        setenv("URIGREP_SIMD", "portable", 1);
    else
        unsetenv("URIGREP_SIMD");
    h = html_new(64);
    ck_assert_ptr_nonnull(h);
    memset(l, 0, sizeof *l);
    for (i = 0; i < len; i += chunk)
        html_feed(h, in + i, len - i < chunk ? len - i : chunk, &sink);
    html_finish(h, &sink);
    html_free(h);
    unsetenv("URIGREP_SIMD");
}

START_TEST(test_html_vector_names)
{
    static const char *const piece[] = {
        "<a ", "<A HREF=", "\"http://x.example/\"", "<td", " Class='x'",
        ">", "</a>", "</TD >", "<wbr>", "<img src=y.png/>", " ", "\n",
        "\t", "/", "=", "<abcdefghijklmnop", "<abcdefghijklmnopq",
        "<ABCDEFGHIJKLMNO ", " srcSET=a.png,b.png", " BaCkGrOuNd=z ",
        "\x0b", "\x01", "<a\x0bhref=c>", "<p=x href=d>", "<base href=/e/>",
        "<SCRIPT>", "</script>", "<!--", "-->", "text", "\xc3\xa9", "&amp;",
        " hrefhrefhrefhrefhref=f", " data-x=1", "<x\\0y>", "<ZAP ZIP=@",
    };
    char in[1024];
    size_t len, n;
    uint32_t seed = 4242;
    int round;

    for (round = 0; round < 400; round++) {
        struct log vec, port;
        size_t chunk = round % 3 ? 1024 : 1 + (size_t)round % 23;

        for (len = 0; len < 300;) {
            const char *p;

            seed = seed * 1103515245 + 12345;
            p = piece[(seed >> 8) % (sizeof piece / sizeof *piece)];
            n = strlen(p);
            if (strcmp(p, "<x\\0y>") == 0) {
                memcpy(in + len, "<x\0y>", 5); /* a NUL in a name */
                n = 5;
            } else {
                memcpy(in + len, p, n);
            }
            len += n;
        }
        run_soup(in, len, chunk, false, &vec);
        run_soup(in, len, chunk, true, &port);
        ck_assert_str_eq(vec.events, port.events);
        ck_assert_str_eq(vec.text, port.text);
    }
}
END_TEST

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

/* Character references, from the HTML Standard's tokenizer rules
 * (13.2.5.72 "character reference state" onwards) and its examples. */
static const struct {
    const char *in;
    bool attr;
    const char *out;
} ref_cases[] = {
    /* named: HTML5 names, case matters, the longest one */
    { "a&amp;b", false, "a&b" },
    { "&AMP;&Amp;", false, "&&Amp;" },
    { "&CounterClockwiseContourIntegral;", false, "\xe2\x88\xb3" },
    { "&nGt;&nLt;", false,
      "\xe2\x89\xab\xe2\x83\x92\xe2\x89\xaa\xe2\x83\x92" },
    { "&unknown; &; & x", false, "&unknown; &; & x" },
    /* legacy names work without ';', as a prefix of a longer word too */
    { "&lt&gt&copy 2024", false, "<>\xc2\xa9 2024" },
    { "I'm &notit; I tell you", false, "I'm \xc2\xacit; I tell you" },
    { "I'm &notin; I tell you", false, "I'm \xe2\x88\x89 I tell you" },
    { "&ampx", false, "&x" },
    /* the names mail uses most, which the reader takes in one step: the
     * same longest match as the others */
    { "a&nbsp;b&nbsp&nbspx&NBSP;", false,
      "a\xc2\xa0" "b\xc2\xa0\xc2\xa0x&NBSP;" },
    { "&amp;amp; &ampamp; &lt;&gt;&quot;&quot", false, "&amp; &amp; <>\"\"" },
    /* names without ';' that are not legacy stay */
    { "&hellip &rarr", false, "&hellip &rarr" },
    /* in attribute values, "=" or an alphanumeric after a bare name */
    { "?a=1&lang=en&copy=2&amp=3", true, "?a=1&lang=en&copy=2&amp=3" },
    { "?a=1&copy=2", false, "?a=1\xc2\xa9=2" },
    { "x&ampy&amp;y&amp/", true, "x&ampy&y&/" },
    { "&notin;&notit", true, "\xe2\x88\x89&notit" },
    /* numeric: decimal and hex, ';' optional */
    { "&#72;&#x65;&#X6C;&#108&#x6f!", false, "Hello!" },
    { "&#;&#x;&#xg&#a", false, "&#;&#x;&#xg&#a" },
    /* NUL, surrogates, past U+10FFFF: U+FFFD */
    { "&#0;&#xD800;&#xdfff;&#x110000;&#99999999999999999999;", false,
      "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" },
    /* 0x80-0x9F: windows-1252, but its five holes */
    { "&#128;&#x99;&#x9F;&#x81;", false,
      "\xe2\x82\xac\xe2\x84\xa2\xc5\xb8\xc2\x81" },
    /* leading zeros do not make a reference too long */
    { "&#x00000000000000000000000000000000000000000000000041;", false, "A" },
    { "&#0000000000000000000000000000000000000000000000000000065", false,
      "A" },
};

START_TEST(test_html_refs)
{
    char out[256];
    size_t n, len = strlen(ref_cases[_i].in);

    n = html_decode_refs(ref_cases[_i].in, len, ref_cases[_i].attr, out);
    ck_assert_uint_le(n, HTML_DECODED_MAX(len));
    out[n] = '\0';
    ck_assert_str_eq(out, ref_cases[_i].out);
}
END_TEST

/* The same in the text of a document, read a byte at a time. */
START_TEST(test_html_refs_text)
{
    struct log l;
    char want[256];

    if (ref_cases[_i].attr)
        return;
    snprintf(want, sizeof want, "\n%s", ref_cases[_i].out);
    run_text(ref_cases[_i].in, 1, &l);
    ck_assert_str_eq(l.text, want);
    run_text(ref_cases[_i].in, strlen(ref_cases[_i].in), &l);
    ck_assert_str_eq(l.text, want);
}
END_TEST

/* ...and in an attribute. */
START_TEST(test_html_refs_attr)
{
    struct log l;
    char doc_[512], want[300];

    snprintf(doc_, sizeof doc_, "<a href=\"%s\">", ref_cases[_i].in);
    run(doc_, 3, &l);
    snprintf(want, sizeof want, "U:href=%s\n", ref_cases[_i].out);
    if (ref_cases[_i].attr)
        ck_assert_str_eq(l.events, want);
}
END_TEST

START_TEST(test_html_uri_attrs)
{
    /* every name of the list, and names that share a length or a first
     * letter with them (the quick rejections must not reject these) */
    static const char *const yes[] = {
        "action", "background", "cite", "codebase", "data", "formaction",
        "href", "icon", "longdesc", "manifest", "poster", "src", "srcset",
        "usemap",
    };
    static const char *const no[] = {
        "alt", "style", "class", "width", "height", "border", "align",
        "valign", "target", "role", "type", "id", "rel", "content",
        "http-equiv", "cellpadding", "srcse", "hre", "a", "", "#",
        "formactions", "Href", "z", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    };
    size_t i;

    for (i = 0; i < sizeof yes / sizeof *yes; i++)
        ck_assert_msg(html_is_uri_attr(yes[i]), "%s", yes[i]);
    for (i = 0; i < sizeof no / sizeof *no; i++)
        ck_assert_msg(!html_is_uri_attr(no[i]), "%s", no[i]);
}
END_TEST

/* A repeated attribute counts once (the first), as in browsers. */
START_TEST(test_html_duplicate_attr)
{
    struct log l;

    run("<img src=a src=b SRC=c alt=x srcset=\"d 1x\" srcset=e>"
        "<img src=f>", 2, &l);
    ck_assert_str_eq(l.events, "U:src=a\nU:srcset=d\nU:src=f\n");
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

/* The <meta> charset prescan (HTML 13.2.3.2), "" when none is found. */
static const struct {
    const char *in, *label;
} prescan_cases[] = {
    { "<meta charset=\"windows-1252\">", "windows-1252" },
    { "<!DOCTYPE html><html><head><META CHARSET=' Shift_JIS '>", "shift_jis" },
    { "<meta http-equiv=\"Content-Type\" content=\"text/html; "
      "charset=ISO-8859-1\">", "iso-8859-1" },
    { "<meta content='text/html;charset=\"koi8-r\"' "
      "http-equiv=content-type>", "koi8-r" },
    /* content= without the http-equiv pragma does not count */
    { "<meta content=\"text/html; charset=koi8-r\">", "" },
    /* charset= wins over content=, and the first of a repeated one */
    { "<meta http-equiv=content-type content=\"charset=koi8-r\" "
      "charset=utf-8>", "utf-8" },
    { "<meta charset=euc-jp charset=koi8-r>", "euc-jp" },
    /* comments, other tags and their attribute values are skipped */
    { "<!-- <meta charset=koi8-r> --><meta charset=gbk>", "gbk" },
    { "<!--><meta charset=big5>", "big5" },
    { "<a title='<meta charset=koi8-r>'><meta/charset=euc-kr>", "euc-kr" },
    { "<?xml version=\"1.0\"?><!DOCTYPE x><meta charset=utf-8>", "utf-8" },
    { "<metal charset=koi8-r>", "" },
    { "<meta charset=koi8-r", "" },
    { "<!-- unterminated <meta charset=koi8-r>", "" },
    { "", "" },
};

START_TEST(test_html_prescan)
{
    char label[64];
    bool found = html_prescan_charset(prescan_cases[_i].in,
                                      strlen(prescan_cases[_i].in), label,
                                      sizeof label);

    ck_assert_str_eq(found ? label : "", prescan_cases[_i].label);
}
END_TEST

/* Only the first HTML_PRESCAN_BYTES count. */
START_TEST(test_html_prescan_limit)
{
    char doc_[2048], label[64];
    const char *meta = "<meta charset=koi8-r>";

    memset(doc_, ' ', sizeof doc_);
    memcpy(doc_ + HTML_PRESCAN_BYTES - strlen(meta), meta, strlen(meta));
    ck_assert(html_prescan_charset(doc_, sizeof doc_, label, sizeof label));
    memmove(doc_ + 1, doc_, HTML_PRESCAN_BYTES);
    doc_[0] = ' ';
    ck_assert(!html_prescan_charset(doc_, sizeof doc_, label, sizeof label));
    /* a label that does not fit is not found */
    ck_assert(!html_prescan_charset(meta, strlen(meta), label, 4));
}
END_TEST

START_TEST(test_html_charset_name)
{
    ck_assert_str_eq(html_charset_name("iso-8859-1"), "WINDOWS-1252");
    ck_assert_str_eq(html_charset_name("US-ASCII"), "WINDOWS-1252");
    ck_assert_str_eq(html_charset_name("shift_jis"), "CP932");
    ck_assert_str_eq(html_charset_name("utf-16le"), "UTF-8");
    ck_assert_str_eq(html_charset_name("koi8-r"), "koi8-r");
}
END_TEST

/* The anchor text reader: "U:href=..." and "A:text|" events. */
static void
on_anchor(void *arg, const char *p, size_t n)
{
    struct log *l = arg;
    cat(l->events, "A:", 2);
    cat(l->events, p, n);
    cat(l->events, "|\n", 2);
}

static void
run_anchor(const char *html, size_t chunk, struct log *l)
{
    struct html_scanner *h = html_new(256);
    struct html_sink sink = { on_text, on_uri, on_base, NULL, NULL, NULL, l,
                              on_anchor };
    size_t i, len = strlen(html);

    memset(l, 0, sizeof *l);
    ck_assert_ptr_nonnull(h);
    for (i = 0; i < len; i += chunk)
        html_feed(h, html + i, len - i < chunk ? len - i : chunk, &sink);
    html_finish(h, &sink);
    html_free(h);
}

/* What a reader sees of a link, as the HTML Standard's parser and a
 * browser's rendering give it (markup gone, references decoded, blanks
 * collapsed), checked at every split of the input. */
static const struct {
    const char *html, *events;
} anchor_cases[] = {
    { "<a href=\"h\">Hello  <b>World</b>\n</a>",
      "U:href=h\nA:Hello World|\n" },
    { "<a href=h>&lt;PayPal&gt;&nbsp;&amp;\xc2\xa0 co</a>",
      "U:href=h\nA:<PayPal> & co|\n" },
    /* inline markup inside a name joins it, a line break parts it */
    { "<a href=h>www.<span>paypal</span>.com</a>",
      "U:href=h\nA:www.paypal.com|\n" },
    { "<a href=h>one<br>two<div>three</div></a>",
      "U:href=h\nA:one two three|\n" },
    /* comments, scripts and styles are not seen */
    { "<a href=h>a<!-- b -->c<script>d</script>e<style>f</style>g</a>",
      "U:href=h\nA:aceg|\n" },
    /* end tags in any case, with blanks */
    { "<A HREF=h>x</A >y", "U:href=h\nA:x|\n" },
    /* no href: no link */
    { "<a name=n>text</a>", "" },
    /* an <a> ends the one open; the end of the document too */
    { "<a href=1>one<a href=2>two", "U:href=1\nA:one|\nU:href=2\nA:two|\n" },
    /* an image link has no text */
    { "<a href=h><img src=i.png alt=\"paypal.com\"></a>",
      "U:href=h\nU:src=i.png\nA:|\n" },
    /* a '<' that opens no tag is text, and so is a bare '&' */
    { "<a href=h>a < b & c</a>", "U:href=h\nA:a < b & c|\n" },
    /* the other URI attributes of a link are not its href */
    { "<a title=t href=h>t</a>", "U:href=h\nA:t|\n" },
};

START_TEST(test_html_anchor)
{
    struct log whole, part;
    size_t chunk;

    run_anchor(anchor_cases[_i].html, 4096, &whole);
    ck_assert_str_eq(whole.events, anchor_cases[_i].events);
    for (chunk = 1; chunk < 8; chunk++) {
        run_anchor(anchor_cases[_i].html, chunk, &part);
        ck_assert_str_eq(part.events, whole.events);
        ck_assert_str_eq(part.text, whole.text);
    }
}
END_TEST

/* The text is bounded (HTML_ANCHOR_MAX bytes, a whole character), and so
 * is what an anchor that never ends may take (HTML_ANCHOR_TAGS tags). */
START_TEST(test_html_anchor_bounds)
{
    char html[2048], want[600];
    struct log l;
    size_t i, n;

    n = (size_t)snprintf(html, sizeof html, "<a href=h>");
    for (i = 0; i < HTML_ANCHOR_MAX + 40; i++)
        html[n++] = 'x';
    html[n] = '\0';
    run_anchor(html, 4096, &l);
    memcpy(want, "U:href=h\nA:", 11);
    memset(want + 11, 'x', HTML_ANCHOR_MAX);
    strcpy(want + 11 + HTML_ANCHOR_MAX, "|\n");
    ck_assert_str_eq(l.events, want);
    /* a two-byte character that does not fit is left out whole */
    n = (size_t)snprintf(html, sizeof html, "<a href=h>");
    for (i = 0; i < HTML_ANCHOR_MAX - 1; i++)
        html[n++] = 'x';
    strcpy(html + n, "\xc3\xa9 more</a>");
    run_anchor(html, 3, &l);
    strcpy(want + 11 + HTML_ANCHOR_MAX - 1, "|\n");
    ck_assert_str_eq(l.events, want);
    /* a blank before a word that does not fit is not kept */
    n = (size_t)snprintf(html, sizeof html, "<a href=h>");
    for (i = 0; i < HTML_ANCHOR_MAX - 1; i++)
        html[n++] = 'x';
    strcpy(html + n, " y</a>");
    run_anchor(html, 1, &l);
    ck_assert_str_eq(l.events, want);
    /* past HTML_ANCHOR_TAGS tags it has ended */
    n = (size_t)snprintf(html, sizeof html, "<a href=h>ok");
    for (i = 0; i < HTML_ANCHOR_TAGS + 1; i++)
        n += (size_t)snprintf(html + n, sizeof html - n, "<i>");
    strcpy(html + n, "late</a>");
    run_anchor(html, 5, &l);
    ck_assert_str_eq(l.events, "U:href=h\nA:ok|\n");
}
END_TEST

Suite *html_suite(void);

Suite *
html_suite(void)
{
    Suite *s = suite_create("html");
    TCase *tc = tcase_create("scan");

    tcase_add_test(tc, test_html_document);
    tcase_add_test(tc, test_html_vector_names);
    tcase_add_test(tc, test_html_chunking);
    tcase_add_test(tc, test_html_uri_attrs);
    tcase_add_test(tc, test_html_duplicate_attr);
    tcase_add_test(tc, test_html_long_value);
    suite_add_tcase(s, tc);
    tc = tcase_create("refs");
    tcase_add_loop_test(tc, test_html_refs, 0,
                        sizeof ref_cases / sizeof *ref_cases);
    tcase_add_loop_test(tc, test_html_refs_text, 0,
                        sizeof ref_cases / sizeof *ref_cases);
    tcase_add_loop_test(tc, test_html_refs_attr, 0,
                        sizeof ref_cases / sizeof *ref_cases);
    suite_add_tcase(s, tc);
    tc = tcase_create("meta charset");
    tcase_add_loop_test(tc, test_html_prescan, 0,
                        sizeof prescan_cases / sizeof *prescan_cases);
    tcase_add_test(tc, test_html_prescan_limit);
    tcase_add_test(tc, test_html_charset_name);
    suite_add_tcase(s, tc);
    tc = tcase_create("anchor text");
    tcase_add_loop_test(tc, test_html_anchor, 0,
                        sizeof anchor_cases / sizeof *anchor_cases);
    tcase_add_test(tc, test_html_anchor_bounds);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(html_suite)
