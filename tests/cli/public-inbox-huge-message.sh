# A 200 MB message blob is read in bounded memory: streamed when it is a
# loose object (every URI, peak RSS well under the blob: it was inflated
# whole, 220 MB), said and skipped when it is packed (over the 64 MiB
# read whole).  Quick twin: tests/cli/public-inbox-big-message.sh.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox
e=$tmp/0.git
big=$tmp/big.eml
{ printf 'From: a@example.org\nSubject: big\nMessage-ID: <big@example.org>\n\n'
  awk 'BEGIN { for (i = 0; i < 4200000; i++)
      printf "line %d see https://example.org/page/%d ok\n", i, i % 1000 }'
} >"$big" || fail "the big message"
[ "$(wc -c <"$big")" -gt 200000000 ] || fail "$(wc -c <"$big") bytes"
pi_epoch "$e"
pi_add "$e" "$m/01.eml"
pi_add "$e" "$big"
cbig=$(git --git-dir="$e" rev-parse HEAD)
pi_add "$e" "$m/06.eml"
rm -f "$big"
# run WANT-STATUS ARG...: urigrep -c with its peak RSS in $tmp/rss (KiB)
run() {
    _want=$1
    shift
    /usr/bin/time -f '%M' -o "$tmp/rss" $URIGREP_WRAPPER "$URIGREP" \
        ${URIGREP_WRAPPER:+--no-jit} -c "$@" >"$tmp/out" 2>"$tmp/err"
    _rc=$?
    [ "$_rc" = "$_want" ] || fail "exit $_rc: urigrep $*: $(cat "$tmp/err")"
    rss=$(tail -n 1 "$tmp/rss")
}
# (under valgrind the RSS is valgrind's)
small() {
    [ -n "$URIGREP_WRAPPER" ] || [ "$rss" -lt 65536 ] ||
        fail "$1: peak RSS $rss KiB"
}
n=$(( $(ug --type=mail -c "$m/01.eml") + $(ug --type=mail -c "$m/06.eml") ))
for j in 1 2; do
    run 0 -j $j "$e"
    [ "$(cat "$tmp/out")" = $((n + 4200000)) ] || fail "-j $j: $(cat "$tmp/out")"
    small "loose, -j $j"
done
pi_git --git-dir="$e" repack -adq || fail "git repack"
run 2 "$e"
[ "$(cat "$tmp/out")" = $n ] || fail "packed: $(cat "$tmp/out")"
grep -q "^urigrep: $e: commit $cbig: its message, [0-9]* bytes, is over the 67108864 read whole" \
    "$tmp/err" || fail "packed: $(cat "$tmp/err")"
small "packed"
exit 0
