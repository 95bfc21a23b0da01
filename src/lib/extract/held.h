/* held.h: URIs held back until they can go out in order: an HTML
 * attribute until the text before it is scanned, a header URI until its
 * message's Message-ID is known (extract.c). Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_HELD_H
#define URIGREP_HELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "urigrep.h"

struct urigrep_extractor;

/* A URI held back: an HTML attribute until the scanner has reported
 * everything before it, so that references stay in document order; a
 * header URI until the message's Message-ID is known.
 * Owner: extract.c (held_push(), held_emit()); document.c holds HTML
 * attributes through them. */
struct held_uri {
    uint64_t pos;   /* scanner offset of the text at that point */
    uint64_t line, column;
    enum urigrep_delim delim;
    char *s;
    size_t n;
    uint64_t seq;   /* its number in its list, from 1 */
    char *text;     /* an <a href>'s text once it has ended, or NULL */
    size_t ntext;
};

/* The URIs held are v[0..n), where v is base + head: held_drop() takes
 * from the front by moving v, not the entries (a memmove() of what was
 * left at every release was 8% of an HTML page's run).
 * Owner: extract.c (held_push(), held_drop(), held_free()). */
struct held_list {
    struct held_uri *v, *base;
    size_t n, cap;  /* in use from v, and room from base */
    size_t bytes;   /* of the URIs held */
    uint64_t pushed;    /* URIs ever held */
};

/* Hold a copy of P (N bytes) in L. */
void held_push(struct urigrep_extractor *x, struct held_list *l,
               const char *p, size_t n, uint64_t pos, uint64_t line,
               uint64_t column, enum urigrep_delim delim);

/* Report held URI H; DOCUMENT_BASE: resolved against the document's
 * base, with the document's text around it as context (an HTML
 * attribute), else only against the options' base (a header). */
void held_emit(struct urigrep_extractor *x, const struct held_uri *h,
               bool document_base);

/* Forget the first K held URIs of L. */
void held_drop(struct held_list *l, size_t k);

/* Forget them all and free L's memory. */
void held_free(struct held_list *l);

#endif
