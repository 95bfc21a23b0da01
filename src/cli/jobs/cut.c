/* cut.c: whether -j cuts a file, and its pieces as tasks: the
 * library's cutter (urigrep_cutter) on the file mapped. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jobs/jobs.h"
#include "input/mapped.h"
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
    t->last = pc->end >= cw->m.len;
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
                             0, &cw->m, &cw->type, &cw->stamp)) == NULL)
        return false;
    cw->chained = urigrep_cutter_way(cw->c) == URIGREP_CUT_CHAIN;
    if (!urigrep_cutter_next(cw->c, &pc) ||
        (pc.start == 0 && pc.end >= cw->m.len)) {
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
    mapped_unmap(&cw->m);
}
