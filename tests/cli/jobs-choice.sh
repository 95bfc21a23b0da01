# -j starts threads only when the input gives them work (issue 23): one
# small file, standard input, a compressed file and a few small files
# are read by one thread, with -j N as without -j; many files, files
# whose bytes add up, and a file that can be cut start threads, no more
# than the processors, nor than the file's pieces when it is the only
# input.  Whatever is chosen, output, messages (in their place on one
# stream) and exit status are those of -j 1, also when the threads start
# after some files were kept.  URIGREP_JOBS_CHOICE says what was chosen.
. "${srcdir:-.}/tests/init.sh"
unset URIGREP_JOBS_HOLD
cpus=$(nproc)
[ "$cpus" -ge 2 ] || { echo "one processor: -j reads alone" >&2; exit 77; }
unprivileged
JOBS_FEW=3
. "${srcdir:-.}/tests/jobs-same.sh"
URIGREP_JOBS_CHOICE=$tmp/choice
export URIGREP_JOBS_CHOICE
: >"$tmp/choice"
chmod 666 "$tmp/choice"
# the threads -j 4, -j 16 and the default may start here: no more than
# the processors (no fixed cap: memory is bounded a thread, issue 35)
t4=$((cpus < 4 ? cpus : 4))
t16=$((cpus < 16 ? cpus : 16))
td=$cpus

# chose WANT J ARG...: urigrep -j J ARG... (no -j when J is "-") prints
# on both streams, merged, what -j 1 prints, exits as it does, and chose
# WANT ("THREADS WHY") in URIGREP_JOBS_CHOICE's file
chose() {
    want=$1 j=$2
    shift 2
    ug -j 1 "$@" >"$tmp/m1" 2>&1
    rc1=$?
    : >"$tmp/choice"
    if [ "$j" = - ]; then
        ug "$@" >"$tmp/mj" 2>&1
    else
        ug -j "$j" "$@" >"$tmp/mj" 2>&1
    fi
    rcj=$?
    [ "$rc1" = "$rcj" ] || fail "exit status $rcj with -j $j, $rc1 with -j 1: $*"
    cmp -s "$tmp/m1" "$tmp/mj" ||
        { diff "$tmp/m1" "$tmp/mj" | head >&2;
          fail "output differs with -j $j: $*"; }
    [ "$(cat "$tmp/choice")" = "$want" ] ||
        fail "-j $j $*: chose '$(cat "$tmp/choice")', want '$want'"
}

text() {
    awk -v n="$2" -v tag="$3" 'BEGIN { for (k = 0; k < n; k++)
        printf "%s line %d http://%s.example/%d/page\n%s", tag, k, tag, k,
            (k % 20 == 19 ? "\n" : "") }' >"$1"
}
text "$tmp/small.txt" 50 small
chose "1 alone" 4 "$tmp/small.txt"
chose "1 alone" - "$tmp/small.txt"
# standard input cannot be cut, nor read by two threads
: >"$tmp/choice"
ug -j 4 <"$tmp/small.txt" >"$tmp/out" || fail "stdin: exit $?"
[ "$(cat "$tmp/choice")" = "1 alone" ] || fail "stdin: $(cat "$tmp/choice")"
cmp -s "$tmp/out" "$tmp/m1" || fail "stdin: output differs"

# a few small files, named or found by -r
mkdir "$tmp/few" "$tmp/many"
for k in 1 2 3 4 5 6 7 8 9 10; do
    text "$tmp/few/$k.txt" 5 "few$k"
