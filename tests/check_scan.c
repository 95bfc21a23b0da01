/* check_scan.c: Appendix E delimiting, streaming and chunk invariance. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/scan.h"
#include "scan/skip.h"
#include "utf8.h"
#include "uri/scheme.h"
#include "uri/schemes.h"
#include "urigrep.h"
#include "check_main.h"

/* Everything the scanner reported, as one string per event:
 * "REF|delim|line:column@offset" (flags appended when set). */
struct collected {
    char *text;
    size_t len, cap;
    int n;
    int stop_after;  /* > 0: ask the scanner to stop after this many */
};

static void
append(struct collected *c, const char *s, size_t n)
{
    if (c->len + n + 1 > c->cap) {
        c->cap = (c->len + n + 1) * 2;
        c->text = realloc(c->text, c->cap);
        ck_assert_ptr_nonnull(c->text);
    }
    memcpy(c->text + c->len, s, n);
    c->len += n;
    c->text[c->len] = '\0';
}

static int
collect(void *arg, const struct urigrep_match *m)
{
    struct collected *c = arg;
    char meta[128];
    int k;

    if (m->event == URIGREP_EVENT_TOO_LONG)
        append(c, "TOO-LONG", 8);
    else
        append(c, m->ref.ptr, m->ref.len);
    k = snprintf(meta, sizeof meta, "|%d|%llu:%llu@%llu-%llu%s%s\n",
                 (int)m->delim, (unsigned long long)m->line,
                 (unsigned long long)m->column,
                 (unsigned long long)m->offset,
                 (unsigned long long)m->end_offset,
                 (m->flags & URIGREP_MATCH_HYPHEN_DROPPED) ? "|dropped" : "",
                 (m->flags & URIGREP_MATCH_REFANGED) ? "|refanged" : "");
    append(c, meta, (size_t)k);
    c->n++;
    return c->stop_after > 0 && c->n >= c->stop_after;
}

/* Feed TEXT in chunks of CHUNK bytes (0: all at once); return what was
 * reported, one event per line. Caller frees. */
static char *
scan_chunked(const char *text, size_t len, size_t chunk,
             const struct urigrep_scan_options *opt)
{
    struct collected c = { NULL, 0, 0, 0, 0 };
    urigrep_scanner *sc = NULL;
    size_t i;

    ck_assert_int_eq(urigrep_scanner_new(opt, &sc), URIGREP_OK);
    append(&c, "", 0);
    if (chunk == 0)
        chunk = len ? len : 1;
    for (i = 0; i < len; i += chunk) {
        size_t n = len - i < chunk ? len - i : chunk;
        ck_assert_int_eq(urigrep_scanner_feed(sc, text + i, n, collect, &c),
                         URIGREP_OK);
    }
    ck_assert_int_eq(urigrep_scanner_finish(sc, collect, &c), URIGREP_OK);
    urigrep_scanner_free(sc);
    return c.text;
}

/* Only the references, space-separated, for the tables below. */
static char *
refs_of(const char *text, const struct urigrep_scan_options *opt)
{
    char *all = scan_chunked(text, strlen(text), 0, opt);
    char *out = malloc(strlen(all) + 1), *o = out;
    const char *p = all;

    ck_assert_ptr_nonnull(out);
    while (*p) {
        const char *bar = strchr(p, '|'), *nl = strchr(p, '\n');
        if (o != out)
            *o++ = ' ';
        memcpy(o, p, (size_t)(bar - p));
        o += bar - p;
        p = nl + 1;
    }
    *o = '\0';
    free(all);
    return out;
}

/* Feeding TEXT in chunks of CHUNK bytes gives WHOLE, what one feed gave
 * (WHAT names the text in a failure). */
static void
assert_same_chunked(const char *what, const char *text, size_t len,
                    size_t chunk, const struct urigrep_scan_options *opt,
                    const char *whole)
{
    char *part = scan_chunked(text, len, chunk, opt);

    ck_assert_msg(strcmp(whole, part) == 0, "%s, chunks of %zu:\n%s\nvs\n%s",
                  what, chunk, whole, part);
    free(part);
}

struct case_ {
    const char *text;
    const char *want;  /* references, space-separated */
};

/* Delimiting rules: RFC 2396 Appendix E and the urigrep rules built on it.
 * Keep this table broad: it also drives the chunking property test. */
