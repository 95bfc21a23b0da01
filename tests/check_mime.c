/* check_mime.c: MIME header parameters and transfer decodings. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "formats/mime.h"
#include "scan/skip.h"
#include "check_main.h"

START_TEST(test_mime_media_type)
{
    char t[64];

    ck_assert(mime_media_type(" Text/HTML ; charset=x", 22, t, sizeof t));
    ck_assert_str_eq(t, "text/html");
    ck_assert(mime_media_type("(comment) multipart/mixed;b=1", 29, t, sizeof t));
    ck_assert_str_eq(t, "multipart/mixed");
    ck_assert(!mime_media_type("text", 4, t, sizeof t));
    ck_assert_str_eq(t, "");
    ck_assert(!mime_media_type("/x", 2, t, sizeof t));
}
END_TEST

START_TEST(test_mime_params)
{
    static const char *ct = "multipart/alternative;\t boundary=\"----=_Part_1;x\";"
                            " charset=UTF-8 (the charset); Name=\"a \\\"q\\\" b\"";
    char v[64];

    ck_assert(mime_param(ct, strlen(ct), "boundary", v, sizeof v));
    ck_assert_str_eq(v, "----=_Part_1;x");
    ck_assert(mime_param(ct, strlen(ct), "CHARSET", v, sizeof v));
    ck_assert_str_eq(v, "UTF-8");
    ck_assert(mime_param(ct, strlen(ct), "name", v, sizeof v));
    ck_assert_str_eq(v, "a \"q\" b");
    ck_assert(!mime_param(ct, strlen(ct), "format", v, sizeof v));
    /* a parameter name that only starts like the one asked for */
    ck_assert(!mime_param("text/plain; charsetx=a", 22, "charset", v, sizeof v));
    /* RFC 2231 continuations and an extended value */
    ct = "message/external-body; url*0=\"ftp://\"; url*1=\"a.example/b\"";
    ck_assert(mime_param(ct, strlen(ct), "url", v, sizeof v));
    ck_assert_str_eq(v, "ftp://a.example/b");
    ct = "text/plain; charset*=us-ascii'en'utf%2D8";
    ck_assert(mime_param(ct, strlen(ct), "charset", v, sizeof v));
    ck_assert_str_eq(v, "utf-8");
    /* truncated, never overflowing */
    ck_assert(mime_param("a/b; x=0123456789", 17, "x", v, 5));
    ck_assert_str_eq(v, "0123");
}
END_TEST

/* Several parameters in one pass: each as mime_param() finds it alone. */
START_TEST(test_mime_params_at_once)
{
    static const char *cts[] = {
        "multipart/alternative; boundary=\"b1\"; charset=utf-8",
        "text/plain; CHARSET=\"iso-8859-1\" ; format=flowed",
        "multipart/mixed; boundary*0=\"ab\"; boundary*1=cd; boundary=ef",
        "text/html; charset*=utf-8''x%41; charset=us-ascii; boundary=q",
        "text/plain; charset=\"unterminated",
        "text/plain",
    };
    size_t t;

    for (t = 0; t < sizeof cts / sizeof *cts; t++) {
        const char *ct = cts[t];
        char cs[16], b[8], one[16];
        struct mime_param_want w[2] = { { "charset", cs, sizeof cs, false },
                                        { "BOUNDARY", b, sizeof b, false } };
        bool found;

        mime_params(ct, strlen(ct), w, 2);
        found = mime_param(ct, strlen(ct), "charset", one, sizeof one);
        ck_assert(w[0].found == found);
        ck_assert_str_eq(cs, one);
        found = mime_param(ct, strlen(ct), "boundary", one, sizeof b);
        ck_assert(w[1].found == found);
        ck_assert_str_eq(b, one);
    }
    /* the values themselves, for the third and fourth */
    {
        char cs[16], b[8];
        struct mime_param_want w[2] = { { "charset", cs, sizeof cs, false },
                                        { "boundary", b, sizeof b, false } };

        mime_params(cts[2], strlen(cts[2]), w, 2);
        ck_assert(!w[0].found && w[1].found);
        ck_assert_str_eq(b, "ef");
        mime_params(cts[3], strlen(cts[3]), w, 2);
        ck_assert_str_eq(cs, "us-ascii");
        ck_assert_str_eq(b, "q");
    }
}
END_TEST

