# A bare URI ends at the first closing bracket it did not open (RFC 2396
# Appendix E: the text's punctuation is not the URI's), whatever follows
# that bracket; a pair the URI holds stays; the mathematical angle
# brackets groff prints around a URI are not part of it; nor is a
# footnote mark "[2]" after it, nor a '[' in its path (RFC 2396 has none,
# RFC 3986 only around an IPv6 host; a query's "a[]=1" is kept). Cases from real mail: R package notes,
# markdown, BBCode spam, LaTeX, Wikipedia links, footnoted text.
. "${srcdir:-.}/tests/init.sh"

cat >"$tmp/in" <<'EOF2'
New package (https://CRAN.R-project.org/package=cargo)Removed dependency.
see [82](https://cran.r-project.org/doc/manuals/R-exts.html#FOOT82)R docs
[url=https://shop.example/dolls][b]doll[/b][/url] and
[url=https://match.example/guide/]https://match.example/guide/[/url]
\href{https://trials.example/results?cond=x#tableTop}{non-latex}
[https://en.wikipedia.org/wiki/Free_Culture_(book)]: the book
(see https://en.wikipedia.org/wiki/Unix_(disambiguation)).
query http://x.example/list?filter[status]=open&a[]=1 ok
[![badge](https://img.example/b.svg)](https://ci.example/build)
be found at ⟨ftp://linux01.gwdg.de/pub/ncpfs⟩, groff's brackets.
See https://cran.r-project.org/web/packages/unitizer.html[2]: for more
and http://wiki.example/Foo[13]. A host http://[::1]:8080/ and
http://q.example/p?ids=[1] and http://x.example/a[b]
http://ettus.80997.x6.nabble.com/USRP-users-X300-td8647.html[Image.jpeg]
EOF2
cat >"$tmp/want" <<'EOF2'
https://CRAN.R-project.org/package=cargo
https://cran.r-project.org/doc/manuals/R-exts.html#FOOT82
https://shop.example/dolls
https://match.example/guide/
https://match.example/guide/
https://trials.example/results?cond=x#tableTop
https://en.wikipedia.org/wiki/Free_Culture_(book)
https://en.wikipedia.org/wiki/Unix_(disambiguation)
http://x.example/list?filter[status]=open&a[]=1
https://img.example/b.svg
https://ci.example/build
ftp://linux01.gwdg.de/pub/ncpfs
https://cran.r-project.org/web/packages/unitizer.html
http://wiki.example/Foo
http://[::1]:8080/
http://q.example/p?ids=[1]
http://x.example/a
http://ettus.80997.x6.nabble.com/USRP-users-X300-td8647.html
EOF2
expect 0 "$tmp/want" --type=text "$tmp/in"
