# A multipart's preamble and epilogue are read as text (no URI present in
# the input may be lost): a list footer after the close delimiter, a
# relay's disclaimer after a nested multipart's, a multipart whose
# boundary never comes (all preamble), a preamble for non-MIME readers;
# each on its stored line, offsets counted from the region's start, the
# same at every read size; a boundary line (here one that looks like a
# URI, written twice) is never reported.  --json says "preamble" or
# "epilogue" for a content type, the multipart's number for a part.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
for b in 1 3 64 4096; do
    expect 0 mail-regions.out -n -b --buffer-size=$b mail-regions.mbox
done
ug --json mail-regions.mbox >"$tmp/j"
grep -q '"line":20,"column":12,"offset":200,"ref":"https://lists.example.org/listinfo/foo".*"message_id":"<r1@example.org>","part":null,"content_type":"epilogue","base":null,"base_source":null,"message":1,"subject":"release notes","charset":null}' "$tmp/j" ||
    fail "footer after the close delimiter: $(cat "$tmp/j")"
grep -q '"ref":"http://relay.example.com/disclaimer".*"part":"1","content_type":"epilogue"' "$tmp/j" ||
    fail "nested multipart's epilogue"
grep -q '"ref":"http://files.example.com/report.pdf".*"part":null,"content_type":"preamble".*"message":3' "$tmp/j" ||
    fail "boundary that never comes"
if grep -q 'b\.example' "$tmp/j"; then fail "a boundary line was reported"; fi
# standard input, and the message alone as mail
ug -n -b <mail-regions.mbox >"$tmp/out" || fail "stdin exit status"
diff -u mail-regions.out "$tmp/out" || fail "mbox on standard input"
sed -n '22,44p' mail-regions.mbox >"$tmp/one.eml"
expect_text 0 "14:http://www.example.net/plan
18:http://www.example.net/plan
20:http://relay.example.com/disclaimer" -n "$tmp/one.eml"
