# A message blob over the size read whole (URIGREP_PINBOX_BLOB_LIMIT,
# here 8000 bytes) is streamed when it is a loose object, its URIs the
# same; a packed one (libgit2 cannot stream it) is said with its commit
# and skipped, exit 2, the others read (it was inflated whole whatever
# its size).  The 200 MB one: tests/cli/public-inbox-huge-message.sh.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox
e=$tmp/0.git
pi_epoch "$e"
for f in 01 06 03 07; do
    pi_add "$e" "$m/$f.eml"
    eval "c$f=\$(git --git-dir=\"\$e\" rev-parse HEAD)"
done
[ "$(wc -c <"$m/01.eml")" -gt 8000 ] && [ "$(wc -c <"$m/03.eml")" -gt 8000 ] &&
    [ "$(wc -c <"$m/06.eml")" -lt 8000 ] || fail "the fixtures' sizes"
URIGREP_PINBOX_BLOB_LIMIT=8000
export URIGREP_PINBOX_BLOB_LIMIT
pi_expect v2 "" "$e" >"$tmp/all"
[ -s "$tmp/all" ] || fail "no URIs"
# loose: streamed, in any piece size, with -j 1 and 2
for j in 1 2; do
    for b in 4096 65536 1048576; do
        ug -H -j $j --buffer-size=$b "$e" | sed "s|^$e:||" >"$tmp/out"
        cmp -s "$tmp/all" "$tmp/out" || fail "-j $j --buffer-size=$b"
    done
done
sed "s|^|$e:|" "$tmp/all" >"$tmp/allh"
expect 0 "$tmp/allh" -H "$e"
expect_text 0 "$e" -l "$e"
[ -s "$tmp/err" ] && fail "-l: $(cat "$tmp/err")"
expect_text 0 "$(wc -l <"$tmp/all" | tr -d ' ')" -c "$e"
# packed: the two over the limit said and skipped
pi_git --git-dir="$e" repack -adq || fail "git repack"
[ -z "$(find "$e/objects" -type f -path "$e/objects/[0-9a-f][0-9a-f]/*")" ] ||
    fail "loose objects left"
{ ug --type=mail "$m/06.eml"; ug --type=mail "$m/07.eml"; } >"$tmp/want"
for j in 1 2; do
    expect 2 "$tmp/want" -j $j "$e"
    for c in "$c01" "$c03"; do
        grep -q "^urigrep: $e: commit $c: its message, [0-9]* bytes, is over the 8000 read whole" \
            "$tmp/err" || fail "-j $j: $(cat "$tmp/err")"
    done
    [ "$(wc -l <"$tmp/err")" = 2 ] || fail "-j $j: $(cat "$tmp/err")"
done
# the default limit reads them whole
unset URIGREP_PINBOX_BLOB_LIMIT
pi_expect v2 "" "$e" | sed 's/^[0-9a-f]*://' >"$tmp/all"
expect 0 "$tmp/all" "$e"
exit 0
