# Non-ASCII letters continue a URI (RFC 3987 IRIs) and are printed as
# written; --ascii prints the RFC 3987 mapping; non-ASCII punctuation ends
# a URI.
. "${srcdir:-.}/tests/init.sh"
printf 'Voir http://exemple.fr/caf\303\251?q=\346\227\245\346\234\254 \342\200\234http://q.example/\342\200\235 \302\253http://g.example/\302\273\n' >"$tmp/i.txt"
expect_text 0 "$(printf 'http://exemple.fr/caf\303\251?q=\346\227\245\346\234\254')
http://q.example/
http://g.example/" "$tmp/i.txt"
expect_text 0 "http://exemple.fr/caf%C3%A9?q=%E6%97%A5%E6%9C%AC
http://q.example/
http://g.example/" --ascii "$tmp/i.txt"
expect_text 0 "http://exemple.fr/caf%C3%A9?q=%E6%97%A5%E6%9C%AC" --ascii --strict -e caf "$tmp/i.txt"
expect_text 1 "" --strict -e caf "$tmp/i.txt"
