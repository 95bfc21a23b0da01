# Memory is bounded by the longest URI, not by the input: 300 MB without a
# newline, and one endless URI candidate, stream through under a 64 MB
# address-space limit.
. "${srcdir:-.}/tests/init.sh"
# sanitizers and valgrind reserve far more address space than that
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 77
fi
n=300000000
out=$( (ulimit -v 65536; { head -c $n /dev/zero | tr '\0' 'a'; printf ' http://end.example/\n'; } |
    "$URIGREP" -n) ) || fail "plain stream: exit $?"
[ "$out" = "1:http://end.example/" ] || fail "plain stream: $out"
out=$( (ulimit -v 65536; { printf 'x http://'; head -c $n /dev/zero | tr '\0' 'b'; printf ' http://after.example/\n'; } |
    "$URIGREP" -s) ) || fail "endless candidate: exit $?"
[ "$out" = "http://after.example/" ] || fail "endless candidate: $out"
