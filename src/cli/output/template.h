/* template.h: --format=TEMPLATE, a line per reference made of its
 * fields ({uri}, {host}, {file}...) and the template's own text. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_TEMPLATE_H
#define URIGREP_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "urigrep.h"

/* What a field needs from the rest of the run (template_needs()). */
#define TEMPLATE_NEEDS_PARTS   0x1u /* the URI split (urigrep_uri_split()) */
#define TEMPLATE_NEEDS_COLUMNS 0x2u /* URIGREP_EXTRACT_COLUMNS */
#define TEMPLATE_NEEDS_TRUST   0x4u /* URIGREP_EXTRACT_TRUST: a link's text */
#define TEMPLATE_NEEDS_UNWRAP  0x8u /* URIGREP_EXTRACT_UNWRAP: the target */
#define TEMPLATE_NEEDS_PSL     0x10u /* urigrep_registered_domain() */

struct template;

/* A reference and where it came from, as a template shows it: REF (its
 * uri is what {uri} shows: the target with --unwrap), PARTS its uri split
 * (or NULL when the template needs none), FILE its file's name as
 * printed (NULL: none); DEFANG (--defang): {uri}, {ref} and {target}
 * defanged as urigrep_uri_defang() does, the dots of {host}, {domain}
 * and {authority}'s host as "[.]".
 * Owner: template.c, which reads it; report.c fills it. */
struct template_ref {
    const struct urigrep_ref *ref;
    const struct urigrep_span *parts;
    const char *file;
    bool defang;
};

/* Compile TEMPLATE: text copied as it is but for the escapes \t, \n, \r,
 * \\, \{ and \}, and fields written {NAME}. Returns the template, freed
 * with template_free(); or NULL with *WHY saying what is wrong (a static
 * string) and *BAD the offending part (the caller frees it). Exits on out
 * of memory. */
struct template *template_compile(const char *template, const char **why,
                                  char **bad);

/* The TEMPLATE_NEEDS_* bits of what T's fields read. */
unsigned template_needs(const struct template *t);

/* Append the line of T for R to B, not ended (the caller adds the newline
 * or NUL). Fields that are URIs or parts of one come out with
 * clean_uri()'s encoding, the others (file, subject, text...) quoted as
 * output_quote() does: nothing unsafe reaches a terminal. A field the
 * reference lacks is empty. */
enum urigrep_status template_write(struct urigrep_buf *b,
                                   const struct template *t,
                                   const struct template_ref *r);

/* Append the registered domain of HOST (N bytes) to B, as
 * urigrep_registered_domain() says it (nothing when HOST is NULL or
 * empty, or has none), through a memory of recent hosts in each thread.
 * Only URIGREP_ERR_NOMEM fails. */
enum urigrep_status template_domain(const char *host, size_t n,
                                    struct urigrep_buf *b);

/* Free T (NULL is fine). */
void template_free(struct template *t);

#endif
