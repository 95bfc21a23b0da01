# -j N within an address-space limit, and when mmap() refuses a window.
# Each worker's stack is 1 MiB, not the 8 MiB glibc takes by default,
# with which -j 8 on a 12 MB file ran out of memory under ulimit -v 65536
# and -j 16 under 98304 (-j 1 does not); the limits below are now
# measured from -j 1's. A piece whose first windows
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
# The limits are measured, not fixed: the libraries the build links
# (ICU's data alone maps 30 MB) and glibc's arenas move the floor.  BASE
# is the smallest of a few limits under which -j 1 reads the file, plus
# 16 MiB of slack; each worker is then allowed 8 MiB (its 1 MiB stack, its
# 4 MiB window, room for its arena).  With glibc's 8 MiB stacks a worker
# needs 12 MiB, so a return of those still fails here.
base=
for kb in 16384 24576 32768 49152 65536 98304 131072 196608 262144; do
    if (ulimit -v "$kb"; "$URIGREP" -j 1 -n "$tmp/big.txt" >/dev/null 2>&1); then
        base=$((kb + 16384))
        break
    fi
done
[ -n "$base" ] || fail "-j 1 does not run under ulimit -v 262144"
for n in 8 16; do
    limit=$((base + n * 8192))
    (ulimit -v "$limit"; "$URIGREP" -j "$n" -n "$tmp/big.txt" >"$tmp/got" 2>"$tmp/err") ||
        fail "-j $n under ulimit -v $limit (-j 1 ran under $((base - 16384))): exit $?: $(cat "$tmp/err")"
    cmp -s "$tmp/want" "$tmp/got" || fail "-j $n: output differs from -j 1"
done
