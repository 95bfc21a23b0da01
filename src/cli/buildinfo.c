/* buildinfo.c: the optional parts built in, for urigrep --version. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "urigrep.h"
#include "buildinfo.h"
#ifdef HAVE_LIBGIT2
#include "pinbox/git2dl.h"
#endif

/* True when the PCRE2 library can JIT-compile -e's patterns. */
static bool
pcre2_jit(void)
{
    uint32_t jit = 0;

    return pcre2_config(PCRE2_CONFIG_JIT, &jit) >= 0 && jit;
}

/* An optional part of the command: built in when its entry is compiled
 * in, and present when 'present' is NULL or says so at run time. */
struct feature {
    const char *name;
    bool (*present)(void);
};

/* The command's own optional parts, in --version's order. A new optional
 * dependency of the command adds its #ifdef entry here (the library's go
 * in src/lib/features.c). */
static const struct feature features[] = {
    { "PCRE2-JIT", pcre2_jit },         /* -e patterns JIT-compiled */
#ifdef HAVE_ZLIB
    { "zlib", NULL },                   /* gzip input */
#endif
#ifdef HAVE_BZIP2
    { "bzip2", NULL },                  /* bzip2 input */
#endif
#ifdef HAVE_LZMA
    { "xz", NULL },                     /* xz input (liblzma) */
#endif
#ifdef HAVE_ZSTD
    { "zstd", NULL },                   /* zstd input */
#endif
#ifdef HAVE_NCURSES
    { "ncurses", NULL },                /* --pick */
#endif
#ifdef HAVE_LIBGIT2
    { "libgit2", git2dl_load },         /* public-inbox archives */
#endif
#ifdef HAVE_LIBPSL
    { "libpsl", NULL },                 /* --json's mismatch */
#endif
#ifdef HAVE_ICU
    { "ICU", NULL },                    /* --json's lookalike (IDN) */
#endif
    { NULL, NULL }
};

/* True when NAME is in the NULL-ended LIST. */
static bool
listed(const char *const *list, const char *name)
{
    for (; *list; list++)
        if (strcmp(*list, name) == 0)
            return true;
    return false;
}

void
buildinfo_features(FILE *out)
{
    const char *const *lib = urigrep_features();
    const struct feature *f;
    size_t i;

    fputs("Features:", out);
    for (i = 0; lib[i]; i++)
        fprintf(out, " %s", lib[i]);
    for (f = features; f->name; f++)
        if ((f->present == NULL || f->present()) && !listed(lib, f->name))
            fprintf(out, " %s", f->name);
    fputc('\n', out);
}
