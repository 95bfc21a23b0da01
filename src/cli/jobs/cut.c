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

/* The pieces of NAME, linked by next and next_piece, when it is large
 * enough and of a type that can be cut, *LAST the last and *COUNT how
 * many; NULL when it is to be read whole. */
struct task *
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
        t = queue_new_task(TASK_PIECE, name, walking);
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
