/* packs.c: the pack files of a git repository checked for what
 * libgit2 does not say: an index or a pack cut short or not of git's
 * format (libgit2 then finds their objects "not found"). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "pinbox/packs.h"

/* libgit2 takes a pack whose index is cut short, or whose pack is, for
 * no pack at all: its objects are "not found". Each pack of an epoch is
 * checked first, so that the file and what is wrong with it are said.
 * An index (gitformat-pack(5), version 2): "\377tOc", version 2, a
 * fan-out of 256 counts (the last: N objects), N ids, N CRCs, N offsets,
 * the large offsets, the pack's SHA-1 and its own; the pack: "PACK",
 * version 2 or 3, N, the objects, its SHA-1. */
#define IDX_HEAD (8 + 256 * 4)

/* Big-endian 32 bits at P. */
static uint32_t
be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

/* The LEN bytes of F at OFF into BUF; false when they are not there. */
static bool
read_at(FILE *f, long off, unsigned char *buf, size_t len)
{
    return fseek(f, off, off < 0 ? SEEK_END : SEEK_SET) == 0 &&
           fread(buf, 1, len, f) == len;
}

/* What is wrong with index IDX (its objects into *N, the SHA-1 of its
 * pack into SUM), or NULL. */
static const char *
idx_wrong(const char *idx, uint32_t *n, unsigned char *sum)
{
    unsigned char h[IDX_HEAD];
    FILE *f = fopen(idx, "rb");
    struct stat st;
    const char *why = NULL;

    if (f == NULL || fstat(fileno(f), &st) != 0)
        why = strerror(errno);
    else if (!read_at(f, 0, h, sizeof h))
        why = "not a pack index (cut short before its fan-out table)";
    else if (memcmp(h, "\377tOc", 4) != 0 || be32(h + 4) != 2)
        why = "not a pack index of version 2";
    else if ((uint64_t)st.st_size <
             IDX_HEAD + 28 * (uint64_t)(*n = be32(h + IDX_HEAD - 4)) + 40)
        why = "a pack index cut short (smaller than its objects need)";
    else if (!read_at(f, -40, sum, 20))
        why = strerror(errno);
    if (f)
        fclose(f);
    return why;
}

/* What is wrong with pack PACK, which index says has N objects of
 * SHA-1 SUM, or NULL. */
static const char *
pack_wrong(const char *pack, uint32_t n, const unsigned char *sum)
{
    unsigned char h[12], t[20];
    FILE *f = fopen(pack, "rb");
    const char *why = NULL;

    if (f == NULL)
        why = strerror(errno);
    else if (!read_at(f, 0, h, sizeof h) || memcmp(h, "PACK", 4) != 0 ||
             (be32(h + 4) != 2 && be32(h + 4) != 3))
        why = "not a git pack (no \"PACK\" header of version 2 or 3)";
    else if (be32(h + 8) != n)
        why = "its object count is not its index's";
    else if (!read_at(f, -20, t, sizeof t) || memcmp(t, sum, 20) != 0)
        why = "cut short or damaged (it does not end with the checksum "
              "its index names)";
    if (f)
        fclose(f);
    return why;
}

void
pinbox_check_packs(struct run *r, const char *repo)
{
    char *dir = xconcat(repo, "/objects/pack");
    DIR *d = opendir(dir);
    struct dirent *de;

    while (d && (de = readdir(d)) != NULL) {
        size_t len = strlen(de->d_name);
        unsigned char sum[20];
        const char *why;
        char *idx, *pack;
        uint32_t n = 0;

        if (len < 5 || strcmp(de->d_name + len - 4, ".idx") != 0)
            continue;
        if ((idx = malloc(strlen(dir) + len + 3)) == NULL ||
            (pack = malloc(strlen(dir) + len + 3)) == NULL)
            out_of_memory();
        sprintf(idx, "%s/%s", dir, de->d_name);
        sprintf(pack, "%s/%.*spack", dir, (int)(len - 3), de->d_name);
        if ((why = idx_wrong(idx, &n, sum)) != NULL)
            report_file_error(r, idx, why);
        else if ((why = pack_wrong(pack, n, sum)) != NULL)
            report_file_error(r, pack, why);
        free(pack);
        free(idx);
    }
    if (d)
        closedir(d);
    free(dir);
}
