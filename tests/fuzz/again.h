/* again.h: the fuzzed input read again at any offset, for the readers
 * that check a Content-Length where it ends. */
/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_AGAIN_H
#define FUZZ_AGAIN_H

#include <stdint.h>
#include <string.h>

/* The input read again (warc_set_read_at(), mail_set_read_at()): its N
 * bytes at D, an error at odd offsets when ERRORS. */
struct again {
    const uint8_t *d;
    size_t n;
    int errors;
};

static inline size_t
read_again(void *arg, uint64_t off, char *buf, size_t k)
{
    const struct again *a = arg;

    if (a->errors && (off & 1))
        return (size_t)-1;
    if (off >= a->n)
        return 0;
    if (k > a->n - off)
        k = a->n - (size_t)off;
    memcpy(buf, a->d + off, k);
    return k;
}

#endif
