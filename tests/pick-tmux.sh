# tests/pick-tmux.sh: a private tmux server to drive urigrep --pick in
# (sourced after tests/init.sh by the tests/cli/pick-*.sh tests).
# SPDX-License-Identifier: MIT
#
# Provides: tm (tmux on the private server), pick_start (run a command
# line in an 80x24 pane, its exit status saved), screen (the pane's
# text), wait_screen (poll until the pane shows a string), wait_exit
# (poll until the command has ended; its status in $pick_rc), and
# $tmp/opener, an opener that records its arguments, one a line after
# their count, in $tmp/opened.

command -v tmux >/dev/null 2>&1 || {
    echo "SKIP: tmux is not installed"
    exit 77
}
if "$URIGREP" --pick /dev/null </dev/null 2>&1 |
    grep -q 'built without ncurses'; then
    echo "SKIP: urigrep was built without ncurses"
    exit 77
fi
# a second under a loaded machine's scheduler is nothing: wait long
: "${PICK_WAIT:=600}"   # tenths of a second
# exit-empty off: pick_start() kills the session before it starts the
# next one, and a server that exits when its last session goes could
# take the next new-session with it ("server exited unexpectedly")
cat >"$tmp/tmux.conf" <<'CONF'
set -s exit-empty off
set -g status off
set -g default-terminal screen
set -g escape-time 0
CONF
tm() {
    tmux -S "$tmp/tmux.sock" -f "$tmp/tmux.conf" "$@"
}
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT

cat >"$tmp/opener" <<'OPENER'
#!/bin/sh
# record the arguments, then say so where the test can poll for it
out=$(dirname "$0")/opened
{ echo "$#"; for a in "$@"; do printf '%s\n' "$a"; done; } >"$out.t"
mv "$out.t" "$out"
OPENER
chmod +x "$tmp/opener"

# pick_start CMDLINE: run the shell command line CMDLINE in a new 80x24
# pane (in $tmp, with this environment; XDG_CONFIG_HOME=$tmp/xdg and no
# URIGREP_CONFIG), saving its exit status.
pick_start() {
    {
        echo "cd '$tmp' || exit 99"
        echo "export URIGREP='$URIGREP' LC_ALL='${PICK_LC:-C}'"
        # no configuration file of the user's: only the test's own
        echo "export XDG_CONFIG_HOME='$tmp/xdg'; unset URIGREP_CONFIG"
        echo "$1"
        echo 'echo $? >rc.t && mv rc.t rc'
        echo 'sleep 3600'
    } >"$tmp/run.sh"
    rm -f "$tmp/rc" "$tmp/opened"
    tm kill-session -t pick >/dev/null 2>&1
    tm new-session -d -x 80 -y 24 -s pick "sh '$tmp/run.sh'" ||
        fail "tmux cannot start a session"
}

# screen [-e]: the pane's text (-e: with its attributes as escapes).
screen() {
    tm capture-pane -p "$@" -t pick
}

# wait_screen TEXT: poll the pane until a line shows TEXT and the pane
# has stopped changing. A program draws its screen top line first, so a
# capture can fall in the middle of a redraw, the status line there and
# the list not yet (a loaded machine made that a flaky failure): the
# text is taken as shown once two captures 0.2 s apart are the same.
wait_screen() {
    _w=0
    while [ $_w -lt "$PICK_WAIT" ]; do
        screen >"$tmp/screen" 2>/dev/null
        if grep -qF -- "$1" "$tmp/screen"; then
            sleep 0.2
            screen >"$tmp/screen.2" 2>/dev/null
            cmp -s "$tmp/screen" "$tmp/screen.2" && return 0
            _w=$((_w + 1))
        fi
        sleep 0.1
        _w=$((_w + 1))
    done
    cat "$tmp/screen" >&2
    fail "the screen never showed '$1'"
}

# wait_file FILE: poll until FILE exists.
wait_file() {
    _w=0
    while [ $_w -lt "$PICK_WAIT" ]; do
        [ -e "$1" ] && return 0
        sleep 0.1
        _w=$((_w + 1))
    done
    screen >&2
    fail "$1 never appeared"
}

# wait_exit: poll until the command line has ended; status in $pick_rc.
wait_exit() {
    wait_file "$tmp/rc"
    pick_rc=$(cat "$tmp/rc")
}

# opened WANT...: the opener was run once, with the arguments WANT.
opened() {
    wait_file "$tmp/opened"
    { echo "$#"; for _a in "$@"; do printf '%s\n' "$_a"; done; } \
        >"$tmp/opened.want"
    diff -u "$tmp/opened.want" "$tmp/opened" ||
        fail "the opener's arguments differ"
    rm -f "$tmp/opened"
}
