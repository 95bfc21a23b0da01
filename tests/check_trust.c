/* check_trust.c: a link's text against its target (registered domains by
 * the Public Suffix List) and hosts a person may misread (issue 22). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "links/trust.h"
#include "urigrep.h"

/*
 * What issue 22 item 3 expects, case by case. A build without libpsl or
 * ICU cannot give these answers: its groups are left out with a message
 * saying which and why, the binary exits 77 (SKIP in make check's
 * summary, not a silent PASS), and what such a build must answer instead
 * ("not known", never a guess) is tested in their place.
 */

static struct trust *t;

static void
setup(void)
{
    t = trust_new();
    ck_assert_ptr_nonnull(t);
}

static void
teardown(void)
{
    trust_free(t);
    t = NULL;
}

/* A link's visible text, its target, and the mismatch issue 22 expects:
 * 1 when the text names a host whose registered domain differs from the
 * target's, 0 when it names none or the same one. */
static const struct {
    const char *text, *uri;
    int want;
    const char *why;
} mismatch_cases[] = {
    /* the text is a URI of another site */
    { "https://www.paypal.com/signin", "https://evil.example.net/login", 1,
      "a URI naming another registered domain" },
    { "https://www.paypal.com/signin", "https://www.paypal.com/x?y=1", 0,
      "the same host" },
    /* the same registered domain under other subdomains is no mismatch */
    { "https://login.example.com/", "https://www.example.com/account", 0,
      "login. and www. of one registered domain" },
    { "www.example.com", "https://example.com/", 0,
      "www. against the registered domain itself" },
    { "https://a.b.c.example.org/", "http://example.org/", 0,
      "deep subdomains of one registered domain" },
    /* a bare host name as the text */
    { "www.paypal.com", "https://paypal.com.evil.example/", 1,
      "a www. name whose registered domain is a prefix of the target's" },
    { "paypal.com", "https://secure-paypal.com/", 1,
      "a bare name of a known three-letter top-level domain" },
    { "paypal.com/login", "https://evil.example/paypal.com/login", 1,
      "a name followed by a path, the target's path holding it" },
    { "PayPal.COM.", "https://www.paypal.com/", 0,
      "case and a final dot do not matter" },
    { "Visit <www.example.org>.", "https://example.org/", 0,
      "blanks, <> and a final '.' around the name are not part of it" },
#ifdef HAVE_LIBIDN2
    { "b\xc3\xbc" "cher.de", "http://www.xn--bcher-kva.de/", 0,
      "an IDN as the text in Unicode, in A-labels in the link" },
    { "b\xc3\xbc" "cher.de", "http://bucher.de/", 1,
      "bucher.de is another domain than b\xc3\xbc" "cher.de" },
#endif
    /* public suffixes: two sites under co.uk or github.io are two */
    { "https://www.paypal.co.uk/", "https://paypal.co.uk/login", 0,
      "co.uk is a public suffix: paypal.co.uk is the registered domain" },
    { "https://paypal.co.uk/", "https://evil.co.uk/", 1,
      "two registered domains under the public suffix co.uk" },
    { "https://alice.github.io/blog", "https://bob.github.io/blog", 1,
      "github.io is a public suffix (PSL private section): two sites" },
    { "https://alice.github.io/", "https://www.alice.github.io/x", 0,
      "one github.io site under two names" },
    { "https://github.com/alice", "https://alice.github.io/", 1,
      "github.com and alice.github.io are different registered domains" },
    /* IP literals are their own registered domain */
    { "http://192.0.2.1/", "http://192.0.2.1/login", 0,
      "one IPv4 address" },
    { "http://192.0.2.1/", "http://192.0.2.2/", 1,
      "two IPv4 addresses (the list's \"2.1\" would be no answer)" },
    { "https://www.example.com/", "http://198.51.100.7/login", 1,
      "a name as the text, an address as the target" },
    { "http://[2001:db8::1]/", "http://[2001:db8::1]:8080/x", 0,
      "one IPv6 literal" },
    { "http://[2001:db8::1]/", "http://[2001:db8::2]/", 1,
      "two IPv6 literals" },
    /* the text of a mailto: link */
    { "alice@example.org", "mailto:alice@example.org", 0,
      "an address as the text of a link to the same address" },
    { "alice@example.org", "mailto:alice@evil.example.net", 1,
      "an address as the text of a link to another domain's" },
    { "alice@lists.example.org", "https://example.net/archive", 0,
      "an address says nothing of where a web link goes" },
    /* a wrapped link as the text is read as its target, like the href
     * (item 3): Safe Links rewrites the URLs shown in a message's text
     * as well as its links.  The first two are real, from the usrp-users
     * list (lists.ettus.com), the text cut at 256 bytes as --json gives
     * it; the href is the whole link, of which --json compares the
     * target */
    { "https://nam03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpas"
      "tebin.com%2FMNmV0CVM&amp;data=02%7C01%7Cilbeeman%40wpi.edu%7C67d0b1b"
      "f68e547772c0008d79f9a0be3%7C589c76f5ca1541f9884b55ec15a0672a%7C0%7C0"
      "%7C637153356297733935&amp;sdata=s%2BDDjN%2B9wOj3ajY",
      "https://pastebin.com/MNmV0CVM", 0,
      "Safe Links text of pastebin.com, a link to pastebin.com "
      "(<BY5PR01MB57611F3E97967B0C129388BDCB0E0@BY5PR01MB5761.prod."
      "exchangelabs.com>)" },
    { "https://urldefense.proofpoint.com/v2/url?u=http-3A__lists.ettus.com_"
      "mailman_listinfo_usrp-2Dusers-5Flists.ettus.com&d=DwMFaQ&c=euGZstcaTD"
      "llvimEN8b7jXrwqOf-v5A_CdpgnVfiiMM&r=x&m=y&s=z&e=",
      "http://lists.ettus.com/mailman/listinfo/usrp-users_lists.ettus.com",
      0, "URL Defense v2 text of lists.ettus.com, a link there" },
    { "https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww"
      ".example.com%2F&data=05%7C01&sdata=x&reserved=0",
      "https://www.example.com/", 0,
      "Safe Links text of example.com, a link to example.com" },
    { "https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww"
      ".paypal.com%2F&data=05%7C01&sdata=x&reserved=0",
      "https://evil.example/", 1,
      "Safe Links text of paypal.com, a link to another site" },
    { "https://nam06.safelinks.protection.outlook.com/?url=https%3A%2F%2Furl"
      "defense.com%2Fv3%2F__https%3A%2F%2Fwww.example.org%2Fdocs__%3B!!AC!x"
      "%24&data=05&reserved=0", "https://example.org/docs", 0,
      "Safe Links around URL Defense v3: both layers taken off" },
    { "https://protect-us.mimecast.com/s/AbCdEfGhIjKlMn?domain=example.com",
      "https://example.com/", -1,
      "Mimecast text: its target is not in the link, so not known" },
    { "https://nam06.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww"
      ".example.com%2&data=05", "https://www.example.com/", -1,
      "a Safe Links text with bad percent-encoding: no target, not known" },
    { "https://nam06.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww"
      ".paypal.com%2Flogin", "https://evil.example/", -1,
      "a Safe Links text cut in its url= (no &data= after it): not known" },
    /* text that is not a host name */
    { "Click here", "https://evil.example/", 0, "words" },
    { "README.md", "https://github.com/x/y/blob/main/README.md", 0,
      "a file name (two-letter top-level domain, no www., no path)" },
    { "setup.py", "https://example.org/setup.py", 0,
      "a file name (.py is a top-level domain, but so is no file)" },
    { "notes.txt", "https://example.org/notes.txt", 0,
      "a file name: txt is no top-level domain the list knows (its \"*\" "
      "rule aside)" },
    { "linux-6.1.tar.gz", "https://cdn.example.org/linux-6.1.tar.gz", 0,
      "three labels, but gz is no top-level domain" },
    /* a file's name as the text of a link to that file: an extension
     * that is also a top-level domain of three letters or more, or the
     * last of three labels or more, is no host claim when the name is
     * the last segment of the link's path */
    { "data.zip", "https://example.org/dl/data.zip", 0,
      "the file the link fetches (.zip is a top-level domain)" },
    { "clip.mov", "https://github.com/x/y/blob/main/clip.mov?raw=true", 0,
      "the last segment of the path, its query aside" },
    { "README.en.md", "https://github.com/x/y/blob/main/README.en.md", 0,
      "three labels ending in .md: a file's name" },
    { "Setup.ZIP.", "https://example.org/setup.zip", 0,
      "case and a final dot do not matter" },
    { "data.zip", "https://example.org/dl/%64ata.zip", 0,
      "the path's percent-encoding decoded" },
    { "r\xc3\xa9sum\xc3\xa9.zip",
      "https://example.org/r%C3%A9sum%C3%A9.zip", 0,
      "a non-ASCII name, percent-encoded in the path" },
    /* a non-ASCII name is an IDN only with a top-level domain: its
     * extension otherwise */
    { "R\xc3\xa9sum\xc3\xa9.pdf", "https://example.org/cv", 0,
      "pdf is no top-level domain: a file's name, accents or not" },
    { "\xc3\x9c" "bersicht.docx", "https://drive.google.com/file/d/1x/view",
      0, "docx is no top-level domain either" },
    { "caf\xc3\xa9.com", "https://evil.example/", 1,
      "an IDN of a known top-level domain is a host" },
    { "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xbc\xd0\xb5\xd1\x80.\xd1\x80\xd1\x84",
      "https://evil.example/", 1, "an IDN top-level domain (.rf)" },
    /* the same names elsewhere are still read as hosts */
    { "invoice.zip", "https://evil.example/", 1,
      ".zip is registered and used to phish: a name the path does not "
      "end in is a host" },
    { "invoice.zip", "https://evil.example/get?f=invoice.zip", 1,
      "in the query, not the path's last segment" },
    { "data.zip", "https://evil.example/data.zip/", 1,
      "the path's last segment is empty" },
    { "data.zip", "https://drive.google.com/file/d/1x/view", 1,
      "a stored file's name over its page: nothing shows it is a file" },
    { "github.com", "https://evil.example/x/github.com", 1,
      ".com is no file type: the classic lie stays one, whatever the path" },
    { "www.example.zip", "https://evil.example/www.example.zip", 1,
      "a www. name is a host" },
    { "shop.com.py", "https://evil.example/shop.com.py", 1,
      "com.py is a public suffix: shop.com.py is a site" },
    { "alice.vercel.app", "https://evil.example/alice.vercel.app", 1,
      "vercel.app is a public suffix (PSL private section): a site" },
    { "e.g.", "https://example.org/", 0, "an abbreviation" },
    { "version 1.2.3", "https://example.org/", 0, "words and a number" },
    { "", "https://evil.example/", 0, "an image link: no text" },
};