START_TEST(test_mime_cte_and_uri_value)
{
    char v[64];

    ck_assert_int_eq(mime_parse_cte(" Quoted-Printable ", 18), MIME_CTE_QP);
    ck_assert_int_eq(mime_parse_cte("BASE64", 6), MIME_CTE_BASE64);
    ck_assert_int_eq(mime_parse_cte("8bit", 4), MIME_CTE_IDENTITY);
    ck_assert_int_eq(mime_parse_cte("x-uuencode", 10), MIME_CTE_IDENTITY);
    /* RFC 1808 3.1: Base: <URL:...>, folding whitespace ignored */
    mime_uri_value(" <URL:http://www.ics.uci.edu/Test/\r\n a/b/c>", 43, v,
                   sizeof v);
    ck_assert_str_eq(v, "http://www.ics.uci.edu/Test/a/b/c");
    mime_uri_value("\"http://q.example/\"", 19, v, sizeof v);
    ck_assert_str_eq(v, "http://q.example/");
}
END_TEST

/* Decode IN in pieces of CHUNK bytes. */
static char *
qp(const char *in, size_t chunk)
{
    struct mime_qp q;
    size_t len = strlen(in), i, o = 0;
    char *out = malloc(len + 8);

    mime_qp_init(&q);
    for (i = 0; i < len; i += chunk) {
        size_t n = len - i < chunk ? len - i : chunk;
        o += mime_qp_decode(&q, in + i, n, out + o, false);
    }
    o += mime_qp_decode(&q, "", 0, out + o, true);
    out[o] = '\0';
    return out;
}

START_TEST(test_mime_qp)
{
    static const struct { const char *in, *want; } t[] = {
        { "caf=C3=A9", "caf\xc3\xa9" },
        { "http://a.example/lo=\nng", "http://a.example/long" },
        { "soft with CRLF=\r\nnext", "soft with CRLFnext" },
        { "padding =  \t\nafter", "padding after" },
        { "a=3Db=3db", "a=b=b" },
        { "bad =ZZ escape =4", "bad =ZZ escape =4" },
        { "equals at end=", "equals at end=" },
        { "= alone", "= alone" },
        { "line\nbreaks\r\nkept", "line\nbreaks\r\nkept" },
    };
    size_t i, k;

    for (i = 0; i < sizeof t / sizeof *t; i++)
        for (k = 1; k <= strlen(t[i].in) + 1; k++) {
            char *got = qp(t[i].in, k);
            ck_assert_msg(strcmp(got, t[i].want) == 0, "'%s' chunk %zu: '%s'",
                          t[i].in, k, got);
            free(got);
        }
}
END_TEST

/* mime_qp_lines() gives each line what mime_qp_decode() a line at a
 * time gives, vector and portable, on lines made of the pieces QP
 * bodies have ("=3D", soft breaks, CRLF, padding, bad escapes, long
 * runs), and stops before a line after the first whose first byte the
 * stop table marks, or after MAXLINES lines. */
START_TEST(test_mime_qp_lines)
{
    static const char *const piece[] = {
        "=3D", "=3d", "=20", "=\n", "=\r\n", "=  \n", "\n", "\r\n", "=ZZ",
        "=A\n", "=", "text ", "<a href=3D\"http://x.example/\">",
        "0123456789abcdefghijklmnopqrstuvwxyz0123456789", "\xc3\xa9", "F",
        "-", ">"
    };
    static const bool stops[256] = { ['F'] = true, ['-'] = true,
                                     ['>'] = true };
    static const bool none[256];
    char in[4096], want[4200], got[4200 + 32];
    size_t offs[4096], wl[4096], len, i, n, nl, w, o, k, maxlines;
    uint32_t seed = 1521;
    int round, v;

    for (round = 0; round < 300; round++) {
        const bool *stop = round % 3 == 2 ? none : stops;

        for (len = 0; len < 3000;) {
            seed = seed * 1103515245 + 12345;
            n = strlen(piece[(seed >> 8) % (sizeof piece / sizeof *piece)]);
            memcpy(in + len, piece[(seed >> 8) % (sizeof piece /
                                                  sizeof *piece)], n);
            len += n;
        }
        in[len++] = '\n';
        maxlines = round % 3 == 2 ? (size_t)round / 3 : 4096;
        for (v = 0; v < 2; v++) {
            struct mime_qp q, r;
            size_t taken;

            mime_qp_init(&q);
            mime_qp_init(&r);
            q.vec = v && skip_choose() == SKIP_AVX2;
            taken = mime_qp_lines(&q, in, len, got, stop, offs, maxlines,
                                  &nl, &w);
            /* the reference: a line at a time, up to the same stop */
            for (i = 0, o = 0, k = 0; i < len && k < maxlines; k++) {
                const char *e = memchr(in + i, '\n', len - i);

                if (k > 0 && stop[(unsigned char)in[i]])
                    break;
                wl[k] = o;
                o += mime_qp_decode(&r, in + i, (size_t)(e - (in + i)) + 1,
                                    want + o, false);
                i = (size_t)(e - in) + 1;
            }
            ck_assert_uint_eq(taken, i);
            ck_assert_uint_eq(nl, k);
            ck_assert_uint_eq(w, o);
            ck_assert(memcmp(got, want, o) == 0);
            ck_assert(memcmp(offs, wl, k * sizeof *offs) == 0);
        }
    }
}
END_TEST

