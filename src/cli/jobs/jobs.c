/* jobs.c: -j: workers read files, and pieces of large ones, in parallel;
 * one writer prints what they found in the order of a serial run. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#ifdef HAVE_MALLOPT
#include <malloc.h>
#endif
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "input/readat.h"
#include "jobs/jobs.h"
#include "input/mapped.h"
#include "pinbox/pinbox.h"
#include "output/progress.h"
#include "input/source.h"
#include "input/stamp.h"
#include "input/warcgz.h"
#include "output/uniq.h"

/*
 * How it works. The thread that walks the command line (the planner)
 * queues tasks in the order a serial run reads files: a whole file, a
 * piece of a large one, or a message of its own (a directory it cannot
 * read). Workers take tasks in that order and run them as a serial run
 * would, with report.c's code, but what they would print goes into the
 * task's log as items:
 *
 *   'K' KEY   a reference passed the worker's tests (KEY: its message
 *             number, and its URI for -u)
 *   'E' TEXT  a message for standard error ("urigrep: TEXT")
 *   'O' TEXT  its output line(s) for standard output
 *   'k'       end of the reference
 *   'S' SKIP  the task's over-long candidates and lines (report.c's
 *             skipped counts), bytes not valid in their charset and
 *             WARC payloads not read,
 *             said once for the whole file
 *   'N' COUNT a plain run's references selected in the task (or file)
 *   'F' OPEN  a file of a TASK_FILE ended (it could be opened or not);
 *             small files go several to a task (BATCH_FILES)
 *
 * (an item: its tag, its length as a size_t, its bytes). The writer
 * reads the logs in task order and does what the serial run does at that
 * point: -u decides on KEY with the one --unique set, -m, -c, -l and -L
 * count, -q stops, standard output is flushed where the serial run
 * flushes it. A plain run (none of those options) sends no 'K' and 'k':
 * the output of the references that follow one another is one 'O'
 * item, and the task's count comes at its end ('N'). The
 * output is the serial run's, byte for byte, on each stream.
 *
 * The writer is not a thread of its own but a part any thread plays:
 * whoever changes the queue (a worker publishes, the planner queues a
 * message or waits for room) writes what can now be written, unless
 * another thread is writing, which looks again before it stops
 * (write_ready()). No thread is woken to write: on a machine with as
 * many workers as CPUs a writer thread woke to take a CPU from a worker,
 * hundreds of times a second on a maildir; and the worker of the head
 * task writes its log while it is still in its cache.
 *
 * Memory: a worker publishes its log in chunks of about PUBLISH bytes.
 * The task at the head of the queue (the one being written) streams; the
 * others may hold at most BUDGET_PER_WORKER bytes per worker in all, and
 * a worker whose chunk does not fit blocks until the writer has caught
 * up (it blocks; it does not spill to disk). At most QUEUE_PER_WORKER
 * tasks per worker wait to be written.
 *
 * A large file is cut (split.c) into pieces of about piece_size bytes at
 * "From " lines (mbox) or after empty lines (text). When the output
 * shows line or message numbers (need_origin), a piece's worker counts
 * its lines and messages first, then waits until those of every piece
 * before it are known, and reads it with urigrep_extractor_set_origin():
 * lines, offsets and message numbers are those of the whole file; else
 * it reads the piece at once, and the writer counts lines only for a
 * warning it says (file_lines()). Workers read pieces through mapped
 * windows (mapped.h); the thread that cuts a file (cut_file(): the
 * planner for a file -r had to stat, its size known, else the worker that
 * met the file in a batch, hand_off()) maps it too, to look for the cuts
 * (only the pages near them are read).
 */

/* Publish a worker's log in chunks this large: the writer streams them.
 * Three quarters of a power of two: the log's buffer, doubled as it
 * grows, stays at 256 KiB. */
#define PUBLISH (192 * 1024)
/* A worker's stack. Its deepest frame is file_lines()'s 64 KiB buffer
 * (a worker writes in the writer's turn); gcc -fstack-usage puts no other
 * above 4 KiB. A build with 128 KiB passes the tests and the inputs of
 * bench/adversarial.sh at -j 2, one with 64 KiB does not; ASan's frames
 * are larger. */
#ifndef WORKER_STACK
#define WORKER_STACK (1024 * 1024)
#endif
/* Output held for tasks that are not yet written, per worker, and in
 * all: anonymous memory stays under 16 MiB on every -j (issue 23; -j 8
 * on bench/run.sh's text held 16 MiB of output and peaked at 17.5 MiB
 * of anonymous memory). */
#define BUDGET_PER_WORKER (2 * 1024 * 1024)
#define BUDGET_MAX (6 * 1024 * 1024)
/* Written chunks kept for reuse, per worker (each a log's buffer, up to
 * 256 KiB). Not fewer: each one freed raises glibc's mmap threshold, and
 * the next buffers grow the arenas instead; with 8 in all, -j 16 under
 * tests/cli/jobs-address-space.sh's limit ran out of address space. */
#define SPARE_PER_WORKER 4
/* Tasks waiting to be written, per worker. */
#define QUEUE_PER_WORKER 128
/* A file is cut into pieces of about this size when it has at least
 * two; URIGREP_SPLIT_SIZE in the environment changes it (the tests cut
 * small files, and URIGREP_JOBS_TRACE=FILE has the cuts listed there).
 * 2 MiB: the output of a piece fits the budget, a piece is read in
 * milliseconds, so workers stay busy to the end. */
#define PIECE_SIZE (2 * 1024 * 1024)
/* Files under BATCH_FILE_MAX bytes, and those of unknown size, are read
 * BATCH_FILES to a task; a worker hands off what follows a file of
 * BATCH_FILE_MAX bytes or more in its batch. */
#define BATCH_FILES 16
#define BATCH_FILE_MAX (64 * 1024)
/* Standard output is written in blocks this large, as report_ref() does. */
#define FLUSH_AT (64 * 1024)

/* TASK_COMMITS: a run of commits of a public-inbox archive (pinbox.c),
 * a piece of it as TASK_PIECE is of a file */
enum task_kind { TASK_FILE, TASK_PIECE, TASK_MESSAGE, TASK_COMMITS };

/* A published part of a task's log. */
struct chunk {
    struct chunk *next;
    size_t len, cap;
    char *data;             /* a worker's log buffer, handed over */
};

struct task {
    struct task *next;
    enum task_kind kind;
    char *name;             /* TASK_FILE: NFILES names, one after another,
                               each with its NUL */
    size_t nfiles;
    enum found walking;     /* found by -r, in a mail folder */
    bool unsized;           /* TASK_FILE: sizes not known (hand_off()) */
    bool taken;             /* by a worker */
    /* TASK_PIECE: bytes FROM..TO of the file, a document of TYPE */
    uint64_t from, to;
    enum urigrep_doc_type type;
    bool first, last;       /* of its file (or archive) */
    bool chained;           /* cut along a Content-Length chain (split.h) */
    uint64_t chain_count;   /* its messages, as that walk counted them */
    struct pinbox_run *commits; /* TASK_COMMITS: the run, owned */
    struct task *next_piece;
    uint64_t lines, messages;       /* in the piece, once counted */
    uint64_t org_line, org_message; /* before it, once known */
    bool counted, origin_known;
    struct stamp stamp;     /* the last piece: its file when it was cut */
    /* the log */
    struct chunk *head, *tail;
    size_t bytes;           /* in the chunks */
    bool done;              /* all of it is published */
    bool error;             /* the serial run would exit 2 for it */
    bool count_line;        /* -c: the file's count is printed after it */
};

struct worker {
    /* each worker on cache lines of its own: its log and counts are
     * written at every reference, and a neighbour's reads of a line it
     * writes cost a transfer between CPUs each time */
    _Alignas(64) struct jobs *j;
    pthread_t tid;
    /* the run's settings, read at every reference: copied here, not read
     * from struct jobs, whose lines the lock and the writer keep busy */
    const struct options *run_o;
    bool plain, need_origin;
    struct options o;       /* the run's, with a pattern copy of its own */
    struct run r;           /* its outbuf is the log: the items of the
                               task at hand, unpublished */
    size_t o_item, o_end;   /* plain: the 'O' item that grows while it
                               ends the log (at O_END), or SIZE_MAX */
    struct task *t;
    struct mapped map;      /* the window onto a piece being read */
    struct pinbox_cache *git; /* repositories of TASK_COMMITS */
    const char *why;        /* the piece could not be read whole: why */
};

