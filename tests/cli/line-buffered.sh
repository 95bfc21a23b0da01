# --line-buffered writes each URI as soon as its line is read, so that
# "tail -f log | urigrep --line-buffered | ..." shows links as they come:
# a URI must reach the output file while the input is still open.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
mkfifo in || exit 77
# wait_for TEXT: poll the output (10 s at most) for TEXT
wait_for() {
    _i=0
    until grep -q "$1" out 2>/dev/null; do
        _i=$((_i + 1))
        [ "$_i" -gt 100 ] && { kill "$pid" 2>/dev/null; fail "no '$1' in time: $(cat out)"; }
        sleep 0.1
    done
}
ug --line-buffered -n <in >out &
pid=$!
exec 3>in
printf 'first http://a.example/one\n' >&3
wait_for 'http://a.example/one'
printf 'then <URL:http://b.example/\n  two> and more\n' >&3
wait_for '^2:http://b.example/two$'
exec 3>&-
wait "$pid" || fail "status $?"
[ "$(cat out)" = "1:http://a.example/one
2:http://b.example/two" ] || fail "output: $(cat out)"
