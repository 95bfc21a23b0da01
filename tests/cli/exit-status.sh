# Exit status as grep: 0 when a URI is output, 1 when none, 2 on trouble;
# a missing file is reported by name and the other files are still read.
. "${srcdir:-.}/tests/init.sh"
printf 'no links here\n' >"$tmp/none.txt"
expect_text 1 "" "$tmp/none.txt"
expect 0 "$fixtures/appendix-e.out" "$fixtures/appendix-e.txt"
expect 2 "$fixtures/appendix-e.out" -h "$tmp/missing.txt" "$fixtures/appendix-e.txt"
grep -q "^urigrep: $tmp/missing.txt: No such file or directory\$" "$tmp/err" ||
    fail "no error naming the missing file"
expect_text 2 "" "$tmp/missing.txt" "$tmp/none.txt"
# a directory is an error, not a crash (until -r exists)
expect_text 2 "" "$tmp"
grep -q "Is a directory" "$tmp/err" || fail "directory not reported"
