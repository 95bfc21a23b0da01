/* test-api.c: a program that uses only the installed header and links the
 * shared liburigrep, as a user's program would (liburigrep.3's example,
 * checked), and calls every public function outside its preconditions:
 * each must return the error or value urigrep.h documents, not crash. */
/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"

static char found[256];

static int
keep(void *arg, const struct urigrep_match *m)
{
    (void)arg;
    if (m->event == URIGREP_EVENT_URI && m->ref.len < sizeof found) {
        memcpy(found, m->ref.ptr, m->ref.len);
        found[m->ref.len] = '\0';
    }
    return 0;
}

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "test-api: failed: %s\n", #cond);               \
            return 1;                                                       \
        }                                                                   \
    } while (0)

/* Bad arguments to every public function (urigrep.h, liburigrep.3). */
static int
contracts(void)
{
    static const enum urigrep_rfc bad_rfc[] = {
        (enum urigrep_rfc)0, (enum urigrep_rfc)1234, (enum urigrep_rfc)-1
    };
    static const char *const bad_names[] = { "1x", "a b", "", NULL };
    struct urigrep_scan_options opts;
    urigrep_scanner *sc = (urigrep_scanner *)&opts;
    urigrep_uri *u = (urigrep_uri *)&opts;
    struct urigrep_span sp = { "x", 1 };
    char *abs = (char *)"x", out[8];
    size_t off = 99, i;
    int st;

    /* scanner */
    memset(&opts, 0, sizeof opts);
    /* a size below the first versioned layout (0.9.0) is refused */
    CHECK(urigrep_scanner_new(&opts, &sc) == URIGREP_ERR_ARG && sc == NULL);
    opts.size = sizeof opts;
    CHECK(urigrep_scanner_new(NULL, NULL) == URIGREP_ERR_ARG);
    opts.nschemes = 1;
    CHECK(urigrep_scanner_new(&opts, &sc) == URIGREP_ERR_ARG && sc == NULL);
    for (i = 0; i < sizeof bad_names / sizeof *bad_names; i++) {
        opts.schemes = &bad_names[i];
        CHECK(urigrep_scanner_new(&opts, &sc) == URIGREP_ERR_ARG &&
              sc == NULL);
    }
    opts.schemes = NULL;
    opts.nschemes = 0;
    opts.flags = 0x80;
    CHECK(urigrep_scanner_new(&opts, &sc) == URIGREP_ERR_ARG && sc == NULL);
    opts.flags = 0;
    opts.hyphen = (enum urigrep_hyphen)7;
    CHECK(urigrep_scanner_new(&opts, &sc) == URIGREP_ERR_ARG && sc == NULL);
    opts.hyphen = URIGREP_HYPHEN_KEEP;
    opts.max_uri_length = SIZE_MAX;
    CHECK(urigrep_scanner_new(&opts, &sc) == URIGREP_ERR_ARG && sc == NULL);
    CHECK(urigrep_scanner_feed(NULL, "a", 1, keep, NULL) == URIGREP_ERR_ARG);
    CHECK(urigrep_scanner_finish(NULL, keep, NULL) == URIGREP_ERR_ARG);
    CHECK(urigrep_scanner_new(NULL, &sc) == URIGREP_OK);
    CHECK(urigrep_scanner_feed(sc, NULL, 1, keep, NULL) == URIGREP_ERR_ARG);
    CHECK(urigrep_scanner_feed(sc, "a", 1, NULL, NULL) == URIGREP_ERR_ARG);
    CHECK(urigrep_scanner_feed(sc, NULL, 0, keep, NULL) == URIGREP_OK);
    CHECK(urigrep_scanner_finish(sc, NULL, NULL) == URIGREP_ERR_ARG);
    urigrep_scanner_free(sc);
    urigrep_scanner_reset(NULL);
    urigrep_scanner_free(NULL);

    /* parse and validate: NULL, lengths no string has, unknown RFCs */
    CHECK(urigrep_uri_parse("a", 1, URIGREP_RFC2396, NULL) ==
          URIGREP_ERR_ARG);
    CHECK(urigrep_uri_parse(NULL, 1, URIGREP_RFC2396, &u) ==
          URIGREP_ERR_ARG && u == NULL);
    u = (urigrep_uri *)&opts;
    CHECK(urigrep_uri_parse("a", SIZE_MAX, URIGREP_RFC2396, &u) ==
          URIGREP_ERR_ARG && u == NULL);
    CHECK(urigrep_uri_parse("a", SIZE_MAX - 8, URIGREP_RFC3986, &u) ==
          URIGREP_ERR_ARG && u == NULL);
    CHECK(urigrep_validate("a", SIZE_MAX, URIGREP_RFC2396, &off) ==
          URIGREP_ERR_ARG && off == 0);
    CHECK(urigrep_validate(NULL, 3, URIGREP_RFC2396, NULL) ==
          URIGREP_ERR_ARG);
    CHECK(urigrep_validate(NULL, 0, URIGREP_RFC2396, NULL) == URIGREP_OK);
    for (i = 0; i < sizeof bad_rfc / sizeof *bad_rfc; i++) {
        off = 99;
        CHECK(urigrep_validate("http://a/", 9, bad_rfc[i], &off) ==
              URIGREP_ERR_ARG && off == 0);
        u = (urigrep_uri *)&opts;
        CHECK(urigrep_uri_parse("http://a/", 9, bad_rfc[i], &u) ==
              URIGREP_ERR_ARG && u == NULL);
        abs = (char *)"x";
        CHECK(urigrep_resolve("http://a/", 9, "b", 1, bad_rfc[i], &abs,
                              NULL) == URIGREP_ERR_ARG && abs == NULL);
    }

    /* a NULL handle */
    off = 99;
    CHECK(urigrep_uri_error(NULL, &off) == URIGREP_ERR_ARG && off == 0);
    CHECK(urigrep_uri_error(NULL, NULL) == URIGREP_ERR_ARG);
    CHECK(urigrep_uri_part(NULL, URIGREP_PART_PATH, &sp) == 0 &&
          sp.ptr == NULL && sp.len == 0);
    CHECK(urigrep_uri_part(NULL, URIGREP_PART_PATH, NULL) == 0);
    CHECK(urigrep_uri_is_absolute(NULL) == 0);
    urigrep_uri_free(NULL);
    CHECK(urigrep_uri_parse("http://a/", 9, URIGREP_RFC2396, &u) ==
          URIGREP_OK);
    sp.ptr = "x";
    CHECK(urigrep_uri_part(u, (enum urigrep_part)99, &sp) == 0 &&
          sp.ptr == NULL);
    CHECK(urigrep_uri_is_absolute(u) == 1);
    urigrep_uri_free(u);

    /* resolve, and urigrep_free() of what it allocates */
    urigrep_free(NULL);
    CHECK(urigrep_resolve("http://a/", 9, "b", 1, URIGREP_RFC2396, NULL,
                          NULL) == URIGREP_ERR_ARG);
    CHECK(urigrep_resolve(NULL, 9, "b", 1, URIGREP_RFC2396, &abs, NULL) ==
          URIGREP_ERR_ARG && abs == NULL);
    CHECK(urigrep_resolve("http://a/", 9, NULL, 1, URIGREP_RFC2396, &abs,
                          NULL) == URIGREP_ERR_ARG && abs == NULL);
    CHECK(urigrep_resolve("http://a/", SIZE_MAX, "b", 1, URIGREP_RFC2396,
                          &abs, NULL) == URIGREP_ERR_ARG && abs == NULL);
    CHECK(urigrep_resolve("http://a/", 9, "b", SIZE_MAX - 4, URIGREP_RFC1808,
                          &abs, NULL) == URIGREP_ERR_ARG && abs == NULL);
    CHECK(urigrep_resolve("a/", 2, "b", 1, URIGREP_RFC2396, &abs, NULL) ==
          URIGREP_ERR_BASE_RELATIVE && abs == NULL);

    /* normalize (added in 0.10.0) */
    CHECK(urigrep_uri_normalize("a", 1, NULL, NULL) == URIGREP_ERR_ARG);
    CHECK(urigrep_uri_normalize(NULL, 1, &abs, NULL) == URIGREP_ERR_ARG &&
          abs == NULL);
    CHECK(urigrep_uri_normalize("a", SIZE_MAX, &abs, NULL) ==
          URIGREP_ERR_ARG && abs == NULL);
    CHECK(urigrep_uri_normalize("HTTP://A:80", 11, &abs, NULL) ==
          URIGREP_OK && strcmp(abs, "http://a/") == 0);
    urigrep_free(abs);

    /* helpers */
    CHECK(urigrep_strip_typed(NULL, 3, out) == 0);
    CHECK(urigrep_strip_typed("<a>", 3, NULL) == 0);
    CHECK(urigrep_iri_to_uri(NULL, 3, out) == 0);
    CHECK(urigrep_iri_to_uri("abc", 3, NULL) == 0);
    for (st = -1; st <= URIGREP_STATUS_MAX + 1; st++)
        CHECK(urigrep_strerror((enum urigrep_status)st) != NULL);
    CHECK(strcmp(urigrep_strerror(URIGREP_ERR_TOO_LONG),
                 "unknown status") != 0);

    /* documents (the extractor's own contract is in check_extract.c):
     * exported, and refusing what urigrep.h says */
    CHECK(urigrep_detect(NULL, 0) == URIGREP_DOC_TEXT);
    CHECK(urigrep_detect("<html>", 6) == URIGREP_DOC_HTML);
    CHECK(strcmp(urigrep_delim_name(URIGREP_DELIM_ATTRIBUTE),
                 "attribute") == 0);
    CHECK(strcmp(urigrep_base_source_name(URIGREP_BASE_RFC1808),
                 "base-header") == 0);
    CHECK(urigrep_extractor_new(NULL, NULL, NULL, NULL, NULL) ==
          URIGREP_ERR_ARG);
    CHECK(urigrep_extractor_feed(NULL, "", 0) == URIGREP_ERR_ARG);
    CHECK(urigrep_extractor_finish(NULL) == URIGREP_ERR_ARG);
    urigrep_extractor_reset(NULL);
    urigrep_extractor_free(NULL);
    return 0;
}

