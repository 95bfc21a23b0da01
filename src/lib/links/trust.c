/* trust.c: a link's text against its target, and hosts people misread. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef HAVE_LIBIDN2
#include <idn2.h>
#endif
#ifdef HAVE_LIBPSL
#include <libpsl.h>
#endif
#ifdef HAVE_ICU
#include <dlfcn.h>
#include <unicode/uspoof.h>
#endif

#include "uri/grammar.h"
#include "internal.h"
#include "links/trust.h"
#include "links/unwrap.h"
#include "utf8.h"

/*
 * Issue 22: what a reader sees against where a link goes.  The registered
 * domain ("paypal.co.uk" of "www.paypal.co.uk") comes from the Public
 * Suffix List through libpsl, the list the system packages; the checks
 * of non-ASCII labels are those of UTS #39 through ICU's spoof checker.
 * Both are optional: without them the answer is "not known" (-1), never
 * a guess.
 */

/* Longest host name handled (RFC 1035: 253 bytes, its A-labels more). */
#define HOST_MAX 512

#ifdef HAVE_ICU
/*
 * ICU is opened when a non-ASCII host first needs it, not linked: its
 * data alone maps 31 MB, which every run would pay (and a run under
 * "ulimit -v" could not start).  Its functions carry its version in
 * their names ("uspoof_open_72"), which its header's macros give.
 */
#define ICU_STR(x) #x
#define ICU_NAME(x) ICU_STR(x)
#define ICU_LIB "libicui18n.so." U_ICU_VERSION_SHORT

struct icu {
    void *lib;
    USpoofChecker *spoof;
    USpoofChecker *(*open)(UErrorCode *);
    void (*set_checks)(USpoofChecker *, int32_t, UErrorCode *);
    void (*set_level)(USpoofChecker *, URestrictionLevel);
    int32_t (*check2)(const USpoofChecker *, const char *, int32_t,
                      USpoofCheckResult *, UErrorCode *);
    int32_t (*skeleton)(const USpoofChecker *, uint32_t, const char *,
                        int32_t, char *, int32_t, UErrorCode *);
    void (*close)(USpoofChecker *);
    bool failed;    /* opening failed: it is not tried again */
};
#endif

struct trust {
#ifdef HAVE_LIBPSL
    psl_ctx_t *own;         /* psl_latest()'s list, freed with T */
    const psl_ctx_t *psl;   /* that list, or libpsl's built-in one */
#endif
#ifdef HAVE_ICU
    struct icu icu;
#endif
    char *ascii, *unicode;  /* the last host's IDN forms (libidn2's) */
    struct unwrap_scratch unwrap;   /* a wrapped link as a link's text */
};

URIGREP_EXPORT unsigned
urigrep_trust_features(void)
{
    unsigned f = 0;

#ifdef HAVE_LIBPSL
    f |= URIGREP_TRUST_PSL;
#endif
#ifdef HAVE_ICU
    f |= URIGREP_TRUST_ICU;
#endif
#ifdef HAVE_LIBIDN2
    f |= URIGREP_TRUST_IDN;
#endif
    return f;
}

#ifdef HAVE_ICU
/* Look up ICU function NAME in I's library. */
static void *
icu_sym(struct icu *i, const char *name)
{
    void *f = dlsym(i->lib, name);

    i->failed = i->failed || f == NULL;
    return f;
}

/* Open ICU's spoof checker with the checks trust_idn_label() makes;
 * false when ICU cannot be had. */
