# A WARC record whose Content-Length is too long by 5 to 14 bytes ends
# inside (or right at the end of) the next record's "WARC/1.x" line: that
# next record must not be skipped as garbage with its links (issue 37
# item 3). Each overshoot, read from a file, from a pipe and with -j 2,
# keeps all four records and says which record ran over which, exit 2.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
# rec N [D]: a resource record linking to http://good.example/N, its
# Content-Length D bytes too long
rec() {
    body="see http://good.example/$1 here"
    printf 'WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:x:%s>\r\n' "$1"
    printf 'Content-Type: text/plain\r\nContent-Length: %s\r\n' \
        $((${#body} + ${2:-0}))
    printf '\r\n%s\r\n\r\n' "$body"
}
printf '%s\n' http://good.example/1 http://good.example/2 \
    http://good.example/3 http://good.example/4 >want
rec 1 >r1
o2=$(wc -c <r1 | tr -d ' ')
for d in 5 6 9 12 13 14; do
    rec 2 "$d" >r2
    o3=$(cat r1 r2 | wc -c | tr -d ' ')
    { cat r1 r2; rec 3; rec 4; } >d$d.warc
    for how in file pipe j2; do
        case $how in
        file) ug d$d.warc >got 2>err; rc=$?; name=d$d.warc ;;
        pipe) ug <d$d.warc >got 2>err; rc=$?; name='(standard input)' ;;
        j2) ug -j 2 d$d.warc >got 2>err; rc=$?; name=d$d.warc ;;
        esac
        [ $rc -eq 2 ] || fail "+$d $how: exit $rc: $(cat err)"
        diff want got || fail "+$d $how: links"
        grep -qF "urigrep: $name: offset $o2: WARC record's Content-Length ($((30 + d))) is too long: it runs over the record at offset $o3" err ||
            fail "+$d $how: not said: $(cat err)"
        [ "$(wc -l <err)" -eq 1 ] || fail "+$d $how: said more: $(cat err)"
    done
done
# a block that only ends in "W" or "WARC/1" and then its proper tail is
# the record's own: nothing lost, nothing said
for tailtxt in W WARC/1 'WARC/1.0x'; do
    own="see http://good.example/5
$tailtxt"
    {
        rec 1
        printf 'WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:x:5>\r\n'
        printf 'Content-Type: text/plain\r\nContent-Length: %s\r\n\r\n%s\r\n\r\n' \
            ${#own} "$own"
        rec 3
    } >own.warc
    ug own.warc >got 2>err
    rc=$?
    [ $rc -eq 0 ] && [ ! -s err ] || fail "own '$tailtxt': exit $rc: $(cat err)"
    ug <own.warc >got2 2>err
    rc=$?
    [ $rc -eq 0 ] && [ ! -s err ] || fail "own '$tailtxt' pipe: exit $rc: $(cat err)"
    printf '%s\n' http://good.example/1 http://good.example/5 \
        http://good.example/3 >want2
    diff want2 got && diff want2 got2 || fail "own '$tailtxt': links"
done
exit 0
