# A plain .warc whose record has a Content-Length too long (ISO 28500
# 6.3 makes it the block's length) must not swallow the records after
# it: the record is read up to the next "WARC/1.x" line, that is said
# (file, offset of the record and of the one it ran over), the records
# after it are read as records (their links, their own record IDs), and
# the exit status is 2. A block that truly holds a version line (its
# Content-Length right: a proper record follows) is read as it says.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
# rec N [+D|LENGTH]: a resource record linking to http://good.example/N,
# Content-Length right, D bytes too long, or LENGTH
rec() {
    body="see http://good.example/$1 here"
    printf 'WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:x:%s>\r\n' "$1"
    printf 'WARC-Target-URI: http://s.example/%s\r\nContent-Type: text/plain\r\n' "$1"
    case ${2:-} in
    '') printf 'Content-Length: %s\r\n' ${#body} ;;
    +*) printf 'Content-Length: %s\r\n' $((${#body} $2)) ;;
    *) printf 'Content-Length: %s\r\n' "$2" ;;
    esac
    printf '\r\n%s\r\n\r\n' "$body"
}
size() { wc -c <"$1" | tr -d ' '; }
# check FILE "N..." [OPTIONS]: exit 2, each record's link once, in order,
# with its own record ID
check() {
    f=$1 want=$2
    shift 2
    ug --json "$@" "$f" >got.json 2>err
    rc=$?
    [ $rc -eq 2 ] || fail "$f: exit $rc: $(cat err)"
    for n in $want; do
        printf '<urn:x:%s> http://good.example/%s\n' "$n" "$n"
    done >want
    sed 's/.*"ref":"\([^"]*\)".*"warc_record_id":"\([^"]*\)".*/\2 \1/' \
        got.json >got
    diff want got || fail "$f $*: links"
}
# said: ERR holds the notice for the record at offset $1 running over
# the one at offset $2
said() {
    grep -q "^urigrep: $3: offset $1: WARC record's Content-Length ([0-9]*) is too long: it runs over the record at offset $2" err ||
        fail "$3: not said ($1 over $2): $(cat err)"
}
rec 1 >r1; rec 2 +100 >r2; rec 3 >r3; rec 4 >r4
cat r1 r2 r3 r4 >long.warc
o2=$(size r1)
o3=$(cat r1 r2 | wc -c | tr -d ' ')
check long.warc "1 2 3 4"
said "$o2" "$o3" long.warc
[ "$(wc -l <err)" -eq 1 ] || fail "said more than once: $(cat err)"
# the same, read a few bytes at a time (the held bytes span reads)
for b in 1 7 64; do
    check long.warc "1 2 3 4" --buffer-size=$b
done
# a length past the end of the file
rec 2 +100000 >r2e
cat r1 r2e r3 r4 >eof.warc
check eof.warc "1 2 3 4"
said "$o2" "$(cat r1 r2e | wc -c | tr -d ' ')" eof.warc
# two records in a row too long: each is said
rec 3 +150 >r3t
cat r1 r2 r3t r4 >two.warc
rec 5 >>two.warc
o4=$(cat r1 r2 r3t | wc -c | tr -d ' ')
check two.warc "1 2 3 4 5"
said "$o2" "$o3" two.warc
said "$o3" "$o4" two.warc
# a record whose block holds a whole WARC record, its length right: one
# record, no damage (exit 0, the inner link as part of the outer text)
inner=$(rec 9)
body="outer http://good.example/8 $inner"
{
    printf 'WARC/1.0\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:x:8>\r\n'
    printf 'Content-Type: text/plain\r\nContent-Length: %s\r\n\r\n%s\r\n\r\n' \
        "$(printf '%s' "$body" | wc -c)" "$body"
    rec 10
} >nested.warc
ug -u nested.warc >got 2>err
rc=$?
[ $rc -eq 0 ] && [ ! -s err ] || fail "nested: exit $rc: $(cat err)"
printf '%s\n' http://good.example/8 'urn:x:9' http://s.example/9 \
    http://good.example/9 http://good.example/10 >want
diff want got || fail "nested: links"
# real data: warcio's example.warc with its first record's Content-Length
# 249 made 749; its response (offset 1197) is read as in the file intact
w=$srcdir/tests/warc
sed '7s/^Content-Length: 249/Content-Length: 749/' "$w/example.warc" >dmg.warc
cmp -s "$w/example.warc" dmg.warc && fail "example.warc not damaged"
ug --json "$w/example.warc" | sed 's/^{"file":"[^"]*"//' >want
ug --json dmg.warc >got 2>err
rc=$?
[ $rc -eq 2 ] || fail "dmg.warc: exit $rc"
[ -s want ] || fail "no link in example.warc"
sed 's/^{"file":"[^"]*"//' got | diff want - || fail "dmg.warc: links"
grep -q "^urigrep: dmg.warc: offset 0: WARC record's Content-Length (749) is too long" err ||
    fail "dmg.warc: $(cat err)"
exit 0
