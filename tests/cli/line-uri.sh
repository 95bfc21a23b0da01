# -x: each non-blank line is one reference as a person typed it (Appendix
# E, last paragraph): whitespace, <>, quotes and URL: are stripped, and
# embedded whitespace removed; one output line per non-blank input line.
. "${srcdir:-.}/tests/init.sh"
printf '  <URL:http://www.ics.uci.edu/pub/\n\n"http://a.example/x y"\n<URL: http://b.example/ >\nhttp://c.example/   \n\t../rel/path\n   \n' >"$tmp/x.txt"
expect_text 0 "http://www.ics.uci.edu/pub/
http://a.example/xy
http://b.example/
http://c.example/
../rel/path" -x "$tmp/x.txt"
expect_text 0 "1:http://www.ics.uci.edu/pub/
3:http://a.example/xy
4:http://b.example/
5:http://c.example/
6:../rel/path" -x -n "$tmp/x.txt"
expect_text 0 "http://a.example/rel/path" -x --base=http://a.example/b/c -e rel "$tmp/x.txt"
# a last line without a newline counts too
printf 'http://d.example/' >"$tmp/y.txt"
expect_text 0 "http://d.example/" -x "$tmp/y.txt"
ug -x --json "$tmp/y.txt" | grep -q '"delimiter":"line"' || fail "-x JSON delimiter"
# whitespace inside a delimiter does not hide it ("URL :" is "URL:")
printf ' <URL :http://e.example/ f > \n' >"$tmp/z.txt"
expect_text 0 "http://e.example/f" -x "$tmp/z.txt"
