/* check_extract.c: the document extractor (urigrep_extractor_*): types,
 * bases and where they come from, mail context, stopping, notices, its
 * argument contract, the same records whatever the split of the input,
 * and the context of a reference (URIGREP_EXTRACT_CONTEXT). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "urigrep.h"
#include "check_main.h"

/* Records and notices, one line each, as text. */
struct log {
    char s[16384];
    size_t len;
    int stop_after;     /* >0: ask to stop at this record */
    int nrec;
};

static void
logf_(struct log *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
logf_(struct log *l, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(l->s + l->len, sizeof l->s - l->len, fmt, ap);
    va_end(ap);
    ck_assert_int_lt((size_t)n, sizeof l->s - l->len);
    l->len += (size_t)n;
}

static const char *
str(const char *s)
{
    return s ? s : "-";
}

static int
on_ref(void *arg, const struct urigrep_ref *r)
{
    struct log *l = arg;

    logf_(l, "%.*s %.*s %s v%d %s L%" PRIu64 " C%" PRIu64 " O%" PRIu64
          " base=%s(%s) m%" PRIu64 " %s|%s|%s|%s|%s\n",
          (int)r->ref.len, r->ref.ptr, (int)r->uri.len, r->uri.ptr,
          urigrep_delim_name(r->delim), r->valid,
          r->valid == 0 ? urigrep_strerror(r->error) : "", r->line,
          r->column, r->offset, str(r->base),
          urigrep_base_source_name(r->base_source), r->message,
          str(r->message_id), str(r->subject), str(r->part),
          str(r->content_type), str(r->charset));
    l->nrec++;
    return l->stop_after > 0 && l->nrec >= l->stop_after;
}

static void
on_notice(void *arg, const struct urigrep_notice *n)
{
    logf_(arg, "notice %d L%" PRIu64 " %" PRIu64 " %s\n", (int)n->kind,
          n->line, n->count, str(n->detail));
}

/* Extract DOC with OPTS (NULL: defaults), fed STEP bytes at a time, into
 * L; returns the finish status. */
static enum urigrep_status
run(const struct urigrep_extract_options *opts, const char *doc, size_t step,
    struct log *l)
{
    urigrep_extractor *x;
    size_t n = strlen(doc), i;
    enum urigrep_status rc = URIGREP_OK;

    ck_assert_int_eq(urigrep_extractor_new(opts, on_ref, on_notice, l, &x),
                     URIGREP_OK);
    for (i = 0; i < n && rc == URIGREP_OK; i += step)
        rc = urigrep_extractor_feed(x, doc + i, n - i < step ? n - i : step);
    if (rc == URIGREP_OK)
        rc = urigrep_extractor_finish(x);
    urigrep_extractor_free(x);
    return rc;
}

static const char mbox[] =
    "From alice@example.org Mon Jan  1 00:00:00 2024\n"
    "Message-ID: <one@example.org>\n"
    "Subject: =?UTF-8?Q?caf=C3=A9?= notes\n"
    "Content-Base: http://cb.example/dir/\n"
    "\n"
    "read <URL:rel/page.html> and http://a.example/x\n"
    "\n"
    "From bob@example.org Mon Jan  1 00:00:01 2024\n"
    "Message-ID: <two@example.org>\n"
    "Subject: html\n"
    "Content-Type: multipart/alternative; boundary=\"b\"\n"
    "\n"
    "--b\n"
    "Content-Type: text/html; charset=iso-8859-1\n"
    "Content-Location: http://cl.example/doc/index.html\n"
    "\n"
    "<p><a href=\"img/a.png\">x</a> <a href=\"#top\">t</a>\n"
    "--b\n"
    "Content-Type: text/plain\n"
    "Base: <URL:http://old.example/base/>\n"
    "\n"
    "see <URL:../up> here\n"
    "--b--\n";

START_TEST(test_mbox_context)
{
    struct log l = { 0 };

    ck_assert_int_eq(run(NULL, mbox, 4096, &l), URIGREP_OK);
    /* the first message: Content-Base, its Subject decoded */
    ck_assert_ptr_nonnull(strstr(l.s,
        "rel/page.html http://cb.example/dir/rel/page.html angle-url v1  "
        "L6 C11 O10 base=http://cb.example/dir/(content-base) m1 "
        "<one@example.org>|caf\xc3\xa9 notes|1|text/plain|-\n"));
    /* an absolute reference is resolved too: its base is still named */
    ck_assert_ptr_nonnull(strstr(l.s, "http://a.example/x http://a.example/x "
                                      "bare v1  L6 C30 O29 "
                                      "base=http://cb.example/dir/"));
    /* the second: Content-Location is the base, and "#top" is the
     * document itself */
    ck_assert_ptr_nonnull(strstr(l.s,
        "img/a.png http://cl.example/doc/img/a.png attribute v1  L17 "));
    ck_assert_ptr_nonnull(strstr(l.s,
        "base=http://cl.example/doc/index.html(content-location) m2 "
        "<two@example.org>|html|1|text/html|iso-8859-1\n"));
    ck_assert_ptr_nonnull(strstr(l.s,
        "#top http://cl.example/doc/index.html#top attribute v1  L17 "));
    ck_assert_ptr_nonnull(strstr(l.s, "(document) m2"));
    /* RFC 1808's Base: */
    ck_assert_ptr_nonnull(strstr(l.s,
        "../up http://old.example/up angle-url v1  L22 C10 O9 "
        "base=http://old.example/base/(base-header) m2 "
        "<two@example.org>|html|2|text/plain|-\n"));
}
END_TEST

/* The records do not depend on how the document is split (RFC 2396
 * Appendix E does not know about read sizes). */
START_TEST(test_split_independent)
{
    static const char *const docs[] = {
        mbox,
        "<!DOCTYPE html><html><head><base href=\"http://h.example/a/\">"
        "</head><body><a href=\"b/c\">see http://t.example/x</a> &amp; "
        "<img src=\"//cdn.example/i.png\"></body></html>\n",
        "plain text <http://w.example/long/\n   path/> and "
        "URL:ftp://f.example/pub \"mailto:x@y.example\"\n",
    };
    size_t steps[] = { 1, 2, 3, 7, 64, 4096 }, d, s;

    for (d = 0; d < sizeof docs / sizeof *docs; d++) {
        static struct log want, got;

        memset(&want, 0, sizeof want);
        ck_assert_int_eq(run(NULL, docs[d], 100000, &want), URIGREP_OK);
        ck_assert_int_gt(want.nrec, 1);
        for (s = 0; s < sizeof steps / sizeof *steps; s++) {
            memset(&got, 0, sizeof got);
            ck_assert_int_eq(run(NULL, docs[d], steps[s], &got), URIGREP_OK);
            ck_assert_str_eq(got.s, want.s);
        }
    }
}
END_TEST

START_TEST(test_html_base_and_option)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log l = { 0 };

    o.base = "http://opt.example/dir/file";
    ck_assert_int_eq(run(&o, "see <URL:a/b> then\n", 5, &l), URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, "a/b http://opt.example/dir/a/b "
                                      "angle-url v1  L1 C10 O9 base=http://opt."
                                      "example/dir/file(option) m0 "));
    memset(&l, 0, sizeof l);
    ck_assert_int_eq(run(&o, "<html><base href=\"../up/\"><a href=\"x\">"
                             "</a></html>\n", 3, &l), URIGREP_OK);
    /* a relative <BASE href> is resolved against the base in force; the
     * column is the value's in its line, fed 3 bytes at a time */
    ck_assert_ptr_nonnull(strstr(l.s, "x http://opt.example/up/x attribute "
                                      "v1  L1 C36 O2 base=http://opt."
                                      "example/up/(html)"));
    /* no resolution asked: the URI is the reference */
    o.flags = URIGREP_EXTRACT_NO_RESOLVE;
    o.base = NULL;
    memset(&l, 0, sizeof l);
    ck_assert_int_eq(run(&o, "see <URL:a/b>\n", 64, &l), URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, "a/b a/b angle-url v1  L1 C10 O9 "
                                      "base=-(none) m0 "));
}
END_TEST

