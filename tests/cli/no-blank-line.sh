# A message written without the blank line after its header: the first
# line that is neither a field nor a continuation is body, even when it
# is a URI that looks like "name:value".
. "${srcdir:-.}/tests/init.sh"
printf 'From: a@b\nSubject: s\nhttp://example.com/path\n' >"$tmp/m.eml"
expect_text 0 "3:http://example.com/path" -n "$tmp/m.eml"
printf 'From: a@b\nSubject: s\nmailto:list@example.org\nmore http://x.example/\n' >"$tmp/m2.eml"
expect_text 0 "3:mailto:list@example.org
4:http://x.example/" -n "$tmp/m2.eml"
# a field with no blank after its colon is still a field
printf 'From: a@b\nSubject:see http://s.example/\n\nbody\n' >"$tmp/m3.eml"
expect_text 1 "" "$tmp/m3.eml"
# but a parameter on a line of its own after a field that ends with ';'
# is that field's, folded without its blank by a broken mailer: the
# part's Content-Transfer-Encoding below it still applies (else
# 'src=3D"cid:...' was read as written), and so does the charset
printf 'From: a@example.org\nSubject: t\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary="b"\n\n--b\nContent-Type: text/html;\ncharset="iso-8859-1"\nContent-Transfer-Encoding: quoted-printable\n\n<img src=3D"cid:vglw@x"> <a href=3D"http://ex=\nample.org/=E9">x</a>\n--b--\n' >"$tmp/fold.eml"
expect_text 0 "11:cid:vglw@x
11:http://example.org/%C3%A9" -n --ascii "$tmp/fold.eml"
# a body line after such a field is body when it is no "name=value"
printf 'From: a@b\nContent-Type: text/plain;\nsee http://body.example/\n' >"$tmp/fold2.eml"
expect_text 0 "3:http://body.example/" -n "$tmp/fold2.eml"
