/* queue.h: what the four files of -j share: the queue of tasks the
 * planner fills (jobs.c, cutting large files with cut.c), the workers
 * run (worker.c) and the writer empties (queue.c), and how it works. */
/* SPDX-License-Identifier: MIT */
#ifndef URIGREP_JOBS_QUEUE_H
#define URIGREP_JOBS_QUEUE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "input/stamp.h"

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
 * (queue_write_ready()). No thread is woken to write: on a machine with as
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
 * warning it says (file_lines()). Workers read pieces with pread()
 * into their read buffers (worker.c's piece_bytes() says why not
 * mmap()); the thread that cuts a file (cut_begin() and cut_next(): the
 * planner for a file -r had to stat, its size known, else the worker that
 * met the file in a batch, hand_off()) has the library's cutter read it
 * (urigrep_cutter_new_fd()), and queues each piece as soon as the cut
 * after it is known.
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

/* TASK_COMMITS: a run of commits of a public-inbox archive (pinbox/),
 * a piece of it as TASK_PIECE is of a file */
enum task_kind { TASK_FILE, TASK_PIECE, TASK_MESSAGE, TASK_COMMITS };

/* A published part of a task's log.
 * Owner: worker.c fills it (worker_publish()), queue.c's writer reads and
 * recycles it. */
struct chunk {
    struct chunk *next;
    size_t len, cap;
    char *data;             /* a worker's log buffer, handed over */
};

/* A task: a batch of files, a piece of one, a message, a run of commits.
 * Owner: jobs.c and cut.c make it; under J->mu its worker (worker.c)
 * publishes its log and its counts, queue.c's writer writes and frees
 * it. */
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

/* A worker thread.  Owner: worker.c; jobs.c sets it up and frees it. */
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
    struct pinbox_cache *git; /* repositories of TASK_COMMITS */
    const char *why;        /* the piece could not be read whole: why */
};

/* The run's -j.  Owner: jobs.c sets it up and frees it; the queue's
 * fields under MU are changed by queue.c's calls (and hand_off() in
 * worker.c), the writer's state by queue.c alone, the batch by jobs.c. */
struct jobs {
    _Alignas(64) pthread_mutex_t mu;
    /* three conditions, so that a chunk does not wake every thread: */
    pthread_cond_t work;        /* a task to run, or closing */
    pthread_cond_t room;        /* the head moved, an origin is known, or
                                   -q matched (budget, pieces) */
    pthread_cond_t queue;       /* the queue is half empty, or -q matched */
    bool planner_waits;
    unsigned room_waiters;
    bool writing;               /* a thread plays the writer (queue_write_ready()) */
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

/* The worker this thread is, or jobs.c's planner mark; NULL in a serial
 * run and in the writer (queue.c). */
extern _Thread_local struct worker *jobs_self;

/* queue.c: the queue (J->mu held where said) */
void queue_put_item(struct urigrep_buf *b, char tag, const char *p, size_t n);
struct task *queue_new_task(enum task_kind kind, const char *name,
                            enum found walking);
void queue_add(struct jobs *j, struct task *t);
void queue_wait_room(struct jobs *j);
void queue_wait_queue(struct jobs *j);
void queue_wake_room(struct jobs *j);
/* queue.c: the writer */
void queue_write_ready(struct jobs *j);
void queue_write_own(struct jobs *j, struct task *t, const char *p,
                     size_t n);

/* worker.c */
void worker_publish(struct worker *w, bool final);
void *worker_main(void *arg);
void worker_options(struct worker *w, const struct options *o);

/* A file being cut (cut.c): its pieces come one at a time, each as soon
 * as the cut after it is known (its messages along a chain are counted
 * then), so that workers read the first pieces while the rest is cut.
 * Owner: cut.c, for the thread that cuts. */
struct cut_walk {
    urigrep_cutter *c;
    int fd;                 /* the file, read by the cutter */
    uint64_t size;          /* its size when it was opened */
    enum urigrep_doc_type type;
    struct stamp stamp;     /* the file when it was opened */
    bool chained;           /* cut along a Content-Length chain */
    const char *name;
    enum found walking;
    struct task *prev;      /* made, waiting for the cut after it */
};

/* cut.c: start cutting NAME into *CW; false (nothing to end) when it is
 * to be read whole. */
bool cut_begin(struct jobs *j, const char *name, enum found walking,
               struct cut_walk *cw);
/* The next piece of CW as a task, linked to the one after it by
 * next_piece (not by next: not queued); NULL after the last. */
struct task *cut_next(struct jobs *j, struct cut_walk *cw);
/* Done with CW (every piece taken). */
void cut_end(struct cut_walk *cw);

#endif
