# WARC records as ISO 28500 and HTTP define them: a redirect's Location
# is a link (resolved against WARC-Target-URI), chunks and gzip or
# deflate Content-Encoding are undone, <base href> overrides the target
# URI, text/* is scanned as text, images are skipped and counted
# (--verbose), request and warcinfo records are not read, metadata only
# with --warc-metadata, WARC/1.1 reads as 1.0, --type=warc forces it.
. "${srcdir:-.}/tests/init.sh"
# rec TYPE TARGET FILE: a record of TYPE whose block is FILE
rec() {
    printf 'WARC/1.1\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\n' "$1" "$2"
    printf 'WARC-Date: 2026-11-26T12:00:00Z\r\n'
    printf 'WARC-Record-ID: <urn:uuid:%s>\r\n' "$(printf '%s' "$3" | cksum | cut -d' ' -f1)"
    case $1 in
    response) printf 'Content-Type: application/http; msgtype=response\r\n' ;;
    resource) printf 'Content-Type: text/plain\r\n' ;;
    metadata) printf 'Content-Type: application/warc-fields\r\n' ;;
    *) printf 'Content-Type: application/http; msgtype=request\r\n' ;;
    esac
    printf 'Content-Length: %s\r\n\r\n' "$(wc -c <"$3" | tr -d ' ')"
    cat "$3"
    printf '\r\n\r\n'
}
cd "$tmp" || exit 99
if ! printf 'http://x.example/\n' | gzip | ug >/dev/null 2>&1; then
    # built without zlib: a gzip-encoded payload is said to be unreadable
    printf '<a href="http://x.example/">' | gzip -n >gz.html
    { printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n'
      printf 'Content-Encoding: gzip\r\n\r\n'; cat gz.html; } >gz
    rec response http://s.example/ gz >nozlib.warc
    ug nozlib.warc >/dev/null 2>err
    [ $? -eq 2 ] || fail "no zlib: exit not 2"
    grep -q 'offset 0: gzip-encoded HTTP payload, and this urigrep was built without zlib' err ||
        fail "no zlib: $(cat err)"
    exit 77
fi
printf 'HTTP/1.1 301 Moved Permanently\r\nLocation: ../new/place?x=1\r\nContent-Type: text/html\r\nContent-Length: 0\r\n\r\n' >redirect
printf '<html><body><a href="page2.html">p</a> see http://text.example/in-html</body></html>\n' >page.html
gzip -n <page.html >page.gz
size=$(wc -c <page.gz | tr -d ' ')
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n'
  printf '%x\r\n' 10; head -c 10 page.gz; printf '\r\n'
  printf '%x;ext=1\r\n' $((size - 10)); tail -c +11 page.gz; printf '\r\n0\r\n\r\n'; } >chunked-gzip
printf '<base href="http://cdn.example/assets/"><img src="logo.png">' >based.html
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'; cat based.html; } >based
printf 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nRead <http://plain.example/notes> and ./rel\n' >plain
printf 'HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\211PNG http://not-read.example/ \000\001' >image
printf 'GET /old/ HTTP/1.1\r\nHost: site.example\r\nReferer: http://referer.example/\r\n\r\n' >request
printf 'Notes at http://resource.example/x\n' >resource
printf 'outlink: http://outlink.example/a L a/@href\r\n' >metadata
{
    rec warcinfo '' metadata
    rec request http://site.example/old/dir/ request
    rec response http://site.example/old/dir/ redirect
    rec response http://site.example/p/index.html chunked-gzip
    rec response http://site.example/b/ based
    rec response http://site.example/t.txt plain
    rec response http://site.example/i.png image
    rec resource http://site.example/r.txt resource
    rec metadata http://site.example/p/index.html metadata
} >all.warc
cat >want <<'W'
http://site.example/old/new/place?x=1
http://site.example/p/page2.html
http://text.example/in-html
http://cdn.example/assets/logo.png
http://plain.example/notes
http://resource.example/x
W
ug all.warc >got 2>err || fail "exit $?: $(cat err)"
diff want got || fail "links"
[ ! -s err ] || fail "said: $(cat err)"
ug --verbose all.warc 2>err >/dev/null
grep -q 'all.warc: 1 WARC payload not text or HTML' err || fail "verbose: $(cat err)"
# metadata outlinks on request
ug --warc-metadata all.warc | grep -qx 'http://outlink.example/a' ||
    fail "--warc-metadata"
# JSON: Location is a field of the record's header
ug --json all.warc | head -1 | grep -q '"delimiter":"field".*"base_source":"target-uri","content_type":"header"' ||
    fail "Location json: $(ug --json all.warc | head -1)"
# -n counts lines in the decoded payload
[ "$(ug -n all.warc | sed -n 2p)" = "1:http://site.example/p/page2.html" ] ||
    fail "-n: $(ug -n all.warc | sed -n 2p)"
# one gzip member a record (.warc.gz): the same links, offsets of members
: >all.warc.gz
for t in "warcinfo '' metadata" "request http://site.example/old/dir/ request" \
    "response http://site.example/old/dir/ redirect" \
    "response http://site.example/p/index.html chunked-gzip"; do
    eval rec "$t" | gzip -n >>all.warc.gz
done
ug all.warc.gz >got || fail "gz: exit $?"
head -3 want | diff - got || fail "gz links"
off=$(ug --json all.warc.gz | jq -r .warc_offset 2>/dev/null | sed -n 2p)
if command -v jq >/dev/null; then
    want_off=$(python3 -c 'import zlib,sys
d=open("all.warc.gz","rb").read();o=0;offs=[]
while o<len(d):
    z=zlib.decompressobj(31);z.decompress(d[o:]);offs.append(o);o=len(d)-len(z.unused_data)
print(offs[3])' 2>/dev/null) || want_off=
    [ -z "$want_off" ] || [ "$off" = "$want_off" ] || fail "member offset $off, want $want_off"
fi
# --type=warc reads a WARC that does not start with one (garbage first)
{ printf 'junk line\r\n'; cat all.warc; } >late.warc
ug late.warc >got 2>/dev/null
! cmp -s want got || fail "auto: read as WARC"
ug --type=warc late.warc >got 2>err
[ $? -eq 2 ] || fail "forced: exit not 2"
diff want got || fail "forced: links"
grep -q 'late.warc: offset 0: not a WARC record' err || fail "forced: $(cat err)"
exit 0
