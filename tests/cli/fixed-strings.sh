# -F makes PATTERNs strings, -f FILE reads PATTERNs one a line (an empty
# file selects nothing, an empty line everything, as in grep), and -o is
# accepted since only the URI is printed anyway.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
printf 'http://a.example/x?q=1 http://b.example/x.q=1\nhttp://C.example/(a)+\n' >f.txt
# '?' and '.' are regex metacharacters: as strings they match themselves
expect_text 0 "http://a.example/x?q=1
http://b.example/x.q=1" -e 'x.q' f.txt
expect_text 0 "http://b.example/x.q=1" -F -e 'x.q' f.txt
expect_text 0 "http://a.example/x?q=1" --fixed-strings -e '?q=' f.txt
expect_text 0 "http://C.example/(a)+" -F -e '(a)+' f.txt
expect_text 0 "http://C.example/(a)+" -F -i -e 'c.EXAMPLE' f.txt
expect_text 0 "http://a.example/x?q=1
http://b.example/x.q=1" -F -v -e '(a)+' f.txt
# -f: one pattern a line, no newline in them; combined with -e
printf 'x.q\n(a)+\n' >pats
expect_text 0 "http://b.example/x.q=1
http://C.example/(a)+" -F -f pats f.txt
expect_text 0 "http://a.example/x?q=1
http://b.example/x.q=1
http://C.example/(a)+" -F -f pats -e '?' f.txt
printf 'b\\.example$\n' | ug -f - f.txt >out 2>&1
[ "$(cat out)" = "" ] || fail "-f -: $(cat out)"
printf 'b\\.example/' | ug -f - f.txt >out || fail "-f - without a newline"
[ "$(cat out)" = "http://b.example/x.q=1" ] || fail "-f -: $(cat out)"
# an empty file: nothing, and with -v everything; an empty line: everything
: >empty
expect_text 1 "" -f empty f.txt
expect_text 0 "http://a.example/x?q=1
http://b.example/x.q=1
http://C.example/(a)+" -v -f empty f.txt
printf '\n' >blankline
expect_text 0 "http://a.example/x?q=1
http://b.example/x.q=1
http://C.example/(a)+" -f blankline f.txt
# a missing file is a usage error; a bad pattern from a file too
expect_text 2 "" -f missing f.txt
grep -q "^urigrep: missing: No such file or directory" "$tmp/err" ||
    fail "-f missing: $(cat "$tmp/err")"
printf '(\n' >bad
expect_text 2 "" -f bad f.txt
# -o changes nothing
ug f.txt >plain
expect 0 plain -o f.txt
expect 0 plain --only-matching f.txt