static const struct case_ cases[] = {
    /* Appendix E example: exactly three references */
    { "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"
      "but you can probably pick it up from <ftp://ds.internic.\n"
      "net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n"
      "ietf/uri/historical.html#WARNING>.\n",
      "http://www.w3.org/Addressing/ ftp://ds.internic.net/rfc/ "
      "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING" },
    /* the three delimiting styles and the prefix */
    { "\"http://test.com/\" <http://test.com/> http://test.com/",
      "http://test.com/ http://test.com/ http://test.com/" },
    { "<URL:http://www.ics.uci.edu/pub/ietf/uri/>",
      "http://www.ics.uci.edu/pub/ietf/uri/" },
    { "<url: http://a.example/x>", "http://a.example/x" },
    { "URL:http://a.example/x, URL: ftp://b.example/y.",
      "http://a.example/x ftp://b.example/y" },
    { "see <URL:../x> and <URL:?q> and <URL:>", "../x ?q" },
    /* the scheme is the longest run starting with a letter */
    { "1.http://x.example/ a1.b2://y/", "http://x.example/ a1.b2://y/" },
    /* ... unless it runs a registered "//" scheme into text */
    { "e.g.http://x/ lists.example.comhttp://x/y Blockedhttps://z/",
      "http://x/ http://x/y https://z/" },
    { "svn+ssh://a.example/r git+https://b.example/",
      "svn+ssh://a.example/r git+https://b.example/" },
    /* a scheme alone is never a URI */
    { "http: http:// <http:> <http://> \"http://\" mailto: <URL:http://>", "" },
    /* bare: // or a well-known scheme */
    { "foo:bar x-y:z mailto:a@b.example news:comp.lang.c urn:isbn:1 "
      "tel:+1-201-555-0123",
      "mailto:a@b.example news:comp.lang.c urn:isbn:1 tel:+1-201-555-0123" },
    { "Note:this Re: that 10:30 Date: Mon", "" },
    /* a break right after the colon ends a bare candidate at once, and
     * takes nothing from the references around it */
    { "Subject: mailto:a@b.example\nNote:\nnews:comp.lang.c Re:\t"
      "http://a.example/ <mailto:\n x@y.example> <URL: http://c.example/> "
      "URL: http://d.example/ x:\\:y",
      "mailto:a@b.example news:comp.lang.c http://a.example/ "
      "mailto:x@y.example http://c.example/ http://d.example/" },
    /* but in brackets any scheme counts (Appendix E)... */
    { "<hdl:4263537/4000> <x-y:z/a>", "hdl:4263537/4000 x-y:z/a" },
    /* ... that is not an XML tag or qualified name */
    { "<foo:bar> <xs:sequence> <x:y/> </ns:x>", "" },
    /* code and markup are not URIs (urigrep.1, "What counts as a URI") */
    { "std::string s; std::cout << x << std::endl;\n<std::string> "
      "uhd::usrp::multi_usrp::make(args)", "" },
    { "<xs:element name=\"foo\" type=\"xs:string\"/>\n<xsd:complexType>\n"
      "<soapenv:Envelope\n  xmlns:soapenv=\"http://schemas.example.org/env/\">",
      "http://schemas.example.org/env/" },
    { "<xs:import namespace=\"http://www.w3.org/2001/XMLSchema\"/>",
      "http://www.w3.org/2001/XMLSchema" },
    { "<  USENET: Post to alt.test  >", "" },
    { "<urn:ietf:rfc:2396> <mailto:a@b.example> <mailto:user at x.example>",
      "urn:ietf:rfc:2396 mailto:a@b.example" },
    /* scheme-specific syntax for opaque schemes found bare */
    { "FAX:(404) 555-1212 TEL: 555-1234 Tel:555-1234 tel:+1-201-555-0123 "
      "tel:7042;phone-context=example.com modem:+3585551234567;type=v32b",
      "tel:+1-201-555-0123 tel:7042;phone-context=example.com "
      "modem:+3585551234567;type=v32b" },
    { "mailto:useratlists.example.org mailto:a@b.example,c@d.example "
      "mailto:?to=joe@example.com&subject=hi",
      "mailto:a@b.example,c@d.example mailto:?to=joe@example.com&subject=hi" },
    { "News:today news:comp.lang.c news:alt news:123@host.example",
      "news:comp.lang.c news:123@host.example" },
    { "urn:ietf:rfc:2396 URN:ISBN:0-395-36341-1 urn:x urn::a urn:-a:b",
      "urn:ietf:rfc:2396 URN:ISBN:0-395-36341-1" },
    { "sip:alice@atlanta.com sip:proxy1 sips:bob@192.0.2.4;transport=tcp "
      "sip:+358-555-1234567;postd=pp22@foo.com;user=phone sip:-x sip:@h",
      "sip:alice@atlanta.com sip:proxy1 sips:bob@192.0.2.4;transport=tcp "
      "sip:+358-555-1234567;postd=pp22@foo.com;user=phone" },
    { "mid:foo cid:part1.x@example.com mid:960830.1639@XIson.com/partA "
      "cid:3 cid:%d cid:08db76b7-f643-4b96-8acd-5325e19c1e99",
      "cid:part1.x@example.com mid:960830.1639@XIson.com/partA "
      "cid:08db76b7-f643-4b96-8acd-5325e19c1e99" },
    { "data:,Hello data:text/plain;base64,SGVsbG8= Data:1234 data:foo",
      "data:,Hello data:text/plain;base64,SGVsbG8=" },
    { "geo:37.786971,-122.399677 geo:here geo:1,2,3;u=10",
      "geo:37.786971,-122.399677 geo:1,2,3;u=10" },
    { "a=mid:audio\na=group:BUNDLE 0 1\nu=http://www.example.com/sdp.pdf\n",
      "http://www.example.com/sdp.pdf" },
    { "\"javascript:void(0)\" <javascript:alert(1)> javascript:x", "" },
    /* in quotes any scheme counts too, but not data, markup or code */
    /* a '*' after '/' is a glob, unless a '*' opened the URI too */
    { "(ftp://fly.cc.fer.hr/*) *http://emph.example/* "
      "**https://bold.example/** http://x.example/a*.",
      "ftp://fly.cc.fer.hr/* http://emph.example/ https://bold.example/ "
      "http://x.example/a" },
    /* an unregistered scheme in quotes: an absolute path or a URL
     * inside; "ppa:owner/archive" is a package name */
    { "\"fx:/.//g\" \"x-y:a/b\" \"localhost:8080\" \"foo:bar\" "
      "printf(\"error:%d\\n\") type=\"xs:string\" \"unix:0.0\" "
      "\"ppa:marutter/rrutter\"",
      "fx:/.//g" },
    /* signatures and old addressing */
    { "TEL:+81-422-59-4256 FAX:+81-422-59-4254 <JANET:benha@uk.ac.ed> "
      "fish:Here fish:here at:y_length <environment:0x452b2c0> "
      "fish:/music [drm:amdgpu_job_timedout clk_num:%d pkg:ggplot",
      "fish:/music" },
    { "ether b8:85:84:bb:bb:5c f://g f:/a file:/bin/sh file:x",
      "file:/bin/sh" },
    { "\"c:/a/b\" <C:/Users/x> \"GO:0008150\" <OraConnection:(6721,7)> "
      "Dhttp://www.example.biz/a \"jdbc:mysql://localhost:3306/db\"",
      "http://www.example.biz/a jdbc:mysql://localhost:3306/db" },
    { "about:blank Example:foo proxy:3128 at:http://x.example/ "
      "spotify:track:6rqhFgbbKwnb9MLmUQDhG6 VER: 0x12 REG:0x00",
      "about:blank http://x.example/ spotify:track:6rqhFgbbKwnb9MLmUQDhG6" },
    /* a registered scheme before a hyphenated identifier is code: the
     * kernel's MODULE_ALIAS("platform:octeon-dwc3") */
    { "MODULE_ALIAS(\"platform:octeon-dwc3\"); platform:jz4740-rtc "
      "about:blank sms:+15551234",
      "about:blank sms:+15551234" },
    /* BitBake's SRC_URI: file:// then a file name, a host name or not */
    { "SRC_URI = \"file://0002-fix-clock-for-a-phy-to-.patch "
      "file://defconfig\" file:///etc file://C:/x file://",
      "file://0002-fix-clock-for-a-phy-to-.patch file://defconfig "
      "file:///etc file://C:/x" },
    /* a phone number written tel:// (a signature's), not in capitals */
    { "Phone: +27 60 525 9181 <tel://+27605259181> tel://+1-555-0100 "
      "TEL://+1234 tel://",
      "tel://+27605259181 tel://+1-555-0100" },
    /* a mailto: address's local part is a dot-atom: Google Groups'
     * masked addresses are none */
    { "[mailto:jan....@siemens.com <javascript:>] "
      "<mailto:jailhouse-de...@googlegroups.com> mailto:.a@x.example "
      "mailto:a.@x.example mailto:jan.kiszka@siemens.com",
      "mailto:jan.kiszka@siemens.com" },
    /* a scheme written twice: the URI is the last one; a URL in a path
     * (a proxy's, the Wayback Machine's) is part of it */
    { "http://http://example.com/x news://news://news://blaine.gmane.org "
      "https://web.archive.org/web/2020/http://x.example/",
      "http://example.com/x news://blaine.gmane.org "
      "https://web.archive.org/web/2020/http://x.example/" },
    /* a key and a hex value in a log */
    { "socitype:0x1 chip:0x4354 rev:0x1 pkg:0x2 about:blank",
      "about:blank" },
    /* a rule of '_' run onto a URL (Mailman's footer without its line
     * break) is no part of it; one or two '_' are */
    { "https://h.example/listinfo/list__________________ "
      "http://a.example/x_ http://a.example/x__ http://a.example/y.___",
      "https://h.example/listinfo/list http://a.example/x_ "
      "http://a.example/x__ http://a.example/y" },
    /* and so is one with its line number, in a kernel log */
    { "[drm:dpu_kms_hw_init:1006] [drm:amdgpu_job_timedout] about:blank "
      "urn:isbn:0451450523",
      "about:blank urn:isbn:0451450523" },
    /* misspelt, defanged and broken schemes; authorities that are no host */
    { "hxxp://evil.example/ hppt://x.example/ ttp://x.example/ htp://x.example",
      "" },
    /* but one of the common schemes is none, registered or not (FTP
     * over TLS in a curl command line); one letter off it is */
    { "curl -T x \"ftps://ftp.example.com/new.zip\" sftp://h.example/ "
      "ftpss://x.example/",
      "ftps://ftp.example.com/new.zip sftp://h.example/" },
    { "bind tcp://*:4000 and tcp://**:1/", "tcp://*:4000" },
    { "http://.example.com http://-example.com http://# http://example.com_ "
      "http://{host}/x http://a..b/", "" },
    { "http://a_b.example/ http://[::1]:80/ http://192.0.2.1/ file:///etc "
      "http://user:pw@h.example:8080/p http://example.com./",
      "http://a_b.example/ http://[::1]:80/ http://192.0.2.1/ file:///etc "
      "http://user:pw@h.example:8080/p http://example.com./" },
    /* no host: a registered scheme's only (a signature's "Email:////") */
    { "Email:////_asans008@FIU.edu foo:///bar ldap:///o=Univ <foo:///bar>",
      "ldap:///o=Univ foo:///bar" },
    /* an unregistered scheme in capitals is a label ("WARNING://This"),
     * but in <...> any scheme counts; "ocf:" (provisional) is written
     * "ocf://", not as a Pacemaker agent name */
    { "WARNING://This NOTE://x.example.org/a <WARNING://x.example.org/b> "
      "zoommtg://zoom.us/join ocf:pacemaker:controld ocf://dc70373c/oic/d",
      "WARNING://x.example.org/b zoommtg://zoom.us/join ocf://dc70373c/oic/d" },
    /* what mailers and people type around links */
    { "See https://a.example/x[https://safe.example/y] and "
      "Devices[https://kb.example/z]. http://a.example/?a[]=1",
      "https://a.example/x https://safe.example/y https://kb.example/z "
      "http://a.example/?a[]=1" },
    { "[![b](https://img.example/b.svg)](https://ci.example/x)&nbsp;",
      "https://img.example/b.svg https://ci.example/x" },
    { "see [https://u.example/](https://u.example/).",
      "https://u.example/ https://u.example/" },
    { "[a](http://x.example/)[b](mailto:c@d.example) "
      "[t](http://x.example/a_(b)) `text <http://rst.example/a>`_ "
      "[http://wiki.example/p wiki text]",
      "http://x.example/ mailto:c@d.example http://x.example/a_(b) "
      "http://rst.example/a http://wiki.example/p" },
    { "> > see <https://www.example.com/very/long/\n> > path/index.html> ok\n"
      "<URL:http://a.example/x\n> text",
      "https://www.example.com/very/long/path/index.html http://a.example/x" },
    { "> see <http://a.example/x/\n>\n> more> text", "http://a.example/x/" },
    /* a '>' right after the line break, with no blank after it, closes */
    { "> \xc2\xa0<mailto:j@e.example\n>\n", "mailto:j@e.example" },
    { ">\xc2\xa0 <mailto:\nj@e.example\n>", "mailto:j@e.example" },
    { ">\xc2\xa0 <mailto:\nj@e.example\n>> ", "mailto:j@e.example" },
    { ">> <http://a.example/b\n>>c/d> e", "http://a.example/b" },
    { ">> <https://lore.example/lkml/abc\n>>> def@ghi/>\n",
      "https://lore.example/lkml/abcdef@ghi/" },
    { "&lt;http://lt.example/x\n  y&gt; and http://b.example/y&gt; "
      "&quot;http://c.example/&quot;",
      "http://lt.example/xy http://b.example/y http://c.example/" },
    /* uuencoded lines are not prose */
    { "begin 644 f.bin\nM4AH://EXAMPLE.COM/XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n`\nend\n", "" },
    /* trailing punctuation and unbalanced brackets */
    { "(http://en.wikipedia.org/wiki/Mercury_(planet)). ",
      "http://en.wikipedia.org/wiki/Mercury_(planet)" },
    { "http://a.example/x. http://a.example/y, http://a.example/z;"
      " http://a.example/q?! 'http://a.example/s' http://a.example/t*",
      "http://a.example/x http://a.example/y http://a.example/z "
      "http://a.example/q http://a.example/s http://a.example/t" },
    { "[http://[::1]/] {http://a.example/}", "http://[::1]/ http://a.example/" },
    /* a pair of parentheses stays; brackets in a path are the text's */
    { "http://a.example/a_(b) http://a.example/c)) http://a.example/[d]]",
      "http://a.example/a_(b) http://a.example/c http://a.example/" },
    /* bare URIs end at < > " and the unwise characters */
    { "http://a.example/x<y http://b.example/x>y http://c.example/x\"y "
      "http://d.example/x`y http://e.example/x|y http://f.example/x\\y "
      "http://g.example/x^y",
      "http://a.example/x http://b.example/x http://c.example/x "
      "http://d.example/x http://e.example/x http://f.example/x "
      "http://g.example/x" },
    /* a line break ends a bare URI; tabs and CR too */
    { "http://a.example/x\nyz http://b.example/\ty http://c.example/\r\n",
      "http://a.example/x http://b.example/ http://c.example/" },
    /* quotes: the URI ends at the closing quote */
    { "\"http://a.example/x.y,z\" \"http://b.example/ c\"",
      "http://a.example/x.y,z http://b.example/" },
    /* angle brackets: whitespace removed, blank line stops the search */
    { "<http://a.example/very/\n    long/path>",
      "http://a.example/very/long/path" },
    { "<http://a.example/x\n\nmore> text", "http://a.example/x" },
    { "<http://a.example/x <http://b.example/y>",
      "http://a.example/x http://b.example/y" },
    { "< http://a.example/gap >", "http://a.example/gap" },
    /* hyphen at a line break inside brackets: kept by default */
    { "<http://a.example/long-\n  name>", "http://a.example/long-name" },
    /* e-mail addresses and Message-IDs are not URIs */
    { "From: Joe <joe@example.org>\nMessage-ID: <1234.5678@mail.example>\n"
      "mail joe@example.org", "" },
    /* wrappers in other scripts */
    { "\xe2\x80\x9chttp://a.example/q\xe2\x80\x9d \xc2\xabhttp://b.example/\xc2\xbb"
      " \xe3\x80\x8chttp://c.example/\xe3\x80\x8d http://d.example/\xc2\xa0x",
      "http://a.example/q http://b.example/ http://c.example/ "
      "http://d.example/" },
    /* IRIs continue through letters of any script */
    { "http://\xe4\xbe\x8b\xe3\x81\x88.jp/\xc3\xa9t\xc3\xa9 x",
      "http://\xe4\xbe\x8b\xe3\x81\x88.jp/\xc3\xa9t\xc3\xa9" },
    /* invalid UTF-8 and NUL end a URI and never join two */
    { "http://a.example/x\xffhttp://b.example/y\x80z",
      "http://a.example/x http://b.example/y" },
    { "http://a.example/\xc3", "http://a.example/" },
    /* one reference per occurrence, in order */
    { "http://a.example/ http://a.example/", "http://a.example/ http://a.example/" },
    { "http://a.example/?u=http://b.example/", "http://a.example/?u=http://b.example/" },
    { "x=http://a.example/&y", "http://a.example/&y" },
    { "<a href=\"http://h.example/p\">", "http://h.example/p" },
    { "file:///etc/passwd", "file:///etc/passwd" },
    /* an empty userinfo is RFC 2396's (browsers open evil.example), in
     * every delimiter; no host after it, no URI */
    { "see http://@evil.example/ <http://@evil.example/a> "
      "\"http://@evil.example/b\" http://@ http://@/x",
      "http://@evil.example/ http://@evil.example/a http://@evil.example/b" },
    /* a bidi control in a bare URI's userinfo does not end it (issue
     * 37); in its host or path, or without an '@' after it, it does */
    { "x http://\xe2\x80\xaeuser@evil.example/ "
      "http://\xe2\x80\xae\xe2\x80\x8fu:p\xe2\x81\xa6w@evil.example/y "
      "http://a.example/p\xe2\x80\xaeq http://ab\xe2\x80\xae.example/ "
      "http://u\xe2\x80\xae/@x.example/ http://\xe2\x80\xae "
      "http://v\xe2\x80\xae" "evil.example/ "
      "http://w\xe2\x80\xae\xe2\x80\x9c@evil.example/",
      "http://\xe2\x80\xaeuser@evil.example/ "
      "http://\xe2\x80\xae\xe2\x80\x8fu:p\xe2\x81\xa6w@evil.example/y "
      "http://a.example/p http://ab http://u http://v http://w" },
    /* a '%' that starts no escape, then a registered scheme and "://":
     * two URIs glued (Outlook's double Safe Links rewrite; issue 36 item
     * 6), in every delimiter; an escape, an unregistered scheme or no
     * host after "://" glue nothing */
    { "x https://n.example/?url=a&data=05%7C01%7Cx%https://n.example/?u=b "
      "\"http://q.example/a%ftp://r.example/\" "
      "<http://s.example/a%https://t.ex\n ample/b> "
      "<URL:http://u.example/%http://v.example/%https://w.example/>",
      "https://n.example/?url=a&data=05%7C01%7Cx https://n.example/?u=b "
      "http://q.example/a ftp://r.example/ http://s.example/a "
      "https://t.example/b http://u.example/ http://v.example/ "
      "https://w.example/" },
    { "http://a.example/%68ttps://b.example/ http://c.example/x%foo://d.x/ "
      "http://e.example/%http:// http://f.example/%https://-x "
      "http://g.example/%25https://h.example/",
      "http://a.example/%68ttps://b.example/ http://c.example/x%foo://d.x/ "
      "http://e.example/%http:// http://f.example/%https://-x "
      "http://g.example/%25https://h.example/" },
    { "", "" },
    { ":::: : ::x", "" },
};

