/* source.h: an input file's bytes, decompressed when they are gzip, bzip2,
 * xz or zstd data. Not part of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_SOURCE_H
#define URIGREP_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* A file descriptor read through: its first bytes say whether it holds
 * compressed data (magic bytes, never the name) and, if so, in which
 * format; reads then give the decompressed bytes. */
struct source;

/* A source reading FD, which stays the caller's to close. Returns NULL
 * only when memory runs out. Caller frees it with source_free(). */
struct source *source_new(int fd);

/* Make S read FD from its start, as source_new(FD) would, keeping its
 * buffer (a source a file costs a 64 KiB allocation). */
void source_reset(struct source *s, int fd);

/* Free S (NULL is accepted). */
void source_free(struct source *s);

/* Read up to N (> 0) bytes of S's data into BUF, decompressed: returns how
 * many (fewer than N is not the end; 0 is), or -1 on an error, which
 * source_error() then describes. Concatenated members, streams or frames
 * of one format are read as one stream, as zcat does. Whatever was
 * decoded before damage is returned first; the error comes with the call
 * after. Memory used does not grow with the input. */
ssize_t source_read(struct source *s, char *buf, size_t n);

/* What went wrong in the last source_read() that returned -1 (a string
 * owned by S, valid while S is), or NULL if nothing did. */
const char *source_error(const struct source *s);

/* The name of S's compressed format ("gzip", "bzip2", "xz", "zstd"), or
 * NULL while none is known (plain data, or nothing read yet). */
const char *source_format(const struct source *s);

/* Is S plain data that has given out all it read? Then *AT is how many
 * bytes that was: what comes next is at that offset from where the
 * descriptor stood at the start, and may be read from it by other means
 * (input.c maps it), the descriptor moved past them with lseek(). */
bool source_plain_at(const struct source *s, uint64_t *at);

/* How many bytes S has read from its descriptor: for compressed data,
 * fewer than it gave (--progress counts these, as the file sizes). */
uint64_t source_raw_bytes(const struct source *s);

/* Read S member by member (a .warc.gz: a record a gzip member): a read
 * gives the data of one member only, and source_member_began() says
 * when it opened one; and read no more than LIMIT bytes of the
 * descriptor (0: all of it). */
void source_members(struct source *s, uint64_t limit);

/* Read no more than LIMIT bytes of S's descriptor in all (counted as
 * source_raw_bytes() does; fewer than it has read already are none
 * more): a file read up to its size at the start (stamp.h). */
void source_limit(struct source *s, uint64_t limit);

/* Did the last source_read() open a member (all it gave is that
 * member's)? Then *AT is its offset from where the descriptor stood at
 * the start. */
bool source_member_began(const struct source *s, uint64_t *at);

/* Did S fail inside compressed data? Then *AT is the offset of the
 * member (as source_member_began() counts) where it did. */
bool source_failed_in_member(const struct source *s, uint64_t *at);

/* The compressed format whose magic bytes start P (N bytes), or NULL. */
const char *source_compressed(const char *p, size_t n);

#endif
