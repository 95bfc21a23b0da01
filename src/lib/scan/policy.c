/* policy.c: what counts as a URI in text (urigrep.1), past delimiting. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "uri/chars.h"
#include "uri/grammar.h"
#include "scan/policy.h"

enum urigrep_status
policy_init(struct policy *pol, const struct urigrep_scan_options *o)
{
    size_t i, k;

    memset(pol, 0, sizeof *pol);
    if (o == NULL)
        return URIGREP_OK;
    pol->any_scheme = (o->flags & URIGREP_SCAN_ANY_SCHEME) != 0;
    if (o->nschemes == 0)
        return URIGREP_OK;
    if (o->schemes == NULL)
        return URIGREP_ERR_ARG;
    pol->extra = calloc(o->nschemes, sizeof *pol->extra);
    if (pol->extra == NULL)
        return URIGREP_ERR_NOMEM;
    for (i = 0; i < o->nschemes; i++) {
        const char *name = o->schemes[i];

        if (name == NULL || !is_alpha((unsigned char)name[0]))
            return URIGREP_ERR_ARG;
        for (k = 0; name[k]; k++)
            if (!is_scheme_char((unsigned char)name[k]) || k >= 64)
                return URIGREP_ERR_ARG;
        pol->extra[i] = strdup(name);
        if (pol->extra[i] == NULL)
            return URIGREP_ERR_NOMEM;
        pol->nextra = i + 1;
        for (k = 0; name[k]; k++)
            if (name[k] >= 'A' && name[k] <= 'Z')
                pol->extra[i][k] = (char)(name[k] | 0x20);
    }
    return URIGREP_OK;
}

void
policy_free(struct policy *pol)
{
    size_t i;

    for (i = 0; i < pol->nextra; i++)
        free(pol->extra[i]);
    free(pol->extra);
    pol->extra = NULL;
    pol->nextra = 0;
}

bool
policy_known(const struct policy *pol, const char *s, size_t len,
             enum scheme_rule *rule)
{
    const struct scheme_info *si = scheme_lookup(s, len);
    size_t i;

    *rule = si ? si->rule : SR_OPAQUE;
    if (si && si->status != SCHEME_UNREGISTERED && si->rule != SR_RUNON)
        return true;
    for (i = 0; i < pol->nextra; i++)
        if (strlen(pol->extra[i]) == len &&
            strncasecmp(pol->extra[i], s, len) == 0)
            return true;
    return false;
}

size_t
policy_run_together(const struct policy *pol, const char *s, size_t slen)
{
    enum scheme_rule r;
    size_t k;

    for (k = 1; k + 1 < slen; k++) {
        unsigned char b = (unsigned char)s[k - 1];

        if (!is_alpha((unsigned char)s[k]) ||
            !(is_alpha(b) || is_digit(b) || b == '.'))
            continue;
        if (policy_known(pol, s + k, slen - k, &r) && r == SR_HIER)
            return k;
    }
    return 0;
}

/* Is P (LEN bytes) an XML name, optionally closed by '/': what follows
 * "prefix:" in a tag such as <xs:sequence> or <x:y/>? */
static bool
is_markup_name(const char *p, size_t len)
{
    size_t i;

    if (len > 0 && p[len - 1] == '/')
        len--;
    if (len == 0 || !(is_alpha((unsigned char)p[0]) || p[0] == '_'))
        return false;
    for (i = 1; i < len; i++) {
        unsigned char c = (unsigned char)p[i];

        if (!is_alpha(c) && !is_digit(c) && c != '.' && c != '-' &&
            c != '_' && c < 0x80)
            return false;
    }
    return true;
}

/* Does the authority at P (LEN bytes: up to the path) fit RFC 2396's
 * reg_name? */
static bool
reg_name_ok(const char *p, size_t len)
{
    size_t n = 0;

    while (n < len && p[n] != '/' && p[n] != '?' && p[n] != '#')
        n++;
    return grammar_is_reg_name(p, n);
}

