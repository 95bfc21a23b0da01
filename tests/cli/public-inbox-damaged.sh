# A damaged public-inbox archive (a missing blob, a corrupt object, a
# missing parent) is reported with the repository and the commit, the
# other messages are read, the exit status is 2; no crash.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox
e=$tmp/0.git
pi_epoch "$e"
pi_add "$e" "$m/01.eml"
# a commit whose "m" is not there
t=$(printf '100644 blob %s\tm\n' 0123456789012345678901234567890123456789 |
    pi_git --git-dir="$e" mktree --missing) || fail "git mktree"
pi_commit "$e" "$t" "missing"
bad=$(git --git-dir="$e" rev-parse HEAD)
pi_add "$e" "$m/06.eml"
# a message whose blob is corrupt (its loose object overwritten)
pi_add "$e" "$m/07.eml"
b7=$(git --git-dir="$e" rev-parse HEAD:m)
c7=$(git --git-dir="$e" rev-parse HEAD)
f7=$e/objects/$(echo "$b7" | cut -c1-2)/$(echo "$b7" | cut -c3-)
chmod u+w "$f7" && printf 'garbage, not zlib' >"$f7" || fail "overwrite"
pi_add "$e" "$m/08.eml"
{ ug --type=mail "$m/01.eml"; ug --type=mail "$m/06.eml"
  ug --type=mail "$m/08.eml"; } >"$tmp/want"
# (with their blobs kept by pass 1, and walked again)
for keep in 100 0; do
    for j in 1 2; do
        URIGREP_PINBOX_KEEP=$keep URIGREP_PINBOX_RUN=2 \
            expect 2 "$tmp/want" -j $j "$e"
        grep -q "^urigrep: $e: commit $bad: " "$tmp/err" ||
            fail "-j $j: $(cat "$tmp/err")"
        grep -q "^urigrep: $e: commit $c7: " "$tmp/err" ||
            fail "-j $j: $(cat "$tmp/err")"
    done
done
# a history cut short: the first commit's object is gone
git --git-dir="$e" rev-list --reverse HEAD | head -n 1 >"$tmp/root"
root=$(cat "$tmp/root")
rm -f "$e/objects/$(cut -c1-2 "$tmp/root")/$(cut -c3- "$tmp/root")"
{ ug --type=mail "$m/06.eml"; ug --type=mail "$m/08.eml"; } >"$tmp/want"
expect 2 "$tmp/want" "$e"
grep -q "^urigrep: $e: commit $root: " "$tmp/err" || fail "$(cat "$tmp/err")"
# no HEAD at all, or not a repository
rm -f "$e/HEAD"
expect_text 2 "" --type=public-inbox "$e"
grep -q "^urigrep: $e: " "$tmp/err" || fail "$(cat "$tmp/err")"
exit 0
