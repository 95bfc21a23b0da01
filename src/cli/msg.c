/* msg.c: messages on standard error and running out of memory. The
 * modules that must act before a message (the -j log, buffered output)
 * register a hook instead of being called by name, so that this module
 * stays below them all. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "msg.h"
#include "output/output.h"
#include "output/progress.h"

static bool (*divert_fn)(const char *p, size_t n);
static void (*before_fn)(void *arg);
static void *before_arg;

void
msg_set_divert(bool (*divert)(const char *p, size_t n))
{
    divert_fn = divert;
}

void
msg_set_before(void (*before)(void *arg), void *arg)
{
    before_fn = before;
    before_arg = arg;
}

void
out_of_memory(void)
{
    fprintf(stderr, PROGRAM ": out of memory\n");
    exit(2);
}

char *
xconcat(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 1);

    if (s == NULL)
        out_of_memory();
    memcpy(s, a, la);
    memcpy(s + la, b, lb + 1);
    return s;
}

void
msg_say_quoted(struct urigrep_buf *q)
{
    if (divert_fn && divert_fn(q->data ? q->data : "", q->len)) {
        buf_free(q);
        return;
    }
    if (before_fn)
        before_fn(before_arg);
    progress_clear();
    fputs(PROGRAM ": ", stderr);
    if (q->len)
        fwrite(q->data, 1, q->len, stderr);
    putc('\n', stderr);
    buf_free(q);
}

void
report_vmsg(const char *fmt, va_list ap)
{
    struct urigrep_buf q;
    char small[512], *msg = small;
    va_list again;
    int n;

    va_copy(again, ap);
    n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(again);
        return;
    }
    if ((size_t)n >= sizeof small) {
        if ((msg = malloc((size_t)n + 1)) == NULL)
            out_of_memory();
        vsnprintf(msg, (size_t)n + 1, fmt, again);
    }
    va_end(again);
    buf_init(&q, SIZE_MAX / 2);
    if (output_quote(&q, msg, (size_t)n) != URIGREP_OK)
        out_of_memory();
    msg_say_quoted(&q);
    if (msg != small)
        free(msg);
}

void
report_msg(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    report_vmsg(fmt, ap);
    va_end(ap);
}
