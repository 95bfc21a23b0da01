# WARC files written by other tools (warcio's Webrecorder and wget
# samples, a Common Crawl record from jwarc; tests/warc/SOURCES):
# the links urigrep reports in their HTML payloads, with each record's
# offset in the file, are those Python's html.parser and urljoin find
# (tests/warc/links.py made links.out): chunked and gzip-encoded
# payloads, WARC-Target-URI in <>, a record split over gzip members.
. "${srcdir:-.}/tests/init.sh"
# gzip members and Content-Encoding need zlib (warc-http.sh checks what
# a build without it says)
printf 'http://x.example/\n' | gzip | ug >/dev/null 2>&1 || exit 77
command -v jq >/dev/null || exit 77
w=$srcdir/tests/warc
top=$(cd "$srcdir" && pwd) || exit 99
for f in cc.warc.gz example-iana.org-chunked.warc example.warc \
    example.warc.gz example-resource.warc.gz \
    example-wget-bad-target-uri.warc.gz example-wrong-chunks.warc.gz; do
    (cd "$w" && ug --json "$f") >"$tmp/json" || fail "$f: exit $?"
    jq -r 'select(.delimiter == "attribute" or .delimiter == "field") |
        "\(.file) \(.warc_offset) \(.uri)"' "$tmp/json" >>"$tmp/got" ||
        fail "$f: jq"
done
diff "$w/links.out" "$tmp/got" || fail "links differ from Python's"
# when python3 is there, links.out is what it still computes
if command -v python3 >/dev/null; then
    (cd "$w" && python3 "$top/tests/warc/links.py" cc.warc.gz \
        example-iana.org-chunked.warc example.warc example.warc.gz \
        example-resource.warc.gz example-wget-bad-target-uri.warc.gz \
        example-wrong-chunks.warc.gz) >"$tmp/py" || fail "warc-links.py"
    diff "$w/links.out" "$tmp/py" || fail "links.out is stale"
fi
# the record's fields, as its header has them
(cd "$w" && ug --json -m1 example-resource.warc.gz) >"$tmp/one" || fail "one"
jq -e 'select(.warc_record_id == "<urn:uuid:6e7f60da-2c7b-11e7-aaf7-0242ac120007>"
    and .target_uri == "http://example.com/" and .warc_date ==
    "2017-04-29T01:30:30Z" and .warc_offset == 802 and .base_source ==
    "target-uri" and .content_type == "text/html" and .charset == "utf-8")' \
    "$tmp/one" >/dev/null || fail "record fields: $(cat "$tmp/one")"
# recognised by content, whatever the name; the same bytes through a pipe
cp "$w/example-iana.org-chunked.warc" "$tmp/x.dat" || exit 99
ug "$tmp/x.dat" >"$tmp/a" && ug <"$tmp/x.dat" >"$tmp/b" || fail "by content"
[ "$(wc -l <"$tmp/a")" -ge 42 ] && cmp -s "$tmp/a" "$tmp/b" || fail "pipe"
# damage in a real file: its Content-Length runs past the record; the
# good records' links stay, and the exit status is 2
(cd "$w" && ug example-trunc.warc) >"$tmp/t" 2>"$tmp/err"
[ $? -eq 2 ] || fail "trunc: exit not 2"
grep -q 'example-trunc.warc: offset 2560: garbage after the record' \
    "$tmp/err" || fail "trunc: $(cat "$tmp/err")"
[ "$(cat "$tmp/t")" = "http://www.iana.org/domains/example" ] ||
    fail "trunc: $(cat "$tmp/t")"
exit 0
