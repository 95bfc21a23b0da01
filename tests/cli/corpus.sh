# Precision and recall on the hand-labelled windows of real text in
# tests/corpus/tune (mail, news, RFCs, READMEs) stay at least as good as
# when the corpus was added: a change that loses URIs or finds false ones
# there fails here.  bench/precision.sh -v lists the differences.
. "${srcdir:-.}/tests/init.sh"
# some 300 runs of urigrep: too slow under valgrind, and not about memory
[ -z "$URIGREP_WRAPPER" ] || exit 77
sh "$srcdir/bench/precision.sh" --min-precision=97.0 --min-recall=95.2 \
    "$URIGREP" "$srcdir/tests/corpus/tune" >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
[ $rc = 0 ] || fail "bench/precision.sh exit status $rc on tests/corpus/tune"
