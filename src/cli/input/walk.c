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

/*
 * Mail folders. A directory is read as one when its names say so:
 *   - a maildir has cur/ and new/ (qmail's maildir(5)); their files are
 *     messages, except names that start with '.'; tmp/ holds deliveries
 *     not finished, and the other files at its top are an IMAP server's
 *     (dovecot-uidlist, maildirsize, subscriptions, maildirfolder). A
 *     Maildir++ folder (Courier's README.maildirquota: .Folder,
 *     .Folder.Sub) is a maildir in it, read after its own messages, and
 *     each message's path says which folder it came from;
 *   - an MH folder has a .mh_sequences file (nmh's mh-sequence(5)), or
 *     --type=mh says that every directory is one: its messages are the
 *     files named by a positive integer, read in numeric order, and "all
 *     files that are not positive integers must be ignored" (nmh's
 *     mh-folders(5)); its subdirectories are MH folders too.
 * A file of a folder is read as a message whatever its first bytes
 * (FOUND_MESSAGE).
 */

bool
walk_mh_number(const char *name, uint64_t *value)
{
    uint64_t v = 0;
    size_t i;

    for (i = 0; name[i]; i++) {
        if (name[i] < '0' || name[i] > '9')
            return false;
        /* past 19 digits: sorted after the others, by name */
        v = i < 19 ? v * 10 + (uint64_t)(name[i] - '0') : UINT64_MAX;
    }
    *value = v;
    return i > 0 && v > 0;
}

/* Is NAME, an entry of the directory open as DFD, a directory (as lstat()
 * says; the byte read_names() keeps before the name spares the call)? */
static bool
is_dir_entry(int dfd, const char *name)
{
    struct stat st;

#ifdef DT_UNKNOWN
    if ((unsigned char)name[-1] != DT_UNKNOWN)
        return (unsigned char)name[-1] == DT_DIR;
#endif
    return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
           S_ISDIR(st.st_mode);
}

/* The kind of the directory open as DFD whose N sorted entries are ENTS,
 * in a directory of kind PARENT. */
static enum walk_folder
folder_kind(const struct options *o, int dfd, const struct walk_entry *ents,
            size_t n, enum walk_folder parent)
{
    bool cur = false, new = false;
    size_t i;

    if (o->type == TYPE_MH || parent == FOLDER_MH)
        return FOLDER_MH;
    for (i = 0; i < n; i++) {
        const char *s = ents[i].name;

        if (strcmp(s, ".mh_sequences") == 0)
            return FOLDER_MH;
        if (strcmp(s, "cur") == 0)
            cur = is_dir_entry(dfd, s);
        else if (strcmp(s, "new") == 0)
            new = is_dir_entry(dfd, s);
    }
    return cur && new ? FOLDER_MAILDIR : FOLDER_PLAIN;
}

enum walk_action
walk_action(const struct options *o, enum walk_folder kind,
            const char *name, mode_t mode, bool recurse)
{
    uint64_t number;

    if (S_ISDIR(mode)) {
        if (!recurse || kind == FOLDER_MESSAGES ||
            glob_match(o->exclude_dir, name))
            return WALK_SKIP;
        /* a maildir's cur/ and new/ are read first, tmp/ never */
        if (kind == FOLDER_MAILDIR && (strcmp(name, "cur") == 0 ||
                                       strcmp(name, "new") == 0 ||
                                       strcmp(name, "tmp") == 0))
            return WALK_SKIP;
        return WALK_DESCEND;
    }
    if (!S_ISREG(mode) || (o->include && !glob_match(o->include, name)) ||
        glob_match(o->exclude, name))
        return WALK_SKIP;
    switch (kind) {
    case FOLDER_MAILDIR:
        return WALK_SKIP;
    case FOLDER_MESSAGES:
        return name[0] == '.' ? WALK_SKIP : WALK_MESSAGE;
    case FOLDER_MH:
        return walk_mh_number(name, &number) ? WALK_MESSAGE : WALK_SKIP;
    default:
        return WALK_FILE;
    }
}

/* A directory being read. */
struct dir {
    struct run *r;
    walk_file_fn *file;
    DIR *d;                 /* NULL: read by full names (walk_open_max()) */
    const char *name;       /* as given */
    char *path;             /* NAME/, room after it for the longest entry */
    size_t dlen;            /* of NAME/ */
    struct walk_entry *ents;
    size_t n;
    unsigned depth;
    enum walk_folder kind;
    bool recurse;
};

static bool walk_dir(struct run *r, const char *dir, unsigned depth,
                     walk_file_fn *file, enum walk_folder parent,
                     bool recurse);

