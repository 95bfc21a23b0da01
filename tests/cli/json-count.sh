# --json with -c prints one JSON object per file, {"file":...,"count":N},
# the name escaped as in --json.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
printf 'http://a.example/ http://b.example/\n' >f.txt
printf 'none\n' >g.txt
expect_text 0 '{"file":"f.txt","count":2}
{"file":"g.txt","count":0}' --json -c f.txt g.txt
expect_text 0 '{"file":"(standard input)","count":2}' --json -c <f.txt
expect_text 0 '{"file":"f.txt","count":1}' --json -c -m 1 f.txt
expect_text 1 '{"file":"g.txt","count":0}' --count --json g.txt
name=$(printf 'q"\033.txt')
cp f.txt "$name"
expect_text 0 '{"file":"q\"\u001b.txt","count":2}' --json -c "$name"
# each line is JSON
if command -v jq >/dev/null; then
    ug --json -c f.txt g.txt | jq -e -s 'map(.count) == [2, 0]' >/dev/null ||
        fail "jq"
fi