START_TEST(test_validity)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log l = { 0 };

    ck_assert_int_eq(run(NULL, "<http://a.example/%zz>\n", 64, &l),
                     URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, " v0 '%' not"));
    o.flags = URIGREP_EXTRACT_NO_CHECK;
    memset(&l, 0, sizeof l);
    ck_assert_int_eq(run(&o, "<http://a.example/%zz>\n", 64, &l),
                     URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, " v-1 "));
}
END_TEST

/* What is reported may be shown: control and bidi characters are
 * percent-encoded in the URI; the reference stays as written. */
START_TEST(test_uri_cleaned)
{
    struct log l = { 0 };

    ck_assert_int_eq(run(NULL, "<html><a href=\"http://e.example/&#27;[2J"
                               "&#x202E;x\">t</a></html>\n", 64, &l),
                     URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, " http://e.example/%1B[2J%E2%80%AEx "
                                      "attribute"));
}
END_TEST

START_TEST(test_lines_type)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log l = { 0 };

    o.type = URIGREP_DOC_LINES;
    ck_assert_int_eq(run(&o, "  <URL:http://a.example/x y>\n\nnot a uri\n",
                         3, &l), URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, "http://a.example/xy "
                                      "http://a.example/xy line v1  L1 C1 "
                                      "O0 "));
    ck_assert_ptr_nonnull(strstr(l.s, "notauri notauri line v1  L3 C1 O30 "));
    ck_assert_int_eq(l.nrec, 2);
}
END_TEST

