# --charset converts the input to UTF-8 with iconv before scanning:
# Latin-1 and Shift_JIS text give the same URIs as their UTF-8 form.
. "${srcdir:-.}/tests/init.sh"
printf 'Caf\351: http://exemple.fr/caf\351 fin\n' >"$tmp/latin1.txt"
expect_text 0 "$(printf 'http://exemple.fr/caf\303\251')" --charset=ISO-8859-1 "$tmp/latin1.txt"
expect_text 0 "http://exemple.fr/caf%C3%A9" --charset=latin1 --ascii "$tmp/latin1.txt"
# without --charset the Latin-1 byte is not UTF-8 and ends the URI
expect_text 0 "http://exemple.fr/caf" "$tmp/latin1.txt"
# Shift_JIS: "nihon" in kanji inside a URI, split at every buffer size
printf '\223\372\226{\214\352 http://example.jp/\223\372\226{ \201uhttp://q.example.jp/\201v\n' >"$tmp/sjis.txt"
want="$(printf 'http://example.jp/\346\227\245\346\234\254')
http://q.example.jp/"
for b in 1 2 3 5 7 64; do
    expect_text 0 "$want" --charset=SHIFT_JIS --buffer-size=$b "$tmp/sjis.txt"
done
# UTF-16 has NUL bytes everywhere: converted first, it is not binary
printf 'see http://u16.example/ ok\n' | iconv -f UTF-8 -t UTF-16 >"$tmp/u16.txt"
expect_text 0 "http://u16.example/" --charset=UTF-16 "$tmp/u16.txt"
# an undecodable byte ends a URI, never joins two, and is counted with --verbose
printf 'http://a.example/x\377http://b.example/y\n' >"$tmp/bad.txt"
expect_text 0 "http://a.example/x
http://b.example/y" --charset=UTF-8 --verbose "$tmp/bad.txt"
grep -q "1 bytes not valid in UTF-8" "$tmp/err" || fail "no note on bad bytes"