START_TEST(test_trust_mismatch_cases)
{
    const char *text = mismatch_cases[_i].text, *uri = mismatch_cases[_i].uri;
    int got = trust_mismatch(t, text, strlen(text), uri, strlen(uri));

    ck_assert_msg(got == mismatch_cases[_i].want,
                  "text \"%s\", link %s: mismatch %d, want %d (%s)", text,
                  uri, got, mismatch_cases[_i].want, mismatch_cases[_i].why);
}
END_TEST

/* Not known (-1), whatever the build: no text, or a target with no host
 * to compare with. */
START_TEST(test_trust_mismatch_unknown)
{
    static const char *const no_host[] = {
        "/relative/path", "urn:isbn:0451450523", "news:comp.lang.c",
        "3D\"https://gi=",
    };
    size_t i;

    ck_assert_int_eq(trust_mismatch(t, NULL, 0, "https://a.example/", 18),
                     -1);
    for (i = 0; i < sizeof no_host / sizeof *no_host; i++)
        ck_assert_msg(trust_mismatch(t, "www.example.com", 15, no_host[i],
                                     strlen(no_host[i])) == -1,
                      "%s has no host: mismatch not known", no_host[i]);
}
END_TEST

/* A text as long as the link's text can be (URIGREP_TEXT_BYTES) may
 * have been cut: a host that runs to its end may be cut too ("www.exam"),
 * so its mismatch is not known; a host followed by a path is whole. */
