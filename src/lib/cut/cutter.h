/* cutter.h: the cutter of a file read through a window of a chosen
 * size, for the tests of urigrep_cutter_new_fd() (cutter.c). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_CUTTER_H
#define URIGREP_CUTTER_H

#include <stddef.h>
#include <stdint.h>

#include "cut/window.h"
#include "urigrep/cut.h"

/* urigrep_cutter_new_fd()'s window: as much as a mapped cutter searches
 * before it gives pages back, and the rules' look-ahead. */
#define CUTTER_FD_WINDOW (4 * 1024 * 1024 + WINDOW_MARGIN + 1)

/* urigrep_cutter_new_fd() reading WINDOW bytes at a time (2 *
 * WINDOW_MARGIN at least): the same pieces whatever WINDOW is. */
enum urigrep_status cutter_new_fd(int fd, uint64_t size,
                                  const struct urigrep_cut_options *opt,
                                  size_t window, urigrep_cutter **out);

#endif