/* SPAN is the LEN bytes of WANT (WANT NULL: undefined). */
static int
span_is(struct urigrep_span span, const char *want)
{
    if (want == NULL)
        return span.ptr == NULL && span.len == 0;
    return span.ptr != NULL && span.len == strlen(want) &&
           memcmp(span.ptr, want, span.len) == 0;
}

/* The helpers added in 0.9.0: components without a handle (RFC 2396
 * Appendix B's example), mbox separators and charset names. */
static int
helpers(void)
{
    static const char ex[] = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
    struct urigrep_span p[URIGREP_PART_COUNT];

    CHECK(urigrep_uri_split(ex, strlen(ex), p) == URIGREP_OK);
    CHECK(span_is(p[URIGREP_PART_SCHEME], "http"));
    CHECK(span_is(p[URIGREP_PART_AUTHORITY], "www.ics.uci.edu"));
    CHECK(span_is(p[URIGREP_PART_HOST], "www.ics.uci.edu"));
    CHECK(span_is(p[URIGREP_PART_PORT], NULL));
    CHECK(span_is(p[URIGREP_PART_PATH], "/pub/ietf/uri/"));
    CHECK(span_is(p[URIGREP_PART_QUERY], NULL));
    CHECK(span_is(p[URIGREP_PART_FRAGMENT], "Related"));
    /* "?" with nothing after it: a query defined and empty (5.2 step 7) */
    CHECK(urigrep_uri_split("g?", 2, p) == URIGREP_OK);
    CHECK(span_is(p[URIGREP_PART_QUERY], "") && p[URIGREP_PART_QUERY].ptr);
    CHECK(span_is(p[URIGREP_PART_SCHEME], NULL));
    CHECK(urigrep_uri_split("", 0, p) == URIGREP_OK);
    CHECK(span_is(p[URIGREP_PART_PATH], ""));
    CHECK(urigrep_uri_split(NULL, 3, p) == URIGREP_ERR_ARG);
    CHECK(span_is(p[URIGREP_PART_PATH], NULL));
    CHECK(urigrep_uri_split("a", 1, NULL) == URIGREP_ERR_ARG);
    /* no scheme (section 3.1) before the ':' (0.10.0): prose in an
     * attribute, a digit first, a space; split as relative references,
     * the ':' in the path; a scheme with '+', '-', '.' is one */
    CHECK(urigrep_uri_split("github, where it came up: see", 29, p) ==
          URIGREP_OK);
    CHECK(span_is(p[URIGREP_PART_SCHEME], NULL));
    CHECK(span_is(p[URIGREP_PART_PATH], "github, where it came up: see"));
    CHECK(urigrep_uri_split("1http://x/y?q", 13, p) == URIGREP_OK);
    CHECK(span_is(p[URIGREP_PART_SCHEME], NULL));
    CHECK(span_is(p[URIGREP_PART_AUTHORITY], NULL));
    CHECK(span_is(p[URIGREP_PART_PATH], "1http://x/y"));
    CHECK(span_is(p[URIGREP_PART_QUERY], "q"));
    CHECK(urigrep_uri_split("Foo Bar:baz", 11, p) == URIGREP_OK);
    CHECK(span_is(p[URIGREP_PART_SCHEME], NULL));
    CHECK(urigrep_uri_split("svn+ssh.x-y://h/p", 17, p) == URIGREP_OK);
    CHECK(span_is(p[URIGREP_PART_SCHEME], "svn+ssh.x-y"));
    CHECK(span_is(p[URIGREP_PART_HOST], "h"));
    /* registered domains (0.10.0): the Public Suffix List's, when the
     * library has it */
    {
        char *rd = NULL;
        size_t n = 0;
        enum urigrep_status st =
            urigrep_registered_domain("WWW.BBC.co.uk.", 14, &rd, &n);

        if (urigrep_trust_features() & URIGREP_TRUST_PSL) {
            CHECK(st == URIGREP_OK && rd && strcmp(rd, "bbc.co.uk") == 0 &&
                  n == 9);
            urigrep_free(rd);
            CHECK(urigrep_registered_domain("a.b.example.com", 15, &rd,
                                            NULL) == URIGREP_OK &&
                  strcmp(rd, "example.com") == 0);
            urigrep_free(rd);
            CHECK(urigrep_registered_domain("192.0.2.1", 9, &rd, NULL) ==
                      URIGREP_OK && strcmp(rd, "192.0.2.1") == 0);
            urigrep_free(rd);
        } else {
            CHECK(st == URIGREP_ERR_NO_PSL && rd == NULL);
        }
        CHECK(urigrep_registered_domain("", 0, &rd, NULL) == URIGREP_ERR_ARG);
        CHECK(urigrep_registered_domain("a.b", 3, NULL, NULL) ==
              URIGREP_ERR_ARG);
    }
    /* the keyed hash (0.10.0): SipHash-2-4's reference vectors under
     * the key 00 01 .. 0f, and keys drawn differ */
    {
        unsigned char key[16], k2[16], msg[15];
        int i;

        for (i = 0; i < 16; i++)
            key[i] = (unsigned char)i;
        for (i = 0; i < 15; i++)
            msg[i] = (unsigned char)i;
        CHECK(urigrep_hash(key, msg, 15) == 0xa129ca6149be45e5ull);
        CHECK(urigrep_hash(key, msg, 0) == 0x726fdb47dd0e0e31ull);
        CHECK(urigrep_hash(key, NULL, 0) == 0x726fdb47dd0e0e31ull);
        CHECK(urigrep_hash(NULL, msg, 15) == 0);
        CHECK(urigrep_hash(key, NULL, 1) == 0);
        urigrep_hash_key(key);
        urigrep_hash_key(k2);
        urigrep_hash_key(NULL);
        CHECK(memcmp(key, k2, 16) != 0);
    }
    /* an invalid reference with a scheme keeps it */
    CHECK(urigrep_uri_split("http://exa mple/", 16, p) == URIGREP_OK);
    CHECK(span_is(p[URIGREP_PART_SCHEME], "http"));

    CHECK(urigrep_mbox_from_line("From a@example.org Mon Jan  1 00:00:00 "
                                 "2024\n", 44) == 1);
    CHECK(urigrep_mbox_from_line("From here on, see\n", 18) == 0);
    CHECK(urigrep_mbox_from_line(NULL, 0) == 0);
    CHECK(urigrep_charset_supported("ISO-8859-1") == 1);
    CHECK(urigrep_charset_supported("UTF-7") == 1);
    CHECK(urigrep_charset_supported("no-such-charset-x") == 0);
    CHECK(urigrep_charset_supported(NULL) == 0);
    return 0;
}