START_TEST(test_headers)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log l = { 0 };
    const char *msg = "From: a@b.example\n"
                      "Received: from ?IPv6:2a02:908:1252:fb60:5aaa:182f?\n"
                      "DKIM-Signature: v=1; d=x.example; h=from:to:\n"
                      "\t content-type:content-type;\n"
                      "X-Spamd-Result: default: False\n"
                      "\tURIBL_BLOCKED(0.00)[unreal:mid];\n"
                      "List-Archive: <http://list.example/arch/>\n"
                      "Message-ID: <h@x.example>\n"
                      "\n"
                      "body http://body.example/\n";

    ck_assert_int_eq(run(&o, msg, 64, &l), URIGREP_OK);
    ck_assert_int_eq(l.nrec, 1);
    o.flags = URIGREP_EXTRACT_HEADERS;
    memset(&l, 0, sizeof l);
    ck_assert_int_eq(run(&o, msg, 5, &l), URIGREP_OK);
    /* held until the Message-ID written after it is known; trace,
     * signature and spam-score fields are not read */
    ck_assert_ptr_nonnull(strstr(l.s, "http://list.example/arch/ "
                                      "http://list.example/arch/ angle v1  "
                                      "L7 C2 O1 base=-(none) m1 "
                                      "<h@x.example>|-|-|header|-\n"));
    ck_assert_int_eq(l.nrec, 2);
}
END_TEST

/* A folded line that opens a message's header block has no field before
 * it: it is read as a field of its own, on its own line (it was given
 * line 0; fuzz_split found it). */
START_TEST(test_headers_orphan_fold)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log l = { 0 };
    const char *mb = "From a@b Mon Jan  1 00:00:00 2024\n"
                     "Subject: one\n"
                     "\n"
                     "body\n"
                     "From c@d Mon Jan  1 00:00:01 2024\n"
                     " Note: see http://fold.example/\n"
                     "Subject: two\n"
                     "\n"
                     "z\n";

    o.type = URIGREP_DOC_MBOX;
    o.flags = URIGREP_EXTRACT_HEADERS;
    ck_assert_int_eq(run(&o, mb, 7, &l), URIGREP_OK);
    ck_assert_int_eq(l.nrec, 1);
    ck_assert_ptr_nonnull(strstr(l.s, "http://fold.example/ bare v1  L6 "));
}
END_TEST

/* A message that ends in its headers opens no body part, whether the
 * next "From " line or the end of the document ends it: no notice of
 * its charset either way (a piece of an mbox ends where the next
 * begins; fuzz_split found the two reads differ). */
START_TEST(test_headers_only_message)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log l = { 0 };
    const char *head = "From a@b Mon Jan  1 00:00:00 2024\n"
                       "Subject: one\n"
                       "Content-Type: text/plain; charset=no-such-cs\n";
    char two[512];

    o.type = URIGREP_DOC_MBOX;
    ck_assert_int_eq(run(&o, head, 9, &l), URIGREP_OK);
    ck_assert_str_eq(l.s, "");
    snprintf(two, sizeof two, "%sFrom c@d Mon Jan  1 00:00:01 2024\n"
             "Subject: two\n\nsee http://two.example/\n", head);
    memset(&l, 0, sizeof l);
    ck_assert_int_eq(run(&o, two, 9, &l), URIGREP_OK);
    ck_assert_ptr_null(strstr(l.s, "notice"));
    ck_assert_int_eq(l.nrec, 1);
}
END_TEST