START_TEST(test_trust_mismatch_cut)
{
    char text[URIGREP_TEXT_BYTES + 1];

    memset(text, 'a', URIGREP_TEXT_BYTES);
    memcpy(text, "https://www.example.com/", 24);
    text[URIGREP_TEXT_BYTES] = '\0';
    ck_assert_int_eq(trust_mismatch(t, text, URIGREP_TEXT_BYTES,
                                    "https://evil.example/", 21), 1);
    ck_assert_int_eq(trust_mismatch(t, text, URIGREP_TEXT_BYTES,
                                    "https://example.com/", 20), 0);
    memcpy(text, "https://", 8);
    memset(text + 8, 'a', URIGREP_TEXT_BYTES - 8);
    memcpy(text + URIGREP_TEXT_BYTES - 8, ".example", 8);
    ck_assert_int_eq(trust_mismatch(t, text, URIGREP_TEXT_BYTES,
                                    "https://evil.example/", 21), -1);
    /* shorter, it was not cut: its host is whole */
    memcpy(text + URIGREP_TEXT_BYTES - 48, ".example", 8);
    ck_assert_int_eq(trust_mismatch(t, text, URIGREP_TEXT_BYTES - 40,
                                    "https://evil.example/", 21), 1);
}
END_TEST

/* Hosts and their registered domains (PSL): public suffix plus one. */
static const struct {
    const char *host, *want;
} domain_cases[] = {
    { "www.paypal.co.uk", "paypal.co.uk" },
    { "WWW.Example.COM.", "example.com" },
    { "alice.github.io", "alice.github.io" },
    { "a.b.alice.github.io", "alice.github.io" },
    { "co.uk", "co.uk" },           /* a public suffix is its own */
    { "localhost", "localhost" },   /* one label */
    { "192.0.2.1", "192.0.2.1" },   /* an address is its own */
    { "0x7f.1", "0x7f.1" },
    { "[2001:db8::1]", "[2001:db8::1]" },
#ifdef HAVE_LIBIDN2
    { "www.b\xc3\xbc" "cher.de", "xn--bcher-kva.de" },
#endif
};

