/* jobs.c: -j: workers read files, and pieces of large ones, in parallel;
 * one writer prints what they found in the order of a serial run. This
 * file is the planner (what the command line queues), and starts and
 * ends the workers; queue.h says how it works. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#ifdef HAVE_MALLOPT
#include <malloc.h>
#endif
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "jobs/jobs.h"
#include "pinbox/pinbox.h"
#include "input/source.h"
#include "jobs/queue.h"

/* The planner's mark in jobs_self, and its jobs, for jobs_say(). */
static struct worker planner_mark;
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

    if (jobs_self == NULL)
        return false;
    if (jobs_self != &planner_mark) {
        queue_put_item(&jobs_self->r.outbuf, 'E', p, n);
        if (jobs_self->r.outbuf.len >= PUBLISH)
            worker_publish(jobs_self, false);
        return true;
    }
    /* the planner's own message, in its place among the files */
    flush_batch(j);
    t = queue_new_task(TASK_MESSAGE, NULL, false);
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
    queue_add(j, t);
    pthread_mutex_unlock(&j->mu);
    return true;
}

/* Queue NAME in pieces when it is large enough and of a type that can be
 * cut, each as soon as it is cut; false when it is to be read whole. */
static bool
add_pieces(struct jobs *j, const char *name, enum found walking)
{
    struct cut_walk cw;
    struct task *t;

    if (!cut_begin(j, name, walking, &cw))
        return false;
    /* a piece is queued once the one after it is made and linked to it
     * (cut_next()): it may be written and freed before that one is
     * queued, and its worker passes the origin on through the link */
    while ((t = cut_next(j, &cw)) != NULL) {
        pthread_mutex_lock(&j->mu);
        queue_wait_queue(j);
        queue_add(j, t);
        pthread_mutex_unlock(&j->mu);
    }
    cut_end(&cw);
    return true;
}

/* Queue the small files batched so far as one task. */
static void
flush_batch(struct jobs *j)
{
    struct task *t;

    if (j->batch_files == 0)
        return;
    t = queue_new_task(TASK_FILE, NULL, j->batch_walking);
    if ((t->name = malloc(j->batch.len)) == NULL)
        out_of_memory();
    memcpy(t->name, j->batch.data, j->batch.len);
    t->nfiles = j->batch_files;
    t->unsized = j->batch_unsized;
    j->batch.len = 0;
    j->batch_files = 0;
    j->batch_unsized = false;
    pthread_mutex_lock(&j->mu);
    queue_wait_queue(j);
    queue_add(j, t);
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
    queue_wait_queue(j);
    r->stop = j->stop;
    pthread_mutex_unlock(&j->mu);
    if (r->stop || add_pieces(j, name, r->walking))
        return;
    t = queue_new_task(TASK_FILE, name, r->walking);
    t->nfiles = 1;
    pthread_mutex_lock(&j->mu);
    queue_add(j, t);
    pthread_mutex_unlock(&j->mu);
}

void
jobs_add_commits(struct jobs *j, struct run *r, const char *name,
                 struct pinbox_run *run, bool first, bool last)
{
    struct task *t;

    flush_batch(j);
    pthread_mutex_lock(&j->mu);
    queue_wait_queue(j);
    r->stop = j->stop;
    pthread_mutex_unlock(&j->mu);
    if (r->stop) {
        pinbox_run_free(run);
        return;
    }
    t = queue_new_task(TASK_COMMITS, name, r->walking);
    t->commits = run;
    t->first = first;
    t->last = last;
    pthread_mutex_lock(&j->mu);
    queue_add(j, t);
    pthread_mutex_unlock(&j->mu);
}

/* ---- start and finish ---- */

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
    jobs_self = &planner_mark;
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
    queue_write_ready(j);
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
    jobs_self = NULL;
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