struct jobs {
    _Alignas(64) pthread_mutex_t mu;
    /* three conditions, so that a chunk does not wake every thread: */
    pthread_cond_t work;        /* a task to run, or closing */
    pthread_cond_t room;        /* the head moved, an origin is known, or
                                   -q matched (budget, pieces) */
    pthread_cond_t queue;       /* the queue is half empty, or -q matched */
    bool planner_waits;
    unsigned room_waiters;
    bool writing;               /* a thread plays the writer (write_ready()) */
    struct chunk *spare;        /* written chunks, their buffers for reuse */
    size_t nspare;
    const struct options *o;
    struct urigrep_extract_options xo;
    size_t piece_size;
    FILE *trace;                /* URIGREP_JOBS_TRACE: the cuts made */
    /* the queue: HEAD is being written, PICK is the next to run */
    struct task *head, *tail, *pick;
    size_t queued, max_queued;
    /* pieces are counted before they are read (set_origin) only when
     * the output shows line or message numbers */
    bool need_origin;
    /* a plain run: no option decides on a reference from those before it
     * (-u, -m, -q, -l, -L, -c); workers send output and a count */
    bool plain;
    uint64_t pre_serial, pre_at, pre_lines; /* file_lines()'s count */
    size_t held, budget;        /* log bytes of tasks behind the head */
    bool closing;               /* the planner will queue nothing more */
    unsigned running;           /* tasks being run: each may queue more
                                   (hand_off()) */
    bool stop;                  /* -q has matched */
    unsigned n;
    struct worker *w;
    /* the writer's state, apart from what the lock guards: whoever
     * writes (J->writing) */
    _Alignas(64) struct run wr;
    struct task *current;       /* the task being written */
    char said[256];             /* the last message said, if it fit */
    size_t said_len;
    bool skip;                  /* the reference at hand is not written */
    bool error;
    const char *wfile;          /* a TASK_FILE's file being written */
    bool wfile_due;             /* WFILE starts at the next item: a
                                   worker may end a TASK_FILE early
                                   (hand_off()), so its last 'F' does not
                                   start a file */
    /* the planner's small files not yet queued (jobs_add_file()) */
    struct urigrep_buf batch;
    size_t batch_files;
    enum found batch_walking;
    bool batch_unsized;         /* some of their sizes are not known */
};

/* The worker this thread is, or the planner's mark; NULL in a serial
 * run and in the writer. */
static _Thread_local struct worker *self;
static struct worker planner_mark;
/* The planner's jobs, for jobs_say(). */
static struct jobs *planner_jobs;

unsigned
jobs_default(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
    cpu_set_t set;

    /* those this process may run on (taskset, a container's cpuset) */
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        n = CPU_COUNT(&set);
#endif
    return n < 1 ? 1 : n > 256 ? 256 : (unsigned)n;
}

size_t
jobs_piece_size(void)
{
    const char *env = getenv("URIGREP_SPLIT_SIZE");

    return env && atol(env) > 0 ? (size_t)atol(env) : PIECE_SIZE;
}

/* Append item TAG with P (N bytes) to B. */
static void
put_item(struct urigrep_buf *b, char tag, const char *p, size_t n)
{
    if (buf_append(b, &tag, 1) || buf_append(b, &n, sizeof n) ||
        (n && buf_append(b, p, n)))
        out_of_memory();
}

static void write_ready(struct jobs *j);
static bool hand_off(struct worker *w, struct task *t, const char *name,
                     size_t nrest, bool cut);
static void write_own(struct jobs *j, struct task *t, const char *p,
                      size_t n);

/* Something can be written: the head has published chunks or is done. */
static bool
writable(const struct jobs *j)
{
    return j->head && (j->head->head || j->head->done);
}

/* Wait for room (see struct jobs); J->mu is held. Room is made by the
 * writer: when no thread is writing, this one writes instead of
 * waiting. */
static void
wait_room(struct jobs *j)
{
    if (!j->writing && writable(j)) {
        write_ready(j);
        return;
    }
    j->room_waiters++;
    pthread_cond_wait(&j->room, &j->mu);
    j->room_waiters--;
}

/* The planner: wait while the queue is full, then until it is half
 * empty, so that it queues tasks (and is woken) in bursts, not one a
 * task. J->mu is held. */
static void
wait_queue(struct jobs *j)
{
    if (j->queued < j->max_queued)
        return;
    while (j->queued > j->max_queued / 2 && !j->stop) {
        if (!j->writing && writable(j)) {
            write_ready(j);
            continue;
        }
        j->planner_waits = true;
        pthread_cond_wait(&j->queue, &j->mu);
    }
    j->planner_waits = false;
}

/* Wake those waiting for room; J->mu is held. */
static void
wake_room(struct jobs *j)
{
    if (j->room_waiters)
        pthread_cond_broadcast(&j->room);
}

/* Append task T to the queue; J->mu is held. */
static void
enqueue(struct jobs *j, struct task *t)
{
    if (j->tail)
        j->tail->next = t;
    else
        j->head = t;
    j->tail = t;
    if (j->pick == NULL && t->kind != TASK_MESSAGE)
        j->pick = t;
    j->queued++;
    if (t->kind != TASK_MESSAGE)
        pthread_cond_signal(&j->work);
    else
        write_ready(j);
}

static struct task *
new_task(enum task_kind kind, const char *name, enum found walking)
{
    struct task *t = calloc(1, sizeof *t);

    if (t == NULL || (name && (t->name = strdup(name)) == NULL))
        out_of_memory();
    t->kind = kind;
    t->walking = walking;
    return t;
}

/* ---- workers ---- */

/* Move the worker's log to its task (FINAL: the task is done). A chunk
 * of a task behind the head waits for room in the budget. Once -q has
 * matched, the log is dropped and the worker told to stop. */
/* Exchange the buffers of chunk C and buf B (B empty after). */
#define SWAP_BUF(c, b)                                                      \
    do {                                                                    \
        char *d_ = (c)->data;                                               \
        size_t cap_ = (c)->cap;                                             \
                                                                            \
        (c)->data = (b)->data;                                              \
        (c)->cap = (b)->cap;                                                \
        (b)->data = d_;                                                     \
        (b)->cap = cap_;                                                    \
        (b)->len = 0;                                                       \
    } while (0)

static void
publish(struct worker *w, bool final)
{
    struct jobs *j = w->j;
    struct task *t = w->t;
    struct chunk *c = NULL;
    size_t n = w->r.outbuf.len;

    w->o_item = SIZE_MAX;
    pthread_mutex_lock(&j->mu);
    while (n && t != j->head && j->held && j->held + n > j->budget &&
           !j->stop)
        wait_room(j);
    if (j->stop) {
        w->r.stop = true;
        n = 0;
    }
    if (n && t == j->head && t->head == NULL && !j->writing) {
        /* the head, none of it waiting: its worker writes the log */
        write_own(j, t, w->r.outbuf.data, n);
        n = 0;
    }
    if (n) {
        /* the log's buffer goes as it is; the worker gets a spare one */
        if ((c = j->spare) != NULL) {
            j->spare = c->next;
            j->nspare--;
        } else if ((c = calloc(1, sizeof *c)) == NULL) {
            out_of_memory();
        }
        SWAP_BUF(c, &w->r.outbuf);
        c->next = NULL;
        c->len = n;
        if (t->tail)
            t->tail->next = c;
        else
            t->head = c;
        t->tail = c;
        t->bytes += n;
        if (t != j->head)
            j->held += n;
    }
    w->r.outbuf.len = 0;
    if (final) {
        t->done = true;
        t->error = w->r.error;
    }
    write_ready(j);
    pthread_mutex_unlock(&j->mu);
}

