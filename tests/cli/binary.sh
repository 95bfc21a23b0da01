# A file with a NUL byte near its start is skipped with a note (exit 1 if
# nothing else matched); -a scans it, and NUL ends a URI without losing
# the ones around it.
. "${srcdir:-.}/tests/init.sh"
printf 'http://a.example/x\000http://b.example/y\000\001garbage http://c.example/\n' >"$tmp/bin"
expect_text 1 "" "$tmp/bin"
grep -q "binary file skipped" "$tmp/err" || fail "no note for a binary file"
expect_text 0 "http://a.example/x
http://b.example/y
http://c.example/" -a "$tmp/bin"
# the note does not stop the next file
expect 0 "$fixtures/appendix-e.out" -h "$tmp/bin" "$fixtures/appendix-e.txt"
