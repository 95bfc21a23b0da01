# Wrapped links from public mailing lists (Safe Links, URL Defense v2 and
# v3): --unwrap prints their targets, checked by hand; --json gives
# wrapper and target, checked again by tests/unwrap-ref.py, a decoder
# written apart from ours from the vendors' descriptions; links cut by a
# line break have no target, and --verbose says so (issue 22).
. "${srcdir:-.}/tests/init.sh"
f=$fixtures/unwrap-lists.txt
expect 0 "$fixtures/unwrap-lists.out" --unwrap "$f"
# without --unwrap the links are printed as written
ug "$f" >"$tmp/plain" || fail "plain run"
[ "$(grep -c 'urldefense\|safelinks' "$tmp/plain")" = 10 ] ||
    fail "wrapped links not printed as written"
# --json: every link has a wrapper, ten of them, seven with a target
ug --json "$f" >"$tmp/json" || fail "--json exit status"
[ "$(grep -c '"wrapper":' "$tmp/json")" = 10 ] || fail "wrapper missing"
[ "$(grep -c '"target":null' "$tmp/json")" = 3 ] || fail "cut links"
grep -q '"uri":"https://urldefense.com/v3/__https://djwong.org' "$tmp/json" ||
    fail "--json's uri is not the link as written"
if command -v python3 >/dev/null; then
    python3 "$srcdir/tests/unwrap-ref.py" <"$tmp/json" >"$tmp/ref" ||
        { cat "$tmp/ref" >&2; fail "targets differ from unwrap-ref.py"; }
    [ "$(grep -c '^OK ' "$tmp/ref")" = 7 ] || fail "unwrap-ref.py checked too few"
fi
# --unwrap --json: uri is the target, ref the link
ug --unwrap --json "$f" | grep -q \
    '"ref":"https://urldefense.proofpoint.com/v2/url?u=https-3A__lwn.net_Articles_787740_&d=[^"]*","uri":"https://lwn.net/Articles/787740/"' ||
    fail "--unwrap --json"
# --verbose: why the cut ones have no target; still exit 0
ug --json --verbose "$f" >/dev/null 2>"$tmp/err" || fail "--verbose status"
[ "$(grep -c 'wrapped link not decoded (link cut after its target)' \
    "$tmp/err")" = 2 ] || { cat "$tmp/err" >&2; fail "notices of cut links"; }
grep -q "unwrap-lists.txt:37: 'https://urldefense.com/v3/__https://lwn.net/Articles/935934/__': wrapped link not decoded (truncated or malformed v3 tail)" \
    "$tmp/err" || { cat "$tmp/err" >&2; fail "notice of the cut v3 link"; }
# without --verbose, nothing on standard error
ug --unwrap "$f" >/dev/null 2>"$tmp/err2"
[ ! -s "$tmp/err2" ] || fail "notices without --verbose"
