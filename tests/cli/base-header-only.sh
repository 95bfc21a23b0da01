# Input that begins with a header block giving only a base (RFC 1808
# section 3.1's "Base:", or Content-Base / Content-Location) is read as a
# message, so the references of its body are resolved against it (issue 9
# item 6); a text that merely starts with a word and a colon is not.
. "${srcdir:-.}/tests/init.sh"
printf 'Base: http://a/b/c\n\nSee <URL:../x>\n' | ug >"$tmp/out" ||
    fail "exit status with Base:"
printf 'http://a/x\n' >"$tmp/want"
diff -u "$tmp/want" "$tmp/out" || fail "Base: alone not read as a header"
printf 'Content-Base: http://h.example/d/\n\nread <URL:page.html>\n' |
    ug >"$tmp/out" || fail "exit status with Content-Base:"
printf 'http://h.example/d/page.html\n' >"$tmp/want"
diff -u "$tmp/want" "$tmp/out" || fail "Content-Base: alone"
# prose that starts "Basement: ..." stays text
printf 'Basement: see <URL:../x> and http://a.example/\n' | ug >"$tmp/out"
printf '../x\nhttp://a.example/\n' >"$tmp/want"
diff -u "$tmp/want" "$tmp/out" || fail "prose read as a header"