START_TEST(test_mime_base64)
{
    static const char *in = "aHR0cDovL2I2\nNC5leGFtcGxl\r\nLw==\n"
                            "!!*?*!! aGk=";
    struct mime_b64 b;
    char out[64];
    size_t k, i, o;

    for (k = 1; k <= strlen(in); k++) {
        mime_b64_init(&b);
        for (i = 0, o = 0; i < strlen(in); i += k) {
            size_t n = strlen(in) - i < k ? strlen(in) - i : k;
            o += mime_b64_decode(&b, in + i, n, out + o);
        }
        out[o] = '\0';
        ck_assert_msg(strcmp(out, "http://b64.example/hi") == 0, "chunk %zu: %s",
                      k, out);
    }
}
END_TEST

/* The decoder a character at a time, as RFC 2045 6.8 reads: the
 * reference the block decoder must agree with. */
static size_t
b64_reference(const char *in, size_t len, char *out)
{
    static const char *alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "abcdefghijklmnopqrstuvwxyz0123456789+/";
    uint32_t acc = 0;
    int bits = 0;
    size_t i, o = 0;

    for (i = 0; i < len; i++) {
        const char *at = in[i] ? strchr(alpha, in[i]) : NULL;

        if (in[i] == '=') {
            acc = 0;
            bits = 0;
        } else if (at) {
            acc = acc << 6 | (uint32_t)(at - alpha);
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                out[o++] = (char)(acc >> bits & 0xff);
            }
        }
    }
    return o;
}

/* Blocks of four, groups cut by padding, line breaks and junk at every
 * offset, in pieces of every size: the same bytes as the reference. */
START_TEST(test_mime_base64_blocks)
{
    static const char pick[] = "QUJDRGVm+/09azZ=\n\r !*\x80\xff";
    char in[600], want[600], got[600];
    uint32_t seed = 2045;
    size_t i, k, o, n;
    int round;

    for (round = 0; round < 200; round++) {
        for (i = 0; i < sizeof in; i++) {
            seed = seed * 1103515245 + 12345;
            /* mostly the alphabet, as a real body is */
            in[i] = (seed >> 16) % 8 ? pick[(seed >> 8) % 12]
                                     : pick[(seed >> 8) % (sizeof pick - 1)];
        }
        n = b64_reference(in, sizeof in, want);
        for (k = 1; k <= 80; k += (k < 9 ? 1 : 7)) {
            struct mime_b64 b;

            mime_b64_init(&b);
            for (i = 0, o = 0; i < sizeof in; i += k)
                o += mime_b64_decode(&b, in + i,
                                     sizeof in - i < k ? sizeof in - i : k,
                                     got + o);
            ck_assert_msg(o == n && memcmp(got, want, n) == 0,
                          "round %d chunk %zu: %zu bytes, want %zu", round,
                          k, o, n);
        }
    }
}
END_TEST

/* The AVX2 blocks of 32 characters (where the machine has AVX2) and the
 * portable decoder give what RFC 2045 6.8 says for every character of
 * the alphabet at every place in a block, and leave to the character at
 * a time decoding every block with any other byte in it, at any place. */