/* urigrep_features(): a NULL-ended list of names, "libidn2" in it exactly
 * when urigrep_iri_to_uri_idna() can convert a host name by IDNA. */
static int
features(void)
{
    const char *const *f = urigrep_features();
    const char *iri = "http://b\xc3\xbc" "cher.example/";
    bool idn2 = false;
    char *out = NULL;
    size_t i, n = 0;
    enum urigrep_status st;

    CHECK(f != NULL);
    for (i = 0; f[i]; i++) {
        CHECK(f[i][0] != '\0');
        if (strcmp(f[i], "libidn2") == 0)
            idn2 = true;
    }
    st = urigrep_iri_to_uri_idna(iri, strlen(iri), &out, &n, NULL);
    CHECK(idn2 ? st == URIGREP_OK && strstr(out, "xn--bcher-kva") != NULL
               : st == URIGREP_ERR_NO_IDNA);
    /* 0.9.0's callers free with free(): urigrep_free() is free() in the
     * same allocator, so that keeps working */
    free(out);
    return 0;
}

/* urigrep_ref_json(): the object urigrep --json prints for a reference
 * (this one's, from the command), a CAP too small answered with the size
 * that is enough, and a public-inbox message's commit and epoch. */
static char json_line[1024];
static size_t json_len;
static enum urigrep_status json_short, json_again, json_alloc;
static char json_commit[1024];
static size_t json_commit_len;

