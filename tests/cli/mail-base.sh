# Base precedence (RFC 2396 5.1): <BASE> in the HTML, else the part's
# headers, else the enclosing message's, else --base; an unknown charset
# is scanned as it is (said with --verbose only); a multipart/digest's
# parts are messages by default.
. "${srcdir:-.}/tests/init.sh"
cat >"$tmp/m.eml" <<'MAIL'
From: a@example.org
Subject: bases
Content-Base: http://message.example/m/
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary=b

--b
Content-Type: text/plain; charset=x-no-such-charset

no base of its own: <URL:p1> and caf\351 http://bytes.example/caf\351
--b
Content-Type: text/html
Content-Location: http://part.example/p/index.html

<a href="p2">x</a> <base href="/based/"> <a href="p3">y</a> <a href="#s">z</a>
--b
Content-Type: multipart/digest; boundary=d

--d

Subject: digest item
Content-Location: http://digest.example/item/

<URL:p4>
--d--
--b--
MAIL
printf '%b' "$(cat "$tmp/m.eml")" >"$tmp/mail.eml"
# (the Latin-1 byte is not UTF-8: as in text input, it ends the URI)
expect_text 0 "http://message.example/m/p1
http://bytes.example/caf
http://part.example/p/p2
http://part.example/based/p3
http://part.example/p/index.html#s
http://digest.example/item/p4" "$tmp/mail.eml"
[ -s "$tmp/err" ] && fail "unknown charset reported without --verbose"
ug --verbose "$tmp/mail.eml" >/dev/null 2>"$tmp/err"
grep -q "unknown charset 'x-no-such-charset'" "$tmp/err" || fail "no note with --verbose"
# without any header base, --base is the base; with one, the header wins
printf 'From: a@example.org\nSubject: s\n\n<URL:rel>\n' >"$tmp/n.eml"
expect_text 0 "http://cli.example/d/rel" --base=http://cli.example/d/x "$tmp/n.eml"
expect_text 0 "http://message.example/m/p1" --base=http://cli.example/d/x -e p1 "$tmp/mail.eml"
ug --json -e p1 "$tmp/mail.eml" | grep -q '"part":"1","content_type":"text/plain","base":"http://message.example/m/"' ||
    fail "JSON base"
# --headers decodes RFC 2047 encoded words before scanning
printf 'From: a@example.org\nSubject: =?UTF-8?Q?Read_http://subject.ex?=\n =?UTF-8?Q?ample/caf=C3=A9?=\n\nbody\n' >"$tmp/w.eml"
expect_text 1 "" "$tmp/w.eml"
expect_text 0 "$(printf 'http://subject.example/caf\303\251')" --headers "$tmp/w.eml"
