# Damaged WARC files: a record with no Content-Length, one whose
# Content-Length is too short, garbage between records, a gzip member cut
# short or corrupt in a .warc.gz, a file that ends inside a record. Each
# is said with the file name and offset, reading goes on at the next
# record, every link of the good records is reported, and the exit
# status is 2.
. "${srcdir:-.}/tests/init.sh"
# gzip members and Content-Encoding need zlib (warc-http.sh checks what
# a build without it says)
printf 'http://x.example/\n' | gzip | ug >/dev/null 2>&1 || exit 77
cd "$tmp" || exit 99
# rec N [LENGTH]: a resource record linking to http://good.example/N,
# with Content-Length LENGTH (default: right; "-": none)
rec() {
    body="see http://good.example/$1 here"
    printf 'WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://s.example/%s\r\n' "$1"
    printf 'Content-Type: text/plain\r\n'
    case ${2:-} in
    -) ;;
    '') printf 'Content-Length: %s\r\n' ${#body} ;;
    *) printf 'Content-Length: %s\r\n' "$2" ;;
    esac
    printf '\r\n%s\r\n\r\n' "$body"
}
# check FILE OUT: exit 2, the links of the good records in OUT
check() {
    ug "$1" >got 2>err
    rc=$?
    [ $rc -eq 2 ] || fail "$1: exit $rc: $(cat err)"
    printf '%s\n' $2 | sed 's|^|http://good.example/|' >want
    diff want got || fail "$1: links"
}
{ rec 1; rec 2 -; rec 3; } >nolength.warc
check nolength.warc "1 3"
grep -q "^urigrep: nolength.warc: offset $(rec 1 | wc -c | tr -d ' '): WARC record with no valid Content-Length" err ||
    fail "no length: $(cat err)"
{ rec 1; rec 2 5; rec 3; } >short.warc
check short.warc "1 3"
grep -q "^urigrep: short.warc: offset [0-9]*: garbage after the record" err ||
    fail "short: $(cat err)"
{ rec 1; printf 'GARBAGE\r\nmore garbage\r\n'; rec 2; } >garbage.warc
check garbage.warc "1 2"
[ "$(wc -l <err)" -eq 1 ] || fail "garbage said more than once: $(cat err)"
grep -q "^urigrep: garbage.warc: offset $(rec 1 | wc -c | tr -d ' '): garbage" err ||
    fail "garbage: $(cat err)"
n=$(rec 2 | wc -c)
{ rec 1; rec 2 | head -c $((n - 7)); } >cut.warc
check cut.warc "1 2"
grep -q "cut.warc: offset [0-9]*: WARC record cut short" err || fail "cut: $(cat err)"
# .warc.gz: member 2 cut short, then member 3; member 5 corrupt
rec 1 | gzip -n >m1; rec 2 | gzip -n >m2; rec 3 | gzip -n >m3
rec 4 | gzip -n >m4; rec 5 | gzip -n >m5; rec 6 | gzip -n >m6
head -c 40 m2 >m2cut
{ head -c 20 m5; printf 'XXXXXXXXXXXXXXXXXXXXXXXX'; tail -c +45 m5; } >m5bad
cat m1 m2cut m3 m4 m5bad m6 >damaged.warc.gz
check damaged.warc.gz "1 3 4 6"
o2=$(wc -c <m1 | tr -d ' ')
o5=$(cat m1 m2cut m3 m4 | wc -c | tr -d ' ')
grep -q "^urigrep: damaged.warc.gz: offset $o2: corrupt gzip data" err ||
    fail "gz cut: $(cat err)"
grep -q "^urigrep: damaged.warc.gz: offset $o5: corrupt gzip data" err ||
    fail "gz corrupt: $(cat err)"
# a .warc.gz that ends inside a member
cat m1 m2cut >end.warc.gz
check end.warc.gz "1"
grep -q "end.warc.gz: offset $o2: truncated gzip data" err || fail "gz end: $(cat err)"
exit 0