START_TEST(test_trust_registered_domain)
{
    char out[256];
    const char *h = domain_cases[_i].host;

    ck_assert_msg(trust_registered_domain(t, h, strlen(h), out, sizeof out),
                  "%s: no registered domain", h);
    ck_assert_str_eq(out, domain_cases[_i].want);
}
END_TEST

/* A user name with a dot reads as no host when its last part is no
 * top-level domain (the list says so; without it any letters would do). */
START_TEST(test_trust_userinfo_psl)
{
    ck_assert(!trust_userinfo_host(t, "alice.smith", 11));
    ck_assert(trust_userinfo_host(t, "alice.smith.com", 15));
}
END_TEST

/* Without libpsl the mismatch of a text that names a host is not known:
 * -1, never a guess; text that names none is still 0. */
START_TEST(test_trust_mismatch_without_psl)
{
    char out[64];

    ck_assert_int_eq(trust_mismatch(t, "https://www.paypal.com/", 23,
                                    "https://evil.example/", 21), -1);
    ck_assert_int_eq(trust_mismatch(t, "Click here", 10,
                                    "https://evil.example/", 21), 0);
    ck_assert(!trust_registered_domain(t, "www.example.com", 15, out,
                                       sizeof out));
}
END_TEST

/* Which texts name a host (whatever the build: the top-level domains
 * here are letters, which a build without libpsl takes as known). */
static const struct {
    const char *text, *host;    /* host NULL: names none */
} text_cases[] = {
    { "https://user@www.example.org:8443/x", "www.example.org" },
    { "http://[2001:db8::1]/", "[2001:db8::1]" },
    { "www.example.org", "www.example.org" },
    { "paypal.com", "paypal.com" },
    { "bit.ly/abc", "bit.ly" },
    { "docs.example.io", "docs.example.io" },
    { "\"www.example.org\",", "www.example.org" },
    { "mailto:bob@example.org?subject=hi", "example.org" },
    { "bob@example.org", "example.org" },
    { "192.0.2.1", "192.0.2.1" },
    { "README.md", NULL },
    { "bit.ly", NULL },         /* two letters, no path: as a file */
    { "e.g.", NULL },
    { "see www.example.org", NULL },    /* words around a name */
    { "1.2.3", NULL },
    { "-bad-.example.com", NULL },
    { "a..example.com", NULL },
};

