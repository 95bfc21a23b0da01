# Incremental reading of a public-inbox archive: --since-commit reads the
# commits after one (per epoch: the epochs before its own are skipped),
# --state reads what came after the last run and moves on only after a
# run without trouble; a commit not in the history is trouble.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
in=$tmp/inbox
pi_inbox "$in"
e0=$in/git/0.git
e1=$in/git/1.git
c2=$(git --git-dir="$e0" rev-parse HEAD~3)   # 02's commit
pi_expect v2 "$c2" "$e0" >"$tmp/w0"
pi_expect v2 "" "$e1" >"$tmp/w1"
# 02 is removed in epoch 1: pi_expect of epoch 0 alone still has it
grep -q "$(git --git-dir="$e0" rev-parse --short=12 "$c2")" "$tmp/w0" &&
    fail "the start is read"
cat "$tmp/w0" "$tmp/w1" | sed "s|^|$in:|" >"$tmp/want"
expect 0 "$tmp/want" -H --since-commit="$c2" "$in"
# abbreviated, as git prints it
expect 0 "$tmp/want" -H --since-commit="$(git --git-dir="$e0" rev-parse \
    --short=7 "$c2")" "$in"
# a commit of epoch 1: epoch 0 is not read
c6=$(git --git-dir="$e1" rev-list --reverse HEAD | head -n 1)
pi_expect v2 "$c6" "$e1" | sed "s|^|$in:|" >"$tmp/want"
expect 0 "$tmp/want" -H --since-commit="$c6" "$in"
# one per epoch
{ pi_expect v2 "$c2" "$e0"; pi_expect v2 "$c6" "$e1"; } |
    sed "s|^|$in:|" >"$tmp/want"
expect 0 "$tmp/want" -H --since-commit="$c2" --since-commit="$c6" "$in"
# the head: nothing new
expect_text 1 "" --since-commit="$(git --git-dir="$e1" rev-parse HEAD)" \
    "$e1"
# no such commit; not a commit id
expect_text 2 "" --since-commit=0123456789abcdef "$in"
grep -q "^urigrep: $in: --since-commit: no such commit" "$tmp/err" ||
    fail "$(cat "$tmp/err")"
expect_text 2 "" --since-commit=xyz "$in"
expect_text 2 "" --since-commit=abc "$in"
expect_text 2 "" --since-commit="$c2" --state="$tmp/s" "$in"

# --state: everything, then nothing, then what is new
st=$tmp/state
ug -H "$in" >"$tmp/all" || fail "a first run"
expect 0 "$tmp/all" -H --state="$st" "$in"
[ "$(wc -l <"$st")" = 2 ] || fail "two epochs in the state: $(cat "$st")"
grep -qx "$(git --git-dir="$e1" rev-parse HEAD) $(cd "$e1" && pwd -P)" \
    "$st" || fail "epoch 1's head: $(cat "$st")"
expect_text 1 "" -H --state="$st" "$in"
pi_add "$e1" "$fixtures/public-inbox/03.eml"
pi_expect v2 "HEAD~1" "$e1" | sed "s|^|$in:|" >"$tmp/want"
[ -s "$tmp/want" ] || fail "03 has URIs"
cp "$st" "$tmp/before"
expect 0 "$tmp/want" -H --state="$st" "$in"
cmp -s "$st" "$tmp/before" && fail "the state did not move"
expect_text 1 "" -H --state="$st" "$in"
# a new epoch is read whole
pi_epoch "$in/git/2.git"
pi_add "$in/git/2.git" "$fixtures/public-inbox/06.eml"
pi_expect v2 "" "$in/git/2.git" | sed "s|^|$in:|" >"$tmp/want"
expect 0 "$tmp/want" -H --state="$st" "$in"
[ "$(wc -l <"$st")" = 3 ] || fail "three epochs in the state"
# trouble: the state stays; another archive's lines are kept
pi_add "$e1" "$fixtures/public-inbox/04.eml"
cp "$st" "$tmp/before"
ug -H --state="$st" "$in" "$tmp/no-such-archive" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "no such archive: exit status"
grep -q "no-such-archive" "$tmp/err" || fail "$(cat "$tmp/err")"
cmp "$st" "$tmp/before" || fail "the state moved after trouble"
ug -H --state="$st" "$in" >/dev/null || fail "the new message again"
ug -H --state="$st" "$e0" >/dev/null
[ "$(wc -l <"$st")" = 3 ] || fail "lines lost: $(cat "$st")"
# a rewritten history: the state's commit is not in it
git --git-dir="$e1" update-ref HEAD HEAD~2 || fail "git update-ref"
pi_add "$e1" "$fixtures/public-inbox/07.eml"
cp "$st" "$tmp/before"
expect_text 2 "" --state="$st" "$in"
grep -q "is not in its history" "$tmp/err" || fail "$(cat "$tmp/err")"
cmp "$st" "$tmp/before" || fail "the state moved after trouble"
# not a state file
echo "not a state" >"$tmp/bad"
expect_text 2 "" --state="$tmp/bad" "$in"
grep -q "not a state line" "$tmp/err" || fail "$(cat "$tmp/err")"
exit 0