static bool
open_icu(struct icu *i)
{
    UErrorCode st = U_ZERO_ERROR;

    if (i->spoof || i->failed)
        return i->spoof != NULL;
    if ((i->lib = dlopen(ICU_LIB, RTLD_NOW | RTLD_LOCAL)) == NULL) {
        i->failed = true;
        return false;
    }
    *(void **)&i->open = icu_sym(i, ICU_NAME(uspoof_open));
    *(void **)&i->set_checks = icu_sym(i, ICU_NAME(uspoof_setChecks));
    *(void **)&i->set_level = icu_sym(i, ICU_NAME(uspoof_setRestrictionLevel));
    *(void **)&i->check2 = icu_sym(i, ICU_NAME(uspoof_check2UTF8));
    *(void **)&i->skeleton = icu_sym(i, ICU_NAME(uspoof_getSkeletonUTF8));
    *(void **)&i->close = icu_sym(i, ICU_NAME(uspoof_close));
    if (i->failed || (i->spoof = i->open(&st)) == NULL) {
        i->failed = true;
        return false;
    }
    i->set_checks(i->spoof, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE |
                                USPOOF_MIXED_NUMBERS, &st);
    i->set_level(i->spoof, USPOOF_HIGHLY_RESTRICTIVE);
    if (U_FAILURE(st)) {
        i->close(i->spoof);
        i->spoof = NULL;
        i->failed = true;
    }
    return i->spoof != NULL;
}

/* ICU stays loaded once opened: it keeps caches in its own globals for
 * the life of the process, and dlclose() would leave them unreachable
 * (LeakSanitizer and valgrind call them leaks); u_cleanup() is no answer
 * while another -j thread may be in ICU.  The handle's reference is
 * simply not given back. */
static void
close_icu(struct icu *i)
{
    if (i->spoof)
        i->close(i->spoof);
}
#endif

struct trust *
trust_new(void)
{
    struct trust *t = calloc(1, sizeof *t);

    if (t == NULL)
        return NULL;
#ifdef HAVE_LIBPSL
    t->own = psl_latest(NULL);
    t->psl = t->own ? t->own : psl_builtin();
#endif
    unwrap_init(&t->unwrap, URIGREP_TEXT_BYTES);
    return t;
}

/* Forget the last host's IDN forms. */
static void
drop_forms(struct trust *t)
{
    free(t->ascii);
    free(t->unicode);
    t->ascii = t->unicode = NULL;
}

void
trust_free(struct trust *t)
{
    if (t == NULL)
        return;
#ifdef HAVE_LIBPSL
    psl_free(t->own);
#endif
#ifdef HAVE_ICU
    close_icu(&t->icu);
#endif
    drop_forms(t);
    unwrap_free(&t->unwrap);
    free(t);
}

static bool
is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool
is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* May byte C be part of a host name's label (letters, digits, '-', and
 * the bytes of non-ASCII characters)? */
static bool
is_label_byte(char c)
{
    return is_alpha(c) || is_digit(c) || c == '-' || (unsigned char)c >= 0x80;
}

