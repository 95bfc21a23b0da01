/* runlist.c: --list-runs prints the runs pass 1 found, --read-runs
 * reads such a list back: the form of that list. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pinbox/pinbox.h"
#include "pinbox/archive.h"

/*
 * --list-runs=N prints what pass 1 found, for a cluster to hand out
 * (python/urigrep/dask.py): a first line "urigrep-runs 1", then a line
 * "removed BLOB AT" per message removed (the blob, and the number of
 * the newest commit that removes it: a message read from an older
 * commit is skipped), then a line per run of N commits, oldest first:
 *
 *   run EPOCH LAYOUT TOP COUNT MESSAGE HEAD BYTES
 *
 * EPOCH the epoch's number (-1: none), LAYOUT v1 or v2, TOP the run's
 * newest commit, COUNT its commits, MESSAGE the number of the message
 * before its oldest, HEAD the epoch's newest commit, BYTES the size of
 * its messages (v2; 0 for v1). --read-runs=FILE reads the runs FILE
 * lists (the first line, the removals, and any runs of the listing) as
 * -j reads them: the records are those that reading the whole archive
 * gives for those commits, numbers included.
 */
#define RUNS_HEADER "urigrep-runs 1"

/* Print run J of epoch E (runs of K commits) as --list-runs does. */
static void
list_run(const struct epoch *e, size_t j, size_t k)
{
    const struct walk *w = &e->w;
    char top[GIT_OID_HEXSZ + 1], head[GIT_OID_HEXSZ + 1];
    size_t count = j + 1 == w->nnotes ? (size_t)(w->n - j * k) : k;

    git_oid_tostr(top, sizeof top, &w->notes[j]);
    git_oid_tostr(head, sizeof head, &e->head);
    printf("run %ld %s %s %zu %" PRIu64 " %s %" PRIu64 "\n", e->number,
           e->v1 ? "v1" : "v2", top, count,
           e->base + w->n - j * k - count, head, w->bytes[j]);
}

/* --list-runs: the removals RM and the runs of the epochs E (N) walked,
 * runs of K commits, on standard output. */
void
runlist_print(const struct epoch *e, size_t n, const struct removed *rm,
              size_t k)
{
    char hex[GIT_OID_HEXSZ + 1];
    size_t i, j;

    puts(RUNS_HEADER);
    for (i = 0; i < rm->n; i++) {
        git_oid_tostr(hex, sizeof hex, &rm->v[i].blob);
        printf("removed %s %" PRIu64 "\n", hex, rm->v[i].at);
    }
    for (i = 0; i < n; i++)
        for (j = e[i].w.nnotes; e[i].walked && j-- > 0;)
            list_run(&e[i], j, k);
    fflush(stdout);
}

/* The next field of *S (separated by one space), or NULL. */
static char *
next_field(char **s)
{
    char *f = *s, *sp;

    if (f == NULL || *f == '\0')
        return NULL;
    if ((sp = strchr(f, ' ')) != NULL)
        *sp++ = '\0';
    *s = sp;
    return f;
}

/* Is F a decimal number (a '-' first if MINUS) within LONG's range? Its
 * value into *V. */
static bool
parse_num(const char *f, bool minus, long long *v)
{
    char *end;

    if (f == NULL || (!minus && *f == '-'))
        return false;
    errno = 0;
    *v = strtoll(f, &end, 10);
    return errno == 0 && end != f && *end == '\0';
}

/* A "run" line's fields after "run" (LINE) as a run of the epoch of E
 * (N) it names, into *OUT (malloc'd); false when it is not one. */
static bool
parse_run(char *line, const struct epoch *e, size_t n,
          struct pinbox_run **out)
{
    char *f[7];
    long long num, count, message, bytes;
    struct pinbox_run *run;
    size_t i;