START_TEST(test_trust_text_host)
{
    const char *text = text_cases[_i].text, *want = text_cases[_i].host, *h;
    size_t hn;
    bool mail;
    bool got = trust_text_host(t, text, strlen(text), &h, &hn, &mail);

    if (want == NULL) {
        ck_assert_msg(!got, "\"%s\" names no host, got \"%.*s\"", text,
                      got ? (int)hn : 0, got ? h : "");
        return;
    }
    ck_assert_msg(got, "\"%s\" names %s", text, want);
    ck_assert_msg(hn == strlen(want) && memcmp(h, want, hn) == 0,
                  "\"%s\": host \"%.*s\", want %s", text, (int)hn, h, want);
}
END_TEST

/* URIs and the lookalike issue 22 expects of their ASCII hosts: userinfo
 * that reads as a host, IPv4 as one number or with hex or octal parts
 * (the URL Standard's IPv4 parser reads 0x7f.1 as 127.0.0.1 and
 * 3232235777 as 192.168.1.1). */
static const struct {
    const char *uri;
    int want;
} ascii_lookalikes[] = {
    { "http://paypal.com@evil.example/", 1 },
    { "https://www.paypal.com:secret@evil.example/login", 1 },
    { "http://paypal%2Ecom@evil.example/", 1 },   /* "." percent-encoded */
    { "http://192.0.2.1@evil.example/", 1 },
    { "ftp://anonymous@ftp.example.org/pub/", 0 },
    { "http://user:paypal.com@example.org/", 0 }, /* a password is no host */
    { "http://0x7f.1/", 1 },
    { "http://0x7F000001/", 1 },
    { "http://3232235777/", 1 },
    { "http://0177.0.0.1/", 1 },
    { "http://127.1/", 1 },
    { "http://192.168.0.010/", 1 },
    { "http://127.0.0.1/", 0 },
    { "http://192.0.2.1:8080/x", 0 },
    { "http://1.2.3.4.5/", 0 },     /* no IPv4 address at all */
    { "http://0x7g.example/", 0 },
    { "http://08.example.com/", 0 },
    { "https://www.example.com/", 0 },
    { "mailto:paypal.com@evil.example", 0 },    /* no authority */
    /* issue 37: an empty userinfo, a bidi control in one (U+202E RLO,
     * U+200F RLM, U+2066 LRI, U+061C ALM), raw or percent-encoded */
    { "http://@evil.example/", 1 },
    { "https://@evil.example:8443/login", 1 },
    { "http://u\xe2\x80\xae" "lapyap@evil.example/", 1 },
    { "http://%E2%80%AEuser@evil.example/", 1 },
    { "http://user:p%e2%80%8fw@evil.example/", 1 },
    { "http://%E2%81%A6x@evil.example/", 1 },
    { "http://%D8%9Cx@evil.example/", 1 },
    { "http://%E2%80%ADx@evil.example/", 1 },       /* U+202D LRO */
    { "http://%E2%80%A9x@evil.example/", 0 },       /* U+2029: no bidi */
    { "http://%E2%80%AE@evil.example/", 1 },
    { "http://%E2%80@evil.example/", 0 },           /* cut short */
    { "http://us%C3%A9r@example.org/", 0 },
    { "http://evil.example/@x", 0 },                /* '@' in the path */
};

START_TEST(test_trust_lookalike_ascii)
{
    const char *uri = ascii_lookalikes[_i].uri;
    struct urigrep_span a, u;
    int got = trust_lookalike(t, uri, strlen(uri), &a, &u);

    ck_assert_msg(got == ascii_lookalikes[_i].want, "%s: lookalike %d, want %d",
                  uri, got, ascii_lookalikes[_i].want);
    ck_assert_msg(a.ptr == NULL && u.ptr == NULL,
                  "%s: an ASCII host has no IDN forms", uri);
}
END_TEST

