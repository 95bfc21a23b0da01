/* codec_zstd.c: Zstandard frames (RFC 8878) decompressed with libzstd. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>

#include <zstd.h>
#include <zstd_errors.h>

#include "input/codec.h"

static void *
zstd_open(void)
{
    ZSTD_DCtx *d = ZSTD_createDCtx();

    /* the window, and so the memory, a frame may ask for */
    if (d && ZSTD_isError(ZSTD_DCtx_setParameter(d, ZSTD_d_windowLogMax,
                                                 CODEC_WINDOW_LOG_MAX))) {
        ZSTD_freeDCtx(d);
        d = NULL;
    }
    return d;
}

static enum codec_status
zstd_decode(void *st, struct codec_io *io, char *why)
{
    ZSTD_inBuffer in = { io->in, io->nin, 0 };
    ZSTD_outBuffer out = { io->out, io->nout, 0 };
    size_t rc = ZSTD_decompressStream(st, &out, &in);
    ZSTD_ErrorCode err = ZSTD_getErrorCode(rc);

    io->in += in.pos;
    io->nin -= in.pos;
    io->out += out.pos;
    io->nout -= out.pos;
    if (ZSTD_isError(rc)) {
        if (err == ZSTD_error_memory_allocation)
            return CODEC_NOMEM;
        if (err == ZSTD_error_frameParameter_windowTooLarge)
            snprintf(why, CODEC_WHY_MAX, "zstd data needs more than %zu "
                     "MiB of memory", CODEC_MEM_MAX >> 20);
        else
            snprintf(why, CODEC_WHY_MAX, "corrupt zstd data (%s)",
                     ZSTD_getErrorName(rc));
        return CODEC_ERROR;
    }
    /* 0: the frame is decoded and all of it given out */
    return rc == 0 ? CODEC_END : CODEC_OK;
}

static void
zstd_close(void *st)
{
    ZSTD_freeDCtx(st);
}

const struct codec_ops codec_zstd = { zstd_open, zstd_decode, zstd_close };