/* Is the authority at P (LEN bytes: up to the path) an ellipsis, three
 * dots or more and nothing else ("file://...")?  It stands for a host the
 * author left out; no host is named so. */
static bool
is_ellipsis(const char *p, size_t len)
{
    size_t n = 0;

    while (n < len && p[n] == '.')
        n++;
    return n >= 3 && (n == len || p[n] == '/' || p[n] == '?' || p[n] == '#');
}

/* Is the scheme S (LEN bytes) written without capitals? Schemes are
 * lower case by convention (RFC 3986 section 3.1); "JANET:", "TEL:" and
 * "<OraConnection:(6721,7)>" are labels, addressing and printed objects. */
static bool
all_lower(const char *s, size_t len)
{
    size_t i;

    for (i = 0; i < len; i++)
        if (s[i] >= 'A' && s[i] <= 'Z')
            return false;
    return true;
}

/* Is P (LEN bytes) one word of lower-case letters, or a code identifier
 * (letters, digits and at least one '_' or '-': "octeon-dwc3" in the
 * kernel's MODULE_ALIAS("platform:octeon-dwc3"))? */
static bool
word_or_identifier(const char *p, size_t len)
{
    bool under = false, lower = true;
    size_t i;

    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)p[i];

        if (c == '_' || c == '-')
            under = true;
        else if (!is_alpha(c) && !is_digit(c))
            return false;
        if (c < 'a' || c > 'z')
            lower = false;
    }
    return under || lower;
}

/* A candidate as policy_accept() weighs it: REF (LEN bytes), its scheme
 * SLEN bytes long, the REST after the ':' (RLEN bytes), whether the
 * scheme is KNOWN (registered or added) and its syntax RULE, and ANY:
 * any scheme counts (--any-scheme, or after "URL:"). */
struct cand_ref {
    const char *ref, *rest;
    size_t len, slen, rlen;
    bool known, any;
    enum scheme_rule rule;
};

/* "http://http://x", Thunderbird's "news://news://news://h": a scheme
 * written twice after "scheme://" at A (ALEN bytes); the URI is the
 * last one, which is read on its own. (Looked for past a "://" only: this
 * runs for every "scheme://".) */
static bool
scheme_twice(const struct policy *pol, const char *a, size_t alen)
{
    const char *sl = memchr(a, '/', alen);
    enum scheme_rule r2;
    size_t k = 0;

    if (sl == NULL || sl <= a + 1 || sl[-1] != ':' || sl + 1 >= a + alen ||
        sl[1] != '/' || !is_alpha((unsigned char)a[0]))
        return false;
    while (a + k < sl - 1 && is_scheme_char((unsigned char)a[k]))
        k++;
    return a + k == sl - 1 && policy_known(pol, a, k, &r2);
}

/* "scheme://": an authority that names a host and, unregistered, a name
 * that is no misspelling of a common scheme. */
static bool
accept_authority(const struct policy *pol, const struct cand_ref *c,
                 enum policy_ctx ctx)
{
    const char *a = c->rest + 2;
    size_t alen = c->rlen - 2;
    bool loose = c->known || c->any;

    if (alen == 0 || scheme_twice(pol, a, alen))
        return false;
    if (!loose && scheme_near_miss(c->ref, c->slen))
        return false;
    /* no host ("file:///etc", "ldap:///o=x"): a registered scheme's,
     * not "Email:////user@host" in a signature */
    if (!loose && a[0] == '/' && ctx != CTX_ANGLE)
        return false;
    /* "WARNING://This", "NOTE://": a label in capitals; schemes are
     * lower case by convention, and those of apps ("zoommtg://",
     * "vscode://") are written so */
    if (!loose && ctx != CTX_ANGLE && !all_lower(c->ref, c->slen))
        return false;
    /* BitBake's SRC_URI names a file where the host goes
     * ("file://0001-fix-for-.patch"): for file:, what RFC 2396 allows
     * there will do, a host name or not, but for an ellipsis */
    if (c->slen == 4 && (c->ref[0] | 0x20) == 'f' &&
        strncasecmp(c->ref, "file", 4) == 0)
        return !is_ellipsis(a, alen) &&
               (reg_name_ok(a, alen) || scheme_authority_ok(a, alen));
    /* "<tel://+27605259181>", as phones and signatures write a
     * number: a tel: URI but for its "//" */
    if (c->rule == SR_TEL && c->ref[0] >= 'a' && c->ref[0] <= 'z' &&
        scheme_rest_ok(c->rule, a, alen))
        return true;
    return scheme_authority_ok(a, alen);
}

