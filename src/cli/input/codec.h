/* codec.h: what source.c needs from each decompressor (codec_*.c), one
 * member, stream or frame at a time. Not part of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CODEC_H
#define URIGREP_CODEC_H

#include <stdbool.h>
#include <stddef.h>

enum codec_status {
    CODEC_OK,       /* progress, or more input needed */
    CODEC_END,      /* the member ended and all its data was given out */
    CODEC_ERROR,    /* damaged or unsupported data: WHY says what */
    CODEC_NOMEM
};

/* One decode step's buffers; each pointer is advanced past what the step
 * used, each count lowered by as much.
 * Owner: source.c, which fills it for each step; a codec_*.c advances it. */
struct codec_io {
    const unsigned char *in;
    size_t nin;
    unsigned char *out;
    size_t nout;
    bool eof;       /* no input follows IN */
};

/* Room for a decoder's message, such as "corrupt gzip data (invalid
 * distance too far back)". */
#define CODEC_WHY_MAX 160

/* A decompressor. open() returns its state for one member (NULL when
 * memory runs out), freed by close(); decode() makes what progress it
 * can, and on CODEC_ERROR writes what is wrong, naming the format, into
 * WHY (CODEC_WHY_MAX bytes).
 * Owner: source.c, which picks a codec by its magic; each codec_*.c defines
 * one, read-only. */
struct codec_ops {
    void *(*open)(void);
    enum codec_status (*decode)(void *st, struct codec_io *io, char *why);
    void (*close)(void *st);
};

/* The largest window or dictionary a decoder accepts, and so the most
 * memory one member may need: 128 MiB is zstd's default limit
 * (ZSTD_WINDOWLOG_LIMIT_DEFAULT) and twice what xz -9 needs. */
#define CODEC_WINDOW_LOG_MAX 27
#define CODEC_MEM_MAX ((size_t)1 << CODEC_WINDOW_LOG_MAX)

extern const struct codec_ops codec_gzip, codec_bzip2, codec_xz, codec_zstd;

#endif
