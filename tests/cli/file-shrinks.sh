# A file cut short while urigrep reads it (a log truncated by
# logrotate's copytruncate) is read to its new end, as read() would:
# every URI before the cut is printed, none from after it, and the file
# is said to have shrunk (exit status 2). urigrep reads large files
# through mapped windows, where the pages past the new end would raise
# SIGBUS: that is no crash.
. "${srcdir:-.}/tests/init.sh"
command -v truncate >/dev/null || exit 77

# 306 KB of prose, then 100,000 URIs, one a line: over the 1 MB from
# which files are mapped, under the two pieces -j would cut
awk 'BEGIN {
    for (i = 0; i < 6000; i++)
        print "words and more words of prose, nothing to see here"
    for (i = 1; i <= 100000; i++)
        printf "http://h.example/%d\n", i
}' >"$tmp/big.txt"
cut=1500000
# the URIs whose lines end before the cut
whole=$(head -c $cut "$tmp/big.txt" | grep -c '^http')
head -c $cut "$tmp/big.txt" | grep '^http' | head -n "$whole" >"$tmp/kept"

# --line-buffered: urigrep blocks on the pipe once it holds 64 KB of
# output, some 370 KB into the file, the window mapped; the reader cuts
# the file when the first line comes, then lets it go on
cp "$tmp/big.txt" "$tmp/f.txt"
{ ug -j 1 --line-buffered "$tmp/f.txt" 2>"$tmp/err"; echo $? >"$tmp/rc"; } |
    { IFS= read -r first; truncate -s $cut "$tmp/f.txt"
      printf '%s\n' "$first"; cat; } >"$tmp/out"

[ "$(cat "$tmp/rc")" = 2 ] || fail "exit status $(cat "$tmp/rc"), not 2"
grep -F "f.txt: the file shrank while it was read" "$tmp/err" >/dev/null ||
    fail "no message: $(cat "$tmp/err")"
head -n "$whole" "$tmp/out" | cmp -s - "$tmp/kept" ||
    fail "the URIs before the cut are not all there"
n=$(wc -l <"$tmp/out")
# the URI the cut went through may come out cut short with it
[ "$n" -le $((whole + 1)) ] || fail "$n URIs, $whole before the cut"
if [ "$n" -gt "$whole" ]; then
    last=$(tail -n 1 "$tmp/out")
    case "http://h.example/$((whole + 1))" in
    "$last"*) ;;
    *) fail "after the cut: $last" ;;
    esac
fi
exit 0
