/* memory.c: urigrep_free(), the release of what the library allocated. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>

#include "internal.h"

/* The library allocates with malloc(3), so this is free(3) in the same
 * allocator: a program that calls free() itself (as 0.9.0's comments
 * said) keeps working; one whose free() is another allocator's (a DLL
 * with its own C runtime, a language binding) calls this. */
URIGREP_EXPORT void
urigrep_free(void *p)
{
    free(p);
}
