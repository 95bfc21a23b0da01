/* charset.c: streaming conversion of text to UTF-8 with iconv. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <iconv.h>

#ifdef HAVE_AVX2_TARGET
#include <immintrin.h>
#endif

#include "uri/chars.h"
#include "formats/charset.h"
#include "internal.h"
#include "scan/skip.h"

/*
 * iconv stops at a malformed sequence and leaves it to us.  We put U+FFFD
 * in its place and go on at the next character, which depends on the
 * charset: the next 2-byte unit of UTF-16 (skipping one byte would read
 * the rest misaligned), the next 4-byte unit of UTF-32.  Other charsets
 * skip one byte and keep their shift state (ISO-2022-JP stays in its JIS
 * X 0208 mode).  The decision only looks at bytes from the failure on, so
 * that it is the same however the input is cut into calls.
 *
 * UTF-7 is decoded here, not by iconv: glibc's converter stays in its
 * error state after a malformed sequence, and no recovery from outside it
 * gave the same result for every split of the input (a base64 run
 * decoded whole was replaced when cut, a '+' held at a call's end failed
 * twice).  utf7_byte() takes one byte at a time with all its state in
 * struct utf7, so the split cannot matter.
 */

/* Longest multibyte sequence we carry between calls (UTF-8 needs 4,
 * GB18030 4, ISO-2022 escapes a few more). */
#define PENDING_MAX 16

enum family { F_BYTES, F_UTF7, F_UNIT2, F_UNIT4 };

/*
 * Most mail that is not UTF-8 is in a charset of one byte a character
 * (ISO 8859, Windows, KOI8), where iconv costs more than the scan.  For
 * those, each byte's UTF-8 is asked of iconv once, the first time the
 * byte is seen, and kept in a table: ASCII bytes, checked at open to be
 * themselves, are copied in runs.  Since such a charset has no state
 * and glibc's converter gives the same for one byte alone as in a run
 * (no byte waits for the next), the output is iconv's, with the same
 * U+FFFD for a byte it does not map.  Not the charsets that compose a
 * base letter with the accent after it (glibc's CP1255, CP1258, TCVN),
 * nor any of several bytes a character: they keep iconv.
 */
#define TAB_UNSEEN 0          /* byte not looked up yet */
#define TAB_BAD 0xff          /* byte iconv does not map: U+FFFD */

struct bytetab {
    unsigned char len[256];   /* UTF-8 length 1-3, TAB_UNSEEN, TAB_BAD */
    char utf8[256][3];
};

/* UTF-7 decoder state (RFC 2152). */
struct utf7 {
    bool shifted;             /* inside a base64 run, after its '+' */
    bool empty;               /* no base64 character in the run yet */
    unsigned nbits;           /* bits in BITS not yet used (0 to 15+6) */
    uint32_t bits;            /* the newest bit lowest */
    uint32_t high;            /* a high surrogate awaiting its pair, or 0 */
};

struct charset_conv {
    iconv_t cd;               /* (iconv_t)-1 for UTF-7 */
    enum family fam;
    struct utf7 u7;
    char pending[PENDING_MAX];
    size_t npending;
    struct bytetab *tab;      /* NULL: every byte through iconv */
    bool vec;                 /* the table's ASCII runs copied with AVX2 */
    char name[64];            /* FROM, for a pool; "" if longer */
};

static enum family
family_of(const char *cs)
{
    /* UTF-7 only: UTF-7-IMAP (RFC 3501 5.1.3) is another code */
    if (strcasecmp(cs, "utf-7") == 0 || strcasecmp(cs, "utf7") == 0 ||
        strcasecmp(cs, "unicode-1-1-utf-7") == 0 ||
        strcasecmp(cs, "csunicode11utf7") == 0)
        return F_UTF7;
    if (strncasecmp(cs, "utf-16", 6) == 0 || strncasecmp(cs, "utf16", 5) == 0 ||
        strncasecmp(cs, "ucs-2", 5) == 0 || strncasecmp(cs, "ucs2", 4) == 0 ||
        strcasecmp(cs, "unicode") == 0 ||
        strcasecmp(cs, "unicodelittle") == 0 ||
        strcasecmp(cs, "unicodebig") == 0)
        return F_UNIT2;
    if (strncasecmp(cs, "utf-32", 6) == 0 || strncasecmp(cs, "utf32", 5) == 0 ||
        strncasecmp(cs, "ucs-4", 5) == 0 || strncasecmp(cs, "ucs4", 4) == 0 ||
        strcasecmp(cs, "wchar_t") == 0)
        return F_UNIT4;
    return F_BYTES;
}

