/* check_conf.c: the --pick configuration file: options, opener rules,
 * key bindings, and the line a bad one is on. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_NCURSES
#include <curses.h>
#endif

#include "pick/conf.h"
#include "check_main.h"

/* Read TEXT as a configuration file into C; return conf_read()'s
 * result, the reason in WHY and the line in *LINE. */
static int
read_text(struct pick_config *c, const char *text, char *why,
          unsigned *line)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    int rc;

    ck_assert_ptr_nonnull(f);
    why[0] = '\0';
    rc = conf_read(c, f, why, 256, line);
    fclose(f);
    return rc;
}

START_TEST(test_conf_options)
{
    struct pick_config c;
    char why[256];
    unsigned line;

    conf_init(&c);
    ck_assert_int_eq(c.compact, -1);
    ck_assert_int_eq(read_text(&c,
        "# urigrep --pick\n"
        "\n"
        "set quit-after-open\n"
        "set open-if-one yes   # a comment\n"
        "  set compact no\n"
        "set reverse on\n"
        "set open-wrapped target\n"
        "set confirm never\n"
        "set open-with firefox --new-tab 'a b'\n", why, &line), 0);
    ck_assert_int_eq(line, 10);
    ck_assert_int_eq(c.quit_after_open, 1);
    ck_assert_int_eq(c.open_if_one, 1);
    ck_assert_int_eq(c.compact, 0);
    ck_assert_int_eq(c.reverse, 1);
    ck_assert_int_eq(c.open_target, 1);
    ck_assert_int_eq(c.confirm, CONFIRM_NEVER);
    ck_assert_str_eq(c.open_with[0], "firefox");
    ck_assert_str_eq(c.open_with[1], "--new-tab");
    ck_assert_str_eq(c.open_with[2], "a b");
    ck_assert_ptr_null(c.open_with[3]);
    conf_free(&c);
    ck_assert_ptr_null(c.open_with);
    ck_assert_int_eq(c.reverse, -1);
}
END_TEST

START_TEST(test_conf_set_from_command_line)
{
    struct pick_config c;
    char why[256];

    conf_init(&c);
    /* --open-with is split on blanks only, as it always was */
    ck_assert_int_eq(conf_set(&c, "open-with", "  x  'y z' ", why,
                              sizeof why), 0);
    ck_assert_str_eq(c.open_with[0], "x");
    ck_assert_str_eq(c.open_with[1], "'y");
    ck_assert_str_eq(c.open_with[2], "z'");
    ck_assert_int_eq(conf_set(&c, "open-with", " ", why, sizeof why), -1);
    ck_assert_str_eq(why, "open-with: no command given");
    ck_assert_int_eq(conf_set(&c, "confirm", "maybe", why, sizeof why), -1);
    ck_assert_str_eq(why, "confirm: want auto, always or never");
    ck_assert_int_eq(conf_set(&c, "reverse", "sometimes", why, sizeof why),
                     -1);
    ck_assert_str_eq(why, "reverse: 'sometimes' is not yes or no");
    conf_free(&c);
}
END_TEST

START_TEST(test_conf_rules)
{
    struct pick_config c;
    char why[256];
    unsigned line;
    pcre2_match_data *md;
    static const char uri[] = "https://v.example/clip.MP4";

    conf_init(&c);
    ck_assert_int_eq(read_text(&c,
        "open scheme MailTo,news neomutt\n"
        "open match '(?i)\\.(mp4|webm)$' mpv --fs {}\n", why, &line), 0);
    ck_assert_uint_eq(c.nrules, 2);
    ck_assert_str_eq(c.rules[0].schemes[0], "mailto");
    ck_assert_str_eq(c.rules[0].schemes[1], "news");
    ck_assert_ptr_null(c.rules[0].schemes[2]);
    ck_assert_ptr_null(c.rules[0].re);
    ck_assert_str_eq(c.rules[0].argv[0], "neomutt");
    ck_assert_ptr_null(c.rules[0].argv[1]);
    ck_assert_ptr_null(c.rules[1].schemes);
    ck_assert_str_eq(c.rules[1].argv[2], "{}");
    md = pcre2_match_data_create_from_pattern(c.rules[1].re, NULL);
    ck_assert_int_gt(pcre2_match(c.rules[1].re, (PCRE2_SPTR)uri,
                                 strlen(uri), 0, 0, md, NULL), 0);
    ck_assert_int_lt(pcre2_match(c.rules[1].re, (PCRE2_SPTR)"x.mp3", 5, 0,
                                 0, md, NULL), 0);
    pcre2_match_data_free(md);
    conf_free(&c);
    ck_assert_uint_eq(c.nrules, 0);
}
END_TEST

