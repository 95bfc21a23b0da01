# --strip-tracking takes utm_*, fbclid, mc_eid and the other parameters of
# data/tracking-params.txt out of each URI, and out of the target with
# --unwrap, keeping every other byte; --json keeps the original in ref
# (issue 22).
. "${srcdir:-.}/tests/init.sh"
f=$fixtures/unwrap-mixed.txt
expect_text 0 "https://www.example.net/news?id=42#top" --strip-tracking \
    -e example.net "$f"
expect_text 0 "https://example.com
https://www.example.org/page?id=4" --strip-tracking --unwrap \
    -e '^https://example\.com$' -e '^https://www\.example\.org/' "$f"
# a wrapper's own query is left alone: its parameters are its own
ug --strip-tracking "$f" | grep -q '^https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%3Ffbclid%3D' ||
    fail "the wrapper was changed"
# every other URI is as it was, byte for byte
ug "$f" | grep -v example.net >"$tmp/plain"
ug --strip-tracking "$f" | grep -v example.net >"$tmp/strip"
diff -u "$tmp/plain" "$tmp/strip" || fail "URIs without tracking changed"
# --json: uri and target stripped, ref as written
ug --json --strip-tracking "$f" >"$tmp/json" || fail "--json"
grep -q '"ref":"https://www.example.net/news?utm_source=newsletter&utm_medium=email&id=42&mc_eid=abc#top","uri":"https://www.example.net/news?id=42#top"' \
    "$tmp/json" || fail "--json ref and uri"
grep -q '"wrapper":"facebook","target":"https://example.com"}$' \
    "$tmp/json" || fail "--json target"
# a name that differs in case is not the parameter
printf 'http://x.example/?GCLID=1&gclid=2&fbclidx=3\n' >"$tmp/case.txt"
expect_text 0 "http://x.example/?GCLID=1&fbclidx=3" --strip-tracking \
    "$tmp/case.txt"
