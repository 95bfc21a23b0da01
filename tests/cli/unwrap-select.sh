# --unwrap prints the target of each kind of wrapper (Facebook, Slack,
# Barracuda, Trend Micro, Sophos, Cisco, Google, Safe Links around URL
# Defense; Mimecast has none) and selects on it: -e, --scheme and -u see
# the target; malformed wrappers are printed as written, said with
# --verbose, and change no exit status (issue 22).
. "${srcdir:-.}/tests/init.sh"
f=$fixtures/unwrap-mixed.txt
expect 0 "$fixtures/unwrap-mixed.out" --unwrap "$f"
# -e matches the target, not the wrapper's host
expect_text 0 "https://docs.microsoft.com/en-us/visualstudio/install/repair-visual-studio?view=vs-2019
https://www.microsoft.com/licensing/servicecenter/default.aspx" \
    --unwrap -e '^https://[^/]*microsoft\.com/' "$f"
expect_text 1 "" -e '^https://[^/]*microsoft\.com/' "$f"
# --scheme looks at the target's scheme
expect_text 0 "ftp://ftp.example.org/pub/" --unwrap --scheme=ftp "$f"
expect_text 1 "" --scheme=ftp "$f"
# -u: Slack's and Google's links to one page are one URI
[ "$(ug --unwrap -u "$f" | grep -c '^https://www.npmjs.com/package/dotenv$')" = 1 ] ||
    fail "-u --unwrap"
[ "$(ug -u "$f" | grep -c 'npmjs')" = 2 ] || fail "-u without --unwrap"
# --json: Mimecast is a wrapper with no target; the malformed ones too
ug --json "$f" >"$tmp/json" || fail "--json"
grep -q '"uri":"https://protect-us.mimecast.com/s/AbCdEfGhIjKlMn?domain=example.com".*"wrapper":"mimecast","target":null}$' \
    "$tmp/json" || fail "mimecast"
grep -q '"wrapper":"safelinks","target":"https://example.com/x#y"}$' \
    "$tmp/json" || fail "Safe Links around URL Defense"
[ "$(grep -c '"target":null}$' "$tmp/json")" = 4 ] || fail "targets of null"
grep -q '"uri":"https://www.example.net/news?utm_source' "$tmp/json" ||
    fail "a link that is not wrapped"
grep 'example.net' "$tmp/json" | grep -q '"wrapper"' &&
    fail "a link that is not wrapped has a wrapper"
# --verbose: one notice for each malformed wrapper, and the status is 0
ug --unwrap --verbose "$f" >"$tmp/out" 2>"$tmp/err" || fail "--verbose status"
diff -u "$fixtures/unwrap-mixed.out" "$tmp/out" || fail "--verbose output"
for why in 'bad percent-encoding' 'bad base64 encoding' \
    'truncated or malformed v3 tail'; do
    grep -q "wrapped link not decoded ($why)" "$tmp/err" ||
        { cat "$tmp/err" >&2; fail "no notice: $why"; }
done
[ "$(grep -c 'wrapped link' "$tmp/err")" = 3 ] ||
    { cat "$tmp/err" >&2; fail "notices"; }
# -j reads pieces apart and gives the same
ug --unwrap -h -j 2 "$f" "$f" >"$tmp/j" || fail "-j"
cat "$fixtures/unwrap-mixed.out" "$fixtures/unwrap-mixed.out" >"$tmp/jw"
diff -u "$tmp/jw" "$tmp/j" || fail "--unwrap -j differs"