/* Is CS a charset of one byte a character whose bytes iconv converts
 * one at a time as it does in a run? (ISO 8859 and the Windows and KOI8
 * charsets built on it; a name only: open_table() checks the rest.) */
static bool
is_single_byte(const char *cs)
{
    static const char *const prefix[] = {
        "iso-8859-", "iso8859-", "iso_8859-", "iso8859_", "latin",
        "koi8-r", "koi8-u", "koi8r", "koi8u",
    };
    static const char *const windows[] = { "windows-125", "cp125" };
    size_t i, k;

    for (i = 0; i < sizeof prefix / sizeof *prefix; i++)
        if (strncasecmp(cs, prefix[i], strlen(prefix[i])) == 0)
            return true;
    for (i = 0; i < sizeof windows / sizeof *windows; i++) {
        k = strlen(windows[i]);
        /* 1255 and 1258 compose letters with accents in glibc */
        if (strncasecmp(cs, windows[i], k) == 0 &&
            strchr("0123467", cs[k]) != NULL && cs[k] != '\0' &&
            cs[k + 1] == '\0')
            return true;
    }
    return false;
}

/* The table for CV's charset, if its ASCII bytes are ASCII to iconv. */
static void
open_table(struct charset_conv *cv)
{
    char ascii[128], got[256], *in = ascii, *o = got;
    size_t inleft = sizeof ascii, room = sizeof got, i;

    for (i = 0; i < sizeof ascii; i++)
        ascii[i] = (char)i;
    if (iconv(cv->cd, &in, &inleft, &o, &room) == (size_t)-1 ||
        inleft != 0 || room != sizeof got - sizeof ascii ||
        memcmp(got, ascii, sizeof ascii) != 0 ||
        (cv->tab = calloc(1, sizeof *cv->tab)) == NULL) {
        iconv(cv->cd, NULL, NULL, NULL, NULL);
        return;
    }
    for (i = 0; i < sizeof ascii; i++) {
        cv->tab->len[i] = 1;
        cv->tab->utf8[i][0] = (char)i;
    }
}

struct charset_conv *
charset_open(const char *from)
{
    struct charset_conv *cv = calloc(1, sizeof *cv);

    if (cv == NULL)
        return NULL;
    cv->fam = family_of(from);
    if (strlen(from) < sizeof cv->name)
        strcpy(cv->name, from);
    if (cv->fam == F_UTF7) {
        cv->cd = (iconv_t)-1;
        return cv;
    }
    cv->cd = iconv_open("UTF-8", from);
    if (cv->cd == (iconv_t)-1) {
        free(cv);
        return NULL;
    }
    if (cv->fam == F_BYTES && is_single_byte(from))
        open_table(cv);
    cv->vec = skip_choose() == SKIP_AVX2;
    return cv;
}

/* Append code point CP (not a surrogate, at most U+10FFFF) as UTF-8;
 * the caller reserved 4 bytes. */
