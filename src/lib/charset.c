/* charset.c: streaming conversion of text to UTF-8 with iconv. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <iconv.h>

#include "charset.h"

/*
 * iconv stops at a malformed sequence and leaves it to us.  We put U+FFFD
 * in its place and go on at the next character, which depends on the
 * charset: the next 2-byte unit of UTF-16 (skipping one byte would read
 * the rest misaligned), the next 4-byte unit of UTF-32, and for UTF-7,
 * whose glibc converter stays in its error state, a reset and the end of
 * the broken base64 run.  Other charsets skip one byte and keep their
 * shift state (ISO-2022-JP stays in its JIS X 0208 mode).  The decision
 * only looks at bytes from the failure on, so that it is the same however
 * the input is cut into calls.
 */

/* Longest multibyte sequence we carry between calls (UTF-8 needs 4,
 * GB18030 4, ISO-2022 escapes a few more). */
#define PENDING_MAX 16

enum family { F_BYTES, F_UTF7, F_UNIT2, F_UNIT4 };

struct charset_conv {
    iconv_t cd;
    enum family fam;
    bool resync;              /* UTF-7: dropping a broken base64 run */
    char pending[PENDING_MAX];
    size_t npending;
};

static enum family
family_of(const char *cs)
{
    if (strncasecmp(cs, "utf-7", 5) == 0 || strncasecmp(cs, "utf7", 4) == 0 ||
        strncasecmp(cs, "unicode-1-1-utf-7", 17) == 0)
        return F_UTF7;
    if (strncasecmp(cs, "utf-16", 6) == 0 || strncasecmp(cs, "utf16", 5) == 0 ||
        strncasecmp(cs, "ucs-2", 5) == 0 || strncasecmp(cs, "ucs2", 4) == 0 ||
        strcasecmp(cs, "unicode") == 0 || strcasecmp(cs, "unicodelittle") == 0 ||
        strcasecmp(cs, "unicodebig") == 0)
        return F_UNIT2;
    if (strncasecmp(cs, "utf-32", 6) == 0 || strncasecmp(cs, "utf32", 5) == 0 ||
        strncasecmp(cs, "ucs-4", 5) == 0 || strncasecmp(cs, "ucs4", 4) == 0 ||
        strcasecmp(cs, "wchar_t") == 0)
        return F_UNIT4;
    return F_BYTES;
}

struct charset_conv *
charset_open(const char *from)
{
    struct charset_conv *cv = calloc(1, sizeof *cv);

    if (cv == NULL)
        return NULL;
    cv->cd = iconv_open("UTF-8", from);
    if (cv->cd == (iconv_t)-1) {
        free(cv);
        return NULL;
    }
    cv->fam = family_of(from);
    return cv;
}

static bool
is_base64(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9') || c == '+' || c == '/';
}

/* UTF-7: drop the rest of a broken base64 run at *IN (*LEFT bytes), and
 * the '-' that may end it. Returns true when the run has ended here. */
static bool
drop_run(struct charset_conv *cv, char **in, size_t *left)
{
    while (*left && is_base64((unsigned char)**in))
        (*in)++, (*left)--;
    if (*left == 0)
        return false;
    if (**in == '-')
        (*in)++, (*left)--;
    cv->resync = false;
    return true;
}

/* iconv failed at *IN (*LEFT bytes there; FINAL: no more will come), on
 * a sequence it cannot decode. Put U+FFFD out and step to where decoding
 * goes on. RETRIED: it failed here right after such a step already. */
static enum urigrep_status
recover(struct charset_conv *cv, char **in, size_t *left, bool retried,
        struct urigrep_buf *out, size_t *bad)
{
    enum urigrep_status rc;
    size_t step = 1;

    if (!retried) {
        if ((rc = buf_append(out, "\xef\xbf\xbd", 3)) != URIGREP_OK)
            return rc;
        (*bad)++;
    }
    switch (cv->fam) {
    case F_UTF7: {
        unsigned char c = (unsigned char)**in;

        iconv(cv->cd, NULL, NULL, NULL, NULL);
        if (retried || c >= 0x80 ||
            (c < 0x20 && c != '\t' && c != '\r' && c != '\n')) {
            step = 1;
        } else if (c == '-' || is_base64(c)) {
            cv->resync = true;
            drop_run(cv, in, left);
            return URIGREP_OK;
        } else {
            /* a direct character ended the run: it is text */
            return URIGREP_OK;
        }
        break;
    }
    case F_UNIT2:
        step = 2;
        break;
    case F_UNIT4:
        step = 4;
        break;
    case F_BYTES:
        break;
    }
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

enum urigrep_status
charset_convert(struct charset_conv *cv, const char *in, size_t len,
                int final, struct urigrep_buf *out, size_t *bad)
{
    enum urigrep_status rc = URIGREP_OK;
    char *p, *failed_at = NULL;
    size_t left;

    /* finish a sequence cut at the end of the previous call, taking one
     * byte at a time so that we never hold more than PENDING_MAX */
    while (cv->npending && (len || final)) {
        bool full, stuck;
        int err;

        if (len && cv->npending < PENDING_MAX) {
            cv->pending[cv->npending++] = *in++;
            len--;
        }
        p = cv->pending;
        left = cv->npending;
        err = run(cv, &p, &left, out, &rc);
        if (rc)
            return rc;
        full = cv->npending == PENDING_MAX;
        stuck = err == EILSEQ ||
                (err == EINVAL && ((final && len == 0) || full));
        if (stuck && left) {
            /* undecodable: replace it and go on after it */
            char *was = p;

            if ((rc = recover(cv, &p, &left, p == failed_at, out, bad)))
                return rc;
            /* it did not step: the bytes at p are tried once more */
            failed_at = p == was ? cv->pending : NULL;
        }
        memmove(cv->pending, p, left);
        cv->npending = left;
    }
    p = (char *)in;
    left = len;
    if (cv->resync && !drop_run(cv, &p, &left))
        left = 0;
    while (left) {
        int err = run(cv, &p, &left, out, &rc);

        if (rc)
            return rc;
        if (err == EINVAL && !final && left <= PENDING_MAX) {
            memcpy(cv->pending, p, left);
            cv->npending = left;
            return URIGREP_OK;
        }
        if (err == EILSEQ || err == EINVAL) {
            /* (a broken UTF-7 run that goes on past the end of IN is
             * dropped by the next call: recover() set cv->resync) */
            char *was = p;

            if ((rc = recover(cv, &p, &left, p == failed_at, out, bad)))
                return rc;
            failed_at = p == was ? p : NULL;
        }
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
        cv->resync = false;
    }
    return URIGREP_OK;
}

void
charset_close(struct charset_conv *cv)
{
    if (cv == NULL)
        return;
    iconv_close(cv->cd);
    free(cv);
}
