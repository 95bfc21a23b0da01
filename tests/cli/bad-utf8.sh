# Invalid UTF-8 never crashes the scanner, never joins two URIs and never
# hides one: a bad byte ends a URI, truncated sequences at the end too.
. "${srcdir:-.}/tests/init.sh"
printf 'http://a.example/\300\257x http://b.example/\355\240\200y \365http://c.example/ http://d.example/\342\202' >"$tmp/u.txt"
for b in 1 2 3 4 100; do
    expect_text 0 "http://a.example/
http://b.example/
http://c.example/
http://d.example/" --buffer-size=$b "$tmp/u.txt"
done
# JSON output stays valid UTF-8 whatever the input
printf '<URL:http://e.example/\377>\n' >"$tmp/j.txt"
ug --json "$tmp/j.txt" >"$tmp/out"
[ "$(wc -l <"$tmp/out")" -ge 0 ] || fail json
if command -v iconv >/dev/null; then
    iconv -f UTF-8 -t UTF-8 "$tmp/out" >/dev/null || fail "JSON is not UTF-8"
fi
