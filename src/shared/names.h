/* names.h: the names of the public enums' values, one table for the
 * library's public name functions and the JSON record (jsonout.c). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_NAMES_H
#define URIGREP_NAMES_H

#include "urigrep.h"

/* What STATUS means, in a few words ("unknown status" for a value the
 * table does not have): urigrep_strerror()'s text. Static storage. */
const char *names_status(enum urigrep_status status);

/* The name of delimiter D as --json writes it ("unknown" past the enum):
 * urigrep_delim_name()'s text. Static storage. */
const char *names_delim(enum urigrep_delim d);

/* The name of base source S as --json writes it ("unknown" past the
 * enum): urigrep_base_source_name()'s text. Static storage. */
const char *names_base_source(enum urigrep_base_source s);

/* What a file cut short while it was read is said to have done: by the
 * command, whatever way it read the file, and by the library's
 * urigrep_extractor_feed_fd() (its URIGREP_NOTICE_READ notice). */
#define SHARED_SHRANK "the file shrank while it was read"

#endif
