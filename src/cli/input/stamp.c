/* stamp.c: a file that changed while it was read, said (stamp.h). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/mapped.h"
#include "input/stamp.h"

void
stamp_take(struct stamp *s, int fd)
{
    struct stat st;
    off_t at;

    s->known = false;
    /* size 0: a file of /proc, whose size says nothing (or an empty
     * file: nothing is lost either way) */
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0 ||
        (at = lseek(fd, 0, SEEK_CUR)) < 0)
        return;
    s->known = true;
    s->start = (uint64_t)at;
    s->size = (uint64_t)st.st_size;
    s->mtime = st.st_mtim;
}

uint64_t
stamp_limit(const struct stamp *s)
{
    if (!s->known)
        return UINT64_MAX;
    return s->size > s->start ? s->size - s->start : 0;
}

enum stamp_change
stamp_check(const struct stamp *s, int fd, uint64_t reached)
{
    struct stat st;

    bool touched;

    if (!s->known || fstat(fd, &st) != 0)
        return STAMP_SAME;
    touched = st.st_mtim.tv_sec != s->mtime.tv_sec ||
              st.st_mtim.tv_nsec != s->mtime.tv_nsec;
    if (reached < s->size) {
        /* the end came early: cut short (and maybe written again past
         * its old size), or a file of /sys that says a size it does not
         * have, whose size and time stay as they were */
        if ((uint64_t)st.st_size < s->size || touched)
            return STAMP_SHRANK;
        return STAMP_SAME;
    }
    if ((uint64_t)st.st_size > s->size)
        return STAMP_GREW;
    if ((uint64_t)st.st_size < s->size || touched)
        return STAMP_CHANGED;
    return STAMP_SAME;
}

const char *
stamp_say(enum stamp_change ch)
{
    switch (ch) {
    case STAMP_SHRANK:
        return MAPPED_SHRANK;
    case STAMP_GREW:
        return "the file grew while it was read: read up to its size at "
               "the start";
    case STAMP_CHANGED:
        return "the file changed while it was read";
    case STAMP_SAME:
        break;
    }
    return "";
}