/* A callback that asks to stop stops the document; the next document
 * is read again from the start, its type decided anew. */
START_TEST(test_stop_and_reuse)
{
    struct log l = { 0 };
    urigrep_extractor *x;
    const char *text = "http://a.example/ http://b.example/ "
                       "http://c.example/\n";

    ck_assert_int_eq(urigrep_extractor_new(NULL, on_ref, NULL, &l, &x),
                     URIGREP_OK);
    l.stop_after = 1;
    ck_assert_int_eq(urigrep_extractor_feed(x, text, strlen(text)),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_ERR_STOPPED);
    ck_assert_int_eq(l.nrec, 1);
    ck_assert_int_eq(urigrep_extractor_feed(x, mbox, sizeof mbox - 1),
                     URIGREP_OK);
    l.stop_after = 0;
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, " m2 <two@example.org>"));
    /* stopped during a feed: that feed and the next say so */
    memset(&l, 0, sizeof l);
    l.stop_after = 2;
    for (size_t i = 0; i < 40000; i++) {
        enum urigrep_status rc = urigrep_extractor_feed(x, text,
                                                        strlen(text));

        if (rc != URIGREP_OK) {
            ck_assert_int_eq(rc, URIGREP_ERR_STOPPED);
            break;
        }
    }
    ck_assert_int_eq(urigrep_extractor_feed(x, "x", 1), URIGREP_ERR_STOPPED);
    ck_assert_int_eq(l.nrec, 2);
    urigrep_extractor_reset(x);
    ck_assert_int_eq(urigrep_extractor_feed(x, "x", 1), URIGREP_OK);
    urigrep_extractor_free(x);
}
END_TEST

START_TEST(test_notices)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log l = { 0 };
    char doc[200];

    o.scan.max_uri_length = 20;
    snprintf(doc, sizeof doc, "ok http://a.example/ and\n"
                              "http://long.example/%s\n",
             "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    ck_assert_int_eq(run(&o, doc, 7, &l), URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, "notice 0 L2 20 -\n"));
    ck_assert_int_eq(l.nrec, 1);
    memset(&l, 0, sizeof l);
    ck_assert_int_eq(run(NULL, "Message-ID: <a@b>\nContent-Type: text/plain;"
                               " charset=x-no-such-charset\n\n"
                               "see http://c.example/\n", 64, &l),
                     URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, "notice 3 L4 0 x-no-such-charset\n"));
    ck_assert_ptr_nonnull(strstr(l.s, "http://c.example/ "));
}
END_TEST

START_TEST(test_detect)
{
    static const char html[] = "\xef\xbb\xbf<!-- c --><html lang=en>";

    ck_assert_int_eq(urigrep_detect(NULL, 0), URIGREP_DOC_TEXT);
    ck_assert_int_eq(urigrep_detect(mbox, sizeof mbox - 1),
                     URIGREP_DOC_MBOX);
    ck_assert_int_eq(urigrep_detect("Message-ID: <x@y>\n\n", 19),
                     URIGREP_DOC_MAIL);
    ck_assert_int_eq(urigrep_detect(html, sizeof html - 1), URIGREP_DOC_HTML);
    ck_assert_int_eq(urigrep_detect("<htmlfoo>", 9), URIGREP_DOC_TEXT);
    ck_assert_int_eq(urigrep_detect("hello http://x/\n", 16),
                     URIGREP_DOC_TEXT);
}
END_TEST

/* A news spool's article may start with any header field: a header
 * block ended by a blank line that holds a Message-ID or a Newsgroups
 * field is a message, whatever its first field.  "Name: value" lines
 * with neither, or with no blank line after them, are text. */
