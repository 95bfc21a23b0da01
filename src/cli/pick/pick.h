/* pick.h: urigrep --pick: a full-screen list of the URIs found, one of
 * which is opened with a browser. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PICK_H
#define URIGREP_PICK_H

#include "cli.h"
#include "pick/conf.h"

struct picker;

/* A picker set up by CONF (the command line's options merged with the
 * configuration file's), whose contents it takes (CONF is left empty):
 * it opens a URI with CONF's rules, else its open-with command, else
 * $BROWSER (split on blanks), else xdg-open. Keys are read from
 * /dev/tty, which is opened here: without a terminal, or in a urigrep
 * built without ncurses, it says why and exits 2, before any input is
 * read. Free with pick_free(). */
struct picker *pick_new(struct pick_config *conf);

/* Keep REF for the list, R being the struct run (for its file name):
 * each URI once per message (per file outside mail), in the order found;
 * the strings are copied. For struct run's collect. Returns 0. */
int pick_add(struct run *r, const struct urigrep_ref *ref);

/* Show the list and open what is chosen until the user quits. Returns
 * the exit status: 1 when no URI was found (after saying so), 2 when
 * the terminal cannot be used, else 0. */
int pick_run(struct picker *p);

/* Free P and what it holds; NULL is accepted. */
void pick_free(struct picker *p);

#endif