/* The value of hex digit C, or -1. */
static int
hex_value(char c)
{
    if (is_digit(c))
        return c - '0';
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Decode the percent-encoding of P (N bytes) into OUT (room for N);
 * returns the length. */
static size_t
percent_decode(const char *p, size_t n, char *out)
{
    size_t i, o = 0;

    for (i = 0; i < n; i++) {
        if (p[i] == '%' && i + 2 < n && hex_value(p[i + 1]) >= 0 &&
            hex_value(p[i + 2]) >= 0) {
            out[o++] = (char)(hex_value(p[i + 1]) * 16 + hex_value(p[i + 2]));
            i += 2;
        } else {
            out[o++] = p[i];
        }
    }
    return o;
}

/* Is P (N bytes) a dotted quad of plain decimals ("192.0.2.1")? */
static bool
is_dotted_quad(const char *p, size_t n)
{
    size_t i, parts = 1, digits = 0;

    for (i = 0; i < n; i++) {
        if (p[i] == '.') {
            if (digits == 0 || digits > 3)
                return false;
            parts++;
            digits = 0;
        } else if (is_digit(p[i])) {
            digits++;
        } else {
            return false;
        }
    }
    return parts == 4 && digits > 0 && digits <= 3;
}

/* Is H (N bytes) host-like: labels of is_label_byte(), none empty or
 * starting with '-', at least MIN of them? The last label's start goes
 * to *TLD. */
static bool
host_like(const char *h, size_t n, size_t min, size_t *tld)
{
    size_t i, labels = 1, start = 0;

    if (n == 0 || n > HOST_MAX)
        return false;
    for (i = 0; i < n; i++) {
        if (h[i] == '.') {
            if (i == start)
                return false;
            labels++;
            start = i + 1;
        } else if (!is_label_byte(h[i]) || (i == start && h[i] == '-')) {
            return false;
        }
    }
    *tld = start;
    return start < n && labels >= min;
}

/* Is the top-level domain TLD (N bytes) one the list knows, not one
 * only its "*" rule makes ("txt")? Without libpsl: letters only. */
static bool
known_tld(const struct trust *t, const char *tld, size_t n)
{
#ifdef HAVE_LIBPSL
    char s[64];
    size_t i;

    if (n == 0 || n >= sizeof s)
        return false;
    for (i = 0; i < n; i++)
        s[i] = (char)(tld[i] >= 'A' && tld[i] <= 'Z' ? tld[i] + 32 : tld[i]);
    s[n] = '\0';
    return psl_is_public_suffix2(t->psl, s, PSL_TYPE_ANY |
                                                PSL_TYPE_NO_STAR_RULE) != 0;
#else
    size_t i;

    (void)t;
    for (i = 0; i < n; i++)
        if (!is_alpha(tld[i]))
            return false;
    return n >= 2;
#endif
}

/* Is C one of the punctuation marks that may close a sentence around a
 * link's text? */
static bool
is_final_mark(char c)
{
    return c && strchr(".,;:!?", c) != NULL;
}

/* TEXT (N bytes) without blanks, <>, quotes and final marks around it:
 * its start in *S and end in *E; false when a blank is left inside. */
static bool
trim_text(const char *text, size_t n, size_t *s, size_t *e)
{
    size_t i = 0;

    while (i < n && (text[i] == ' ' || strchr("<\"'(", text[i])))
        i++;
    while (n > i && (text[n - 1] == ' ' || strchr(">\"')", text[n - 1]) ||
                     is_final_mark(text[n - 1])))
        n--;
    *s = i;
    *e = n;
    return i < n && memchr(text + i, ' ', n - i) == NULL;
}

/* The host of the authority that starts at P (N bytes): after its
 * userinfo, before its port; "[v6]" as it is. */
static void
authority_host(const char *p, size_t n, const char **host, size_t *hn)
{
    size_t end = 0, at, i;

    while (end < n && !strchr("/?#", p[end]))
        end++;
    for (at = end; at > 0 && p[at - 1] != '@'; at--)
        ;
    p += at;
    end -= at;
    if (end && p[0] == '[') {
        const char *close = memchr(p, ']', end);

        *host = p;
        *hn = close ? (size_t)(close - p) + 1 : end;
        return;
    }
    for (i = 0; i < end && p[i] != ':'; i++)
        ;
    *host = p;
    *hn = i;
}

/* The domain of the e-mail address at P (N bytes): after its last '@',
 * before a '?'; false when it has none. */
static bool
address_domain(const char *p, size_t n, const char **host, size_t *hn)
{
    const char *q = memchr(p, '?', n), *at;

    if (q)
        n = (size_t)(q - p);
    at = n ? memrchr(p, '@', n) : NULL;
    if (at == NULL || at == p)
        return false;
    *host = at + 1;
    *hn = (size_t)(p + n - *host);
    return *hn > 0;
}

/* Is P (N bytes) a scheme: a letter, then letters, digits, '+', '-'
 * and '.'? */
static bool
is_scheme(const char *p, size_t n)
{
    size_t i;

    if (n == 0 || !is_alpha(p[0]))
        return false;
    for (i = 1; i < n; i++)
        if (!is_alpha(p[i]) && !is_digit(p[i]) && !strchr("+-.", p[i]))
            return false;
    return true;
}

/* The length of the scheme and "://" that P (N bytes) starts with; 0 when
 * it starts with none. */
static size_t
scheme_slashes(const char *p, size_t n)
{
    size_t i = 0;

    if (n == 0 || !is_alpha(p[0]))
        return 0;
    while (i < n && (is_alpha(p[i]) || is_digit(p[i]) || p[i] == '+' ||
                     p[i] == '-' || p[i] == '.'))
        i++;
    return n - i >= 3 && memcmp(p + i, "://", 3) == 0 ? i + 3 : 0;
}

/* Does a bare name H (N bytes, its top-level domain from TLD on), with
 * no scheme, read as a host name rather than a file name? */
static bool
bare_host(const struct trust *t, const char *h, size_t n, size_t tld,
          bool path)
{
    size_t i, labels = 1, tn = n - tld;
    bool ascii = true, ascii_tld = true;

    if (is_dotted_quad(h, n))
        return true;
    for (i = 0; i < n; i++) {
        labels += h[i] == '.';
        ascii = ascii && (unsigned char)h[i] < 0x80;
        ascii_tld = ascii_tld && (i < tld || (unsigned char)h[i] < 0x80);
    }
    if (!ascii_tld || (tn > 4 && strncasecmp(h + tld, "xn--", 4) == 0))
        return true;    /* an IDN top-level domain: no file type */
    /* an ASCII one the list does not know is a file's type, whatever
     * letters the name has: a CV's "resume.pdf" with its accents */
    if (!known_tld(t, h + tld, tn))
        return false;
    if (!ascii)
        return true;    /* an IDN with a known TLD: read as a host */
    return (n > 4 && strncasecmp(h, "www.", 4) == 0) || path ||
           labels >= 3 || tn >= 3;
}

bool
trust_text_host(const struct trust *t, const char *text, size_t n,
                const char **host, size_t *hn, bool *mail)
{
    size_t s, e, k, tld, i;
    const char *p;

    *mail = false;
    if (text == NULL || !trim_text(text, n, &s, &e))
        return false;
    p = text + s;
    n = e - s;
    if (n > 7 && strncasecmp(p, "mailto:", 7) == 0)
        return (*mail = address_domain(p + 7, n - 7, host, hn)) &&
               host_like(*host, *hn, 2, &tld);
    if ((k = scheme_slashes(p, n)) > 0) {
        authority_host(p + k, n - k, host, hn);
        return *hn > 0;
    }
    for (i = 0; i < n && !strchr("/?#:@", p[i]); i++)
        ;
    if (i < n && p[i] == '@')
        return (*mail = address_domain(p, n, host, hn)) &&
               host_like(*host, *hn, 2, &tld) &&
               known_tld(t, *host + tld, *hn - tld);
    *host = p;
    *hn = i;
    return host_like(p, i, 2, &tld) &&
           bare_host(t, p, i, tld, i < n && p[i] == '/');
}

/* HOST (N bytes) as the list wants it in OUT (OUTSZ bytes): lower case,
 * no final '.', A-labels for an IDN (when libidn2 can make them). */
static bool
host_key(const char *host, size_t n, char *out, size_t outsz)
{
    size_t i;
    bool ascii = true;

    if (n && host[n - 1] == '.')
        n--;
    if (n == 0 || n >= outsz)
        return false;
    for (i = 0; i < n; i++) {
        char c = host[i];

        out[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
        ascii = ascii && (unsigned char)c < 0x80;
    }
    out[n] = '\0';
#ifdef HAVE_LIBIDN2
    if (!ascii) {
        char *a = NULL;

        if (idn2_to_ascii_8z(out, &a, IDN2_NONTRANSITIONAL) == IDN2_OK &&
            strlen(a) < outsz)
            strcpy(out, a);
        free(a);
    }
#else
    (void)ascii;
#endif
    return true;
}

bool
trust_registered_domain(const struct trust *t, const char *host, size_t n,
                        char *out, size_t outsz)
{
#ifdef HAVE_LIBPSL
    const char *rd;

    if (!host_key(host, n, out, outsz))
        return false;
    n = strlen(out);
    /* an address is its own domain (the list would give "1.1" of
     * "192.0.2.1.1") */
    if (out[0] == '[' || is_dotted_quad(out, n) || trust_odd_ipv4(out, n))
        return true;
    rd = psl_registrable_domain(t->psl, out);
    if (rd && rd != out)
        memmove(out, rd, strlen(rd) + 1);
    return true;
#else
    (void)t;
    (void)host;
    (void)n;
    (void)out;
    (void)outsz;
    return false;
#endif
}

/* The list urigrep_registered_domain() reads, loaded once. */
static struct trust *shared_trust;
static pthread_once_t shared_once = PTHREAD_ONCE_INIT;

static void
shared_load(void)
{
    shared_trust = trust_new();
}

URIGREP_EXPORT enum urigrep_status
urigrep_registered_domain(const char *host, size_t len, char **out,
                          size_t *out_len)
{
    char rd[HOST_MAX + 1];

    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    if (out_len)
        *out_len = 0;
    if (host == NULL || len == 0 || len > HOST_MAX - 1)
        return URIGREP_ERR_ARG;
#ifdef HAVE_LIBPSL
    pthread_once(&shared_once, shared_load);
    if (shared_trust == NULL)
        return URIGREP_ERR_NOMEM;
    if (!trust_registered_domain(shared_trust, host, len, rd, sizeof rd))
        return URIGREP_ERR_ARG;     /* "." alone */
    if ((*out = strdup(rd)) == NULL)
        return URIGREP_ERR_NOMEM;
    if (out_len)
        *out_len = strlen(rd);
    return URIGREP_OK;
#else
    (void)rd;
    (void)shared_once;
    (void)shared_load;
    return URIGREP_ERR_NO_PSL;
#endif
}

/* The host URI (N bytes) goes to, or the domain of a mailto: address;
 * false when it has none. *MAILTO: it is a mailto: URI. */
static bool
target_host(const char *uri, size_t n, const char **host, size_t *hn,
            bool *mailto)
{
    struct urigrep_parts pt;

    size_t tld;

    grammar_split(uri, n, &pt);
    /* only where a URI goes: not garbage ("3D\"https://gi=" of an
     * undecoded quoted-printable part) */
    if (!pt.scheme.defined || !is_scheme(pt.scheme.ptr, pt.scheme.len))
        return false;
    *mailto = pt.scheme.len == 6 &&
              strncasecmp(pt.scheme.ptr, "mailto", 6) == 0;
    if (*mailto)
        return address_domain(pt.path.ptr, pt.path.len, host, hn) &&
               host_like(*host, *hn, 1, &tld);
    *host = pt.host.ptr;
    *hn = pt.host.len;
    return pt.host.defined && pt.host.len > 0 &&
           (pt.host.ptr[0] == '[' || host_like(*host, *hn, 1, &tld));
}

/* Where a link's TEXT (N bytes) leads, into *P and *PN: when the text is
 * itself a wrapped link (Safe Links and URL Defense rewrite the links
 * shown in a message's text as they do its hrefs), its target, as
 * unwrap_link() decodes a link's href; else TEXT. 0: TEXT as it is;
 * 1: the target; -1: a wrapper whose target is not known (not in the
 * link, malformed, or cut off with the text). */
static int
text_target(struct trust *t, const char *text, size_t n, const char **p,
            size_t *pn)
{
    struct unwrap_result res;
    size_t s, e;

    *p = text;
    *pn = n;
    if (!trim_text(text, n, &s, &e) || e - s > URIGREP_TEXT_BYTES ||
        scheme_slashes(text + s, e - s) == 0)
        return 0;
    if (unwrap_link(&t->unwrap, text + s, e - s, &res) != URIGREP_OK)
        return -1;
    if (res.wrapper == NULL)
        return 0;
    if (res.target == NULL)
        return -1;
    *p = res.target;
    *pn = res.target_len;
    return 1;
}

/* Does the host H (HN bytes) that TEXT (N bytes) names run to TEXT's
 * end, so that a cut text may have cut it too ("www.exam")? */
static bool
host_at_end(const char *text, size_t n, const char *h, size_t hn)
{
    const char *end = text + n, *q = h + hn;

    if (h < text || q > end)
        return false;
    while (q < end && (*q == ' ' || strchr(">\"')", *q) || is_final_mark(*q)))
        q++;
    return q == end;
}

/*
 * File types whose extension is also a top-level domain: source files
 * ("setup.py", "main.rs", "Makefile.am", "configure.ac"), documents
 * ("README.md", "notes.ps"), archives and packages ("data.zip",
 * "setup.cab", "NVIDIA-Linux-x86_64.run", "Foo.app", "Main.java") and
 * media ("clip.mov").  Extensions that name sites far more often than
 * files are left out on purpose: com (COMMAND.COM), org (Emacs's org
 * files), io, dev, me, tv, fm and the like, so that "github.com" at the
 * end of a link's path is never read as a file's name.
 */
static const char *const file_types[] = {
    "ac", "ai", "am", "app", "cab", "cc", "dot", "fish", "in", "inc",
    "java", "map", "md", "mk", "ml", "mm", "mo", "mobi", "mov", "pl", "pm",
    "pro", "ps", "pub", "py", "rs", "run", "sh", "so", "sv", "tf", "zip",
};

/* Is EXT (N bytes) one of file_types, in any case? */
static bool
is_file_type(const char *ext, size_t n)
{
    size_t i;

    for (i = 0; i < sizeof file_types / sizeof *file_types; i++)
        if (strlen(file_types[i]) == n &&
            strncasecmp(ext, file_types[i], n) == 0)
            return true;
    return false;
}

/* Is NAME (N bytes) the last segment of URI's (UN bytes) path, its
 * percent-encoding decoded, in any case? */
static bool
is_last_segment(const char *name, size_t n, const char *uri, size_t un)
{
    struct urigrep_parts pt;
    const char *seg;
    char dec[HOST_MAX];
    size_t sn;

    grammar_split(uri, un, &pt);
    if (!pt.path.defined || pt.path.len == 0)
        return false;
    seg = memrchr(pt.path.ptr, '/', pt.path.len);
    seg = seg ? seg + 1 : pt.path.ptr;
    sn = (size_t)(pt.path.ptr + pt.path.len - seg);
    if (sn < n || sn > sizeof dec)
        return false;
    sn = percent_decode(seg, sn, dec);
    return sn == n && strncasecmp(name, dec, n) == 0;
}

/*
 * Does the host H (HN bytes) that a link's TEXT (N bytes) names, of the
 * registered domain RD, name instead the file URI (UN bytes) goes to
 * ("setup.zip" over "https://example.org/dl/setup.zip")?  Only a bare
 * name, the whole text (no scheme, no "www.", no path, no address),
 * ending in an extension of file_types that the list takes as the public
 * suffix by itself (RD of two labels: "README.en.md" is one, while
 * "foo.com.py" under com.py or "x.vercel.app" are hosts), and the last
 * segment of the link's path.  Such a text tells the truth: it names the
 * file the link fetches, and a reader takes it so.  The same name over
 * another path ("invoice.zip" over "https://evil.example/") is still a
 * host name: .zip and .mov are registered and used to phish, and nothing
 * shows the text is a file's.
 */
static bool
names_target_file(const char *text, size_t n, const char *h, size_t hn,
                  const char *rd, const char *uri, size_t un)
{
    size_t s, e, ext;
    const char *dot = strchr(rd, '.');

    if (dot == NULL || strchr(dot + 1, '.') || !trim_text(text, n, &s, &e) ||
        h != text + s || hn != e - s ||
        (hn > 4 && strncasecmp(h, "www.", 4) == 0))
        return false;
    for (ext = hn; ext > 0 && h[ext - 1] != '.'; ext--)
        ;
    return is_file_type(h + ext, hn - ext) && is_last_segment(h, hn, uri, un);
}

int
trust_mismatch(struct trust *t, const char *text, size_t n,
               const char *uri, size_t un)
{
    const char *th, *uh;
    size_t thn, uhn;
    bool mail, mailto;
    char a[HOST_MAX], b[HOST_MAX];
    /* a text is cut at a character boundary: up to 3 bytes short */
    bool cut = n + 3 >= URIGREP_TEXT_BYTES;

    if (text == NULL || !target_host(uri, un, &uh, &uhn, &mailto))
        return -1;
    if (text_target(t, text, n, &text, &n) < 0)
        return -1;
    if (!trust_text_host(t, text, n, &th, &thn, &mail))
        return 0;
    if (cut && host_at_end(text, n, th, thn))
        return -1;
    /* an address as the text of a link to a web page (a list's archive
     * named by its address) says nothing of where it goes */
    if (mail && !mailto)
        return 0;
    if (!trust_registered_domain(t, th, thn, a, sizeof a) ||
        !trust_registered_domain(t, uh, uhn, b, sizeof b))
        return -1;
    return strcmp(a, b) != 0 &&
           (mailto || !names_target_file(text, n, th, thn, a, uri, un));
}

/* One part of an IPv4 address as the URL Standard reads it: decimal, hex
 * after "0x", octal after a '0'. Returns 1 for a plain decimal, 2 for
 * another form, 0 for no number. */
static int
ipv4_part(const char *p, size_t n)
{
    size_t i;

    if (n >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        for (i = 2; i < n; i++)
            if (!strchr("0123456789abcdefABCDEF", p[i]))
                return 0;
        return 2;
    }
    for (i = 0; i < n; i++)
        if (!is_digit(p[i]) || (n > 1 && p[0] == '0' && p[i] > '7'))
            return 0;
    return n == 0 ? 0 : n > 1 && p[0] == '0' ? 2 : 1;
}

bool
trust_odd_ipv4(const char *host, size_t n)
{
    size_t parts = 0, start = 0, i;
    bool odd = false;

    if (n && host[n - 1] == '.')
        n--;
    if (n == 0)
        return false;
    for (i = 0; i <= n; i++) {
        int k;

        if (i < n && host[i] != '.')
            continue;
        if (++parts > 4 || (k = ipv4_part(host + start, i - start)) == 0)
            return false;
        odd = odd || k == 2;
        start = i + 1;
    }
    return odd || parts < 4;
}

bool
trust_userinfo_host(const struct trust *t, const char *userinfo, size_t n)
{
    const char *colon = memchr(userinfo, ':', n);
    char user[HOST_MAX];
    size_t tld;

    if (colon)
        n = (size_t)(colon - userinfo);
    if (n == 0 || n >= sizeof user)
        return false;
    n = percent_decode(userinfo, n, user);
    if (is_dotted_quad(user, n))
        return true;
    return host_like(user, n, 2, &tld) && known_tld(t, user + tld, n - tld);
}

/* The byte at P[*I] (of N), a "%XX" escape decoded; *I moves past it. */
static unsigned char
next_byte(const char *p, size_t n, size_t *i)
{
    size_t at = *i;

    if (p[at] == '%' && at + 2 < n && hex_value(p[at + 1]) >= 0 &&
        hex_value(p[at + 2]) >= 0) {
        *i += 3;
        return (unsigned char)(hex_value(p[at + 1]) * 16 +
                               hex_value(p[at + 2]));
    }
    *i += 1;
    return (unsigned char)p[at];
}

bool
trust_userinfo_hides(const char *userinfo, size_t n)
{
    size_t i = 0;

    if (n == 0)
        return true;
    while (i < n) {
        unsigned char c[4];
        size_t k = 1, next;
        uint32_t cp;

        c[0] = next_byte(userinfo, n, &i);
        if (c[0] < 0x80)
            continue;
        /* the character's continuation bytes, each maybe escaped */
        for (next = i; k < 4 && next < n; k++) {
            size_t j = next;
            unsigned char b = next_byte(userinfo, n, &j);

            if ((b & 0xc0) != 0x80)
                break;
            c[k] = b;
            next = j;
        }
        if (utf8_decode(c, k, &cp) > 0 && grammar_is_bidi_control(cp))
            return true;
    }
    return false;
}

int
trust_idn_label(struct trust *t, const char *label, size_t n,
                bool ascii_tld)
{
#ifdef HAVE_ICU
    UErrorCode st = U_ZERO_ERROR;
    char skel[4 * HOST_MAX];
    int32_t k, i;

    if (!open_icu(&t->icu))
        return -1;
    if (n > HOST_MAX)
        return 1;
    if (t->icu.check2(t->icu.spoof, label, (int32_t)n, NULL, &st) != 0 ||
        U_FAILURE(st))
        return 1;
    if (!ascii_tld)
        return 0;
    st = U_ZERO_ERROR;
    k = t->icu.skeleton(t->icu.spoof, 0, label, (int32_t)n, skel,
                        (int32_t)sizeof skel, &st);
    if (U_FAILURE(st))
        return 1;
    for (i = 0; i < k; i++)
        if ((unsigned char)skel[i] >= 0x80)
            return 0;
    return 1;
#else
    (void)t;
    (void)label;
    (void)n;
    (void)ascii_tld;
    return -1;
#endif
}

/* Does HOST (N bytes) have a non-ASCII byte or an "xn--" label? */
static bool
is_idn(const char *h, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if ((unsigned char)h[i] >= 0x80 ||
            ((i == 0 || h[i - 1] == '.') && n - i > 4 &&
             strncasecmp(h + i, "xn--", 4) == 0))
            return true;
    return false;
}

/* The IDN forms of HOST (N bytes) into T->ascii and T->unicode (NULL
 * when libidn2 cannot make one). */
static void
idn_forms(struct trust *t, const char *host, size_t n)
{
#ifdef HAVE_LIBIDN2
    char key[HOST_MAX];
    size_t i;

    if (!host_key(host, n, key, sizeof key))
        return;
    for (i = 0; key[i]; i++)
        if ((unsigned char)key[i] >= 0x80)
            return; /* IDNA refused it */
    if ((t->ascii = strdup(key)) == NULL)
        return;
    if (idn2_to_unicode_8z8z(t->ascii, &t->unicode, 0) != IDN2_OK) {
        free(t->unicode);
        t->unicode = NULL;
    }
#else
    (void)t;
    (void)host;
    (void)n;
#endif
}

/* The labels of the Unicode host U checked by trust_idn_label(): 1, 0 or
 * -1. */
static int
idn_labels(struct trust *t, const char *u)
{
    size_t n = strlen(u), start = 0, i, tld;
    bool ascii_tld;
    int r = 0;

    for (tld = n; tld > 0 && u[tld - 1] != '.'; tld--)
        ;
    ascii_tld = !is_idn(u + tld, n - tld);
    for (i = 0; i <= n; i++) {
        if (i < n && u[i] != '.')
            continue;
        if (is_idn(u + start, i - start)) {
            int k = trust_idn_label(t, u + start, i - start, ascii_tld);

            if (k == 1)
                return 1;
            if (k < 0)
                r = -1;
        }
        start = i + 1;
    }
    return r;
}

int
trust_lookalike(struct trust *t, const char *uri, size_t n,
                struct urigrep_span *ascii, struct urigrep_span *unicode)
{
    struct urigrep_parts pt;
    int r = 0;

    drop_forms(t);
    *ascii = *unicode = (struct urigrep_span){ NULL, 0 };
    grammar_split(uri, n, &pt);
    if (!pt.host.defined || pt.host.len == 0)
        return 0;
    if (pt.userinfo.defined &&
        (trust_userinfo_host(t, pt.userinfo.ptr, pt.userinfo.len) ||
         trust_userinfo_hides(pt.userinfo.ptr, pt.userinfo.len)))
        r = 1;
    if (trust_odd_ipv4(pt.host.ptr, pt.host.len))
        r = 1;
    if (!is_idn(pt.host.ptr, pt.host.len))
        return r;
    idn_forms(t, pt.host.ptr, pt.host.len);
    if (t->ascii && t->unicode) {
        *ascii = (struct urigrep_span){ t->ascii, strlen(t->ascii) };
        *unicode = (struct urigrep_span){ t->unicode, strlen(t->unicode) };
    }
    if (r == 0)
        r = t->unicode ? idn_labels(t, t->unicode) : -1;
    return r;
}