static int
to_json(void *arg, const struct urigrep_ref *r)
{
    struct urigrep_json_options o = { sizeof o, "f.txt", NULL, -1, 0 };
    size_t need = 0;

    (void)arg;
    json_short = urigrep_ref_json(r, &o, json_line, 8, &need);
    json_again = urigrep_ref_json(r, &o, json_line, need, &json_len);
    if (json_again == URIGREP_OK && json_len != need)
        json_again = URIGREP_ERR_ARG;
    /* the allocating form gives the same bytes, NUL-terminated */
    {
        char *s = NULL;
        size_t n = 0;

        json_alloc = urigrep_ref_json_alloc(r, &o, &s, &n);
        if (json_alloc == URIGREP_OK &&
            (n != json_len || s[n] != '\0' || memcmp(s, json_line, n)))
            json_alloc = URIGREP_ERR_ARG;
        urigrep_free(s);
    }
    o.commit = "0123456789abcdef0123456789abcdef01234567";
    o.epoch = 2;
    if (urigrep_ref_json(r, &o, json_commit, sizeof json_commit,
                         &json_commit_len) != URIGREP_OK)
        json_commit_len = 0;
    return 0;
}

static int
json(void)
{
    const char *doc = "see http://example.org/a?b=1 \"now\"\n";
    const char *want = "{\"file\":\"f.txt\",\"line\":1,\"column\":5,"
        "\"offset\":4,\"ref\":\"http://example.org/a?b=1\",\"uri\":"
        "\"http://example.org/a?b=1\",\"delimiter\":\"bare\",\"valid\":true,"
        "\"kind\":\"absolute\",\"error\":null,\"error_offset\":null,"
        "\"scheme\":\"http\",\"authority\":\"example.org\",\"userinfo\":"
        "null,\"host\":\"example.org\",\"port\":null,\"path\":\"/a\","
        "\"query\":\"b=1\",\"fragment\":null}\n";
    struct urigrep_extract_options xo;
    struct urigrep_json_options bad = { 0, NULL, NULL, -1, 0 };
    urigrep_extractor *x = NULL;
    size_t n = 1;

    memset(&xo, 0, sizeof xo);
    xo.size = sizeof xo;
    xo.type = URIGREP_DOC_TEXT;
    xo.flags = URIGREP_EXTRACT_COLUMNS | URIGREP_EXTRACT_UNWRAP |
               URIGREP_EXTRACT_TRUST;
    CHECK(urigrep_extractor_new(&xo, to_json, NULL, NULL, &x) == URIGREP_OK);
    CHECK(urigrep_extractor_feed(x, doc, strlen(doc)) == URIGREP_OK);
    CHECK(urigrep_extractor_finish(x) == URIGREP_OK);
    urigrep_extractor_free(x);
    CHECK(json_short == URIGREP_ERR_TOO_LONG);
    CHECK(json_again == URIGREP_OK);
    CHECK(json_alloc == URIGREP_OK);
    CHECK(json_len == strlen(want) && memcmp(json_line, want, json_len) == 0);
    CHECK(json_commit_len == json_len + 62 &&
          memcmp(json_commit, want, json_len - 2) == 0 &&
          memcmp(json_commit + json_len - 2, ",\"commit\":\"0123456789abcdef"
                 "0123456789abcdef01234567\",\"epoch\":2}\n", 64) == 0);
    CHECK(urigrep_ref_json(NULL, &bad, json_line, 8, &n) == URIGREP_ERR_ARG &&
          n == 0);
    {
        char *s = (char *)"x";

        n = 1;
        CHECK(urigrep_ref_json_alloc(NULL, &bad, &s, &n) == URIGREP_ERR_ARG &&
              s == NULL && n == 0);
    }
    return 0;
}