/* trust_odd_ipv4() and trust_userinfo_host() alone. */
START_TEST(test_trust_ipv4_userinfo)
{
    ck_assert(trust_odd_ipv4("0x7f.1", 6));
    ck_assert(trust_odd_ipv4("3232235777.", 11));   /* a final dot */
    ck_assert(trust_odd_ipv4("0300.0250.0.1", 13));
    ck_assert(!trust_odd_ipv4("192.168.0.1", 11));
    ck_assert(!trust_odd_ipv4("example", 7));
    ck_assert(!trust_odd_ipv4("1.2.3.4.5", 9));
    ck_assert(!trust_odd_ipv4("", 0));
    ck_assert(trust_userinfo_host(t, "www.paypal.com", 14));
    ck_assert(trust_userinfo_host(t, "paypal.com:pw", 13));
    ck_assert(trust_userinfo_host(t, "10.0.0.1", 8));
    ck_assert(!trust_userinfo_host(t, "alice", 5));
    ck_assert(!trust_userinfo_host(t, ":paypal.com", 11));
    ck_assert(trust_userinfo_hides("", 0));
    ck_assert(trust_userinfo_hides("a%E2%80%AE", 10));
    ck_assert(trust_userinfo_hides("a\xe2\x80\xae", 4));
    ck_assert(!trust_userinfo_hides("a%E2%80%A", 9));
    ck_assert(!trust_userinfo_hides("a%E2%80%AF", 10));   /* U+202F NNBSP */
    ck_assert(!trust_userinfo_hides("alice", 5));
}
END_TEST

/* IDN hosts, the lookalike UTS #39 (ICU's spoof checker) gives, and the
 * A-label form the picker shows beside the Unicode one (as Python's
 * "idna" codec writes it: an independent reading). */
static const struct {
    const char *uri, *ascii;
    int want;
    const char *why;
} idn_lookalikes[] = {
    { "https://p\xd0\xb0ypal.com/", "xn--pypal-4ve.com", 1,
      "a Cyrillic a among Latin letters: mixed scripts" },
    { "https://xn--pypal-4ve.com/", "xn--pypal-4ve.com", 1,
      "the same host written in A-labels" },
    { "https://pay\xd0\xb6pal.com/", "xn--paypal-dpf.com", 1,
      "a Cyrillic zhe among Latin letters: mixed scripts, though it looks "
      "like no ASCII letter" },
    { "https://p\xd0\xb0ypal.\xd1\x80\xd1\x84/", "xn--pypal-4ve.xn--p1ai",
      1, "mixed scripts under a Cyrillic top-level domain" },
    { "https://g\xce\xbfogle.com/", "xn--gogle-rce.com", 1,
      "a Greek omicron among Latin letters" },
    { "https://\xd0\xb0\xd1\x80\xd1\x80\xd3\x8f\xd0\xb5.com/",
      "xn--80ak6aa92e.com", 1,
      "all Cyrillic, but every letter looks like ASCII (\"apple\") under "
      "an ASCII top-level domain: a whole-script confusable" },
    { "https://b\xc3\xbc" "cher.de/", "xn--bcher-kva.de", 0,
      "Latin with a diaeresis: one script, not ASCII-like" },
    { "https://\xd0\xbf\xd1\x80\xd0\xb8\xd0\xbc\xd0\xb5\xd1\x80."
      "\xd1\x80\xd1\x84/", "xn--e1afmkfd.xn--p1ai", 0,
      "Cyrillic under a Cyrillic top-level domain" },
    { "https://\xe4\xbe\x8b\xe3\x81\x88.jp/", "xn--r8jz45g.jp", 0,
      "Han and Hiragana: one writing system (highly restrictive)" },
};

START_TEST(test_trust_lookalike_idn)
{
    const char *uri = idn_lookalikes[_i].uri, *ascii = idn_lookalikes[_i].ascii;
    struct urigrep_span a, u;
    int got = trust_lookalike(t, uri, strlen(uri), &a, &u);

    ck_assert_msg(got == idn_lookalikes[_i].want, "%s: lookalike %d, want %d "
                  "(%s)", uri, got, idn_lookalikes[_i].want,
                  idn_lookalikes[_i].why);
    ck_assert_msg(a.ptr && a.len == strlen(ascii) &&
                  memcmp(a.ptr, ascii, a.len) == 0,
                  "%s: A-labels \"%.*s\", want %s", uri, a.ptr ? (int)a.len : 0,
                  a.ptr ? a.ptr : "", ascii);
    ck_assert_msg(u.ptr && u.len > 0, "%s: no Unicode form", uri);
}
END_TEST