/* Inside <...> any scheme counts but XML names and code. */
static bool
accept_angle(const struct cand_ref *c)
{
    if (c->rule == SR_MAILTO)
        return scheme_rest_ok(c->rule, c->rest, c->rlen);
    /* unregistered: a path or an address, as in <hdl:4263537/4000>;
     * "<environment: 0x452b2c0>" is a printed object */
    return c->known || c->any ||
           (!is_markup_name(c->rest, c->rlen) && all_lower(c->ref, c->slen) &&
            (memchr(c->rest, '/', c->rlen) || memchr(c->rest, '@', c->rlen)));
}

/* Any scheme in quotes (Appendix E) with an absolute path ("f:/.//g",
 * "com.example.app:/cb") or a URL inside ("jdbc:mysql://h/db"), but not
 * type="xs:string", "unix:0.0", "error:%d\n" or a package name such as
 * "ppa:owner/archive", "devname:vfio/vfio". For an unknown scheme. */
static bool
accept_quoted_unknown(const struct cand_ref *c)
{
    const char *rest = c->rest;
    size_t rlen = c->rlen;
    const char *sl = memchr(rest, '/', rlen);
    size_t k = sl ? (size_t)(sl - rest) : rlen;

    return (k == 0 || (k >= 2 && k + 1 < rlen && rest[k - 1] == ':' &&
                       rest[k + 1] == '/')) &&
           all_lower(c->ref, c->slen) &&
           urigrep_validate(c->ref, c->len, URIGREP_RFC2396, NULL) ==
               URIGREP_OK;
}

/* "[drm:amdgpu_job_timedout" in a kernel log: an identifier; "pkg:ggplot",
 * "tag:value", "filesystem:getattr": a word and a colon (but
 * "about:blank"); "[drm:dpu_kms_hw_init:1006]": the same, and its line
 * number. */
static bool
is_code_label(const struct cand_ref *c)
{
    const char *rest = c->rest;
    size_t rlen = c->rlen;
    const char *colon = memchr(rest, ':', rlen);
    size_t w = colon ? (size_t)(colon - rest) : 0, d = w + 1;

    if (word_or_identifier(rest, rlen) &&
        !(c->slen == 5 && strncmp(c->ref, "about", 5) == 0))
        return true;
    while (colon && d < rlen && is_digit((unsigned char)rest[d]))
        d++;
    return colon && w > 0 && d == rlen && d > w + 1 &&
           word_or_identifier(rest, w);
}

/* Is the rest of C a value rather than a URI's: "proxy:3128" (a host and
 * a port), "chip:0x4354" (a key and its value in a log), "at:http://x" (a
 * word and a colon before a URI)? */
static bool
is_value_label(const struct policy *pol, const struct cand_ref *c)
{
    const char *rest = c->rest;
    size_t rlen = c->rlen, i = 0, k;
    enum scheme_rule rule;

    while (i < rlen && is_digit((unsigned char)rest[i]))
        i++;
    if (i == rlen)
        return true;
    if (i == 1 && rest[0] == '0' && rlen > 2 && (rest[1] | 0x20) == 'x') {
        for (k = 2; k < rlen && is_hex((unsigned char)rest[k]); k++)
            ;
        if (k == rlen)
            return true;
    }
    for (k = 0; k < rlen && is_scheme_char((unsigned char)rest[k]); k++)
        ;
    return k < rlen && rest[k] == ':' && policy_known(pol, rest, k, &rule);
}

/* A registered scheme we know nothing more of, in running text:
 * "Example:foo" or "Service:x" is a label; "about:blank" is a URI. */
