# -j N stays within a small address-space limit: each worker's stack is
# 1 MiB, not the 8 MiB glibc takes by default, which made -j 4 on a
# 12 MB file run out of memory under ulimit -v 32768 (-j 1 does not).
. "${srcdir:-.}/tests/init.sh"
# sanitizers and valgrind reserve far more address space than that
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 77
fi
awk 'BEGIN { for (k = 0; k < 200000; k++) {
    printf "line %d see http://host%d.example.org/page/%d.html", k, k % 97, k
    printf " or <mailto:user%d@example.net> today\n", k
    if (k % 50 == 0) print "" } }' >"$tmp/big.txt"
"$URIGREP" -j 1 -n "$tmp/big.txt" >"$tmp/want" || fail "-j 1: exit $?"
[ "$(wc -l <"$tmp/want")" -eq 400000 ] || fail "-j 1: $(wc -l <"$tmp/want") lines"
for j in 2 4 8; do
    (ulimit -v 32768; "$URIGREP" -j $j -n "$tmp/big.txt" >"$tmp/got" 2>"$tmp/err") ||
        fail "-j $j under ulimit -v 32768: exit $?: $(cat "$tmp/err")"
    cmp -s "$tmp/want" "$tmp/got" || fail "-j $j: output differs from -j 1"
done
