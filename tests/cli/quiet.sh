# -q prints nothing and exits 0 at the first URI, even after an error;
# -s hides messages about unreadable files but not the exit status.
. "${srcdir:-.}/tests/init.sh"
expect_text 0 "" -q "$fixtures/mixed.txt"
printf 'none\n' >"$tmp/none.txt"
expect_text 1 "" -q "$tmp/none.txt"
expect_text 0 "" -q "$tmp/missing" "$fixtures/mixed.txt"
expect_text 2 "" -q -s "$tmp/missing" "$tmp/none.txt"
[ -s "$tmp/err" ] && fail "-s printed: $(cat "$tmp/err")"
# -q stops reading at the first URI: an endless input still ends
yes 'http://y.example/' | ug -q || fail "-q on an endless stream"
