# Invalid UTF-8 never crashes the scanner, never joins two URIs and never
# hides one: a bad byte ends a URI, truncated sequences at the end too;
# --json stays valid UTF-8, its strings decoded as the input means.
. "${srcdir:-.}/tests/init.sh"
printf 'http://a.example/\300\257x http://b.example/\355\240\200y \365http://c.example/ http://d.example/\342\202' >"$tmp/u.txt"
for b in 1 2 3 4 100; do
    expect_text 0 "http://a.example/
http://b.example/
http://c.example/
http://d.example/" --buffer-size=$b "$tmp/u.txt"
done
# --json stays valid UTF-8 whatever the input: the same four URIs; an
# HTML attribute's bad byte is U+FFFD in "ref" and %FF in "uri"; a file
# name's bad bytes are U+FFFD each in "file"
ug --json "$tmp/u.txt" >"$tmp/out" || fail "--json: exit status $?"
sed 's/.*"uri":"\([^"]*\)".*/\1/' "$tmp/out" >"$tmp/uris"
printf '%s\n' http://a.example/ http://b.example/ http://c.example/ \
    http://d.example/ | diff -u - "$tmp/uris" || fail "--json: other URIs"
bad=$tmp/$(printf 'bad\377\300name').html
printf '<a href="http://x.example/\377y">x</a>\n' >"$bad"
ug --json --type=html "$bad" >"$tmp/out" || fail "--json on HTML: exit status $?"
[ "$(wc -l <"$tmp/out")" = 1 ] || fail "--json: not one line: $(cat "$tmp/out")"
for want in '"file":"'"$tmp"'/bad\ufffd\ufffdname.html"' \
    '"ref":"http://x.example/\ufffdy"' '"uri":"http://x.example/%FFy"'; do
    grep -qF "$want" "$tmp/out" || fail "--json: no $want in $(cat "$tmp/out")"
done
iconv -f UTF-8 -t UTF-8 "$tmp/out" >/dev/null || fail "JSON is not UTF-8"
if command -v jq >/dev/null; then
    jq -e '.ref == "http://x.example/\ufffdy"' "$tmp/out" >/dev/null ||
        fail "jq does not read it: $(cat "$tmp/out")"
fi
