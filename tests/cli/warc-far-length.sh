# A plain .warc whose record's Content-Length is too long by far more than
# the 4 MiB the reader may hold (ISO 28500 6.3: the block's length) must
# not swallow the records it runs over: a file named on the command line
# is read again where the count ends (no record there: it is wrong), so
# the block ends at its first version line, said with the file name and
# the two offsets, every record after it is read as a record (its links,
# its own record ID and offset), exit 2, and nothing is held. -j gives
# -j 1's output. Real data: warcio's example.warc and its iana.org
# response (tests/warc/SOURCES), the first record's Content-Length 249
# made 6000249, 600 iana.org records (5.3 MB) after it.
. "${srcdir:-.}/tests/init.sh"
command -v jq >/dev/null 2>&1 || { echo "no jq"; exit 77; }
cd "$tmp" || exit 99
w=$srcdir/tests/warc
sed '7s/^Content-Length: 249\r$/Content-Length: 6000249\r/' "$w/example.warc" \
    >dmg1.warc
cmp -s "$w/example.warc" dmg1.warc && fail "example.warc not damaged"
# N copies of the iana.org response file
iana() {
    i=0
    while [ $i -lt "$1" ]; do
        cat "$w/example-iana.org-chunked.warc"
        i=$((i + 1))
    done
}
iana 200 >head.warc
iana 600 >tail.warc
cat head.warc "$w/example.warc" tail.warc >good.warc
cat head.warc dmg1.warc tail.warc >dmg.warc
# the links, each with its record ID and what it is: the damaged file's
# shifted by the 4 bytes of "6000" from its damaged record on
at=$(wc -c <head.warc | tr -d ' ')
links() {
    jq -r --argjson at "$at" --argjson d "$2" \
        '"\(.warc_record_id) \(if .warc_offset > $at then .warc_offset - $d else .warc_offset end) \(.line) \(.column) \(.uri)"' "$1"
}
ug --json good.warc >good.json 2>err
[ $? -eq 0 ] && [ ! -s err ] || fail "good.warc: $(cat err)"
links good.json 0 >want
[ "$(grep -c 'iana.org' want)" -gt 1000 ] || fail "good.warc: $(wc -l <want) links"
ug --json dmg.warc >dmg.json 2>err
rc=$?
[ $rc -eq 2 ] || fail "dmg.warc: exit $rc: $(cat err)"
links dmg.json 4 | diff want - >/dev/null || fail "dmg.warc: links lost or moved"
# said once, with the file, the record's offset and the one it ran over
next=$((at + $(grep -a -b '^WARC/1.0' dmg1.warc | sed -n 2p | cut -d: -f1)))
grep -q "^urigrep: dmg.warc: offset $at: WARC record's Content-Length (6000249) is too long: it runs over the record at offset $next" err ||
    fail "dmg.warc: not said ($at over $next): $(cat err)"
[ "$(wc -l <err)" -eq 1 ] || fail "dmg.warc: $(cat err)"
# each record's offset is where its version line is
jq -r '.warc_offset' dmg.json | sort -un | while read -r o; do
    [ "$(tail -c +$((o + 1)) dmg.warc | head -c 8)" = "WARC/1.0" ] ||
        { echo "$o"; break; }
done >bad
[ ! -s bad ] || fail "dmg.warc: no record at offset $(cat bad)"
# read a few bytes at a time: the same
ug --json --buffer-size=7 dmg.warc >small.json 2>/dev/null
cmp -s dmg.json small.json || fail "dmg.warc in small reads"
# -j: cut in the records before it, read as -j 1 reads
. "${srcdir:-.}/tests/jobs-same.sh"
URIGREP_SPLIT_SIZE=300000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=3
jobs_enough || same_as_serial --json dmg.warc
[ "$rc1" = 2 ] || fail "-j 1: exit $rc1"
exit 0
