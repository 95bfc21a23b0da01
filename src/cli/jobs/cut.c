/* cut.c: whether -j cuts a file, and its pieces as tasks: the
 * library's cutter (urigrep_cutter) reading the file. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jobs/jobs.h"
#include "input/readat.h"
#include "input/source.h"
#include "input/stamp.h"
#include "jobs/queue.h"

size_t
jobs_piece_size(void)
{
    const char *env = getenv("URIGREP_SPLIT_SIZE");

    return env && atol(env) > 0 ? (size_t)atol(env) : PIECE_SIZE;
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

/* The bytes piece_type() looks at, from a file's start. */
#define TYPE_PEEK (32 * 1024)

/* A cutter of the file NAME, open as *FD (the caller closes it after the
 * cutter), *SIZE bytes long, of a type that can be cut (*TYPE), in
 * pieces of PIECE bytes, its first cut looked for SEARCH bytes past the
 * first piece at most (0: to the end); NULL (and *FD -1) when it is to
 * be read whole: not a regular file of at least MIN bytes, not of such a
 * type.  The cutter reads the file with pread() a window at a time: on
 * a virtual machine a mapping's page faults are VM exits, and the walk of
 * an mbox's chain over the mapped file cost 2.6 times the read one
 * (573 MB: 1.4 s against 0.53 s, at load 7), and a file cut short meanwhile
 * is an early end, not SIGBUS. */
static urigrep_cutter *
open_cutter(const struct options *o, const char *name, size_t min,
            size_t piece, size_t search, int *fd, uint64_t *size,
            enum urigrep_doc_type *type, struct stamp *stamp)
{
    struct urigrep_cut_options co = { sizeof co, URIGREP_DOC_AUTO, piece,
                                      search, 0 };
    urigrep_cutter *c = NULL;
    struct stat st;
    char *peek;
    ssize_t got;

    *fd = -1;
    /* stat() first: opening a FIFO would wait for its writer */
    if (stat(name, &st) != 0 || !S_ISREG(st.st_mode) ||
        (uint64_t)st.st_size < (uint64_t)min ||
        (uint64_t)st.st_size > SIZE_MAX || st.st_size == 0 ||
        (*fd = open(name, O_RDONLY)) < 0)
        return NULL;
    stamp_take(stamp, *fd);
    *size = stamp->known ? stamp->size : (uint64_t)st.st_size;
    if ((peek = malloc(TYPE_PEEK)) == NULL)
        out_of_memory();
    got = input_pread(*fd, peek, *size < TYPE_PEEK ? (size_t)*size
                                                   : TYPE_PEEK, 0);
    co.type = *type = got > 0 ? piece_type(o, name, peek, (size_t)got)
                              : URIGREP_DOC_AUTO;
    free(peek);
    if (co.type == URIGREP_DOC_AUTO ||
        urigrep_cutter_new_fd(*fd, *size, &co, &c) != URIGREP_OK) {
        close(*fd);
        *fd = -1;
        return NULL;
    }
    return c;
}

bool
jobs_splittable(const struct options *o, const char *name, size_t min)
{
    struct urigrep_piece first;
    enum urigrep_doc_type type;
    struct stamp stamp;
    urigrep_cutter *c;
    uint64_t size;
    int fd;
    bool ok;

    /* a cut within CUT_PROBE of the first piece's end: a text with no
     * empty line (a log, a generated file), an mbox of one huge message,
     * a WARC file damaged in its first piece have none, and threads
     * started for them would read one piece (-j 2 on such 10 MB files
     * of bench/adversarial.sh: 6-12% over -j 1) */
    c = open_cutter(o, name, min, jobs_piece_size(), CUT_PROBE, &fd, &size,
                    &type, &stamp);
    if (c == NULL)
        return false;
    ok = urigrep_cutter_next(c, &first) && first.end < size;
    urigrep_cutter_free(c);
    close(fd);
    return ok;
}

/* CW's piece PC as a task, its messages along the chain counted from
 * the file's start (cut_next() makes them its own). */
static struct task *
piece_task(struct jobs *j, struct cut_walk *cw, const struct urigrep_piece *pc)
{
    struct task *t;

    if (j->trace)
        fprintf(j->trace, "%s %llu %llu\n", cw->name,
                (unsigned long long)pc->start, (unsigned long long)pc->end);
    t = queue_new_task(TASK_PIECE, cw->name, cw->walking);
    t->from = pc->start;
    t->to = pc->end;
    t->type = cw->type;
    t->chained = cw->chained;
    t->first = pc->start == 0;
    t->last = pc->end >= cw->size;
    if (t->last)
        t->stamp = cw->stamp;
    t->origin_known = pc->start == 0;
    t->chain_count = pc->messages_before;
    return t;
}

bool
cut_begin(struct jobs *j, const char *name, enum found walking,
          struct cut_walk *cw)
{
    struct urigrep_piece pc;

    memset(cw, 0, sizeof *cw);
    cw->name = name;
    cw->walking = walking;
    cw->type = URIGREP_DOC_AUTO;
    /* a mail folder's message is one message */
    if (walking == FOUND_MESSAGE ||
        (cw->c = open_cutter(j->o, name, 2 * j->piece_size, j->piece_size,
                             0, &cw->fd, &cw->size, &cw->type,
                             &cw->stamp)) == NULL)
        return false;
    cw->chained = urigrep_cutter_way(cw->c) == URIGREP_CUT_CHAIN;
    if (!urigrep_cutter_next(cw->c, &pc) ||
        (pc.start == 0 && pc.end >= cw->size)) {
        cut_end(cw);
        return false;
    }
    cw->prev = piece_task(j, cw, &pc);
    return true;
}

struct task *
cut_next(struct jobs *j, struct cut_walk *cw)
{
    struct task *t = cw->prev;
    struct urigrep_piece pc;

    if (t == NULL)
        return NULL;
    if (urigrep_cutter_next(cw->c, &pc)) {
        cw->prev = piece_task(j, cw, &pc);
        /* the chain's messages in T: those before the next less those
         * before T */
        t->chain_count = pc.messages_before - t->chain_count;
        t->next_piece = cw->prev;
    } else {
        cw->prev = NULL;
        t->chain_count = 0;     /* (no piece after it needs them) */
    }
    /* a file that shrank meanwhile: the pieces past its end say so when
     * they are read */
    return t;
}

void
cut_end(struct cut_walk *cw)
{
    urigrep_cutter_free(cw->c);
    cw->c = NULL;
    if (cw->fd >= 0)
        close(cw->fd);
    cw->fd = -1;
}
