# Wrappers nested in each other are decoded up to 8 deep (the man page's
# "Wrapped links"); a link wrapped 9 deep gives as its target the link 8
# levels in, itself still a wrapper, and --verbose says that unwrapping
# stopped there (issue 37 item 9: it must not stop without a word). Not
# damage: exit 0, and nothing is said without --verbose.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
layer='https://www.google.com/url?q='
# wrap N: example.com's page wrapped N times
wrap() {
    _w=https://example.com/page
    _i=0
    while [ $_i -lt "$1" ]; do
        _w=$layer$_w
        _i=$((_i + 1))
    done
    printf 'see %s here\n' "$_w"
}
wrap 8 >eight.txt
wrap 9 >nine.txt
ug --unwrap --verbose eight.txt >out 2>err || fail "8 deep: exit $?"
[ "$(cat out)" = https://example.com/page ] || fail "8 deep: $(cat out)"
[ ! -s err ] || fail "8 deep: $(cat err)"
ug --unwrap --verbose nine.txt >out 2>err || fail "9 deep: exit $?"
[ "$(cat out)" = "${layer}https://example.com/page" ] || fail "9 deep: $(cat out)"
[ "$(wc -l <err)" = 1 ] && grep -q "^urigrep: nine.txt:1: '$layer.*': wrapped link not decoded (wrapped more than 8 deep)$" err ||
    fail "9 deep, --verbose: $(cat err)"
ug --json nine.txt >out 2>err || fail "9 deep, --json: exit $?"
grep -q "\"wrapper\":\"google\",\"target\":\"${layer}https://example.com/page\"}$" out ||
    fail "9 deep, --json: $(cat out)"
[ ! -s err ] || fail "9 deep, no --verbose: $(cat err)"
exit 0
