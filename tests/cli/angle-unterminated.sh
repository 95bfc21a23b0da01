# <...> with no '>' before a blank line, another '<' or the end of input
# falls back to the bare rules: the URI is not lost, and what follows the
# blank line is read normally.
. "${srcdir:-.}/tests/init.sh"
printf 'See <http://a.example/path and more\n\nthen <http://b.example/x> ok\n' >"$tmp/a.txt"
expect_text 0 "http://a.example/path
http://b.example/x" "$tmp/a.txt"
printf 'x <http://c.example/y <http://d.example/z>\n' >"$tmp/b.txt"
expect_text 0 "http://c.example/y
http://d.example/z" "$tmp/b.txt"
printf 'end <http://e.example/at-eof' >"$tmp/c.txt"
expect_text 0 "http://e.example/at-eof" "$tmp/c.txt"
printf 'wrapped <http://f.example/\n  long/\n  path.html>\n' >"$tmp/d.txt"
for b in 1 2 5 13; do
    expect_text 0 "http://f.example/long/path.html" --buffer-size=$b "$tmp/d.txt"
done
