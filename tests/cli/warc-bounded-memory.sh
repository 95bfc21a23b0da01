# A WARC record of any size streams past in bounded memory: a 300 MB
# text/plain response (chunked) and a 300 MB image, plain and as a
# .warc.gz member, under a 64 MB address-space limit, with the links of
# the records before and after them and in the text found.
. "${srcdir:-.}/tests/init.sh"
# gzip members and Content-Encoding need zlib (warc-http.sh checks what
# a build without it says)
printf 'http://x.example/\n' | gzip | ug >/dev/null 2>&1 || exit 77
# sanitizers and valgrind reserve far more address space than that
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 77
fi
n=300000000
small() {
    printf 'WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://s.example/\r\n'
    body="see http://$1.example/ "
    printf 'Content-Type: text/plain\r\nContent-Length: %s\r\n\r\n' ${#body}
    printf '%s\r\n\r\n' "$body"
}
big() {
    # $1: HTTP Content-Type; chunked, one chunk of N + 1 bytes of text
    printf 'HTTP/1.1 200 OK\r\nContent-Type: %s\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n' \
        "$1" $((n + 26)) >"$tmp/head"
    len=$(($(wc -c <"$tmp/head") + n + 26 + 7))
    printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://big.example/\r\n'
    printf 'Content-Type: application/http; msgtype=response\r\n'
    printf 'Content-Length: %s\r\n\r\n' "$len"
    cat "$tmp/head"
    head -c $n /dev/zero | tr '\0' 'a'
    printf ' http://in-big.example/x\n\r\n0\r\n\r\n\r\n\r\n'
}
want='http://before.example/
http://in-big.example/x
http://after.example/'
out=$( (ulimit -v 65536; { small before; big text/plain; small after; } |
    "$URIGREP") ) || fail "plain: exit $?"
[ "$out" = "$want" ] || fail "plain: $out"
out=$( (ulimit -v 65536; { small before; big image/jpeg; small after; } |
    "$URIGREP") ) || fail "image: exit $?"
[ "$out" = "http://before.example/
http://after.example/" ] || fail "image: $out"
{ small before | gzip -1; big text/plain | gzip -1; small after | gzip -1; } >"$tmp/big.warc.gz"
out=$( (ulimit -v 65536; "$URIGREP" "$tmp/big.warc.gz") ) || fail "gz: exit $?"
[ "$out" = "$want" ] || fail "gz: $out"
