/* walk.c: -r: every file below a directory, in name order. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "walk.h"

/*
 * With -j, reading and sorting a directory is the part of the run that
 * no other thread can share: a maildir of 6,000 messages took 7 ms there,
 * out of 90, before this was written for it. So the names of a directory
 * go into one buffer, not a block each (6,000 allocations, and the pages
 * they touch: a page first touched costs 13 us on a virtual machine), and
 * the sort compares eight bytes held in the entry before it reads a name:
 * the bytes from where the directory's names begin to differ (a maildir's
 * names share their first five), so that most comparisons are decided
 * without a cache miss.
 */

static bool
entry_less(const struct walk_entry *a, const struct walk_entry *b)
{
    if (a->key != b->key)
        return a->key < b->key;
    return strcmp(a->name, b->name) < 0;
}

static void
swap_entries(struct walk_entry *a, struct walk_entry *b)
{
    struct walk_entry t = *a;

    *a = *b;
    *b = t;
}

/* Heapsort E[0..N): walk_sort()'s way out of a bad pivot streak. */
static void
heap_sort(struct walk_entry *e, size_t n)
{
    size_t i = n / 2, end = n, root, child;

    while (end > 1) {
        if (i > 0)
            i--;                    /* building the heap */
        else
            swap_entries(&e[0], &e[--end]); /* the largest to the end */
        for (root = i; (child = 2 * root + 1) < end; root = child) {
            if (child + 1 < end && entry_less(&e[child], &e[child + 1]))
                child++;
            if (!entry_less(&e[root], &e[child]))
                break;
            swap_entries(&e[root], &e[child]);
        }
    }
}

/* Introsort: quicksort on a median of three, heapsort below DEPTH
 * levels, insertion sort for short runs. Not qsort(): glibc's takes a
 * buffer as large as the array (pages to fault in) and calls through a
 * pointer for each of the ~80,000 comparisons of 6,000 names. */
void
walk_sort(struct walk_entry *e, size_t n, unsigned depth)
{
    while (n > 16) {
        struct walk_entry *m = &e[n / 2], *last = &e[n - 1];
        size_t i, j;

        if (depth-- == 0) {
            heap_sort(e, n);
            return;
        }
        /* median of three: E[0] <= *M <= *LAST after */
        if (entry_less(m, e))
            swap_entries(m, e);
        if (entry_less(last, m)) {
            swap_entries(last, m);
            if (entry_less(m, e))
                swap_entries(m, e);
        }
        swap_entries(e, m);     /* the pivot to the front */
        /* Hoare's partition: E[1..i) <= pivot <= E(j..n) */
        i = 1;
        j = n - 1;
        for (;;) {
            while (entry_less(&e[i], e))
                i++;
            while (entry_less(e, &e[j]))
                j--;
            if (i >= j)
                break;
            swap_entries(&e[i++], &e[j--]);
        }
        swap_entries(e, &e[j]);
        /* the smaller side by recursion, the larger in this loop */
        if (j < n - j - 1) {
            walk_sort(e, j, depth);
            e += j + 1;
            n -= j + 1;
        } else {
            walk_sort(e + j + 1, n - j - 1, depth);
            n = j;
        }
    }
    for (size_t i = 1; i < n; i++) {
        struct walk_entry t = e[i];
        size_t k = i;

        for (; k > 0 && entry_less(&t, &e[k - 1]); k--)
            e[k] = e[k - 1];
        e[k] = t;
    }
}

uint64_t
walk_key(const char *s)
{
    uint64_t k = 0;
    int i;

    for (i = 0; i < 8; i++) {
        k <<= 8;
        if (*s)
            k |= (unsigned char)*s++;
    }
    return k;
}

/* Does NAME, the last component of a path, match a glob of LIST? */
static bool
glob_match(char *const *list, const char *name)
{
    for (; list && *list; list++)
        if (fnmatch(*list, name, 0) == 0)
            return true;
    return false;
}

/* What kind of file NAME (PATH from the top) of directory DFD is, as
 * lstat() would say, from TYPE, what readdir() said, and its size when a
 * stat was needed, else -1 (-j's workers learn the size of a file larger
 * than a read). readdir()'s d_type spares a system call a file, which a
 * maildir of thousands of messages feels; a stat, when one is needed,
 * looks the name up in the open directory DFD, not from the top of its
 * path (AT_FDCWD: from the top). Returns 0, or -1 with errno set. */
