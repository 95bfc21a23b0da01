/* worker.c: -j's workers: each takes the next task of the queue and
 * reads it as a serial run would, its output logged for the writer;
 * a worker that meets a large file in a batch hands the rest on. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/mapped.h"
#include "input/readat.h"
#include "pinbox/pinbox.h"
#include "output/progress.h"
#include "input/warcgz.h"
#include "jobs/queue.h"

static bool hand_off(struct worker *w, struct task *t, const char *name,
                     size_t nrest, bool cut);

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

void
worker_publish(struct worker *w, bool final)
{
    struct jobs *j = w->j;
    struct task *t = w->t;
    struct chunk *c = NULL;
    size_t n = w->r.outbuf.len;

    w->o_item = SIZE_MAX;
    pthread_mutex_lock(&j->mu);
    while (n && t != j->head && j->held && j->held + n > j->budget &&
           !j->stop)
        queue_wait_room(j);
    if (j->stop) {
        w->r.stop = true;
        n = 0;
    }
    if (n && t == j->head && t->head == NULL && !j->writing) {
        /* the head, none of it waiting: its worker writes the log */
        queue_write_own(j, t, w->r.outbuf.data, n);
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
    queue_write_ready(j);
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
        queue_put_item(&w->r.outbuf, 'O', NULL, 0);
    }
    format_into_log(w, ref, parts, w->o_item);
    w->o_end = w->r.outbuf.len;
    r->file_count++;
    if (w->r.outbuf.len >= PUBLISH)
        worker_publish(w, false);
}

/* The extractor's reference callback in a worker: what depends on the
 * reference alone is decided and formatted here; -m, -u, -q, -l and -L,
 * which depend on what came before it in the serial order, are the
 * writer's (write_item()). Without -u a worker may still stop early:
 * what -m, -l, -L or -q ends in its task would end the serial run too. */
static int
worker_ref(void *arg, const struct urigrep_ref *ref)
{
    struct worker *w = jobs_self;
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
    queue_put_item(&w->r.outbuf, 'O', NULL, 0);
    if (format_into_log(w, ref, parts, mark) == 0)
        w->r.outbuf.len = mark;
    queue_put_item(&w->r.outbuf, 'k', NULL, 0);
    if (w->r.outbuf.len >= PUBLISH)
        worker_publish(w, false);
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
    queue_put_item(&w->r.outbuf, 'S', (const char *)v, sizeof v);
}


/* Bytes of piece T (open as FD) from offset AT, at most *N and at most
 * the read buffer, read into the worker's read buffer; *N becomes how
 * many.  Fewer than asked when the file is shorter now: what it still
 * has, W->why saying that it shrank. NULL when there is none (an error
 * is said, or W->why says it shrank).
 *
 * Read, not mapped: on a virtual machine each page fault of a mapping is
 * a VM exit, and the scan of mapped pages misses the TLB where a 128 KiB
 * buffer stays in the cache; -j 2 -c on 945 MB of text took 0.53 s (1.04
 * s of CPU) through 4 MiB mapped windows, against 0.30 s for -j 1, which
 * reads; 0.19 s read (bench/README, issue 35). */
static const char *
piece_bytes(struct worker *w, struct task *t, int fd, uint64_t at,
            size_t *n)
{
    ssize_t k;

    if ((k = input_pread(fd, w->r.readbuf, *n, at)) < 0) {
        report_file_error(&w->r, t->name, strerror(errno));
        return NULL;
    }
    if ((size_t)k < *n) {
        w->why = MAPPED_SHRANK;
        *n = (size_t)k;
        if (k == 0)
            return NULL;
    }
    return w->r.readbuf;
}

/* Count the lines and messages of piece T (open as FD), a buffer at a
 * time. *END is where the count stopped: T->to, or less when the file
 * shrank. False when it could not be read (said). */