/* The _alloc forms (0.10.0, one convention: urigrep.h): the bytes of
 * the caller-buffer form, NUL-terminated, in memory urigrep_free()
 * releases; *OUT NULL and the length 0 on a bad argument. */
static int
alloc_forms(void)
{
    static const char typed[] = " <URL: http://a/b\n c>";
    static const char iri[] = "http://h/\xc3\xa9t\xc3\xa9";
    static const char tracked[] = "http://h/p?a=1&utm_source=x&b=2";
    char buf[64], *s = (char *)"x";
    size_t n = 99, want;

    want = urigrep_strip_typed(typed, sizeof typed - 1, buf);
    CHECK(urigrep_strip_typed_alloc(typed, sizeof typed - 1, &s, &n) ==
          URIGREP_OK);
    CHECK(n == want && memcmp(s, buf, n) == 0 && s[n] == '\0' &&
          strcmp(s, "http://a/bc") == 0);
    urigrep_free(s);
    want = urigrep_iri_to_uri(iri, sizeof iri - 1, buf);
    CHECK(urigrep_iri_to_uri_alloc(iri, sizeof iri - 1, &s, NULL) ==
          URIGREP_OK && strlen(s) == want && memcmp(s, buf, want) == 0 &&
          strcmp(s, "http://h/%C3%A9t%C3%A9") == 0);
    urigrep_free(s);
    want = urigrep_strip_tracking(tracked, sizeof tracked - 1, buf);
    CHECK(urigrep_strip_tracking_alloc(tracked, sizeof tracked - 1, &s,
                                       &n) == URIGREP_OK &&
          n == want && strcmp(s, "http://h/p?a=1&b=2") == 0);
    urigrep_free(s);
    /* nothing in, "" out; NULL with a length, or no OUT: refused */
    CHECK(urigrep_iri_to_uri_alloc(NULL, 0, &s, &n) == URIGREP_OK &&
          n == 0 && strcmp(s, "") == 0);
    urigrep_free(s);
    n = 99;
    CHECK(urigrep_strip_typed_alloc(NULL, 3, &s, &n) == URIGREP_ERR_ARG &&
          s == NULL && n == 0);
    CHECK(urigrep_iri_to_uri_alloc("abc", 3, NULL, &n) == URIGREP_ERR_ARG);
    s = (char *)"x";
    CHECK(urigrep_strip_tracking_alloc("a", (size_t)PTRDIFF_MAX, &s, NULL) ==
          URIGREP_ERR_ARG && s == NULL);
    return 0;
}

