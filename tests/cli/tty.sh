# On a terminal (a private tmux server): --progress=auto shows its line on
# standard error when standard output is a file, after the first second,
# and erases it at the end; not when standard output is the terminal too;
# --color=auto colours on the terminal unless TERM is "dumb".
. "${srcdir:-.}/tests/init.sh"
# The clock starts when urigrep has started; under valgrind (four at once
# here) that takes seconds, so the input comes slower there.
pause=1.5 rest=4
[ -z "$URIGREP_WRAPPER" ] || pause=8 rest=8
command -v tmux >/dev/null 2>&1 || { echo "tmux is missing: skipped"; exit 77; }
sock=$tmp/sock
trap 'tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
printf 'set -g default-terminal screen\nset -g status off\n' >"$tmp/tmux.conf"
cd "$tmp" || exit 99
printf 'See http://a.example/ here\n' >f.txt
cat >slow.sh <<EOS
printf 'http://a.example/\\n'
sleep $pause
printf 'http://b.example/\\n'
sleep $rest
printf 'http://c.example/\\n'
EOS
# run NAME COMMAND: run COMMAND in a new window NAME, then "status N"
run() {
    printf '%s\necho "status $?"\nexec sleep 600\n' "$2" >"$1.sh"
    tmux -S "$sock" -f "$tmp/tmux.conf" new-session -d -s "$1" -x 100 \
        -y 10 "cd '$tmp' && sh '$1.sh'" || fail "tmux $1"
}
# screen NAME [-e]: what the window shows
screen() {
    tmux -S "$sock" capture-pane -p $2 -t "$1" 2>/dev/null
}
# poll NAME TEXT: wait (20 s at most) until the window shows TEXT
poll() {
    _i=0
    until screen "$1" | grep -q -e "$2"; do
        _i=$((_i + 1))
        [ "$_i" -gt 200 ] && fail "$1: no '$2' on screen: $(screen "$1")"
        sleep 0.1
    done
}
ugc="$URIGREP_WRAPPER $URIGREP"
# all at once: each takes 5.5 s
run bg "sh slow.sh | $ugc >out"
run fg "sh slow.sh | $ugc"
run color "$ugc --color=auto f.txt"
run dumb "TERM=dumb $ugc --color=auto f.txt"
poll bg 'urigrep: [0-9.]* [KMG]*i*B, 0 of 1 file, [0-9.]* [KMG]*i*B/s'
poll bg 'status 0'
screen bg | grep -q urigrep && fail "progress line not erased: $(screen bg)"
[ "$(cat out)" = "http://a.example/
http://b.example/
http://c.example/" ] || fail "output: $(cat out)"
# standard output on the terminal: no progress, the URIs alone
poll fg 'status 0'
screen fg | grep -q 'urigrep:' && fail "progress with output on the terminal"
[ "$(screen fg | grep -c '^http://[abc].example/$')" = 3 ] ||
    fail "fg: $(screen fg)"
# --color=auto: colours on a terminal, not with TERM=dumb
poll color 'status 0'
screen color -e | grep -q "$(printf '\033')\[[0-9;]*mhttp://a.example/" ||
    fail "no colour on a terminal: $(screen color -e | od -c | head)"
poll dumb 'status 0'
screen dumb -e | grep -q "$(printf '\033')" &&
    fail "colour with TERM=dumb: $(screen dumb -e | od -c | head)"
exit 0