static void
put_utf8(struct urigrep_buf *out, uint32_t cp)
{
    if (cp < 0x80) {
        buf_put(out, (char)cp);
    } else if (cp < 0x800) {
        buf_put(out, (char)(0xc0 | cp >> 6));
        buf_put(out, (char)(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        buf_put(out, (char)(0xe0 | cp >> 12));
        buf_put(out, (char)(0x80 | (cp >> 6 & 0x3f)));
        buf_put(out, (char)(0x80 | (cp & 0x3f)));
    } else {
        buf_put(out, (char)(0xf0 | cp >> 18));
        buf_put(out, (char)(0x80 | (cp >> 12 & 0x3f)));
        buf_put(out, (char)(0x80 | (cp >> 6 & 0x3f)));
        buf_put(out, (char)(0x80 | (cp & 0x3f)));
    }
}

/* A malformed sequence: U+FFFD, counted in *BAD (3 bytes reserved). */
static void
put_bad(struct urigrep_buf *out, size_t *bad)
{
    buf_put(out, '\xef');
    buf_put(out, '\xbf');
    buf_put(out, '\xbd');
    (*bad)++;
}

/* One UTF-16 code unit from a base64 run: a surrogate pair becomes one
 * character, a surrogate without its partner U+FFFD. */
static void
utf7_unit(struct utf7 *u, uint32_t unit, struct urigrep_buf *out,
          size_t *bad)
{
    if (unit >= 0xdc00 && unit <= 0xdfff && u->high) {
        put_utf8(out, 0x10000 + ((u->high - 0xd800) << 10) + (unit - 0xdc00));
        u->high = 0;
        return;
    }
    if (u->high) {
        put_bad(out, bad);
        u->high = 0;
    }
    if (unit >= 0xd800 && unit <= 0xdbff)
        u->high = unit;
    else if (unit >= 0xdc00 && unit <= 0xdfff)
        put_bad(out, bad);
    else
        put_utf8(out, unit);
}

/* The base64 run ends. RFC 2152: the bits left over must be fewer than
 * six and all zero. An empty run ('+' then the end or a character other
 * than '-', which would make "+-", a '+') and a high surrogate left
 * alone are malformed too. */
static void
utf7_end_run(struct utf7 *u, struct urigrep_buf *out, size_t *bad)
{
    if (u->high)
        put_bad(out, bad);
    if (u->empty || u->nbits >= 6 || (u->bits & ((1u << u->nbits) - 1)))
        put_bad(out, bad);
    u->shifted = false;
    u->high = 0;
    u->nbits = 0;
    u->bits = 0;
}

/* Decode byte C of UTF-7; at most 9 bytes go out (reserved). Text is
 * ASCII: tab, CR, LF and the printable characters stand for themselves
 * (RFC 2152's sets D and O and, as decoders accept them, '\\' and '~');
 * other bytes are malformed, one U+FFFD each. */
static void
utf7_byte(struct utf7 *u, unsigned char c, struct urigrep_buf *out,
          size_t *bad)
{
    if (u->shifted) {
        int v = base64_value(c);

        if (v >= 0) {
            u->empty = false;
            u->bits = (u->bits << 6 | (uint32_t)v) & 0x1fffff;
            u->nbits += 6;
            if (u->nbits >= 16) {
                u->nbits -= 16;
                utf7_unit(u, u->bits >> u->nbits & 0xffff, out, bad);
            }
            return;
        }
        if (c == '-' && u->empty) {
            buf_put(out, '+'); /* "+-" */
            u->shifted = false;
            return;
        }
        utf7_end_run(u, out, bad);
        if (c == '-')
            return; /* it only ended the run */
    }
    if (c == '+') {
        u->shifted = true;
        u->empty = true;
    } else if (c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c < 0x7f)) {
        buf_put(out, (char)c);
    } else {
        put_bad(out, bad);
    }
}

/* Decode LEN bytes of UTF-7 at IN into OUT; FINAL ends a base64 run. */
static enum urigrep_status
utf7_convert(struct utf7 *u, const char *in, size_t len, int final,
             struct urigrep_buf *out, size_t *bad)
{
    enum urigrep_status rc;
    size_t i;

    for (i = 0; i < len; i++) {
        if ((rc = buf_reserve(out, 9)) != URIGREP_OK)
            return rc;
        utf7_byte(u, (unsigned char)in[i], out, bad);
    }
    if (final) {
        if ((rc = buf_reserve(out, 6)) != URIGREP_OK)
            return rc;
        if (u->shifted)
            utf7_end_run(u, out, bad);
    }
    return URIGREP_OK;
}

/* iconv failed at *IN (*LEFT bytes there), on a sequence it cannot
 * decode. Put U+FFFD out and step to where decoding goes on. */
static enum urigrep_status
recover(struct charset_conv *cv, char **in, size_t *left,
        struct urigrep_buf *out, size_t *bad)
{
    enum urigrep_status rc;
    size_t step = 1;

    if ((rc = buf_append(out, "\xef\xbf\xbd", 3)) != URIGREP_OK)
        return rc;
    (*bad)++;
    if (cv->fam == F_UNIT2)
        step = 2;
    else if (cv->fam == F_UNIT4)
        step = 4;
    if (step > *left)
        step = *left;
    *in += step;
    *left -= step;
    return URIGREP_OK;
}

/* Run iconv over *IN (*INLEFT bytes) into OUT until it stops. Returns the errno
 * iconv stopped on (0 when all input was used). */
static int
run(struct charset_conv *cv, char **in, size_t *inleft,
    struct urigrep_buf *out, enum urigrep_status *rc)
{
    for (;;) {
        size_t room, r;
        char *o;

        /* converted text is at most 4 bytes per input byte, plus a bit */
        if ((*rc = buf_reserve(out, *inleft * 4 + 32)) != URIGREP_OK)
            return 0;
        room = out->cap - out->len;
        o = out->data + out->len;
        r = iconv(cv->cd, in, inleft, &o, &room);
        out->len = (size_t)(o - out->data);
        if (r != (size_t)-1)
            return 0;
        if (errno != E2BIG)
            return errno;
    }
}

/* Look byte C up in CV's table, asking iconv the first time. False when
 * iconv does not give one character for it alone (then the table is no
 * use: dropped, and iconv, in its first state, takes over). */
static bool
table_lookup(struct charset_conv *cv, unsigned char c)
{
    struct bytetab *t = cv->tab;
    char in = (char)c, got[8], *ip = &in, *o = got;
    size_t inleft = 1, room = sizeof got, n;

    if (iconv(cv->cd, &ip, &inleft, &o, &room) == (size_t)-1) {
        if (errno == EILSEQ) {
            t->len[c] = TAB_BAD;
            return true;
        }
        iconv(cv->cd, NULL, NULL, NULL, NULL);
        goto drop;
    }
    n = sizeof got - room;
    if (n == 0 || n > 3 || inleft != 0) {
        iconv(cv->cd, NULL, NULL, NULL, NULL);
        goto drop;
    }
    memcpy(t->utf8[c], got, n);
    t->len[c] = (unsigned char)n;
    return true;
drop:
    free(cv->tab);
    cv->tab = NULL;
    return false;
}

#ifdef HAVE_AVX2_TARGET
/* The ASCII bytes from IN[I] (IN has LEN bytes) copied to *O, 32 at a
 * time with AVX2 (each step stores 32 bytes: *O has room for them while
 * 32 are left of IN, the caller having reserved 3 bytes a byte), *O
 * moved past them; returns where they end: at a byte that is not ASCII,
 * or where fewer than 32 bytes are left. */
__attribute__((target("avx2"))) static size_t
ascii_copy_avx2(const unsigned char *in, size_t i, size_t len, char **o)
{
    while (len - i >= 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)
                                           (in + i));
        unsigned m = (unsigned)_mm256_movemask_epi8(v);

        _mm256_storeu_si256((__m256i *)(void *)*o, v);
        if (m) {
            *o += __builtin_ctz(m);
            return i + (size_t)__builtin_ctz(m);
        }
        *o += 32;
        i += 32;
    }
    return i;
}
#endif

