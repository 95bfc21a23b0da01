# A file that cannot be opened or read is reported by name, the others are
# still scanned, and the exit status is 2.
. "${srcdir:-.}/tests/init.sh"
printf 'http://ok.example/\n' >"$tmp/ok.txt"
if [ "$(id -u)" != 0 ]; then
    printf 'http://secret.example/\n' >"$tmp/secret.txt"
    chmod 000 "$tmp/secret.txt"
    expect_text 2 "http://ok.example/" -h "$tmp/secret.txt" "$tmp/ok.txt"
    grep -q "^urigrep: $tmp/secret.txt: Permission denied\$" "$tmp/err" ||
        fail "permission error: $(cat "$tmp/err")"
fi
# reading a process's own memory at offset 0 fails with EIO, even as root
if [ -r /proc/self/mem ]; then
    expect_text 2 "http://ok.example/" -h /proc/self/mem "$tmp/ok.txt"
    grep -q "^urigrep: /proc/self/mem: " "$tmp/err" || fail "read error not named"
fi
