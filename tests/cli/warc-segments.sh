# A WARC record segmented as ISO 28500 (WARC 1.1 section 9,
# "Segmentation"; its annex example: a response with WARC-Segment-Number
# 1, then "continuation" records with WARC-Segment-Origin-ID, the next
# WARC-Segment-Number and, on the last, WARC-Segment-Total-Length) is one
# record: its payload is the segments' blocks joined, so a link cut at a
# segment's end is whole, a gzip-encoded payload inflates across them,
# every link has the first segment's record ID and offset. A missing
# segment is said (file, offset, which one), the rest read, exit 2; -j
# cuts no file before a continuation record, and gives -j 1's output.
. "${srcdir:-.}/tests/init.sh"
command -v python3 >/dev/null || exit 77
printf 'http://x.example/\n' | gzip | ug >/dev/null 2>&1 || exit 77
cd "$tmp" || exit 99
# seg.py OUT GZIP DROP REPEAT: a response in three segments (GZIP: its
# payload gzip-encoded; DROP: the segment left out, 0 for none), then a
# resource record, REPEAT times (record IDs made unique); with a 4th
# argument, each record its own gzip member
cat >seg.py <<'PY'
import gzip, sys, zlib
out, enc, drop, repeat = sys.argv[1], sys.argv[2] == "1", int(sys.argv[3]), int(sys.argv[4])
members = len(sys.argv) > 5
html = (b'<html><body><p><a href="http://seg.example/first">one</a>\n' +
        b'<p>' + b'filler text ' * 300 + b'\n' +
        b'<a href="/relative/second">two</a>\n' + b'<p>more ' * 200 + b'\n' +
        b'<a href="http://seg.example/spans-the-cut/xyz">three</a>\n' +
        b'</body></html>\n')
body = gzip.compress(html, mtime=0) if enc else html
http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" +
        (b"Content-Encoding: gzip\r\n" if enc else b"") +
        b"Content-Length: %d\r\n\r\n" % len(body) + body)
# cut inside the first link's URI, and inside the third's
if enc:
    a, b = len(http) // 3, 2 * len(http) // 3
else:
    a = http.index(b"seg.example/first") + 5
    b = http.index(b"spans-the-cut") + 6
parts = [http[:a], http[a:b], http[b:]]
def record(fields, block):
    head = b"WARC/1.1\r\n" + b"".join(b"%s: %s\r\n" % f for f in fields)
    return head + b"Content-Length: %d\r\n\r\n" % len(block) + block + b"\r\n\r\n"
data = []
for r in range(repeat):
    rid = b"<urn:uuid:39509228-ae2f-11b2-763a-%012d>" % r
    common = [(b"WARC-Target-URI", b"http://seg.example/page"),
              (b"WARC-Date", b"2026-11-26T00:00:00Z")]
    recs = [record([(b"WARC-Type", b"response"),
                    (b"WARC-Record-ID", rid)] + common +
                   [(b"WARC-Segment-Number", b"1"),
                    (b"Content-Type", b"application/http;msgtype=response")],
                   parts[0])]
    for n in (2, 3):
        f = [(b"WARC-Type", b"continuation"),
             (b"WARC-Record-ID", b"<urn:uuid:70653950-a77f-b212-e434-%06d%06d>" % (r, n))] + common + [
             (b"WARC-Segment-Origin-ID", rid),
             (b"WARC-Segment-Number", b"%d" % n)]
        if n == 3:
            f.append((b"WARC-Segment-Total-Length", b"%d" % len(http)))
        recs.append(record(f, parts[n - 1]))
    if drop:
        del recs[drop - 1]
    after = b"see http://after.example/%d here\n" % r
    recs.append(record([(b"WARC-Type", b"resource"),
                        (b"WARC-Record-ID", b"<urn:x:after%d>" % r),
                        (b"WARC-Target-URI", b"http://after.example/"),
                        (b"Content-Type", b"text/plain")], after))
    data += recs
with open(out, "wb") as f:
    for rec in data:
        f.write(gzip.compress(rec, mtime=0) if members else rec)
PY
want() {
    printf '%s\n' http://seg.example/first http://seg.example/relative/second \
        http://seg.example/spans-the-cut/xyz http://after.example/0
}
# joined, plain and gzip-encoded, as a plain .warc and as a .warc.gz
python3 seg.py seg.warc 0 0 1 || fail "seg.py"
python3 seg.py segz.warc 1 0 1 || fail "seg.py"
python3 seg.py seg.warc.gz 0 0 1 members || fail "seg.py"
for f in seg.warc segz.warc seg.warc.gz; do
    ug -u "$f" >got 2>err
    rc=$?
    [ $rc -eq 0 ] && [ ! -s err ] || fail "$f: exit $rc: $(cat err)"
    want | diff - got || fail "$f: links"
done
# one record: the first segment's ID and offset for each of its links
ug --json seg.warc | grep -c '"warc_record_id":"<urn:uuid:39509228-ae2f-11b2-763a-000000000000>".*"warc_offset":0,' >n
[ "$(cat n)" = 3 ] || fail "record ID or offset: $(ug --json seg.warc)"
# a segment missing: what came before it is read, it is said, exit 2
python3 seg.py gap.warc 0 2 1 || fail "seg.py"
ug -u gap.warc >got 2>err
rc=$?
[ $rc -eq 2 ] || fail "gap: exit $rc"
printf '%s\n' http://after.example/0 >want
diff want got || fail "gap: links"
grep -q "^urigrep: gap.warc: offset 0: segmented WARC record: its segment 2 is missing (another record comes first)" err ||
    fail "gap: $(cat err)"
grep -q "^urigrep: gap.warc: offset [1-9][0-9]*: WARC continuation record without the segments before it" err ||
    fail "gap orphan: $(cat err)"
# the file ends before the last segment
python3 seg.py end.warc 0 0 1 || fail "seg.py"
head -c "$(grep -a -b -o 'WARC-Segment-Number: 3' end.warc | cut -d: -f1)" end.warc >cut.warc
ug -u cut.warc >got 2>err
[ $? -eq 2 ] || fail "cut: exit"
grep -q "cut.warc: offset 0: segmented WARC record: its segment 3 is missing (the input ends first)" err ||
    fail "cut: $(cat err)"
grep -q 'http://seg.example/first' got || fail "cut: segment 1 lost"
# -j: many segmented records, plain and .warc.gz; no piece starts at a
# continuation record
python3 seg.py big.warc 0 0 300 || fail "seg.py"
python3 seg.py big.warc.gz 1 0 300 members || fail "seg.py"
. "${srcdir:-.}/tests/jobs-same.sh"
URIGREP_SPLIT_SIZE=20000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=5
for f in big.warc big.warc.gz; do
    jobs_enough && break
    same_as_serial --json "$f"
    [ "$rc1" = 0 ] || fail "$f: exit $rc1: $(cat "$tmp/err1")"
    [ "$(grep -c 'spans-the-cut' "$tmp/out1")" = 300 ] || fail "$f: records lost"
    python3 - "$f" "$URIGREP_JOBS_TRACE" <<'PY' || fail "$f: cut at a continuation"
import sys, zlib
data = open(sys.argv[1], "rb").read()
for line in open(sys.argv[2]):
    a = int(line.split()[-2])
    head = data[a:a + 4096]
    if sys.argv[1].endswith(".gz"):
        head = zlib.decompressobj(31).decompress(head, 4096)
    assert head.startswith(b"WARC/1.1"), a
    assert b"WARC-Type: continuation" not in head.split(b"\r\n\r\n")[0], a
PY
done
exit 0
