/* features.c: urigrep_features(), the optional parts built into the library. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stddef.h>

#include "internal.h"

/* One name for each optional library configure found, in the order
 * urigrep --version prints them; a new optional dependency of the
 * library adds its #ifdef entry here (and the command's own ones go in
 * src/cli/features.c). */
static const char *const features[] = {
#ifdef HAVE_LIBIDN2
    "libidn2",          /* IDNA host names (urigrep_iri_to_uri_idna) */
#endif
#ifdef HAVE_ZLIB
    "zlib",             /* gzip and deflate codings of WARC payloads */
#endif
#ifdef HAVE_ZSTD
    "zstd",             /* the zstd coding of WARC payloads (libzstd) */
#endif
#ifdef HAVE_BROTLI
    "brotli",           /* the br coding of WARC payloads (libbrotlidec) */
#endif
    NULL
};

URIGREP_EXPORT const char *const *
urigrep_features(void)
{
    return features;
}
