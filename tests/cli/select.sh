# --scheme keeps the listed schemes (any case); --strict keeps valid
# references, --invalid the others, and --verbose says why.
. "${srcdir:-.}/tests/init.sh"
f=$fixtures/mixed.txt
expect_text 0 "mailto:joe@example.org
ftp://ftp.example.org/pub/" --scheme=MAILTO,ftp "$f"
expect_text 1 "" --scheme=gopher "$f"
expect_text 0 "http://bad.example/%zz/
http://x.example/a{b}" --invalid "$f"
ug --strict "$f" >"$tmp/out"
grep -q 'bad.example\|a{b}' "$tmp/out" && fail "--strict kept an invalid one"
[ "$(wc -l <"$tmp/out")" = 11 ] || fail "--strict count"
ug --invalid --verbose "$f" >/dev/null 2>"$tmp/err"
grep -q "http://bad.example/%zz/': '%' not followed by two hexadecimal digits at offset 19" "$tmp/err" ||
    fail "no reason: $(cat "$tmp/err")"
grep -q "a{b}': invalid character in path at offset 18" "$tmp/err" || fail "no reason for {"
# the grammar follows --rfc: "http:" alone is valid in RFC 3986 only
printf 'http:\n' >"$tmp/h.txt"
expect_text 1 "" -x --strict "$tmp/h.txt"
expect_text 0 "http:" -x --strict --rfc=3986 "$tmp/h.txt"