START_TEST(test_detect_header_block)
{
    static const char article[] =
        "NNTP-Posting-Host: news.example.org\r\n"
        "Approved: moderator@example.org\r\n"
        "Path: news.example.org!not-for-mail\r\n"
        "Subject: a long\r\n subject\r\n"
        "Message-ID: <1@example.org>\r\n"
        "\r\n"
        "http://example.org/\r\n";
    static const char grouped[] = "Injection-Info: x\nNewsgroups: a.b\n\nz\n";
    static const char control[] = "Source: urigrep\nSection: text\n"
                                  "Homepage: https://example.org/\n\n";
    static const char changes[] = "Format: 1.8\nMessage-ID: <x@y>\n"
                                  "Changes:\n see https://example.org/\n";
    static const char prose[] = "Note: the Message-ID: field\n\n";

    ck_assert_int_eq(urigrep_detect(article, sizeof article - 1),
                     URIGREP_DOC_MAIL);
    ck_assert_int_eq(urigrep_detect(grouped, sizeof grouped - 1),
                     URIGREP_DOC_MAIL);
    ck_assert_int_eq(urigrep_detect(control, sizeof control - 1),
                     URIGREP_DOC_TEXT);
    /* the block goes on past what was seen: not known to be a header */
    ck_assert_int_eq(urigrep_detect(changes, sizeof changes - 1),
                     URIGREP_DOC_TEXT);
    ck_assert_int_eq(urigrep_detect(prose, sizeof prose - 1),
                     URIGREP_DOC_TEXT);
}
END_TEST

/* A news batch (rnews): each article after "#! rnews COUNT" is a message
 * of COUNT bytes, a "#! rnews" line inside the count is its text; lines
 * count in the batch, messages one an article.  A line where a separator
 * was due and an article cut short are said, and nothing is lost: the
 * bytes up to the next separator are read as an article, and the last
 * article's last line, which only the end of the input ends, keeps its
 * line after the notice. */
START_TEST(test_rnews)
{
    static const char a1[] =
        "Path: news.example.org!not-for-mail\n"
        "Message-ID: <a1@example.org>\n"
        "Content-Transfer-Encoding: quoted-printable\n"
        "\n"
        "see http://a.example/q=3D1 and http://a.example/lo=\n"
        "ng\n";
    static const char a2[] =
        "Message-ID: <a2@example.org>\n"
        "\n"
        "#! rnews 5\n"
        "http://b.example/\n";
    char batch[1024], want[64];
    struct log whole = { .len = 0 }, l;
    size_t steps[] = { 1, 2, 7, 64 }, i;

    snprintf(batch, sizeof batch,
             "#! rnews %zu\n%s#! rnews %zu\n%sstray http://c.example/\n"
             "#! rnews 100\nhttp://d.example/", strlen(a1), a1, strlen(a2),
             a2);
    ck_assert_int_eq(urigrep_detect(batch, strlen(batch)), URIGREP_DOC_RNEWS);
    ck_assert_int_eq(run(NULL, batch, strlen(batch), &whole), URIGREP_OK);
    ck_assert_msg(strstr(whole.s, "http://a.example/q=1 http://a.example/q=1 "
                         "bare v1  L6 ") != NULL, "%s", whole.s);
    ck_assert_ptr_nonnull(strstr(whole.s, "http://a.example/long "));
    ck_assert_ptr_nonnull(strstr(whole.s, " m1 <a1@example.org>|"));
    /* a2's "#! rnews 5" is counted text, its URI on batch line 12 */
    ck_assert_msg(strstr(whole.s, "http://b.example/ http://b.example/ bare "
                         "v1  L12 ") != NULL, "%s", whole.s);
    ck_assert_ptr_nonnull(strstr(whole.s, " m2 <a2@example.org>|"));
    snprintf(want, sizeof want, "notice %d L13 0 -\n", URIGREP_NOTICE_RNEWS);
    ck_assert_ptr_nonnull(strstr(whole.s, want));
    ck_assert_msg(strstr(whole.s, "http://c.example/ http://c.example/ bare "
                         "v1  L13 C7 O6 base=-(none) m3 ") != NULL, "%s",
                  whole.s);
    snprintf(want, sizeof want, "notice %d L14 100 -\n",
             URIGREP_NOTICE_RNEWS);
    ck_assert_ptr_nonnull(strstr(whole.s, want));
    ck_assert_msg(strstr(whole.s, "http://d.example/ http://d.example/ bare "
                         "v1  L15 C1 O0 base=-(none) m4 ") != NULL, "%s",
                  whole.s);
    for (i = 0; i < sizeof steps / sizeof *steps; i++) {
        l.len = 0;
        l.stop_after = l.nrec = 0;
        ck_assert_int_eq(run(NULL, batch, steps[i], &l), URIGREP_OK);
        ck_assert_str_eq(l.s, whole.s);
    }
}
END_TEST

