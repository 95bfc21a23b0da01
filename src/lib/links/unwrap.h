/* unwrap.h: decoding links that wrap another link (redirectors such as
 * Safe Links and URL Defense). Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_UNWRAP_H
#define URIGREP_UNWRAP_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/* Most wrappers decoded in one link: a Safe Links link around a URL
 * Defense one is common, more than three layers is not; past this the
 * last target decoded is given with a reason. */
#define UNWRAP_MAX_DEPTH 8

/* Where a rule of data/redirectors.txt finds the target; keep in sync
 * with data/genredirectors.awk. */
enum unwrap_form { UNWRAP_QUERY, UNWRAP_SEGMENT, UNWRAP_V3, UNWRAP_NONE };

/* How the target is written there; keep in sync with genredirectors.awk. */
enum unwrap_enc {
    UNWRAP_PERCENT, UNWRAP_PPV2, UNWRAP_ENC_V3, UNWRAP_BASE64,
    UNWRAP_ENC_NONE
};

/* One rule of data/redirectors.txt (src/lib/redirectors.h).
 * Owner: unwrap.c, whose table data/redirectors.txt makes. */
struct unwrap_rule {
    const char *name;       /* as --json's "wrapper" says it */
    const char *host;       /* lower case; ".suffix" when SUFFIX */
    size_t host_len;
    bool suffix;            /* HOST is a suffix: any host under it */
    const char *path;
    size_t path_len;
    bool prefix;            /* PATH is a prefix */
    enum unwrap_form form;
    const char *keys;       /* UNWRAP_QUERY: parameter names, ','-separated */
    bool follow;            /* another parameter always follows KEYS' */
    enum unwrap_enc enc;
};

/* Working memory of unwrap_link(): reused from call to call.
 * Owner: unwrap.c; its user holds one. */
struct unwrap_scratch {
    struct urigrep_buf layer[2];    /* decoded layers, in turn */
    struct urigrep_buf tmp;         /* a v3 tail, a base64 value */
    struct urigrep_buf out;         /* the target, as reported */
};

/* What unwrap_link() found.
 * Owner: unwrap.c, which fills it. */
struct unwrap_result {
    const char *wrapper;    /* the outermost wrapper's name (static), or
                               NULL when the link is not a wrapper */
    char *target;           /* the destination, in the scratch's memory,
                               or NULL when there is none */
    size_t target_len;
    const char *reason;     /* static English text saying why a layer
                               could not be decoded, or NULL */
};

/* Get S ready for links of up to MAX_LEN bytes; allocates nothing. */
void unwrap_init(struct unwrap_scratch *s, size_t max_len);

/* Free S's memory; it can be used again. */
void unwrap_free(struct unwrap_scratch *s);

/* Decode the link URI (LEN bytes, at most the MAX_LEN of unwrap_init())
 * into *RES: the wrapper's name, and the target decoded through up to
 * UNWRAP_MAX_DEPTH nested wrappers, with every byte that may not stand
 * in a URI (controls, space, non-ASCII, '"<>\^`{|}', a '%' without two
 * hex digits) percent-encoded. A wrapper whose target is not in the link
 * (Mimecast) gives no target and no reason; a malformed one (bad percent
 * or base64 encoding, a truncated v3 tail, a target with no scheme) no
 * target and a reason; a malformed wrapper inside a good one gives the
 * good one's target and a reason. RES->target stays valid until the next
 * call with S. Returns URIGREP_OK, or URIGREP_ERR_NOMEM (RES then says
 * "not a wrapper"). Time and memory are linear in LEN. */
enum urigrep_status unwrap_link(struct unwrap_scratch *s, const char *uri,
                                size_t len, struct unwrap_result *res);

#endif
