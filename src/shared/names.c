/* names.c: the names of the public enums' values (statuses, delimiters,
 * base sources), for the library's urigrep_*_name() and urigrep_strerror()
 * and for the JSON record both write. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "names.h"

/* Keep in sync with enum urigrep_status in urigrep.h. */
static const char *const messages[URIGREP_STATUS_MAX] = {
    [URIGREP_OK] = "no error",
    [URIGREP_ERR_NOMEM] = "out of memory",
    [URIGREP_ERR_ARG] = "invalid argument",
    [URIGREP_ERR_TOO_LONG] = "longer than the length limit",
    [URIGREP_ERR_BASE_RELATIVE] = "base URI is not absolute (no scheme)",
    [URIGREP_ERR_STOPPED] = "stopped by the callback",
    [URIGREP_E_SCHEME] = "invalid character in scheme",
    [URIGREP_E_SCHEME_START] = "scheme does not start with a letter",
    [URIGREP_E_AUTHORITY] = "invalid character in authority",
    [URIGREP_E_IPV6] = "malformed IPv6 literal",
    [URIGREP_E_PORT] = "port is not a number",
    [URIGREP_E_PATH] = "invalid character in path",
    [URIGREP_E_REL_COLON] = "':' in the first segment of a relative path",
    [URIGREP_E_OPAQUE_EMPTY] = "nothing after the scheme's ':'",
    [URIGREP_E_QUERY] = "invalid character in query",
    [URIGREP_E_FRAGMENT] = "invalid character in fragment",
    [URIGREP_E_ESCAPE] = "'%' not followed by two hexadecimal digits",
    [URIGREP_E_NON_ASCII] = "non-ASCII character (an IRI; see --ascii)",
    [URIGREP_E_SPACE] = "whitespace or control character",
    [URIGREP_ERR_IDNA] = "host name rejected by IDNA",
    [URIGREP_ERR_NO_IDNA] = "IDNA support (libidn2) was not built",
    [URIGREP_ERR_NO_PSL] = "the Public Suffix List (libpsl) was not built",
};

const char *
names_status(enum urigrep_status status)
{
    if ((unsigned)status < URIGREP_STATUS_MAX && messages[status])
        return messages[status];
    return "unknown status";
}

const char *
names_delim(enum urigrep_delim d)
{
    /* in the order of enum urigrep_delim */
    static const char *const names[] = {
        "bare", "angle", "angle-url", "quote", "url-prefix", "abbrev",
        "attribute", "line", "field"
    };

    if ((unsigned)d < sizeof names / sizeof *names)
        return names[d];
    return "unknown";
}

const char *
names_base_source(enum urigrep_base_source s)
{
    /* in the order of enum urigrep_base_source */
    static const char *const names[] = {
        "none", "option", "html", "content-base", "content-location",
        "base-header", "document", "target-uri"
    };

    if ((unsigned)s < sizeof names / sizeof *names)
        return names[s];
    return "unknown";
}
