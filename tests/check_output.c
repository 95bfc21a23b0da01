/* check_output.c: plain and JSON Lines formatting, escaping of untrusted
 * bytes, charset conversion. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/charset.h"
#include "clean.h"
#include "uri/grammar.h"
#include "output/output.h"
#include "output/uniq.h"
#include "check_main.h"

static char *
text_of(struct urigrep_buf *b)
{
    ck_assert_int_eq(buf_reserve(b, 1), URIGREP_OK);
    b->data[b->len] = '\0';
    return b->data;
}

START_TEST(test_output_json_string)
{
    struct urigrep_buf b;

    buf_init(&b, 1024);
    ck_assert_int_eq(output_json_string(&b, "a\"b\\c\n\x01\x7f\xc3\xa9\xff",
                                        11), URIGREP_OK);
    ck_assert_str_eq(text_of(&b),
                     "\"a\\\"b\\\\c\\u000a\\u0001\\u007f\xc3\xa9\\ufffd\"");
    /* C1 controls and format characters too, past U+FFFF as a pair */
    b.len = 0;
    ck_assert_int_eq(output_json_string(&b, "\xc2\x9b\xe2\x80\xae\xd8\x9c"
                                        "\xe2\x81\xa6\xf3\xa0\x81\x81\xe6\x97\xa5",
                                        17), URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "\"\\u009b\\u202e\\u061c\\u2066"
                                  "\\udb40\\udc41\xe6\x97\xa5\"");
    buf_free(&b);
}
END_TEST

/* A byte a JSON string cannot hold as it is, at every index of a run of
 * plain ones (found sixteen bytes at a time, then one at a time), is
 * escaped there and nowhere else. */
START_TEST(test_output_json_string_runs)
{
    static const struct {
        char c;
        const char *esc;
    } odd[] = { { '"', "\\\"" }, { '\\', "\\\\" }, { '\n', "\\u000a" },
                { 0x1f, "\\u001f" }, { 0x7f, "\\u007f" },
                { (char)0xff, "\\ufffd" } };
    struct urigrep_buf b;
    char in[40], want[64];
    size_t len, at, k;

    buf_init(&b, 1024);
    for (len = 1; len <= 36; len++)
        for (at = 0; at < len; at++)
            for (k = 0; k < sizeof odd / sizeof *odd; k++) {
                memset(in, 'a', len);
                in[at] = odd[k].c;
                snprintf(want, sizeof want, "\"%.*s%s%.*s\"", (int)at, in,
                         odd[k].esc, (int)(len - at - 1), in + at + 1);
                b.len = 0;
                ck_assert_int_eq(output_json_string(&b, in, len), URIGREP_OK);
                ck_assert_str_eq(text_of(&b), want);
            }
    buf_free(&b);
}
END_TEST

/* Numbers as JSON has them, from 0 to UINT64_MAX. */
START_TEST(test_output_json_numbers)
{
    static const struct {
        uint64_t v;
        const char *text;
    } cases[] = { { 0, "0" }, { 7, "7" }, { 10, "10" },
                  { 1234567890, "1234567890" },
                  { UINT64_MAX, "18446744073709551615" } };
    struct urigrep_buf b;
    char want[64];
    size_t k;

    buf_init(&b, 1024);
    for (k = 0; k < sizeof cases / sizeof *cases; k++) {
        b.len = 0;
        ck_assert_int_eq(output_count_json(&b, "f", cases[k].v), URIGREP_OK);
        snprintf(want, sizeof want, "{\"file\":\"f\",\"count\":%s}\n",
                 cases[k].text);
        ck_assert_str_eq(text_of(&b), want);
    }
    buf_free(&b);
}
END_TEST

/* C0 and C1 controls, DEL, and the format characters (bidi controls and
 * the like): never raw on a terminal. */
