/* policy.h: what counts as a URI in text (urigrep.1), past delimiting. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_POLICY_H
#define URIGREP_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "uri/scheme.h"
#include "urigrep.h"

/* Where a candidate stands: which rules apply to it. */
enum policy_ctx {
    CTX_BARE,
    CTX_BARE_LIST,   /* bare, right after a ':' ("aa:bb:cc") */
    CTX_QUOTE,
    CTX_ANGLE,       /* in <...> */
    CTX_URL          /* in <URL:...> or after "URL:": any scheme */
};

/* The options that widen what counts. */
struct policy {
    bool any_scheme;      /* URIGREP_SCAN_ANY_SCHEME */
    char **extra;         /* private schemes, lower case */
    size_t nextra;
};

/* What is known of one candidate's scheme; KNOWN is -1 until looked up. */
struct policy_memo {
    int known;
    enum scheme_rule rule;
};

/* Set up POL from the scanner options O (NULL: defaults); the scheme
 * names are copied. URIGREP_ERR_ARG for a name that is not a scheme,
 * URIGREP_ERR_NOMEM. Free with policy_free() either way. */
enum urigrep_status policy_init(struct policy *pol,
                                const struct urigrep_scan_options *o);

void policy_free(struct policy *pol);

/* Is the scheme S (LEN bytes) registered, or one of POL's private ones?
 * Sets *RULE to how its references look. */
bool policy_known(const struct policy *pol, const char *s, size_t len,
                  enum scheme_rule *rule);

/* Text run together with a URI ("lists.example.comhttp://x",
 * "Blockedhttps://x"): where, in the scheme S (SLEN bytes, written
 * before "://", neither registered nor POL's), a registered "//" scheme
 * starts after a letter, digit or '.'; 0 when none does. */
size_t policy_run_together(const struct policy *pol, const char *s,
                           size_t slen);

/* Does REF (LEN bytes: a scheme SLEN long, ':', the rest) count as a URI
 * where it stands (CTX)? MEMO, if not NULL, keeps the scheme lookup
 * between calls for the same candidate. */
bool policy_accept(const struct policy *pol, struct policy_memo *memo,
                   const char *ref, size_t len, size_t slen,
                   enum policy_ctx ctx);

#endif
