# A multipart/alternative newsletter: quoted-printable undone (a URL split
# by a soft line break is whole), HTML attributes with entities, tracking
# links, Content-Base for relative links and #top; scripts, styles,
# comments and alt text are not scanned; headers only with --headers;
# the preamble and epilogue are read as text, their URIs on their own
# lines (15, 46) with "preamble" and "epilogue" for a content type; the
# same at every read size. --json names the message by number, its
# Subject (RFC 2047 words decoded), the part's charset and where the
# base came from.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
expect 0 newsletter.out -n newsletter.eml
expect 0 newsletter-headers.out -n --headers newsletter.eml
for b in 1 2 3 7 31 500; do
    expect 0 newsletter.out -n --buffer-size=$b newsletter.eml
done
ug --json newsletter.eml >"$tmp/all"
head -n 1 "$tmp/all" >"$tmp/j"
grep -q '"line":15,"column":50,"offset":49,"ref":"http://preamble.example/".*"message_id":"<20240506100000.12345@news.example.com>","part":null,"content_type":"preamble","base":null,"base_source":null,"message":1,"subject":"This week’s news","charset":null}' "$tmp/j" ||
    fail "preamble JSON: $(cat "$tmp/j")"
tail -n 1 "$tmp/all" >"$tmp/j"
grep -q '"line":46,"column":15,"offset":15,"ref":"http://epilogue.example/".*"part":null,"content_type":"epilogue","base":null' "$tmp/j" ||
    fail "epilogue JSON: $(cat "$tmp/j")"
sed -n 2p "$tmp/all" >"$tmp/j"
grep -q '"message_id":"<20240506100000.12345@news.example.com>","part":"1","content_type":"text/plain","base":null,"base_source":null,"message":1,"subject":"This week’s news","charset":"UTF-8"}' "$tmp/j" ||
    fail "mail JSON keys: $(cat "$tmp/j")"
ug --json newsletter.eml | grep '"delimiter":"attribute"' | head -n 1 >"$tmp/j"
grep -q '"part":"2","content_type":"text/html","base":"https://news.example.com/2024/05/","base_source":"content-base"' "$tmp/j" ||
    fail "HTML part JSON: $(cat "$tmp/j")"
# piped in, as the mutt macro of the man page does: still read as mail
ug -n <newsletter.eml >"$tmp/out" || fail "stdin exit status"
diff -u newsletter.out "$tmp/out" || fail "mail on standard input"
# header URIs carry their message's Message-ID, even one written after them
ug --headers --json newsletter.eml | head -n 1 >"$tmp/j"
grep -q '"message_id":"<20240506100000.12345@news.example.com>","part":null,"content_type":"header"' "$tmp/j" ||
    fail "header JSON: $(cat "$tmp/j")"
