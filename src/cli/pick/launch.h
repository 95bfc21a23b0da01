/* launch.h: urigrep --pick runs openers and copies to the clipboard,
 * with execvp(3) and never a shell. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_LAUNCH_H
#define URIGREP_LAUNCH_H

#include <stddef.h>

/* Run ARGV (NULL-ended, at least one word) with URI as one argument: in
 * place of each word "{}", else after the last word. Its standard input
 * and output are TTY (the standard input was the message); SIGINT and
 * SIGQUIT are ignored here while it runs. What happened goes to MSG
 * (MSGLEN bytes; the command's name is not made safe to show). Returns
 * 0 when it exited with status 0, else -1. */
int launch_open(char *const *argv, const char *uri, int tty, char *msg,
                size_t msglen);

/* Copy TEXT to the clipboard: an OSC 52 sequence written to TTY (which
 * terminals, tmux with set-clipboard on, and ssh sessions pass on), and
 * the first of wl-copy (under Wayland), xclip and xsel (under X) found
 * in PATH, given TEXT on its standard input. What was done goes to MSG.
 * Returns 0 when something took it, else -1. */
int launch_copy(int tty, const char *text, char *msg, size_t msglen);

/* TEXT (LEN bytes) in base64 (RFC 4648 section 4, with padding), a new
 * NUL-ended string. */
char *launch_base64(const char *text, size_t len);

#endif
