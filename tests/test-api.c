/* test-api.c: a program that uses only the installed header and links the
 * shared liburigrep, as a user's program would (liburigrep.3's example,
 * checked). */
/* SPDX-License-Identifier: MIT */
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
    free(abs);

    CHECK(urigrep_validate("http://a b/", 11, URIGREP_RFC2396, &off) ==
          URIGREP_E_SPACE);
    CHECK(off == 8);
    CHECK(urigrep_uri_parse("ftp://h/p?q#f", 13, URIGREP_RFC3986, &u) ==
          URIGREP_OK);
    CHECK(urigrep_uri_part(u, URIGREP_PART_HOST, &sp) && sp.len == 1);
    urigrep_uri_free(u);
    CHECK(strcmp(urigrep_version(), "") != 0);
    puts("test-api: the shared library's API works");
    return 0;
}