/* URIGREP_EXTRACT_EAGER: with URIGREP_DOC_AUTO, a line fed alone is
 * reported before the next feed, not after 32 KiB or finish; the type is
 * still decided (a mail's header is not scanned as text). */
START_TEST(test_eager)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    struct log l = { .len = 0 };
    urigrep_extractor *x;

    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, on_notice, &l, &x),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_feed(x, "see http://a.example/\n",
                                            22), URIGREP_OK);
    ck_assert_int_eq(l.nrec, 0);
    urigrep_extractor_free(x);

    o.flags = URIGREP_EXTRACT_EAGER;
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, on_notice, &l, &x),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_feed(x, "see http://a.example/\n",
                                            22), URIGREP_OK);
    ck_assert_int_eq(l.nrec, 1);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_feed(x, "Message-ID: <m@x>\n"
                                            "X-Note: http://no.example/\n"
                                            "\nhttp://b.example/\n", 64),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    urigrep_extractor_free(x);
    ck_assert_int_eq(l.nrec, 2);
    ck_assert_ptr_nonnull(strstr(l.s, " http://b.example/ "));
    ck_assert_ptr_null(strstr(l.s, "no.example"));
}
END_TEST

/* The contract of urigrep.h: bad arguments give URIGREP_ERR_ARG. */
START_TEST(test_arguments)
{
    struct urigrep_extract_options o = { .size = sizeof o };
    urigrep_extractor *x = (urigrep_extractor *)&o;
    struct log l = { 0 };

    ck_assert_int_eq(urigrep_extractor_new(NULL, NULL, NULL, NULL, &x),
                     URIGREP_ERR_ARG);
    ck_assert_ptr_null(x);
    ck_assert_int_eq(urigrep_extractor_new(NULL, on_ref, NULL, NULL, NULL),
                     URIGREP_ERR_ARG);
    o.size = sizeof o - 1;
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, NULL, &l, &x),
                     URIGREP_ERR_ARG);
    o.size = sizeof o;
    o.type = (enum urigrep_doc_type)99;
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, NULL, &l, &x),
                     URIGREP_ERR_ARG);
    o.type = URIGREP_DOC_AUTO;
    o.rfc = (enum urigrep_rfc)1234;
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, NULL, &l, &x),
                     URIGREP_ERR_ARG);
    o.rfc = URIGREP_RFC3986;
    o.flags = URIGREP_EXTRACT_TRUST << 1; /* no such flag */
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, NULL, &l, &x),
                     URIGREP_ERR_ARG);
    o.flags = 0;
    o.base = "relative/base";
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, NULL, &l, &x),
                     URIGREP_ERR_ARG);
    o.base = NULL;
    o.scan.hyphen = (enum urigrep_hyphen)7;
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, NULL, &l, &x),
                     URIGREP_ERR_ARG);
    ck_assert_ptr_null(x);
    ck_assert_int_eq(urigrep_extractor_feed(NULL, "x", 1), URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_extractor_finish(NULL), URIGREP_ERR_ARG);
    urigrep_extractor_reset(NULL);
    urigrep_extractor_free(NULL);
    o.scan.hyphen = URIGREP_HYPHEN_KEEP;
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, NULL, &l, &x),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_feed(x, NULL, 1), URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_extractor_feed(x, NULL, 0), URIGREP_OK);
    urigrep_extractor_free(x);
    ck_assert_str_eq(urigrep_delim_name((enum urigrep_delim)99), "unknown");
    ck_assert_str_eq(urigrep_base_source_name(
                         (enum urigrep_base_source)99), "unknown");
}
END_TEST

/* ---- URIGREP_EXTRACT_CONTEXT: the text around a reference, which a
 * link picker shows beside it ---- */

/* What the callback saw: the contexts and URIs of up to 8 references. */
struct seen {
    int n;
    char uri[8][256];
    char context[8][512];
    size_t context_len[8], before[8], after[8];
    int context_null[8];
};

