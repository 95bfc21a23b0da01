# Outlook's double Safe Links rewrite glues two links into one run:
# "...%7Cx%https://nam06.safelinks..." (issue 36 item 6). A '%' that
# starts no escape, followed by a registered scheme and "://", ends the
# first URI and starts the second: both are reported, bare and in <...>
# (Outlook's text/plain), each with its own column, and --unwrap gives
# both targets. "%68ttps://" is an escape ('h') and splits nothing; nor
# does an unregistered scheme ("%foo://").
. "${srcdir:-.}/tests/init.sh"
command -v jq >/dev/null || { echo "SKIP: jq is not installed"; exit 77; }
sl=https://nam06.safelinks.protection.outlook.com
a="$sl/?url=https%3A%2F%2Fa.example%2F&data=05%7C01%7Cuser%40x.example%7Cx"
b="$sl/?url=https%3A%2F%2Fb.example%2Fp&data=05%7C01%7C0&reserved=0"
{
    echo "Subject: glued"
    echo
    echo "See $a%$b now."
    echo "Text<$a%$b>"
    echo "Not http://c.example/%68ttps://d.example/ nor http://e.example/x%foo://f.example/"
} >"$tmp/msg.eml"
ug --json "$tmp/msg.eml" >"$tmp/json" || fail "--json"
got=$(jq -r '[.line, .column, .delimiter, .uri] | join(" ")' "$tmp/json")
cat >"$tmp/want" <<WANT
3 5 bare $a
3 $((5 + ${#a} + 1)) bare $b
4 6 angle $a
4 $((6 + ${#a} + 1)) angle $b
5 5 bare http://c.example/%68ttps://d.example/
5 47 bare http://e.example/x%foo://f.example/
WANT
[ "$got" = "$(cat "$tmp/want")" ] ||
    { printf '%s\n' "$got" | diff "$tmp/want" - >&2; fail "two URIs, columns"; }
ug --unwrap "$tmp/msg.eml" >"$tmp/out" || fail "--unwrap"
printf '%s\n' https://a.example/ https://b.example/p https://a.example/ \
    https://b.example/p http://c.example/%68ttps://d.example/ \
    http://e.example/x%foo://f.example/ >"$tmp/want2"
cmp -s "$tmp/out" "$tmp/want2" ||
    { diff "$tmp/want2" "$tmp/out" >&2; fail "--unwrap targets"; }
exit 0
