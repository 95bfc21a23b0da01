/* html.h: a light streaming HTML tag scanner for URI attributes and text. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_HTML_H
#define URIGREP_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the scanner reports. Strings are borrowed for the call only.
 * Owner: html.c, which calls it; its user (document.c) fills it. */
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
    /* Optional (NULL: none): the value of a URI attribute ATTR of TAG
     * was longer than the scanner keeps, and was dropped. */
    void (*cut)(void *arg, const char *tag, const char *attr);
    /* Optional (NULL: none): the value of a URI attribute (one that uri()
     * or base() may report) begins at AT, a byte of the input at hand (or
     * its end, when that input ends with the value's opening quote); what
     * uri() reports of it came from there on (a value may span lines). */
    void (*value)(void *arg, const char *at);
    /* Optional (NULL: none): the N bytes of text that text() will give
     * next, after the PENDING bytes it has not yet given, are the input at
     * hand from AT on (not a decoded reference, nor the "\n" of a tag). */
    void (*text_at)(void *arg, size_t pending, const char *at, size_t n);
    void *arg;
    /* Optional (NULL: none, and no anchor text is read): the <a> tag
     * whose href uri() reported last has ended (at </a>, at the next <a>,
     * after HTML_ANCHOR_TAGS tags, when its text is full, or at the end
     * of the document); P[0..N) is its visible text (html_anchor_text()).
     * The text before it has been given to text() first. */
    void (*anchor)(void *arg, const char *p, size_t n);
};

struct html_scanner;

/* The visible text of an <a href> (what anchor() gives): its text
 * runs, character references decoded, without markup, comments and the
 * raw text of <script> and <style>; a <br>, <p>, <div>, <li>, <tr>, <td>
 * or <th> tag in it counts as a blank; blanks (space, tab, line breaks,
 * form feed, U+00A0) collapsed to one space and none at either end; at
 * most HTML_ANCHOR_MAX bytes, cut at a character boundary. */
#define HTML_ANCHOR_MAX 256
/* Tags after which an <a> that has not ended is taken as ended: its text
 * is what was read (the document holds its reference until then). */
#define HTML_ANCHOR_TAGS 64

/* A new scanner keeping attribute values up to MAX_VALUE bytes (longer
 * ones are dropped). NULL when memory runs out. */
struct html_scanner *html_new(size_t max_value);

/* Scan LEN bytes of HTML; the split of the input does not matter. */
void html_feed(struct html_scanner *h, const char *p, size_t len,
               const struct html_sink *sink);

/* As html_feed(), but text may be left pending after it (short text is
 * gathered for fewer text() calls): html_pending() bytes of it, which a
 * later call or html_flush() gives.  A caller that feeds a line at a
 * time and must know where each line's text begins (after the pending
 * bytes) calls this for each line and html_flush() after the last. */
void html_feed_more(struct html_scanner *h, const char *p, size_t len,
                    const struct html_sink *sink);
size_t html_pending(const struct html_scanner *h);
void html_flush(struct html_scanner *h, const struct html_sink *sink);
/* End of the document: flush pending text, then reset for a new one. */
void html_finish(struct html_scanner *h, const struct html_sink *sink);

/* The text read so far of the <a> anchor() has yet to end, and its
 * length in *N; NULL (*N 0) when none is open. Valid until the next
 * call on H. */
const char *html_anchor_text(const struct html_scanner *h, size_t *n);

/* Free the scanner; NULL is accepted. */
void html_free(struct html_scanner *h);

/* Bytes html_decode_refs() may write for LEN bytes of input: a
 * reference is never shorter than its UTF-8 but for &nGt; and &nLt;, five
 * bytes that give six. */
#define HTML_DECODED_MAX(len) ((len) + (len) / 5 + 1)

/* Decode the character references in P[0..LEN) as the HTML Standard
 * says: the names of its table (with ';', and the legacy ones without),
 * &#NN; and &#xHH; with its replacements (NUL, surrogates and values past
 * U+10FFFF give U+FFFD, 0x80-0x9F the windows-1252 characters). ATTR:
 * P is an attribute value, where a name without ';' followed by '=' or a
 * letter or digit stays text ("?a=1&lang=en"). OUT, which must not
 * overlap P, must hold HTML_DECODED_MAX(LEN) bytes. Returns the length
 * written. */
size_t html_decode_refs(const char *p, size_t len, bool attr, char *out);

/* Decode the one reference at REF[0..LEN), the bytes after a '&' (as many
 * as are known: a name ends at a byte that is not a letter or digit, so
 * a caller that streams passes the name and the byte after it). ATTR as
 * for html_decode_refs(). Writes at most 8 bytes of UTF-8 to OUT and the
 * number of bytes of REF used (with a ';') to *USED; returns the bytes
 * written, 0 when '&' starts no reference and is text. */
size_t html_ref_decode(const char *ref, size_t len, bool attr, char *out,
                       size_t *used);

/* How many bytes of a document's start a browser reads to find a
 * <meta> charset (HTML Standard 13.2.3.2). */
#define HTML_PRESCAN_BYTES 1024

/* Look for a <meta charset="..."> or <meta http-equiv="Content-Type"
 * content="...; charset=..."> in the first HTML_PRESCAN_BYTES of
 * P[0..N), skipping comments and other tags as the Standard's prescan
 * does. On success copies the label, in lower case, to OUT (OUTSZ bytes)
 * and returns true; a label that does not fit is not found. */
bool html_prescan_charset(const char *p, size_t n, char *out, size_t outsz);

/* The iconv name for the encoding LABEL means in HTML (the Encoding
 * Standard): "iso-8859-1" and "us-ascii" are windows-1252, "shift_jis"
 * is CP932, "utf-16" in a <meta> is UTF-8; other labels are returned as
 * they are. The result is static or LABEL itself. */
const char *html_charset_name(const char *label);

/* Is NAME (lower case) a URI-valued attribute we report? */
bool html_is_uri_attr(const char *name);

#endif
