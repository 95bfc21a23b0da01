/* check_unwrap.c: wrapped links decoded (urigrep_unwrap()), tracking
 * parameters taken out (urigrep_strip_tracking()), and both through the
 * extractor. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"
#include "check_main.h"

/* A wrapped link, its wrapper's name and its target (NULL: none), and
 * whether a reason is given. Real links were taken from the public
 * linux-xfs and linux-hyperv archives (lore.kernel.org, through the
 * linux-mailinglist-archives repositories on GitHub) and from public
 * repositories; their targets were checked by hand (the target is shown
 * in the same message, or is the text of the link) and by
 * tests/unwrap-ref.py, written from the vendors' descriptions. */
static const struct {
    const char *link, *wrapper, *target;
    int reason;
} cases[] = {
    /* linux-xfs, Proofpoint v3: "*" is "#" ("Iw" is its base64) */
    { "https://urldefense.com/v3/__https://djwong.org/docs/xfs-online-fsck-"
      "design/*parent-pointers__;Iw!!ACWV5N9M2RV99hQ!MA2KfxWZLMTj_fdJoFnvZhL"
      "IgOGsGlIclRVE39DFME755VnvyX4VqsQGM6GfBDnDXKkfAcFjdv2oENaXepic$",
      "proofpoint-v3",
      "https://djwong.org/docs/xfs-online-fsck-design/#parent-pointers", 0 },
    /* linux-hyperv, <06e0a926-d6ad-8266-6571-583292365eea@oracle.com>:
     * "*" is "%" ("JQ"), the target keeps its "%2F" */
    { "https://urldefense.com/v3/__https://lore.kernel.org/all/ZOjF2DMBgW*2F"
      "zVvL3@google.com__;JQ!!ACWV5N9M2RV99hQ!Omk8Q6d8PW-UcKNdCRAeA8qSb698y3"
      "Eier2hro5vporwTCHqHSmYYk8fCinciVOHUG40CK4GQpFjD9PZNg$",
      "proofpoint-v3", "https://lore.kernel.org/all/ZOjF2DMBgW%2FzVvL3@google"
                       ".com", 0 },
    /* linux-xfs, Proofpoint v2: "-2D" is "-", "_" is "/" */
    { "https://urldefense.proofpoint.com/v2/url?u=https-3A__spdx.org_licenses"
      "_GPL-2D2.0.html&d=DwICaQ&c=RoP1YumCXCgaWHvlZYR8PZh8Bv7qIrMUB65eapI_JnE"
      "&r=LHZQ8fHvy6wDKXGTWcm97burZH5sQKHRDMaY1UthQxc&m=yyH1nLyiAZtlQ8oRe73p1"
      "JKOpwh3hOylOYJJHf-fb-E&s=u5TL_q2un4FyVTyZCtV7gVqpRynFeNAyAB6R2fcd82I&e=",
      "proofpoint-v2", "https://spdx.org/licenses/GPL-2.0.html", 0 },
    /* Proofpoint v1, with the "&amp;" of HTML left in: Proofpoint's own
     * decoding service gives http://www.bouncycastle.org/ (the example
     * of swimlane/techpubs-knowledgecenter, Proofpoint decode_urls) */
    { "https://urldefense.proofpoint.com/v1/url?u=http://www.bouncycastle.org"
      "/&amp;k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&amp;r=IKM5u8%2B%2F%2Fi8EBhWO"
      "S%2BqGbTqCC%2BrMqWI%2FVfEAEsQO%2F0Y%3D%0A",
      "proofpoint-v1", "http://www.bouncycastle.org/", 0 },
    /* linux-hyperv: Safe Links, "%2540" is "%40" once decoded */
    { "https://nam06.safelinks.protection.outlook.com/?url=https%3A%2F%2Flkml"
      ".kernel.org%2Fr%2F20230516102912.GG2587705%2540hirez.programming.kicks"
      "-ass.net&data=05%7C01%7CTianyu.Lan%40microsoft.com%7C60a576eb67634ffa2"
      "7b108db68234d5a%7C72f988bf86f141af91ab2d7cd011db47%7C1%7C0%7C638218273"
      "105649705%7CUnknown&sdata=x&reserved=0",
      "safelinks", "https://lkml.kernel.org/r/20230516102912.GG2587705%40hirez"
                   ".programming.kicks-ass.net", 0 },
    /* linux-hyperv: Safe Links after HTML ("&amp;data=") */
    { "https://nam04.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww."
      "open-std.org%2Fjtc1%2Fsc22%2Fopen%2Fn4217.pdf&amp;data=05%7C01%7Cvdasa"
      "%40vmware.com&amp;sdata=60hG3DiYufOCv1DuufSd&amp;reserved=0",
      "safelinks", "https://www.open-std.org/jtc1/sc22/open/n4217.pdf", 0 },
    /* linux-hyperv: cut by a line break; the rest, "mm.dev%2Fguide%2F",
     * is on the next line: no target rather than "https://openv" */
    { "https://nam06.safelinks.protection.outlook.com/?url=https%3A%2F%2Fopenv",
      "safelinks", NULL, 1 },
    /* linux-xfs: a v3 link cut before its tail */
    { "https://urldefense.com/v3/__https://lwn.net/Articles/935934/__",
      "proofpoint-v3", NULL, 1 },
    { "https://urldefense.com/v3/__https://lore.kernel.org/linux-",
      "proofpoint-v3", NULL, 1 },
    /* v3 by Proofpoint's rules: "**A" takes a run of 2 characters */
    { "https://urldefense.com/v3/__https://example.com/?a=1*b=2**Ac__;JiYm!!A"
      "B!cd$", "proofpoint-v3", "https://example.com/?a=1&b=2&&c", 0 },
    /* a character of the tail that is not ASCII is percent-encoded */
    { "https://urldefense.com/v3/__https://example.com/caf*__;w6k!!AB!cd$",
      "proofpoint-v3", "https://example.com/caf%C3%A9", 0 },
    /* a tail with characters left over, or too few */
    { "https://urldefense.com/v3/__https://example.com/?a=1*b__;JiYm!!AB!cd$",
      "proofpoint-v3", NULL, 1 },
    { "https://urldefense.com/v3/__https://example.com/**Cx__;JiYm!!AB!cd$",
      "proofpoint-v3", NULL, 1 },
    { "https://urldefense.com/v3/__https://example.com/*x__;J!Ym!!AB!cd$",
      "proofpoint-v3", NULL, 1 },
    /* Google: the target of q= (Google Docs' links) */
    { "https://www.google.com/url?q=https://example.com/a%3Fb%3Dc&sa=D&source"
      "=docs", "google", "https://example.com/a?b=c", 0 },
    { "https://www.google.com/url?q=hello+world&sa=X", "google", NULL, 1 },
    /* Facebook, the example of the public UnmangleFacebookURL README */
    { "https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%3Ffbclid%3DIw"
      "AR02DxZKKFYZbmeWTolyTCxEPYEeaoA3Zexhc3UwZysKOIG1Yhp_lC36OT8&h=AT3Nx6gLc"
      "U9KeX1tx2FWJvJX", "facebook",
      "https://example.com?fbclid=IwAR02DxZKKFYZbmeWTolyTCxEPYEeaoA3Zexhc3UwZy"
      "sKOIG1Yhp_lC36OT8", 0 },
    /* Slack, in a public README */
    { "https://slack-redir.net/link?url=https%3A%2F%2Fwww.npmjs.com%2Fpackage"
      "%2Fdotenv", "slack", "https://www.npmjs.com/package/dotenv", 0 },
    /* Barracuda, lower-case hex; its text in the file was the target */
    { "https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fwww.omnicalculator."
      "com%2fhealth%2fpediatric-blood-volume&c=E,1,wPwTWuzMGzRsLJwrbeUfd6jZdSl"
      "Tx1FBnX_9sH&typo=1", "barracuda",
      "https://www.omnicalculator.com/health/pediatric-blood-volume", 0 },
    /* Trend Micro, "%2d" for "-"; the link's text names the page */
    { "https://ddec1-0-en-ctp.trendmicro.com/wis/clicktime/v1/query?url=https"
      "%3a%2f%2fdocs.microsoft.com%2fen%2dus%2fvisualstudio%2finstall%2frepair"
      "%2dvisual%2dstudio%3fview%3dvs%2d2019&umid=5d725047-d0f2-4bee-8f9b-bd86"
      "a0e638ef&auth=65a620fa4b6e2edf0405a6ed61dc7465231096cd-9b37c51bbceb9116",
      "trendmicro", "https://docs.microsoft.com/en-us/visualstudio/install/"
                    "repair-visual-studio?view=vs-2019", 0 },
    /* Sophos, the example of the public ConvertFrom-SophosTimeOfClickURL */
    { "https://eu-west-1.protection.sophos.com/?d=microsoft.com&u=aHR0cHM6Ly93"
      "d3cubWljcm9zb2Z0LmNvbS9saWNlbnNpbmcvc2VydmljZWNlbnRlci9kZWZhdWx0LmFzcHg"
      "=&", "sophos",
      "https://www.microsoft.com/licensing/servicecenter/default.aspx", 0 },
    { "https://eu-west-1.protection.sophos.com/?d=x.com&u=aHR0c@HM6&i=1",
      "sophos", NULL, 1 },
    /* Cisco Secure Email, in a public repository's page */
    { "https://secure-web.cisco.com/1fCCdfJv_BYjz_YqipXEJjGHlmXlnTXcGx0N5X1OG"
      "_Y5pJ1-vFLrWHrIUnRZxlA4wQrPGGVCwjnG6hceA8ZIFPOwpJp7wqffAXfS8HLIV5nlCvn"
      "Bd8jWm0ZuHFux8Smp4ionq5LbzwUb8DAFtVphP8nfRo/https%3A%2F%2Fconnect.face"
      "book.net%2Fen_US%2Ffbevents.js", "cisco",
      "https://connect.facebook.net/en_US/fbevents.js", 0 },
    /* the usrp-users list (lists.ettus.com), 2023: Safe Links of the US
     * government clouds, YouTube's redirect page (redir_token cut
     * short here), WEB.DE's webmail; the targets are the links' texts */
    { "https://usg02.safelinks.protection.office365.us/?url=https%3A%2F%2Fg"
      "ithub.com%2FEttusResearch%2Fuhd%2Fblob%2FUHD-4.4%2Fhost%2Flib%2Frfnoc"
      "%2Frfnoc_graph.cpp%23L393&data=05%7C01%7Cafountain%40brsc.com%7C080e"
      "13d2bdc743f6fddd08dba34d96b2&reserved=0", "safelinks",
      "https://github.com/EttusResearch/uhd/blob/UHD-4.4/host/lib/rfnoc/rfnoc"
      "_graph.cpp#L393", 0 },
    { "https://www.youtube.com/redirect?event=video_description&redir_token="
      "QUFFLUhqbkhKQ09JV3gyQXplRGo2X29ibXR1bXFHU&q=https%3A%2F%2Fkb.ettus.com"
      "%2FRFNoC_4_Migration_Guide&v=M9ntwQie9vs", "youtube",
      "https://kb.ettus.com/RFNoC_4_Migration_Guide", 0 },
    { "https://deref-web.de/mail/client/0e2L9R-XDUU/dereferrer/?redirectUrl="
      "https%3A%2F%2Fkb.ettus.com%2FUSRP_Host_Performance_Tuning_Tips_and_Tr"
      "icks", "webde",
      "https://kb.ettus.com/USRP_Host_Performance_Tuning_Tips_and_Tricks", 0 },
    /* Mimecast: recognised, the target is not in the link */
    { "https://protect-us.mimecast.com/s/AbCdEfGhIjKlMn?domain=example.com",
      "mimecast", NULL, 0 },
    /* a v3 link inside Safe Links */
    { "https://nam11.safelinks.protection.outlook.com/?url=https%3A%2F%2Furl"
      "defense.com%2Fv3%2F__https%3A%2F%2Fexample.com%2Fx*y__%3BIw!!AbC!def%2"
      "4&data=05%7C01&reserved=0", "safelinks", "https://example.com/x#y", 0 },
    /* a cut v3 link inside Safe Links: the v3 link is where it goes */
    { "https://nam11.safelinks.protection.outlook.com/?url=https%3A%2F%2Furl"
      "defense.com%2Fv3%2F__https%3A%2F%2Fexample.com%2Fx&data=05%7C01",
      "safelinks", "https://urldefense.com/v3/__https://example.com/x", 1 },
    /* malformed percent-encoding */
    { "https://nam11.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexa"
      "mple.com%2G&data=x", "safelinks", NULL, 1 },
    { "https://nam11.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexa"
      "mple.com%2&data=x", "safelinks", NULL, 1 },
    { "https://urldefense.proofpoint.com/v2/url?u=https-3A__x.org_a-2&d=x",
      "proofpoint-v2", NULL, 1 },
    { "https://nam11.safelinks.protection.outlook.com/?data=x&reserved=0",
      "safelinks", NULL, 1 },
    /* bytes that may not be in a URI are percent-encoded */
    { "https://nam11.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.or"
      "g%2Fa%20b%22%0A%3C%25&data=x", "safelinks",
      "https://x.org/a%20b%22%0A%3C%25", 0 },
    /* not wrappers */
    { "https://example.com/?url=https://x.example/", NULL, NULL, 0 },
    { "https://safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.org&d=1",
      NULL, NULL, 0 },
    { "https://nam11.safelinks.protection.outlook.com.evil.example/?url=https"
      "%3A%2F%2Fx.org&data=1", NULL, NULL, 0 },
    { "ftp://nam11.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.org"
      "&data=1", NULL, NULL, 0 },
    { "https://www.google.com/search?q=https://x.org/", NULL, NULL, 0 },
    /* the host is the one after "@": a browser goes to evil.example */
    { "https://nam11.safelinks.protection.outlook.com@evil.example/?url=http"
      "s%3A%2F%2Fx.org&data=1", NULL, NULL, 0 },
    /* host names are compared without case; a port is allowed */
    { "HTTPS://NAM11.SafeLinks.Protection.Outlook.COM:443/?url=https%3A%2F%2F"
      "x.org%2F&data=1", "safelinks", "https://x.org/", 0 },
    { "mailto:a@urldefense.com", NULL, NULL, 0 },
    { "", NULL, NULL, 0 },
};