START_TEST(test_clean_char_unsafe)
{
    static const uint32_t unsafe[] = {
        0x00, 0x07, 0x0a, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9b, 0x9f, 0xad,
        0x061c, 0x200b, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202e,
        0x2066, 0x2069, 0xfeff, 0xe0001, 0xe0041
    };
    static const uint32_t safe[] = {
        0x20, 0x41, 0x7e, 0xa0, 0xe9, 0x061b, 0x061d, 0x200a, 0x2010,
        0x2027, 0x202f, 0x205f, 0x2070, 0x65e5, 0xfffd, 0x1f600, 0xe0080
    };
    size_t i;

    for (i = 0; i < sizeof unsafe / sizeof *unsafe; i++)
        ck_assert_msg(clean_char_unsafe(unsafe[i]), "U+%04X is unsafe",
                      (unsigned)unsafe[i]);
    for (i = 0; i < sizeof safe / sizeof *safe; i++)
        ck_assert_msg(!clean_char_unsafe(safe[i]), "U+%04X is safe",
                      (unsigned)safe[i]);
}
END_TEST

/* Percent-encoding of what a reported URI must not carry (RFC 3987
 * section 3.1): keep in sync with "What urigrep prints" in urigrep.1. */
static const struct {
    const char *in;
    size_t len;
    const char *out;
} clean_cases[] = {
    { "http://a/", 9, "http://a/" },
    { "http://a/\x1b[2J", 13, "http://a/%1B[2J" },           /* ESC */
    { "http://a/\x07\x7f", 11, "http://a/%07%7F" },          /* BEL, DEL */
    { "http://a/\n\r\t", 12, "http://a/%0A%0D%09" },
    { "http://a/\0b", 11, "http://a/%00b" },                  /* NUL */
    { "http://a/\xc2\x9b" "2J", 13, "http://a/%C2%9B2J" },       /* U+009B */
    { "http://a/\xc2\x85", 11, "http://a/%C2%85" },           /* U+0085 */
    { "http://a/\xe2\x80\xaex", 13, "http://a/%E2%80%AEx" },  /* U+202E */
    { "http://a/\xd8\x9c", 11, "http://a/%D8%9C" },           /* U+061C */
    { "\xe2\x80\x8e\xe2\x80\x8f", 6, "%E2%80%8E%E2%80%8F" },  /* U+200E/F */
    { "\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad", 12,
      "%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD" },                /* U+202A-D */
    { "\xe2\x81\xa6\xe2\x81\xa9", 6, "%E2%81%A6%E2%81%A9" },  /* U+2066/9 */
    { "\xf3\xa0\x81\x81", 4, "%F3%A0%81%81" },                /* U+E0041 */
    { "http://a/\xff\xc3", 11, "http://a/%FF%C3" },           /* not UTF-8 */
    { "http://a/\xe2\x80", 11, "http://a/%E2%80" },           /* cut */
    { "http://\xc3\xa9.example/\xe6\x97\xa5", 21,
      "http://\xc3\xa9.example/\xe6\x97\xa5" },                /* IRI: kept */
    { "http://a/%1B b\"<>\\", 18, "http://a/%1B b\"<>\\" },     /* printable */
};

START_TEST(test_clean_uri)
{
    struct urigrep_buf b;

    buf_init(&b, 1024);
    ck_assert_int_eq(clean_uri(&b, clean_cases[_i].in,
                                      clean_cases[_i].len), URIGREP_OK);
    ck_assert_str_eq(text_of(&b), clean_cases[_i].out);
    buf_free(&b);
}
END_TEST

/* clean_uri_view() gives the text itself when every byte is printable
 * ASCII, a cleaned copy as soon as one is not, wherever that byte stands
 * (its words of eight bytes, the last one overlapping, and a byte loop
 * under eight). */
START_TEST(test_clean_uri_view)
{
    static const unsigned char odd[] = { 0x00, 0x1f, ' ', 0x7f, 0x80, 0xff };
    struct urigrep_buf b;
    char s[48];
    size_t len, at, k, out_len;
    const char *v;

    buf_init(&b, 1024);
    for (len = 1; len <= 40; len++) {
        for (at = 0; at < len; at++)
            s[at] = (char)('!' + (at * 7 + len) % 94); /* '!' .. '~' */
        v = clean_uri_view(&b, s, len, &out_len);
        ck_assert_ptr_eq(v, s);
        ck_assert_uint_eq(out_len, len);
        for (at = 0; at < len; at++) {
            char keep = s[at];

            for (k = 0; k < sizeof odd; k++) {
                s[at] = (char)odd[k];
                v = clean_uri_view(&b, s, len, &out_len);
                ck_assert_msg(v != NULL && v != s,
                              "byte 0x%02x at %zu of %zu not seen", odd[k],
                              at, len);
            }
            s[at] = keep;
        }
    }
    buf_free(&b);
}
END_TEST