/* Format REF into the worker's log, at the end of the 'O' item that
 * starts at ITEM (the last item), and fill in that item's length:
 * report_format() writes into the log itself, not a copy. Returns the
 * item's length. */
static size_t
format_into_log(struct worker *w, const struct urigrep_ref *ref,
                const struct urigrep_span *parts, size_t item)
{
    struct run *r = &w->r;
    size_t n;

    report_format(r, ref, parts);
    n = r->outbuf.len - item - 1 - sizeof n;
    memcpy(r->outbuf.data + item + 1, &n, sizeof n);
    return n;
}

/* Format REF, selected, into the log for a plain run (struct jobs):
 * output that follows output grows one 'O' item, and the writer has
 * one item to copy, not three a reference. */
static void
plain_ref(struct worker *w, const struct urigrep_ref *ref,
          const struct urigrep_span *parts)
{
    struct run *r = &w->r;

    report_say(r, ref);
    if (w->o_item == SIZE_MAX || w->r.outbuf.len != w->o_end) {
        w->o_item = w->r.outbuf.len;
        put_item(&w->r.outbuf, 'O', NULL, 0);
    }
    format_into_log(w, ref, parts, w->o_item);
    w->o_end = w->r.outbuf.len;
    r->file_count++;
    if (w->r.outbuf.len >= PUBLISH)
        publish(w, false);
}

/* The extractor's reference callback in a worker: what depends on the
 * reference alone is decided and formatted here; -m, -u, -q, -l and -L,
 * which depend on what came before it in the serial order, are the
 * writer's (write_item()). Without -u a worker may still stop early:
 * what -m, -l, -L or -q ends in its task would end the serial run too. */
static int
worker_ref(void *arg, const struct urigrep_ref *ref)
{
    struct worker *w = self;
    struct run *r = arg;
    const struct options *o = w->run_o;
    struct urigrep_span parts[URIGREP_PART_COUNT];
    struct urigrep_ref unwrapped;
    size_t k, n, mark;
    char tag = 'K';

    ref = report_view(o, ref, &unwrapped, &r->norm);
    k = o->unique ? ref->uri.len : 0;

    if (!o->unique && o->has_max && r->file_count >= o->max_count) {
        r->file_stop = true;
        return 1;
    }
    if (!report_select(r->o, ref, parts))
        return 0;
    if (w->plain) {
        plain_ref(w, ref, parts);
        return 0;
    }
    /* 'K': the message number, then the URI when -u needs it */
    n = sizeof ref->message + k;
    if (buf_append(&w->r.outbuf, &tag, 1) ||
        buf_append(&w->r.outbuf, &n, sizeof n) ||
        buf_append(&w->r.outbuf, &ref->message, sizeof ref->message) ||
        (k && buf_append(&w->r.outbuf, ref->uri.ptr, k)))
        out_of_memory();
    report_say(r, ref);
    /* 'O', dropped when nothing is printed (-c, -l, -L) */
    mark = w->r.outbuf.len;
    put_item(&w->r.outbuf, 'O', NULL, 0);
    if (format_into_log(w, ref, parts, mark) == 0)
        w->r.outbuf.len = mark;
    put_item(&w->r.outbuf, 'k', NULL, 0);
    if (w->r.outbuf.len >= PUBLISH)
        publish(w, false);
    r->file_count++;
    if (!o->unique &&
        (o->quiet || o->list != LIST_NONE ||
         (o->has_max && r->file_count >= o->max_count)))
        r->file_stop = true;
    return r->file_stop;
}

/* The end of a worker's task: what report_file_end() says once per file
 * (over-long candidates and lines, bad bytes) goes to the writer as an
 * 'S' item,
 * to be added up over the pieces of the file. */
static void
put_skipped(struct worker *w)
{
    struct run *r = &w->r;
    uint64_t v[8];
    int k;

    if (r->skipped[0] == 0 && r->skipped[1] == 0 && r->bad_bytes == 0 &&
        r->warc_skipped == 0)
        return;
    for (k = 0; k < 2; k++) {
        v[3 * k] = r->skipped[k];
        v[3 * k + 1] = r->skipped_line[k];
        v[3 * k + 2] = r->skipped_limit[k];
        r->skipped[k] = 0;
    }
    v[6] = r->bad_bytes;
    r->bad_bytes = 0;
    v[7] = r->warc_skipped;
    r->warc_skipped = 0;
    put_item(&w->r.outbuf, 'S', (const char *)v, sizeof v);
}

/* Read N bytes at offset AT of FD into BUF; false with errno set if
 * that fails (EIO: the file is shorter now). */
static bool
read_at(int fd, char *buf, size_t n, uint64_t at)
{
    ssize_t k = input_pread(fd, buf, n, at);

    if (k >= 0 && (size_t)k < n)
        errno = EIO;
    return k >= 0 && (size_t)k == n;
}

/* Bytes of piece T (open as FD) from offset AT, at most *N: mapped into
 * the worker's window, or read into its read buffer when the file cannot
 * be mapped (a sysfs file maps at offset 0 only); *N becomes how many.
 * Fewer than asked when the file is shorter now: what it still has,
 * W->why saying that it shrank. NULL when there is none (an error is
 * said). */
static const char *
piece_bytes(struct worker *w, struct task *t, int fd, uint64_t at,
            size_t *n)
{
    struct stat st;
    const char *p;

    if (fstat(fd, &st) != 0) {
        report_file_error(&w->r, t->name, strerror(errno));
        return NULL;
    }
    if ((uint64_t)st.st_size < at + *n) {
        w->why = MAPPED_SHRANK;
        if ((uint64_t)st.st_size <= at)
            return NULL;
        *n = (size_t)(st.st_size - at);
    }
    if ((p = mapped_map(&w->map, fd, at, *n)) != NULL)
        return p;
    if (*n > w->o.buffer_size)
        *n = w->o.buffer_size;
    if (!read_at(fd, w->r.readbuf, *n, at)) {
        report_file_error(&w->r, t->name, strerror(errno));
        return NULL;
    }
    return w->r.readbuf;
}

/* Done with what piece_bytes() gave, up to offset END of FD: false when
 * the file shrank under it or its pages could not be read (W->why). */
static bool
piece_done(struct worker *w, int fd, uint64_t end)
{
    if (mapped_unmap(&w->map) && w->why == NULL)
        w->why = mapped_why(fd, end);
    return w->why == NULL;
}

/* Count the lines and messages of piece T (open as FD), a window at a
 * time; a piece of one window stays mapped for scan_piece(). *END is
 * where the count stopped: T->to, or less when the file shrank. False
 * when it could not be read (said). */
static bool
count_piece(struct worker *w, struct task *t, int fd, uint64_t *end,
            uint64_t *lines, uint64_t *messages)
{
    uint64_t at = t->from;
    struct urigrep_counts c;
    urigrep_counter *k;
    unsigned windows = 0;
    bool ok = true;

    /* (a separator line across two windows is the counter's to see) */
    if (urigrep_counter_new(t->type, t->from == 0, &k) != URIGREP_OK)
        out_of_memory();
    while (at < t->to) {
        size_t n = t->to - at < MAPPED_WINDOW ? (size_t)(t->to - at)
                                              : MAPPED_WINDOW;
        const char *p = piece_bytes(w, t, fd, at, &n);

        if (p == NULL) {
            ok = false;
            break;
        }
        windows++;
        urigrep_counter_feed(k, p, n);
        at += n;
        if ((at < t->to && !piece_done(w, fd, at)) || w->why)
            break;
    }
    urigrep_counter_counts(k, &c);
    urigrep_counter_free(k);
    *lines = c.lines;
    *messages = c.messages;
    *end = at;
    if (!ok)
        return w->why != NULL;
    /* the last window stays mapped when it is the whole piece, unless a
     * shrink showed in it; not after others, or a read into the buffer
     * where mmap() failed (out of address space, say): scan_piece() would
     * take it for the whole piece */
    if (mapped_shrank() || windows > 1)
        piece_done(w, fd, at);
    *end = at;
    return true;
}

