# Blanks inside one line of <...>: RFC 2396 Appendix E says whitespace
# inside the angle brackets is ignored when the URI is extracted, so
# "<http://www.example.com/one/<TAB>two/three.html>" is one reference,
# the whole of it, at every read size; a bracket that cannot be read so
# is refused whole, never cut to the prefix before the blank (issue 25).
# Brackets that do not close on the line keep the bare reading
# (angle-unterminated.sh), and "<Label: words>" is no reference.
. "${srcdir:-.}/tests/init.sh"
printf 'see <http://www.example.com/one/\ttwo/three.html>.\n' >"$tmp/tab.txt"
printf 'see <http://www.example.com/one/ two/three.html>\n' >"$tmp/sp.txt"
printf 'see <URL:http://www.example.com/one/ \t two/three.html>\n' >"$tmp/url.txt"
printf 'see &lt;http://www.example.com/one/ two/three.html&gt;\n' >"$tmp/ent.txt"
for f in tab sp url ent; do
    for b in 1 2 3 7 100; do
        expect_text 0 "http://www.example.com/one/two/three.html" \
            --buffer-size=$b "$tmp/$f.txt"
    done
done
# refused whole: a '{' in brackets read across a blank is no URI, and
# nothing of it is printed (no "http://x.example/")
printf 'a <http://x.example/ is {great}> b\n' >"$tmp/refused.txt"
expect_text 1 "" "$tmp/refused.txt"
# not closed on the line: the bare rules, as before
printf 'a <http://y.example/path and more\n' >"$tmp/open.txt"
expect_text 0 "http://y.example/path" "$tmp/open.txt"
# a label and words after its colon
printf '<USENET: Post to exotic, distant machines.>\n' >"$tmp/label.txt"
expect_text 1 "" --any-scheme "$tmp/label.txt"