START_TEST(test_unwrap_cases)
{
    char *target = (char *)"x";
    size_t n = 99;
    const char *wrapper = "x", *reason = "x";
    enum urigrep_status rc;

    rc = urigrep_unwrap(cases[_i].link, strlen(cases[_i].link), &target, &n,
                        &wrapper, &reason);
    ck_assert_int_eq(rc, URIGREP_OK);
    if (cases[_i].wrapper)
        ck_assert_str_eq(wrapper, cases[_i].wrapper);
    else
        ck_assert_ptr_null(wrapper);
    if (cases[_i].target) {
        ck_assert_ptr_nonnull(target);
        ck_assert_str_eq(target, cases[_i].target);
        ck_assert_uint_eq(n, strlen(target));
    } else {
        ck_assert_ptr_null(target);
        ck_assert_uint_eq(n, 0);
    }
    ck_assert_int_eq(reason != NULL, cases[_i].reason);
    free(target);
}
END_TEST

/* Wrappers nested up to 8 deep are decoded; a ninth is left, with a
 * reason. */
START_TEST(test_unwrap_depth)
{
    static const char layer[] = "https://www.google.com/url?q=";
    const char *end = "https://example.com/";
    char link[512], *target;
    const char *wrapper, *reason;
    size_t i, n = 0;

    for (i = 0; i < 9; i++) {
        memcpy(link + n, layer, sizeof layer - 1);
        n += sizeof layer - 1;
    }
    memcpy(link + n, end, strlen(end) + 1);
    /* 9 layers: the 8th target is still a wrapper */
    ck_assert_int_eq(urigrep_unwrap(link, strlen(link), &target, NULL,
                                    &wrapper, &reason), URIGREP_OK);
    ck_assert_str_eq(wrapper, "google");
    ck_assert_ptr_nonnull(reason);
    ck_assert_str_eq(target, "https://www.google.com/url?q=https://example."
                             "com/");
    free(target);
    /* 8 layers: all of them */
    ck_assert_int_eq(urigrep_unwrap(link + sizeof layer - 1,
                                    strlen(link) - (sizeof layer - 1),
                                    &target, NULL, &wrapper, &reason),
                     URIGREP_OK);
    ck_assert_ptr_null(reason);
    ck_assert_str_eq(target, end);
    free(target);
}
END_TEST