/* Read piece T (open as FD) up to offset END with its origin, a window
 * at a time, the one count_piece() left mapped if it is the whole
 * piece. */
static void
scan_piece(struct worker *w, struct task *t, int fd, uint64_t end)
{
    struct run *r = &w->r;
    bool whole = w->map.base != NULL && end - t->from <= w->map.len;
    uint64_t at;

    if (urigrep_extractor_set_origin(r->x, t->type, t->org_line, t->from,
                                     t->org_message) != URIGREP_OK)
        out_of_memory();
    /* a Content-Length is checked where it ends, in this piece or not */
    urigrep_extractor_set_read_at(r->x, input_read_at, (void *)(intptr_t)fd);
    /* the worker's log is published as references fill it (worker_ref()),
     * not here */
    for (at = t->from; at < end && !r->stop && !r->file_stop;) {
        size_t n = end - at < MAPPED_WINDOW ? (size_t)(end - at)
                                            : MAPPED_WINDOW;
        const char *p = whole ? w->map.base + (w->map.len - n)
                              : piece_bytes(w, t, fd, at, &n);

        if (p == NULL)
            break;
        progress_bytes(n);
        input_feed(r, p, n);
        at += n;
        whole = false;
        if (!piece_done(w, fd, at))
            break;
    }
    mapped_unmap(&w->map);
    if (!r->stop && urigrep_extractor_finish(r->x) == URIGREP_ERR_NOMEM)
        out_of_memory();
    urigrep_extractor_reset(r->x);
}

/* Piece T has LINES lines and MESSAGES messages: pass the origin on to
 * the pieces after it, and wait for its own. False when -q has matched
 * meanwhile. */
static bool
piece_origin(struct jobs *j, struct task *t, uint64_t lines,
             uint64_t messages)
{
    struct task *u;
    bool ok;

    pthread_mutex_lock(&j->mu);
    t->lines = lines;
    t->messages = messages;
    t->counted = true;
    for (u = t; u->origin_known && u->counted && u->next_piece;
         u = u->next_piece) {
        u->next_piece->org_line = u->org_line + u->lines;
        u->next_piece->org_message = u->org_message + u->messages;
        u->next_piece->origin_known = true;
    }
    wake_room(j);
    while (!t->origin_known && !j->stop)
        wait_room(j);
    ok = !j->stop;
    pthread_mutex_unlock(&j->mu);
    return ok;
}

/* Run piece T: count it, wait for its origin, read it; or, when nothing
 * printed shows a line or message number, just read it. Whatever fails,
 * it is counted, so that the pieces after it are not kept waiting. */
static void
run_piece(struct worker *w, struct task *t)
{
    struct run *r = &w->r;
    uint64_t lines = 0, messages = 0, end;
    int fd;
    bool ok;

    r->file = t->name;
    if ((fd = open(t->name, O_RDONLY)) < 0) {
        report_file_error(r, t->name, strerror(errno));
        piece_origin(w->j, t, 0, 0);
        return;
    }
    w->why = NULL;
    if (t->type == URIGREP_DOC_WARC && t->chained) {
        /* a plain WARC file from a record's start: offsets are the
         * file's, lines count in each record, no messages */
        piece_origin(w->j, t, 0, 0);
        scan_piece(w, t, fd, t->to);
    } else if (t->type == URIGREP_DOC_WARC) {
        /* a .warc.gz from a member that starts a record: lines count in
         * each record, there are no messages: nothing to count first */
        piece_origin(w->j, t, 0, 0);
        if (urigrep_extractor_set_origin(r->x, t->type, 0, 0, 0) !=
            URIGREP_OK)
            out_of_memory();
        warcgz_read(r, fd, t->from, t->to, input_feed);
        urigrep_extractor_reset(r->x);
    } else if (!w->need_origin) {
        /* lines and messages are counted from the piece's start; the
         * writer makes the lines it says whole (file_lines()) */
        scan_piece(w, t, fd, t->to);
    } else {
        ok = count_piece(w, t, fd, &end, &lines, &messages);
        if (t->chained)
            messages = t->chain_count;  /* "From " lines in bodies too */
        if (piece_origin(w->j, t, lines, messages) && ok)
            scan_piece(w, t, fd, end);
        mapped_unmap(&w->map);
    }
    /* after what the file still had; the last piece says whether it
     * grew or changed since it was cut (what -j 1 says) */
    if (w->why)
        report_file_error(r, t->name, w->why);
    else if (t->last && !r->stop && !r->file_stop)
        input_say_change(r, &t->stamp, fd, t->to);
    close(fd);
}

/* What the writer needs at the end of a task (or of a file of a
 * TASK_FILE): the over-long candidates skipped, a plain run's count. */
static void
task_end(struct worker *w)
{
    struct run *r = &w->r;

    put_skipped(w);
    if (w->plain && r->file_count)
        put_item(&w->r.outbuf, 'N', (const char *)&r->file_count,
                 sizeof r->file_count);
}

/* Read the files of task T one after the other, each as
 * input_scan_file() would, its end an 'F' item: whether the serial run
 * would say anything at its end (it could be opened). Files whose sizes
 * the planner did not ask for may end the task early (hand_off()). */
static void
run_files(struct worker *w, struct task *t)
{
    struct run *r = &w->r;
    const uint64_t cut_min = 2 * (uint64_t)w->j->piece_size;
    const char *name = t->name;
    enum read_result res;
    size_t i;
    char opened;

    r->large_min = t->unsized ? BATCH_FILE_MAX : 0;
    r->cut_min = t->unsized ? cut_min : 0;
    for (i = 0; i < t->nfiles && !r->stop; i++) {
        r->file_count = 0;
        r->file_stop = false;
        res = input_read_file(r, name);
        if (res == READ_DEFERRED) {
            if (hand_off(w, t, name, t->nfiles - i, true))
                return;
            /* not of a type that is cut: read here */
            r->cut_min = 0;
            res = input_read_file(r, name);
            r->cut_min = cut_min;
        }
        task_end(w);
        opened = res != READ_FAILED;
        put_item(&w->r.outbuf, 'F', &opened, 1);
        name += strlen(name) + 1;
        if (res == READ_LARGE && i + 1 < t->nfiles) {
            hand_off(w, t, name, t->nfiles - i - 1, false);
            return;
        }
    }
}

/* Run task T as a serial run would read it; once -q has matched
 * (STOPPED), just get it done. */
static void
run_task(struct worker *w, struct task *t, bool stopped)
{
    struct run *r = &w->r;

    w->t = t;
    if (stopped) {
        if (t->kind == TASK_PIECE)
            piece_origin(w->j, t, 0, 0);
        publish(w, true);
        return;
    }
    r->stop = false;
    r->error = false;
    r->file_count = 0;
    r->file_stop = false;
    r->walking = t->walking;
    if (t->kind == TASK_FILE) {
        run_files(w, t);
    } else if (t->kind == TASK_COMMITS) {
        r->file = t->name;
        pinbox_read_run(r, t->commits, &w->git);
        t->count_line = t->last;
        task_end(w);
    } else {
        run_piece(w, t);
        t->count_line = t->last;
        task_end(w);
    }
    publish(w, true);
}

static void *
worker_main(void *arg)
{
    struct worker *w = arg;
    struct jobs *j = w->j;

    self = w;
    /* made by the thread itself: from its own malloc arena, not next to
     * another worker's in the planner's */
    if ((w->r.readbuf = malloc(input_readbuf_size(&w->o))) == NULL ||
        urigrep_extractor_new(&j->xo, worker_ref, report_notice, &w->r,
                              &w->r.x) != URIGREP_OK)
        out_of_memory();
    pthread_mutex_lock(&j->mu);
    for (;;) {
        struct task *t;
        bool stopped;

        /* the end: the planner is done and no task running can hand
         * off more */
        while (j->pick == NULL && !(j->closing && j->running == 0))
            pthread_cond_wait(&j->work, &j->mu);
        if ((t = j->pick) == NULL)
            break;
        t->taken = true;
        j->running++;
        /* the next task to run: messages need no worker, and tasks after
         * those a worker handed off may be taken already */
        do
            j->pick = j->pick->next;
        while (j->pick &&
               (j->pick->kind == TASK_MESSAGE || j->pick->taken));
        stopped = j->stop;
        pthread_mutex_unlock(&j->mu);
        run_task(w, t, stopped);
        pthread_mutex_lock(&j->mu);
        if (--j->running == 0 && j->closing && j->pick == NULL)
            pthread_cond_broadcast(&j->work);
    }
    pthread_mutex_unlock(&j->mu);
    pinbox_cache_free(w->git);
    return NULL;
}

