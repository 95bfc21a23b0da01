# --abbrev adds the Appendix F forms (www.host/path, ftp.host/path, a host
# alone) completed with http:// or ftp://; they are not resolved.
. "${srcdir:-.}/tests/init.sh"
printf 'Visit www.w3.org/Addressing/ or ftp.example.org/pub, or www.w3.org.\nNot joe@www.example.org nor www.nodot.\n' >"$tmp/a.txt"
expect_text 1 "" "$tmp/a.txt"
expect_text 0 "http://www.w3.org/Addressing/
ftp://ftp.example.org/pub
http://www.w3.org" --abbrev "$tmp/a.txt"
expect_text 0 "http://www.w3.org/Addressing/" --abbrev --base=http://other.example/x/ -e Addr "$tmp/a.txt"
ug --abbrev --json "$tmp/a.txt" | head -n 1 | grep -q '"ref":"www.w3.org/Addressing/","uri":"http://www.w3.org/Addressing/","delimiter":"abbrev"' ||
    fail "abbrev JSON"
