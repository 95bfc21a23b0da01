/* state.c: --state=FILE, the last commit read of each public-inbox
 * epoch, loaded before a run and written back after it. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "pinbox/pinbox.h"
#include "pinbox/state.h"

/*
 * A state file holds a line an epoch: the commit's 40 hexadecimal
 * digits, a space, the real path of the epoch's repository. It is read
 * a byte at a time into a buffer of the longest line there can be (a
 * path realpath() gives is under PATH_MAX): a longer line is no state
 * line, and memory does not grow with it (--state=/dev/zero would hold
 * it all). The entries grow by doubling; the loaded ones are then
 * sorted by path (an index), so that a path named twice is found and
 * said, and each epoch is looked up in log time. The file is written
 * back in the order it was read, the epochs new to it after.
 */
#define HEXSZ 40
#define STATE_LINE (HEXSZ + 1 + PATH_MAX)

struct state_entry {
    char *path;
    char hex[HEXSZ + 1];
    size_t line;            /* its line in the file, 0: new this run */
};

static struct state_entry *state;
static size_t nstate, cap;
static size_t nloaded;      /* STATE[0..NLOADED) came from the file */
static size_t *byname;      /* the indexes of those, sorted by path */
static bool state_on;       /* --state given */

/* A new entry for PATH (copied), its commit HEX, from line LINE. */
static struct state_entry *
state_add(const char *path, const char *hex, size_t line)
{
    struct state_entry *s;

    if (nstate == cap) {
        size_t ncap = cap ? 2 * cap : 64;

        if (ncap > SIZE_MAX / sizeof *s ||
            (s = realloc(state, ncap * sizeof *s)) == NULL)
            out_of_memory();
        state = s;
        cap = ncap;
    }
    s = &state[nstate++];
    if ((s->path = strdup(path)) == NULL)
        out_of_memory();
    memcpy(s->hex, hex, HEXSZ);
    s->hex[HEXSZ] = '\0';
    s->line = line;
    return s;
}

static int
cmp_byname(const void *a, const void *b)
{
    const struct state_entry *x = &state[*(const size_t *)a];
    const struct state_entry *y = &state[*(const size_t *)b];
    int c = strcmp(x->path, y->path);

    return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* The entry of the real path REAL, or NULL. */
static struct state_entry *
state_lookup(const char *real)
{
    size_t lo = 0, hi = nloaded, i;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(state[byname[mid]].path, real);

        if (c == 0)
            return &state[byname[mid]];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* those new this run: one an epoch read */
    for (i = nloaded; i < nstate; i++)
        if (strcmp(state[i].path, real) == 0)
            return &state[i];
    return NULL;
}

const char *
pinbox_state_find(const char *path)
{
    char real[PATH_MAX];
    const struct state_entry *s;

    if (!state_on || realpath(path, real) == NULL)
        return NULL;
    s = state_lookup(real);
    return s ? s->hex : NULL;
}

void
pinbox_state_note(const char *path, const char *hex)
{
    char real[PATH_MAX];
    struct state_entry *s;

    if (!state_on || realpath(path, real) == NULL)
        return;
    if ((s = state_lookup(real)) == NULL)
        s = state_add(real, hex, 0);
    memcpy(s->hex, hex, HEXSZ);
}

/* The next line of F into BUF (STATE_LINE + 1 bytes), its newline
 * dropped, its length in *LEN: 1, or 0 at the end of F; -1 when it is
 * longer than a state line (the rest of F is not read), -2 when it
 * holds a NUL byte. */
static int
read_line(FILE *f, char *buf, size_t *len)
{
    size_t n = 0;
    int c;

    while ((c = getc(f)) != EOF && c != '\n') {
        if (n == STATE_LINE)
            return -1;
        if (c == '\0')
            return -2;
        buf[n++] = (char)c;
    }
    buf[n] = '\0';
    *len = n;
    return c != EOF || n > 0;
}

/* Is the line L (LEN bytes) a state line? */
static bool
state_line(const char *l, size_t len)
{
    return len >= HEXSZ + 2 &&
           strspn(l, "0123456789abcdefABCDEF") >= HEXSZ && l[HEXSZ] == ' ';
}

/* Read the lines of F (named FILE) into the state; false when one is
 * no state line (said). */
static bool
load_lines(FILE *f, const char *file)
{
    char *buf = malloc(STATE_LINE + 1);
    size_t no = 0, len = 0;
    int rc;
    bool ok = true;

    if (buf == NULL)
        out_of_memory();
    while (ok && (rc = read_line(f, buf, &len)) != 0) {
        no++;
        if (rc == -1)
            report_msg("--state: %s:%zu: longer than a state line can be "
                       "(%d bytes)", file, no, STATE_LINE);
        else if (rc == -2 || !state_line(buf, len))
            report_msg("--state: %s:%zu: not a state line (a commit id, a "
                       "space, a repository's path)", file, no);
        else
            state_add(buf + HEXSZ + 1, buf, no);
        ok = rc == 1 && state_line(buf, len);
    }
    if (ok && ferror(f)) {
        report_msg("--state: %s: %s", file, strerror(errno));
        ok = false;
    }
    free(buf);
    return ok;
}

/* Sort the loaded entries by path; false when a path has two lines
 * (said: which commit the next run should start after is not known). */
static bool
index_loaded(const char *file)
{
    size_t i;

    nloaded = nstate;
    if (nloaded == 0)
        return true;
    if ((byname = malloc(nloaded * sizeof *byname)) == NULL)
        out_of_memory();
    for (i = 0; i < nloaded; i++)
        byname[i] = i;
    qsort(byname, nloaded, sizeof *byname, cmp_byname);
    for (i = 1; i < nloaded; i++) {
        const struct state_entry *a = &state[byname[i - 1]];
        const struct state_entry *b = &state[byname[i]];

        if (strcmp(a->path, b->path) == 0) {
            report_msg("--state: %s:%zu: a second line for %s (line %zu "
                       "has it too): which commit to read after is not "
                       "known", file, b->line, b->path, a->line);
            return false;
        }
    }
    return true;
}

#ifdef HAVE_LIBGIT2

bool
pinbox_state_load(const char *file)
{
    /* O_NONBLOCK: a FIFO would block open() until a writer comes */
    int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    FILE *f;
    bool ok;

    state_on = true;
    if (fd < 0) {
        if (errno == ENOENT)
            return true;
        report_msg("--state: %s: %s", file, strerror(errno));
        return false;
    }
    if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
        report_msg("--state: %s: not a regular file (a state file is one, "
                   "replaced at the end of the run)", file);
        close(fd);
        return false;
    }
    if ((f = fdopen(fd, "r")) == NULL) {
        report_msg("--state: %s: %s", file, strerror(errno));
        close(fd);
        return false;
    }
    ok = load_lines(f, file) && index_loaded(file);
    fclose(f);
    return ok;
}

