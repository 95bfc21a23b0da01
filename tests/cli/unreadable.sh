# A file that cannot be opened or read is reported by name, the others are
# still scanned, and the exit status is 2.  urigrep runs as a user that
# file permissions bind (as nobody when the tests run as root, as in CI).
. "${srcdir:-.}/tests/init.sh"
unprivileged
printf 'http://ok.example/\n' >"$tmp/ok.txt"
printf 'http://secret.example/\n' >"$tmp/secret.txt"
chmod 000 "$tmp/secret.txt"
expect_text 2 "http://ok.example/" -h "$tmp/secret.txt" "$tmp/ok.txt"
grep -q "^urigrep: $tmp/secret.txt: Permission denied\$" "$tmp/err" ||
    fail "permission error: $(cat "$tmp/err")"
# reading a process's own memory at offset 0 fails with EIO, even as root
if [ -r /proc/self/mem ]; then
    expect_text 2 "http://ok.example/" -h /proc/self/mem "$tmp/ok.txt"
    grep -q "^urigrep: /proc/self/mem: " "$tmp/err" || fail "read error not named"
fi
