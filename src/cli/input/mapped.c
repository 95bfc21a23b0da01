/* mapped.c: windows mapped onto a regular file. read() copies a file's
 * bytes out of the page cache, which was 15% of a run over plain text;
 * a mapping hands the scanner the page cache itself.
 *
 * A file truncated while it is mapped (a log rotated by copy and
 * truncate) raises SIGBUS on the pages past its new end. The handler
 * puts zero pages there, so the read goes on, and notes it: the reader
 * stops at the end of the window and says the file shrank (or, when it
 * did not, that a page could not be read: SIGBUS too). SIGBUS from
 * a memory access goes to the thread that made it, whose window is in
 * thread-local storage; a SIGBUS outside every window gets the action
 * there was before ours. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/mapped.h"

/* The window this thread reads, for the handler. */
static _Thread_local struct {
    char *volatile lo, *volatile hi;
    volatile sig_atomic_t shrank;
} guard;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct sigaction old_bus;
static size_t page;
/* URIGREP_MAP_MAX, for the tests: reading windows (MAPPED_WINDOW at
 * most) larger than this are refused as if the address space had run
 * out (0: none is); the larger mapping in which -j looks for cuts is
 * not */
static size_t map_max;

static void
on_sigbus(int sig, siginfo_t *si, void *ctx)
{
    char *a = si->si_addr;

    (void)sig;
    (void)ctx;
    if (si->si_code == BUS_ADRERR && guard.lo && a >= guard.lo &&
        a < guard.hi) {
        /* lo is page-aligned: zeros from the page that faulted on */
        char *pg = guard.lo + ((size_t)(a - guard.lo) & ~(page - 1));

        if (mmap(pg, (size_t)(guard.hi - pg), PROT_READ,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
            MAP_FAILED) {
            guard.shrank = 1;
            return; /* the read is made again, and finds a zero */
        }
    }
    /* not ours: the access faults again under the earlier action; a
     * SIGBUS sent by kill() is sent again */
    sigaction(SIGBUS, &old_bus, NULL);
    if (si->si_code <= 0)
        raise(SIGBUS);
}

static void
install(void)
{
    struct sigaction sa;
    const char *env = getenv("URIGREP_MAP_MAX");
    long max = env ? atol(env) : 0;

    page = (size_t)sysconf(_SC_PAGESIZE);
    if (max > 0)
        map_max = (size_t)max;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &old_bus);
}

const char *
mapped_map(struct mapped *m, int fd, uint64_t at, size_t n)
{
    uint64_t from;
    size_t lead;
    void *p;

    pthread_once(&once, install);
    mapped_unmap(m);
    from = at & ~(uint64_t)(page - 1);
    lead = (size_t)(at - from);
    if (n == 0 || n > SIZE_MAX - lead) {
        errno = EINVAL;
        return NULL;
    }
    if (map_max && n > map_max && n <= MAPPED_WINDOW) {
        errno = ENOMEM;
        return NULL;
    }
    p = mmap(NULL, n + lead, PROT_READ, MAP_PRIVATE, fd, (off_t)from);
    if (p == MAP_FAILED)
        return NULL;
#ifdef MADV_SEQUENTIAL
    /* read ahead of the faults, and the pages behind may go */
    madvise(p, n + lead, MADV_SEQUENTIAL);
#endif
    m->base = p;
    m->len = n + lead;
    guard.shrank = 0;
    guard.hi = m->base + m->len;
    guard.lo = m->base;
    return m->base + lead;
}

const char *
mapped_why(int fd, uint64_t end)
{
    struct stat st;

    if (fstat(fd, &st) == 0 && (uint64_t)st.st_size >= end)
        return strerror(EIO);
    return MAPPED_SHRANK;
}

bool
mapped_shrank(void)
{
    return guard.shrank != 0;
}

bool
mapped_unmap(struct mapped *m)
{
    bool shrank = m->base && guard.shrank;

    if (m->base) {
        guard.lo = guard.hi = NULL;
        guard.shrank = 0;
        munmap(m->base, m->len);
    }
    m->base = NULL;
    m->len = 0;
    return shrank;
}
