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
