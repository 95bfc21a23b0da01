# Memory is bounded by the longest URI, not by the input: 300 MB without a
# newline, one endless URI candidate, and a message with a 100 MB base64
# text part stream through under a 64 MB address-space limit.
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
gen_mail() {
    printf 'From: a@example.org\nSubject: big\nMIME-Version: 1.0\n'
    printf 'Content-Type: multipart/mixed; boundary=B\n\n--B\n'
    printf 'Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n'
    { head -c 100000000 /dev/zero | tr '\0' 'x'; printf ' http://after-base64.example/\n'; } |
        base64 -w 76
    printf '\n--B--\n'
}
out=$( (ulimit -v 65536; gen_mail | "$URIGREP" -n --type=mail) ) || fail "big base64: exit $?"
[ "$out" = "1754395:http://after-base64.example/" ] || fail "big base64: $out"