/* Write the state to the open descriptor FD; false on a write error. */
static bool
state_write(int fd)
{
    FILE *f = fdopen(fd, "w");
    size_t i;
    bool ok;

    if (f == NULL) {
        close(fd);
        return false;
    }
    for (i = 0; i < nstate; i++)
        fprintf(f, "%s %s\n", state[i].hex, state[i].path);
    ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
    return fclose(f) == 0 && ok;
}

/* The mode FILE is to be written with into *MODE: that of FILE, or
 * what the umask leaves of 0666 for a new one. False when FILE is there
 * and no regular file (said). */
static bool
state_mode(const char *file, mode_t *mode)
{
    struct stat st;
    mode_t u;

    if (stat(file, &st) == 0) {
        if (!S_ISREG(st.st_mode)) {
            report_msg("--state: %s: not a regular file (not replaced)",
                       file);
            return false;
        }
        *mode = st.st_mode & 07777;
        return true;
    }
    /* the run's threads have ended: the umask is ours to read */
    u = umask(0);
    umask(u);
    *mode = 0666 & ~u;
    return true;
}

static void
state_free(void)
{
    size_t i;

    for (i = 0; i < nstate; i++)
        free(state[i].path);
    free(state);
    free(byname);
    state = NULL;
    byname = NULL;
    nstate = cap = nloaded = 0;
}

bool
pinbox_state_save(const char *file)
{
    char *tmp = xconcat(file, ".XXXXXX");
    size_t i;
    mode_t mode;
    int fd;

    for (i = 0; i < nstate; i++)
        if (strchr(state[i].path, '\n')) {
            report_msg("--state: %s: a path with a newline cannot be kept",
                       state[i].path);
            free(tmp);
            return false;
        }
    if (!state_mode(file, &mode)) {
        free(tmp);
        return false;
    }
    /* beside FILE, so that rename() replaces it in one step; mkstemp()
     * makes it 0600, FILE's own mode is given back before it is */
    if ((fd = mkstemp(tmp)) >= 0 && fchmod(fd, mode) != 0) {
        close(fd);
        fd = -2;
    }
    if (fd < 0 || !state_write(fd) || rename(tmp, file) != 0) {
        report_msg("--state: %s: %s", file, strerror(errno));
        if (fd != -1)
            unlink(tmp);
        free(tmp);
        return false;
    }
    free(tmp);
    state_free();
    return true;
}

#else /* !HAVE_LIBGIT2 */

bool
pinbox_state_load(const char *file)
{
    (void)file;
    (void)load_lines;
    (void)index_loaded;
    report_msg("--state: this urigrep was built without libgit2");
    return false;
}

bool
pinbox_state_save(const char *file)
{
    (void)file;
    return false;
}

#endif