START_TEST(test_scan_table)
{
    char *got = refs_of(cases[_i].text, NULL);

    ck_assert_msg(strcmp(got, cases[_i].want) == 0,
                  "case %d: got '%s', want '%s'", _i, got, cases[_i].want);
    free(got);
}
END_TEST

/* The property: any split of the input gives the same events, offsets,
 * lines and columns included. */
START_TEST(test_scan_chunk_invariance)
{
    const char *t = cases[_i].text;
    size_t len = strlen(t), k;
    char *whole = scan_chunked(t, len, 0, NULL), what[32];

    snprintf(what, sizeof what, "case %d", _i);
    for (k = 1; k <= len; k = check_next(k))
        assert_same_chunked(what, t, len, k, NULL, whole);
    free(whole);
}
END_TEST

/* The same over all cases glued together, with every option on. */
START_TEST(test_scan_chunk_invariance_all)
{
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .max_uri_length = 64,
        .hyphen = URIGREP_HYPHEN_BOTH,
        .flags = URIGREP_SCAN_ABBREV
    };
    char *text = NULL, *whole;
    size_t len = 0, i, k;

    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t n = strlen(cases[i].text);
        text = realloc(text, len + n + 2);
        memcpy(text + len, cases[i].text, n);
        len += n;
        text[len++] = '\n';
    }
    whole = scan_chunked(text, len, 0, &opt);
    for (k = 1; k <= 97; k = check_next(k))
        assert_same_chunked("all cases", text, len, k, &opt, whole);
    free(whole);
    free(text);
}
END_TEST

