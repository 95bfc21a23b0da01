/* state.h: what epochwalk.c asks of --state (state.c): where an epoch's
 * reading starts, and where it ended. Not part of the library. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PINBOX_STATE_H
#define URIGREP_PINBOX_STATE_H

/* The last commit read of the epoch at PATH (40 hexadecimal digits,
 * owned by the state), as the state file loaded says, or NULL: no
 * --state, or an epoch the file does not name. */
const char *pinbox_state_find(const char *path);

/* Remember that the epoch at PATH was read up to commit HEX (40 digits,
 * copied), for pinbox_state_save(); nothing without --state. */
void pinbox_state_note(const char *path, const char *hex);

#endif
