# Appendix E: a hyphen at a line break inside <...> may be the typesetter's;
# --hyphen=keep (default) keeps it, drop removes it, both prints both.
. "${srcdir:-.}/tests/init.sh"
printf 'See <http://www.example.org/long-\n    name/index.html> today.\n' >"$tmp/h.txt"
expect_text 0 "http://www.example.org/long-name/index.html" "$tmp/h.txt"
expect_text 0 "http://www.example.org/long-name/index.html" --hyphen=keep "$tmp/h.txt"
expect_text 0 "http://www.example.org/longname/index.html" --hyphen=drop "$tmp/h.txt"
expect_text 0 "http://www.example.org/long-name/index.html
http://www.example.org/longname/index.html" --hyphen=both "$tmp/h.txt"
ug --hyphen=both --json "$tmp/h.txt" | tail -n 1 | grep -q '"hyphen":"dropped"' ||
    fail "JSON does not mark the dropped reading"
# a hyphen not at a line break is always kept
printf '<http://a.example/x-y>\n' >"$tmp/k.txt"
expect_text 0 "http://a.example/x-y" --hyphen=drop "$tmp/k.txt"
# without its hyphen a reference may be nothing or a scheme alone: that
# reading is not reported (issue 8: an empty line and "http:" were)
printf '<URL:-\n>\n<http:-\n>\n' >"$tmp/e.txt"
expect_text 1 "" --hyphen=drop "$tmp/e.txt"
expect_text 0 "-
http:-" --hyphen=both "$tmp/e.txt"
