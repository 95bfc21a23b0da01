# liburigrep.3 documents every function of urigrep.h, and its EXAMPLE
# programs are the ones in doc/examples, which build against the shared
# library and print what the page says they do (issue 11).
. "${srcdir:-.}/tests/init.sh"
h=$tmp/urigrep.h
cat "$srcdir"/include/urigrep.h "$srcdir"/include/urigrep/*.h >"$h" || exit 99
man=$srcdir/doc/liburigrep.3
bin=${top_builddir:-$(dirname "$URIGREP")/..}/doc/examples
[ -r "$h" ] && [ -r "$man" ] || exit 77
[ -x "$bin/links" ] && [ -x "$bin/scan" ] || fail "examples not built in $bin"
# every function declared in the header has a synopsis line and is
# described (".BR name ()") in the page
sed -n 's/^[a-z].*[ *]\(urigrep_[a-z0-9_]*\)(.*/\1/p' "$h" | sort -u >"$tmp/fns"
[ "$(wc -l <"$tmp/fns")" -ge 25 ] || fail "functions not found in $h"
while read -r fn; do
    grep -q "^\.BI* .*$fn(" "$man" || fail "$fn has no synopsis in liburigrep.3"
    grep -q "^\.BR $fn ()" "$man" || fail "$fn is not described in liburigrep.3"
done <"$tmp/fns"
# the page shows the files as they are (man escapes undone)
awk '/^\.SH EXAMPLE/{f=1;next} /^\.SH/{f=0} f' "$man" |
    awk '/^\.nf/{n++; out=sprintf("'"$tmp"'/ex%d.c", n); next}
         /^\.fi/{out=""; next} out!=""{print > out}'
i=0
for f in scan links; do
    i=$((i + 1))
    sed 's/\\-/-/g; s/\\e/\\/g' "$tmp/ex$i.c" >"$tmp/ex$i.txt"
    diff -u "$srcdir/doc/examples/$f.c" "$tmp/ex$i.txt" ||
        fail "liburigrep.3's example $i differs from doc/examples/$f.c"
done
# they run, and print what the page says
"$bin/scan" >"$tmp/out" || fail "scan exit status"
printf '1: http://example.org/ab\nhttp://a/b/g\n' >"$tmp/want"
diff -u "$tmp/want" "$tmp/out" || fail "scan output"
cat >"$tmp/m.mbox" <<'M'
From a@example.org Mon Jan  1 00:00:00 2024
Message-ID: <1@example.org>
Content-Type: multipart/alternative; boundary="b"

--b
Content-Type: text/plain

see <URL:docs/> and <http://x.example/%zz>
--b
Content-Type: text/html
Content-Base: http://h.example/dir/

<a href="page.html">page</a>
--b--
From b@example.org Mon Jan  1 00:00:01 2024

also "mailto:b@example.org"
M
"$bin/links" <"$tmp/m.mbox" >"$tmp/out" || fail "links exit status"
cat >"$tmp/want" <<'W'
message 1, part 1: http://example.org/docs/ (base from option)
message 1, part 1: http://x.example/%zz (base from option) (not valid: '%' not followed by two hexadecimal digits)
message 1, part 2: http://h.example/dir/page.html (base from content-base)
message 2, part 1: mailto:b@example.org (base from option)
W
diff -u "$tmp/want" "$tmp/out" || fail "links output"
printf '<html><base href="http://b.example/"><a href="x">x</a></html>\n' |
    "$bin/links" >"$tmp/out" || fail "links on HTML"
echo 'http://b.example/x (base from html)' >"$tmp/want"
diff -u "$tmp/want" "$tmp/out" || fail "links on HTML"
