# --progress=auto draws nothing when standard error is not a terminal
# (pipes, CI logs), nor in a run shorter than a second; --progress=always
# draws the line ("\r", bytes, files, rate) and erases it at the end, and
# the output is the same with it or without it.
. "${srcdir:-.}/tests/init.sh"
# The clock starts when urigrep has started; valgrind takes a second or
# more for that, so the second read must come later there to fall after
# the first second of the run.
pause=1.5
[ -z "$URIGREP_WRAPPER" ] || pause=6
cd "$tmp" || exit 99
# slow: a URI, 1.5 s, another (read after the first second), then the end
slow() {
    printf 'http://a.example/\n'
    sleep $pause
    printf 'http://b.example/\n'
}
want="http://a.example/
http://b.example/"
slow | ug >out 2>err || fail "plain"
[ "$(cat out)" = "$want" ] || fail "plain: $(cat out)"
for mode in "" --progress=auto --progress=never; do
    slow | ug $mode >out 2>err || fail "$mode: status"
    [ "$(cat out)" = "$want" ] || fail "$mode: output $(cat out)"
    [ -s err ] && fail "$mode: progress without a terminal: $(od -c err | head)"
done
slow | ug --progress=always >out 2>err || fail "always: status"
[ "$(cat out)" = "$want" ] || fail "always: output $(cat out)"
cr=$(printf '\r')
grep -q "^${cr}urigrep: 36 B, 0 of 1 file, [0-9.]* [KMG]*i*B/s" err ||
    fail "always: no progress line: $(od -c err | head)"
# erased: the last thing written is "\r", blanks over the line, "\r"
tail -c 2 err | od -An -c | grep -q ' \\r$' || fail "always: not erased"
# known sizes: "of", a percentage, files of files
printf 'http://c.example/\n' >c.txt
{ slow; cat c.txt; } >s.txt
mkfifo fifo
(slow >fifo &)
ug -j 1 --progress=always fifo c.txt >out 2>err
grep -q "urigrep: 36 B, 0 of 2 files, " err || fail "fifo: $(od -c err | head)"
# a short run shows nothing, even with always
ug --progress=always s.txt c.txt >out 2>err
[ -s err ] && fail "short run: $(od -c err | head)"
[ "$(cat out)" = "s.txt:http://a.example/
s.txt:http://b.example/
s.txt:http://c.example/
c.txt:http://c.example/" ] || fail "short run: $(cat out)"
expect_text 2 "" --progress=sometimes s.txt
# compressed input counts the bytes read from the file (what the sizes
# measure), not the bytes decompressed: 1 MiB of text in a few KiB of
# gzip never shows as MiB, nor more than 100%
if command -v gzip >/dev/null; then
    yes 'see http://z.example/ and some words of filler' |
        head -c 1048576 | gzip >big.gz
    ug -j 1 --progress=always big.gz fifo >out 2>err &
    slow >fifo
    wait
    # any of the lines drawn (err is one line of "\r"-separated ones): under
    # valgrind the first comes while big.gz is still being read
    grep -q "${cr}urigrep: [0-9.]* [Ki]*B, 1 of 2 files" err ||
        fail "gzip: $(od -c err | head)"
    grep -q 'MiB' err && fail "gzip: decompressed bytes counted: $(od -c err | head)"
    [ "$(grep -c 'http://z.example/' out)" -gt 1000 ] || fail "gzip: output"
fi