START_TEST(test_conf_bindings)
{
    struct pick_config c;
    char why[256];
    unsigned line;

    conf_init(&c);
    ck_assert_int_eq(read_text(&c,
        "bind o open_queue\n"
        "bind C-y copy\n"
        "bind Space page-down\n"
        "bind x none\n", why, &line), 0);
    ck_assert_uint_eq(c.nbinds, 4);
    ck_assert_int_eq(c.binds[0].key, 'o');
    ck_assert_int_eq(c.binds[0].action, PICK_OPEN_TAGGED);
    ck_assert_int_eq(c.binds[1].key, 25);
    ck_assert_int_eq(c.binds[1].action, PICK_COPY);
    ck_assert_int_eq(c.binds[2].key, ' ');
    ck_assert_int_eq(c.binds[2].action, PICK_PAGE_DOWN);
    ck_assert_int_eq(c.binds[3].action, PICK_NONE);
    conf_free(&c);
    ck_assert_int_eq(conf_key("Enter"), '\r');
    ck_assert_int_eq(conf_key("esc"), 27);
    ck_assert_int_eq(conf_key("C-"), -1);
    ck_assert_int_eq(conf_key("\x01"), -1);
    ck_assert_int_eq(conf_key("Hyper"), -1);
#ifdef HAVE_NCURSES
    ck_assert_int_eq(conf_key("PgDn"), KEY_NPAGE);
    ck_assert_int_eq(conf_key("F1"), KEY_F(1));
    ck_assert_int_eq(conf_key("F13"), -1);
#endif
    ck_assert_int_eq(conf_action("clipboard"), PICK_COPY);
    ck_assert_int_eq(conf_action("open-tagged"), PICK_OPEN_TAGGED);
    ck_assert_int_eq(conf_action("launch"), -1);
    ck_assert_str_eq(conf_action_name(PICK_OPEN_TAGGED), "open-tagged");
}
END_TEST

/* Each bad line: its number and what is wrong. */
static const struct {
    const char *text;
    unsigned line;
    const char *why;
} bad[] = {
    { "set compact\nfrobnicate\n", 2, "unknown command 'frobnicate' "
                                      "(want set, open or bind)" },
    { "set colour red\n", 1, "unknown option 'colour'" },
    { "\n\nset compact maybe\n", 3, "compact: 'maybe' is not yes or no" },
    { "set reverse yes no\n", 1, "set reverse: one value at most" },
    { "set\n", 1, "set: no option named" },
    { "set open-with\n", 1, "open-with: no command given" },
    { "set open-wrapped\n", 1, "open-wrapped: want target or wrapper" },
    { "open scheme mailto\n", 1, "open scheme: want a scheme and a command" },
    { "open match x\n", 1, "open match: want a pattern and a command" },
    { "open when x y\n", 1, "open: want 'open scheme' or 'open match'" },
    { "open scheme 1x y\n", 1, "open scheme: '1x' is no scheme" },
    { "open scheme a:b y\n", 1, "open scheme: 'a:b' is no scheme" },
    { "open scheme , y\n", 1, "open scheme: no scheme given" },
    { "open match ( mpv\n", 1,
      "open match: bad pattern: missing closing parenthesis at offset 1" },
    { "bind\n", 1, "bind: want a key and an action" },
    { "bind Hyper open\n", 1, "bind: unknown key 'Hyper'" },
    { "bind o launch\n", 1, "bind: unknown action 'launch'" },
    { "bind 'o open\n", 1, "unterminated '" },
};

START_TEST(test_conf_bad_line)
{
    struct pick_config c;
    char why[256];
    unsigned line;

    conf_init(&c);
    ck_assert_int_eq(read_text(&c, bad[_i].text, why, &line), -1);
    ck_assert_str_eq(why, bad[_i].why);
    ck_assert_uint_eq(line, bad[_i].line);
    conf_free(&c);
}
END_TEST

