# --state=FILE of 400,000 lines is read and written in linear time: the
# old reader grew its array by one entry a line (12,000 lines took 18 s
# under ASan, 50,000 took 10 s in a plain build); now a second or so.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox
e=$tmp/0.git
pi_epoch "$e"
pi_add "$e" "$m/01.eml"
first=$(git --git-dir="$e" rev-parse HEAD)
pi_add "$e" "$m/06.eml"
head=$(git --git-dir="$e" rev-parse HEAD)
real=$(cd "$e" && pwd -P)
ug --type=mail "$m/06.eml" >"$tmp/want"
awk -v h="$first" -v r="$real" 'BEGIN {
    for (i = 0; i < 400000; i++) {
        printf "%040d /elsewhere/%d.git\n", i, i
        if (i == 300000) print h, r
    } }' >"$tmp/state"
# (a generous bound: under valgrind the new code takes some 100 s, the
# old one would take hours)
timeout 600 $URIGREP_WRAPPER "$URIGREP" ${URIGREP_WRAPPER:+--no-jit} \
    --state="$tmp/state" "$e" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || fail "exit $rc: $(cat "$tmp/err")"
cmp "$tmp/want" "$tmp/out" || fail "not the new message"
[ "$(wc -l <"$tmp/state")" = 400001 ] || fail "lines lost"
[ "$(sed -n 300002p "$tmp/state")" = "$head $real" ] ||
    fail "the epoch's line: $(sed -n 300002p "$tmp/state")"
exit 0
