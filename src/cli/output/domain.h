/* domain.h: --domain and --exclude-domain, references selected by their
 * host (or a mailto: address's domain), subdomains included. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_DOMAIN_H
#define URIGREP_DOMAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "urigrep.h"

/* Domain names, lower case, in ASCII (IDNA), with no final dot.
 * Owner: domain.c (domain_add(), domain_free()); main.c holds two in
 * struct options, report.c asks domain_under(). */
struct domain_list {
    char **names;
    size_t n;
};

/* Add the comma-separated domain names of LIST to L: "example.com",
 * "Example.COM.", ".example.com" and "*.example.com" all name
 * example.com and its subdomains; a name with non-ASCII letters is
 * converted by IDNA ("b\u00fccher.de" is "xn--bcher-kva.de"). Returns
 * NULL, or why a name cannot be one (a static string; the name is then
 * in *BAD, which the caller frees). Exits on out of memory. */
const char *domain_add(struct domain_list *l, const char *list,
                       char **bad);

/* Is the host of a URI (PARTS: the URI split by urigrep_uri_split()), or
 * the domain of a mailto: address, one of L's names or below one?
 * "http://a.example.com/" is under example.com, "http://example.com.
 * evil.test/" and "http://notexample.com/" are not. A URI with no host
 * is under none. */
bool domain_under(const struct domain_list *l,
                  const struct urigrep_span *parts);

/* Free L's names. */
void domain_free(struct domain_list *l);

#endif
