# --headers holds a header's URIs until its Message-ID is known, but not
# without bound: a million header fields before the Message-ID stream
# through in 16 MiB, their URIs all reported (early, with no Message-ID,
# which --verbose says).
. "${srcdir:-.}/tests/init.sh"
# sanitizers and valgrind reserve far more address space than that
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 77
fi
gen() {
    awk 'BEGIN {
        print "From: a@example.org";
        for (i = 0; i < 1000000; i++)
            printf "List-Post: <http://h%d.example/p>\n", i;
        print "Message-ID: <late@example.org>\n\nbody http://body.example/";
    }'
}
gen >"$tmp/big.eml"
out=$( (ulimit -v 32768; "$URIGREP" --headers --verbose "$tmp/big.eml" 2>"$tmp/err" | wc -l) ) ||
    fail "exit $?"
[ "$out" -eq 1000001 ] || fail "$out URIs, want 1000001"
grep -q "big.eml:[0-9]*: header URIs reported before their message's Message-ID was known" "$tmp/err" ||
    fail "no note: $(cat "$tmp/err")"
# the first URI after the Message-ID waits for nothing; the last ones
# before it have no Message-ID
"$URIGREP" --headers --json "$tmp/big.eml" >"$tmp/j" || fail "json: exit $?"
tail -n 1 "$tmp/j" | grep -q '"ref":"http://body.example/".*"message_id":"<late@example.org>"' ||
    fail "body URI: $(tail -n 1 "$tmp/j")"
tail -n 2 "$tmp/j" | head -n 1 | grep -q '"ref":"http://h999999.example/p".*"message_id":null' ||
    fail "last header URI: $(tail -n 2 "$tmp/j" | head -n 1)"
# peak RSS, where GNU time can tell it
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M -o "$tmp/rss" "$URIGREP" --headers "$tmp/big.eml" >/dev/null ||
        fail "time: exit $?"
    [ "$(tail -n 1 "$tmp/rss")" -le 16384 ] || fail "peak RSS $(cat "$tmp/rss") KiB"
fi
