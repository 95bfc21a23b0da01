# URLs in man page sources quoted in mail (linux-man patches) are written
# with roff escapes: "\:" (a break point that prints nothing) and "\-" (a
# hyphen). The URL is the one the page prints; other backslashes still
# end a bare URI.
. "${srcdir:-.}/tests/init.sh"

cat >"$tmp/in" <<'EOF2'
+.UR https://archive.org\:/details\:/posix_1003.1e-990310
+.UR https://www.ualberta.ca/\:computing-science/\:docs/\:unix.pdf
see https://www.kernel.org/doc/html/latest/admin\-guide/x.html.
a regex http://a.example/x\.y and a C string "x" http://b.example\n
at the very end http://c.example/d\:
EOF2
cat >"$tmp/want" <<'EOF2'
https://archive.org/details/posix_1003.1e-990310
https://www.ualberta.ca/computing-science/docs/unix.pdf
https://www.kernel.org/doc/html/latest/admin-guide/x.html
http://a.example/x
http://b.example
http://c.example/d
EOF2
expect 0 "$tmp/want" --type=text "$tmp/in"
# the same whatever the read size (an escape cut between two reads)
expect 0 "$tmp/want" --type=text --buffer-size=1 "$tmp/in"
