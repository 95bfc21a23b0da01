# -r with -j: the planner batches files without asking their sizes; a
# worker that meets a file large enough to cut hands it off in pieces,
# and hands off the files after one that is merely large, so that they
# are read in parallel. The output is that of -j 1 either way, and the
# large mbox found by -r is cut as a named one is.
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=3
. "${srcdir:-.}/tests/jobs-same.sh"
d=$tmp/tree
mkdir -p "$d/a" "$d/b" "$d/c"
for k in $(seq 1 40); do
    printf 'small %d http://a.example/%d\n' "$k" "$k" >"$d/a/m$k"
    printf 'small %d <http://b.example/%d>\n' "$k" "$k" >"$d/c/m$k"
done
# b/big.mbox: messages to cut at "From " lines; b/mid.txt: larger than a
# read (BATCH_FILE_MAX) but not cut; b/z.gz: compressed, not cut
n=0
for n in $(seq 1 200); do
    printf 'From s%d@example.org Mon May  6 10:%02d:00 2024\n' \
        $n $((n % 60))
    printf 'From: s%d@example.org\nSubject: note %d\n\n' $n $n
    printf 'see <URL:http://wrapped.example/%d/\n  tail> and\n\n' $n
done >"$d/b/big.mbox"
for k in $(seq 1 3000); do
    printf 'mid line %d http://mid.example/%d\n' "$k" "$k"
done >"$d/b/mid.txt"
[ "$(wc -c <"$d/b/mid.txt")" -gt 70000 ] || fail "mid.txt too small"
for k in $(seq 1 3000); do
    printf 'gz line %d http://gz.example/%d\n' "$k" "$k"
done | gzip -c >"$d/b/z.gz"
for k in $(seq 1 20); do
    printf 'after %d http://b2.example/%d\n' "$k" "$k" >"$d/b/n$k"
done
URIGREP_SPLIT_SIZE=3000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=5
for opts in "-n" "-c" "--json" "-u -n" "-l" "-m 2 -n"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial -r $opts "$d"
done
# a handed-off task may be the last queued when more is queued after it
same_as_serial -r -n "$d/b" "$d/a" "$d/c"
# the pieces are those of big.mbox only, and cover it
grep -v "/b/big.mbox " "$URIGREP_JOBS_TRACE" && fail "another file was cut"
size=$(wc -c <"$d/b/big.mbox")
last=$(tail -n 1 "$URIGREP_JOBS_TRACE" | cut -d' ' -f3)
[ "$last" = "$size" ] || fail "pieces end at $last, not $size"
# every URI of every file is there once, in the serial order
ug -j 3 -r "$d" >"$tmp/all"
[ "$(grep -c 'mid.example' "$tmp/all")" = 3000 ] || fail "mid.txt lost URIs"
[ "$(grep -c 'gz.example' "$tmp/all")" = 3000 ] || fail "z.gz lost URIs"
[ "$(grep -c 'b2.example' "$tmp/all")" = 20 ] || fail "b/n* lost URIs"
[ "$(grep -c 'wrapped.example/[0-9]*/tail' "$tmp/all")" = "$n" ] ||
    fail "big.mbox lost URIs"
# hand-offs at once: a maildir whose batches each hold files large
# enough to be handed off, so that workers hand off side by side; one
# that moved the next task to run past another's handed-off tasks left
# them to no worker: the run hung with its budget full, or ended early
# without their output, exit status 0 (a helper's sweep of a 5,588
# message maildir: 17 hangs in 30 runs)
h=$tmp/hand/cur
mkdir -p "$h"
big=$(seq 1 2200 | sed 's|.*|line & http://big.example/&|')
for k in $(seq 100 299); do
    if [ $((k % 5)) = 0 ]; then
        printf '%s\n' "$big" >"$h/$k"
    else
        printf 'msg %d http://h.example/%d\n' "$k" "$k" >"$h/$k"
    fi
done
[ "$(wc -c <"$h/100")" -gt 65536 ] || fail "large messages too small"
unset URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
# a hang must fail, not stall the suite
to=
command -v timeout >/dev/null 2>&1 && to="timeout 120"
if [ -z "$URIGREP_WRAPPER" ]; then
    "$URIGREP" -j 1 -r -n "$tmp/hand" >"$tmp/hand1" || fail "hand: -j 1"
    for round in $(seq 1 12); do
        for j in 2 4; do
            $to "$URIGREP" -j $j -r -n "$tmp/hand" >"$tmp/handj"
            rc=$?
            [ $rc = 0 ] || fail "hand: -j $j exit status $rc (124: hung)"
            cmp -s "$tmp/hand1" "$tmp/handj" ||
                fail "hand: -j $j output differs, round $round"
        done
    done
fi
exit 0
