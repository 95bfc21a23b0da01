/* plan.c: how many threads read: -j's threads start only when the input
 * seen so far gives them work to share; until then files are kept. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "jobs/jobs.h"
#include "jobs/plan.h"

/*
 * Threads cost: starting and ending two and passing output through
 * their logs takes about a millisecond of wall time on the development
 * VM (bench/jobs.sh: -j 2 on one 10 KB file 4.2 -> 5.5 ms, on 20 small
 * files 10.8 -> 12.6 ms), where reading a small file costs about 30 us
 * and a megabyte of text about 2 ms. So a run reads alone, as -j 1
 * does, unless the input gives the threads at least a few milliseconds
 * of work each: files are kept (their names, not their bytes) until
 * there are HOLD_FILES of them, or their bytes add up to SHARE_MIN
 * besides the largest one, or one of them can be cut into pieces
 * (cut_min); then the threads start and take them in order. When the
 * input ends first, the kept files are read alone. Either way the output
 * is that of -j 1.
 */

/* Files kept before the threads start: 128 small files are about 4 ms
 * of -j 1, of which two threads save about 2. */
#define HOLD_FILES 128
/* Bytes of the kept files, the largest aside (a file that is not cut
 * is one thread's work), that start the threads: about 4 ms of -j 1. */
#define SHARE_MIN (2 * 1024 * 1024)
/* Without -j, a file is cut for threads from this size: below it,
 * starting threads and looking for cuts cost about what they save
 * (quiet machine, hyperfine, 30 runs, default over -j 1: sparse real
 * text of 6 MB 0.96, 8.4 MB 1.0x, 10 MB 1.13; dense text and real mbox
 * 1.08-1.25 from 4.5 MB on).  With -j N, from two pieces on
 * (jobs_piece_size()).  A file with no cut near its first piece is read
 * alone either way (jobs_splittable()). */
#define DEFAULT_CUT_MIN (8 * 1024 * 1024)
/* No fixed cap on threads: as many as the processors this process may
 * run on, or fewer when -j says so. Memory is bounded a thread instead:
 * each has its read buffer, its extractor, its logs and its malloc arena,
 * and the output held back for the writer is bounded in all (queue.h's
 * BUDGET_MAX), so that anonymous memory stays under 8 MiB plus 2 MiB a
 * thread (urigrep(1); bench/threads.sh measures it at -j 1 to 64:
 * RssAnon peaks of 1.3 to 2.5 MiB at -j 1 and 2, 14.8 MiB at -j 16 and
 * 30.4 MiB at -j 64 on 100 MB of mbox with --json). More threads than
 * processors would only take turns: the work is the CPU's. */

static struct plan {
    struct run *run;
    unsigned wanted;        /* threads at most; 1: read alone */
    bool given;             /* -j N was given */
    bool single;            /* one named file is the input */
    bool eager;             /* URIGREP_JOBS_HOLD=0: -j N's threads at once */
    bool reading;           /* kept files are being read alone */
    size_t hold;            /* HOLD_FILES, or URIGREP_JOBS_HOLD */
    uint64_t cut_min, piece;
    /* the kept files, each: its walking, its size for jobs_add_file(),
     * its size if known (else -1), its name and NUL */
    struct urigrep_buf kept;
    size_t nkept;
    uint64_t bytes, largest;    /* of those whose size is known */
    bool cut;                   /* one of them can be cut */
    FILE *choice;               /* URIGREP_JOBS_CHOICE: what was chosen */
} plan;

/* Say in URIGREP_JOBS_CHOICE's file how many threads read, and why. */
static void
say_choice(unsigned n, const char *why)
{
    if (plan.choice) {
        fprintf(plan.choice, "%u %s\n", n, why);
        fclose(plan.choice);
        plan.choice = NULL;
    }
}

