# A write error on standard output (a full disk, a closed descriptor) is
# reported as "urigrep: write error: ..." and gives exit status 2, as in
# GNU grep; also for --help, --version, -c and --json (issue 8).
. "${srcdir:-.}/tests/init.sh"
# write_error WHAT: the last run failed as it should
write_error() {
    [ "$rc" = 2 ] || fail "exit status $rc: $1"
    grep -q "^urigrep: write error: " "$tmp/err" || fail "no message: $1"
}
if [ -w /dev/full ]; then
    for args in "$fixtures/mixed.txt" --help --version "-c $fixtures/mixed.txt" \
        "--json $fixtures/mixed.txt"; do
        # shellcheck disable=SC2086 # ARGS are words
        ug $args >/dev/full 2>"$tmp/err"
        rc=$?
        write_error "urigrep $args >/dev/full"
    done
    grep -q "No space left on device" "$tmp/err" || fail "reason: $(cat "$tmp/err")"
    # -q writes nothing: no error
    ug -q "$fixtures/mixed.txt" >/dev/full 2>"$tmp/err" || fail "-q >/dev/full"
fi
# standard output closed: the file opened next must not take its place
for args in "$fixtures/mixed.txt" --help --version "-r $fixtures/maildir"; do
    # shellcheck disable=SC2086
    ug $args >&- 2>"$tmp/err"
    rc=$?
    write_error "urigrep $args >&-"
done
grep -q "Bad file descriptor" "$tmp/err" || fail "reason: $(cat "$tmp/err")"
# standard input closed: reading it is an error, not an empty file
ug - <&- >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] || fail "exit status $rc for a closed standard input"
# with standard output closed and nothing to write, no error
printf 'no uri here\n' >"$tmp/none.txt"
ug "$tmp/none.txt" >&- 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ] || fail "exit status $rc with nothing written: $(cat "$tmp/err")"
