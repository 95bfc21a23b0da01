# WARC payloads in every Content-Encoding a server sends (issue 37
# item 4): "gzip, gzip" is undone in order, br with libbrotlidec, zstd
# with libzstd; what cannot be undone (compress, a coding unknown, a
# library not built in) is said without --verbose, naming the file and
# the record, exit 2; damage to a br or zstd stream is said, exit 2.
# An HTTP response whose header has no empty line after it keeps its
# payload, read from the first line that is no header field (said,
# exit 2); one that is header fields only is read silently.
. "${srcdir:-.}/tests/init.sh"
warc=$srcdir/tests/warc
cd "$tmp" || exit 99
# resp ENCODING PAYLOAD-FILE [HEADER-END]: a response record whose HTTP
# header says ENCODING (none if empty) and ends with HEADER-END (the
# empty line by default), then the bytes of PAYLOAD-FILE
resp() {
    hdr=$(printf 'HTTP/1.1 200 OK\r\nContent-Type: text/plain')
    [ -n "$1" ] && hdr=$(printf '%s\r\nContent-Encoding: %s' "$hdr" "$1")
    tail=${3-'\r\n\r\n'}
    n=$((${#hdr} + $(printf "$tail" | wc -c) + $(wc -c <"$2")))
    printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:x:1>\r\n'
    printf 'WARC-Target-URI: http://s.example/\r\n'
    printf 'Content-Type: application/http; msgtype=response\r\n'
    printf 'Content-Length: %s\r\n\r\n%s' "$n" "$hdr"
    printf "$tail"
    cat "$2"
    printf '\r\n\r\n'
}
# a warcinfo record first: the response is not at offset 0
printf 'WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n' >info
off=$(wc -c <info | tr -d ' ')
{
    echo "start http://good.example/a"
    i=0
    while [ $i -lt 3000 ]; do echo "filler $i"; i=$((i + 1)); done
    echo "end http://good.example/b"
} >plain
printf '%s\n' http://good.example/a http://good.example/b >want
features=$("$URIGREP" --version | grep '^Features:')
# ok NAME: NAME.warc gives both links, silently, exit 0
ok() {
    ug "$1.warc" >got 2>err
    rc=$?
    [ $rc -eq 0 ] && [ ! -s err ] || fail "$1: exit $rc: $(cat err)"
    diff want got >/dev/null || fail "$1: links: $(cat got)"
}
# said NAME PATTERN: NAME.warc exits 2 and says PATTERN of the record
said() {
    ug "$1.warc" >got 2>err
    rc=$?
    [ $rc -eq 2 ] || fail "$1: exit $rc: $(cat err)"
    grep -q "^urigrep: $1.warc: offset $off: $2" err ||
        fail "$1: not said: $(cat err)"
}
command -v gzip >/dev/null || exit 77
# gzip applied twice: undone twice (it was skipped, said only with -v)
gzip -9 <plain | gzip -1 >gz2
{ cat info; resp 'gzip, gzip' gz2; } >gzip2.warc
ok gzip2
# with identity listed, and x-gzip
{ cat info; resp 'x-gzip, identity, gzip' gz2; } >gzip2b.warc
ok gzip2b
# three codings cut at the outer one: cut short, said
size=$(wc -c <gz2 | tr -d ' ')
head -c $((size - 20)) gz2 >gz2cut
{ cat info; resp 'gzip, gzip' gz2cut; } >gzip2cut.warc
said gzip2cut 'gzip Content-Encoding cut short'
# more codings than are undone: said
{ cat info; resp 'gzip, gzip, gzip, gzip, gzip' gz2; } >gzip5.warc
said gzip5 'HTTP payload in Content-Encoding "gzip, gzip, gzip, gzip, gzip" not read: more than 4 codings'
# br (its payload made by Python's brotli: tests/warc/SOURCES)
cp "$warc/links.txt.br" br
{ cat info; resp br br; } >br.warc
case $features in
*' brotli'*)
    sed 's/good/br/' want >want.br && mv want.br want
    ok br
    printf '%s\n' http://good.example/a http://good.example/b >want
    # cut short, and corrupt
    head -c 1500 br >brcut
    { cat info; resp br brcut; } >brcut.warc
    said brcut 'br Content-Encoding cut short'
    grep -qx http://br.example/a got || fail "brcut: link before the cut lost"
    { head -c 10 br; printf '\377\377\377\377\377\377'; tail -c +17 br; } >brbad
    { cat info; resp br brbad; } >brbad.warc
    said brbad 'corrupt br Content-Encoding'
    ;;
*)
    said br 'HTTP payload in Content-Encoding "br" not read: this urigrep was built without libbrotli'
    ;;
esac
# zstd, two frames one after the other
if command -v zstd >/dev/null; then
    head -n 1500 plain | zstd -q -19 >zs
    tail -n +1501 plain | zstd -q -1 >>zs
    { cat info; resp zstd zs; } >zstd.warc
    case $features in
    *' zstd'*)
        ok zstd
        size=$(wc -c <zs | tr -d ' ')
        head -c $((size - 10)) zs >zscut
        { cat info; resp zstd zscut; } >zstdcut.warc
        said zstdcut 'zstd Content-Encoding cut short'
        # a window of 128 MiB asked for: refused (memory stays bounded;
        # RFC 9659 caps it at 8 MiB)
        zstd -q --long=27 -c <plain >zsbig
        { cat info; resp zstd zsbig; } >zstdbig.warc
        said zstdbig 'zstd Content-Encoding with a window over 8 MiB'
        ;;
    *)
        said zstd 'HTTP payload in Content-Encoding "zstd" not read: this urigrep was built without libzstd'
        ;;
    esac