START_TEST(test_output_quote)
{
    struct urigrep_buf b;

    buf_init(&b, 1024);
    ck_assert_int_eq(output_quote(&b, "a\x1b[2J\nb\\c\0d", 11), URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "a\\033[2J\\012b\\\\c\\000d");
    b.len = 0;
    ck_assert_int_eq(output_quote(&b, "\xc3\xa9\xe2\x80\xae\xc2\x9b\xff", 8),
                     URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "\xc3\xa9\\342\\200\\256\\302\\233\\377");
    buf_free(&b);
}
END_TEST

/* File names: quoted in the prefixes, as they are with -0. */
START_TEST(test_output_file_names)
{
    struct urigrep_buf b;
    struct output_rec r;
    struct output_opts o = { .with_file = true };

    memset(&r, 0, sizeof r);
    r.file = "x\x1b]0;t\x07\n.txt";
    r.uri.ptr = "http://a/";
    r.uri.len = 9;
    buf_init(&b, 1024);
    output_plain(&b, &o, &r);
    ck_assert_str_eq(text_of(&b), "x\\033]0;t\\007\\012.txt:http://a/\n");
    b.len = 0;
    output_count(&b, &o, r.file, 1);
    ck_assert_str_eq(text_of(&b), "x\\033]0;t\\007\\012.txt:1\n");
    b.len = 0;
    o.null = true;
    output_plain(&b, &o, &r);
    ck_assert_mem_eq(b.data, "x\x1b]0;t\x07\n.txt\0http://a/\0", 21);
    buf_free(&b);
}
END_TEST

static void
sample(struct output_rec *r, struct urigrep_span *p)
{
    static const char *u = "http://h.example/p?q";

    memset(r, 0, sizeof *r);
    r->file = "f.txt";
    r->line = 3;
    r->column = 7;
    r->offset = 42;
    r->ref.ptr = r->uri.ptr = u;
    r->ref.len = r->uri.len = strlen(u);
    r->delimiter = "angle";
    r->valid = true;
    r->absolute = true;
    urigrep_uri_split(u, strlen(u), p);
    r->parts = p;
}

START_TEST(test_output_plain)
{
    struct urigrep_buf b;
    struct output_rec r;
    struct urigrep_span p[URIGREP_PART_COUNT];
    struct output_opts o = { .with_file = false };

    sample(&r, p);
    buf_init(&b, 1024);
    output_plain(&b, &o, &r);
    ck_assert_str_eq(text_of(&b), "http://h.example/p?q\n");
    b.len = 0;
    o.with_file = o.line_number = o.byte_offset = true;
    output_plain(&b, &o, &r);
    ck_assert_str_eq(text_of(&b), "f.txt:3:42:http://h.example/p?q\n");
    b.len = 0;
    o.line_number = o.byte_offset = false;
    o.null = true;
    output_plain(&b, &o, &r);
    ck_assert_uint_eq(b.len, 27);
    ck_assert_mem_eq(b.data, "f.txt\0http://h.example/p?q\0", 27);
    b.len = 0;
    output_count(&b, &o, "f.txt", 12);
    ck_assert_mem_eq(b.data, "f.txt\00012\0", 9);
    buf_free(&b);
}
END_TEST

