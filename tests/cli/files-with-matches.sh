# -l and -L list the files that have a selected URI or have none, stop
# reading a file at its first URI, and keep grep's exit status (0 when a
# URI was selected, even if -L then lists nothing; 2 after an unreadable
# file; -s only silences the message).
. "${srcdir:-.}/tests/init.sh"
printf 'See http://a.example/ and\nhttp://b.example/x\n' >"$tmp/two.txt"
printf 'no links here\n' >"$tmp/none.txt"
printf 'mailto:joe@example.org\n' >"$tmp/mail.txt"
cd "$tmp" || exit 99
expect_text 0 "two.txt
mail.txt" -l two.txt none.txt mail.txt
expect_text 0 "none.txt" -L two.txt none.txt mail.txt
expect_text 1 "" -l none.txt
# as grep 3.5 and later: -L's status says whether a URI was selected
expect_text 1 "none.txt" -L none.txt
expect_text 0 "" -L two.txt
# with a filter, and -c: -l wins, as in grep
expect_text 0 "mail.txt" -l -c --scheme=mailto two.txt none.txt mail.txt
expect_text 0 "two.txt
none.txt" -L -e '^mailto:' two.txt none.txt mail.txt
# -0 ends each name with NUL, for xargs -0
ug -l -0 two.txt mail.txt >out
printf 'two.txt\000mail.txt\000' | cmp -s - out || fail "-l -0: $(od -c out)"
# -q wins: nothing printed
expect_text 0 "" -l -q two.txt
# an unreadable file: reported, the others listed, status 2; -s is quiet
expect_text 2 "two.txt" -l missing.txt two.txt
grep -q '^urigrep: missing.txt: No such file or directory$' "$tmp/err" ||
    fail "no message: $(cat "$tmp/err")"
expect_text 2 "none.txt" -s -L missing.txt two.txt none.txt
[ -s "$tmp/err" ] && fail "-s: $(cat "$tmp/err")"
# the first URI settles it: a long file is not read to its end
{ echo 'http://first.example/'; yes 'http://more.example/' | head -200000; } \
    >long.txt
ug -l --verbose --buffer-size=4096 long.txt >out 2>err || fail "-l long"
[ "$(cat out)" = long.txt ] || fail "-l long: $(cat out)"
# -r: file names as found
mkdir -p d/sub && cp two.txt d/sub/ && cp none.txt d/
expect_text 0 "d/sub/two.txt" -l -r d
expect_text 0 "d/none.txt" -L -r d
# names are quoted as in -H (no byte of a name reaches the terminal raw)
cp two.txt "$(printf 'e\033[2Jvil.txt')"
expect_text 0 'e\033[2Jvil.txt' -l "$(printf 'e\033[2Jvil.txt')"
