# -e selects URIs a PCRE2 pattern matches (any of several), -v inverts,
# -i ignores case; a bad pattern is a usage error (exit 2).
. "${srcdir:-.}/tests/init.sh"
f=$fixtures/mixed.txt
expect_text 0 "http://angle.example/wrapped/path/
http://paren.example/x" -e 'angle|paren' "$f"
expect_text 0 "mailto:joe@example.org
news:comp.lang.c" -e '^mailto:' -e '^news:' "$f"
expect_text 1 "" -e 'ANGLE' "$f"
expect_text 0 "http://angle.example/wrapped/path/" -i -e 'ANGLE' "$f"
ug -v -e '^http' "$f" >"$tmp/out"
grep -q '^http' "$tmp/out" && fail "-v kept a match"
[ "$(wc -l <"$tmp/out")" = 6 ] || fail "-v: $(cat "$tmp/out")"
# patterns apply to the printed (resolved) form
printf '<URL:g>\n' >"$tmp/r.txt"
expect_text 0 "http://a/b/c/g" --base='http://a/b/c/d;p?q' -e '^http://a/' "$tmp/r.txt"
expect_text 2 "" -e '(' "$f"
grep -q "pattern" "$tmp/err" || fail "bad pattern not explained"