START_TEST(test_unwrap_args)
{
    char *target = (char *)"x";
    const char *wrapper = "x";

    ck_assert_int_eq(urigrep_unwrap("x", 1, NULL, NULL, NULL, NULL),
                     URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_unwrap(NULL, 1, &target, NULL, &wrapper, NULL),
                     URIGREP_ERR_ARG);
    ck_assert_ptr_null(target);
    ck_assert_ptr_null(wrapper);
    ck_assert_int_eq(urigrep_unwrap(NULL, 0, &target, NULL, NULL, NULL),
                     URIGREP_OK);
    ck_assert_ptr_null(target);
}
END_TEST

/* --strip-tracking: the parameters of data/tracking-params.txt go, with
 * one '&' each (the '?' when none is left); every other byte stays. */
static const struct {
    const char *in, *out;
} strip_cases[] = {
    { "https://example.com/p?utm_source=x&id=3&utm_medium=y#frag",
      "https://example.com/p?id=3#frag" },
    { "https://example.com/?fbclid=IwAR02Dx", "https://example.com/" },
    { "https://example.com/?x=1&gclid=2&y=3",
      "https://example.com/?x=1&y=3" },
    { "https://example.com/?x=1&mc_cid=2&mc_eid=3",
      "https://example.com/?x=1" },
    { "https://x.example/a?_hsenc=p2AN&_hsmi=2&mkt_tok=3&igshid=4&msclkid=5&"
      "dclid=6", "https://x.example/a" },
    { "mailto:a@b.example?subject=hi&mc_eid=1",
      "mailto:a@b.example?subject=hi" },
    /* kept: not tracking, case differs, fragment, nothing to remove */
    { "https://example.com/?a=1&&b=2", "https://example.com/?a=1&&b=2" },
    { "https://example.com/?utm=1&utm_=2",
      "https://example.com/?utm=1&utm_=2" },
    { "https://example.com/?GCLID=1", "https://example.com/?GCLID=1" },
    { "https://example.com/?fbclidx=1", "https://example.com/?fbclidx=1" },
    { "https://example.com/#?utm_source=x",
      "https://example.com/#?utm_source=x" },
    { "https://example.com/?", "https://example.com/?" },
    { "https://example.com/?%75tm_source=x",
      "https://example.com/?%75tm_source=x" },
    { "", "" },
};