START_TEST(test_output_json)
{
    struct urigrep_buf b;
    struct output_rec r;
    struct urigrep_span p[URIGREP_PART_COUNT];

    sample(&r, p);
    buf_init(&b, 4096);
    output_json(&b, &r);
    ck_assert_str_eq(text_of(&b),
        "{\"file\":\"f.txt\",\"line\":3,\"column\":7,\"offset\":42,"
        "\"ref\":\"http://h.example/p?q\",\"uri\":\"http://h.example/p?q\","
        "\"delimiter\":\"angle\",\"valid\":true,\"kind\":\"absolute\","
        "\"error\":null,\"error_offset\":null,\"scheme\":\"http\","
        "\"authority\":\"h.example\",\"userinfo\":null,\"host\":\"h.example\","
        "\"port\":null,\"path\":\"/p\",\"query\":\"q\",\"fragment\":null}\n");
    b.len = 0;
    r.valid = false;
    r.absolute = false;
    r.error = "bad";
    r.error_offset = 5;
    r.parts = NULL;
    r.file = NULL;
    output_json(&b, &r);
    ck_assert_ptr_nonnull(strstr(text_of(&b), "\"file\":null"));
    ck_assert_ptr_nonnull(strstr(b.data, "\"valid\":false,\"kind\":\"relative\","
                                         "\"error\":\"bad\",\"error_offset\":5,"
                                         "\"scheme\":null"));
    buf_free(&b);
}
END_TEST

START_TEST(test_output_charset)
{
    struct charset_conv *cv = charset_open("ISO-8859-1");
    struct urigrep_buf b;
    size_t bad = 0;

    ck_assert_ptr_nonnull(cv);
    buf_init(&b, 1024);
    ck_assert_int_eq(charset_convert(cv, "caf\xe9", 4, 1, &b, &bad), URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "caf\xc3\xa9");
    charset_close(cv);
    ck_assert_ptr_null(charset_open("NO-SUCH-CHARSET-X"));

    /* a UTF-16 character cut between two calls, and a bad sequence */
    cv = charset_open("UTF-8");
    b.len = 0;
    ck_assert_int_eq(charset_convert(cv, "a\xc3", 2, 0, &b, &bad), URIGREP_OK);
    ck_assert_int_eq(charset_convert(cv, "\xa9z\xff!", 4, 1, &b, &bad),
                     URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "a\xc3\xa9z\xef\xbf\xbd!");
    ck_assert_uint_eq(bad, 1);
    charset_close(cv);

    cv = charset_open("SHIFT_JIS");
    b.len = 0;
    bad = 0;
    /* "日本" in Shift_JIS, split inside the first character */
    ck_assert_int_eq(charset_convert(cv, "\x93", 1, 0, &b, &bad), URIGREP_OK);
    ck_assert_int_eq(charset_convert(cv, "\xfa\x96\x7b", 3, 1, &b, &bad),
                     URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "\xe6\x97\xa5\xe6\x9c\xac");
    ck_assert_uint_eq(bad, 0);
    charset_close(cv);
    charset_close(NULL);
    buf_free(&b);
}
END_TEST

/* Charsets of one byte a character are converted by a table of what
 * iconv gives for each byte: the code pages' own values (Windows-1252's
 * 0x80 is U+20AC, its 0x81 is unassigned; ISO 8859-15's 0xA4 is U+20AC;
 * KOI8-R's 0xC1 is U+0430), the same whole or a byte a call; and the
 * table steps aside for CP1255, which composes a letter with its point
 * (alef 0xE0 then qamats 0xC8: U+FB2F), giving iconv's answer. */
static const struct {
    const char *charset, *in, *out;
    size_t bad;
} byte_cases[] = {
    { "windows-1252", "a\x80" "b\x81" "c\x9f\xe9",
      "a\xe2\x82\xac" "b\xef\xbf\xbd" "c\xc5\xb8\xc3\xa9", 1 },
    { "CP1252", "\x80\x80 http://x.example/\xe9", "\xe2\x82\xac\xe2\x82\xac"
      " http://x.example/\xc3\xa9", 0 },
    { "iso-8859-15", "\xa4\xa4x", "\xe2\x82\xac\xe2\x82\xacx", 0 },
    { "ISO-8859-1", "\xa4\xff\x7f", "\xc2\xa4\xc3\xbf" "\x7f", 0 },
    { "koi8-r", "\xc1\xc1.", "\xd0\xb0\xd0\xb0.", 0 },
    { "windows-1255", "\xe0\xc8!", "\xef\xac\xaf!", 0 },
};

