# --state=FILE reads FILE in bounded memory and never blocks: a FIFO or
# a device is refused (a FIFO blocked open()), a line longer than a
# state line can be is said (getline() held it whole: --state=/dev/zero
# took gigabytes); two lines for one epoch are said, exit 2; the file
# written back keeps its mode (mkstemp() made it 0600) and its lines.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox
e=$tmp/0.git
pi_epoch "$e"
pi_add "$e" "$m/01.eml"
head=$(git --git-dir="$e" rev-parse HEAD)
real=$(cd "$e" && pwd -P)
ug --type=mail "$m/01.eml" >"$tmp/all"

# a FIFO: refused at once, not waited on
mkfifo "$tmp/fifo" || fail "mkfifo"
timeout 60 $URIGREP_WRAPPER "$URIGREP" --state="$tmp/fifo" "$e" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 2 ] || fail "a FIFO: exit $rc: $(cat "$tmp/err")"
grep -q "^urigrep: --state: $tmp/fifo: not a regular file" "$tmp/err" ||
    fail "a FIFO: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "a FIFO: read the archive"
[ -p "$tmp/fifo" ] || fail "the FIFO was replaced"
expect_text 2 "" --state=/dev/zero "$e"
grep -q "^urigrep: --state: /dev/zero: not a regular file" "$tmp/err" ||
    fail "/dev/zero: $(cat "$tmp/err")"

# a line of 64 MiB: said, in bounded memory
head -c 67108864 /dev/zero | tr '\0' a >"$tmp/long" || fail "long line"
/usr/bin/time -f '%M' -o "$tmp/rss" "$URIGREP" --state="$tmp/long" "$e" \
    >/dev/null 2>"$tmp/err" || true
grep -q "^urigrep: --state: $tmp/long:1: longer than a state line" \
    "$tmp/err" || fail "a long line: $(cat "$tmp/err")"
# (not under valgrind or the sanitizers, whose own memory is counted:
# 33.5 MiB under ASan)
if [ -z "$URIGREP_WRAPPER" ] && [ -s "$tmp/rss" ] &&
    ! grep -q __asan_init "$URIGREP" 2>/dev/null; then
    rss=$(tail -n 1 "$tmp/rss")
    [ "$rss" -lt 32768 ] || fail "a 64 MiB line: $rss KiB"
fi
# a NUL byte
printf '%s %s\0x\n' "$head" "$real" >"$tmp/nul"
expect_text 2 "" --state="$tmp/nul" "$e"
grep -q "^urigrep: --state: $tmp/nul:1: not a state line" "$tmp/err" ||
    fail "a NUL: $(cat "$tmp/err")"

# two lines for one epoch: said, exit 2, the file left as it was
printf '%s %s\n%s /elsewhere/1.git\n%s %s\n' "$head" "$real" "$head" \
    "$head" "$real" >"$tmp/two"
cp "$tmp/two" "$tmp/two.before"
expect_text 2 "" --state="$tmp/two" "$e"
grep -q "^urigrep: --state: $tmp/two:3: a second line for $real (line 1" \
    "$tmp/err" || fail "two lines: $(cat "$tmp/err")"
cmp -s "$tmp/two" "$tmp/two.before" || fail "two lines: the state moved"

# the mode kept; a new state file as the umask says
st=$tmp/state
: >"$st"
chmod 640 "$st"
expect 0 "$tmp/all" --state="$st" "$e"
[ "$(stat -c %a "$st")" = 640 ] || fail "mode $(stat -c %a "$st"), not 640"
[ "$(cat "$st")" = "$head $real" ] || fail "state: $(cat "$st")"
(umask 027 && ug --state="$tmp/new" "$e" >/dev/null) || fail "new state"
[ "$(stat -c %a "$tmp/new")" = 640 ] ||
    fail "a new state file: $(stat -c %a "$tmp/new")"

# many lines: all kept, in their order, the epoch's moved in place
awk -v h="$head" 'BEGIN { for (i = 0; i < 20000; i++)
    printf "%040d /elsewhere/%d.git\n", i, i }' >"$tmp/many"
pi_add "$e" "$m/06.eml"
head2=$(git --git-dir="$e" rev-parse HEAD)
ug --type=mail "$m/06.eml" >"$tmp/new6"
sed "10000a\\
$head $real" "$tmp/many" >"$st"
expect 0 "$tmp/new6" --state="$st" "$e"
sed "10000a\\
$head2 $real" "$tmp/many" >"$tmp/want"
cmp "$st" "$tmp/want" || fail "many lines: not kept"
exit 0
