/* git2dl.c: libgit2's functions, looked up when an archive is first
 * read (git2dl.h says why). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define GIT2DL_TABLE
#include "pinbox/git2dl.h"

/* the library's name as the loader knows it: its soname */
#define GIT2_LIB "libgit2.so." LIBGIT2_SOVERSION

struct git2dl git2dl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static bool loaded;
static char load_error[512];

/* Fill the table; on failure say why in load_error (run once). */
static void
load(void)
{
    /* RTLD_LOCAL: its symbols serve this table only.  Never closed:
     * libgit2 keeps its state in its globals for the life of the
     * process. */
    void *lib = dlopen(GIT2_LIB, RTLD_NOW | RTLD_LOCAL);
    const char *missing = NULL;

    if (lib == NULL) {
        snprintf(load_error, sizeof load_error,
                 "libgit2 cannot be loaded (%s)", dlerror());
        return;
    }
#define GIT2DL_LOOKUP(f) \
    if ((*(void **)&git2dl.f = dlsym(lib, #f)) == NULL && missing == NULL) \
        missing = #f;
    GIT2DL_FUNCS(GIT2DL_LOOKUP)
#undef GIT2DL_LOOKUP
    if (missing) {
        snprintf(load_error, sizeof load_error,
                 "libgit2 cannot be used: %s has no %s", GIT2_LIB, missing);
        return;
    }
    loaded = true;
}

bool
git2dl_load(void)
{
    pthread_once(&load_once, load);
    return loaded;
}

const char *
git2dl_error(void)
{
    return load_error;
}
