# -m NUM stops reading a file after NUM selected URIs, per file, as grep
# does: with -c the count stops at NUM, -m 0 selects nothing (exit 1), and
# the selection (-e, -u, --scheme) comes first.
. "${srcdir:-.}/tests/init.sh"
printf 'http://a.example/ http://b.example/\nhttp://a.example/ mailto:x@example.org\nhttp://c.example/\n' >"$tmp/f.txt"
printf 'http://d.example/\n' >"$tmp/g.txt"
cp "$fixtures/archive.mbox" "$tmp/" || exit 99
cd "$tmp" || exit 99
expect_text 0 "http://a.example/
http://b.example/" -m 2 f.txt
expect_text 0 "f.txt:http://a.example/
g.txt:http://d.example/" -m1 f.txt g.txt
expect_text 0 "f.txt:2
g.txt:1" -c --max-count=2 f.txt g.txt
expect_text 0 "http://a.example/
http://b.example/
mailto:x@example.org" -u -m 3 f.txt
expect_text 0 "mailto:x@example.org" -m 1 --scheme=mailto f.txt
expect_text 0 "http://c.example/" -m 1 -e c f.txt
expect_text 1 "" -m 0 f.txt g.txt
expect_text 0 "f.txt
g.txt" -l -m 1 f.txt g.txt
# more than there are: all of them
expect_text 0 "http://d.example/" -m 99999999999999999999 g.txt
for bad in -1 x 1x ''; do
    expect_text 2 "" -m "$bad" f.txt
    grep -q "invalid max count" "$tmp/err" || fail "-m '$bad': $(cat "$tmp/err")"
done
# -m ends the reading of a mail archive too: the next file is read
expect_text 0 "archive.mbox:http://one.example/base/page1.html
f.txt:http://a.example/" -H -m 1 archive.mbox f.txt
