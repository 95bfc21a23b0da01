/* fuzz_mime.c: libFuzzer target for the MIME decoders (RFC 2045/2047/2231). */
/* SPDX-License-Identifier: MIT */
/*
 * The first byte is a chunking seed and an output size; the rest is fed
 * to every decoder of mime.h.  Checks: quoted-printable and base64
 * decode the same bytes whole as in pseudo-random chunks (base64 whole
 * with its AVX2 blocks where the machine has them, in chunks without)
 * and stay within
 * their documented output bounds; the header decoders (RFC 2047 words,
 * RFC 2231 parameters, media type, URI value) never write past SIZE,
 * NUL-terminate what they wrote (a NUL of the input may come through), and the cached
 * mime_words_decode() agrees with mime_decode_words(); mime_qp_lines()
 * (vector or not) agrees with mime_qp_decode() a line at a time, and
 * mime_params() with mime_param().
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "formats/mime.h"
#include "scan/skip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
qp(const char *s, size_t n, unsigned seed, struct log *l)
{
    struct mime_qp q;
    char *out = malloc(n + 5);
    size_t i = 0, k, w;

    if (out == NULL)
        abort();
    mime_qp_init(&q);
    do {
        k = next_chunk(&seed, n - i);
        w = mime_qp_decode(&q, s + i, k, out, i + k == n);
        if (w > k + 4)
            abort();
        put(l, out, w);
        i += k;
    } while (i < n);
    free(out);
}

static void
b64(const char *s, size_t n, unsigned seed, struct log *l)
{
    struct mime_b64 b;
    char *out = malloc(n + 1);
    size_t i = 0, k, w;

    if (out == NULL)
        abort();
    mime_b64_init(&b);
    /* whole: AVX2 blocks, if the machine has them */
    b.vec = seed == 0 && skip_choose() == SKIP_AVX2;
    while (i < n) {
        k = next_chunk(&seed, n - i);
        w = mime_b64_decode(&b, s + i, k, out);
        if (w > k)
            abort();
        put(l, out, w);
        i += k;
    }
    free(out);
}

/* mime_qp_lines() on the whole lines of S (N bytes), vector (VEC, where
 * the machine has it) or not, with a stop table of 'F', '-' and '>' or
 * none (STOP), against mime_qp_decode() a line at a time: the same
 * lines taken, the same bytes, each line where it says. */
static void
qp_lines(const char *s, size_t n, bool vec, bool stop)
{
    static const bool stops[256] = { ['F'] = true, ['-'] = true,
                                     ['>'] = true };
    static const bool none[256];
    const char *nl = n ? memrchr(s, '\n', n) : NULL;
    size_t len = nl ? (size_t)(nl - s) + 1 : 0, nlines, w, taken, i, o, k;
    size_t *offs = malloc((len + 1) * sizeof *offs);
    char *got = malloc(len + 32), *want = malloc(len + 4);
    struct mime_qp q, r;

    if (offs == NULL || got == NULL || want == NULL)
        abort();
    mime_qp_init(&q);
    mime_qp_init(&r);
    q.vec = vec && skip_choose() == SKIP_AVX2;
    taken = mime_qp_lines(&q, s, len, got, stop ? stops : none, offs,
                          len + 1, &nlines, &w);
    for (i = 0, o = 0, k = 0; i < len; k++) {
        const char *e = memchr(s + i, '\n', len - i);

        if (k > 0 && stop && stops[(unsigned char)s[i]])
            break;
        if (k >= nlines || offs[k] != o)
            abort();
        o += mime_qp_decode(&r, s + i, (size_t)(e - (s + i)) + 1, want + o,
                            false);
        i = (size_t)(e - s) + 1;
    }
    if (taken != i || nlines != k || w != o || memcmp(got, want, o) != 0)
        abort();
    free(offs);
    free(got);
    free(want);
}

/* mime_params() finds each of two parameters as mime_param() does. */
static void
params(const char *s, size_t n, const char *n1, const char *n2, size_t osz)
{
    char *v1 = malloc(osz), *v2 = malloc(osz), *one = malloc(osz);
    struct mime_param_want w[2] = { { n1, v1, osz, false },
                                    { n2, v2, osz, false } };

    if (v1 == NULL || v2 == NULL || one == NULL)
        abort();
    mime_params(s, n, w, 2);
    if (mime_param(s, n, n1, one, osz) != w[0].found || strcmp(one, v1))
        abort();
    /* the same name twice: the first takes it */
    if (strcmp(n1, n2) != 0 &&
        (mime_param(s, n, n2, one, osz) != w[1].found || strcmp(one, v2)))
        abort();
    free(v1);
    free(v2);
    free(one);
}

/* OUT was filled with 'X' past SIZE: a result of length W must be
 * followed by a NUL inside SIZE and leave the rest untouched. */
static void
check_str(const char *out, size_t size, size_t w)
{
    if (size == 0)
        return;
    if (w >= size || out[w] != '\0')
        abort();
    if (out[size] != 'X')
        abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = { "charset", "boundary", "name",
                                         "filename", "url" };
    struct log a = { 0 }, b = { 0 };
    const char *s = (const char *)data + 1;
    size_t n, osz, w, w2;
    char *out, *out2, type[64];
    struct mime_words *mw;

    if (size < 1)
        return 0;
    n = size - 1;
    osz = 1 + (data[0] & 0x0f) * 17;
    /* decoders */
    qp(s, n, 0, &a);
    qp(s, n, data[0] | 1u, &b);
    if (!log_same(&a, &b))
        abort();
    a.len = b.len = 0;
    b64(s, n, 0, &a);
    b64(s, n, data[0] | 1u, &b);
    if (!log_same(&a, &b))
        abort();
    free(a.p);
    free(b.p);
    qp_lines(s, n, data[0] & 1, data[0] & 2);
    /* header fields */
    out = malloc(osz + 1);
    out2 = malloc(osz + 1);
    if (out == NULL || out2 == NULL)
        abort();
    memset(out, 'X', osz + 1);
    w = mime_decode_words(s, n, out, osz);
    check_str(out, osz, w);
    if ((mw = mime_words_new()) == NULL)
        abort();
    memset(out2, 'X', osz + 1);
    w2 = mime_words_decode(mw, s, n, out2, osz);
    check_str(out2, osz, w2);
    if (w != w2 || memcmp(out, out2, w) != 0)
        abort();
    /* the cache must not change a second decoding */
    memset(out2, 'X', osz + 1);
    w2 = mime_words_decode(mw, s, n, out2, osz);
    if (w != w2 || memcmp(out, out2, w) != 0)
        abort();
    mime_words_free(mw);
    memset(out, 'X', osz + 1);
    w = mime_uri_value(s, n, out, osz);
    check_str(out, osz, w);
    memset(out, 'X', osz + 1);
    if (mime_param(s, n, names[data[0] >> 4 & 3], out, osz))
        check_str(out, osz, strlen(out));
    if (out[osz] != 'X')
        abort();
    params(s, n, names[data[0] >> 4 & 3], names[(data[0] >> 6) + 1], osz);
    memset(type, 'X', sizeof type);
    if (mime_media_type(s, n, type, sizeof type - 1))
        check_str(type, sizeof type - 1, strlen(type));
    (void)mime_parse_cte(s, n);
    free(out);
    free(out2);
    return 0;
}