/* ---- the writer ---- */

/* Say message P (N bytes) as say() in report.c does. */
static void
say_now(struct jobs *j, const char *p, size_t n)
{
    report_flush(&j->wr);
    progress_clear();
    fputs(PROGRAM ": ", stderr);
    fwrite(p, 1, n, stderr);
    putc('\n', stderr);
}

/* Is P (N bytes) what the piece before said of the same file? Every
 * piece of a file cut short finds it so, where a serial run says it
 * once. Remembers P otherwise. */
static bool
said_again(struct jobs *j, const char *p, size_t n)
{
    const struct task *t = j->current;

    if (t && t->kind == TASK_PIECE && !t->first && n == j->said_len &&
        memcmp(p, j->said, n) == 0)
        return true;
    j->said_len = n <= sizeof j->said ? n : SIZE_MAX;
    if (n <= sizeof j->said)
        memcpy(j->said, p, n);
    return false;
}

/* The lines of the current file before the piece being written, when
 * the piece was read without its origin (0 otherwise): counted here, only
 * for a line the writer says (an over-long candidate's), and on from the
 * last count in the same file, so that a file is counted once at most. */
static uint64_t
file_lines(struct jobs *j)
{
    const struct task *t = j->current;
    char buf[64 * 1024];
    struct urigrep_counts c;
    int fd;

    if (j->need_origin || t == NULL || t->kind != TASK_PIECE || t->first ||
        t->type == URIGREP_DOC_WARC)
        return 0;   /* (WARC lines count in each record) */
    if (j->pre_serial != j->wr.file_serial || j->pre_at > t->from) {
        j->pre_serial = j->wr.file_serial;
        j->pre_at = j->pre_lines = 0;
    }
    if ((fd = open(t->name, O_RDONLY)) < 0)
        return 0; /* gone: its worker said so */
    while (j->pre_at < t->from) {
        size_t n = t->from - j->pre_at < sizeof buf
                       ? (size_t)(t->from - j->pre_at) : sizeof buf;

        if (!read_at(fd, buf, n, j->pre_at))
            break;
        urigrep_count(buf, n, URIGREP_DOC_TEXT, 0, &c);
        j->pre_lines += c.lines;
        j->pre_at += n;
    }
    close(fd);
    return j->pre_lines;
}

/* The writer: file NAME starts; its count, -m, -l and -L start again. */
static void
file_start(struct jobs *j, const char *name)
{
    j->wr.file = name;
    j->wr.file_count = 0;
    j->wr.file_serial++;
    j->wr.file_stop = false;
}

/* The writer: file NAME was read, opened (OPENED) or not: what the
 * serial run does at its end (input_scan_file()). */
static void
file_written(struct jobs *j, const char *name, bool opened)
{
    struct run *wr = &j->wr;

    if (j->stop || !opened)
        return;
    wr->file = name;
    report_file_end(wr);
    report_file_flush(wr);
    progress_file_done();
}

/* Do what the serial run did at item TAG with P (N bytes). */
static void
write_item(struct jobs *j, char tag, const char *p, size_t n)
{
    const struct options *o = j->o;
    struct run *wr = &j->wr;

    if (j->stop)
        return;
    if (j->wfile_due) {
        file_start(j, j->wfile);
        j->wfile_due = false;
    }
    switch (tag) {
    case 'K': {
        uint64_t message;

        memcpy(&message, p, sizeof message);
        j->skip = !report_take(wr, p + sizeof message, n - sizeof message,
                               message);
        if (j->skip)
            return;
        report_selected(wr);
        if (wr->stop) {
            /* -q: the first is enough; the workers stop */
            pthread_mutex_lock(&j->mu);
            j->stop = true;
            pthread_cond_broadcast(&j->room);
            pthread_cond_signal(&j->queue);
            pthread_mutex_unlock(&j->mu);
        }
        break;
    }
    case 'E':
        if (!j->skip && !said_again(j, p, n))
            say_now(j, p, n);
        break;
    case 'O':
        if (j->skip)
            break;
        if (j->plain && n >= FLUSH_AT / 4) {
            /* a plain run's output of many references: written from the
             * worker's log itself, not copied (a copy reads every byte
             * on this CPU, and the worker writes its next log into the
             * same buffer from its own) */
            report_flush(wr);
            report_write(wr, p, n);
            break;
        }
        if (buf_append(&wr->outbuf, p, n))
            out_of_memory();
        if (j->plain && wr->outbuf.len >= FLUSH_AT)
            report_flush(wr);
        break;
    case 'F':
        /* a file of a TASK_FILE ended; the next, if any, starts at
         * its first item (each file has one: its 'F') */
        file_written(j, j->wfile, *p != 0);
        j->wfile += strlen(j->wfile) + 1;
        j->wfile_due = true;
        break;
    case 'N': {
        /* plain: the number of references the task selected */
        uint64_t count;

        memcpy(&count, p, sizeof count);
        wr->file_count += count;
        wr->any_selected |= count > 0;
        break;
    }
    case 'k':
        if (!j->skip && (wr->outbuf.len >= FLUSH_AT || o->line_buffered))
            report_flush(wr);
        j->skip = false;
        break;
    case 'S': {
        uint64_t v[8];
        int k;

        memcpy(v, p, sizeof v);
        wr->bad_bytes += v[6];
        wr->warc_skipped += v[7];
        for (k = 0; k < 2; k++) {
            if (wr->skipped[k] == 0 && v[3 * k])
                wr->skipped_line[k] = v[3 * k + 1] + file_lines(j);
            wr->skipped[k] += v[3 * k];
            if (v[3 * k])
                wr->skipped_limit[k] = v[3 * k + 2];
        }
        break;
    }
    }
}

/* Do what the items of log P (LEN bytes) say. */
static void
write_items(struct jobs *j, const char *p, size_t len)
{
    size_t i = 0, n;

    while (i < len) {
        char tag = p[i];

        memcpy(&n, p + i + 1, sizeof n);
        i += 1 + sizeof n;
        write_item(j, tag, p + i, n);
        i += n;
    }
}

/* Task T was written: what the serial run did at the end of its file
 * (a TASK_FILE's files ended at their 'F' items). */
static void
task_written(struct jobs *j, const struct task *t)
{
    if (j->stop || t->kind == TASK_MESSAGE)
        return;
    j->error |= t->error;
    if (t->kind == TASK_PIECE || t->kind == TASK_COMMITS)
        file_written(j, t->name, t->count_line);
}

static void
free_task(struct task *t)
{
    struct chunk *c, *next;

    for (c = t->head; c; c = next) {
        next = c->next;
        free(c->data);
        free(c);
    }
    pinbox_run_free(t->commits);
    free(t->name);
    free(t);
}

/* The writer: task T, the head, is being written; a file starts with it
 * (a TASK_FILE's first, or the first piece of a cut file). */
static void
head_begins(struct jobs *j, struct task *t)
{
    if (t == j->current)
        return;
    j->current = t;
    j->wfile_due = t->kind == TASK_FILE;
    if (t->kind == TASK_FILE)
        j->wfile = t->name;
    else if ((t->kind == TASK_PIECE || t->kind == TASK_COMMITS) && t->first)
        file_start(j, t->name);
}

/* Play the writer: J->writing is taken, and the thread's messages are
 * said at once, not logged (jobs_say()); it returns what SELF was. */