int
main(void)
{
    const char *text = "see <http://example.org/a\n  b> now";
    urigrep_scanner *sc = NULL;
    urigrep_uri *u = NULL;
    struct urigrep_span sp;
    char *abs = NULL;
    size_t off = 0;

    CHECK(urigrep_scanner_new(NULL, &sc) == URIGREP_OK);
    CHECK(urigrep_scanner_feed(sc, text, strlen(text), keep, NULL) ==
          URIGREP_OK);
    CHECK(urigrep_scanner_finish(sc, keep, NULL) == URIGREP_OK);
    urigrep_scanner_free(sc);
    CHECK(strcmp(found, "http://example.org/ab") == 0);

    CHECK(urigrep_resolve("http://a/b/c/d;p?q", 18, "../g", 4,
                          URIGREP_RFC2396, &abs, NULL) == URIGREP_OK);
    CHECK(strcmp(abs, "http://a/b/g") == 0);
    urigrep_free(abs);

    CHECK(urigrep_validate("http://a b/", 11, URIGREP_RFC2396, &off) ==
          URIGREP_E_SPACE);
    CHECK(off == 8);
    CHECK(urigrep_uri_parse("ftp://h/p?q#f", 13, URIGREP_RFC3986, &u) ==
          URIGREP_OK);
    CHECK(urigrep_uri_part(u, URIGREP_PART_HOST, &sp) && sp.len == 1);
    urigrep_uri_free(u);
    CHECK(strcmp(urigrep_version(), "") != 0);
    if (features() != 0 || json() != 0)
        return 1;
    if (contracts() != 0 || helpers() != 0 || alloc_forms() != 0)
        return 1;
    puts("test-api: the shared library's API works");
    return 0;
}
