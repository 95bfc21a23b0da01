/* progress.c: --progress: bytes and files done, of how many when known,
 * the rate and the time left, on one line of standard error that is
 * overwritten ('\r') and erased at the end. It shows no file name or
 * other input: nothing from the input reaches the terminal. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "output/progress.h"

/* First line after this long: a run that ends sooner shows nothing. */
#define DELAY_NS 1000000000LL
/* Then at most this often: the terminal need not keep up with reads. */
#define INTERVAL_NS 250000000LL

static struct {
    bool on;
    uint64_t total_bytes, total_files;
    uint64_t bytes, files;
    long long start, last;      /* ns, monotonic */
    size_t shown;               /* length of the line on screen, or 0 */
} pg;

/* -j: workers count bytes, the writer files; PG.ON is set before any
 * thread starts and only read after. */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static long long
now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Write LEN bytes at S to standard error, as far as it goes: progress is
 * no reason to fail. */
static void
put(const char *s, size_t len)
{
    while (len > 0) {
        ssize_t k = write(STDERR_FILENO, s, len);

        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return;
        s += k;
        len -= (size_t)k;
    }
}

/* Append V bytes as "123 B", "4.5 KiB", "6.7 MiB" or "8.9 GiB" to S
 * (SIZE bytes; what does not fit is cut). */
static void
human(char *s, size_t size, double v)
{
    static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    size_t u = 0, len = strlen(s);

    while (v >= 1024 && u + 1 < sizeof unit / sizeof unit[0]) {
        v /= 1024;
        u++;
    }
    snprintf(s + len, size - len, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
}

/* Draw the line for the state at time NOW. */
static void
draw(long long now)
{
    char line[160] = "\r" "urigrep: ";
    double secs = (double)(now - pg.start) / 1e9;
    double rate = secs > 0 ? (double)pg.bytes / secs : 0;
    size_t len;

    human(line, sizeof line, (double)pg.bytes);
    if (pg.total_bytes) {
        strcat(line, " of ");
        human(line, sizeof line, (double)pg.total_bytes);
        len = strlen(line);
        snprintf(line + len, sizeof line - len, " (%d%%)",
                 (int)(pg.bytes >= pg.total_bytes
                           ? 100 : pg.bytes * 100 / pg.total_bytes));
    }
    len = strlen(line);
    if (pg.total_files)
        snprintf(line + len, sizeof line - len, ", %llu of %llu file%s",
                 (unsigned long long)pg.files,
                 (unsigned long long)pg.total_files,
                 pg.total_files == 1 ? "" : "s");
    else
        snprintf(line + len, sizeof line - len, ", %llu file%s",
                 (unsigned long long)pg.files, pg.files == 1 ? "" : "s");
    strcat(line, ", ");
    human(line, sizeof line, rate);
    strcat(line, "/s");
    if (pg.total_bytes && rate > 0 && pg.bytes < pg.total_bytes) {
        double left = (double)(pg.total_bytes - pg.bytes) / rate;

        len = strlen(line);
        if (left < 60)
            snprintf(line + len, sizeof line - len, ", %.0f s left", left);
        else
            snprintf(line + len, sizeof line - len, ", %.0f min left",
                     left / 60);
    }
    len = strlen(line);
    /* blanks over what is left of a longer line drawn before */
    while (len < pg.shown + 1 && len + 1 < sizeof line)
        line[len++] = ' ';
    put(line, len);
    pg.shown = len - 1;
    pg.last = now;
}

/* Erase the line if it is shown; MU is held. */
static void
clear(void)
{
    char blank[200];
    size_t n = pg.shown + 2;

    if (pg.shown == 0)
        return;
    if (n > sizeof blank)
        n = sizeof blank;
    memset(blank, ' ', n);
    blank[0] = '\r';
    blank[n - 1] = '\r';
    put(blank, n);
    pg.shown = 0;
    /* the next update draws it again */
    pg.last -= INTERVAL_NS;
}

/* At exit, which a thread may call while another holds MU (memory ran
 * out): erase the line unless that would wait. */
static void
clear_at_exit(void)
{
    if (pthread_mutex_trylock(&mu) != 0)
        return;
    clear();
    pthread_mutex_unlock(&mu);
}

/* Redraw if due; MU is held. */
static void
update(void)
{
    long long now;

    if (!pg.on)
        return;
    now = now_ns();
    if (now - pg.start >= DELAY_NS && now - pg.last >= INTERVAL_NS)
        draw(now);
}

void
progress_start(enum progress_mode mode, uint64_t total_bytes,
               uint64_t total_files)
{
    memset(&pg, 0, sizeof pg);
    pg.on = mode == PROGRESS_ALWAYS ||
            (mode == PROGRESS_AUTO && isatty(STDERR_FILENO) &&
             !isatty(STDOUT_FILENO));
    pg.total_bytes = total_bytes;
    pg.total_files = total_files;
    pg.start = pg.last = now_ns();
    pg.last -= INTERVAL_NS;
    if (pg.on)
        atexit(clear_at_exit);
}

void
progress_bytes(uint64_t n)
{
    if (!pg.on)
        return;
    pthread_mutex_lock(&mu);
    pg.bytes += n;
    update();
    pthread_mutex_unlock(&mu);
}

void
progress_file_done(void)
{
    if (!pg.on)
        return;
    pthread_mutex_lock(&mu);
    pg.files++;
    update();
    pthread_mutex_unlock(&mu);
}

void
progress_clear(void)
{
    if (!pg.on)
        return;
    pthread_mutex_lock(&mu);
    clear();
    pthread_mutex_unlock(&mu);
}
