/* html.h: a light streaming HTML tag scanner for URI attributes and text. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_HTML_H
#define URIGREP_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the scanner reports. Strings are borrowed for the call only. */
struct html_sink {
    /* Text between tags, character references decoded; every tag (but
     * <wbr>), comment and script or style element is reported as one
     * "\n". */
    void (*text)(void *arg, const char *p, size_t n);
    /* The value of a URI-valued attribute (href, src, ...; each URL of a
     * srcset), references decoded and surrounding spaces removed. */
    void (*uri)(void *arg, const char *p, size_t n, const char *tag,
                const char *attr);
    /* <base href="...">: the new base URI (RFC 2396 Appendix D). */
    void (*base)(void *arg, const char *p, size_t n);
    void *arg;
};

struct html_scanner;

/* A new scanner keeping attribute values up to MAX_VALUE bytes (longer
 * ones are dropped). NULL when memory runs out. */
struct html_scanner *html_new(size_t max_value);

/* Scan LEN bytes of HTML; the split of the input does not matter. */
void html_feed(struct html_scanner *h, const char *p, size_t len,
               const struct html_sink *sink);

/* End of the document: flush pending text, then reset for a new one. */
void html_finish(struct html_scanner *h, const struct html_sink *sink);

/* Free the scanner; NULL is accepted. */
void html_free(struct html_scanner *h);

/* Decode the character references in P[0..LEN) (HTML 4 names, &#NN;,
 * &#xHH;) into OUT, which must hold LEN bytes (a reference is never
 * shorter than its UTF-8). Returns the length written. */
size_t html_decode_refs(const char *p, size_t len, char *out);

/* Is NAME (lower case) a URI-valued attribute we report? */
bool html_is_uri_attr(const char *name);

#endif
