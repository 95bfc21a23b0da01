# -0 ends every record (and a file name) with NUL, for xargs -0.
. "${srcdir:-.}/tests/init.sh"
ug -0 "$fixtures/appendix-e.txt" | tr '\0' '\n' >"$tmp/out"
diff -u "$fixtures/appendix-e.out" "$tmp/out" || fail "-0 records"
ug -0 -H "$fixtures/appendix-e.txt" | head -c 200 | tr '\0' '|' >"$tmp/out"
grep -q "^$fixtures/appendix-e.txt|http://www.w3.org/Addressing/|" "$tmp/out" ||
    fail "-0 -H: NUL after the file name"
[ "$(ug -0 "$fixtures/appendix-e.txt" | tr -cd '\n' | wc -c)" = 0 ] ||
    fail "-0 output has newlines"