static bool
accept_opaque_text(const struct policy *pol, const struct cand_ref *c,
                   enum policy_ctx ctx)
{
    const char *ref = c->ref, *rest = c->rest;
    size_t rlen = c->rlen, i;

    /* "At:", and two-letter words ("at:y", "cm:user") */
    if ((ref[0] >= 'A' && ref[0] <= 'Z') || c->slen < 3)
        return false;
    /* a colon-separated list: "b8:85:84:bb:bb:5c", "a:b:c" */
    if (ctx == CTX_BARE_LIST)
        return false;
    if (!is_alpha((unsigned char)rest[0]) &&
        !is_digit((unsigned char)rest[0]) && !strchr("/?%+", rest[0]))
        return false;
    /* "fish:Here": a label before a capitalised word */
    if (rest[0] >= 'A' && rest[0] <= 'Z') {
        for (i = 1; i < rlen && rest[i] >= 'a' && rest[i] <= 'z'; i++)
            ;
        if (i > 1 && (i == rlen || !is_scheme_char((unsigned char)rest[i])))
            return false;
    }
    /* "num:%d", "info:%#x": a printf format, not an escape */
    if (rest[0] == '%' &&
        !(rlen >= 3 && is_hex((unsigned char)rest[1]) &&
          is_hex((unsigned char)rest[2])))
        return false;
    return !is_code_label(c) && !is_value_label(pol, c);
}

/* In quotes and bare text: the scheme must be registered (or any), not
 * one written with "//", and fit its RFC's syntax where we know it. */
static bool
accept_text(const struct policy *pol, const struct cand_ref *c,
            enum policy_ctx ctx)
{
    if (ctx == CTX_QUOTE && !c->known && !c->any)
        return accept_quoted_unknown(c);
    if (!c->known && !c->any)
        return false;
    if (c->rule == SR_HIER)
        return false;
    /* "TEL:+81-422-59-4256", "Fax:+1..." in a signature are labels */
    if (c->rule == SR_TEL && !c->any && (c->ref[0] < 'a' || c->ref[0] > 'z'))
        return false;
    if (c->rule != SR_OPAQUE)
        return scheme_rest_ok(c->rule, c->rest, c->rlen);
    return c->any || accept_opaque_text(pol, c, ctx);
}

/* The rules of urigrep.1, "What counts as a URI": "scheme://" needs an
 * authority that names a host and, unregistered, a name that is no
 * misspelling of a common scheme; otherwise inside <...> any scheme
 * counts but XML names and code; in quotes and bare text the scheme must
 * be registered, not one written with "//", and fit its RFC's syntax
 * where we know it. After "URL:" the author said it is one: any scheme,
 * one letter long too (RFC 1808's "<URL:g:h>"), as with --any-scheme.
 * One function per context: accept_authority(), accept_angle(),
 * accept_text(). */
bool
policy_accept(const struct policy *pol, struct policy_memo *memo,
              const char *ref, size_t len, size_t slen, enum policy_ctx ctx)
{
    struct cand_ref c;

    c.ref = ref;
    c.len = len;
    c.slen = slen;
    c.rest = ref + slen + 1;
    c.rlen = len - slen - 1;
    c.any = pol->any_scheme || ctx == CTX_URL;
    if (memo && memo->known >= 0) {
        c.known = memo->known;
        c.rule = memo->rule;
    } else {
        c.known = policy_known(pol, ref, slen, &c.rule);
        if (memo) {
            memo->known = c.known;
            memo->rule = c.rule;
        }
    }

    if (c.rlen == 0 || c.rule == SR_NEVER)
        return false;
    /* "C:/Users", "d:\\temp": a drive letter, never a scheme */
    if (slen == 1 && !c.any)
        return false;
    if (c.rlen >= 2 && c.rest[0] == '/' && c.rest[1] == '/')
        return accept_authority(pol, &c, ctx);
    if (ctx == CTX_URL || ctx == CTX_ANGLE)
        return accept_angle(&c);
    return accept_text(pol, &c, ctx);
}
