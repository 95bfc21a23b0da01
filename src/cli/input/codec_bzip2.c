/* codec_bzip2.c: bzip2 streams decompressed with libbz2. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include <bzlib.h>

#include "input/codec.h"

/* libbz2 counts in unsigned int: steps larger than this are cut. */
#define STEP_MAX ((size_t)UINT_MAX)

static void *
bzip2_open(void)
{
    bz_stream *b = calloc(1, sizeof *b);

    /* no verbosity, and the fast decoder (small = 0: at most 3.7 MB) */
    if (b && BZ2_bzDecompressInit(b, 0, 0) != BZ_OK) {
        free(b);
        b = NULL;
    }
    return b;
}

static enum codec_status
bzip2_decode(void *st, struct codec_io *io, char *why)
{
    bz_stream *b = st;
    unsigned nin = io->nin < STEP_MAX ? (unsigned)io->nin : UINT_MAX;
    unsigned nout = io->nout < STEP_MAX ? (unsigned)io->nout : UINT_MAX;
    const char *what;
    int rc;

    b->next_in = (char *)io->in;
    b->avail_in = nin;
    b->next_out = (char *)io->out;
    b->avail_out = nout;
    rc = BZ2_bzDecompress(b);
    io->in += nin - b->avail_in;
    io->nin -= nin - b->avail_in;
    io->out += nout - b->avail_out;
    io->nout -= nout - b->avail_out;
    switch (rc) {
    case BZ_OK:
        return CODEC_OK;
    case BZ_STREAM_END:
        return CODEC_END;
    case BZ_MEM_ERROR:
        return CODEC_NOMEM;
    case BZ_DATA_ERROR_MAGIC:
        what = "bad magic number";
        break;
    case BZ_DATA_ERROR:
        what = "data integrity error";
        break;
    default:
        what = "decoder error";
        break;
    }
    snprintf(why, CODEC_WHY_MAX, "corrupt bzip2 data (%s)", what);
    return CODEC_ERROR;
}

static void
bzip2_close(void *st)
{
    BZ2_bzDecompressEnd(st);
    free(st);
}

const struct codec_ops codec_bzip2 = { bzip2_open, bzip2_decode,
                                       bzip2_close };
