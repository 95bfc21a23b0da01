/* queue.c: -j's queue of tasks, and its writer: the part any thread
 * plays that prints the tasks' logs in the order of a serial run
 * (queue.h says how it all works). */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/readat.h"
#include "pinbox/pinbox.h"
#include "output/progress.h"
#include "jobs/queue.h"

_Thread_local struct worker *jobs_self;

/* Append item TAG with P (N bytes) to B. */
void
queue_put_item(struct urigrep_buf *b, char tag, const char *p, size_t n)
{
    if (buf_append(b, &tag, 1) || buf_append(b, &n, sizeof n) ||
        (n && buf_append(b, p, n)))
        out_of_memory();
}

/* Something can be written: the head has published chunks or is done. */
static bool
writable(const struct jobs *j)
{
    return j->head && (j->head->head || j->head->done);
}

/* Wait for room (see struct jobs); J->mu is held. Room is made by the
 * writer: when no thread is writing, this one writes instead of
 * waiting. */
void
queue_wait_room(struct jobs *j)
{
    if (!j->writing && writable(j)) {
        queue_write_ready(j);
        return;
    }
    j->room_waiters++;
    pthread_cond_wait(&j->room, &j->mu);
    j->room_waiters--;
}

/* The planner: wait while the queue is full, then until it is half
 * empty, so that it queues tasks (and is woken) in bursts, not one a
 * task. J->mu is held. */
void
queue_wait_queue(struct jobs *j)
{
    if (j->queued < j->max_queued)
        return;
    while (j->queued > j->max_queued / 2 && !j->stop) {
        if (!j->writing && writable(j)) {
            queue_write_ready(j);
            continue;
        }
        j->planner_waits = true;
        pthread_cond_wait(&j->queue, &j->mu);
    }
    j->planner_waits = false;
}

/* Wake those waiting for room; J->mu is held. */
void
queue_wake_room(struct jobs *j)
{
    if (j->room_waiters)
        pthread_cond_broadcast(&j->room);
}

/* Append task T to the queue; J->mu is held. */
void
queue_add(struct jobs *j, struct task *t)
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
        queue_write_ready(j);
}

struct task *
queue_new_task(enum task_kind kind, const char *name, enum found walking)
{
    struct task *t = calloc(1, sizeof *t);

    if (t == NULL || (name && (t->name = strdup(name)) == NULL))
        out_of_memory();
    t->kind = kind;
    t->walking = walking;
    return t;
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

        if (!input_pread_all(fd, buf, n, j->pre_at))
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
    struct worker *was = jobs_self;

    j->writing = true;
    jobs_self = NULL;
    return was;
}

static void
end_writing(struct jobs *j, struct worker *was)
{
    j->writing = false;
    jobs_self = was;
}

/* The head T's worker writes its log P (N bytes) itself, none of T's
 * chunks waiting and no thread writing. J->mu is held, and let go
 * while it writes. */
void
queue_write_own(struct jobs *j, struct task *t, const char *p, size_t n)
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
void
queue_write_ready(struct jobs *j)
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
        queue_wake_room(j);
}
