# What phishing mail writes before the real host (issue 37 item 5): an
# empty userinfo, "http://@evil.example/" (RFC 2396's userinfo may be
# empty; browsers open evil.example), and a userinfo holding a bidi
# control (U+202E RLO, U+2067 RLI: the text before the host shown in
# another order) are reported in running text, <...> and "..." alike,
# flagged "lookalike" in --json, and printed with the control escaped
# (-o, -n, --verbose, --format). A mail address is still no URI, and a
# bidi control in a host or path still ends a bare URI where it stands.
. "${srcdir:-.}/tests/init.sh"
command -v jq >/dev/null || { echo "SKIP: jq is not installed"; exit 77; }
rlo=$(printf '\342\200\256')
rli=$(printf '\342\201\247')
{
    echo "Click http://@evil.example/login now."
    echo "Or <http://@evil.example/a> or \"http://@evil.example/b\"."
    echo "Mail joe@example.com or see https://@evil.example:8443/c"
    echo "Then http://${rlo}moc.lapyap@evil.example/d and"
    echo "<http://x${rli}y:pw@evil.example/e> \"http://${rlo}u@evil.example/f\""
    echo "Not http://host.example/p${rlo}q nor ftp://ok@ftp.example.org/"
} >"$tmp/mail.txt"
ug --json "$tmp/mail.txt" >"$tmp/json" || fail "--json"
no_raw "$tmp/json"
got=$(jq -r '[.uri, .delimiter, (.userinfo | tostring),
              (.lookalike // false | tostring)] | join(" ")' "$tmp/json")
cat >"$tmp/want" <<'WANT'
http://@evil.example/login bare  true
http://@evil.example/a angle  true
http://@evil.example/b quote  true
https://@evil.example:8443/c bare  true
http://%E2%80%AEmoc.lapyap@evil.example/d bare %E2%80%AEmoc.lapyap true
http://x%E2%81%A7y:pw@evil.example/e angle x%E2%81%A7y:pw true
http://%E2%80%AEu@evil.example/f quote %E2%80%AEu true
http://host.example/p bare null false
ftp://ok@ftp.example.org/ bare ok false
WANT
[ "$got" = "$(cat "$tmp/want")" ] ||
    { printf '%s\n' "$got" >&2; fail "references and their flags"; }
# "ref" keeps the control as written, JSON-escaped
[ "$(jq -r 'select(.line == 4) | .ref' "$tmp/json")" = \
    "http://${rlo}moc.lapyap@evil.example/d" ] || fail "ref as written"
grep -q '"ref":"http://\\u202emoc' "$tmp/json" || fail "ref escaped"
# plain output: the controls escaped, on every path to the terminal
for opt in -o -n --no-resolve "--format={user} {host}" --verbose; do
    ug "$opt" "$tmp/mail.txt" >"$tmp/out" 2>"$tmp/err" || fail "$opt"
    no_raw "$tmp/out"
    no_raw "$tmp/err"
done
ug -o "$tmp/mail.txt" >"$tmp/out" || fail "-o"
grep -qx 'http://%E2%80%AEmoc.lapyap@evil.example/d' "$tmp/out" ||
    fail "-o prints the control percent-encoded"
# "joe@example.com" is no URI, in any of them
grep -q 'joe' "$tmp/out" "$tmp/json" && fail "a mail address became a URI"
exit 0