static int
entry_kind(int dfd, const char *path, const char *name, unsigned char type,
           mode_t *mode, int64_t *size)
{
    struct stat st;

    *size = -1;
#ifdef DT_UNKNOWN
    if (type == DT_DIR) {
        *mode = S_IFDIR;
        return 0;
    }
    if (type == DT_REG) {
        *mode = S_IFREG;    /* -j: its worker learns its size */
        return 0;
    }
    if (type != DT_UNKNOWN) {
        *mode = 0;          /* a link, a device: not read */
        return 0;
    }
#else
    (void)type;
#endif
    if (fstatat(dfd, dfd == AT_FDCWD ? path : name, &st,
                AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    *mode = st.st_mode & S_IFMT;
    *size = (int64_t)st.st_size;
    return 0;
}

/* Directories kept open while their entries are read, one a level; a
 * tree deeper than this (or than an eighth of the descriptors allowed)
 * is read by full names, so that no depth runs out of descriptors. */
#define WALK_OPEN_MAX 16

static unsigned
walk_open_max(void)
{
    static unsigned max = UINT_MAX;
    struct rlimit rl;

    if (max == UINT_MAX) {
        max = WALK_OPEN_MAX;
        if (getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
            rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 8 < max)
            max = (unsigned)(rl.rlim_cur / 8);
    }
    return max;
}

/* The most read_names() reserves ahead. */
#define WALK_RESERVE_MAX (16 * 1024 * 1024)

/* Read the names of directory D into NAMES, each after its type byte
 * and with its NUL; their number, and in *LONGEST the longest's length. */
static size_t
read_names(DIR *d, struct urigrep_buf *names, size_t *longest)
{
    struct dirent *de;
    struct stat st;
    size_t n = 0;

    /* room at once for what the directory's size suggests (ext4: its
     * blocks, about twice the names): grown by doubling, the buffer of a
     * large directory is copied a dozen times into pages first touched */
    if (fstat(dirfd(d), &st) == 0 && st.st_size > 0 &&
        buf_reserve(names, st.st_size < WALK_RESERVE_MAX ? (size_t)st.st_size
                                                         : WALK_RESERVE_MAX))
        out_of_memory();
    *longest = 0;
    while ((de = readdir(d)) != NULL) {
        const char *s = de->d_name;
        size_t len = strlen(s);
        unsigned char type = 0;

        if (s[0] == '.' && (s[1] == '\0' || (s[1] == '.' && s[2] == '\0')))
            continue;
#ifdef DT_UNKNOWN
        type = de->d_type;
#endif
        if (buf_append(names, &type, 1) || buf_append(names, s, len + 1))
            out_of_memory();
        if (len > *longest)
            *longest = len;
        n++;
    }
    return n;
}

/* The N names in NAMES (read_names()) as entries sorted by name; the
 * byte before each name is still its type. */
static struct walk_entry *
sort_names(const struct urigrep_buf *names, size_t n)
{
    struct walk_entry *ents = malloc(n * sizeof *ents);
    const char *p = names->data, *first = p + 1;
    size_t i, common = SIZE_MAX;
    unsigned depth;

    if (ents == NULL)
        out_of_memory();
    for (i = 0; i < n; i++) {
        size_t k = 0;

        ents[i].name = ++p; /* past the type byte */
        while (k < common && p[k] && p[k] == first[k])
            k++;
        common = k;
        p += strlen(p) + 1;
    }
    for (i = 0; i < n; i++)
        ents[i].key = walk_key(ents[i].name + common);
    for (i = n, depth = 0; i > 1; i >>= 1)
        depth += 2;
    walk_sort(ents, n, depth);
    return ents;
}

static void
walk_dir(struct run *r, const char *dir, unsigned depth, walk_file_fn *file)
{
    const struct options *o = r->o;
    DIR *d = opendir(dir);
    struct urigrep_buf names;
    struct walk_entry *ents;
    size_t n, longest, i, dlen = strlen(dir);
    bool slash = dlen > 0 && dir[dlen - 1] == '/';
    char *path;

    if (d == NULL) {
        report_file_error(r, dir, strerror(errno));
        return;
    }
    buf_init(&names, SIZE_MAX / 2);
    n = read_names(d, &names, &longest);
    if (n == 0) {
        /* a maildir's tmp/ */
        closedir(d);
        buf_free(&names);
        return;
    }
    ents = sort_names(&names, n);
    if (depth >= walk_open_max()) {
        closedir(d);
        d = NULL;
    }
    /* each entry's path, in turn: DIR/NAME */
    if ((path = malloc(dlen + 1 + longest + 1)) == NULL)
        out_of_memory();
    memcpy(path, dir, dlen);
    if (!slash)
        path[dlen++] = '/';
    for (i = 0; i < n && !r->stop; i++) {
        const char *name = ents[i].name;
        unsigned char type = (unsigned char)name[-1];
        mode_t mode;
        int64_t size;

        memcpy(path + dlen, name, strlen(name) + 1);
        if (entry_kind(d ? dirfd(d) : AT_FDCWD, path, name, type, &mode,
                       &size) != 0) {
            /* a name longer than PATH_MAX, or one gone since readdir() */
            report_file_error(r, path, strerror(errno));
        } else if (S_ISDIR(mode)) {
            if (!glob_match(o->exclude_dir, name))
                walk_dir(r, path, depth + 1, file);
        } else if (S_ISREG(mode) &&
                   (!o->include || glob_match(o->include, name)) &&
                   !glob_match(o->exclude, name)) {
            file(r, path, size);
        }
    }
    if (d)
        closedir(d);
    free(path);
    free(ents);
    buf_free(&names);
}

void
walk(struct run *r, const char *dir, walk_file_fn *file)
{
    walk_dir(r, dir, 0, file);
}
