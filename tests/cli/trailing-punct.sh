# Trailing punctuation is stripped evenly (issue 25, from an independent
# extractor suite): an opening bracket at a URI's end opens nothing of it
# and goes, as a ')' that closes nothing does; a quote that closes a pair
# opened inside the URI stays, one that closes the text's quote goes;
# "file://..." names no host (an ellipsis stands for one left out).
. "${srcdir:-.}/tests/init.sh"
while IFS='|' read -r text want; do
    printf '%s\n' "$text" >"$tmp/in.txt"
    for b in 1 3 100; do
        expect_text "$([ -n "$want" ] && echo 0 || echo 1)" "$want" \
            --buffer-size=$b "$tmp/in.txt"
    done
done <<'EOF2'
see http://example.org/(|http://example.org/
see http://example.org/(.|http://example.org/
see http://example.org/).|http://example.org/
see http://example.org/[|http://example.org/
see http://example.org/(a) too|http://example.org/(a)
see http://example.org/a'b' too|http://example.org/a'b'
see http://example.org/a'b'.|http://example.org/a'b'
see 'http://example.org/a' too|http://example.org/a
see 'http://example.org/it's'|http://example.org/it's
see http://example.org/a''|http://example.org/a
"file://...",|
"file://.../x",|
file://.../x|
"file:///etc/motd",|file:///etc/motd
EOF2
