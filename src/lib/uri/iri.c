/* iri.c: RFC 3987 section 3.1 mapping of IRIs to URIs, with IDNA for
 * host names. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBIDN2
#include <idn2.h>
#endif

#include "uri/chars.h"
#include "internal.h"

/* The input is UTF-8 already (the scanner only passes valid UTF-8 on, and
 * --charset converts first), so step 1 of the mapping is done and step 2,
 * percent-encoding every byte that is not ASCII, is all that is left.
 * OUT holds 3 * LEN bytes. */
static size_t
percent_encode(const char *in, size_t len, char *out)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t i, o = 0;

    if (in == NULL || out == NULL)
        return 0;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)in[i];
        if (c >= 0x80) {
            out[o++] = '%';
            out[o++] = hex[c >> 4];
            out[o++] = hex[c & 15];
        } else {
            out[o++] = (char)c;
        }
    }
    return o;
}

URIGREP_EXPORT size_t
urigrep_iri_to_uri(const char *in, size_t len, char *out)
{
    return percent_encode(in, len, out);
}

/* The host of IN (LEN bytes) when it is a registered name with non-ASCII
 * characters: IN[*HOST .. *HOST + *HLEN). RFC 3987 2.2:
 *   iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
 * after "scheme://" or, in a network-path reference, "//". False when
 * there is no authority, the host is an IP literal ("[...]") or ASCII. */
static bool
find_ireg_name(const char *in, size_t len, size_t *host, size_t *hlen)
{
    /* after the scheme's ':' (no scheme character is a ':') */
    size_t i = has_scheme(in, len)
                   ? (size_t)((const char *)memchr(in, ':', len) - in) + 1
                   : 0,
           a, end, at, j;

    if (len - i < 2 || in[i] != '/' || in[i + 1] != '/')
        return false;
    a = i + 2;
    for (end = a; end < len && in[end] != '/' && in[end] != '?' &&
                  in[end] != '#';
         end++)
        ;
    /* the userinfo ends at the last '@' */
    for (at = end; at > a && in[at - 1] != '@'; at--)
        ;
    if (at < end && in[at] == '[')
        return false;
    /* the port: digits after the last ':' */
    for (j = end; j > at && is_digit((unsigned char)in[j - 1]); j--)
        ;
    if (j > at && in[j - 1] == ':')
        end = j - 1;
    *host = at;
    *hlen = end - at;
    for (j = at; j < end; j++)
        if ((unsigned char)in[j] >= 0x80)
            return true;
    return false;
}

/* HOST (HLEN bytes of UTF-8) by IDNA ToASCII, UTS #46 non-transitional
 * ("ß" stays a letter of its own), into *ACE (caller frees with free()).
 * *REASON says why when the status is not URIGREP_OK. */
static enum urigrep_status
host_to_ascii(const char *host, size_t hlen, char **ace, const char **reason)
{
#ifdef HAVE_LIBIDN2
    char *z, *a = NULL;
    int rc;

    *ace = NULL;
    if (memchr(host, '\0', hlen)) {
        *reason = "NUL in host name";
        return URIGREP_ERR_IDNA;
    }
    if ((z = malloc(hlen + 1)) == NULL)
        return URIGREP_ERR_NOMEM;
    memcpy(z, host, hlen);
    z[hlen] = '\0';
    rc = idn2_to_ascii_8z(z, &a, IDN2_NONTRANSITIONAL | IDN2_NFC_INPUT);
    free(z);
    if (rc == IDN2_MALLOC)
        return URIGREP_ERR_NOMEM;
    if (rc != IDN2_OK) {
        *reason = idn2_strerror(rc);
        return URIGREP_ERR_IDNA;
    }
    *ace = strdup(a);
    idn2_free(a);
    return *ace ? URIGREP_OK : URIGREP_ERR_NOMEM;
#else
    (void)host;
    (void)hlen;
    *ace = NULL;
    *reason = "IDNA support (libidn2) was not built";
    return URIGREP_ERR_NO_IDNA;
#endif
}

URIGREP_EXPORT enum urigrep_status
urigrep_iri_to_uri_idna(const char *in, size_t len, char **out,
                        size_t *out_len, const char **reason)
{
    enum urigrep_status status = URIGREP_OK;
    const char *why = NULL;
    char *ace = NULL, *res;
    size_t host = 0, hlen = 0, alen = 0, o;

    if (out)
        *out = NULL;
    if (out_len)
        *out_len = 0;
    if (reason)
        *reason = NULL;
    if (out == NULL || (in == NULL && len))
        return URIGREP_ERR_ARG;
    if (find_ireg_name(in, len, &host, &hlen)) {
        status = host_to_ascii(in + host, hlen, &ace, &why);
        if (status == URIGREP_ERR_NOMEM)
            return status;
        alen = ace ? strlen(ace) : 0;
    }
    res = malloc(3 * len + alen + 1);
    if (res == NULL) {
        free(ace);
        return URIGREP_ERR_NOMEM;
    }
    if (ace) {
        o = percent_encode(in, host, res);
        memcpy(res + o, ace, alen);
        o += alen;
        o += percent_encode(in + host + hlen, len - host - hlen, res + o);
    } else {
        /* no IDNA: the plain RFC 3987 3.1 mapping, host included */
        o = percent_encode(in, len, res);
    }
    res[o] = '\0';
    free(ace);
    *out = res;
    if (out_len)
        *out_len = o;
    if (reason)
        *reason = why;
    return status;
}
