# -j: a file that cannot be read, a directory and a binary file among
# good ones do not stop the others; messages, output and exit status are
# those of -j 1, -s and -q included.  urigrep runs as a user that file
# permissions bind (as nobody when the tests run as root, as in CI).
. "${srcdir:-.}/tests/init.sh"
unprivileged
JOBS_FEW=3
JOBS_J="2 3 4"
. "${srcdir:-.}/tests/jobs-same.sh"
mkdir "$tmp/dir" "$tmp/tree" "$tmp/tree/sub"
printf 'bin\000ary http://binary.example/\n' >"$tmp/bin.txt"
printf 'see http://good.example/one\n' >"$tmp/good1.txt"
printf 'see http://good.example/two\n' >"$tmp/good2.txt"
printf 'nothing here\n' >"$tmp/none.txt"
cp "$tmp/good1.txt" "$tmp/bin.txt" "$tmp/tree/sub/"
cp "$tmp/good2.txt" "$tmp/tree/"
ln -s "$tmp/nowhere" "$tmp/tree/dangling"
cp "$tmp/good1.txt" "$tmp/tree/sub/unreadable.txt"
chmod 000 "$tmp/tree/sub/unreadable.txt"
cp "$tmp/good1.txt" "$tmp/unreadable.txt"
chmod 000 "$tmp/unreadable.txt"
files="$tmp/good1.txt $tmp/missing.txt $tmp/dir $tmp/bin.txt $tmp/none.txt
$tmp/good2.txt $tmp/unreadable.txt $tmp/good1.txt"
for opts in "" "-c" "-u -n" "-s" "-q" "--json"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts $files
    # shellcheck disable=SC2086
    same_as_serial $opts -r "$tmp/tree" "$tmp/missing-dir"
done
# the good files are read, and the status says there was trouble
ug -j 4 $files >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "exit status not 2 with errors"
grep -q 'good.example/one' "$tmp/out" || fail "first good file not read"
grep -q 'good.example/two' "$tmp/out" || fail "last good file not read"
grep -q 'missing.txt' "$tmp/err" || fail "missing file not reported"
grep -q "^urigrep: $tmp/unreadable.txt: Permission denied\$" "$tmp/err" ||
    fail "unreadable file not reported: $(cat "$tmp/err")"
ug -j 4 -r "$tmp/tree" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "-r: exit status not 2 with an unreadable file"
grep -q "^urigrep: $tmp/tree/sub/unreadable.txt: Permission denied\$" \
    "$tmp/err" || fail "-r: unreadable file not reported: $(cat "$tmp/err")"
# -q: a match after an error is still success, as with -j 1
ug -j 4 -q "$tmp/missing.txt" "$tmp/good1.txt" 2>/dev/null
[ $? = 0 ] || fail "-q: exit status not 0 after a match"
ug -j 4 -q "$tmp/missing.txt" "$tmp/none.txt" 2>/dev/null
[ $? = 2 ] || fail "-q: exit status not 2 without a match"