/* All the cases glued together, again and again (each copy shifted by
 * a byte, so that they meet the scanner's slices everywhere), and an
 * over-long run: LEN bytes, with every option on. */
static char *
big_text(size_t *len)
{
    size_t cap = 0, i, copy;
    char *text = NULL;

    *len = 0;
    for (copy = 0; *len < 1500000; copy++) {
        for (i = 0; i < sizeof cases / sizeof *cases; i++) {
            size_t n = strlen(cases[i].text);

            if (*len + n + 4200 > cap) {
                cap = (*len + n + 4200) * 2;
                text = realloc(text, cap);
                ck_assert_ptr_nonnull(text);
            }
            if (i == 0) {
                memset(text + *len, 'x', copy % 7);
                *len += copy % 7;
            }
            memcpy(text + *len, cases[i].text, n);
            *len += n;
            text[(*len)++] = '\n';
        }
        if (copy == 3) {
            /* a bare candidate far over the limit */
            memcpy(text + *len, " http://long.example/", 21);
            memset(text + *len + 21, 'a', 4000);
            *len += 4021;
            text[(*len)++] = '\n';
        }
    }
    return text;
}

/* Large feeds are scanned where they lie, small ones copied into the
 * window: the same events either way, as the stream is cut anywhere. */
START_TEST(test_scan_large_feeds)
{
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .max_uri_length = 2048,
        .hyphen = URIGREP_HYPHEN_BOTH,
        .flags = URIGREP_SCAN_ABBREV
    };
    static const size_t chunks[] = { 4093, 65536, 65537, 300007, 700001 };
    size_t len, k;
    char *text = big_text(&len), *whole;

    whole = scan_chunked(text, len, 0, &opt);
    for (k = 0; k < sizeof chunks / sizeof *chunks; k++)
        assert_same_chunked("big text", text, len, chunks[k], &opt, whole);
    free(whole);
    free(text);
}
END_TEST

/* A callback stops the scan inside a large feed, scanned where it lies:
 * the scanner keeps its own copy of what it needs, so the caller's
 * buffer may go at once (AddressSanitizer and valgrind see to that),
 * and the stream goes on at the next feed. */
START_TEST(test_scan_stop_large_feed)
{
    struct collected c = { NULL, 0, 0, 0, 0 };
    urigrep_scanner *sc = NULL;
    size_t len;
    char *text = big_text(&len), *copy = malloc(len);

    ck_assert_ptr_nonnull(copy);
    memcpy(copy, text, len);
    ck_assert_int_eq(urigrep_scanner_new(NULL, &sc), URIGREP_OK);
    append(&c, "", 0);
    c.stop_after = 5000;
    ck_assert_int_eq(urigrep_scanner_feed(sc, copy, len, collect, &c),
                     URIGREP_ERR_STOPPED);
    ck_assert_int_eq(c.n, 5000);
    free(copy);
    c.stop_after = 0;
    ck_assert_int_eq(urigrep_scanner_feed(sc, text, 4096, collect, &c),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_scanner_finish(sc, collect, &c), URIGREP_OK);
    ck_assert_int_gt(c.n, 5000);
    urigrep_scanner_free(sc);
    free(c.text);
    free(text);
}
END_TEST

START_TEST(test_scan_positions)
{
    const char *t = "ab\ncd <http://x.example/\n y> \"http://q.example/\"\n"
                    "URL:http://u.example/";
    char *got = scan_chunked(t, strlen(t), 0, NULL);

    ck_assert_str_eq(got,
        "http://x.example/y|1|2:5@7-28\n"
        "http://q.example/|3|3:6@30-48\n"
        "http://u.example/|4|4:5@53-70\n");
    free(got);
}
END_TEST

START_TEST(test_scan_hyphen_modes)
{
    const char *t = "<http://a.example/x-\n y-z>";
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .hyphen = URIGREP_HYPHEN_DROP
    };
    char *got = refs_of(t, &opt);

    ck_assert_str_eq(got, "http://a.example/xy-z");
    free(got);
    opt.hyphen = URIGREP_HYPHEN_BOTH;
    got = refs_of(t, &opt);
    ck_assert_str_eq(got, "http://a.example/x-y-z http://a.example/xy-z");
    free(got);
    /* no hyphen at a break: one reading only */
    got = refs_of("<http://a.example/x-y>", &opt);
    ck_assert_str_eq(got, "http://a.example/x-y");
    free(got);
    opt.hyphen = URIGREP_HYPHEN_KEEP;
    got = refs_of(t, &opt);
    ck_assert_str_eq(got, "http://a.example/x-y-z");
    free(got);
}
END_TEST

