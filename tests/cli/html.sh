# HTML: RFC 2396 Appendix D (<BASE href> sets the base; ../x resolves to
# http://www.ics.uci.edu/Test/a/x), unquoted attributes, srcset, character
# references in attributes and text, and --type=html on any file name.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
expect 0 appendix-d.out -n appendix-d.html
expect 0 appendix-d.out -n --buffer-size=3 appendix-d.html
cp appendix-d.html "$tmp/page.txt"
expect 0 appendix-d.out -n --type=html "$tmp/page.txt"
# without the BASE element, --base is the base; relative ones are reported
printf '<p><a href="a/b.html">x</a> <img src="/i.png"></p>\n' >"$tmp/p.html"
expect_text 0 "a/b.html
/i.png" --type=html "$tmp/p.html"
expect_text 0 "http://h.example/d/a/b.html
http://h.example/i.png" --type=html --base=http://h.example/d/e "$tmp/p.html"
# scripts, styles, comments and non-URI attributes are skipped
printf '<script>x="http://s.example/"</script><style>a{b:url(http://c.example/)}</style><!-- http://m.example/ --><img alt="http://alt.example/" src="ok.png">\n' >"$tmp/q.html"
expect_text 0 "ok.png" --type=html "$tmp/q.html"
# -n: an attribute value's line is where the value begins, whether a
# quoted-printable soft break, a raw newline or the attribute name's own
# line split it (the editor opens the message at the link)
printf 'From: a@example.org\nSubject: t\nMIME-Version: 1.0\nContent-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n<p>x <A target=3D"_blank" HREF=3D"http://clien=\nts.example.com/sig.asp"><IMG SRC=3D"http://ads.example.com/Re=\nd.gif"></A>\n<a href=3D"http://fare.example.com/;_ylc=3DX3oD\n">Fare</a> <a\nhref=3D"http://one.example/">one</a></p>\n' >"$tmp/span.eml"
expect_text 0 "7:http://clients.example.com/sig.asp
8:http://ads.example.com/Red.gif
10:http://fare.example.com/;_ylc=X3oD
12:http://one.example/" -n "$tmp/span.eml"
# an empty value is no reference anybody wrote (Google Groups writes
# href="" for each address it masks): not reported; the line of the next
# one is still where its value begins
printf '<a href="x1">a</a>\n<a href=>b</a> <a href="">c</a> <a href=" ">d</a>\n<a\nhref="x2">e</a>\n' >"$tmp/empty.html"
expect_text 0 "1:x1
4:x2" -n --type=html "$tmp/empty.html"
# nor is an address the archive masked ("jan....@"), in a link as in text;
# an address with dots of its own, or several, is
printf '<a href="mailto:jan....@siemens.com">jan....@siemens.com</a>\n<a href="MAILTO:jailhouse-de...@googlegroups.com">x</a>\n<a href="mailto:j.k.@x.example">y</a> <a href="mailto:a@x.example,b...@y.example">z</a>\n<a href="mailto:...@x.example">w</a>\n' >"$tmp/masked.html"
expect_text 0 "3:mailto:j.k.@x.example
3:mailto:a@x.example,b...@y.example
4:mailto:...@x.example" -n --type=html "$tmp/masked.html"
# --json: the column, from 1, is where the value or the URI begins in its
# line (of the decoded part for mail: the soft breaks above are joined),
# not counted from the last tag; character references before it and the
# size of the reads change nothing.
# columns_are FILE "LINE COL..." BUFFER...: --json on FILE, at each read
# size, gives those lines and columns, in order
columns_are() {
    _f=$1
    _want=$2
    shift 2
    for _b in "$@"; do
        ug --json --buffer-size=$_b "$_f" |
            grep -o '"line":[0-9]*,"column":[0-9]*' >"$tmp/cols" ||
            fail "$_f --json, buffer $_b"
        # shellcheck disable=SC2086 # pairs of numbers
        printf '"line":%s,"column":%s\n' $_want |
            diff - "$tmp/cols" || fail "$_f: columns, buffer $_b"
    done
}
columns_are "$tmp/span.eml" "7 31 8 77 10 10 12 7" 4096 1 5
printf '<html><body>\n<p>see &lt;<a href="http://example.org/a">x</a> and &amp; http://example.org/b and\n  <b>more</b> http://example.org/c &amp; <i>x</i>http://example.org/d\n</body></html>\n' >"$tmp/cols.html"
columns_are "$tmp/cols.html" "2 21 2 59 3 15 3 50" 4096 1 7
# text run into a URI in an attribute, as Outlook's link protection
# writes a link it blocked, gives the URI alone, as in text; a scheme
# that is one (svn+ssh) or is registered stays whole
printf '<a href="Blockedhttps://evil.example/x">Blockedhttps://evil.example/y</a>\n<a href="svn+ssh://h.example/r">s</a> <a href="coap+tcp://h.example/">c</a>\n' >"$tmp/blocked.html"
expect_text 0 "https://evil.example/x
https://evil.example/y
svn+ssh://h.example/r
coap+tcp://h.example/" --type=html "$tmp/blocked.html"
# a URI that starts with a character reference ("&#104;ttp:") at the
# start of a line, or of the file: the line is the same with --json
# (which keeps columns) as without
printf 'first\n&#104;ttp://a.example/\n' >"$tmp/ref1.html"
printf '&#104;ttp://b.example/ y\nsecond\nthird\n' >"$tmp/ref2.html"
for f in ref1 ref2; do
    ug -n --type=html "$tmp/$f.html" | cut -d: -f1 >"$tmp/$f.n"
    ug --json --type=html "$tmp/$f.html" |
        sed 's/.*"line":\([0-9]*\),.*/\1/' >"$tmp/$f.j"
    diff "$tmp/$f.n" "$tmp/$f.j" || fail "$f: --json gives another line"
done
[ "$(cat "$tmp/ref1.n")" = 2 ] && [ "$(cat "$tmp/ref2.n")" = 1 ] ||
    fail "lines of references that start with a character reference"
