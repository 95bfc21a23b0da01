/* test-header-alone.c: one topic header of urigrep.h (TOPIC, set by
 * Makefile.am for each) compiles alone as strict C99: it includes what
 * it needs itself. */
/* SPDX-License-Identifier: MIT */
#include TOPIC

int
main(void)
{
    return 0;
}
