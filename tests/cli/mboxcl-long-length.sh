# An mboxcl or mboxcl2 message whose Content-Length is too long (it runs
# over the messages after it) must not swallow them: its body ends at the
# first "From " line inside the count that starts a plausible message (a
# header follows; its own Content-Length, if any, ends before a "From "
# line), that is said (file, line of that "From " line, exit 2), and
# every message after it is read as a message: its URIs, its Message-ID,
# its number and its line numbers are those of the file undamaged. A
# "From " line inside the body that starts no message (text follows) is
# no place to cut. -j gives -j 1's output.
. "${srcdir:-.}/tests/init.sh"
command -v jq >/dev/null 2>&1 || { echo "no jq"; exit 77; }
cd "$tmp" || exit 99
# message ID BODY-FILE [D]: an mboxcl2 message, its Content-Length
# counting BODY-FILE and D bytes more, a blank line after it
message() {
    printf 'From sender@example.org Mon Jan  1 00:00:00 2024\n'
    printf 'Message-ID: <%s@example.org>\n' "$1"
    printf 'Content-Length: %d\n\n' $(($(wc -c <"$2") + ${3:-0}))
    cat "$2"
    printf '\n'
}
printf 'first http://one.example/\nFrom inside@example.org Mon Jan  1 00:00:00 2024\nhttp://inside.example/\n' >b1
printf 'second http://two.example/\n' >b2
printf 'third http://three.example/\nFrom x@example.org Mon Jan  1 00:00:00 2024\nhttp://in3.example/\n' >b3
printf 'fourth http://four.example/\n' >b4
# each URI with its message, Message-ID and line
json() {
    ug --json "$@" >out.json 2>err
    rc=$?
    jq -r '"\(.message) \(.message_id) \(.line) \(.column) \(.uri)"' out.json
}
{ message m1 b1; message m2 b2; message m3 b3; message m4 b4; } >good.mbox
for t in mboxcl mboxcl2; do
    json --type=$t good.mbox >want
    [ $rc = 0 ] && [ ! -s err ] || fail "good.mbox: exit $rc: $(cat err)"
    [ "$(wc -l <want)" = 6 ] || fail "good.mbox: $(cat want)"
    # too long by 80 bytes (into message 2), past the end of the file, and
    # two in a row
    { message m1 b1 80; message m2 b2; message m3 b3; message m4 b4; } >long.mbox
    { message m1 b1 100000; message m2 b2; message m3 b3; message m4 b4; } >eof.mbox
    { message m1 b1 80; message m2 b2 200; message m3 b3; message m4 b4; } >two.mbox
    for f in long eof two; do
        json --type=$t $f.mbox >got
        [ $rc = 2 ] || fail "$t $f.mbox: exit $rc"
        diff want got || fail "$t $f.mbox: read otherwise"
        grep -q "^urigrep: $f.mbox:9: Content-Length: [0-9]* of message <m1@example.org> does not end where the next message starts" err ||
            fail "$t $f.mbox: not said: $(cat err)"
    done
    grep -q "^urigrep: two.mbox:15: Content-Length: [0-9]* of message <m2@example.org>" err ||
        fail "$t two.mbox: second not said: $(cat err)"
    # read a few bytes at a time: the same
    json --type=$t --buffer-size=7 two.mbox >got
    diff want got || fail "$t two.mbox in small reads"
done
# real data: Mail::Box's mboxcl2 (16 messages, written by another tool)
# with its first Content-Length (1280) made 3280: read as the intact one
real=$fixtures/mbox-variants/mail-box-magick.mboxcl2
json --type=mboxcl2 "$real" >want
sed '34s/^Content-Length: 1280$/Content-Length: 3280/' "$real" >dmg.mbox
cmp -s "$real" dmg.mbox && fail "not damaged"
json --type=mboxcl2 dmg.mbox >got
[ $rc = 2 ] || fail "dmg.mbox: exit $rc"
diff want got || fail "dmg.mbox: read otherwise"
[ "$(wc -l <err)" = 1 ] || fail "dmg.mbox: $(cat err)"
# -j: many of them, one damaged, cut into pieces: -j 1's output
. "${srcdir:-.}/tests/jobs-same.sh"
for i in $(seq 1 40); do
    cat "$real"
    [ "$i" = 20 ] && cat dmg.mbox
done >big.mbox
URIGREP_SPLIT_SIZE=20000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=3
for opts in "--json" "-n -H"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial --type=mboxcl2 $opts big.mbox
    [ "$rc1" = 2 ] || fail "big.mbox: exit $rc1"
done
exit 0
