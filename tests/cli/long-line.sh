# A 100 MB line streams through in bounded memory and the URI at its end
# is found; a candidate over --max-uri-length is skipped with a warning
# naming file and line, and the URIs after it are still found.
. "${srcdir:-.}/tests/init.sh"
{ head -c 100000000 /dev/zero | tr '\0' 'x'; printf ' http://end.example/ok\n'; } >"$tmp/long.txt"
expect_text 0 "1:http://end.example/ok" -n "$tmp/long.txt"
rm -f "$tmp/long.txt"
{ printf 'first line\nsee http://long.example/'; head -c 20000 /dev/zero | tr '\0' 'y'; printf ' and http://short.example/\n'; } >"$tmp/l2.txt"
expect_text 0 "2:http://short.example/" -n "$tmp/l2.txt"
grep -q "^urigrep: $tmp/l2.txt:2: warning: URI candidate longer than 8192 bytes skipped\$" "$tmp/err" ||
    fail "warning: $(cat "$tmp/err")"
expect_text 0 "http://short.example/" --max-uri-length=30 "$fixtures/../fixtures/appendix-e.txt" "$tmp/l2.txt" -h -e short
# a larger limit lets it through
ug --max-uri-length=30000 "$tmp/l2.txt" | head -c 30 | grep -q '^http://long.example/yyy' || fail "--max-uri-length=30000"
