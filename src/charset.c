/* charset.c: streaming conversion of text to UTF-8 with iconv. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <iconv.h>

#include "charset.h"

/* Longest multibyte sequence we carry between calls (UTF-8 needs 4,
 * GB18030 4, ISO-2022 escapes a few more). */
#define PENDING_MAX 16

struct charset_conv {
    iconv_t cd;
    char pending[PENDING_MAX];
    size_t npending;
};

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
    return cv;
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
    char *p;
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
            /* undecodable: replace its first byte and go on after it */
            if ((rc = buf_append(out, "\xef\xbf\xbd", 3)))
                return rc;
            (*bad)++;
            p++;
            left--;
        }
        memmove(cv->pending, p, left);
        cv->npending = left;
    }
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
        if (err == EILSEQ || err == EINVAL) {
            if ((rc = buf_append(out, "\xef\xbf\xbd", 3)))
                return rc;
            (*bad)++;
            p++;
            left--;
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
