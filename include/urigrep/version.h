/* urigrep/version.h: the version of the headers (configure reads it). */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_PUBLIC_VERSION_H
#define URIGREP_PUBLIC_VERSION_H

/* Part of urigrep.h, which includes every topic header; a program may
 * include this one alone.  Every function, type, field and constant
 * here came in 0.1.0 unless its comment says "Added in" another
 * version. */

/** The version of this header (configure takes the package's version from
 *  here). A program may compare URIGREP_VERSION_NUM with
 *  URIGREP_VERSION_AT(0, 9, 0) at compile time, and urigrep_version() at
 *  run time for the library it was linked with. Added in 0.9.0. */
#define URIGREP_VERSION_MAJOR 0
#define URIGREP_VERSION_MINOR 10
#define URIGREP_VERSION_PATCH 0
#define URIGREP_VERSION "0.10.0"
/** MAJOR.MINOR.PATCH as one number, 0xMMmmpp. Added in 0.9.0. */
#define URIGREP_VERSION_AT(major, minor, patch) \
    (((major) << 16) | ((minor) << 8) | (patch))
#define URIGREP_VERSION_NUM                                           \
    URIGREP_VERSION_AT(URIGREP_VERSION_MAJOR, URIGREP_VERSION_MINOR,  \
                       URIGREP_VERSION_PATCH)

#endif /* URIGREP_PUBLIC_VERSION_H */
