/* launch.c: urigrep --pick runs openers and clipboard tools (execvp, no
 * shell) and writes OSC 52 copies. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "pick/launch.h"

char *
launch_base64(const char *text, size_t len)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const unsigned char *s = (const unsigned char *)text;
    char *out = malloc((len + 2) / 3 * 4 + 1), *o = out;
    size_t i;

    if (out == NULL)
        out_of_memory();
    for (i = 0; i + 2 < len; i += 3) {
        *o++ = digits[s[i] >> 2];
        *o++ = digits[(s[i] & 3) << 4 | s[i + 1] >> 4];
        *o++ = digits[(s[i + 1] & 15) << 2 | s[i + 2] >> 6];
        *o++ = digits[s[i + 2] & 63];
    }
    if (i < len) {
        *o++ = digits[s[i] >> 2];
        if (i + 1 < len) {
            *o++ = digits[(s[i] & 3) << 4 | s[i + 1] >> 4];
            *o++ = digits[(s[i + 1] & 15) << 2];
        } else
            *o++ = digits[(s[i] & 3) << 4];
        while ((o - out) % 4)
            *o++ = '=';
    }
    *o = '\0';
    return out;
}

/* ARGV with URI in place of each "{}", or appended: a new array whose
 * words are borrowed. */
static char **
with_uri(char *const *argv, const char *uri)
{
    size_t n = 0, i;
    bool placed = false;
    char **v;

    while (argv[n])
        n++;
    if ((v = calloc(n + 2, sizeof *v)) == NULL)
        out_of_memory();
    for (i = 0; i < n; i++) {
        placed |= strcmp(argv[i], "{}") == 0;
        v[i] = strcmp(argv[i], "{}") == 0 ? (char *)uri : argv[i];
    }
    if (!placed)
        v[n] = (char *)uri;
    return v;
}

/* Say in MSG how the child PID of ARGV0 ended (status ST), or that it
 * could not start (PID < 0, errno ERR). Returns 0 for status 0. */
static int
how_it_went(const char *argv0, pid_t pid, int st, int err, char *msg,
            size_t msglen)
{
    if (pid < 0)
        snprintf(msg, msglen, "cannot start '%s': %s", argv0, strerror(err));
    else if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        snprintf(msg, msglen, "opened with %s", argv0);
        return 0;
    } else if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
        snprintf(msg, msglen, "could not run '%s'", argv0);
    else if (WIFEXITED(st))
        snprintf(msg, msglen, "'%s' exited with status %d", argv0,
                 WEXITSTATUS(st));
    else
        snprintf(msg, msglen, "'%s' was killed by signal %d", argv0,
                 WTERMSIG(st));
    return -1;
}

int
launch_open(char *const *argv, const char *uri, int tty, char *msg,
            size_t msglen)
{
    struct sigaction ign, old_int, old_quit;
    char **v = with_uri(argv, uri);
    pid_t pid;
    int st = 0, err;

    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGINT, &ign, &old_int);
    sigaction(SIGQUIT, &ign, &old_quit);
    pid = fork();
    if (pid == 0) {
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGQUIT, &old_quit, NULL);
        /* the standard input was the message; the terminal is the
         * browser's */
        dup2(tty, STDIN_FILENO);
        dup2(tty, STDOUT_FILENO);
        execvp(v[0], v);
        report_msg("cannot run '%s': %s", v[0], strerror(errno));
        _exit(127);
    }
    err = errno;
    if (pid > 0)
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGQUIT, &old_quit, NULL);
    free(v);
    return how_it_went(argv[0], pid, st, err, msg, msglen);
}

/* Is NAME an executable file in a directory of $PATH? */
static bool
in_path(const char *name)
{
    const char *path = getenv("PATH"), *p;
    char file[4096];

    if (path == NULL)
        return false;
    for (p = path; ; p++) {
        size_t k = strcspn(p, ":");

        /* an empty entry is the current directory, as execvp takes it */
        if (snprintf(file, sizeof file, "%.*s%s%s", (int)k, k ? p : ".",
                     "/", name) < (int)sizeof file &&
            access(file, X_OK) == 0)
            return true;
        p += k;
        if (*p == '\0')
            return false;
    }
}

/* The clipboard tool to use, NULL-ended argv, or NULL. */
static const char *const *
clipboard_tool(void)
{
    static const char *const wl[] = { "wl-copy", NULL };
    static const char *const xclip[] = { "xclip", "-selection", "clipboard",
                                         "-in", NULL };
    static const char *const xsel[] = { "xsel", "--clipboard", "--input",
                                        NULL };
    const char *e;

    if ((e = getenv("WAYLAND_DISPLAY")) && *e && in_path(wl[0]))
        return wl;
    if ((e = getenv("DISPLAY")) && *e) {
        if (in_path(xclip[0]))
            return xclip;
        if (in_path(xsel[0]))
            return xsel;
    }
    return NULL;
}

/* Write the N bytes at S to FD; 0, or -1. */
static int
write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, s, n);

        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        s += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Run TOOL with TEXT on its standard input, its output thrown away (it
 * may stay in the background to serve the selection). 0 when it
 * exited with status 0. */
static int
run_tool(const char *const *tool, const char *text)
{
    struct sigaction ign, old_pipe;
    int fds[2], st = 0, rc;
    pid_t pid;

    if (pipe2(fds, O_CLOEXEC) < 0)
        return -1;
    if ((pid = fork()) == 0) {
        int null = open("/dev/null", O_RDWR);

        dup2(fds[0], STDIN_FILENO);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        execvp(tool[0], (char *const *)tool);
        _exit(127);
    }
    close(fds[0]);
    /* a tool that leaves without reading must not kill us */
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old_pipe);
    rc = pid > 0 ? write_all(fds[1], text, strlen(text)) : -1;
    close(fds[1]);
    sigaction(SIGPIPE, &old_pipe, NULL);
    if (pid > 0)
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
    return pid > 0 && rc == 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0
               ? 0
               : -1;
}

int
launch_copy(int tty, const char *text, char *msg, size_t msglen)
{
    const char *const *tool = clipboard_tool();
    char *b64 = launch_base64(text, strlen(text));
    /* OSC 52: the "c" (clipboard) selection, ended with BEL, which more
     * terminals take than ST */
    size_t n = strlen(b64) + 16;
    char *seq = malloc(n);
    int osc, rc = -1;

    if (seq == NULL)
        out_of_memory();
    snprintf(seq, n, "\033]52;c;%s\a", b64);
    osc = write_all(tty, seq, strlen(seq));
    free(seq);
    free(b64);
    if (tool && run_tool(tool, text) == 0) {
        snprintf(msg, msglen, "copied (%s%s)", osc == 0 ? "OSC 52, " : "",
                 tool[0]);
        rc = 0;
    } else if (osc == 0) {
        snprintf(msg, msglen, "copied (OSC 52%s%s%s)", tool ? "; " : "",
                 tool ? tool[0] : "", tool ? " failed" : "");
        rc = 0;
    } else
        snprintf(msg, msglen, "cannot copy: %s", strerror(errno));
    return rc;
}
