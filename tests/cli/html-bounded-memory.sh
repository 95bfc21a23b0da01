# HTML memory is bounded whatever the markup: one tag with 8 million
# attributes (it took 612 MiB), a flood of <wbr src=...>, an endless
# attribute value and an unclosed <a href=" all stream through under a
# 64 MB address-space limit, and the URIs around them are still found.
. "${srcdir:-.}/tests/init.sh"
# sanitizers and valgrind reserve far more address space than that
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 77
fi
lim() {
    (ulimit -v 65536; "$URIGREP" "$@")
}
# a repeated attribute counts once, as in a browser
out=$( { printf '<html><img src=first.png '; yes 'src=a' | head -n 8000000 |
    tr '\n' ' '; printf '>\n<a href="http://after.example/">\n'; } |
    lim --type=html) || fail "attributes: exit $?"
[ "$out" = "first.png
http://after.example/" ] || fail "attributes: $out"
# tags without text between them: every URI reported, memory bounded
out=$( { printf '<html>'; yes '<wbr src=w.png>' | head -n 4000000 | tr -d '\n';
    printf '\n'; } | lim -c --type=html) || fail "wbr flood: exit $?"
[ "$out" = 4000000 ] || fail "wbr flood: $out"
# a value longer than --max-uri-length is skipped, saying so with --verbose
out=$( { printf '<html><a href="'; head -c 100000000 /dev/zero | tr '\0' 'x';
    printf '">x</a> <a href="http://ok.example/">\n'; } |
    lim --type=html --verbose 2>"$tmp/err") || fail "long value: exit $?"
[ "$out" = "http://ok.example/" ] || fail "long value: $out"
grep -q '<a href> value longer than 8192 bytes skipped' "$tmp/err" ||
    fail "long value: no warning: $(cat "$tmp/err")"
# an unclosed attribute runs to the end, as it does in a browser
out=$( { printf '<html>http://before.example/ <a href="'; yes 'http://in.example/' |
    head -n 5000000; } | lim --type=html) || fail "unclosed: exit $?"
[ "$out" = "http://before.example/" ] || fail "unclosed: $out"