START_TEST(test_output_charset_bytes)
{
    size_t len = strlen(byte_cases[_i].in), i;
    int split;

    for (split = 0; split < 2; split++) {
        struct charset_conv *cv = charset_open(byte_cases[_i].charset);
        struct urigrep_buf b;
        size_t bad = 0, step = split ? 1 : len;

        ck_assert_ptr_nonnull(cv);
        buf_init(&b, 1024);
        for (i = 0; i < len; i += step)
            ck_assert_int_eq(charset_convert(cv, byte_cases[_i].in + i, step,
                                             i + step == len, &b, &bad),
                             URIGREP_OK);
        ck_assert_str_eq(text_of(&b), byte_cases[_i].out);
        ck_assert_uint_eq(bad, byte_cases[_i].bad);
        charset_close(cv);
        buf_free(&b);
    }
}
END_TEST

/* A table charset's ASCII runs, copied 32 bytes a step with AVX2 where
 * the CPU has it, give what the portable loop gives (URIGREP_SIMD=
 * portable when the converter is opened): runs of every length around
 * 32, a byte of the table, a byte iconv has no character for, and the
 * input whole or in calls of a few bytes. */
START_TEST(test_output_charset_vector)
{
    static const char *const piece[] = {
        "a", "http://x.example/", "0123456789abcdefghijklmnopqrstuv",
        "\xe9", "\x80", "\x81", " ", "\n", "\x7f",
    };
    char in[2048];
    size_t len, i, step;
    uint32_t seed = 77;
    int round;

    for (round = 0; round < 200; round++) {
        struct urigrep_buf out[2];
        size_t bad[2] = { 0, 0 };
        int v;

        for (len = 0; len < 1500;) {
            const char *p;

            seed = seed * 1103515245 + 12345;
            p = piece[(seed >> 8) % (sizeof piece / sizeof *piece)];
            memcpy(in + len, p, strlen(p));
            len += strlen(p);
        }
        step = round % 2 ? len : 1 + (size_t)round % 37;
        for (v = 0; v < 2; v++) {
            struct charset_conv *cv;

            if (v)
                unsetenv("URIGREP_SIMD");
            else
                setenv("URIGREP_SIMD", "portable", 1);
            cv = charset_open("windows-1252");
            ck_assert_ptr_nonnull(cv);
            buf_init(&out[v], 1 << 20);
            for (i = 0; i < len; i += step) {
                size_t n = len - i < step ? len - i : step;

                ck_assert_int_eq(charset_convert(cv, in + i, n, i + n == len,
                                                 &out[v], &bad[v]),
                                 URIGREP_OK);
            }
            charset_close(cv);
        }
        ck_assert_uint_eq(out[0].len, out[1].len);
        ck_assert(memcmp(out[0].data, out[1].data, out[0].len) == 0);
        ck_assert_uint_eq(bad[0], bad[1]);
        ck_assert_uint_gt(bad[0], 0);
        buf_free(&out[0]);
        buf_free(&out[1]);
    }
}
END_TEST

/* UTF-7 (RFC 2152), decoded by charset.c itself: valid text as glibc
 * decodes it, each malformed sequence one U+FFFD, and the same bytes and
 * count for every split of the input (corpus-charset/utf7-* were
 * decoded differently in chunks). */
static const struct {
    const char *in, *want;
    size_t bad;
} utf7_cases[] = {
    { "a+AGEAYgBj-d", "aabcd", 0 },
    { "+AOk-t+AOk", "\xc3\xa9t\xc3\xa9", 0 },
    { "1 +- 2", "1 + 2", 0 },
    { "+2D3eAA-!", "\xf0\x9f\x98\x80!", 0 },
    { "~\\", "~\\", 0 },
    { "+qqo-", "\xea\xaa\xaa", 0 },          /* utf7-decoded-vs-replaced */
    { "C++ see", "C\xef\xbf\xbd see", 1 },    /* leftover bits: 6 */
    { "+AGF-", "a\xef\xbf\xbd", 1 },          /* leftover bits not zero */
    { "+?", "\xef\xbf\xbd?", 1 },             /* utf7-plus-question */
    { "+\x7f\x7f\x7f!", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd!",
      4 },                                    /* utf7-retry-split */
    { "+2D0AQQ-", "\xef\xbf\xbd" "A", 1 },    /* lone high surrogate */
    { "+3AAAQQ-", "\xef\xbf\xbd" "A", 1 },    /* lone low surrogate */
    { "+2D0-x", "\xef\xbf\xbdx", 1 },         /* high one at the end */
    { "caf\xe9 \x01", "caf\xef\xbf\xbd \xef\xbf\xbd", 2 },
};