START_TEST(test_unwrap_strip)
{
    char out[256];
    size_t n;

    n = urigrep_strip_tracking(strip_cases[_i].in, strlen(strip_cases[_i].in),
                               out);
    out[n] = '\0';
    ck_assert_str_eq(out, strip_cases[_i].out);
    /* in place too */
    strcpy(out, strip_cases[_i].in);
    n = urigrep_strip_tracking(out, strlen(out), out);
    out[n] = '\0';
    ck_assert_str_eq(out, strip_cases[_i].out);
}
END_TEST

/* ---- through the extractor ---- */

struct seen {
    char uri[512], target[512], wrapper[32], ref[512];
    int refs, notices;
    char detail[64];
};

static int
on_ref(void *arg, const struct urigrep_ref *r)
{
    struct seen *s = arg;

    s->refs++;
    snprintf(s->uri, sizeof s->uri, "%.*s", (int)r->uri.len, r->uri.ptr);
    snprintf(s->ref, sizeof s->ref, "%.*s", (int)r->ref.len, r->ref.ptr);
    snprintf(s->target, sizeof s->target, "%.*s", (int)r->target.len,
             r->target.ptr ? r->target.ptr : "");
    snprintf(s->wrapper, sizeof s->wrapper, "%s",
             r->wrapper ? r->wrapper : "");
    return 0;
}

