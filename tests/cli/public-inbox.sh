# A public-inbox archive (a v2 inbox of two epochs, one epoch alone, bare
# or with a work tree, a v1 repository) is read message by message in
# commit order, the removed ones skipped: the same URIs, in the same
# order, with the same Message-IDs as its messages taken out with plain
# git into an mbox and read with --type=mbox; -H shows each one's commit.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox
in=$tmp/inbox
pi_inbox "$in"
ep="$in/git/0.git $in/git/1.git"

# what plain git finds, read as an mbox
# shellcheck disable=SC2086 # EP is two names
pi_mbox v2 "" $ep >"$tmp/all.mbox"
grep -c '^From mboxrd' "$tmp/all.mbox" | grep -qx 6 || fail "6 messages"
ug --json --type=mbox "$tmp/all.mbox" |
    jq -r '[.message_id, .uri] | @tsv' >"$tmp/want.tsv"
[ -s "$tmp/want.tsv" ] || fail "no URI in the mbox"
grep -q 38c6b2f0 "$tmp/want.tsv" && fail "08 was removed"
grep -q 2d53d3d8 "$tmp/want.tsv" || fail "05 came again"
for how in "$in" "--type=public-inbox $in"; do
    # shellcheck disable=SC2086 # HOW is two words
    ug --json $how | jq -r '[.message_id, .uri] | @tsv' >"$tmp/got.tsv"
    diff -u "$tmp/want.tsv" "$tmp/got.tsv" || fail "urigrep $how"
done
# the plain lines: the archive's name, the commit, the URI
# shellcheck disable=SC2086
pi_expect v2 "" $ep | sed "s|^|$in:|" >"$tmp/want.H"
expect 0 "$tmp/want.H" -H "$in"
# --json's commit and epoch name the message's commit
ug --json "$in" | jq -r '"\(.epoch) \(.commit) \(.message_id)"' | sort -u |
    while read -r ep c mid; do
        git --git-dir="$in/git/$ep.git" cat-file blob "$c:m" |
            grep -qiF "Message-ID: $mid" || fail "$mid is not in $ep:$c"
    done || exit 1
# -n: lines inside the message; -c counts the archive as one file
ug -n --type=mail "$m/01.eml" | sed 's/^/X:/' >"$tmp/n1"
ug -Hn "$in" | head -n 2 | sed 's/^[^:]*:[0-9a-f]*:/X:/' >"$tmp/n2"
diff -u "$tmp/n1" "$tmp/n2" || fail "-n counts inside the message"
expect_text 0 "$in:$(wc -l <"$tmp/want.tsv")" -cH "$in"
expect_text 0 "$in" -l "$in"

# one epoch alone: bare, or a clone with a work tree
pi_expect v2 "" "$in/git/1.git" | sed "s|^|$in/git/1.git:|" >"$tmp/want1"
expect 0 "$tmp/want1" -H "$in/git/1.git"
ug --json "$in/git/1.git" | jq -r .epoch | sort -u | grep -qx 1 ||
    fail "epoch 1"
git clone -q "$in/git/1.git" "$tmp/wt" || fail "git clone"
pi_expect v2 "" "$in/git/1.git" | sed "s|^|$tmp/wt:|" >"$tmp/want2"
expect 0 "$tmp/want2" -H "$tmp/wt"
ug --json "$tmp/wt" | jq -r .epoch | sort -u | grep -qx null ||
    fail "a clone's epoch is not known"

# v1: the blob each commit adds; a removal is no message
v1=$tmp/v1.git
pi_epoch "$v1"
for f in 01 03 06 07; do pi_v1_add "$v1" "$m/$f.eml"; done
pi_v1_delete "$v1" "$m/03.eml"
pi_v1_add "$v1" "$m/08.eml"
pi_mbox v1 "" "$v1" >"$tmp/v1.mbox"
ug --json --type=mbox "$tmp/v1.mbox" |
    jq -r '[.message_id, .uri] | @tsv' >"$tmp/want.tsv"
ug --json "$v1" | jq -r '[.message_id, .uri] | @tsv' >"$tmp/got.tsv"
diff -u "$tmp/want.tsv" "$tmp/got.tsv" || fail "v1"
pi_expect v1 "" "$v1" | sed "s|^|$v1:|" >"$tmp/want.H"
expect 0 "$tmp/want.H" -H "$v1"

# a git repository that is no archive is a directory as before
pi_git init -q "$tmp/src" && printf 'see http://x.example/\n' \
    >"$tmp/src/README" && pi_git -C "$tmp/src" add README &&
    pi_git -C "$tmp/src" commit -qm readme || fail "git commit"
expect_text 2 "" "$tmp/src"
grep -q "Is a directory" "$tmp/err" || fail "$(cat "$tmp/err")"
expect_text 0 "http://x.example/" -rh --exclude-dir=.git "$tmp/src"
# --type=public-inbox on what is no repository
expect_text 2 "" --type=public-inbox "$m"
grep -q "^urigrep: $m: " "$tmp/err" || fail "$(cat "$tmp/err")"
exit 0
