# -j cuts a large .warc.gz at gzip members that start records (each
# piece begins with a member that inflates to "WARC/"), as it cuts an
# mbox at "From " lines: the output on both streams and the exit status
# are those of -j 1, record offsets, payload lines, damage (a corrupt
# member, a record split over members) and --verbose's count included;
# every cut is at such a member, and the pieces cover the file.
. "${srcdir:-.}/tests/init.sh"
# gzip members and Content-Encoding need zlib (warc-http.sh checks what
# a build without it says)
printf 'http://x.example/\n' | gzip | ug >/dev/null 2>&1 || exit 77
JOBS_FEW=3
. "${srcdir:-.}/tests/jobs-same.sh"
command -v python3 >/dev/null || exit 77
w=$srcdir/tests/warc
bad() {
    # a resource record whose gzip member is corrupt after its header
    printf 'WARC/1.0\r\nWARC-Type: resource\r\nContent-Type: text/plain\r\nContent-Length: 30\r\n\r\nsee http://lost.example/  here\r\n\r\n' |
        gzip -n >"$tmp/bad"
    head -c 20 "$tmp/bad"
    printf 'XXXXXXXXXXXXXXXXXXXX'
    tail -c +41 "$tmp/bad"
}
for round in $(seq 1 12); do
    cat "$w/example.warc.gz" "$w/example-resource.warc.gz" \
        "$w/example-wrong-chunks.warc.gz" \
        "$w/example-wget-bad-target-uri.warc.gz"
    [ $((round % 5)) -eq 0 ] && bad
    cat "$w/cc.warc.gz"
done >"$tmp/big.warc.gz"
URIGREP_SPLIT_SIZE=3000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=20
for opts in "--json" "-n -H" "--verbose -u" "-c" "--json --warc-metadata"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts "$tmp/big.warc.gz"
done
[ "$rc1" = 2 ] || fail "damage: exit $rc1"
# every cut is a gzip member that inflates to WARC/; the pieces tile the
# file (checked with Python's zlib, not urigrep's code)
python3 - "$tmp/big.warc.gz" "$URIGREP_JOBS_TRACE" <<'PY' || fail "cuts"
import sys, zlib
data = open(sys.argv[1], "rb").read()
pieces = [tuple(map(int, l.split()[-2:])) for l in open(sys.argv[2])]
at = 0
for a, b in pieces:
    assert a == at, (a, at)
    z = zlib.decompressobj(31)
    assert z.decompress(data[a:a + 65536], 5)[:5] == b"WARC/", a
    at = b
assert at == len(data), (at, len(data))
PY