static void
on_notice(void *arg, const struct urigrep_notice *n)
{
    struct seen *s = arg;

    if (n->kind == URIGREP_NOTICE_WRAPPER) {
        s->notices++;
        snprintf(s->detail, sizeof s->detail, "%s", n->detail);
    }
}

/* Run TEXT through an extractor with FLAGS into *S. */
static void
extract(const char *text, unsigned flags, struct seen *s)
{
    struct urigrep_extract_options o;
    urigrep_extractor *x;

    memset(s, 0, sizeof *s);
    memset(&o, 0, sizeof o);
    o.size = sizeof o;
    o.type = URIGREP_DOC_TEXT;
    o.flags = flags;
    ck_assert_int_eq(urigrep_extractor_new(&o, on_ref, on_notice, s, &x),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_feed(x, text, strlen(text)),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_extractor_finish(x), URIGREP_OK);
    urigrep_extractor_free(x);
    ck_assert_int_eq(s->refs, 1);
}

START_TEST(test_unwrap_extract)
{
    static const char fb[] = "see https://l.facebook.com/l.php?u=https%3A%2F%2F"
                             "example.com%2Fa%3Futm_source%3Dfb%26id%3D7&h=AT3 "
                             "now\n";
    struct seen s;

    /* without the flag: nothing */
    extract(fb, 0, &s);
    ck_assert_str_eq(s.wrapper, "");
    ck_assert_str_eq(s.target, "");
    extract(fb, URIGREP_EXTRACT_UNWRAP, &s);
    ck_assert_str_eq(s.wrapper, "facebook");
    ck_assert_str_eq(s.target, "https://example.com/a?utm_source=fb&id=7");
    /* tracking parameters out of the target; ref stays as written */
    extract(fb, URIGREP_EXTRACT_UNWRAP | URIGREP_EXTRACT_STRIP_TRACKING, &s);
    ck_assert_str_eq(s.target, "https://example.com/a?id=7");
    ck_assert_str_eq(s.uri, s.ref);
    extract("at https://x.example/p?utm_medium=a&q=1 .\n",
            URIGREP_EXTRACT_STRIP_TRACKING, &s);
    ck_assert_str_eq(s.uri, "https://x.example/p?q=1");
    ck_assert_str_eq(s.ref, "https://x.example/p?utm_medium=a&q=1");
    /* a cut link: no target, and a notice says why */
    extract("https://nam06.safelinks.protection.outlook.com/?url=https%3A%2F"
            "%2Fopenv\nmm.dev%2Fguide%2F&data=3D05\n", URIGREP_EXTRACT_UNWRAP,
            &s);
    ck_assert_str_eq(s.wrapper, "safelinks");
    ck_assert_str_eq(s.target, "");
    ck_assert_int_eq(s.notices, 1);
    ck_assert_str_eq(s.detail, "link cut after its target");
}
END_TEST

static Suite *
unwrap_suite(void)
{
    Suite *s = suite_create("unwrap");
    TCase *tc = tcase_create("wrappers");

    tcase_add_loop_test(tc, test_unwrap_cases, 0,
                        sizeof cases / sizeof *cases);
    tcase_add_test(tc, test_unwrap_depth);
    tcase_add_test(tc, test_unwrap_args);
    suite_add_tcase(s, tc);
    tc = tcase_create("tracking");
    tcase_add_loop_test(tc, test_unwrap_strip, 0,
                        sizeof strip_cases / sizeof *strip_cases);
    suite_add_tcase(s, tc);
    tc = tcase_create("extractor");
    tcase_add_test(tc, test_unwrap_extract);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(unwrap_suite)
