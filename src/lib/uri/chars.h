/* chars.h: ASCII character classes of the URI grammar, for the hot loops
 * (locale-free, unlike <ctype.h>). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CHARS_H
#define URIGREP_CHARS_H

#include <stdbool.h>
#include <stddef.h>

static inline bool
is_alpha(unsigned char c)
{
    return (unsigned char)((c | 0x20) - 'a') < 26;
}

static inline bool
is_digit(unsigned char c)
{
    return (unsigned char)(c - '0') < 10;
}

static inline bool
is_alnum(unsigned char c)
{
    return is_alpha(c) || is_digit(c);
}

static inline bool
is_hex(unsigned char c)
{
    return is_digit(c) || (unsigned char)((c | 0x20) - 'a') < 6;
}

/* RFC 2396 scheme = alpha *( alpha | digit | "+" | "-" | "." ) */
static inline bool
is_scheme_char(unsigned char c)
{
    return is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.';
}

/* Does REF (LEN bytes) start with a scheme and ':'? */
static inline bool
has_scheme(const char *ref, size_t len)
{
    size_t i;

    if (len == 0 || !is_alpha((unsigned char)ref[0]))
        return false;
    for (i = 1; i < len && is_scheme_char((unsigned char)ref[i]); i++)
        ;
    return i < len && ref[i] == ':';
}

/* The 6-bit value of base64 character C (RFC 4648 section 4, RFC 2045's
 * alphabet), or -1. */
static inline int
base64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (is_digit(c))
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

#endif