/* The end of the run of ASCII bytes at IN[I] (IN has LEN bytes): eight
 * bytes at a time while none has its high bit set. */
static size_t
ascii_run(const unsigned char *in, size_t i, size_t len)
{
    while (len - i >= 8) {
        uint64_t w;

        memcpy(&w, in + i, 8);
        if (w & UINT64_C(0x8080808080808080))
            break;
        i += 8;
    }
    while (i < len && in[i] < 0x80)
        i++;
    return i;
}

/* Convert IN (LEN bytes) by CV's table; returns how many bytes were
 * converted (fewer than LEN when the table was dropped). */
static size_t
table_convert(struct charset_conv *cv, const unsigned char *in, size_t len,
              struct urigrep_buf *out, size_t *bad)
{
    size_t i = 0;
    char *o;

    if (len == 0) /* nothing reserved: out->data may still be NULL */
        return 0;
    o = out->data + out->len;
    /* the caller reserved 3 bytes a byte */
    while (i < len) {
        size_t run;
        unsigned char c;

#ifdef HAVE_AVX2_TARGET
        if (cv->vec)
            i = ascii_copy_avx2(in, i, len, &o);
#endif
        run = ascii_run(in, i, len);
        if (run > i)
            memcpy(o, in + i, run - i);
        o += run - i;
        if ((i = run) == len)
            break;
        c = in[i];
        if (cv->tab->len[c] == TAB_UNSEEN && !table_lookup(cv, c))
            break;
        if (cv->tab->len[c] == TAB_BAD) {
            memcpy(o, "\xef\xbf\xbd", 3);
            o += 3;
            (*bad)++;
        } else {
            memcpy(o, cv->tab->utf8[c], cv->tab->len[c]);
            o += cv->tab->len[c];
        }
        i++;
    }
    out->len = (size_t)(o - out->data);
    return i;
}

/* Convert what the table can of *IN (*LEN bytes), moving them on. */
static enum urigrep_status
table_run(struct charset_conv *cv, const char **in, size_t *len,
          struct urigrep_buf *out, size_t *bad)
{
    enum urigrep_status rc;
    size_t k;

    if (*len > (SIZE_MAX - 32) / 3)
        return URIGREP_ERR_NOMEM;
    if (out->cap - out->len < *len * 3 &&
        (rc = buf_reserve(out, *len * 3)) != URIGREP_OK)
        return rc;
    k = table_convert(cv, (const unsigned char *)*in, *len, out, bad);
    *in += k;
    *len -= k;
    return URIGREP_OK;
}

/* Finish a sequence cut at the end of the previous call, taking one
 * byte at a time of *IN (*LEN bytes, moved on) so that we never hold
 * more than PENDING_MAX. */
