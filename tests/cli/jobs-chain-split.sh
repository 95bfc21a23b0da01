# -j cuts a large plain .warc and a large mboxcl2 file where a walk along
# their Content-Length chain from the file's start proves a record or
# message starts (a "WARC/1.x" line or a "From " line inside a counted
# body is no place to cut): both streams and the exit status are those
# of -j 1 (record offsets, message numbers, damage said), the file is
# cut into many pieces, and every cut is a record or message start as
# Python finds them by the same chain (ISO 28500 6.3 Content-Length;
# mboxcl2's Content-Length counting the body as stored).
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=3
. "${srcdir:-.}/tests/jobs-same.sh"
command -v python3 >/dev/null || exit 77
printf 'http://x.example/\n' | gzip | ug >/dev/null 2>&1 || exit 77
w=$srcdir/tests/warc
# rec N [+D|-]: a resource record linking to http://good.example/N, its
# Content-Length right, D bytes too long, or none
rec() {
    body="see http://good.example/$1 here"
    printf 'WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:x:%s>\r\n' "$1"
    printf 'Content-Type: text/plain\r\n'
    case ${2:-} in
    '') printf 'Content-Length: %s\r\n' ${#body} ;;
    +*) printf 'Content-Length: %s\r\n' $((${#body} $2)) ;;
    esac
    printf '\r\n%s\r\n\r\n' "$body"
}
for round in $(seq 1 12); do
    cat "$w/example.warc" "$w/example-iana.org-chunked.warc"
    gzip -dc "$w/example-resource.warc.gz" \
        "$w/example-wget-bad-target-uri.warc.gz" "$w/cc.warc.gz"
    [ $((round % 5)) -eq 0 ] && { rec "$round" +300; rec "x$round"; }
    [ $((round % 7)) -eq 0 ] && rec "y$round" -
done >"$tmp/big.warc"
# mail-box-magick.mboxcl2 (Mail::Box's test folder) again and again, with
# a message whose counted body holds a "From " line
m=$srcdir/tests/fixtures/mbox-variants/mail-box-magick.mboxcl2
body=$(printf 'hello\nFrom the start http://counted.example/\n>From http://q.example/\n')
for round in $(seq 1 30); do
    cat "$m"
    printf 'From x@y Thu Jan  1 00:00:00 2000\nSubject: r%s\nMessage-ID: <c%s@x>\nContent-Length: %s\n\n%s\n\n' \
        "$round" "$round" $((${#body} + 1)) "$body"
done >"$tmp/big.mboxcl2"
URIGREP_SPLIT_SIZE=3000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=20
for opts in "--json" "-n -H" "--verbose -u" "-c"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts "$tmp/big.warc"
    [ "$rc1" = 2 ] || fail "warc damage: exit $rc1"
    python3 - "$tmp/big.warc" "$URIGREP_JOBS_TRACE" warc <<'PY' || fail "warc cuts"
import re, sys
data = open(sys.argv[1], "rb").read()
# the records a walk along the Content-Length chain reaches from the start
starts, at = set(), 0
while data.startswith(b"WARC/1.", at):
    starts.add(at)
    end = data.index(b"\r\n\r\n", at) + 4
    m = re.search(rb"\r\nContent-Length: *(\d+)", data[at:end])
    if not m:
        break
    at = end + int(m.group(1))
    if data[at:at + 4] != b"\r\n\r\n":
        break
    at += 4
pieces = [tuple(map(int, l.split()[-2:])) for l in open(sys.argv[2])]
assert len(pieces) > 1
at = 0
for a, b in pieces:
    assert a == at and a in starts, (a, at)
    at = b
assert at == len(data)
PY
    # shellcheck disable=SC2086
    same_as_serial --type=mboxcl2 $opts "$tmp/big.mboxcl2"
    [ "$rc1" = 0 ] || fail "mboxcl2: exit $rc1"
    python3 - "$tmp/big.mboxcl2" "$URIGREP_JOBS_TRACE" <<'PY' || fail "mboxcl2 cuts"
import re, sys
data = open(sys.argv[1], "rb").read()
starts, at = set(), 0
while data.startswith(b"From ", at):
    starts.add(at)
    end = data.index(b"\n\n", at) + 2
    n = re.findall(rb"\nContent-Length: *(\d+)", data[at:end], re.I)
    at = end + int(n[-1])
    while data.startswith(b"\n", at):
        at += 1
pieces = [tuple(map(int, l.split()[-2:])) for l in open(sys.argv[2])]
assert len(pieces) > 1
at = 0
for a, b in pieces:
    assert a == at and a in starts, (a, at)
    at = b
assert at == len(data)
PY
done
# the counted "From " line starts no message: its link is in every 17th
ug -j 3 --json --type=mboxcl2 "$tmp/big.mboxcl2" |
    sed -n 's/.*"ref":"http:\/\/counted.*"message":\([0-9]*\).*/\1/p' >"$tmp/got"
seq 17 17 510 | diff - "$tmp/got" || fail "counted From line"
exit 0
