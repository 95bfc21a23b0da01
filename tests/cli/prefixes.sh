# -n, -b, -H and -h prefix line numbers, byte offsets and file names as
# grep does; -H is the default with more than one file.
. "${srcdir:-.}/tests/init.sh"
f=$fixtures/appendix-e.txt
expect_text 0 "1:http://www.w3.org/Addressing/
2:ftp://ds.internic.net/rfc/
3:http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING" -n "$f"
expect_text 0 "28:http://www.w3.org/Addressing/
98:ftp://ds.internic.net/rfc/
150:http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING" -b "$f"
expect_text 0 "$f:1:28:http://www.w3.org/Addressing/
$f:2:98:ftp://ds.internic.net/rfc/
$f:3:150:http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING" -H -n -b "$f"
ug "$f" "$f" >"$tmp/two" || fail "two files"
[ "$(grep -c "^$f:" "$tmp/two")" = 6 ] || fail "-H is not the default for two files"
ug -h "$f" "$f" | grep -q "^$f" && fail "-h still prints names"
# standard input is named as grep names it
printf 'http://in.example/\n' | ug -H >"$tmp/out"
[ "$(cat "$tmp/out")" = "(standard input):http://in.example/" ] || fail "stdin name"
printf 'http://in.example/\n' | ug - >"$tmp/out"
[ "$(cat "$tmp/out")" = "http://in.example/" ] || fail "- reads stdin"
# after "URL:" the author said it is a URI: any scheme, one letter long
# too (RFC 1808 section 5.1: "g:h = <URL:g:h>"); in bare brackets and
# quotes such a thing stays a name ("<ns:name>", "xs:string")
printf 'g:h = <URL:g:h>, URL:x:y and <URL:ab:h>\n<g:h> "g:h" <ns:name>\n' >"$tmp/u1808"
expect_text 0 "g:h
x:y
ab:h" "$tmp/u1808"
exit 0