static struct worker *
begin_writing(struct jobs *j)
{
    struct worker *was = self;

    j->writing = true;
    self = NULL;
    return was;
}

static void
end_writing(struct jobs *j, struct worker *was)
{
    j->writing = false;
    self = was;
}

/* The head T's worker writes its log P (N bytes) itself, none of T's
 * chunks waiting and no thread writing. J->mu is held, and let go
 * while it writes. */
static void
write_own(struct jobs *j, struct task *t, const char *p, size_t n)
{
    struct worker *was = begin_writing(j);

    head_begins(j, t);
    pthread_mutex_unlock(&j->mu);
    write_items(j, p, n);
    pthread_mutex_lock(&j->mu);
    end_writing(j, was);
}

/* Write what can be written, in task order: the head's chunks, then each
 * done task, the head moving on. One thread writes at a time; another
 * that finds J->writing taken returns at once, and the one writing looks
 * again before it stops, so nothing waits unwritten. J->mu is held, and
 * let go while a chunk is written. */
static void
write_ready(struct jobs *j)
{
    struct worker *was;
    bool moved = false;

    if (j->writing || !writable(j))
        return;
    was = begin_writing(j);
    while (writable(j)) {
        struct task *t = j->head;

        head_begins(j, t);
        if (t->head) {
            struct chunk *c = t->head;

            t->head = c->next;
            if (t->head == NULL)
                t->tail = NULL;
            t->bytes -= c->len;
            pthread_mutex_unlock(&j->mu);
            write_items(j, c->data, c->len);
            pthread_mutex_lock(&j->mu);
            /* kept for a worker's next log: a chunk freed and allocated
             * again costs page faults */
            if (j->nspare < SPARE_PER_WORKER * j->n) {
                c->next = j->spare;
                j->spare = c;
                j->nspare++;
            } else {
                free(c->data);
                free(c);
            }
            continue;
        }
        pthread_mutex_unlock(&j->mu);
        task_written(j, t);
        pthread_mutex_lock(&j->mu);
        /* the next task streams: its log is no longer held */
        j->head = t->next;
        if (j->head == NULL)
            j->tail = NULL;
        else
            j->held -= j->head->bytes;
        j->queued--;
        moved = true;
        /* the planner is woken when the queue is half empty, not for
         * every task */
        if (j->planner_waits && j->queued <= j->max_queued / 2)
            pthread_cond_signal(&j->queue);
        /* the next task may be given T's address: a file starts there */
        j->current = NULL;
        free_task(t);
    }
    end_writing(j, was);
    if (moved)
        wake_room(j);
}

#ifdef HAVE_MALLOPT
/* glibc gives each thread an arena that it grows and shrinks with
 * mprotect() and madvise(): with threads on other CPUs each is a TLB
 * shootdown, a VM exit on a virtual machine. Grow in larger steps, give
 * back less often (a maildir at -j 2: 263 -> 244 ms of CPU). Under an
 * address-space limit (ulimit -v) that is room we may not have: each new
 * arena reserves 64 MiB, and whether a thread gets one or fails over to
 * another depended on timing (-j 8 under 96 MiB ran out of memory about
 * one run in six); there, the threads share one arena, unpadded (with
 * two, the second's 64 MiB still left -j 8 without room for its windows
 * on a loaded machine, tests/cli/jobs-address-space.sh). */
static void
tune_malloc(void)
{
    struct rlimit as;

    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
        mallopt(M_ARENA_MAX, 1);
        return;
    }
    mallopt(M_TOP_PAD, 8 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
}
#endif

/* ---- the planner ---- */

static void flush_batch(struct jobs *j);

/* msg_set_divert()'s hook: in a worker, or in the thread that queues
 * files, keep the message P (N bytes, said as "urigrep: P") for the
 * writer, which says it in its place in the output; true then. False
 * in any other thread. */
static bool
jobs_say(const char *p, size_t n)
{
    struct jobs *j = planner_jobs;
    struct task *t;

    if (self == NULL)
        return false;
    if (self != &planner_mark) {
        put_item(&self->r.outbuf, 'E', p, n);
        if (self->r.outbuf.len >= PUBLISH)
            publish(self, false);
        return true;
    }
    /* the planner's own message, in its place among the files */
    flush_batch(j);
    t = new_task(TASK_MESSAGE, NULL, false);
    if ((t->head = t->tail = calloc(1, sizeof *t->head)) == NULL ||
        (t->head->data = malloc(1 + sizeof n + n)) == NULL)
        out_of_memory();
    t->head->cap = 1 + sizeof n + n;
    t->head->len = 1 + sizeof n + n;
    t->head->data[0] = 'E';
    memcpy(t->head->data + 1, &n, sizeof n);
    memcpy(t->head->data + 1 + sizeof n, p, n);
    t->bytes = t->head->len;
    t->done = true;
    pthread_mutex_lock(&j->mu);
    if (j->head)
        j->held += t->bytes;
    enqueue(j, t);
    pthread_mutex_unlock(&j->mu);
    return true;
}

/* The type a serial run reads the file NAME as, from its first bytes P
 * (N), when the command may cut it: not with --charset or -x, not
 * compressed data but a .warc.gz, not binary text, not a type it reads
 * from the start (mail, HTML, news batches); else URIGREP_DOC_AUTO.
 * Whether a file of that type can be cut is the library's
 * (urigrep_cut_way()). */
static enum urigrep_doc_type
piece_type(const struct options *o, const char *name, const char *p,
           size_t n)
{
    enum urigrep_doc_type type;

    if (o->line_uri || o->charset)
        return URIGREP_DOC_AUTO;
    /* a .warc.gz is cut at gzip members that start records; other
     * compressed data is read in one stream */
    if (source_compressed(p, n))
        return (o->type == TYPE_AUTO || o->type == TYPE_WARC) &&
                       urigrep_cut_way(URIGREP_DOC_WARC, p, n) ==
                           URIGREP_CUT_MEMBERS
                   ? URIGREP_DOC_WARC : URIGREP_DOC_AUTO;
    switch (o->type) {
    case TYPE_TEXT:
    case TYPE_MBOX:
    case TYPE_MBOXO:
    case TYPE_MBOXRD:
    case TYPE_MBOXCL:
    case TYPE_MBOXCL2:
    case TYPE_WARC:
        type = report_doc_type(o->type);
        break;
    case TYPE_AUTO:
        type = input_doc_type(o, name, FOUND_NAMED, p, n);
        break;
    default:
        /* mail, HTML, MH messages, news batches */
        return URIGREP_DOC_AUTO;
    }
    if (type == URIGREP_DOC_TEXT && !o->text && memchr(p, '\0', n))
        return URIGREP_DOC_AUTO; /* binary: a worker says so */
    return urigrep_cut_way(type, p, n) != URIGREP_CUT_NONE
               ? type : URIGREP_DOC_AUTO;
}

/* How far past its first piece a file is searched for a cut before the
 * threads start: one megabyte, a fraction of a millisecond. */
#define CUT_PROBE (1024 * 1024)

/* A cutter of the file NAME mapped into *M, of a type that can be cut
 * (*TYPE), in pieces of PIECE bytes, its first cut looked for SEARCH
 * bytes past the first piece at most (0: to the end); NULL when it is
 * to be read whole: not a regular file of at least MIN bytes, not of
 * such a type, not to be mapped. */
static urigrep_cutter *
open_cutter(const struct options *o, const char *name, size_t min,
            size_t piece, size_t search, struct mapped *m,
            enum urigrep_doc_type *type, struct stamp *stamp)
{
    struct urigrep_cut_options co = { sizeof co, URIGREP_DOC_AUTO, piece,
                                      search, URIGREP_CUT_DROP_PAGES };
    urigrep_cutter *c = NULL;
    struct stat st;
    const char *p;
    size_t size;
    int fd;

