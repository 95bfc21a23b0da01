/* domain.c: --domain and --exclude-domain: is a URI's host one of a list
 * of domains or below one (domain.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "msg.h"
#include "output/domain.h"

/* Longest host name compared (RFC 1034 3.1: 253 bytes; room for an
 * IRI's host before IDNA) */
#define HOST_MAX 1024

static bool
any_non_ascii(const char *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if ((unsigned char)p[i] >= 0x80)
            return true;
    return false;
}

/* The ASCII form of host P (N bytes) into OUT (HOST_MAX bytes): lower
 * case, no final dot, IDNA for a name with non-ASCII letters. Returns
 * its length, 0 when it has none (empty, too long, refused by IDNA), and
 * then *WHY says why if WHY is not NULL. */
static size_t
host_ascii(const char *p, size_t n, char *out, const char **why)
{
    char in[HOST_MAX + 16], *mapped = NULL;
    size_t i, len;
    enum urigrep_status rc;

    if (why)
        *why = "not a domain name";
    if (n && p[n - 1] == '.')
        n--;
    if (n == 0 || n >= HOST_MAX)
        return 0;
    if (!any_non_ascii(p, n)) {
        memcpy(out, p, n);
        len = n;
    } else {
        /* through the library's IRI mapping, the host as an URI's */
        memcpy(in, "http://", 7);
        memcpy(in + 7, p, n);
        in[7 + n] = '/';
        rc = urigrep_iri_to_uri_idna(in, 8 + n, &mapped, &len, why);
        if (rc == URIGREP_ERR_NOMEM)
            out_of_memory();
        if (rc == URIGREP_ERR_NO_IDNA && why)
            *why = "a name with non-ASCII letters needs IDNA (libidn2), "
                   "not built";
        if (rc != URIGREP_OK || len < 8 || len - 8 >= HOST_MAX) {
            urigrep_free(mapped);
            return 0;
        }
        len -= 8;
        memcpy(out, mapped + 7, len);
        urigrep_free(mapped);
    }
    out[len] = '\0';
    for (i = 0; i < len; i++)
        if (out[i] >= 'A' && out[i] <= 'Z')
            out[i] = (char)(out[i] + 32);
    return len;
}

/* Add one NAME (N bytes) to L; NULL, or why it is no domain name. */
static const char *
add_one(struct domain_list *l, const char *name, size_t n)
{
    char host[HOST_MAX], **v;
    const char *why = NULL;
    size_t i, len;

    /* "*.example.com" and ".example.com": example.com and below */
    if (n >= 2 && name[0] == '*' && name[1] == '.')
        name += 2, n -= 2;
    else if (n >= 1 && name[0] == '.')
        name++, n--;
    for (i = 0; i < n; i++)
        if (strchr("/:@?#[]% \t\\", name[i]) != NULL)
            return "not a domain name";
    if ((len = host_ascii(name, n, host, &why)) == 0)
        return why;
    if ((v = realloc(l->names, (l->n + 1) * sizeof *v)) == NULL ||
        (v[l->n] = strndup(host, len)) == NULL)
        out_of_memory();
    l->names = v;
    l->n++;
    return NULL;
}

const char *
domain_add(struct domain_list *l, const char *list, char **bad)
{
    const char *p = list;

    *bad = NULL;
    while (*p) {
        size_t n = strcspn(p, ",");
        const char *why;

        if (n && (why = add_one(l, p, n)) != NULL) {
            if ((*bad = strndup(p, n)) == NULL)
                out_of_memory();
            return why;
        }
        p += n;
        if (*p)
            p++;
    }
    return NULL;
}

/* The domain of a mailto: URI's first address, in its PATH: after the
 * last '@' before the first '?' or ','. */
static bool
mailto_domain(const struct urigrep_span *path, const char **p, size_t *n)
{
    size_t end = 0, at;

    if (path->ptr == NULL)
        return false;
    while (end < path->len && path->ptr[end] != '?' && path->ptr[end] != ',')
        end++;
    for (at = end; at > 0 && path->ptr[at - 1] != '@'; at--)
        ;
    if (at == 0)
        return false;
    *p = path->ptr + at;
    *n = end - at;
    return true;
}

bool
domain_under(const struct domain_list *l, const struct urigrep_span *parts)
{
    const struct urigrep_span *scheme = &parts[URIGREP_PART_SCHEME];
    const char *p = parts[URIGREP_PART_HOST].ptr;
    size_t n = parts[URIGREP_PART_HOST].len, hlen, i;
    char host[HOST_MAX];

    if (p == NULL && scheme->ptr && scheme->len == 6 &&
        strncasecmp(scheme->ptr, "mailto", 6) == 0 &&
        !mailto_domain(&parts[URIGREP_PART_PATH], &p, &n))
        return false;
    if (p == NULL || (hlen = host_ascii(p, n, host, NULL)) == 0)
        return false;
    for (i = 0; i < l->n; i++) {
        size_t k = strlen(l->names[i]);

        if (hlen == k && memcmp(host, l->names[i], k) == 0)
            return true;
        /* below it: ".NAME" ends the host */
        if (hlen > k && host[hlen - k - 1] == '.' &&
            memcmp(host + hlen - k, l->names[i], k) == 0)
            return true;
    }
    return false;
}

void
domain_free(struct domain_list *l)
{
    size_t i;

    for (i = 0; i < l->n; i++)
        free(l->names[i]);
    free(l->names);
    l->names = NULL;
    l->n = 0;
}