fi
# compress (LZW): no library undoes it; a coding unknown
printf 'not LZW data http://lost.example/\n' >junk
{ cat info; resp compress junk; } >compress.warc
said compress 'HTTP payload in Content-Encoding "compress" not read: compress (LZW) has no decoder in urigrep'
{ cat info; resp 'gzip, frob' junk; } >frob.warc
said frob 'HTTP payload in Content-Encoding "gzip, frob" not read: it names a coding urigrep does not know'
# -s: quiet, exit 2 still
ug -s compress.warc >/dev/null 2>err
rc=$?
[ $rc -eq 2 ] && [ ! -s err ] || fail "compress -s: exit $rc: $(cat err)"
# an HTTP header with no empty line: the payload starts at the first
# line that is no field (a URI at a line's start is no field)
printf 'http://nohead.example/first\n<p>see http://nohead.example/b\n' >body
{ cat info; resp '' body '\r\nX-Note: a field\r\n'; } >nohead.warc
said nohead 'HTTP header with no empty line after it: its payload read from its first line that is no header field'
printf '%s\n' http://nohead.example/first http://nohead.example/b >want.nh
diff want.nh got || fail "nohead: links"
# fields only, no empty line: nothing lost, nothing said
printf 'X-Last: field\r\n' >fields
{ cat info; resp '' fields '\r\n'; } >fields.warc
ug fields.warc >got 2>err
rc=$?
[ $rc -eq 1 ] && [ ! -s err ] || fail "fields only: exit $rc: $(cat err)"
# no empty line in 64 KiB: the payload past the fields is read too
{
    echo 'start http://long.example/a'
    i=0
    while [ $i -lt 9000 ]; do echo "filler line $i"; i=$((i + 1)); done
    echo 'end http://long.example/b'
} >long
{ cat info; resp '' long '\r\n'; } >long.warc
said long 'HTTP header with no empty line after it'
printf '%s\n' http://long.example/a http://long.example/b >want.long
diff want.long got || fail "long: links"
# 64 KiB of header fields and no end: said, not read
{
    i=0
    while [ $i -lt 5000 ]; do printf 'X-Field-%d: value\r\n' $i; i=$((i + 1)); done
    echo 'tail http://lost.example/'
} >manyfields
{ cat info; resp '' manyfields '\r\n'; } >many.warc
said many 'HTTP header longer than 64 KiB with no empty line: its payload not read'
# -j 2 reads them alike
for f in gzip2 nohead long many compress; do
    ug -j 1 $f.warc >j1 2>e1
    r1=$?
    ug -j 2 $f.warc >j2 2>e2
    r2=$?
    [ $r1 -eq $r2 ] && cmp -s j1 j2 && cmp -s e1 e2 || fail "$f: -j 2 differs"
done
exit 0
