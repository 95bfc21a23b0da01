/* urigrep/json.h: a reference as the JSON Lines urigrep --json prints. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PUBLIC_JSON_H
#define URIGREP_PUBLIC_JSON_H

/* Part of urigrep.h, which includes every topic header; a program may
 * include this one alone.  Every function, type, field and constant
 * here came in 0.1.0 unless its comment says "Added in" another
 * version. */

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "extract.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- JSON Lines: a reference as urigrep --json prints it ---- */

/** What urigrep_ref_json() writes besides the reference's own fields:
 *  zero-initialise, set SIZE to sizeof the struct, then what you need.
 *  Strings are borrowed for the call. Added in 0.9.0. */
struct urigrep_json_options {
    size_t size;
    const char *file;   /**< "file": its name (NULL: null) */
    /** a public-inbox message's commit id in hex: "commit" and "epoch"
     *  are written (NULL: neither) */
    const char *commit;
    long epoch;         /**< the commit's epoch (-1: null) */
    unsigned flags;     /**< URIGREP_JSON_* */
};

/** Also "context": the reference's context on one line (its blanks one
 *  space), as urigrep --json --context (extract with
 *  URIGREP_EXTRACT_CONTEXT). Added in 0.9.0. */
#define URIGREP_JSON_CONTEXT 0x1u

/** Write REF as the JSON object urigrep --json prints for it, its
 *  newline included, into BUF (CAP bytes; not NUL-terminated): the
 *  keys and values of urigrep(1), JSON OUTPUT, in its order, strings
 *  escaped as it escapes them. REF is taken as the extractor gives it
 *  (extract with URIGREP_EXTRACT_COLUMNS, _UNWRAP and _TRUST to have
 *  what the command has). *LEN receives the bytes written.
 *  urigrep_ref_json_alloc() is the form that allocates.
 *  @return URIGREP_OK; URIGREP_ERR_TOO_LONG when CAP is too small
 *  (*LEN is then the size needed: a call with that CAP succeeds; BUF's
 *  bytes are undefined);
 *  URIGREP_ERR_NOMEM; URIGREP_ERR_ARG when REF, O, LEN or (CAP not 0)
 *  BUF is NULL, or O's SIZE is too small. Added in 0.9.0. */
enum urigrep_status urigrep_ref_json(const struct urigrep_ref *ref,
                                     const struct urigrep_json_options *o,
                                     char *buf, size_t cap, size_t *len);

/** As urigrep_ref_json(), the object allocated: *OUT receives it
 *  NUL-terminated (its newline included), freed with urigrep_free(), and
 *  *OUT_LEN (if not NULL) its length.  Added in 0.10.0.
 *  @return URIGREP_OK, URIGREP_ERR_NOMEM, or URIGREP_ERR_ARG when REF, O
 *  or OUT is NULL, or O's SIZE is too small (*OUT is then NULL). */
enum urigrep_status urigrep_ref_json_alloc(
    const struct urigrep_ref *ref, const struct urigrep_json_options *o,
    char **out, size_t *out_len);

#ifdef __cplusplus
}
#endif
#endif /* URIGREP_PUBLIC_JSON_H */