done
chose "1 alone" 4 "$tmp/few"/*.txt
chose "1 alone" 4 -c -r "$tmp/few"
# 130 files are more than are kept (128): the threads share them
k=0
while [ $k -lt 130 ]; do
    k=$((k + 1))
    printf 'file %d http://many.example/%d\n' $k $k >"$tmp/many/$k.txt"
done
chose "$t4 files" 4 -r "$tmp/many"
chose "$t16 files" 16 -r "$tmp/many"
chose "$td files" - -n -r "$tmp/many"
chose "$t4 files" 4 -u -c -r "$tmp/few" "$tmp/many"

# bytes: three files of 1.2 MiB, not cut (under two 2 MiB pieces), are
# 2.4 MiB besides the largest
for k in 1 2 3; do
    text "$tmp/mid$k.txt" 24000 "mid$k"
done
chose "$t4 bytes" 4 "$tmp/mid1.txt" "$tmp/mid2.txt" "$tmp/mid3.txt"
chose "1 alone" 4 "$tmp/mid1.txt" "$tmp/few/1.txt"

# a file cut into pieces (cut small here): no more threads than pieces
URIGREP_SPLIT_SIZE=3000
export URIGREP_SPLIT_SIZE
text "$tmp/two.txt" 160 two
[ "$(wc -c <"$tmp/two.txt")" -ge 6000 ] &&
    [ "$(wc -c <"$tmp/two.txt")" -lt 9000 ] || fail "two.txt: $(wc -c <"$tmp/two.txt") bytes"
chose "2 cut" 4 -n "$tmp/two.txt"
text "$tmp/big.txt" 2000 big
chose "$t4 cut" 4 -n "$tmp/big.txt"
chose "$t4 cut" 4 "$tmp/few/1.txt" "$tmp/big.txt"
# a text with no empty line has nowhere to be cut: read alone, not by
# threads that would search it to its end for one piece
tr -s '\n' <"$tmp/big.txt" >"$tmp/noblank.txt"
! grep -q '^$' "$tmp/noblank.txt" || fail "noblank.txt has an empty line"
chose "1 alone" 4 -n "$tmp/noblank.txt"
# a plain WARC file (warcio's iana.org response, 8 times) is cut along
# its Content-Length chain; one whose first record's Content-Length is
# wrong has no cut the chain reaches: read alone, not by threads for one
# piece
w=$srcdir/tests/warc
for k in 1 2 3 4 5 6 7 8; do
    cat "$w/example-iana.org-chunked.warc"
done >"$tmp/iana.warc"
chose "$t4 cut" 4 --json "$tmp/iana.warc"
sed '7s/^Content-Length: 137\r$/Content-Length: 999\r/' "$tmp/iana.warc" \
    >"$tmp/dmg.warc"
cmp -s "$tmp/iana.warc" "$tmp/dmg.warc" && fail "dmg.warc not damaged"
chose "1 alone" 4 --json "$tmp/dmg.warc"
# compressed data is read in one stream: not cut
if command -v gzip >/dev/null; then
    gzip -c "$tmp/big.txt" >"$tmp/big.txt.gz"
    cat "$tmp/big.txt.gz" "$tmp/big.txt.gz" "$tmp/big.txt.gz" >"$tmp/big3.gz"
    [ "$(wc -c <"$tmp/big3.gz")" -ge 6000 ] || fail "big3.gz too small"
    chose "1 alone" 4 -n "$tmp/big3.gz"
fi
unset URIGREP_SPLIT_SIZE

# the threads start after the fifth file kept: what was kept goes to
# them in order, messages in their place (a file that cannot be read, a
# directory -r cannot open while files are kept, a binary file)
URIGREP_JOBS_HOLD=5
export URIGREP_JOBS_HOLD
printf 'see http://good.example/one\n' >"$tmp/good1.txt"
printf 'bin\000ary http://binary.example/\n' >"$tmp/bin.txt"
cp "$tmp/good1.txt" "$tmp/unreadable.txt"
chmod 000 "$tmp/unreadable.txt"
mkdir -p "$tmp/tree/a" "$tmp/tree/b/locked" "$tmp/tree/c"
cp "$tmp/few"/1.txt "$tmp/few"/2.txt "$tmp/tree/a/"
cp "$tmp/few"/3.txt "$tmp/tree/b/"
cp "$tmp/few"/*.txt "$tmp/tree/c/"
cp "$tmp/good1.txt" "$tmp/tree/b/locked/"
chmod 000 "$tmp/tree/b/locked"
files="$tmp/good1.txt $tmp/missing.txt $tmp/few/1.txt $tmp/bin.txt
$tmp/unreadable.txt $tmp/few/2.txt $tmp/few/3.txt $tmp/good1.txt"
# shellcheck disable=SC2086
chose "$t4 files" 4 $files
chose "$t4 files" 4 -r "$tmp/tree"
for opts in "-c" "-u -n" "-s" "-q" "--json" "-m 1" "-l" "-L" "--unique=file"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts $files
    # shellcheck disable=SC2086
    same_as_serial $opts -r "$tmp/tree" "$tmp/few"
done
# kept files, then a message about a directory: the files come first
URIGREP_JOBS_HOLD=100
chose "1 alone" 4 -r "$tmp/tree"
grep -n "locked" "$tmp/mj" >/dev/null || fail "locked directory not said"
exit 0