START_TEST(test_scan_abbrev)
{
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .hyphen = URIGREP_HYPHEN_KEEP,
        .flags = URIGREP_SCAN_ABBREV
    };
    char *got = refs_of("see www.w3.org/Addressing/, ftp.example.org/pub and "
                        "www.w3.org. Not: joe@www.x.org, www.foo, "
                        "http://www.y.org/ x.www.z.org", &opt);

    ck_assert_str_eq(got, "www.w3.org/Addressing/ ftp.example.org/pub "
                          "www.w3.org http://www.y.org/");
    free(got);
    /* off by default */
    got = refs_of("www.w3.org/Addressing/", NULL);
    ck_assert_str_eq(got, "");
    free(got);
}
END_TEST

START_TEST(test_scan_too_long)
{
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .max_uri_length = 32,
        .hyphen = URIGREP_HYPHEN_KEEP
    };
    char *got = refs_of("http://a.example/0123456789012345678901234567890123 "
                        "http://ok.example/ <http://b.example/01234567890123"
                        "45678901234567890123>", &opt);

    /* the long bare one is skipped with an event; the long bracketed one
     * falls back to the bare rules, which skip it too */
    ck_assert_str_eq(got, "TOO-LONG http://ok.example/ TOO-LONG");
    free(got);
}
END_TEST

/* A one-letter scheme is a drive letter or a label, never a URI in text
 * ("URL:" and --any-scheme aside): refused as soon as it is seen, so a
 * long run after one is no URI too long either. */
START_TEST(test_scan_one_letter)
{
    struct urigrep_scan_options opt = { .size = sizeof opt,
                                        .max_uri_length = 32 };
    struct urigrep_scan_options any = { .size = sizeof any,
                                        .flags = URIGREP_SCAN_ANY_SCHEME };
    const char *text = "C:\\dir x:x:x:x d:/tmp <URL:g:h> URL:g:h "
                       "a:http://a.example/";
    char *got = refs_of(text, NULL);

    ck_assert_str_eq(got, "g:h g:h http://a.example/");
    free(got);
    got = refs_of(text, &any);
    ck_assert_str_eq(got, "x:x:x:x d:/tmp g:h g:h a:http://a.example/");
    free(got);
    got = refs_of("C:0123456789012345678901234567890123456789 "
                  "http://ok.example/", &opt);
    ck_assert_str_eq(got, "http://ok.example/");
    free(got);
}
END_TEST

START_TEST(test_scan_long_run_skipped_whole)
{
    /* the tail of an over-long URI is not reported as a URI of its own */
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .max_uri_length = 40,
        .hyphen = URIGREP_HYPHEN_KEEP
    };
    char *t = malloc(20000);
    char *got;

    strcpy(t, "http://a.example/");
    memset(t + 17, 'x', 19000);
    strcpy(t + 19017, "/http://b.example/ http://c.example/");
    got = refs_of(t, &opt);
    ck_assert_str_eq(got, "TOO-LONG http://c.example/");
    free(got);
    free(t);
}
END_TEST

/* A closing bracket the URI did not open ends it, however the input is
 * split; the limit counts the stretch scanned (brackets and trailing
 * punctuation included), as it always has. */
START_TEST(test_scan_too_long_bracket_split)
{
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .max_uri_length = 24,
        .hyphen = URIGREP_HYPHEN_KEEP
    };
    const char *t = "x http://a.example/abc)] y http://b.example/def](e";
    size_t len = strlen(t), k;
    char *whole = scan_chunked(t, len, 0, &opt);

    ck_assert_str_eq(whole, "http://a.example/abc|0|1:3@2-22\n"
                            "http://b.example/def|0|1:28@27-47\n");
    for (k = 1; k <= len; k = check_next(k))
        assert_same_chunked("brackets", t, len, k, &opt, whole);
    free(whole);
}
END_TEST

START_TEST(test_scan_stop)
{
    struct collected c = { NULL, 0, 0, 0, 1 };
    urigrep_scanner *sc = NULL;
    const char *t = "http://a.example/ http://b.example/ ";

    ck_assert_int_eq(urigrep_scanner_new(NULL, &sc), URIGREP_OK);
    ck_assert_int_eq(urigrep_scanner_feed(sc, t, strlen(t), collect, &c),
                     URIGREP_ERR_STOPPED);
    ck_assert_int_eq(c.n, 1);
    urigrep_scanner_reset(sc);
    urigrep_scanner_free(sc);
    urigrep_scanner_free(NULL);
    free(c.text);
}
END_TEST

START_TEST(test_scan_bad_args)
{
    urigrep_scanner *sc = (urigrep_scanner *)1;
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .hyphen = (enum urigrep_hyphen)9
    };

    ck_assert_int_eq(urigrep_scanner_new(&opt, &sc), URIGREP_ERR_ARG);
    ck_assert_ptr_null(sc);
    ck_assert_int_eq(urigrep_scanner_new(NULL, NULL), URIGREP_ERR_ARG);
}
END_TEST

START_TEST(test_scan_lines_across_feeds)
{
    /* many short lines, fed one byte at a time: line numbers stay exact */
    char text[4000];
    size_t i, len = 0;
    char *got;

    for (i = 0; i < 100; i++)
        len += (size_t)sprintf(text + len, "line %zu http://h%zu.example/\n",
                               i, i);
    got = scan_chunked(text, len, 1, NULL);
    ck_assert_ptr_nonnull(strstr(got, "http://h0.example/|0|1:8@7-25\n"));
    ck_assert_ptr_nonnull(strstr(got, "http://h99.example/|0|100:9@"));
    free(got);
}
END_TEST

/* Line and column after runs of every length between references: the
 * newlines are counted sixteen bytes at a time, the run's last 1 to 15
 * bytes in one more step. */
START_TEST(test_scan_lines_between_refs)
{
    enum { NRUNS = 64 };
    static char want[NRUNS][96];
    size_t len = 0, k, j, line = 1, line_start = 0;
    char *text = malloc(NRUNS * NRUNS + NRUNS * 32), *got;
    unsigned seed = 12345;

    ck_assert_ptr_nonnull(text);
    for (k = 0; k < NRUNS; k++) {
        for (j = 0; j < k; j++) {
            seed = seed * 1103515245u + 12345u;
            text[len] = " a\n\n"[(seed >> 16) & 3];
            if (text[len++] == '\n') {
                line++;
                line_start = len;
            }
        }
        text[len++] = ' ';
        snprintf(want[k], sizeof want[k],
                 "http://h%zu.example/|0|%zu:%zu@%zu-", k, line,
                 len - line_start + 1, len);
        len += (size_t)sprintf(text + len, "http://h%zu.example/ ", k);
    }
    got = scan_chunked(text, len, 0, NULL);
    for (k = 0; k < NRUNS; k++)
        ck_assert_msg(strstr(got, want[k]) != NULL, "run %zu: %s not found",
                      k, want[k]);
    free(got);
    free(text);
}
END_TEST

/* Thousands of newlines before the first reference: each of the sixteen
 * byte counters goes past 255 (their limit, after which they are summed)
 * with the tail step last. */
