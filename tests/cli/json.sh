# --json writes one JSON object per reference with position, delimiter,
# validity (with reason and offset) and components, null when undefined.
. "${srcdir:-.}/tests/init.sh"
expect 0 "$fixtures/json.out" --json - <"$fixtures/json.txt"
# resolved: "ref" as found, "uri" absolute
printf '<URL:../x>\n' >"$tmp/rel.txt"
ug --json --base=http://www.ics.uci.edu/Test/a/b/c "$tmp/rel.txt" >"$tmp/out"
grep -q '"ref":"../x","uri":"http://www.ics.uci.edu/Test/a/x","delimiter":"angle-url","valid":true,"kind":"relative"' "$tmp/out" ||
    fail "resolved JSON: $(cat "$tmp/out")"
