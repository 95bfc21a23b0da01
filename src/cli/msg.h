/* msg.h: messages on standard error and running out of memory, for every
 * module of the command: a leaf that calls none of them back. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_MSG_H
#define URIGREP_MSG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#define PROGRAM "urigrep"

/* Print "urigrep: MESSAGE" to standard error, MESSAGE formatted from FMT
 * as printf does, then quoted with output_quote(): no byte of a file name
 * or of the input reaches the terminal raw. */
void report_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void report_vmsg(const char *fmt, va_list ap)
    __attribute__((format(printf, 1, 0)));

/* The same for a message already quoted in Q, which is freed. */
struct urigrep_buf;
void msg_say_quoted(struct urigrep_buf *q);

/* Say that memory ran out and exit 2. */
void out_of_memory(void) __attribute__((noreturn));

/* A new string (malloc'd): A then B; out_of_memory() when there is no
 * room for it. */
char *xconcat(const char *a, const char *b);

/* From now on, a quoted message (P, N bytes, without "urigrep: " and the
 * newline) goes first to DIVERT, which returns true when it took it: -j's
 * workers keep their messages in order with their output (jobs.c). NULL:
 * none. Set it before other threads start, clear it after they end. */
void msg_set_divert(bool (*divert)(const char *p, size_t n));

/* From now on, BEFORE(ARG) is called before a message is written, so that
 * output buffered before the message comes before it on one stream
 * (2>&1). NULL: none. */
void msg_set_before(void (*before)(void *arg), void *arg);

#endif