START_TEST(test_scan_lines_long_runs)
{
    static const size_t runs[] = { 4063, 4064, 4065, 4079, 4080, 4081,
                                   4095, 8129, 9000 };
    size_t k;

    for (k = 0; k < sizeof runs / sizeof *runs; k++) {
        char *text = malloc(runs[k] + 32), *got, want[64];
        size_t len = runs[k];

        ck_assert_ptr_nonnull(text);
        memset(text, '\n', len);
        len += (size_t)sprintf(text + len, "http://h.example/\n");
        got = scan_chunked(text, len, 0, NULL);
        snprintf(want, sizeof want, "http://h.example/|0|%zu:1@%zu-",
                 runs[k] + 1, runs[k]);
        ck_assert_msg(strstr(got, want) != NULL, "%s not in %s", want, got);
        free(got);
        free(text);
    }
}
END_TEST

/* Every scheme of the table is found under its name in any case (http
 * and https before the hash, the rest through it); names one letter off
 * them are not found as them. */
START_TEST(test_scheme_lookup_all)
{
    static const char *const near[] = { "htt", "httpx", "httpss", "hxxp",
                                        "ttp", "http+", "https." };
    size_t k, i;

    for (k = 0; k < sizeof scheme_table / sizeof *scheme_table; k++) {
        const struct scheme_info *si = &scheme_table[k];
        char up[64], mixed[64];

        ck_assert_uint_lt(si->len, sizeof up);
        for (i = 0; i < si->len; i++) {
            char c = si->name[i];

            up[i] = c >= 'a' && c <= 'z' ? (char)(c - 32) : c;
            mixed[i] = i % 2 ? up[i] : c;
        }
        /* (this file's copy of the table: compared by name) */
        ck_assert_str_eq(scheme_lookup(si->name, si->len)->name, si->name);
        ck_assert_str_eq(scheme_lookup(up, si->len)->name, si->name);
        ck_assert_str_eq(scheme_lookup(mixed, si->len)->name, si->name);
    }
    ck_assert_str_eq(scheme_lookup("HtTpS", 5)->name, "https");
    for (k = 0; k < sizeof near / sizeof *near; k++) {
        const struct scheme_info *si = scheme_lookup(near[k], strlen(near[k]));

        ck_assert(si == NULL || strcmp(si->name, near[k]) == 0);
    }
    ck_assert_ptr_null(scheme_lookup("", 0));
}
END_TEST

/* An authority's verdict (scheme_authority_ok()), read as it is and
 * with a path after it: a host name under 16 bytes alone goes through
 * the byte loop, as does one of 16 to 31 that fills the first 16 bytes;
 * with the path, through the SSE2 reading of its labels (one block or
 * two). The two must agree, and with the rule: labels not empty, not
 * starting or ending with '-' or '_'; a final dot; a port of digits. */
static bool
authority_both(const char *a)
{
    char padded[96];
    bool plain = scheme_authority_ok(a, strlen(a)), with_path;

    snprintf(padded, sizeof padded, "%s/path/to/some/page.html", a);
    with_path = scheme_authority_ok(padded, strlen(padded));
    ck_assert_msg(plain == with_path, "'%s': %d alone, %d with a path", a,
                  plain, with_path);
    return plain;
}

