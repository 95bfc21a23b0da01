# -u prints each URI once across all files; -c counts per file, with names
# when there are several files, and counts what -u and -e select.
. "${srcdir:-.}/tests/init.sh"
printf 'http://a.example/ http://b.example/\nhttp://a.example/\n' >"$tmp/1.txt"
printf 'http://b.example/ http://c.example/\n' >"$tmp/2.txt"
expect_text 0 "http://a.example/
http://b.example/
http://c.example/" -h -u "$tmp/1.txt" "$tmp/2.txt"
expect_text 0 "3" -c "$tmp/1.txt"
expect_text 0 "$tmp/1.txt:3
$tmp/2.txt:2" -c "$tmp/1.txt" "$tmp/2.txt"
expect_text 0 "$tmp/1.txt:2
$tmp/2.txt:1" -c -u "$tmp/1.txt" "$tmp/2.txt"
printf 'nothing\n' >"$tmp/3.txt"
expect_text 1 "0" -c "$tmp/3.txt"
expect_text 0 "1" -c -e 'c\.' "$tmp/2.txt"