/* The kept file at offset *AT of plan.kept: its fields; *AT moves on. */
static const char *
kept_at(size_t *at, enum found *walking, int64_t *size, int64_t *known)
{
    const char *p = plan.kept.data + *at;
    const char *name = p + 1 + 2 * sizeof *size;

    *walking = (enum found)p[0];
    memcpy(size, p + 1, sizeof *size);
    memcpy(known, p + 1 + sizeof *size, sizeof *known);
    *at += 1 + 2 * sizeof *size + strlen(name) + 1;
    return name;
}

/* The run's own extractor and read buffer, for what is read alone: made
 * the first time, so that threads started at once (-j N under
 * URIGREP_JOBS_HOLD=0, tests/cli/jobs-address-space.sh's limits) or at
 * a large file need neither. */
static void
need_alone(struct run *r)
{
    struct urigrep_extract_options xo;

    if (r->x)
        return;
    report_extract_options(r->o, &xo);
    if (urigrep_extractor_new(&xo, report_ref, report_notice, r,
                              &r->x) != URIGREP_OK ||
        (r->readbuf = malloc(input_readbuf_size(r->o))) == NULL)
        out_of_memory();
}

/* Start N (>= 2) threads, then queue the kept files in their order. */
static void
start_threads(struct run *r, unsigned n, const char *why)
{
    enum found walking = r->walking, w;
    int64_t size, known;
    size_t at = 0;

    /* what was read alone comes first */
    report_flush(r);
    msg_set_divert(NULL);
    r->jobs = jobs_start(r, n);
    say_choice(n, why);
    while (at < plan.kept.len && !r->stop) {
        const char *name = kept_at(&at, &w, &size, &known);

        r->walking = w;
        jobs_add_file(r->jobs, r, name, size);
    }
    r->walking = walking;
    plan.kept.len = 0;
    plan.nkept = 0;
}

/* Read the kept files alone, as -j 1 does. */
static void
read_kept(struct run *r)
{
    enum found walking = r->walking, w;
    int64_t size, known;
    size_t at = 0;

    need_alone(r);
    plan.reading = true;
    while (at < plan.kept.len && !r->stop) {
        const char *name = kept_at(&at, &w, &size, &known);

        r->walking = w;
        input_scan_file(r, name);
    }
    r->walking = walking;
    plan.kept.len = 0;
    plan.nkept = 0;
    plan.reading = false;
}

/* msg_set_divert()'s hook while files are kept: a message said now
 * (a directory -r could not open) comes after them, so they are read
 * first, alone. Returns false: the message is then said as usual;
 * unless -q matched in them: -j 1 stopped there, and never said it. */
static bool
say_after_kept(const char *p, size_t n)
{
    (void)p, (void)n;
    if (plan.reading || plan.nkept == 0)
        return false;
    read_kept(plan.run);
    return plan.run->stop;
}

void
plan_start(struct run *r, unsigned wanted, bool given, bool single)
{
    const char *env = getenv("URIGREP_JOBS_HOLD");

    memset(&plan, 0, sizeof plan);
    plan.run = r;
    plan.given = given;
    plan.single = single;
    plan.hold = HOLD_FILES;
    /* for the tests, with -j N: how many files are kept, 0 for threads
     * at once, as many as asked */
    if (given && env && *env) {
        plan.hold = (size_t)strtoul(env, NULL, 10);
        plan.eager = plan.hold == 0;
    }
    /* no more threads than processors to run them */
    if (!plan.eager) {
        unsigned cpus = jobs_default();

        wanted = wanted < cpus ? wanted : cpus;
    }
    plan.wanted = wanted;
    plan.piece = jobs_piece_size();
    plan.cut_min = given ? 2 * plan.piece : DEFAULT_CUT_MIN;
    buf_init(&plan.kept, SIZE_MAX / 2);
    /* for the tests: how many threads read, "N WHY" */
    if ((env = getenv("URIGREP_JOBS_CHOICE")) != NULL && *env &&
        (plan.choice = fopen(env, "a")) == NULL) {
        report_msg("%s: %s", env, strerror(errno));
        exit(2);
    }
    if (wanted > 1)
        msg_set_divert(say_after_kept);
}

