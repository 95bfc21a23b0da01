# -j N within an address-space limit, and when mmap() refuses a window.
# Each worker's stack is 1 MiB, not the 8 MiB glibc takes by default,
# with which -j 8 on a 12 MB file ran out of memory under ulimit -v 65536
# and -j 16 under 98304 (-j 1 does not). A piece whose first windows
# mmap() refused, read into the buffer, and whose last was mapped, was
# then read whole from that last window: from before it (SIGSEGV).
# URIGREP_MAP_MAX refuses the larger windows as a full address space
# would.
. "${srcdir:-.}/tests/init.sh"
awk 'BEGIN { for (k = 0; k < 200000; k++) {
    printf "line %d see http://host%d.example.org/page/%d.html", k, k % 97, k
    printf " or <mailto:user%d@example.net> today\n", k
    if (k % 50 == 0) print "" } }' >"$tmp/big.txt"
"$URIGREP" -j 1 -n "$tmp/big.txt" >"$tmp/want" || fail "-j 1: exit $?"
[ "$(wc -l <"$tmp/want")" -eq 400000 ] || fail "-j 1: $(wc -l <"$tmp/want") lines"
for max in 1000000 300000 4096; do
    URIGREP_MAP_MAX=$max "$URIGREP" -j 2 -n "$tmp/big.txt" >"$tmp/got" \
        2>"$tmp/err" || fail "windows over $max refused: exit $?: $(cat "$tmp/err")"
    cmp -s "$tmp/want" "$tmp/got" ||
        fail "windows over $max refused: output differs from -j 1"
done
# sanitizers and valgrind reserve far more address space than that
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 0
fi
for jv in "8 65536" "16 98304"; do
    # shellcheck disable=SC2086 # two words: jobs and limit
    set -- $jv
    (ulimit -v "$2"; "$URIGREP" -j "$1" -n "$tmp/big.txt" >"$tmp/got" 2>"$tmp/err") ||
        fail "-j $1 under ulimit -v $2: exit $?: $(cat "$tmp/err")"
    cmp -s "$tmp/want" "$tmp/got" || fail "-j $1: output differs from -j 1"
done