static enum urigrep_status
finish_pending(struct charset_conv *cv, const char **in, size_t *len,
               int final, struct urigrep_buf *out, size_t *bad)
{
    enum urigrep_status rc = URIGREP_OK;

    while (cv->npending && (*len || final)) {
        bool full, stuck;
        char *p;
        size_t left;
        int err;

        if (*len && cv->npending < PENDING_MAX) {
            cv->pending[cv->npending++] = *(*in)++;
            (*len)--;
        }
        p = cv->pending;
        left = cv->npending;
        err = run(cv, &p, &left, out, &rc);
        if (rc)
            return rc;
        full = cv->npending == PENDING_MAX;
        stuck = err == EILSEQ ||
                (err == EINVAL && ((final && *len == 0) || full));
        /* undecodable: replace it and go on after it */
        if (stuck && left && (rc = recover(cv, &p, &left, out, bad)))
            return rc;
        memmove(cv->pending, p, left);
        cv->npending = left;
    }
    return URIGREP_OK;
}

enum urigrep_status
charset_convert(struct charset_conv *cv, const char *in, size_t len,
                int final, struct urigrep_buf *out, size_t *bad)
{
    enum urigrep_status rc = URIGREP_OK;
    char *p;
    size_t left;

    if (cv->fam == F_UTF7)
        return utf7_convert(&cv->u7, in, len, final, out, bad);
    if (cv->tab && (rc = table_run(cv, &in, &len, out, bad)) != URIGREP_OK)
        return rc;
    if ((rc = finish_pending(cv, &in, &len, final, out, bad)) != URIGREP_OK)
        return rc;
    p = (char *)in;
    left = len;
    while (left) {
        int err = run(cv, &p, &left, out, &rc);

        if (rc)
            return rc;
        if (err == EINVAL && !final && left <= PENDING_MAX) {
            memcpy(cv->pending, p, left);
            cv->npending = left;
            return URIGREP_OK;
        }
        if ((err == EILSEQ || err == EINVAL) &&
            (rc = recover(cv, &p, &left, out, bad)))
            return rc;
    }
    if (final) {
        /* reset the shift state, emitting what a stateful charset needs */
        size_t room;
        char *o;

        if ((rc = buf_reserve(out, 32)))
            return rc;
        room = out->cap - out->len;
        o = out->data + out->len;
        iconv(cv->cd, NULL, NULL, &o, &room);
        out->len = (size_t)(o - out->data);
    }
    return URIGREP_OK;
}

bool
charset_reusable(const struct charset_conv *cv)
{
    return cv->fam != F_UNIT2 && cv->fam != F_UNIT4;
}

void
charset_close(struct charset_conv *cv)
{
    if (cv == NULL)
        return;
    if (cv->cd != (iconv_t)-1)
        iconv_close(cv->cd);
    free(cv->tab);
    free(cv);
}

struct charset_conv *
charset_pool_open(struct charset_pool *pool, const char *from)
{
    int i;

    for (i = 0; i < CHARSET_POOL_MAX && pool->idle[i]; i++) {
        struct charset_conv *cv = pool->idle[i];

        if (strcasecmp(cv->name, from) == 0) {
            memmove(pool->idle + i, pool->idle + i + 1,
                    (CHARSET_POOL_MAX - 1 - (size_t)i) * sizeof *pool->idle);
            pool->idle[CHARSET_POOL_MAX - 1] = NULL;
            return cv;
        }
    }
    return charset_open(from);
}

void
charset_pool_close(struct charset_pool *pool, struct charset_conv *cv)
{
    if (cv == NULL)
        return;
    if (cv->name[0] == '\0' || !charset_reusable(cv)) {
        charset_close(cv);
        return;
    }
    /* the state a half-read part may leave: shift state, a cut
     * sequence, a UTF-7 run; the byte table holds for the charset */
    if (cv->cd != (iconv_t)-1)
        iconv(cv->cd, NULL, NULL, NULL, NULL);
    cv->npending = 0;
    memset(&cv->u7, 0, sizeof cv->u7);
    charset_close(pool->idle[CHARSET_POOL_MAX - 1]);
    memmove(pool->idle + 1, pool->idle,
            (CHARSET_POOL_MAX - 1) * sizeof *pool->idle);
    pool->idle[0] = cv;
}

void
charset_pool_free(struct charset_pool *pool)
{
    int i;

    for (i = 0; i < CHARSET_POOL_MAX; i++) {
        charset_close(pool->idle[i]);
        pool->idle[i] = NULL;
    }
}

URIGREP_EXPORT int
urigrep_charset_supported(const char *name)
{
    struct charset_conv *cv;

    if (name == NULL || (cv = charset_open(name)) == NULL)
        return 0;
    charset_close(cv);
    return 1;
}
