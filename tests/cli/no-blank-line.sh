# A message written without the blank line after its header: the first
# line that is neither a field nor a continuation is body, even when it
# is a URI that looks like "name:value".
. "${srcdir:-.}/tests/init.sh"
printf 'From: a@b\nSubject: s\nhttp://example.com/path\n' >"$tmp/m.eml"
expect_text 0 "3:http://example.com/path" -n "$tmp/m.eml"
printf 'From: a@b\nSubject: s\nmailto:list@example.org\nmore http://x.example/\n' >"$tmp/m2.eml"
expect_text 0 "3:mailto:list@example.org
4:http://x.example/" -n "$tmp/m2.eml"
# a field with no blank after its colon is still a field
printf 'From: a@b\nSubject:see http://s.example/\n\nbody\n' >"$tmp/m3.eml"
expect_text 1 "" "$tmp/m3.eml"
