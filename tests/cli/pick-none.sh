# --pick: no terminal is an error (exit 2) before any input is read; no
# URI in the input is said, exit 1, and no list is shown.
. "${srcdir:-.}/tests/init.sh"
printf 'see http://example.org/x\n' >"$tmp/one.txt"
if command -v setsid >/dev/null 2>&1; then
    # a new session has no controlling terminal: /dev/tty cannot open
    setsid -w "$URIGREP" --pick "$tmp/one.txt" </dev/null >"$tmp/out" \
        2>"$tmp/err"
    rc=$?
    [ "$rc" = 2 ] || fail "no terminal: exit status $rc, want 2"
    # (or, built without ncurses, that it was)
    grep -q -e '^urigrep: --pick: no terminal to show the list on' \
        -e '^urigrep: --pick: this urigrep was built without ncurses' \
        "$tmp/err" ||
        fail "no terminal: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "no terminal: output on stdout"
fi
. "${srcdir:-.}/tests/pick-tmux.sh"
printf 'nothing here\n' >"$tmp/none.txt"
pick_start '"$URIGREP" --pick --open-with=./opener none.txt 2>err'
wait_exit
[ "$pick_rc" = 1 ] || fail "no URI: exit status $pick_rc, want 1"
grep -qx 'urigrep: no URI found' "$tmp/err" || fail "no URI: $(cat "$tmp/err")"
exit 0
