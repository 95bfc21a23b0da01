/* scheme.h: the URI scheme registry and scheme-specific syntax checks. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_SCHEME_H
#define URIGREP_SCHEME_H

#include <stdbool.h>
#include <stddef.h>

/* IANA registration status (data/uri-schemes.csv). */
enum scheme_status {
    SCHEME_UNREGISTERED,
    SCHEME_PERMANENT,
    SCHEME_PROVISIONAL,
    SCHEME_HISTORICAL
};

/* What a scheme's references look like, for finding them in running text
 * (data/scheme-rules.txt). Keep in sync with data/genschemes.awk. */
enum scheme_rule {
    SR_OPAQUE,   /* no rule known: any non-empty scheme-specific part */
    SR_HIER,     /* written "scheme://" in practice (http, ftp...) */
    SR_PATH,     /* "scheme://" or "scheme:/path" (file, RFC 8089) */
    SR_NEVER,    /* never a reference: code (javascript:), defanged */
    SR_RUNON,    /* registered, but in text a letter run into "http" */
    SR_TEL,      /* RFC 3966 / RFC 2806 tel, fax, modem */
    SR_MAILTO,   /* RFC 6068 */
    SR_NEWS,     /* RFC 5538 news, snews */
    SR_URN,      /* RFC 8141 */
    SR_SIP,      /* RFC 3261 sip, sips */
    SR_MSGID,    /* RFC 2392 cid, mid */
    SR_DATA,     /* RFC 2397 */
    SR_GEO       /* RFC 5870 */
};

/* Owner: scheme.c, whose table data/uri-schemes.csv makes; read-only. */
struct scheme_info {
    const char *name;            /* lower case */
    size_t len;
    enum scheme_status status;
    enum scheme_rule rule;
};

/* Look up the scheme S (LEN bytes, any case). Returns its entry, or NULL
 * for a name that is neither registered nor given a rule. */
const struct scheme_info *scheme_lookup(const char *s, size_t len);

/* Does REF (LEN bytes, maybe after blanks) start with a scheme whose
 * references are never links ("javascript:", "hxxp:"), or with a name
 * and "::", a code path ("std::mutex"), or is it a mailto whose address
 * a mail archive masked ("mailto:jan....@host")? */
bool scheme_never_ref(const char *ref, size_t len);

/* Is REST (LEN bytes, what follows "scheme:") a plausible scheme-specific
 * part for RULE when found in running text? SR_OPAQUE, SR_HIER and
 * SR_NEVER are not checked here (true, true, false). */
bool scheme_rest_ok(enum scheme_rule rule, const char *rest, size_t len);

/* Is P (LEN bytes, what follows "scheme://" up to the end of the
 * reference) an authority that names a host: empty only before '/',
 * otherwise [userinfo@] (DNS-like name | IPv4 | [IPv6]) [:port]?  Labels
 * may not start or end with '-' or '_', nor be empty. */
bool scheme_authority_ok(const char *p, size_t len);

/* Is the unregistered scheme S (LEN bytes) a misspelling or a fragment
 * of a common registered one ("hppt", "htp", "ttp", "hxxp")? */
bool scheme_near_miss(const char *s, size_t len);

#endif