/* The threads for a file that can be cut: as many as its pieces when it
 * is all the input. */
static unsigned
threads_for_cut(uint64_t size)
{
    uint64_t pieces = plan.piece ? size / plan.piece : 0;

    if (plan.single && pieces < plan.wanted)
        return pieces < 2 ? 2 : (unsigned)pieces;
    return plan.wanted;
}

/* Note the size KNOWN of kept file NAME: can it be cut, is there work
 * to share? */
static void
weigh(const struct run *r, const char *name, uint64_t known)
{
    plan.bytes += known;
    if (known > plan.largest)
        plan.largest = known;
    if (known >= plan.cut_min && !plan.cut &&
        jobs_splittable(r->o, name, (size_t)plan.cut_min))
        plan.cut = true;
}

/* Is there work for threads among the kept files? */
static bool
worth_threads(void)
{
    return plan.cut || plan.nkept >= plan.hold ||
           plan.bytes - plan.largest >= SHARE_MIN;
}

/* Why the threads start, for URIGREP_JOBS_CHOICE. */
static const char *
why_threads(void)
{
    return plan.cut ? "cut" : plan.nkept >= plan.hold ? "files" : "bytes";
}

/* Keep NAME (see plan_file()). */
static void
keep(struct run *r, const char *name, int64_t size, int64_t known)
{
    char w = (char)r->walking;

    if (buf_append(&plan.kept, &w, 1) ||
        buf_append(&plan.kept, &size, sizeof size) ||
        buf_append(&plan.kept, &known, sizeof known) ||
        buf_append(&plan.kept, name, strlen(name) + 1))
        out_of_memory();
    plan.nkept++;
    if (known >= 0)
        weigh(r, name, (uint64_t)known);
}

void
plan_file(struct run *r, const char *name, int64_t size, int64_t known)
{
    if (r->jobs) {
        jobs_add_file(r->jobs, r, name, size);
        return;
    }
    if (plan.wanted < 2) {
        need_alone(r);
        input_scan_file(r, name);
        return;
    }
    if (plan.eager) {
        start_threads(r, plan.wanted, "asked");
        jobs_add_file(r->jobs, r, name, size);
        return;
    }
    if (known < 0 && size >= 0)
        known = size;
    keep(r, name, size, known);
    if (worth_threads())
        start_threads(r, plan.cut ? threads_for_cut(plan.largest)
                                  : plan.wanted, why_threads());
}

void
plan_archive(struct run *r)
{
    if (plan.wanted > 1 && r->jobs == NULL)
        start_threads(r, plan.wanted, "archive");
    if (r->jobs == NULL)
        need_alone(r);
}

/* The sizes of the kept files -r did not give (at most HOLD_FILES
 * stat() calls): weighed now. */
static void
weigh_unknown(struct run *r)
{
    enum found w;
    int64_t size, known;
    size_t at = 0;

    while (at < plan.kept.len) {
        const char *name = kept_at(&at, &w, &size, &known);
        struct stat st;

        if (known < 0 && stat(name, &st) == 0 && S_ISREG(st.st_mode))
            weigh(r, name, (uint64_t)st.st_size);
    }
}

void
plan_finish(struct run *r)
{
    if (r->jobs == NULL && plan.nkept && !r->stop) {
        weigh_unknown(r);
        if (worth_threads())
            start_threads(r, plan.cut ? threads_for_cut(plan.largest)
                                      : plan.wanted, why_threads());
        else
            read_kept(r);
    }
    if (r->jobs) {
        jobs_finish(r->jobs, r);
        r->jobs = NULL;
    } else {
        msg_set_divert(NULL);
        say_choice(1, "alone");
    }
    buf_free(&plan.kept);
}
