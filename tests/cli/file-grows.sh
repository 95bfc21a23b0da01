# A file that grows while it is read is read up to its size at the start
# by -j 1 as by -j 2, which cuts it at that size: both print the same and
# say it grew (a warning, exit status 0). -j 1 read what was appended,
# -j 2 did not, and neither said a word. The data is appended while
# urigrep is blocked on its output, before it can have read that far.
. "${srcdir:-.}/tests/init.sh"

# 3 MB of URIs, one a line, an empty line every 1,000: with pieces of
# 1 MiB, -j 2 cuts it in three; --json makes 380 bytes of output a URI,
# so that the worker of the second piece fills the output budget (4 MiB)
# and waits, the last piece not begun, while the first waits on the pipe
awk 'BEGIN { for (i = 1; i <= 130000; i++) {
    printf "http://h.example/%d\n", i; if (i % 1000 == 0) print "" } }' \
    >"$tmp/start.txt"
URIGREP_SPLIT_SIZE=1048576
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE

for j in 1 2; do
    cp "$tmp/start.txt" "$tmp/f.txt"
    : >"$tmp/trace"
    { ug -j $j --json "$tmp/f.txt" 2>"$tmp/err$j"
      echo $? >"$tmp/rc"; } |
        { IFS= read -r first
          printf 'http://grown.example/%d\n' 1 2 3 >>"$tmp/f.txt"
          printf '%s\n' "$first"; cat; } >"$tmp/out$j"
    [ "$(cat "$tmp/rc")" = 0 ] ||
        fail "-j $j: exit status $(cat "$tmp/rc"), not 0"
    grep -F "f.txt: the file grew while it was read" "$tmp/err$j" \
        >/dev/null || fail "-j $j: no message: $(cat "$tmp/err$j")"
    ! grep -F grown.example "$tmp/out$j" >/dev/null ||
        fail "-j $j: what was appended is read"
    [ "$(wc -l <"$tmp/out$j")" = 130000 ] ||
        fail "-j $j: $(wc -l <"$tmp/out$j") URIs, not 130000"
done
[ "$(wc -l <"$tmp/trace")" -ge 3 ] || fail "-j 2 did not cut the file"
cmp -s "$tmp/out1" "$tmp/out2" || fail "-j 1 and -j 2 print apart"
cmp -s "$tmp/err1" "$tmp/err2" || fail "-j 1 and -j 2 say apart"

# a file written over in place (the same size, a later time of change)
# is said to have changed
cp "$tmp/start.txt" "$tmp/f.txt"
touch -d '2001-01-01' "$tmp/f.txt"
{ ug -j 1 --line-buffered "$tmp/f.txt" 2>"$tmp/err"; echo $? >"$tmp/rc"; } |
    { IFS= read -r first; touch "$tmp/f.txt"
      printf '%s\n' "$first"; cat; } >"$tmp/out"
[ "$(cat "$tmp/rc")" = 0 ] || fail "changed: exit status $(cat "$tmp/rc")"
grep -F "f.txt: the file changed while it was read" "$tmp/err" >/dev/null ||
    fail "changed: no message: $(cat "$tmp/err")"
exit 0
