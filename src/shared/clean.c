/* clean.c: which characters may reach a terminal, and URIs made safe to
 * show. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "clean.h"
#include "utf8.h"

/* Unicode 14 code points of general category Cc, Cf, Zl and Zp, as
 * inclusive ranges in ascending order (a few unassigned neighbours are
 * included so that later Unicode versions' additions are covered). */
static const uint32_t unsafe_ranges[][2] = {
    { 0x0000, 0x001f }, { 0x007f, 0x009f }, { 0x00ad, 0x00ad },
    { 0x0600, 0x0605 }, { 0x061c, 0x061c }, { 0x06dd, 0x06dd },
    { 0x070f, 0x070f }, { 0x0890, 0x0891 }, { 0x08e2, 0x08e2 },
    { 0x180e, 0x180e }, { 0x200b, 0x200f }, { 0x2028, 0x202e },
    { 0x2060, 0x206f }, { 0xfeff, 0xfeff }, { 0xfff9, 0xfffb },
    { 0x110bd, 0x110bd }, { 0x110cd, 0x110cd }, { 0x13430, 0x1343f },
    { 0x1bca0, 0x1bca3 }, { 0x1d173, 0x1d17a }, { 0xe0001, 0xe0001 },
    { 0xe0020, 0xe007f }
};

bool
clean_char_unsafe(uint32_t cp)
{
    size_t lo = 0, hi = sizeof unsafe_ranges / sizeof *unsafe_ranges;

    if (cp >= 0x20 && cp < 0x7f)
        return false;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;

        if (cp < unsafe_ranges[mid][0])
            hi = mid;
        else if (cp > unsafe_ranges[mid][1])
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* The length of the character at S[0] (of LEN bytes) when it may be
 * written raw; 0 when its first byte must be escaped: an unsafe
 * character's bytes are escaped one by one, as are bytes that are not
 * UTF-8 (a sequence cut by the end of S included). */
size_t
clean_safe_len(const char *s, size_t len)
{
    uint32_t cp;
    int k = utf8_decode((const unsigned char *)s, len, &cp);

    return k > 0 && !clean_char_unsafe(cp) ? (size_t)k : 0;
}

enum urigrep_status
clean_uri(struct urigrep_buf *b, const char *s, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t i = 0, n;
    enum urigrep_status rc;

    /* worst case: every byte becomes %XX */
    if (len > SIZE_MAX / 3 || (rc = buf_reserve(b, len * 3)))
        return len > SIZE_MAX / 3 ? URIGREP_ERR_TOO_LONG : rc;
    while (i < len) {
        if ((n = clean_safe_len(s + i, len - i)) > 0) {
            buf_append(b, s + i, n);
            i += n;
        } else {
            unsigned char c = (unsigned char)s[i++];

            buf_put(b, '%');
            buf_put(b, hex[c >> 4]);
            buf_put(b, hex[c & 15]);
        }
    }
    return URIGREP_OK;
}

/* Does the word W (eight bytes) hold a byte below 0x21 or above 0x7e?
 * (the exact "has less" and "has more" word tests) */
static inline bool
word_not_graphic(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101ull, high = ones * 0x80;

    return ((((w - ones * 0x21) & ~w) | ((w + ones * (127 - 0x7e)) | w)) &
            high) != 0;
}

/* Are the LEN bytes at S all printable ASCII, none of them space? Eight
 * bytes at a time, the last 1 to 7 in one more word that ends at S + LEN
 * (a URI is some 50 bytes: a byte loop over its tail cost as much as the
 * words before it). */
static bool
all_graphic(const char *s, size_t len)
{
    size_t i;
    uint64_t w;

    if (len < 8) {
        for (i = 0; i < len; i++)
            if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] >= 0x7f)
                return false;
        return true;
    }
    for (i = 0; i + 8 <= len; i += 8) {
        memcpy(&w, s + i, 8);
        if (word_not_graphic(w))
            return false;
    }
    memcpy(&w, s + len - 8, 8);
    return !word_not_graphic(w);
}

const char *
clean_uri_view(struct urigrep_buf *b, const char *s, size_t len,
               size_t *out_len)
{
    if (all_graphic(s, len)) {
        *out_len = len;
        return s;
    }
    b->len = 0;
    if (clean_uri(b, s, len) != URIGREP_OK ||
        buf_append(b, "", 1) != URIGREP_OK)
        return NULL;
    *out_len = b->len - 1;
    return b->data;
}

