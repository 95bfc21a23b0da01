# -j reads a piece of a large file through mapped windows of 4 MiB: a
# line longer than a window, with "From " right where a window starts,
# starts no message (message numbers and lines are those of -j 1); the
# search for cuts keeps no more of a file mapped than a window; a
# file that cannot be mapped past its start (sysfs) is read all the
# same; a file cut short while the pieces are read gives every URI it
# still has, and says once that it shrank.
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=1
. "${srcdir:-.}/tests/jobs-same.sh"

# messages of many short lines around one whose body is a line of
# 4 MiB and more: its piece's first window ends after its header, the
# second is all 'x', the third begins with "From " inside that line
msg() {
    printf 'From sender%d@example.org Mon Jan  1 00:00:00 2024\n' "$1"
    printf 'From: sender%d@example.org\nSubject: m%d\n\n' "$1" "$1"
}
{
    for i in 0 1; do
        msg $i
        awk -v i=$i 'BEGIN { for (k = 0; k < 30000; k++)
            printf "line %d of msg %d http://u.example/%d/%d\n", k, i, i, k }'
        echo
    done
    msg 2
    head -c 4194304 /dev/zero | tr '\0' x
    printf 'From a@b.example Mon Jan  1 00:00:00 2024\n'
    printf 'after http://u.example/after\n\n'
    msg 3
    awk 'BEGIN { for (k = 0; k < 30000; k++)
        printf "line %d of msg 3 http://u.example/3/%d\n", k, k }'
} >"$tmp/long.mbox"
URIGREP_SPLIT_SIZE=1048576
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=3
for opts in "--json" "-n -c"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts "$tmp/long.mbox"
done
unset JOBS_CUTS
ug --json -j 2 "$tmp/long.mbox" | grep -F '"uri":"http://u.example/3/0"' |
    grep -F '"message":4,' >/dev/null || fail "message 4 counted wrong"

# a file that maps at offset 0 only (mmap() says EINVAL further on)
btf=/sys/kernel/btf/vmlinux
if [ -r "$btf" ] && [ "$(wc -c <"$btf")" -gt 2200000 ]; then
    same_as_serial -a -c "$btf"
    same_as_serial -a -n "$btf"
fi

# the search for a cut maps the file, a window at a time: 96 MB of text
# with no empty line (no cut at all) peaks far under its size (it was
# the whole file), where sanitizers and valgrind leave RSS alone
if [ -z "$URIGREP_WRAPPER" ] &&
    ! grep -q __asan_init "$URIGREP" 2>/dev/null; then
    awk 'BEGIN { for (i = 0; i < 1500000; i++)
        printf "line %d http://h.example/%d and no empty line %d\n", i, i, i }' \
        >"$tmp/noblank.txt"
    rss=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \
        "$URIGREP" -j 2 -c "$tmp/noblank.txt") || fail "no empty line: failed"
    [ "$rss" -lt 40000 ] || fail "no empty line: peak RSS $rss KiB"
    rm -f "$tmp/noblank.txt"
fi

# cut short while the workers wait for the writer, blocked on the pipe:
# 12 MB of URIs, cut at 9 MB once the output has begun (the workers hold
# at most 2 MiB of output each ahead of it)
[ -n "$URIGREP_WRAPPER" ] && exit 0
command -v truncate >/dev/null || exit 0
awk 'BEGIN { for (i = 0; i < 300000; i++) {
    printf "some words http://t.example/%d/abcdefgh end\n", i
    if (i % 100 == 99) print "" } }' >"$tmp/big.txt"
cut=9000000
head -c $cut "$tmp/big.txt" | grep -o 'http://[^ ]*' >"$tmp/kept"
{ ug -j 2 "$tmp/big.txt" 2>"$tmp/err"; echo $? >"$tmp/rc"; } |
    { IFS= read -r first; truncate -s $cut "$tmp/big.txt"
      printf '%s\n' "$first"; cat; } >"$tmp/out"
[ "$(cat "$tmp/rc")" = 2 ] || fail "-j 2 cut short: exit $(cat "$tmp/rc")"
# once, as -j 1 says it, not once a piece
[ "$(grep -c -F "big.txt: the file shrank while it was read" "$tmp/err")" = 1 ] ||
    fail "-j 2 cut short: $(cat "$tmp/err")"
# every URI before the cut, in order (the one the cut went through may
# come out cut short)
whole=$(($(wc -l <"$tmp/kept") - 1))
head -n $whole "$tmp/kept" >"$tmp/want"
head -n $whole "$tmp/out" | cmp -s - "$tmp/want" ||
    fail "-j 2 cut short: URIs before the cut lost"
[ "$(wc -l <"$tmp/out")" -le $((whole + 1)) ] ||
    fail "-j 2 cut short: URIs from past the cut"
exit 0
