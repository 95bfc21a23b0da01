# --stats[=FIELD] counts how often each value of a field occurs (issue 36
# item 2): a table sorted by count, JSON Lines with --json, any --format
# field or a template, the same with -j 2 as with -j 1; past STATS_LIMIT
# values Space-Saving keeps the frequent ones and says its error bound.
# On the corpus the counts are those of Python's collections.Counter on
# the plain output.
. "${srcdir:-.}/tests/init.sh"
printf '%s\n' \
    'http://www.example.com/a https://example.com/b http://Example.COM/c' \
    'ftp://ftp.example.org/x http://www.bbc.co.uk/news http://news.bbc.co.uk/' \
    'https://www.bbc.co.uk/sport mailto:a@example.net urn:isbn:0451450523' \
    >"$tmp/in.txt"
expect_text 0 "      4 http
      2 https
      1 ftp
      1 mailto
      1 urn" --stats=scheme "$tmp/in.txt"
expect_text 0 "      2 (none)
      2 www.bbc.co.uk
      1 Example.COM
      1 example.com
      1 ftp.example.org
      1 news.bbc.co.uk
      1 www.example.com" --stats=host "$tmp/in.txt"
# a template; --json
expect_text 0 "      1 http://news.bbc.co.uk
      1 http://www.bbc.co.uk
      1 https://www.bbc.co.uk" --stats='{scheme}://{host}' \
    --domain=bbc.co.uk "$tmp/in.txt"
expect_text 0 '{"value":"http","count":4,"error":0}
{"value":"https","count":2,"error":0}
{"value":"ftp","count":1,"error":0}
{"value":"mailto","count":1,"error":0}
{"value":"urn","count":1,"error":0}' --stats=scheme --json "$tmp/in.txt"
# -u counts each URI once
printf 'http://a.example/ http://a.example/ http://b.example/\n' >"$tmp/u.txt"
expect_text 0 "      1 a.example
      1 b.example" -u --stats=host "$tmp/u.txt"
# nothing found: no table, exit 1
expect_text 1 "" --stats=host -e nomatch "$tmp/in.txt"
# the default: the registered domain (libpsl)
if ug --version | grep -q libpsl; then
    expect_text 0 "      3 bbc.co.uk
      3 example.com
      2 (none)
      1 example.org" --stats "$tmp/in.txt"
fi
# usage errors
for bad in --stats=nope '--stats={host' '--stats=host -c' \
    '--stats=host -l' '--stats=host --format={uri}' '--stats -q'; do
    # shellcheck disable=SC2086 # the options are words
    ug $bad "$tmp/in.txt" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] || fail "$bad: exit $rc"
    grep -q "^urigrep: --stats" "$tmp/err" || fail "$bad: $(cat "$tmp/err")"
done

# -j 2 as -j 1, over many files
ug -r -j 1 --stats=host "$srcdir/tests/corpus" >"$tmp/j1" || fail "-j 1"
ug -r -j 2 --stats=host "$srcdir/tests/corpus" >"$tmp/j2" || fail "-j 2"
cmp "$tmp/j1" "$tmp/j2" || fail "--stats: -j 2 differs from -j 1"

# past STATS_LIMIT (100,000) distinct values: a value seen 500 times
# among 120,000 others seen once is kept, its count at most its error
# too high; the bound is said on standard error
command -v python3 >/dev/null || exit 0
python3 - >"$tmp/many.txt" <<'PY'
for i in range(120000):
    print("http://h%d.example/" % i)
    if i % 240 == 0:
        print("http://hot.example/")
PY
ug --stats=host --json "$tmp/many.txt" >"$tmp/out" 2>"$tmp/err" ||
    fail "many values: exit $?"
grep -q "more than 100000 distinct values" "$tmp/err" ||
    fail "no bound said: $(cat "$tmp/err")"
python3 - "$tmp/out" <<'PY' || fail "Space-Saving's bounds"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert len(rows) == 100000, len(rows)
hot = [r for r in rows if r["value"] == "hot.example"]
assert hot, "hot.example dropped"
h = hot[0]
assert h["count"] - h["error"] <= 500 <= h["count"], h
assert rows[0] == h, rows[0]
n = 120000 + 500
assert all(r["error"] <= n // 100000 for r in rows)
assert all(r["count"] - r["error"] <= 1 for r in rows[1:])
PY

# the corpus: the counts of each URI and each scheme are
# collections.Counter's on the plain output
ug -r -h "$srcdir/tests/corpus" >"$tmp/plain" || fail "corpus"
ug -r --stats=uri --json "$srcdir/tests/corpus" >"$tmp/uri.json" ||
    fail "corpus --stats=uri"
ug -r --stats=scheme --json "$srcdir/tests/corpus" >"$tmp/scheme.json" ||
    fail "corpus --stats=scheme"
python3 - "$tmp/plain" "$tmp/uri.json" "$tmp/scheme.json" <<'PY' ||
import collections, json, re, sys
plain = open(sys.argv[1], 'rb').read().decode('utf-8').split('\n')[:-1]
def rows(f):
    return [json.loads(l) for l in open(f, encoding='utf-8')]
def check(got, want):
    assert {r["value"]: r["count"] for r in got} == want
    assert all(r["error"] == 0 for r in got)
    keys = [(-r["count"], (r["value"] or "").encode('utf-8')) for r in got]
    assert keys == sorted(keys), "not sorted"
check(rows(sys.argv[2]), collections.Counter(plain))
scheme = re.compile(r'^([A-Za-z][A-Za-z0-9+.-]*):')
check(rows(sys.argv[3]), collections.Counter(
    m.group(1) if m else None for m in map(scheme.match, plain)))
assert len(plain) > 1000
PY
    fail "--stats differs from collections.Counter"
