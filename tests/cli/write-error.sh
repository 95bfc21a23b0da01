# A write error on standard output is reported and gives exit status 2.
. "${srcdir:-.}/tests/init.sh"
[ -w /dev/full ] || exit 77
ug "$fixtures/mixed.txt" >/dev/full 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] || fail "exit status $rc on /dev/full"
grep -q "write error" "$tmp/err" || fail "no write error message"
