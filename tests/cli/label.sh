# --label=NAME names standard input in output and messages, as in GNU
# grep (zcat a.gz | urigrep -H --label=a.gz); files keep their names.
. "${srcdir:-.}/tests/init.sh"
printf 'see http://a.example/\n' >"$tmp/a.txt"
expect_text 0 "a.gz:http://a.example/" -H --label=a.gz <"$tmp/a.txt"
expect_text 0 "(standard input):http://a.example/" -H <"$tmp/a.txt"
expect_text 0 "a.gz:1" -c -H --label=a.gz - <"$tmp/a.txt"
ug --json --label=a.gz <"$tmp/a.txt" | grep -q '"file":"a.gz"' ||
    fail "--json: $(ug --json --label=a.gz <"$tmp/a.txt")"
expect_text 0 "$tmp/a.txt:http://a.example/
lbl:http://a.example/" --label=lbl "$tmp/a.txt" - <"$tmp/a.txt"
# messages about standard input use it too
printf 'x\000y http://b.example/\n' | ug --label=lbl >/dev/null 2>"$tmp/err"
grep -qx "urigrep: lbl: binary file skipped (use -a to scan it)" "$tmp/err" ||
    fail "binary note: $(cat "$tmp/err")"
if command -v gzip >/dev/null; then
    printf 'see http://c.example/\n' | gzip -c | head -c 20 |
        ug --label=c.gz >/dev/null 2>"$tmp/err"
    grep -q "^urigrep: c.gz: " "$tmp/err" || fail "error: $(cat "$tmp/err")"
fi
