/* test-abi.c: a program built against frozen copies of the options
 * structs as urigrep.h 0.9.0 declared them (the first versioned layout),
 * and against a "later" header's structs with a field the library does
 * not know, linked with the shared library: the rules of "Versioned
 * options" in urigrep.h, checked from outside.  When a field is added to
 * an options struct, the frozen copies below stay as they are: they are
 * the old program. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "urigrep.h"

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "test-abi: failed: %s\n", #cond);               \
            return 1;                                                       \
        }                                                                   \
    } while (0)

/* urigrep.h 0.9.0, frozen: do not edit */
struct scan_0_9 {
    size_t size;
    size_t max_uri_length;
    enum urigrep_hyphen hyphen;
    unsigned flags;
    const char *const *schemes;
    size_t nschemes;
};
struct extract_0_9 {
    size_t size;
    enum urigrep_doc_type type;
    enum urigrep_rfc rfc;
    const char *base;
    const char *charset;
    unsigned flags;
    struct scan_0_9 scan;
};

/* a later header's: one more field at the end of each */
struct scan_later {
    struct scan_0_9 old;
    uint64_t later;
};
struct extract_later {
    struct extract_0_9 old;
    uint64_t later;
};

static unsigned too_long, found;
static char last[256];

static int
on_match(void *arg, const struct urigrep_match *m)
{
    (void)arg;
    if (m->event == URIGREP_EVENT_TOO_LONG)
        too_long++;
    else
        found++;
    return 0;
}

static int
on_ref(void *arg, const struct urigrep_ref *r)
{
    (void)arg;
    if (r->uri.len < sizeof last) {
        memcpy(last, r->uri.ptr, r->uri.len);
        last[r->uri.len] = '\0';
    }
    return 0;
}

/* Scan TEXT with the scanner options at OPTS (cast from another layout). */
static enum urigrep_status
scan_with(const void *opts, const char *text)
{
    urigrep_scanner *sc = NULL;
    enum urigrep_status st;

    too_long = found = 0;
    st = urigrep_scanner_new((const struct urigrep_scan_options *)opts, &sc);
    if (st != URIGREP_OK)
        return st;
    st = urigrep_scanner_feed(sc, text, strlen(text), on_match, NULL);
    if (st == URIGREP_OK)
        st = urigrep_scanner_finish(sc, on_match, NULL);
    urigrep_scanner_free(sc);
    return st;
}

/* Read TEXT with the extractor options at OPTS; the last URI is LAST. */
static enum urigrep_status
extract_with(const void *opts, const char *text)
{
    urigrep_extractor *x = NULL;
    enum urigrep_status st;

    last[0] = '\0';
    st = urigrep_extractor_new((const struct urigrep_extract_options *)opts,
                               on_ref, NULL, NULL, &x);
    if (st != URIGREP_OK)
        return st;
    st = urigrep_extractor_feed(x, text, strlen(text));
    if (st == URIGREP_OK)
        st = urigrep_extractor_finish(x);
    urigrep_extractor_free(x);
    return st;
}

static int
scanner_layouts(void)
{
    static const char text[] =
        "x http://example.org/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa y";
    struct scan_0_9 old;
    struct scan_later later;

    /* the old program's max_uri_length is read: the URI is too long */
    memset(&old, 0, sizeof old);
    old.size = sizeof old;
    old.max_uri_length = 20;
    CHECK(scan_with(&old, text) == URIGREP_OK);
    CHECK(too_long == 1 && found == 0);
    old.max_uri_length = 0;
    CHECK(scan_with(&old, text) == URIGREP_OK);
    CHECK(too_long == 0 && found == 1);
    /* smaller than the first versioned layout: refused */
    old.size = offsetof(struct scan_0_9, nschemes);
    CHECK(scan_with(&old, text) == URIGREP_ERR_ARG);
    /* a later program that leaves the new field alone works... */
    memset(&later, 0, sizeof later);
    later.old.size = sizeof later;
    later.old.max_uri_length = 20;
    CHECK(scan_with(&later, text) == URIGREP_OK && too_long == 1);
    /* ...one that asks for what this library lacks is refused */
    later.later = 1;
    CHECK(scan_with(&later, text) == URIGREP_ERR_ARG);
    return 0;
}

static int
extractor_layouts(void)
{
    struct extract_0_9 old;
    struct extract_later later;

    /* the old program's base and RFC are read (Appendix C, "../g") */
    memset(&old, 0, sizeof old);
    old.size = sizeof old;
    old.type = URIGREP_DOC_TEXT;
    old.rfc = URIGREP_RFC2396;
    old.base = "http://a/b/c/d;p?q";
    CHECK(extract_with(&old, "see <URL:../g> now") == URIGREP_OK);
    CHECK(strcmp(last, "http://a/b/g") == 0);
    /* the scan options inside it too (the inner size is not needed) */
    old.scan.max_uri_length = 8;
    CHECK(extract_with(&old, "see <URL:../gggggggggggg> now") ==
          URIGREP_OK);
    CHECK(last[0] == '\0');
    old.size = offsetof(struct extract_0_9, flags);
    CHECK(extract_with(&old, "x") == URIGREP_ERR_ARG);
    old.size = 0;
    CHECK(extract_with(&old, "x") == URIGREP_ERR_ARG);
    memset(&later, 0, sizeof later);
    later.old.size = sizeof later;
    later.old.base = "http://a/b/c/d;p?q";
    CHECK(extract_with(&later, "see <URL:g;x> now") == URIGREP_OK);
    CHECK(strcmp(last, "http://a/b/c/g;x") == 0);
    later.later = 42;
    CHECK(extract_with(&later, "x") == URIGREP_ERR_ARG);
    return 0;
}

int
main(void)
{
    char v[32];

    snprintf(v, sizeof v, "%d.%d.%d", URIGREP_VERSION_MAJOR,
             URIGREP_VERSION_MINOR, URIGREP_VERSION_PATCH);
    CHECK(strcmp(v, URIGREP_VERSION) == 0);
    CHECK(strcmp(urigrep_version(), URIGREP_VERSION) == 0);
    CHECK(URIGREP_VERSION_NUM == ((URIGREP_VERSION_MAJOR << 16) |
                                  (URIGREP_VERSION_MINOR << 8) |
                                  URIGREP_VERSION_PATCH));
    CHECK(URIGREP_VERSION_NUM >= URIGREP_VERSION_AT(0, 9, 0));
    CHECK(sizeof(struct scan_0_9) <= sizeof(struct urigrep_scan_options));
    CHECK(sizeof(struct extract_0_9) <=
          sizeof(struct urigrep_extract_options));
    if (scanner_layouts() != 0 || extractor_layouts() != 0)
        return 1;
    puts("test-abi: programs built against 0.9.0's and later layouts work");
    return 0;
}
