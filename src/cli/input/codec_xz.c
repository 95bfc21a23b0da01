/* codec_xz.c: .xz streams decompressed with liblzma. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <lzma.h>

#include "input/codec.h"

static void *
xz_open(void)
{
    lzma_stream *x = malloc(sizeof *x);
    lzma_stream init = LZMA_STREAM_INIT;

    if (x == NULL)
        return NULL;
    *x = init;
    /* one stream at a time (source.c reads the next one); memory limited
     * so that a stream declaring a huge dictionary is refused */
    if (lzma_stream_decoder(x, CODEC_MEM_MAX, 0) != LZMA_OK) {
        free(x);
        return NULL;
    }
    return x;
}

static enum codec_status
xz_decode(void *st, struct codec_io *io, char *why)
{
    lzma_stream *x = st;
    size_t nin = io->nin, nout = io->nout;
    const char *what;
    lzma_ret rc;

    x->next_in = io->in;
    x->avail_in = nin;
    x->next_out = io->out;
    x->avail_out = nout;
    rc = lzma_code(x, io->eof ? LZMA_FINISH : LZMA_RUN);
    io->in += nin - x->avail_in;
    io->nin = x->avail_in;
    io->out += nout - x->avail_out;
    io->nout = x->avail_out;
    switch (rc) {
    case LZMA_OK:
    case LZMA_BUF_ERROR:    /* no progress possible: source.c decides */
        return CODEC_OK;
    case LZMA_STREAM_END:
        return CODEC_END;
    case LZMA_MEM_ERROR:
        return CODEC_NOMEM;
    case LZMA_MEMLIMIT_ERROR:
        snprintf(why, CODEC_WHY_MAX, "xz data needs more than %zu MiB "
                 "of memory", CODEC_MEM_MAX >> 20);
        return CODEC_ERROR;
    case LZMA_OPTIONS_ERROR:
        what = "unsupported options";
        break;
    case LZMA_FORMAT_ERROR:
        what = "not in the .xz format";
        break;
    case LZMA_DATA_ERROR:
        what = "compressed data is corrupt";
        break;
    default:
        what = "decoder error";
        break;
    }
    snprintf(why, CODEC_WHY_MAX, "corrupt xz data (%s)", what);
    return CODEC_ERROR;
}

static void
xz_close(void *st)
{
    lzma_end(st);
    free(st);
}

const struct codec_ops codec_xz = { xz_open, xz_decode, xz_close };