START_TEST(test_mime_base64_vector)
{
    static const char alpha[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                "abcdefghijklmnopqrstuvwxyz0123456789+/";
    char in[160], want[160], got[2][160];
    size_t n, k, o[2], i;
    int c, v, pos;

    for (k = 0; k < 64; k++) {  /* all 64 values, shifted by K */
        for (i = 0; i < sizeof in; i++)
            in[i] = alpha[(i * 7 + k) % 64];
        for (c = 0; c < 256 + 1; c++) {
            pos = c == 256 ? -1 : (int)(k + (size_t)c) % 128;
            if (pos >= 0) /* one byte C somewhere in the first blocks */
                in[pos] = (char)c;
            n = b64_reference(in, sizeof in, want);
            for (v = 0; v < 2; v++) {
                struct mime_b64 b;

                mime_b64_init(&b);
                b.vec = v && skip_choose() == SKIP_AVX2;
                o[v] = mime_b64_decode(&b, in, sizeof in, got[v]);
                ck_assert_msg(o[v] == n && memcmp(got[v], want, n) == 0,
                              "shift %zu byte %d at %d vec %d", k, c, pos,
                              v);
            }
            if (pos >= 0)
                in[pos] = alpha[((size_t)pos * 7 + k) % 64];
        }
    }
}
END_TEST

START_TEST(test_mime_encoded_words)
{
    static const struct { const char *in, *want; } t[] = {
        { "=?UTF-8?Q?caf=C3=A9_http://q.example/?=", "caf\xc3\xa9 http://q.example/" },
        { "=?iso-8859-1?q?caf=E9?= plain", "caf\xc3\xa9 plain" },
        { "=?UTF-8?B?aHR0cDovL2IuZXhhbXBsZS8=?=", "http://b.example/" },
        /* blanks between encoded words vanish (RFC 2047 6.2) */
        { "=?UTF-8?Q?http://split.ex?=  =?UTF-8?Q?ample/?=", "http://split.example/" },
        { "a =?UTF-8?Q?b?= c", "a b c" },
        /* an unknown charset: ASCII text is shown, other bytes are not */
        { "=?x-unknown?Q?shown?= =?broken", "shown =?broken" },
        { "=?x-unknown?Q?caf=E9?=", "=?x-unknown?Q?caf=E9?=" },
        { "no words here", "no words here" },
    };
    char out[128];
    size_t i;

    for (i = 0; i < sizeof t / sizeof *t; i++) {
        mime_decode_words(t[i].in, strlen(t[i].in), out, sizeof out);
        ck_assert_msg(strcmp(out, t[i].want) == 0, "'%s': '%s'", t[i].in, out);
    }
    /* never past the end of OUT (the fuzzer found blanks then text) */
    mime_decode_words("=?UTF-8?Q?0123456789?=", 22, out, 5);
    ck_assert_str_eq(out, "0123");
    mime_decode_words("abc   x", 7, out, 5);
    ck_assert_str_eq(out, "abc ");
    mime_decode_words("ab    xyz", 9, out, 4);
    ck_assert_str_eq(out, "ab ");
}
END_TEST

/* Each encoded word is decoded on its own, with a cache of converters
 * as without: a UTF-16 word's byte order mark does not choose the order
 * of the next word (the fuzzer's words-utf16-bom). */
START_TEST(test_mime_words_byte_order)
{
    static const char *const in[] = {
        "=?utf-16?Q?=FE=FF?= =?utf-16?Q?a=00?=",
        "=?UTF-16?B?/v8AYQ==?= =?UTF-16?B?YQBiAA==?= =?utf-16?Q?c=00?=",
        "=?utf-32?Q?=00=00=FE=FF?= =?utf-32?Q?a=00=00=00?=",
    };
    struct mime_words *w = mime_words_new();
    char a[128], b[128];
    size_t i, na, nb;

    ck_assert_ptr_nonnull(w);
    for (i = 0; i < sizeof in / sizeof *in; i++) {
        na = mime_decode_words(in[i], strlen(in[i]), a, sizeof a);
        nb = mime_words_decode(w, in[i], strlen(in[i]), b, sizeof b);
        ck_assert_uint_eq(na, nb);
        ck_assert_msg(memcmp(a, b, na) == 0, "%s", in[i]);
    }
    mime_words_free(w);
}
END_TEST

Suite *mime_suite(void);

Suite *
mime_suite(void)
{
    Suite *s = suite_create("mime");
    TCase *tc = tcase_create("headers");

    tcase_add_test(tc, test_mime_media_type);
    tcase_add_test(tc, test_mime_params);
    tcase_add_test(tc, test_mime_params_at_once);
    tcase_add_test(tc, test_mime_cte_and_uri_value);
    tcase_add_test(tc, test_mime_encoded_words);
    tcase_add_test(tc, test_mime_words_byte_order);
    suite_add_tcase(s, tc);
    tc = tcase_create("decoding");
    tcase_add_test(tc, test_mime_qp);
    tcase_add_test(tc, test_mime_qp_lines);
    tcase_add_test(tc, test_mime_base64);
    tcase_add_test(tc, test_mime_base64_blocks);
    tcase_add_test(tc, test_mime_base64_vector);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(mime_suite)
