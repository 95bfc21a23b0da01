/* codec_gzip.c: gzip (RFC 1952) members decompressed with zlib. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include <zlib.h>

#include "input/codec.h"

/* zlib counts in uInt: steps larger than this are cut. */
#define STEP_MAX ((size_t)UINT_MAX)

static void *
gzip_open(void)
{
    z_stream *z = calloc(1, sizeof *z);

    /* 16 + MAX_WBITS: a gzip header and trailer, a window of any size */
    if (z && inflateInit2(z, 16 + MAX_WBITS) != Z_OK) {
        free(z);
        z = NULL;
    }
    return z;
}

static enum codec_status
gzip_decode(void *st, struct codec_io *io, char *why)
{
    z_stream *z = st;
    uInt nin = io->nin < STEP_MAX ? (uInt)io->nin : UINT_MAX;
    uInt nout = io->nout < STEP_MAX ? (uInt)io->nout : UINT_MAX;
    int rc;

    z->next_in = (Bytef *)io->in;
    z->avail_in = nin;
    z->next_out = io->out;
    z->avail_out = nout;
    rc = inflate(z, Z_NO_FLUSH);
    io->in += nin - z->avail_in;
    io->nin -= nin - z->avail_in;
    io->out += nout - z->avail_out;
    io->nout -= nout - z->avail_out;
    switch (rc) {
    case Z_OK:
    case Z_BUF_ERROR:       /* no progress possible: source.c decides */
        return CODEC_OK;
    case Z_STREAM_END:
        return CODEC_END;
    case Z_MEM_ERROR:
        return CODEC_NOMEM;
    default:                /* Z_DATA_ERROR, Z_NEED_DICT */
        snprintf(why, CODEC_WHY_MAX, "corrupt gzip data (%s)",
                 z->msg ? z->msg : "invalid data");
        return CODEC_ERROR;
    }
}

static void
gzip_close(void *st)
{
    inflateEnd(st);
    free(st);
}

const struct codec_ops codec_gzip = { gzip_open, gzip_decode, gzip_close };
