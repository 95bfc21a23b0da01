# -l, -L, -c, -m, -q and -s behave as in GNU grep: with -x each line is one
# URI, so urigrep -x must print what grep prints for "." on the same files,
# with the same exit status (compared with the grep installed, if it is GNU
# grep 3.5 or later; the statuses are also written out below).
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
printf 'http://a.example/\n\nhttp://b.example/\nhttp://a.example/\n' >a.txt
printf '\n\n' >blank.txt
printf 'http://c.example/\n' >c.txt
# ARGS and the exit status grep 3.8 gives
cases='0|-l a.txt blank.txt c.txt
0|-L a.txt blank.txt c.txt
1|-L blank.txt
0|-L a.txt
1|-l blank.txt
0|-c a.txt blank.txt c.txt
0|-c -m 1 a.txt blank.txt
1|-m 0 a.txt
0|-m 2 a.txt
0|-q a.txt missing.txt
2|-q blank.txt missing.txt
2|-s a.txt missing.txt
2|-l a.txt missing.txt
2|-L blank.txt missing.txt
0|-c -q a.txt
0|-h -m 1 a.txt c.txt
0|-H -c -m 1 a.txt'
gnu=false
v=$(grep --version 2>/dev/null | sed -n 's/^grep (GNU grep) \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
if [ -n "$v" ]; then
    set -- $v
    [ "$1" -gt 3 ] || { [ "$1" -eq 3 ] && [ "$2" -ge 5 ]; } && gnu=true
fi
$gnu || echo "no GNU grep 3.5 or later: statuses checked against the table"
echo "$cases" | while IFS='|' read -r want args; do
    # shellcheck disable=SC2086 # ARGS are words
    ug -x $args >ug.out 2>ug.err
    rc=$?
    [ "$rc" = "$want" ] || fail "urigrep -x $args: status $rc, want $want"
    if $gnu; then
        # shellcheck disable=SC2086
        grep . $args >grep.out 2>grep.err
        grc=$?
        [ "$grc" = "$want" ] || fail "grep . $args: status $grc, the table says $want"
        cmp -s grep.out ug.out || fail "urigrep -x $args: output differs from grep:
$(diff grep.out ug.out)"
        sed 's/^grep:/urigrep:/' grep.err | cmp -s - ug.err ||
            fail "urigrep -x $args: messages differ from grep's: $(cat ug.err)"
    fi
done || exit 1