START_TEST(test_output_charset_utf7)
{
    const char *in = utf7_cases[_i].in;
    size_t len = strlen(in), k;
    struct urigrep_buf b;

    buf_init(&b, 1024);
    for (k = 1; k <= len; k++) {
        struct charset_conv *cv = charset_open(k % 2 ? "UTF-7" : "utf7");
        size_t i, bad = 0;

        ck_assert_ptr_nonnull(cv);
        b.len = 0;
        for (i = 0; i < len; i += k) {
            size_t n = len - i < k ? len - i : k;
            ck_assert_int_eq(charset_convert(cv, in + i, n, i + n == len, &b,
                                             &bad), URIGREP_OK);
        }
        ck_assert_msg(strcmp(text_of(&b), utf7_cases[_i].want) == 0,
                      "case %d chunk %zu: '%s'", _i, k, b.data);
        ck_assert_uint_eq(bad, utf7_cases[_i].bad);
        charset_close(cv);
    }
    buf_free(&b);
}
END_TEST

/* A pooled converter comes back for its charset (any case) as one just
 * opened: the state a part read half way left -- ISO-2022-JP shifted to
 * JIS X 0208, a cut UTF-8 sequence, an open UTF-7 run -- is gone, so
 * the next part's ASCII reads as ASCII. Five charsets through a pool of
 * four: the oldest is closed (valgrind: no leak). */
START_TEST(test_charset_pool)
{
    static const struct {
        const char *charset, *again, *half;
    } cases[] = {
        { "ISO-2022-JP", "iso-2022-jp", "\x1b$B" "F|" },
        { "UTF-8", "utf-8", "a\xc3" },
        { "UTF-7", "utf-7", "+AGE" },
        { "windows-1252", "WINDOWS-1252", "\x80" },
        { "KOI8-R", "koi8-r", "\xc1" },
    };
    struct charset_pool pool = { { NULL } };
    struct charset_conv *cv, *first[5];
    struct urigrep_buf b;
    size_t bad = 0, i;

    buf_init(&b, 1024);
    for (i = 0; i < 5; i++) {
        first[i] = cv = charset_pool_open(&pool, cases[i].charset);
        ck_assert_ptr_nonnull(cv);
        ck_assert_int_eq(charset_convert(cv, cases[i].half,
                                         strlen(cases[i].half), 0, &b, &bad),
                         URIGREP_OK);
        charset_pool_close(&pool, cv);
    }
    for (i = 4; i > 0; i--) {
        cv = charset_pool_open(&pool, cases[i].again);
        ck_assert_msg(cv == first[i], "%zu", i);
        b.len = 0;
        ck_assert_int_eq(charset_convert(cv, "ok http://a.example/", 20, 1,
                                         &b, &bad), URIGREP_OK);
        ck_assert_str_eq(text_of(&b), "ok http://a.example/");
        charset_pool_close(&pool, cv);
    }
    /* the first was closed to make room: a new one, that works */
    cv = charset_pool_open(&pool, "iso-2022-jp");
    ck_assert_ptr_nonnull(cv);
    b.len = 0;
    ck_assert_int_eq(charset_convert(cv, "\x1b$BF|\x1b(B!", 9, 1, &b, &bad),
                     URIGREP_OK);
    ck_assert_str_eq(text_of(&b), "\xe6\x97\xa5!");
    charset_pool_close(&pool, cv);
    charset_pool_close(&pool, NULL);
    ck_assert_ptr_null(charset_pool_open(&pool, "NO-SUCH-CHARSET-X"));
    charset_pool_free(&pool);
    buf_free(&b);
}
END_TEST

/* A UTF-16 converter is not kept in the pool: iconv keeps the byte
 * order a byte order mark chose, and the next part (no mark: the
 * default order) would be read in it.  The part after a big-endian
 * one reads as a new converter reads it. */