static int
ctx_on_ref(void *arg, const struct urigrep_ref *ref)
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
ctx_run(const char *doc, unsigned flags, size_t step, struct seen *s)
{
    struct urigrep_extract_options o;
    urigrep_extractor *x;
    size_t len = strlen(doc), k;

    memset(s, 0, sizeof *s);
    memset(&o, 0, sizeof o);
    o.size = sizeof o;
    o.flags = flags;
    ck_assert_int_eq(urigrep_extractor_new(&o, ctx_on_ref, NULL, s, &x),
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
    ctx_run("Read the RFC at <http://a/rfc2396> before lunch.\n",
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
    ctx_run(doc, URIGREP_EXTRACT_CONTEXT, 7, &s);
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

    ctx_run("see http://a/b now\n", 0, 4096, &s);
    ck_assert_int_eq(s.n, 1);
    ck_assert(s.context_null[0]);
    ck_assert_uint_eq(s.context_len[0], 0);
}
END_TEST

START_TEST(test_extract_context_mail)
{
    struct seen s;

    /* quoted-printable decoded; the header URI has none */
    ctx_run("From: a@example.org\n"
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

/* urigrep_extractor_feed_fd(): a file's bytes read with pread() and fed;
 * one that ends before the bytes asked for (cut short since its reader
 * took its size) gives the records of what is there and a damage notice
 * saying where and that it shrank, never a crash. */
/* One extractor reads document after document with one mail parser,
 * reset for each (mail_reset(): a maildir's files no longer each map,
 * zero and unmap its 400 KiB when malloc's mmap threshold is fixed):
 * each document gives what a fresh extractor gives it, whatever the one
 * before left open (a multipart cut off inside a part with a base, an
 * mboxcl message counted past the end, a message without its body). */
START_TEST(test_extract_documents_in_turn)
{
    static const char *const docs[] = {
        "From: a@example.org\nMessage-ID: <cut@example.org>\n"
        "Content-Type: multipart/mixed; boundary=\"o\"\n\n--o\n"
        "Content-Type: multipart/alternative; boundary=\"i\"\n\n--i\n"
        "Content-Base: http://base.example/dir/\n"
        "Content-Type: text/plain\n\nsee <URL:rel/x.html>\n",
        "From: b@example.org\nSubject: plain\n\n"
        "see <URL:rel/y.html> and http://b.example/\n",
        "From c@example.org Mon Jan  1 00:00:00 2024\nContent-Length: 900\n"
        "Message-ID: <cl@example.org>\n\nhttp://c.example/ counted on\n",
        "From: d@example.org\nMessage-ID: <d@example.org>\n",
        "Subject: after\n\nhttp://e.example/q?a=1\n",
    };
    struct urigrep_extract_options o = { .size = sizeof o };
    static struct log fresh, turn;
    urigrep_extractor *x;
    size_t i, k;
    int t;

    for (t = 0; t < 2; t++) {
        o.type = t ? URIGREP_DOC_MBOXCL : URIGREP_DOC_AUTO;
        fresh.len = turn.len = 0;
        for (i = 0; i < sizeof docs / sizeof *docs; i++)
            ck_assert_int_eq(run(t && i == 2 ? &o : NULL, docs[i], 7,
                                 &fresh), URIGREP_OK);
        ck_assert_int_eq(urigrep_extractor_new(NULL, on_ref, on_notice,
                                               &turn, &x), URIGREP_OK);
        for (i = 0; i < sizeof docs / sizeof *docs; i++) {
            if (t && i == 2)
                ck_assert_int_eq(urigrep_extractor_set_origin(
                                     x, URIGREP_DOC_MBOXCL, 0, 0, 0),
                                 URIGREP_OK);
            for (k = 0; k < strlen(docs[i]); k += 7)
                ck_assert_int_eq(urigrep_extractor_feed(
                                     x, docs[i] + k,
                                     strlen(docs[i]) - k < 7
                                         ? strlen(docs[i]) - k : 7),
                                 URIGREP_OK);
            ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
        }
        urigrep_extractor_free(x);
        fresh.s[fresh.len] = turn.s[turn.len] = '\0';
        ck_assert_str_eq(turn.s, fresh.s);
        ck_assert_ptr_nonnull(strstr(fresh.s, "http://base.example/dir/rel/"
                                             "x.html"));
        ck_assert_ptr_nonnull(strstr(fresh.s, "http://e.example/q?a=1"));
    }
}
END_TEST

START_TEST(test_extract_feed_fd)
{
    static const char doc[] = "see http://a.example/1 and\n"
                              "http://b.example/2 too\n";
    char path[] = "/tmp/check-feedfd.XXXXXX", want[128];
    struct log l = { .len = 0 };
    urigrep_extractor *x;
    uint64_t fed = 99;
    int fd = mkstemp(path);

    ck_assert_int_ge(fd, 0);
    unlink(path);
    ck_assert_int_eq(write(fd, doc, sizeof doc - 1), (ssize_t)sizeof doc - 1);
    ck_assert_int_eq(urigrep_extractor_new(NULL, on_ref, on_notice, &l, &x),
                     URIGREP_OK);
    /* the whole file, from an offset, in two calls */
    ck_assert_int_eq(urigrep_extractor_feed_fd(x, fd, 0, 4, &fed),
                     URIGREP_OK);
    ck_assert_uint_eq(fed, 4);
    ck_assert_int_eq(urigrep_extractor_feed_fd(x, fd, 4, sizeof doc - 5,
                                               &fed), URIGREP_OK);
    ck_assert_uint_eq(fed, sizeof doc - 5);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    ck_assert_ptr_nonnull(strstr(l.s, "http://a.example/1 "));
    ck_assert_ptr_nonnull(strstr(l.s, "http://b.example/2 "));
    ck_assert_ptr_null(strstr(l.s, "notice"));
    /* asked for 100 bytes more than the file holds: its size when the
     * reading began, the file shorter now */
    l.len = 0;
    l.s[0] = '\0';
    ck_assert_int_eq(urigrep_extractor_feed_fd(x, fd, 0, sizeof doc + 99,
                                               &fed), URIGREP_OK);
    ck_assert_uint_eq(fed, sizeof doc - 1);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    snprintf(want, sizeof want, "notice %d L0 %zu the file shrank while it "
             "was read\n", URIGREP_NOTICE_READ, sizeof doc - 1);
    ck_assert_msg(strstr(l.s, want) != NULL, "%s", l.s);
    ck_assert_ptr_nonnull(strstr(l.s, "http://b.example/2 "));
    ck_assert(URIGREP_NOTICE_DAMAGE & (1u << URIGREP_NOTICE_READ));
    /* nothing to read, and the contract */
    ck_assert_int_eq(urigrep_extractor_feed_fd(x, fd, 0, 0, &fed),
                     URIGREP_OK);
    ck_assert_uint_eq(fed, 0);
    ck_assert_int_eq(urigrep_extractor_feed_fd(x, -1, 0, 1, &fed),
                     URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_extractor_feed_fd(NULL, fd, 0, 1, NULL),
                     URIGREP_ERR_ARG);
    urigrep_extractor_free(x);
    close(fd);
}
END_TEST

START_TEST(test_extract_context_html)
{
    struct seen s;

    /* an attribute: the words of the link follow its tag */
    ctx_run("<html><body><p>Our <a href=\"http://a/faq\">questions "
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
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_mbox_context);
    tcase_add_test(tc, test_split_independent);
    tcase_add_test(tc, test_html_base_and_option);
    tcase_add_test(tc, test_validity);
    tcase_add_test(tc, test_uri_cleaned);
    tcase_add_test(tc, test_lines_type);
    tcase_add_test(tc, test_headers);
    tcase_add_test(tc, test_headers_orphan_fold);
    tcase_add_test(tc, test_headers_only_message);
    tcase_add_test(tc, test_stop_and_reuse);
    tcase_add_test(tc, test_notices);
    tcase_add_test(tc, test_detect);
    tcase_add_test(tc, test_detect_header_block);
    tcase_add_test(tc, test_rnews);
    tcase_add_test(tc, test_eager);
    tcase_add_test(tc, test_arguments);
    suite_add_tcase(s, tc);
    tc = tcase_create("context");
    tcase_add_loop_test(tc, test_extract_context_text, 0, 2);
    tcase_add_test(tc, test_extract_context_bounded);
    tcase_add_test(tc, test_extract_context_off);
    tcase_add_test(tc, test_extract_context_mail);
    tcase_add_test(tc, test_extract_context_html);
    tcase_add_test(tc, test_extract_feed_fd);
    tcase_add_test(tc, test_extract_documents_in_turn);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(extract_suite)
