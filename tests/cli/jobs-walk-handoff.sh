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
exit 0