/* Do with entry I of W what walk_action() says. */
static void
visit(struct dir *w, size_t i)
{
    struct run *r = w->r;
    const char *name = w->ents[i].name;
    unsigned char type = (unsigned char)name[-1];
    enum found found = r->walking;
    mode_t mode;
    int64_t size;

    memcpy(w->path + w->dlen, name, strlen(name) + 1);
    if (entry_kind(w->d ? dirfd(w->d) : AT_FDCWD, w->path, name, type, &mode,
                   &size) != 0) {
        /* a name longer than PATH_MAX, or one gone since readdir() */
        report_file_error(r, w->path, strerror(errno));
        return;
    }
    switch (walk_action(r->o, w->kind, name, mode, w->recurse)) {
    case WALK_DESCEND:
        walk_dir(r, w->path, w->depth + 1, w->file,
                 w->kind == FOLDER_MH ? FOLDER_MH : FOLDER_PLAIN, true);
        break;
    case WALK_MESSAGE:
        r->walking = FOUND_MESSAGE;
        w->file(r, w->path, size);
        r->walking = found;
        break;
    case WALK_FILE:
        w->file(r, w->path, size);
        break;
    case WALK_SKIP:
        break;
    }
}

/* Read W's entries as its kind says. */
static void
visit_all(struct dir *w)
{
    static const char *const mail[] = { "cur", "new" };
    size_t i, k;

    if (w->kind == FOLDER_MAILDIR) {
        /* its own messages first, then its folders */
        for (k = 0; k < 2 && !w->r->stop; k++) {
            for (i = 0; i < w->n && strcmp(w->ents[i].name, mail[k]); i++)
                ;
            if (i == w->n || glob_match(w->r->o->exclude_dir, mail[k]))
                continue;
            memcpy(w->path + w->dlen, mail[k], 4);
            walk_dir(w->r, w->path, w->depth + 1, w->file, FOLDER_MESSAGES,
                     true);
        }
    }
    for (i = 0; i < w->n && !w->r->stop; i++)
        visit(w, i);
}

/* An MH folder's messages in numeric order, then the rest by name. */
static void
sort_mh(struct walk_entry *e, size_t n)
{
    size_t i;
    unsigned depth = 0;

    for (i = 0; i < n; i++)
        if (!walk_mh_number(e[i].name, &e[i].key))
            e[i].key = UINT64_MAX;
    for (i = n; i > 1; i >>= 1)
        depth += 2;
    walk_sort(e, n, depth);
}

/* Read directory DIR, DEPTH levels below the walk's top, in a directory
 * of kind PARENT (FOLDER_MESSAGES: DIR is a maildir's cur/ or new/).
 * Without RECURSE, only a mail folder's own messages are read, and false
 * is returned for any other directory (nothing read). */
static bool
walk_dir(struct run *r, const char *dir, unsigned depth, walk_file_fn *file,
         enum walk_folder parent, bool recurse)
{
    struct dir w = { r, file, NULL, dir, NULL, strlen(dir), NULL, 0, depth,
                     FOLDER_PLAIN, recurse };
    struct urigrep_buf names;
    size_t longest;

    if ((w.d = opendir(dir)) == NULL) {
        report_file_error(r, dir, strerror(errno));
        return true;
    }
    buf_init(&names, SIZE_MAX / 2);
    w.n = read_names(w.d, &names, &longest);
    /* a maildir's empty tmp/, say */
    w.ents = w.n ? sort_names(&names, w.n) : NULL;
    w.kind = parent == FOLDER_MESSAGES
                 ? FOLDER_MESSAGES
                 : folder_kind(r->o, dirfd(w.d), w.ents, w.n, parent);
    if (!recurse && w.kind == FOLDER_PLAIN) {
        closedir(w.d);
        buf_free(&names);
        free(w.ents);
        return false;
    }
    if (w.kind == FOLDER_MH)
        sort_mh(w.ents, w.n);
    if (depth >= walk_open_max()) {
        closedir(w.d);
        w.d = NULL;
    }
    /* each entry's path, in turn: DIR/NAME */
    if ((w.path = malloc(w.dlen + 1 + (longest > 3 ? longest : 3) + 1)) ==
        NULL)
        out_of_memory();
    memcpy(w.path, dir, w.dlen);
    if (w.dlen == 0 || dir[w.dlen - 1] != '/')
        w.path[w.dlen++] = '/';
    visit_all(&w);
    if (w.d)
        closedir(w.d);
    free(w.path);
    free(w.ents);
    buf_free(&names);
    return true;
}

bool
walk(struct run *r, const char *dir, bool recurse, walk_file_fn *file)
{
    return walk_dir(r, dir, 0, file, FOLDER_PLAIN, recurse);
}
