# RFC 2396 Appendix E: the example text holds exactly three URI references.
. "${srcdir:-.}/tests/init.sh"
expect 0 "$fixtures/appendix-e.out" "$fixtures/appendix-e.txt"
# the shipped sample gives the same three first, then section 1.3's
ug "$top_srcdir/data/appendix-e.txt" | head -n 3 >"$tmp/head"
diff -u "$fixtures/appendix-e.out" "$tmp/head" || fail "data/appendix-e.txt"
