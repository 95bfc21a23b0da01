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
 * mime_words_decode() agrees with mime_decode_words().
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "mime.h"
#include "skip.h"

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
    memset(type, 'X', sizeof type);
    if (mime_media_type(s, n, type, sizeof type - 1))
        check_str(type, sizeof type - 1, strlen(type));
    (void)mime_parse_cte(s, n);
    free(out);
    free(out2);
    return 0;
}