    for (i = 0; i < 7; i++)
        f[i] = next_field(&line);
    if (line != NULL || !parse_num(f[0], true, &num) ||
        (strcmp(f[1] ? f[1] : "", "v1") && strcmp(f[1] ? f[1] : "", "v2")) ||
        !parse_num(f[3], false, &count) || count <= 0 ||
        !parse_num(f[4], false, &message) || !parse_num(f[6], false, &bytes))
        return false;
    for (i = 0; i < n && e[i].number != num; i++)
        ;
    if (i == n)
        return false;
    if ((run = calloc(1, sizeof *run)) == NULL)
        out_of_memory();
    run->repo = repo_strdup(e[i].path);
    run->epoch = e[i].number;
    run->v1 = strcmp(f[1], "v1") == 0;
    run->count = (size_t)count;
    run->message = (uint64_t)message;
    if (strlen(f[2]) != GIT_OID_HEXSZ || strlen(f[5]) != GIT_OID_HEXSZ ||
        git_oid_fromstr(&run->top, f[2]) ||
        git_oid_fromstr(&run->head, f[5])) {
        pinbox_run_free(run);
        return false;
    }
    *out = run;
    return true;
}

/* A line of a runs file: the header (NO 1), a removal into RM, or a run
 * appended to *RUNS (*NRUNS of them). False when it is none. */
static bool
parse_runs_line(char *line, size_t no, const struct epoch *e, size_t n,
                struct removed *rm, struct pinbox_run ***runs,
                size_t *nruns)
{
    struct pinbox_run **v;
    long long at;
    git_oid id;

    if (no == 1)
        return strcmp(line, RUNS_HEADER) == 0;
    if (strncmp(line, "removed ", 8) == 0) {
        if (strlen(line) < 8 + GIT_OID_HEXSZ + 2 ||
            line[8 + GIT_OID_HEXSZ] != ' ' ||
            git_oid_fromstrn(&id, line + 8, GIT_OID_HEXSZ) != 0 ||
            !repo_all_hex(line + 8, GIT_OID_HEXSZ) ||
            !parse_num(line + 8 + GIT_OID_HEXSZ + 1, false, &at))
            return false;
        removed_add(rm, &id, (uint64_t)at);
        return true;
    }
    if (strncmp(line, "run ", 4) != 0)
        return false;
    if ((v = realloc(*runs, (*nruns + 1) * sizeof *v)) == NULL)
        out_of_memory();
    *runs = v;
    if (!parse_run(line + 4, e, n, &v[*nruns]))
        return false;
    ++*nruns;
    return true;
}

/* --read-runs=FILE: the runs FILE lists of the archive whose epochs are
 * E (N) into *RUNS (*NRUNS), its removals into RM; false when FILE
 * cannot be read or holds a line that is none of --list-runs' (said). */
bool
runlist_load(struct run *r, const char *file, const struct epoch *e,
             size_t n, struct removed *rm, struct pinbox_run ***runs,
             size_t *nruns)
{
    bool in = strcmp(file, "-") == 0;
    FILE *f = in ? stdin : fopen(file, "r");
    char *line = NULL;
    size_t cap = 0, no = 0;
    ssize_t len;
    bool ok = true;

    if (f == NULL) {
        report_file_error(r, file, strerror(errno));
        return false;
    }
    while (ok && (len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] == '\n')
            line[--len] = '\0';
        ok = (size_t)len == strlen(line) &&
             parse_runs_line(line, ++no, e, n, rm, runs, nruns);
    }
    if (ok && ferror(f)) {
        report_file_error(r, file, strerror(errno));
        ok = false;
    } else if (ok && no == 0) {
        report_file_error(r, file, "empty (not a list of --list-runs)");
        ok = false;
    } else if (!ok) {
        r->error = true;
        if (!r->o->no_messages)
            report_msg("--read-runs: %s:%zu: not a line of --list-runs for "
                       "this archive", file, no);
    }
    free(line);
    if (!in)
        fclose(f);
    return ok;
}
