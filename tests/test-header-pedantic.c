/* test-header-pedantic.c: urigrep.h must compile as strict C99. */
/* SPDX-License-Identifier: MIT */
#include "urigrep.h"

int
main(void)
{
    struct urigrep_scan_options opts = { sizeof opts, 0, URIGREP_HYPHEN_KEEP,
                                         0, NULL, 0 };
    return (int)opts.max_uri_length;
}
