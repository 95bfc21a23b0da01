/* buildinfo.h: the optional parts urigrep --version lists. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_BUILDINFO_H
#define URIGREP_BUILDINFO_H

#include <stdio.h>

/* Write "Features:" and the name of each optional part built in, the
 * library's (urigrep_features()) and then the command's, each once, and
 * a newline to OUT. */
void buildinfo_features(FILE *out);

#endif
