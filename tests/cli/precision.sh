# What counts as a URI (urigrep.1): in real-looking mail with C++, XML,
# SDP, Outlook and Markdown links, quoted wraps and labels, only what the
# author wrote as a URI is reported (issue 7).
. "${srcdir:-.}/tests/init.sh"
expect 0 "$fixtures/precision.out" --type=text "$fixtures/precision.txt"
# the same as a mail message: decoded the same way
expect 0 "$fixtures/precision.out" "$fixtures/precision.txt"
# every read size gives the same
for n in 1 2 3 7 64; do
    expect 0 "$fixtures/precision.out" --buffer-size=$n "$fixtures/precision.txt"
done
# code and labels alone: nothing, exit 1
printf 'std::string s; FAX:(404) 555-1212\n<xs:sequence>\n' >"$tmp/none.txt"
expect_text 1 "" "$tmp/none.txt"
# private schemes: --add-scheme, --add-scheme-file, --any-scheme
printf 'open myapp:item?id=3 or foo:bar/x now\n' >"$tmp/p.txt"
expect_text 1 "" "$tmp/p.txt"
expect_text 0 "myapp:item?id=3" --add-scheme=MyApp "$tmp/p.txt"
printf '# ours\nmyapp\nfoo  # and this\n' >"$tmp/schemes"
expect_text 0 "myapp:item?id=3
foo:bar/x" --add-scheme-file="$tmp/schemes" "$tmp/p.txt"
expect_text 0 "myapp:item?id=3
foo:bar/x" --any-scheme "$tmp/p.txt"
expect_text 2 "" --add-scheme='my app' "$tmp/p.txt"
# HTML: href="javascript:..." is code, not a link
printf '<html><a href="javascript:void(0)">a</a><a href=" JavaScript:x()">b</a>\n<a href="https://ok.example/">c</a></html>\n' >"$tmp/j.html"
expect_text 0 "https://ok.example/" "$tmp/j.html"
# a mailer's link on a code path ("std::mutex", "info::USER" with a
# registered scheme) is no reference; a relative one and "info:" are
printf '<html><a href="std::mutex">m</a> <a href="info::USER">u</a>\n<a href="a::b.html">r</a> <a href="info:ddc/22/eng//004.678">i</a> <a href="x.html#a::b">f</a></html>\n' >"$tmp/c.html"
expect_text 0 "info:ddc/22/eng//004.678
x.html#a::b" "$tmp/c.html"
