# -u and --stats key their hash tables with a secret: 65,536 URIs whose
# FNV-1a hashes agree in their low 32 bits (made from
# tests/fixtures/fnv-collide.txt, 16 pairs of colliding blocks, as
# bench/adversarial.sh's uniq_fnv) cost no more than others; with FNV-1a
# they took seconds. -u's output keeps first-occurrence order, --stats's
# is sorted by count then bytes, whatever the key.
. "${srcdir:-.}/tests/init.sh"
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 77
fi
awk '{ a[NR - 1] = $1; b[NR - 1] = $2 }
END {
    for (i = 0; i < 65536; i++) {
        s = "http://fnv.example/"; k = i;
        for (j = 0; j < 16; j++) { s = s ((k % 2) ? b[j] : a[j]); k = int(k / 2) }
        print s
    }
}' "$fixtures/fnv-collide.txt" >"$tmp/keys"
cat "$tmp/keys" "$tmp/keys" >"$tmp/twice"
[ "$(sort -u "$tmp/keys" | wc -l)" -eq 65536 ] || fail "keys not distinct"
(ulimit -t 3; ug -u -x "$tmp/twice" >"$tmp/out") || fail "exit $? (time limit?)"
cmp -s "$tmp/keys" "$tmp/out" || fail "-u output is not the first occurrences in order"
(ulimit -t 3; ug --stats=uri -x "$tmp/twice" >"$tmp/stats") ||
    fail "--stats: exit $? (time limit?)"
sort "$tmp/keys" | sed 's/^/      2 /' >"$tmp/want"
cmp -s "$tmp/want" "$tmp/stats" || fail "--stats: not each URI counted twice"
