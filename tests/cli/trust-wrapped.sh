# A wrapped link is as lookalike as its target: Safe Links around
# "http://paypal.com@evil.example/login" (a userinfo that reads as a host)
# is flagged like the bare link; Safe Links around example.org is not
# (issue 22: "lookalike: true for hosts that a person may misread").
. "${srcdir:-.}/tests/init.sh"
command -v jq >/dev/null || { echo "SKIP: jq is not installed"; exit 77; }
f=$fixtures/trust-wrapped.html
ug --json "$f" >"$tmp/json" || fail "--json"
got=$(jq -r '[.target // "-", (.lookalike // "-" | tostring)] | join(" ")' \
    "$tmp/json")
want='http://paypal.com@evil.example/login true
- true
https://example.org/ -'
[ "$got" = "$want" ] || { printf '%s\n' "$got" >&2; fail "lookalike of targets"; }
# --unwrap prints the target; its record says the same
ug --json --unwrap "$f" >"$tmp/json2" || fail "--json --unwrap"
[ "$(jq -r 'select(.lookalike == true) | .uri' "$tmp/json2" | sort -u)" = \
    "http://paypal.com@evil.example/login" ] || fail "--unwrap lookalike"
exit 0