START_TEST(test_charset_pool_byte_order)
{
    static const char *const names[] = { "UTF-16", "unicode", "UTF-32" };
    struct charset_pool pool = { { NULL } };
    struct urigrep_buf b, fresh;
    size_t bad = 0, i;

    buf_init(&b, 1024);
    buf_init(&fresh, 1024);
    for (i = 0; i < sizeof names / sizeof *names; i++) {
        struct charset_conv *cv = charset_pool_open(&pool, names[i]);

        ck_assert_ptr_nonnull(cv);
        ck_assert_int_eq(charset_convert(cv, "\xfe\xff\0a\0\0\0a", 8, 1,
                                         &b, &bad), URIGREP_OK);
        charset_pool_close(&pool, cv);
        cv = charset_pool_open(&pool, names[i]);
        b.len = 0;
        ck_assert_int_eq(charset_convert(cv, "a\0\0\0b\0\0\0", 8, 1, &b,
                                         &bad), URIGREP_OK);
        charset_pool_close(&pool, cv);
        cv = charset_open(names[i]);
        fresh.len = 0;
        ck_assert_int_eq(charset_convert(cv, "a\0\0\0b\0\0\0", 8, 1,
                                         &fresh, &bad), URIGREP_OK);
        charset_close(cv);
        ck_assert_uint_eq(b.len, fresh.len);
        ck_assert_msg(memcmp(b.data, fresh.data, b.len) == 0, "%s", names[i]);
    }
    charset_pool_free(&pool);
    buf_free(&b);
    buf_free(&fresh);
}
END_TEST

START_TEST(test_output_uniq)
{
    struct uniq *u = uniq_new();
    char key[32];
    int i;

    ck_assert_ptr_nonnull(u);
    for (i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "http://h/%d", i);
        ck_assert_int_eq(uniq_add(u, key, (size_t)n), 1);
    }
    for (i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "http://h/%d", i);
        ck_assert_int_eq(uniq_add(u, key, (size_t)n), 0);
    }
    ck_assert_int_eq(uniq_add(u, "", 0), 1);
    ck_assert_int_eq(uniq_add(u, "", 0), 0);
    uniq_free(u);
}
END_TEST

START_TEST(test_output_buf_limit)
{
    struct urigrep_buf b;

    buf_init(&b, 8);
    ck_assert_int_eq(buf_append(&b, "12345678", 8), URIGREP_OK);
    ck_assert_int_eq(buf_append(&b, "9", 1), URIGREP_ERR_TOO_LONG);
    ck_assert_uint_eq(b.len, 8);
    buf_consume(&b, 3);
    ck_assert_mem_eq(b.data, "45678", 5);
    buf_free(&b);
}
END_TEST

Suite *output_suite(void);

Suite *
output_suite(void)
{
    Suite *s = suite_create("output");
    TCase *tc = tcase_create("format");

    tcase_add_test(tc, test_output_json_string);
    tcase_add_test(tc, test_output_json_string_runs);
    tcase_add_test(tc, test_output_json_numbers);
    tcase_add_test(tc, test_output_plain);
    tcase_add_test(tc, test_output_json);
    tcase_add_test(tc, test_output_file_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("untrusted");
    tcase_add_test(tc, test_clean_char_unsafe);
    tcase_add_test(tc, test_clean_uri_view);
    tcase_add_loop_test(tc, test_clean_uri, 0,
                        sizeof clean_cases / sizeof *clean_cases);
    tcase_add_test(tc, test_output_quote);
    suite_add_tcase(s, tc);
    tc = tcase_create("helpers");
    tcase_add_test(tc, test_output_charset);
    tcase_add_test(tc, test_output_charset_vector);
    tcase_add_loop_test(tc, test_output_charset_bytes, 0,
                        (int)(sizeof byte_cases / sizeof *byte_cases));
    tcase_add_test(tc, test_charset_pool);
    tcase_add_test(tc, test_charset_pool_byte_order);
    tcase_add_loop_test(tc, test_output_charset_utf7, 0,
                        (int)(sizeof utf7_cases / sizeof *utf7_cases));
    tcase_add_test(tc, test_output_uniq);
    tcase_add_test(tc, test_output_buf_limit);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(output_suite)
