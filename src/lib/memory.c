/* memory.c: urigrep_free(), and the allocating forms of the functions
 * that write into a buffer of the caller's (the one convention). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

/* The library allocates with malloc(3), so this is free(3) in the same
 * allocator: a program that calls free() itself (as 0.9.0's comments
 * said) keeps working; one whose free() is another allocator's (a DLL
 * with its own C runtime, a language binding) calls this. */
URIGREP_EXPORT void
urigrep_free(void *p)
{
    free(p);
}

/* A function of 0.9.0 that writes what it makes of IN (LEN bytes) into
 * OUT, at most its rule's bytes, and returns their count. */
typedef size_t (*write_fn)(const char *in, size_t len, char *out);

/* The allocating form of FN, which writes at most MULT * LEN bytes: *OUT
 * gets them NUL-terminated (NULL on failure), *OUT_LEN (if not NULL)
 * their count.  URIGREP_ERR_ARG when OUT is NULL, IN is NULL with LEN
 * not 0, or LEN is over PTRDIFF_MAX / 4 (the bound of urigrep_resolve()
 * and urigrep_unwrap()). */
static enum urigrep_status
alloc_form(write_fn fn, size_t mult, const char *in, size_t len,
           char **out, size_t *out_len)
{
    char *s, *fit;
    size_t n = 0;

    if (out_len)
        *out_len = 0;
    if (out == NULL)
        return URIGREP_ERR_ARG;
    *out = NULL;
    if ((in == NULL && len) || len > PTRDIFF_MAX / 4)
        return URIGREP_ERR_ARG;
    if ((s = malloc(mult * len + 1)) == NULL)
        return URIGREP_ERR_NOMEM;
    if (len)
        n = fn(in, len, s);
    s[n] = '\0';
    /* the rule's worst case is seldom met (IRIs are mostly ASCII): what
     * is unused goes back */
    if (n < mult * len && (fit = realloc(s, n + 1)) != NULL)
        s = fit;
    *out = s;
    if (out_len)
        *out_len = n;
    return URIGREP_OK;
}

URIGREP_EXPORT enum urigrep_status
urigrep_strip_typed_alloc(const char *in, size_t len, char **out,
                          size_t *out_len)
{
    return alloc_form(urigrep_strip_typed, 1, in, len, out, out_len);
}

URIGREP_EXPORT enum urigrep_status
urigrep_iri_to_uri_alloc(const char *in, size_t len, char **out,
                         size_t *out_len)
{
    return alloc_form(urigrep_iri_to_uri, 3, in, len, out, out_len);
}

URIGREP_EXPORT enum urigrep_status
urigrep_strip_tracking_alloc(const char *uri, size_t len, char **out,
                             size_t *out_len)
{
    return alloc_form(urigrep_strip_tracking, 1, uri, len, out, out_len);
}