    /* stat() first: opening a FIFO would wait for its writer */
    if (stat(name, &st) != 0 || !S_ISREG(st.st_mode) ||
        (uint64_t)st.st_size < (uint64_t)min ||
        (uint64_t)st.st_size > SIZE_MAX || st.st_size == 0 ||
        (fd = open(name, O_RDONLY)) < 0)
        return NULL;
    /* mapped to look for cuts: only the pages near them are read, and
     * given back */
    stamp_take(stamp, fd);
    size = stamp->known && stamp->size <= SIZE_MAX ? (size_t)stamp->size
                                                   : (size_t)st.st_size;
    p = mapped_map(m, fd, 0, size);
    close(fd);
    if (p == NULL)
        return NULL;
    co.type = *type =
        piece_type(o, name, p, size < 32 * 1024 ? size : 32 * 1024);
    if (co.type == URIGREP_DOC_AUTO ||
        urigrep_cutter_new(p, size, &co, &c) != URIGREP_OK) {
        mapped_unmap(m);
        return NULL;
    }
    return c;
}

bool
jobs_splittable(const struct options *o, const char *name, size_t min)
{
    struct mapped m = { NULL, 0 };
    struct urigrep_piece first;
    enum urigrep_doc_type type;
    struct stamp stamp;
    urigrep_cutter *c;
    bool ok;

    /* a cut within CUT_PROBE of the first piece's end: a text with no
     * empty line (a log, a generated file), an mbox of one huge message,
     * a WARC file damaged in its first piece have none, and threads
     * started for them would read one piece (-j 2 on such 10 MB files
     * of bench/adversarial.sh: 6-12% over -j 1) */
    c = open_cutter(o, name, min, jobs_piece_size(), CUT_PROBE, &m, &type,
                    &stamp);
    if (c == NULL)
        return false;
    ok = urigrep_cutter_next(c, &first) && first.end < m.len;
    urigrep_cutter_free(c);
    mapped_unmap(&m);
    return ok;
}

/* The pieces of NAME, linked by next and next_piece, when it is large
 * enough and of a type that can be cut, *LAST the last and *COUNT how
 * many; NULL when it is to be read whole. */
static struct task *
cut_file(struct jobs *j, const char *name, enum found walking,
         struct task **last, size_t *count)
{
    struct task *prev = NULL, *first = NULL, *t;
    enum urigrep_doc_type type = URIGREP_DOC_AUTO;
    struct mapped m = { NULL, 0 };
    struct urigrep_piece pc;
    struct stamp stamp;
    urigrep_cutter *c;
    bool chained;

    *count = 0;
    *last = NULL;
    /* a mail folder's message is one message */
    if (walking == FOUND_MESSAGE ||
        (c = open_cutter(j->o, name, 2 * j->piece_size, j->piece_size, 0,
                         &m, &type, &stamp)) == NULL)
        return NULL;
    chained = urigrep_cutter_way(c) == URIGREP_CUT_CHAIN;
    /* all pieces are made and linked first: a piece may be written and
     * freed before the next is queued */
    while (urigrep_cutter_next(c, &pc) && !(pc.start == 0 &&
                                             pc.end >= m.len)) {
        if (j->trace)
            fprintf(j->trace, "%s %llu %llu\n", name,
                    (unsigned long long)pc.start, (unsigned long long)pc.end);
        t = new_task(TASK_PIECE, name, walking);
        t->from = pc.start;
        t->to = pc.end;
        t->type = type;
        t->chained = chained;
        t->first = pc.start == 0;
        t->last = pc.end >= m.len;
        if (t->last)
            t->stamp = stamp;
        t->origin_known = pc.start == 0;
        if (prev) {
            /* the chain's messages in the piece before */
            prev->chain_count = pc.messages_before - prev->chain_count;
            prev->next_piece = prev->next = t;
        } else
            first = t;
        t->chain_count = pc.messages_before;
        prev = t;
        ++*count;
    }
    if (prev)
        prev->chain_count = 0;  /* (no piece after it needs them) */
    /* a file that shrank meanwhile: the pieces past its end say so when
     * they are read */
    urigrep_cutter_free(c);
    mapped_unmap(&m);
    *last = prev;
    return first;
}

/* Queue NAME in pieces when it is large enough and of a type that can be
 * cut; false when it is to be read whole. */
static bool
add_pieces(struct jobs *j, const char *name, enum found walking)
{
    struct task *t, *next, *last;
    size_t count;

    for (t = cut_file(j, name, walking, &last, &count); t; t = next) {
        next = t->next_piece;
        pthread_mutex_lock(&j->mu);
        wait_queue(j);
        enqueue(j, t);
        pthread_mutex_unlock(&j->mu);
    }
    return count > 0;
}

/* Is J's pick among the tasks from P on (or none)? J->mu is held. */
static bool
pick_is_after(const struct jobs *j, const struct task *p)
{
    for (; p; p = p->next)
        if (p == j->pick)
            return true;
    return j->pick == NULL;
}

/* A worker ends TASK_FILE T early, at NAME, one of its names, NREST names
 * with those after it: they are queued right after T, to be taken next,
 * NAME in pieces first when CUT (input_read_file() deferred it). So the
 * planner need not know the sizes of files it batches: a large one is
 * cut, and the files after one that is merely large go to another
 * worker. False when NAME cannot be cut after all (nothing queued). */
static bool
hand_off(struct worker *w, struct task *t, const char *name, size_t nrest,
         bool cut)
{
    struct jobs *j = w->j;
    struct task *first = NULL, *last = NULL, *rest;
    size_t count = 0, len = 0, i;

    if (cut) {
        if ((first = cut_file(j, name, t->walking, &last, &count)) == NULL)
            return false;
        name += strlen(name) + 1;
        nrest--;
    }
    if (nrest > 0) {
        for (i = 0; i < nrest; i++)
            len += strlen(name + len) + 1;
        rest = new_task(TASK_FILE, NULL, t->walking);
        if ((rest->name = malloc(len)) == NULL)
            out_of_memory();
        memcpy(rest->name, name, len);
        rest->nfiles = nrest;
        rest->unsized = true;
        if (last)
            last->next = rest;
        else
            first = rest;
        last = rest;
        count++;
    }
    if (first == NULL)
        return true;
    pthread_mutex_lock(&j->mu);
    last->next = t->next;
    t->next = first;
    if (j->tail == t)
        j->tail = last;
    j->queued += count;
    /* the pick is the first task not taken: these, if it was after T
     * (every task from T to it is taken), else it stays. Another worker
     * may have handed off from a task before T, its tasks not all taken
     * yet: moving the pick past them left them to no worker, and the run
     * hung with the budget full, or ended without their output. */
    if (pick_is_after(j, last->next))
        j->pick = first;
    pthread_cond_broadcast(&j->work);
    pthread_mutex_unlock(&j->mu);
    return true;
}

/* Queue the small files batched so far as one task. */
static void
flush_batch(struct jobs *j)
{
    struct task *t;

    if (j->batch_files == 0)
        return;
    t = new_task(TASK_FILE, NULL, j->batch_walking);
    if ((t->name = malloc(j->batch.len)) == NULL)
        out_of_memory();
    memcpy(t->name, j->batch.data, j->batch.len);
    t->nfiles = j->batch_files;
    t->unsized = j->batch_unsized;
    j->batch.len = 0;
    j->batch_files = 0;
    j->batch_unsized = false;
    pthread_mutex_lock(&j->mu);
    wait_queue(j);
    enqueue(j, t);
    pthread_mutex_unlock(&j->mu);
}

