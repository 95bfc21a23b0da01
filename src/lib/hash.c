/* hash.c: urigrep_hash() and urigrep_hash_key(), the keyed SipHash of
 * src/shared that the command's -u and --stats use, for the library's
 * callers' tables of strings from the input (the Python module's counts
 * by scheme and host). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "internal.h"
#include "siphash.h"

URIGREP_EXPORT void
urigrep_hash_key(unsigned char key[16])
{
    if (key)
        siphash_draw_key(key);
}

URIGREP_EXPORT uint64_t
urigrep_hash(const unsigned char key[16], const void *data, size_t len)
{
    if (key == NULL || (data == NULL && len != 0))
        return 0;
    return siphash24(key, data, len);
}
