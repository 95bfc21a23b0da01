/* packs.h: the pack files of a git repository checked for damage that
 * libgit2 does not say (epochwalk.c). Not part of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PINBOX_PACKS_H
#define URIGREP_PINBOX_PACKS_H

struct run;

/* Say what is wrong with each pack of the repository at REPO (its
 * objects/pack/pack-*.idx and .pack): an index cut short or of another
 * format, a pack whose header is not git's, whose object count is not
 * its index's, or that does not end with the checksum its index names
 * (cut short). Each is a file error (report_file_error(): the file
 * named, R->error set); a repository without packs says nothing. It
 * reads a pack's first 12 and last 20 bytes, an index's first 1,032
 * and its size: no object is checked. */
void pinbox_check_packs(struct run *r, const char *repo);

#endif
