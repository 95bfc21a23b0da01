# -r: a path longer than PATH_MAX cannot be read; it is reported by name
# with the reason, the rest is read, and the exit status is 2 (it was
# skipped silently, issue 8).
. "${srcdir:-.}/tests/init.sh"
mkdir "$tmp/d" || exit 99
printf 'http://top.example/\n' >"$tmp/d/a.txt"
printf 'http://last.example/\n' >"$tmp/d/z.txt"
seg=$(printf '%0200d' 0)
# 12 levels of 201 bytes, then 12 more moved below them: past PATH_MAX
# (4096 on Linux), built without any path that long
p=$seg/$seg/$seg/$seg/$seg/$seg/$seg/$seg/$seg/$seg/$seg/$seg
mkdir -p "$tmp/d/$p" "$tmp/b/$p" || exit 99
printf 'http://deep.example/\n' >"$tmp/b/$p/deep.txt" || exit 99
mv "$tmp/b/$seg" "$tmp/d/$p/" || exit 99
cd "$tmp" || exit 99
expect_text 2 "d/a.txt:http://top.example/
d/z.txt:http://last.example/" -r d
grep -q "^urigrep: d/$seg/.*: File name too long\$" "$tmp/err" ||
    fail "no message: $(cut -c1-100 "$tmp/err")"
[ "$(wc -l <"$tmp/err")" = 1 ] || fail "one message: $(cut -c1-100 "$tmp/err")"
# -s: no message, the same status
expect_text 2 "d/a.txt:http://top.example/
d/z.txt:http://last.example/" -r -s d
[ -s "$tmp/err" ] && fail "-s: $(cut -c1-100 "$tmp/err")"
exit 0