START_TEST(test_conf_bounded_line)
{
    struct pick_config c;
    char why[256], *text = malloc(CONF_LINE_MAX + 64);
    unsigned line;

    /* a line of CONF_LINE_MAX bytes is read; one more is refused */
    memset(text, ' ', CONF_LINE_MAX);
    memcpy(text + CONF_LINE_MAX - 11, "set reverse", 11);
    strcpy(text + CONF_LINE_MAX, "\n");
    conf_init(&c);
    ck_assert_int_eq(read_text(&c, text, why, &line), 0);
    ck_assert_int_eq(c.reverse, 1);
    memmove(text + 1, text, CONF_LINE_MAX + 2);
    ck_assert_int_eq(read_text(&c, text, why, &line), -1);
    ck_assert_str_eq(why, "line longer than 4096 bytes");
    ck_assert_uint_eq(line, 1);
    conf_free(&c);
    free(text);
}
END_TEST

START_TEST(test_conf_nul_byte)
{
    static const char text[] = "set compact\nset rev\0erse\n";
    struct pick_config c;
    char why[256];
    unsigned line;
    FILE *f = fmemopen((void *)text, sizeof text - 1, "r");

    conf_init(&c);
    ck_assert_int_eq(conf_read(&c, f, why, sizeof why, &line), -1);
    ck_assert_str_eq(why, "a NUL byte");
    ck_assert_uint_eq(line, 2);
    fclose(f);
    conf_free(&c);
}
END_TEST

START_TEST(test_conf_merge)
{
    struct pick_config file, cli;
    char why[256];
    unsigned line;

    conf_init(&file);
    conf_init(&cli);
    ck_assert_int_eq(read_text(&file, "set compact\nset reverse\n"
                               "set open-with a\nopen scheme x y\n"
                               "bind o open\n", why, &line), 0);
    ck_assert_int_eq(conf_set(&cli, "reverse", "no", why, sizeof why), 0);
    ck_assert_int_eq(conf_set(&cli, "open-with", "b", why, sizeof why), 0);
    conf_merge(&cli, &file);
    /* the command line wins; the file fills the rest */
    ck_assert_int_eq(cli.compact, 1);
    ck_assert_int_eq(cli.reverse, 0);
    ck_assert_str_eq(cli.open_with[0], "b");
    ck_assert_uint_eq(cli.nrules, 1);
    ck_assert_uint_eq(cli.nbinds, 1);
    ck_assert_uint_eq(file.nrules, 0);
    conf_free(&cli);
}
END_TEST

START_TEST(test_conf_path)
{
    bool explicit;
    char *p;

    setenv("URIGREP_CONFIG", "/tmp/u.conf", 1);
    setenv("XDG_CONFIG_HOME", "/x", 1);
    setenv("HOME", "/h", 1);
    p = conf_path(&explicit);
    ck_assert_str_eq(p, "/tmp/u.conf");
    ck_assert(explicit);
    free(p);
    unsetenv("URIGREP_CONFIG");
    p = conf_path(&explicit);
    ck_assert_str_eq(p, "/x/urigrep/config");
    ck_assert(!explicit);
    free(p);
    /* a relative XDG_CONFIG_HOME is ignored, as the spec says */
    setenv("XDG_CONFIG_HOME", "rel", 1);
    p = conf_path(&explicit);
    ck_assert_str_eq(p, "/h/.config/urigrep/config");
    free(p);
    unsetenv("HOME");
    unsetenv("XDG_CONFIG_HOME");
    ck_assert_ptr_null(conf_path(&explicit));
}
END_TEST

static Suite *
conf_suite(void)
{
    Suite *s = suite_create("conf");
    TCase *tc = tcase_create("read");

    tcase_add_test(tc, test_conf_options);
    tcase_add_test(tc, test_conf_rules);
    tcase_add_test(tc, test_conf_bindings);
    tcase_add_loop_test(tc, test_conf_bad_line, 0,
                        sizeof bad / sizeof bad[0]);
    tcase_add_test(tc, test_conf_bounded_line);
    tcase_add_test(tc, test_conf_nul_byte);
    suite_add_tcase(s, tc);
    tc = tcase_create("options");
    tcase_add_test(tc, test_conf_set_from_command_line);
    tcase_add_test(tc, test_conf_merge);
    tcase_add_test(tc, test_conf_path);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(conf_suite)
