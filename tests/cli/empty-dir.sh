# -r through a maildir whose tmp/ is empty: qsort() was given a null list,
# undefined behaviour that the --enable-ubsan build stops on (issue 8).
. "${srcdir:-.}/tests/init.sh"
mkdir -p "$tmp/md/cur" "$tmp/md/new" "$tmp/md/tmp" "$tmp/empty" || exit 99
cp "$fixtures/maildir/cur/"* "$tmp/md/cur/" || exit 99
cd "$tmp" || exit 99
expect_text 0 "http://maildir-cur.example/x" -r -h md
expect_text 1 "" -r empty
[ -s "$tmp/err" ] && fail "message: $(cat "$tmp/err")"
exit 0
