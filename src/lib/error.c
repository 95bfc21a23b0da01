/* error.c: urigrep_strerror() and urigrep_version(). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "internal.h"
#include "names.h"

URIGREP_EXPORT const char *
urigrep_strerror(enum urigrep_status status)
{
    return names_status(status);
}

URIGREP_EXPORT const char *
urigrep_version(void)
{
    return PACKAGE_VERSION;
}