START_TEST(test_scheme_authority)
{
    static const char *const good[] = {
        "www.example.com", "a.b", "a.", "a_b.example", "xn--bcher-kva.ch",
        "example.com:80", "example.com.:8080", "user@example.com",
        "[::1]:80", "*:4000", "\xc3\xa9t\xc3\xa9.example", "a-b.c-d.e",
        "10.0.0.1", "a.b.c.d.e.f.g.h", "very-long-label-name.example.org",
        "lists.freedesktop.org", "host291.example.org", "a.b.c.d.e.f.g.h.i.j.",
        "patchwork.kernel.org:443", "@example.com", ":@example.com",
    };
    static const char *const bad[] = {
        "-a.b", "a-.b", "a..b", ".a", ".", "a_.b", "a._b", "a.b-", "a.-b",
        "_a.b", "a.b_", "example.com:8x", "..", "a.b..", "-", "a..",
        "lists.freedesktop-.org", "lists.freedesktop._org", "a.b.c.d.e.f.g..i",
        "host291.example.org-", "-host291.example.org", "@", "@:80",
    };
    /* mostly the bytes of host names, so that names run long */
    static const char alphabet[] = "aaabbc99-_...:/@*%\xc3";
    unsigned seed = 1;
    size_t k, i;

    for (k = 0; k < sizeof good / sizeof *good; k++)
        ck_assert_msg(authority_both(good[k]), "'%s' is a host", good[k]);
    for (k = 0; k < sizeof bad / sizeof *bad; k++)
        ck_assert_msg(!authority_both(bad[k]), "'%s' is no host", bad[k]);
    /* and any string of host bytes up to 31 long */
    for (k = 0; k < 20000; k++) {
        char a[32];
        size_t len;

        seed = seed * 1103515245u + 12345u;
        len = 1 + (seed >> 16) % 31; /* "" alone has no '/' to start a path */
        for (i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            a[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
        }
        a[len] = '\0';
        (void)authority_both(a);
    }
}
END_TEST

START_TEST(test_scan_helpers)
{
    uint32_t cp = 0;
    const unsigned char ok[] = { 0xe2, 0x82, 0xac };
    const unsigned char overlong[] = { 0xc0, 0xaf };
    const unsigned char surrogate[] = { 0xed, 0xa0, 0x80 };
    char out[64];

    ck_assert_int_eq(utf8_decode(ok, 3, &cp), 3);
    ck_assert_uint_eq(cp, 0x20ac);
    ck_assert_int_eq(utf8_decode(ok, 2, &cp), 0);
    ck_assert_int_eq(utf8_decode(overlong, 2, &cp), -1);
    ck_assert_int_eq(utf8_decode(surrogate, 3, &cp), -1);
    ck_assert(scan_is_unicode_break(0x201c));
    ck_assert(scan_is_unicode_break(0x3002));
    ck_assert(!scan_is_unicode_break(0xe9));
    ck_assert(!scan_is_unicode_break(0x4f8b));
    ck_assert(scan_is_well_known("MailTo", 6));
    ck_assert(scan_is_well_known("urn", 3));
    ck_assert(scan_is_well_known("http", 4));
    ck_assert(!scan_is_well_known("javascript", 10));
    ck_assert(!scan_is_well_known("mail", 4));
    out[urigrep_strip_typed("  <URL: http://a.example/\n  x >  ", 33, out)] = 0;
    ck_assert_str_eq(out, "http://a.example/x");
    out[urigrep_strip_typed("\"<http://b.example/>\"", 21, out)] = 0;
    ck_assert_str_eq(out, "http://b.example/");
    out[urigrep_strip_typed("../x", 4, out)] = 0;
    ck_assert_str_eq(out, "../x");
    /* blanks inside the "URL:" prefix do not hide it; a second strip
     * changes nothing (fuzz_linescan, corpus-linescan/url-space) */
    out[urigrep_strip_typed(" <URL :http://a.exple/ b > ", 27, out)] = 0;
    ck_assert_str_eq(out, "http://a.exple/b");
    out[urigrep_strip_typed("< \"U RL: <x> \" >", 16, out)] = 0;
    ck_assert_str_eq(out, "x");
}
END_TEST

#define N(a) ((int)(sizeof(a) / sizeof *(a)))

/* ---- the search for triggers (skip.c) ---- */

/* What the scanner reports on TEXT fed in chunks of CHUNK with
 * URIGREP_SIMD=MODE ("all": every ':' and '.' handed to the rules;
 * "portable": memchr() and the filter; "auto": AVX2 where the CPU has
 * it). Caller frees. */
static char *
scan_mode(const char *mode, const char *text, size_t len, size_t chunk,
          const struct urigrep_scan_options *opt)
{
    char *r;

    ck_assert_int_eq(setenv("URIGREP_SIMD", mode, 1), 0);
    r = scan_chunked(text, len, chunk, opt);
    ck_assert_int_eq(unsetenv("URIGREP_SIMD"), 0);
    return r;
}

/* skip_next() of every implementation this machine runs gives the same
 * answer from every start in buffers of 0 to 300 bytes made of triggers
 * and the bytes the filter looks at around them (the AVX2 code's 128-
 * and 64-byte steps and its last load ending at the buffer's end are all
 * crossed), with and without '.' as a trigger. The buffers are copied
 * to the heap at their exact size, so that a read past the end is
 * caught by ASan and valgrind. */
START_TEST(test_skip_next_agrees)
{
    static const char alphabet[] = "::: \t\n.wWftpPuUrRlLx1_-+<>&\";/";
    enum skip_impl best;
    unsigned seed = 2396;
    size_t n, from;

    ck_assert_int_eq(unsetenv("URIGREP_SIMD"), 0);
    best = skip_choose();
    for (n = 0; n <= 300; n++) {
        char *w = malloc(n ? n : 1);
        int dots;

        ck_assert_ptr_nonnull(w);
        for (from = 0; from < n; from++) {
            seed = seed * 1103515245u + 12345u;
            w[from] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
        }
        for (dots = 0; dots <= 1; dots++)
            for (from = 0; from <= n; from++) {
                size_t c1 = (size_t)-1, c2 = (size_t)-1, c3 = (size_t)-1;
                size_t p = skip_next(SKIP_PORTABLE, w, from, n, dots, &c1);
                size_t b = skip_next(best, w, from, n, dots, &c2);
                size_t a = skip_next(SKIP_ALL, w, from, n, dots, &c3);

                ck_assert_msg(p == b, "n %zu from %zu dots %d: %zu vs %zu",
                              n, from, dots, p, b);
                /* the filter only ever skips triggers */
                ck_assert(a <= p && p <= n && p >= from);
                ck_assert(p == n || w[p] == ':' || (dots && w[p] == '.'));
            }
        free(w);
    }
}
END_TEST

/* The line starts skip_unfolded() (KIND 0) and skip_mail_line() (1)
 * look for, by their definitions: is W[I..N) one? */
static bool
line_start_wanted(int kind, const char *w, size_t i, size_t n)
{
    if (kind == 0)
        return w[i] != ' ' && w[i] != '\t';
    if (!strchr("F->", w[i]))
        return false;
    if (i + 1 == n)
        return true;
    return (w[i] == 'F' && w[i + 1] == 'r') ||
           (w[i] == '-' && w[i + 1] == '-') ||
           (w[i] == '>' && (w[i + 1] == 'F' || w[i + 1] == '>'));
}

/* skip_unfolded() and skip_mail_line() of both implementations against
 * their definitions, read off byte by byte: the first I after FROM with
 * W[I - 1] '\n' and a line start wanted there, the newlines before it
 * counted; in buffers of 0 to 200 bytes of newlines, the bytes looked
 * at and others (the AVX2 loops' 32-byte steps, the next two bytes they
 * load, and the tail after them crossed), at their exact size on the
 * heap. */
START_TEST(test_skip_line_starts_agree)
{
    static const char alphabet[] = "\n\n\nF->x-Fr>\r \t \t";
    enum skip_impl best;
    unsigned seed = 822;
    size_t n, from, i;
    int kind;

    ck_assert_int_eq(unsetenv("URIGREP_SIMD"), 0);
    best = skip_choose();
    for (n = 0; n <= 200; n++) {
        char *w = malloc(n ? n : 1);

        ck_assert_ptr_nonnull(w);
        for (i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            w[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
        }
        for (kind = 0; kind <= 1; kind++)
            for (from = 0; from <= n; from++) {
                uint64_t want_nl = 0, nl_p = 7, nl_b = 7;
                size_t want = n, p, b;

                for (i = from; i < n; i++) {
                    if (i > from && w[i - 1] == '\n' &&
                        line_start_wanted(kind, w, i, n)) {
                        want = i;
                        break;
                    }
                    want_nl += w[i] == '\n';
                }
                p = kind ? skip_mail_line(SKIP_PORTABLE, w, from, n, &nl_p)
                         : skip_unfolded(SKIP_PORTABLE, w, from, n, &nl_p);
                b = kind ? skip_mail_line(best, w, from, n, &nl_b)
                         : skip_unfolded(best, w, from, n, &nl_b);
                ck_assert_msg(p == want && b == want,
                              "n %zu from %zu kind %d: %zu, %zu, want %zu",
                              n, from, kind, p, b, want);
                ck_assert_msg(nl_p == want_nl && nl_b == want_nl,
                              "n %zu from %zu: %llu, %llu newlines, want "
                              "%llu", n, from, (unsigned long long)nl_p,
                              (unsigned long long)nl_b,
                              (unsigned long long)want_nl);
            }
        free(w);
    }
}
END_TEST

/* A reference, or a trigger the filter turns away, at every offset of a
 * 64-byte block and across two (and the same at chunk ends), with
 * --abbrev and --any-scheme: every implementation reports the same
 * events, those of SKIP_ALL, and the reference is found whole. */
START_TEST(test_skip_every_offset)
{
    static const struct {
        const char *text, *want;
    } pieces[] = {
        { "http://a.example/p", "http://a.example/p" },
        { "Note: x <URL: http://b.example/>", "http://b.example/" },
        { "12:30 www.c.example.", "www.c.example" },
        { "<http:\n//d.example/>", "http://d.example/" },
        { "Closes:  #1, see mailto:u@e.example", "mailto:u@e.example" },
        { "NOTE: <news: \n comp.lang.c>", "news:comp.lang.c" },
        { "a:b v1.2: x:\ty URL:\thttp://g.example/", "http://g.example/" },
        { "see <mailto:\nu@h.example>", "mailto:u@h.example" },
        { "x &lt;http:\n//i.example/&gt;", "http://i.example/" },
        { "as follows:\n<http://j.example/>", "http://j.example/" },
        { "std::string <  news:\n comp.x> URL::", "news:comp.x" },
        { "Is <  ftp:\t\n//k.example/>", "ftp://k.example/" },
        { "say \"bb:`b1\" x", "bb:`b1" },
        /* upper case and a digit at a scheme's end, then a blank: passed
         * over in running text, found in <...> */
        { "LP: #1 x86: fix README:\n<X86:\n//l.example/>",
          "X86://l.example/" },
        { "utf-8: ok 12: no <MAILTO:\n u@m.example>", "MAILTO:u@m.example" },
    };
    static const size_t chunks[] = { 0, 1, 63, 64, 65 };
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .flags = URIGREP_SCAN_ABBREV | URIGREP_SCAN_ANY_SCHEME
    };
    size_t i, off, k;
    char text[256], want[64];

    for (i = 0; i < sizeof pieces / sizeof *pieces; i++) {
        size_t len = strlen(pieces[i].text);

        for (off = 0; off < 130; off = check_next(off)) {
            size_t n = off + len + 64 - (off + len) % 64;
            char *ref;

            memset(text, ' ', n);
            memcpy(text + off, pieces[i].text, len);
            ref = scan_mode("all", text, n, 0, &opt);
            snprintf(want, sizeof want, "%s|", pieces[i].want);
            ck_assert_msg(strstr(ref, want) != NULL,
                          "%s at %zu: %s", pieces[i].text, off, ref);
            for (k = 0; k < sizeof chunks / sizeof *chunks; k++) {
                char *p = scan_mode("portable", text, n, chunks[k], &opt);
                char *a = scan_mode("auto", text, n, chunks[k], &opt);

                ck_assert_msg(strcmp(ref, p) == 0 && strcmp(ref, a) == 0,
                              "%s at %zu, chunks of %zu:\n%s\nvs\n%s\nvs\n%s",
                              pieces[i].text, off, chunks[k], ref, p, a);
                free(p);
                free(a);
            }
            free(ref);
        }
    }
}
END_TEST

/* The cases of the table, all together and again and again (big_text()),
 * with every option on: the filter turns away no trigger the rules
 * would take, and the newline count agrees (line:column of each event). */
START_TEST(test_skip_big_text)
{
    struct urigrep_scan_options opt = {
        .size = sizeof opt,
        .max_uri_length = 64,
        .hyphen = URIGREP_HYPHEN_BOTH,
        .flags = URIGREP_SCAN_ABBREV
    };
    size_t len;
    char *text = big_text(&len);
    char *ref = scan_mode("all", text, len, 0, &opt);
    char *p = scan_mode("portable", text, len, 0, &opt);
    char *a = scan_mode("auto", text, len, 4099, &opt);

    ck_assert_msg(strcmp(ref, p) == 0, "portable differs from all");
    ck_assert_msg(strcmp(ref, a) == 0, "auto differs from all");
    free(ref);
    free(p);
    free(a);
    free(text);
}
END_TEST

/* URIGREP_SCAN_REFANG: the defanged forms iocextract's refang, ioc-fang
 * and the defang package document, read back; prose with "[.]" or
 * "(.)" is no URI. */
static const struct case_ refang_cases[] = {
    /* iocextract's README: a defanged scheme, and a dot in a C2 line */
    { "All the bots are on hxxp://example.com/bad/url these days.",
      "http://example.com/bad/url" },
    { "C2: tcp://example[.]com:8989/bad", "tcp://example.com:8989/bad" },
    { "Phish: hxxps://evil[.]example/login", "https://evil.example/login" },
    { "hxxp://example(.)com and fxp://host{.}example",
      "http://example.com ftp://host.example" },
    { "seen at example[dot]com/path today", "http://example.com/path" },
    { "http[:]//x.example/a https[://]y.example/b",
      "http://x.example/a https://y.example/b" },
    /* ioc-fang: a defanged '@' and "(at)" make an address */
    { "mail user[@]example.com or joe(at)evil[.]example[.]com",
      "mailto:user@example.com mailto:joe@evil.example.com" },
    /* case kept where the letter is the same */
    { "hXXps://Evil[.]Example/ HXXP://A[DOT]EXAMPLE",
      "hTTps://Evil.Example/ HTTP://A.EXAMPLE" },
    { "mixed: hxxps[:]//evil[.]example[dot]com/a(.)php?u=x[@]y",
      "https://evil.example.com/a.php?u=x@y" },
    { "<hxxp://evil[.]example/a> \"hxxps://b[.]example\"",
      "http://evil.example/a https://b.example" },
    { "www[.]evil[.]com. And 1[.]2[.]3[.]4 but hxxp://1[.]2[.]3[.]4/x",
      "http://www.evil.com http://1.2.3.4/x" },
    /* prose keeps its brackets: no known top-level domain, no scheme */
    { "the end (.) of it [.] and a[.]b, foo[.]bar, x [dot] com", "" },
    { "hxxp alone, hxxp: and fxp [.] com", "" },
    /* what is not defanged is found as ever */
    { "see http://example.com/a. and <mailto:a@b.example>",
      "http://example.com/a mailto:a@b.example" },
};

START_TEST(test_scan_refang)
{
    struct urigrep_scan_options opt = {
        .size = sizeof opt, .flags = URIGREP_SCAN_REFANG
    };
    const char *t = refang_cases[_i].text;
    char *got = refs_of(t, &opt), *whole, what[32];
    size_t len = strlen(t), k;

    ck_assert_msg(strcmp(got, refang_cases[_i].want) == 0,
                  "refang case %d: got '%s', want '%s'", _i, got,
                  refang_cases[_i].want);
    free(got);
    whole = scan_chunked(t, len, 0, &opt);
    snprintf(what, sizeof what, "refang case %d", _i);
    for (k = 1; k <= len; k = check_next(k))
        assert_same_chunked(what, t, len, k, &opt, whole);
    free(whole);
}
END_TEST

/* Without URIGREP_SCAN_REFANG none of them is read back. */
START_TEST(test_scan_refang_off)
{
    char *got = refs_of("hxxps://evil[.]example/login example[dot]com/a "
                        "http[:]//x.example user[@]example.com", NULL);

    ck_assert_str_eq(got, "");
    free(got);
}
END_TEST

/* Offsets, lines and columns are those of the text as written; the
 * flag says the reference was defanged. */
START_TEST(test_scan_refang_positions)
{
    struct urigrep_scan_options opt = {
        .size = sizeof opt, .flags = URIGREP_SCAN_REFANG
    };
    const char *t = "x hxxps://evil[.]example/a\n  evil[.]example[.]com/b"
                    " http://c.example/";
    char *got = scan_chunked(t, strlen(t), 0, &opt);

    ck_assert_str_eq(got,
        "https://evil.example/a|0|1:3@2-26|refanged\n"
        "http://evil.example.com/b|0|2:3@29-51|refanged\n"
        "http://c.example/|0|2:26@52-69\n");
    free(got);
}
END_TEST

Suite *scan_suite(void);

Suite *
scan_suite(void)
{
    Suite *s = suite_create("scan");
    TCase *tc;

    tc = tcase_create("appendix-e");
    tcase_add_loop_test(tc, test_scan_table, 0, N(cases));
    tcase_add_test(tc, test_scan_positions);
    tcase_add_test(tc, test_scan_hyphen_modes);
    tcase_add_test(tc, test_scan_abbrev);
    suite_add_tcase(s, tc);
    tc = tcase_create("streaming");
    tcase_add_loop_test(tc, test_scan_chunk_invariance, 0, N(cases));
    tcase_add_test(tc, test_scan_chunk_invariance_all);
    tcase_add_test(tc, test_scan_lines_across_feeds);
    tcase_add_test(tc, test_scan_lines_between_refs);
    tcase_add_test(tc, test_scan_lines_long_runs);
    tcase_add_test(tc, test_scheme_lookup_all);
    tcase_add_test(tc, test_scheme_authority);
    tcase_add_test(tc, test_scan_large_feeds);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    tc = tcase_create("limits");
    tcase_add_test(tc, test_scan_too_long);
    tcase_add_test(tc, test_scan_one_letter);
    tcase_add_test(tc, test_scan_long_run_skipped_whole);
    tcase_add_test(tc, test_scan_too_long_bracket_split);
    tcase_add_test(tc, test_scan_stop);
    tcase_add_test(tc, test_scan_stop_large_feed);
    tcase_add_test(tc, test_scan_bad_args);
    suite_add_tcase(s, tc);
    tc = tcase_create("skip");
    tcase_add_test(tc, test_skip_next_agrees);
    tcase_add_test(tc, test_skip_line_starts_agree);
    tcase_add_test(tc, test_skip_every_offset);
    tcase_add_test(tc, test_skip_big_text);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    tc = tcase_create("helpers");
    tcase_add_test(tc, test_scan_helpers);
    suite_add_tcase(s, tc);
    tc = tcase_create("refang");
    tcase_add_loop_test(tc, test_scan_refang, 0, N(refang_cases));
    tcase_add_test(tc, test_scan_refang_off);
    tcase_add_test(tc, test_scan_refang_positions);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(scan_suite)
