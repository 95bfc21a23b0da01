# A WARC response whose gzip Content-Encoding is cut short (or corrupt)
# loses the links past the damage: that must be said without --verbose
# and exit 2 (issue 37 item 4). The same payload whole is read in full,
# silently; a record marked WARC-Truncated, cut by its writer, is not
# damage.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
# resp N PAYLOAD [FIELD]: a response record with a gzip payload file
resp() {
    hdr=$(printf 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip')
    n=$((${#hdr} + 4 + $(wc -c <"$2")))
    printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:x:%s>\r\n' "$1"
    printf 'WARC-Target-URI: http://s.example/%s\r\n%b' "$1" "${3:-}"
    printf 'Content-Type: application/http; msgtype=response\r\n'
    printf 'Content-Length: %s\r\n\r\n%s\r\n\r\n' "$n" "$hdr"
    cat "$2"
    printf '\r\n\r\n'
}
command -v gzip >/dev/null || exit 77
{
    echo "start http://good.example/a"
    i=0
    while [ $i -lt 3000 ]; do echo "filler $i"; i=$((i + 1)); done
    echo "end http://good.example/b"
} | gzip -9 >full.gz
size=$(wc -c <full.gz | tr -d ' ')
head -c $((size - 30)) full.gz >cut.gz
# corrupt: a byte of the deflate data changed near its end
{ head -c $((size - 40)) full.gz; printf '\377\377\377\377'; tail -c 36 full.gz; } >bad.gz
resp 1 full.gz >full.warc
ug full.warc >got 2>err
rc=$?
[ $rc -eq 0 ] && [ ! -s err ] || fail "whole: exit $rc: $(cat err)"
printf '%s\n' http://good.example/a http://good.example/b >want
diff want got || fail "whole: links"
for how in cut bad; do
    resp 1 $how.gz >$how.warc
    ug $how.warc >got 2>err
    rc=$?
    [ $rc -eq 2 ] || fail "$how: exit $rc: $(cat err)"
    grep -q "^urigrep: $how.warc: offset 0: .*gzip Content-Encoding.*payload dropped" err ||
        fail "$how: not said: $(cat err)"
    grep -qx http://good.example/a got || fail "$how: lost the link before the damage"
    # -s keeps quiet but still exits 2
    ug -s $how.warc >/dev/null 2>err
    rc=$?
    [ $rc -eq 2 ] && [ ! -s err ] || fail "$how -s: exit $rc: $(cat err)"
done
# the file itself ends inside the payload: the record's damage is said,
# once (the payload's cut is part of it)
head -c $(($(wc -c <full.warc) - 100)) full.warc >short.warc
ug short.warc >got 2>err
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] &&
    grep -q "^urigrep: short.warc: offset 0: .*ends inside" err ||
    fail "file cut: exit $rc: $(cat err)"
# cut by its writer, who said so: read what there is, nothing said
resp 1 cut.gz 'WARC-Truncated: length\r\n' >trunc.warc
ug trunc.warc >got 2>err
rc=$?
[ $rc -eq 0 ] && [ ! -s err ] || fail "WARC-Truncated: exit $rc: $(cat err)"
exit 0
