/* emit.h: references, notices and out-of-memory told to the extractor's
 * caller (emit.c), for extract.c and document.c alike. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_EMIT_H
#define URIGREP_EMIT_H

#include <stdint.h>

#include "extract/extract.h"

/* Memory ran out: remember it and stop. */
void emit_nomem(struct urigrep_extractor *x);

/* Send a notice of KIND (with LINE, COUNT, DETAIL) if anyone listens. */
void emit_notice(struct urigrep_extractor *x, enum urigrep_notice_kind kind,
                 uint64_t line, uint64_t count, const char *detail);

/* Validate, resolve and report one reference. */
void emit_ref(struct urigrep_extractor *x, const struct found *f);

#endif
