# An mboxcl or mboxcl2 message whose Content-Length is too long by far
# more than the 4 MiB the parser may hold must not swallow the messages
# it runs over: a file named on the command line is read again where the
# count ends (no "From " line there: it is wrong), so the body ends at
# the first "From " line in it that starts a plausible message, said
# once (file, line, exit 2), and every message after it is read as a
# message: its URIs, Message-ID, number and lines those of the file
# undamaged. -j gives -j 1's output. Real data: Mail::Box's mboxcl2
# (tests/fixtures/mbox-variants/SOURCES) 100 times, the first
# Content-Length (1280) of its 21st copy made 6001280: 79 copies (4.6 MB)
# after it.
. "${srcdir:-.}/tests/init.sh"
command -v jq >/dev/null 2>&1 || { echo "no jq"; exit 77; }
cd "$tmp" || exit 99
real=$fixtures/mbox-variants/mail-box-magick.mboxcl2
sed '34s/^Content-Length: 1280$/Content-Length: 6001280/' "$real" >dmg1.mbox
cmp -s "$real" dmg1.mbox && fail "not damaged"
copies() {
    i=0
    while [ $i -lt "$1" ]; do
        cat "$real"
        i=$((i + 1))
    done
}
copies 20 >head.mbox
copies 79 >tail.mbox
cat head.mbox "$real" tail.mbox >good.mbox
cat head.mbox dmg1.mbox tail.mbox >dmg.mbox
json() {
    ug --json "$@" >out.json 2>err
    rc=$?
    jq -r '"\(.message) \(.message_id) \(.line) \(.column) \(.uri)"' out.json
}
# the line of the next message's "From " line, where the body is cut
line=$(($(wc -l <head.mbox) + $(grep -n '^From ' "$real" | sed -n 2p |
    cut -d: -f1)))
for t in mboxcl mboxcl2; do
    json --type=$t good.mbox >want
    [ $rc = 0 ] && [ ! -s err ] || fail "$t good.mbox: exit $rc: $(cat err)"
    [ "$(wc -l <want)" -gt 1000 ] || fail "$t good.mbox: $(wc -l <want)"
    json --type=$t dmg.mbox >got
    [ $rc = 2 ] || fail "$t dmg.mbox: exit $rc"
    diff want got >/dev/null || fail "$t dmg.mbox: read otherwise"
    grep -q "^urigrep: dmg.mbox:$line: Content-Length: 6001280 of message <" err ||
        fail "$t dmg.mbox: not said at $line: $(cat err)"
    [ "$(wc -l <err)" = 1 ] || fail "$t dmg.mbox: $(cat err)"
done
json --type=mboxcl2 --buffer-size=7 dmg.mbox >got
diff want got >/dev/null || fail "dmg.mbox in small reads"
# -j: cut in the messages before it, read as -j 1 reads
. "${srcdir:-.}/tests/jobs-same.sh"
URIGREP_SPLIT_SIZE=200000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=3
jobs_enough || same_as_serial --type=mboxcl2 --json dmg.mbox
[ "$rc1" = 2 ] || fail "-j 1: exit $rc1"
exit 0