/* Without ICU a non-ASCII host's lookalike is not known: -1; what needs
 * no ICU (userinfo, IPv4) is still found. */
START_TEST(test_trust_lookalike_without_icu)
{
    struct urigrep_span a, u;

    ck_assert_int_eq(trust_lookalike(t, "https://p\xd0\xb0ypal.com/", 19, &a,
                                     &u), -1);
    ck_assert_int_eq(trust_lookalike(t, "http://paypal.com@x\xc3\xa9.example/",
                                     32, &a, &u), 1);
}
END_TEST

/* Add a TCase named NAME with SETUP's fixture to S. */
static TCase *
add_case(Suite *s, const char *name)
{
    TCase *tc = tcase_create(name);

    tcase_add_checked_fixture(tc, setup, teardown);
    suite_add_tcase(s, tc);
    return tc;
}

/* Can ICU's spoof checker be opened here (built with it, and its library
 * installed: it is opened with dlopen())? */
static bool
icu_works(void)
{
    struct trust *x = trust_new();
    int r = x ? trust_idn_label(x, "b\xc3\xbc" "cher", 7, true) : -1;

    trust_free(x);
    return r >= 0;
}

/* What this build cannot check, said at the end. */
struct skipped {
    const char *why[2];
    int n;
};

/* Note that WHY was skipped in S. */
static void
skip(struct skipped *s, const char *why)
{
    s->why[s->n++] = why;
}

/* The suite; what this build cannot check goes to *SKIPPED. */
static Suite *
trust_suite(struct skipped *skipped)
{
    Suite *s = suite_create("trust");
    TCase *tc;
    unsigned have = urigrep_trust_features();

    tc = add_case(s, "text");
    tcase_add_loop_test(tc, test_trust_text_host, 0,
                        sizeof text_cases / sizeof *text_cases);
    tcase_add_test(tc, test_trust_mismatch_unknown);
    tc = add_case(s, "ascii-lookalike");
    tcase_add_loop_test(tc, test_trust_lookalike_ascii, 0,
                        sizeof ascii_lookalikes / sizeof *ascii_lookalikes);
    tcase_add_test(tc, test_trust_ipv4_userinfo);
    tc = add_case(s, "psl");
    if (have & URIGREP_TRUST_PSL) {
        tcase_add_loop_test(tc, test_trust_mismatch_cases, 0,
                            sizeof mismatch_cases / sizeof *mismatch_cases);
        tcase_add_test(tc, test_trust_mismatch_cut);
        tcase_add_loop_test(tc, test_trust_registered_domain, 0,
                            sizeof domain_cases / sizeof *domain_cases);
        tcase_add_test(tc, test_trust_userinfo_psl);
    } else {
        tcase_add_test(tc, test_trust_mismatch_without_psl);
        skip(skipped, "registered-domain mismatch cases (built without "
                      "libpsl)");
    }
    tc = add_case(s, "idn");
    if ((have & URIGREP_TRUST_IDN) && icu_works()) {
        tcase_add_loop_test(tc, test_trust_lookalike_idn, 0,
                            sizeof idn_lookalikes / sizeof *idn_lookalikes);
    } else if (!(have & URIGREP_TRUST_ICU)) {
        tcase_add_test(tc, test_trust_lookalike_without_icu);
        skip(skipped, "IDN lookalike cases (built without ICU)");
    } else {
        skip(skipped, !(have & URIGREP_TRUST_IDN)
                          ? "IDN lookalike cases (built without libidn2)"
                          : "IDN lookalike cases (ICU's library not found)");
    }
    return s;
}

/* Exit status 1 when a test failed, 77 (skipped) when a group could not
 * run in this build, 0 when all ran and passed. */
int
main(void)
{
    struct skipped skipped = { { NULL, NULL }, 0 };
    SRunner *sr = srunner_create(trust_suite(&skipped));
    int failed, i;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    if (failed)
        return EXIT_FAILURE;
    for (i = 0; i < skipped.n; i++)
        printf("SKIP: %s\n", skipped.why[i]);
    return skipped.n ? 77 : EXIT_SUCCESS;
}
