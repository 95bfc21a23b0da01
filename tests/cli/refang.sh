# --refang reads the defanged indicators analysts exchange (hxxps://,
# [.], (.), {.}, [dot], [:], [://], [@] and their mixes, as iocextract,
# ioc-fang and the defang package document them) as the URIs they stand
# for, with the line and column of the text as written and
# "refanged":true in --json (issue 36 item 3); prose with "[.]" stays
# prose, and without --refang nothing changes.  --defang's output read
# back gives the URIs again.
. "${srcdir:-.}/tests/init.sh"
cat >"$tmp/report.txt" <<'TXT'
IOCs seen this week (do not click):
  hxxps://evil[.]example/login and hxxp://example(.)com/a
  fxp://host{.}example/pub, C2: tcp://example[.]com:8989/bad
  example[dot]com/path; http[:]//x.example/a https[://]y.example/b
  mail from user[@]example.com and joe(at)evil[.]example[.]com
  hXXps[:]//Evil[.]Example[dot]com/a(.)php?id=1
The end (.) of the list [.] see foo[.]bar and a [dot] com.
Not defanged: https://plain.example/x.
TXT
# what the analyst gets: the URIs, and where each was written
ug --refang -n "$tmp/report.txt" >"$tmp/out" || fail "--refang -n"
cat >"$tmp/want" <<'TXT'
2:https://evil.example/login
2:http://example.com/a
3:ftp://host.example/pub
3:tcp://example.com:8989/bad
4:http://example.com/path
4:http://x.example/a
4:https://y.example/b
5:mailto:user@example.com
5:mailto:joe@evil.example.com
6:hTTps://Evil.Example.com/a.php?id=1
8:https://plain.example/x
TXT
diff -u "$tmp/want" "$tmp/out" || fail "--refang -n"
# without --refang: the plain URI alone, as ever
expect_text 0 "https://plain.example/x" "$tmp/report.txt"
# --json: refanged, the column and offset of the written text
ug --refang --json "$tmp/report.txt" >"$tmp/json" || fail "--json"
[ "$(grep -c '"refanged":true' "$tmp/json")" = 10 ] ||
    fail "--json: not 10 refanged: $(cat "$tmp/json")"
grep '"uri":"https://plain.example/x"' "$tmp/json" | grep -q refanged &&
    fail "--json: a URI written as it is marked refanged"
grep -q '"line":2,"column":3,"offset":38,"ref":"https://evil.example/login","uri":"https://evil.example/login"' \
    "$tmp/json" || fail "--json position: $(head -1 "$tmp/json")"
grep -q '"line":4,"column":3,"offset":157,' "$tmp/json" ||
    fail "--json: example[dot]com's position"
ug --json "$tmp/report.txt" | grep -q refanged && fail "refanged without --refang"
# selection sees the URI read back
expect_text 0 "https://evil.example/login
mailto:joe@evil.example.com" --refang -e 'evil\.example/' -e '@evil' \
    "$tmp/report.txt"
# -j 2 as -j 1, and any read size
ug -j 1 --refang -n --json "$tmp/report.txt" >"$tmp/j1" || fail "-j 1"
for n in 1 2 3 7 64; do
    ug -j 1 --buffer-size=$n --refang -n --json "$tmp/report.txt" \
        >"$tmp/bs" || fail "--buffer-size=$n"
    cmp "$tmp/j1" "$tmp/bs" || fail "--buffer-size=$n differs"
done
ug -r -j 1 --refang "$srcdir/tests/corpus" >"$tmp/c1" || fail "corpus -j 1"
ug -r -j 2 --refang "$srcdir/tests/corpus" >"$tmp/c2" || fail "corpus -j 2"
cmp "$tmp/c1" "$tmp/c2" || fail "--refang: -j 2 differs from -j 1"

# round trip: the corpus's plain http, https and ftp URIs, defanged by
# --defang, read back by --refang, are what they were
ug -r -h "$srcdir/tests/corpus" |
    grep -E '^(https?|ftp)://[A-Za-z0-9.-]+(:[0-9]+)?(/[A-Za-z0-9._~/%-]*[A-Za-z0-9_~/%-])?$' |
    sort -u >"$tmp/plain"
[ "$(wc -l <"$tmp/plain")" -gt 300 ] || fail "too few URIs to check"
ug --defang "$tmp/plain" >"$tmp/defanged" || fail "--defang"
grep -q '\[\.\]' "$tmp/defanged" || fail "nothing defanged"
grep -E -q '^(https?|ftp)://' "$tmp/defanged" && fail "a live link left"
ug --refang "$tmp/defanged" >"$tmp/back" || fail "--refang"
diff -u "$tmp/plain" "$tmp/back" || fail "--defang then --refang differs"
