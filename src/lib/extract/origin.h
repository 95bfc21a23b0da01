/* origin.h: where the references found now come from, the message or
 * WARC record at hand, as each reference carries it. Not installed. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_ORIGIN_H
#define URIGREP_ORIGIN_H

#include <stdbool.h>
#include <stdint.h>

/* Longest base or document URI kept. */
#define EXTRACT_MAX_BASE 2048

/* A member of the extractor (x->origin); empty strings are unknown.
 * Owner: emit.c, which copies it into each reference (origin_fill());
 * extract.c fills the message's fields and the additions, warcdoc.c the
 * WARC record's. */
struct origin {
    /* urigrep_extractor_set_origin(): added to lines (and to offsets of
     * documents that are not mapped) */
    uint64_t line, off;
    /* mail */
    uint64_t message;           /* number of the message at hand */
    char mid[512], part[128], ctype[128], part_charset[64];
    char subject[1024];         /* decoded */
    /* WARC: the record at hand */
    bool warc_rec;              /* its fields go with each reference */
    char warc_id[256], warc_target[EXTRACT_MAX_BASE], warc_date[64];
    uint64_t warc_offset;
};

#endif