static bool
count_piece(struct worker *w, struct task *t, int fd, uint64_t *end,
            uint64_t *lines, uint64_t *messages)
{
    uint64_t at = t->from;
    struct urigrep_counts c;
    urigrep_counter *k;
    bool ok = true;

    /* (a separator line across two reads is the counter's to see) */
    if (urigrep_counter_new(t->type, t->from == 0, &k) != URIGREP_OK)
        out_of_memory();
    while (at < t->to && w->why == NULL) {
        size_t n = t->to - at < w->o.buffer_size ? (size_t)(t->to - at)
                                                 : w->o.buffer_size;
        const char *p = piece_bytes(w, t, fd, at, &n);

        if (p == NULL) {
            ok = false;
            break;
        }
        urigrep_counter_feed(k, p, n);
        at += n;
    }
    urigrep_counter_counts(k, &c);
    urigrep_counter_free(k);
    *lines = c.lines;
    *messages = c.messages;
    *end = at;
    return ok || w->why != NULL;
}

/* Read piece T (open as FD) up to offset END with its origin, a buffer
 * at a time. */
static void
scan_piece(struct worker *w, struct task *t, int fd, uint64_t end)
{
    struct run *r = &w->r;
    uint64_t at;

    if (urigrep_extractor_set_origin(r->x, t->type, t->org_line, t->from,
                                     t->org_message) != URIGREP_OK)
        out_of_memory();
    /* a Content-Length is checked where it ends, in this piece or not */
    urigrep_extractor_set_read_at(r->x, input_read_at, (void *)(intptr_t)fd);
    /* the worker's log is published as references fill it (worker_ref()),
     * not here */
    for (at = t->from; at < end && !r->stop && !r->file_stop;) {
        size_t n = end - at < w->o.buffer_size ? (size_t)(end - at)
                                               : w->o.buffer_size;
        const char *p = piece_bytes(w, t, fd, at, &n);

        if (p == NULL)
            break;
        progress_bytes(n);
        input_feed(r, p, n);
        at += n;
        if (w->why != NULL)
            break;
    }
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
    queue_wake_room(j);
    while (!t->origin_known && !j->stop)
        queue_wait_room(j);
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
        queue_put_item(&w->r.outbuf, 'N', (const char *)&r->file_count,
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
        queue_put_item(&w->r.outbuf, 'F', &opened, 1);
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
        worker_publish(w, true);
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
    worker_publish(w, true);
}

void *
worker_main(void *arg)
{
    struct worker *w = arg;
    struct jobs *j = w->j;

    jobs_self = w;
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

/* Is J's pick among the tasks from P on (or none)? J->mu is held. */
static bool
pick_is_after(const struct jobs *j, const struct task *p)
{
    for (; p; p = p->next)
        if (p == j->pick)
            return true;
    return j->pick == NULL;
}

/* Queue task P right after AFTER, for the next worker that looks. */
static void
insert_after(struct jobs *j, struct task *after, struct task *p)
{
    pthread_mutex_lock(&j->mu);
    p->next = after->next;
    after->next = p;
    if (j->tail == after)
        j->tail = p;
    j->queued++;
    /* the pick is the first task not taken: P, if it was after P (every
     * task before P is taken), else it stays. Another worker may have
     * handed off from a task before T, its tasks not all taken yet:
     * moving the pick past them left them to no worker, and the run hung
     * with the budget full, or ended without their output. */
    if (pick_is_after(j, p->next))
        j->pick = p;
    pthread_cond_broadcast(&j->work);
    pthread_mutex_unlock(&j->mu);
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
    struct task *after = t, *p, *rest;
    struct cut_walk cw;
    size_t len = 0, i;

    if (cut) {
        if (!cut_begin(j, name, t->walking, &cw))
            return false;
        /* each piece queued as soon as it is cut, so that the other
         * workers read while this one cuts: none is written (and freed)
         * before T, which is not done until this returns */
        while ((p = cut_next(j, &cw)) != NULL) {
            insert_after(j, after, p);
            after = p;
        }
        cut_end(&cw);
        name += strlen(name) + 1;
        nrest--;
    }
    if (nrest > 0) {
        for (i = 0; i < nrest; i++)
            len += strlen(name + len) + 1;
        rest = queue_new_task(TASK_FILE, NULL, t->walking);
        if ((rest->name = malloc(len)) == NULL)
            out_of_memory();
        memcpy(rest->name, name, len);
        rest->nfiles = nrest;
        rest->unsized = true;
        insert_after(j, after, rest);
    }
    return true;
}

/* Worker W's copy of the options: patterns with match data of its own
 * (pcre2 match data is not shared between threads); -u is the
 * writer's. */
void
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
