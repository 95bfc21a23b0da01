# MIME structure: a forwarded message/rfc822 with its own multipart and
# bases (Content-Base, Content-Location, innermost wins), Latin-1 and
# Shift_JIS bodies converted with iconv, a base64 PDF and an octet-stream
# that give no URIs, CRLF lines, base64 text, and a multipart whose close
# delimiter is missing.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
expect 0 mail-misc.out -H forwarded.eml latin1.eml sjis.eml pdf-attachment.eml broken.eml
ug --json forwarded.eml >"$tmp/j"
grep -q '"uri":"http://carol.example.net/docs/plan/v2.html","delimiter":"angle-url".*"message_id":"<orig.7@example.net>","part":"2.1","content_type":"text/plain","base":"http://carol.example.net/docs/"' "$tmp/j" ||
    fail "nested message part 2.1"
grep -q '"uri":"http://carol.example.net/docs/plan/index.html#part2".*"part":"2.2"' "$tmp/j" ||
    fail "#part2 resolves against the part's Content-Location"
grep -q '"part":"3","content_type":"text/plain"' "$tmp/j" || fail "part 3"
expect_text 0 "http://data.example.com/reports/2024/q2.csv" pdf-attachment.eml
for b in 1 4 9 64; do
    expect 0 mail-misc.out -H --buffer-size=$b forwarded.eml latin1.eml sjis.eml pdf-attachment.eml broken.eml
done
# ISO-2022-JP, the usual charset of Japanese mail: stateful, shifted
# around the URIs, the same at every read size
for b in 1 5 4096; do
    expect_text 0 "7:http://example.jp/$(printf '\346\227\245\346\234\254')
7:http://example.jp/kagi
8:https://example.jp/second" -n --buffer-size=$b iso-2022-jp.eml
done