void
jobs_add_file(struct jobs *j, struct run *r, const char *name, int64_t size)
{
    struct task *t;

    pthread_mutex_lock(&j->mu);
    r->stop = j->stop;
    pthread_mutex_unlock(&j->mu);
    if (r->stop)
        return;
    /* a task costs locks, a thread's wake and a log of its own: small
     * files (a maildir's messages) go BATCH_FILES at a time, and so do
     * files of unknown size (SIZE -1: -r's readdir() said they are
     * regular files, or they were named): their worker learns the size
     * of those larger than a read and hands off what follows
     * (hand_off()), which spares a stat() a file here */
    if (size < BATCH_FILE_MAX) {
        if (j->batch_files && j->batch_walking != r->walking)
            flush_batch(j);
        if (buf_append(&j->batch, name, strlen(name) + 1))
            out_of_memory();
        j->batch_walking = r->walking;
        j->batch_unsized |= size < 0;
        if (++j->batch_files >= BATCH_FILES)
            flush_batch(j);
        return;
    }
    flush_batch(j);
    pthread_mutex_lock(&j->mu);
    wait_queue(j);
    r->stop = j->stop;
    pthread_mutex_unlock(&j->mu);
    if (r->stop || add_pieces(j, name, r->walking))
        return;
    t = new_task(TASK_FILE, name, r->walking);
    t->nfiles = 1;
    pthread_mutex_lock(&j->mu);
    enqueue(j, t);
    pthread_mutex_unlock(&j->mu);
}

void
jobs_add_commits(struct jobs *j, struct run *r, const char *name,
                 struct pinbox_run *run, bool first, bool last)
{
    struct task *t;

    flush_batch(j);
    pthread_mutex_lock(&j->mu);
    wait_queue(j);
    r->stop = j->stop;
    pthread_mutex_unlock(&j->mu);
    if (r->stop) {
        pinbox_run_free(run);
        return;
    }
    t = new_task(TASK_COMMITS, name, r->walking);
    t->commits = run;
    t->first = first;
    t->last = last;
    pthread_mutex_lock(&j->mu);
    enqueue(j, t);
    pthread_mutex_unlock(&j->mu);
}

/* ---- start and finish ---- */

/* Worker W's copy of the options: patterns with match data of its own
 * (pcre2 match data is not shared between threads); -u is the
 * writer's. */
static void
worker_options(struct worker *w, const struct options *o)
{
    size_t i;

    w->o = *o;
    w->o.unique = false;
    if (o->npats == 0)
        return;
    if ((w->o.pats = calloc(o->npats, sizeof *w->o.pats)) == NULL)
        out_of_memory();
    for (i = 0; i < o->npats; i++) {
        w->o.pats[i].code = o->pats[i].code;
        w->o.pats[i].md =
            pcre2_match_data_create_from_pattern(o->pats[i].code, NULL);
        if (w->o.pats[i].md == NULL)
            out_of_memory();
    }
}

struct jobs *
jobs_start(struct run *r, unsigned n)
{
    struct jobs *j = aligned_alloc(64, sizeof *j);
    const char *env;
    pthread_attr_t attr;
    unsigned i;
    int rc;

    /* sizeof of a struct with a member aligned to 64 is a multiple of 64,
     * as aligned_alloc() wants */
    if (j == NULL)
        out_of_memory();
    memset(j, 0, sizeof *j);
    if ((j->w = aligned_alloc(64, n * sizeof *j->w)) == NULL)
        out_of_memory();
    memset(j->w, 0, n * sizeof *j->w);
    /* before any worker starts: they read the hook */
    msg_set_divert(jobs_say);
#ifdef HAVE_MALLOPT
    tune_malloc();
#endif
    pthread_mutex_init(&j->mu, NULL);
    pthread_cond_init(&j->work, NULL);
    pthread_cond_init(&j->room, NULL);
    pthread_cond_init(&j->queue, NULL);
    j->o = r->o;
    j->n = n;
    j->budget = (size_t)n * BUDGET_PER_WORKER;
    if (j->budget > BUDGET_MAX)
        j->budget = BUDGET_MAX;
    j->max_queued = (size_t)n * QUEUE_PER_WORKER;
    j->plain = !r->o->unique && !r->o->has_max && !r->o->quiet &&
               r->o->list == LIST_NONE && !r->o->count;
    /* mboxcl and mboxcl2 say damage at a line (a Content-Length that
     * lies or is no count) whatever is printed: their pieces know their
     * origin, so that the line is the file's */
    j->need_origin = r->o->out.line_number || r->o->json || r->o->format ||
                     r->o->verbose || r->o->unique_scope == UNIQUE_MESSAGE ||
                     r->o->type == TYPE_MBOXCL || r->o->type == TYPE_MBOXCL2;
    j->piece_size = jobs_piece_size();
    /* for the tests: where files were cut, "NAME FROM TO" a piece */
    if ((env = getenv("URIGREP_JOBS_TRACE")) != NULL && *env &&
        (j->trace = fopen(env, "a")) == NULL) {
        report_msg("%s: %s", env, strerror(errno));
        exit(2);
    }
    report_extract_options(r->o, &j->xo);
    /* a worker's stack is WORKER_STACK, not the 8 MiB (RLIMIT_STACK)
     * glibc gives by default: under ulimit -v those were address space
     * that two workers and their windows ran out of */
    if ((rc = pthread_attr_init(&attr)) != 0 ||
        (rc = pthread_attr_setstacksize(&attr, WORKER_STACK)) != 0) {
        report_msg("cannot start a thread: %s", strerror(rc));
        exit(2);
    }
    j->wr.o = r->o;
    j->wr.seen = r->seen;
    buf_init(&j->wr.outbuf, SIZE_MAX / 2);
    buf_init(&j->batch, SIZE_MAX / 2);
    for (i = 0; i < n; i++) {
        struct worker *w = &j->w[i];

        w->j = j;
        w->run_o = r->o;
        w->plain = j->plain;
        w->need_origin = j->need_origin;
        w->o_item = SIZE_MAX;
        worker_options(w, r->o);
        w->r.o = &w->o;
        w->r.hold = true;
        buf_init(&w->r.outbuf, SIZE_MAX / 2);
        if ((rc = pthread_create(&w->tid, &attr, worker_main, w)) != 0) {
            report_msg("cannot start a thread: %s", strerror(rc));
            exit(2);
        }
    }
    pthread_attr_destroy(&attr);
    /* the writer's messages follow its output */
    report_flush_before_messages(&j->wr);
    planner_jobs = j;
    self = &planner_mark;
    return j;
}

void
jobs_finish(struct jobs *j, struct run *r)
{
    unsigned i;

    flush_batch(j);
    pthread_mutex_lock(&j->mu);
    j->closing = true;
    pthread_cond_broadcast(&j->work);
    pthread_mutex_unlock(&j->mu);
    for (i = 0; i < j->n; i++)
        pthread_join(j->w[i].tid, NULL);
    /* every task is done; each was written by the thread that ended it */
    pthread_mutex_lock(&j->mu);
    write_ready(j);
    if (j->head && !j->stop) {
        /* a task no worker ran: never silent loss of output */
        report_flush(&j->wr);
        fprintf(stderr, PROGRAM ": internal error: -j left %s unread; "
                "run with -j 1\n",
                j->head->kind == TASK_MESSAGE ? "a message" : "files");
        j->error = true;
    }
    pthread_mutex_unlock(&j->mu);
    report_flush_before_messages(r);
    self = NULL;
    planner_jobs = NULL;
    msg_set_divert(NULL);
    report_flush(&j->wr);
    r->any_selected |= j->wr.any_selected;
    r->seen = j->wr.seen; /* -u may have started it again */
    r->error |= j->error;
    for (i = 0; i < j->n; i++) {
        struct worker *w = &j->w[i];
        size_t k;

        urigrep_extractor_free(w->r.x);
        free(w->r.readbuf);
        source_free(w->r.src);
        buf_free(&w->r.outbuf);
        urigrep_free(w->r.norm);
        for (k = 0; k < w->o.npats; k++)
            pcre2_match_data_free(w->o.pats[k].md);
        if (w->o.npats)
            free(w->o.pats);
    }
    buf_free(&j->wr.outbuf);
    buf_free(&j->batch);
    while (j->spare) {
        struct chunk *c = j->spare;

        j->spare = c->next;
        free(c->data);
        free(c);
    }
    if (j->trace)
        fclose(j->trace);
    pthread_cond_destroy(&j->work);
    pthread_cond_destroy(&j->room);
    pthread_cond_destroy(&j->queue);
    pthread_mutex_destroy(&j->mu);
    free(j->w);
    free(j);
}
