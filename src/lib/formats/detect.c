/* detect.c: what a document is, from its first bytes (urigrep_detect()):
 * a WARC file, a news batch, an mbox, a message, HTML or text. Each
 * format's own test is its reader's (warc_is_version_line(),
 * rnews_separator(), mail_is_from_line()); what tells a message or an HTML
 * page from text is here. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "formats/detect.h"
#include "formats/fields.h"
#include "formats/mail.h"
#include "formats/rnews.h"
#include "internal.h"
#include "warcver.h"

/* Does P (LEN bytes, a document's start whose first line is a header
 * field of a name detect_is_message() does not know) hold a header
 * block that only a message has: field lines and their continuations up
 * to a blank line, one of them a Message-ID (RFC 5322 3.6.4; RFC 5536
 * requires it in news) or a Newsgroups field?  An article of a news
 * spool may begin with any field ("NNTP-Posting-Host:", "Approved:"); a
 * text file of "Name: value" lines (a Debian control or .changes file)
 * has no such field, or no blank line after its fields. */
static bool
header_block_is_message(const char *p, size_t len)
{
    bool id = false;
    size_t i = 0, n, k;

    for (;;) {
        const char *nl = memchr(p + i, '\n', len - i);

        if (nl == NULL)
            return false; /* the block goes on past what is seen */
        n = (size_t)(nl - (p + i));
        if (field_is_blank_line(p + i, n + 1))
            return id;
        if (p[i] != ' ' && p[i] != '\t') {
            if ((k = field_name_len(p + i, n)) == 0)
                return false;
            id = id || mail_name_is(p + i, k, "Message-ID") ||
                 mail_name_is(p + i, k, "Newsgroups");
        }
        i += n + 1;
    }
}

bool
detect_is_message(const char *p, size_t len)
{
    /* header fields that mail, news articles and saved messages begin
     * with (RFC 5322, RFC 5536, common MTA and MUA additions) */
    static const char *const first[] = {
        "Return-Path", "Received", "From", "To", "Date", "Subject",
        "Message-ID", "Message-Id", "Delivered-To", "Path", "Newsgroups",
        "Xref", "Article", "MIME-Version", "Mime-Version", "Content-Type",
        "Reply-To", "Sender", "DKIM-Signature", "Authentication-Results",
        "In-Reply-To", "References", "Organization", "Lines", "Relay-Version",
        "Envelope-To", "Status", "Cc", "Bcc", "Resent-From", "Resent-Date",
        "Received-SPF", "ARC-Seal", "List-Id", "Precedence", "User-Agent",
        /* a header block that only gives a base (RFC 1808 3.1, RFC 2557) */
        "Base", "Content-Base", "Content-Location",
    };
    size_t i, n;
    const char *colon;

    if (mail_is_from_line(p, len))
        return false; /* that is an mbox */
    colon = memchr(p, ':', len < 80 ? len : 80);
    if (colon == NULL || !field_is_start(p, len))
        return false;
    n = (size_t)(colon - p);
    if (n > 2 && strncasecmp(p, "X-", 2) == 0)
        return true;
    for (i = 0; i < sizeof first / sizeof *first; i++)
        if (mail_name_is(p, n, first[i]))
            return true;
    return header_block_is_message(p, len);
}

/* Does P (N bytes) start with S, ignoring case? */
static bool
starts_with(const char *p, size_t n, const char *s)
{
    size_t k = strlen(s);

    return n >= k && strncasecmp(p, s, k) == 0;
}

static const char *
skip_blanks(const char *p, size_t *n)
{
    while (*n && strchr(" \t\r\n\f", *p))
        p++, (*n)--;
    return p;
}

/* Skip what may come before an HTML document's first tag: a UTF-8 byte
 * order mark, blanks, comments, and an XML declaration (XHTML), which
 * sets *PROLOG. NULL if a comment or declaration does not end in P. */
static const char *
skip_html_prolog(const char *p, size_t *n, bool *prolog)
{
    *prolog = false;
    if (*n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3, *n -= 3;
    for (;;) {
        const char *end;

        p = skip_blanks(p, n);
        if (starts_with(p, *n, "<!--"))
            end = memmem(p + 4, *n - 4, "-->", 3);
        else if (starts_with(p, *n, "<?xml") && *n > 5 &&
                 strchr(" \t\r\n?", p[5]))
            end = memmem(p + 5, *n - 5, "?>", 2), *prolog = true;
        else
            return p;
        if (end == NULL)
            return NULL;
        end += end[1] == '>' ? 2 : 3;
        *n -= (size_t)(end - p);
        p = end;
    }
}

/* Is P (N bytes, a document's start) HTML? An HTML doctype or <html>
 * after a byte order mark, blanks, comments or an XML declaration;
 * without the declaration, a <head>, <body>, <title> or <meta> first will
 * also do. */
static bool
looks_like_html(const char *p, size_t n)
{
    static const char *const starts[] = {
        "<!doctype html", "<html", "<head", "<body", "<title", "<meta",
    };
    size_t i, k;
    bool prolog;

    if ((p = skip_html_prolog(p, &n, &prolog)) == NULL)
        return false;
    for (i = 0; i < sizeof starts / sizeof *starts; i++) {
        if (!starts_with(p, n, starts[i]))
            continue;
        /* a whole name: <html> or <html lang=...>, not <htmlfoo> */
        k = strlen(starts[i]);
        if (n > k && !strchr(" \t\r\n\f>/", p[k]))
            continue;
        return !prolog || i < 2;
    }
    return false;
}

URIGREP_EXPORT enum urigrep_doc_type
urigrep_detect(const char *p, size_t n)
{
    const char *nl;
    uint64_t count;
    char name[RNEWS_LINE_MAX];

    if (p == NULL || n == 0)
        return URIGREP_DOC_TEXT;
    if (warc_is_version_line(p, n))
        return URIGREP_DOC_WARC;
    if (rnews_separator(p, n, &count) ||
        rnews_unbatch(p, n, name, sizeof name))
        return URIGREP_DOC_RNEWS;
    nl = memchr(p, '\n', n);
    if (mail_is_from_line(p, nl ? (size_t)(nl - p) + 1 : n))
        return URIGREP_DOC_MBOX;
    if (detect_is_message(p, n))
        return URIGREP_DOC_MAIL;
    if (looks_like_html(p, n))
        return URIGREP_DOC_HTML;
    return URIGREP_DOC_TEXT;
}
