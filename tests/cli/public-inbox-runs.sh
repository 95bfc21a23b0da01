# --list-runs=N prints a public-inbox archive's runs of N commits (what
# -j hands its workers, and what urigrep.dask hands its tasks), with the
# messages its commits remove; --read-runs=FILE reads the runs FILE
# lists. Reading all the runs, or each run alone (with the removals)
# one after the other, gives what reading the archive gives, byte for
# byte, numbers included: for a v2 inbox of two epochs, one of them
# alone, and a v1 repository. A list that is not one is said, exit 2.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox
in=$tmp/inbox
pi_inbox "$in"
v1=$tmp/v1.git
pi_epoch "$v1"
for f in 01 02 03 04; do
    pi_v1_add "$v1" "$m/$f.eml"
done
pi_v1_delete "$v1" "$m/02.eml"
pi_v1_add "$v1" "$m/05.eml"

# the inbox's list: its removals (05 in epoch 0 at commit 6, 08 at 10,
# 02 at 12) and its runs, oldest first, numbered over both epochs
ug --list-runs=2 "$in" >"$tmp/list" || fail "--list-runs"
head -n 1 "$tmp/list" | grep -qx 'urigrep-runs 1' || fail "header"
[ "$(grep -c '^removed ' "$tmp/list")" = 3 ] || fail "3 removals"
b02=$(git --git-dir="$in/git/0.git" hash-object "$m/02.eml")
grep -qx "removed $b02 12" "$tmp/list" || fail "02 removed at 12"
grep '^run ' "$tmp/list" | cut -d' ' -f2,3,5,6 >"$tmp/runs"
printf '%s\n' "0 v2 2 0" "0 v2 2 2" "0 v2 2 4" "1 v2 2 6" "1 v2 2 8" \
    "1 v2 2 10" | diff -u - "$tmp/runs" || fail "runs of 2"
# BYTES: the messages of a run (v2), here 01 and 02
b=$(cat "$m/01.eml" "$m/02.eml" | wc -c | tr -d ' ')
grep '^run ' "$tmp/list" | head -n 1 | cut -d" " -f8 | grep -qx "$b" ||
    fail "bytes of the first run"

for a in "$in" "$in/git/1.git" "$v1"; do
    ug --json -n "$a" >"$tmp/want" || fail "$a"
    for n in 1 2 100; do
        ug --list-runs=$n "$a" >"$tmp/list" || fail "--list-runs=$n $a"
        for j in 1 2; do
            ug --json -n -j $j --read-runs="$tmp/list" "$a" >"$tmp/got" ||
                fail "--read-runs -j $j"
            cmp "$tmp/want" "$tmp/got" || fail "$a: runs of $n, -j $j"
        done
        # each run alone, with the list's header and removals
        : >"$tmp/got"
        grep '^run ' "$tmp/list" >"$tmp/runlines"
        while read -r line; do
            { grep -v '^run ' "$tmp/list"; echo "$line"; } |
                ug --json -n --read-runs=- "$a" >>"$tmp/got"
        done <"$tmp/runlines"
        cmp "$tmp/want" "$tmp/got" || fail "$a: runs of $n read alone"
    done
done
# the removals are what skips a removed message: without them, the
# first 05 (message 5) and 08 (9) are read
ug --list-runs=100 "$in" | grep -v '^removed ' >"$tmp/noremoved"
ug --json --read-runs="$tmp/noremoved" "$in" >"$tmp/got"
grep -q '"message":5,' "$tmp/got" || fail "05 read without the removals"
grep -q '"message":9,' "$tmp/got" || fail "08 read without the removals"
ug --json "$in" | grep -q '"message":[59],' && fail "05 or 08 read"

# not a list: said with the line, nothing read, exit 2
printf 'urigrep-runs 1\nrun 7 v2 %s 2 0 %s 0\n' \
    "$(git --git-dir="$in/git/0.git" rev-parse HEAD)" \
    "$(git --git-dir="$in/git/0.git" rev-parse HEAD)" >"$tmp/bad"
expect_text 2 "" --read-runs="$tmp/bad" "$in"
grep -q "^urigrep: --read-runs: $tmp/bad:2: " "$tmp/err" ||
    fail "epoch 7: $(cat "$tmp/err")"
printf 'not a list\n' | ug --read-runs=- "$in" >"$tmp/out" 2>"$tmp/err" &&
    fail "garbage read"
grep -q "^urigrep: --read-runs: -:1: " "$tmp/err" || fail "$(cat "$tmp/err")"
expect_text 2 "" --read-runs="$tmp/missing" "$in"
grep -q "^urigrep: $tmp/missing: " "$tmp/err" || fail "$(cat "$tmp/err")"
# a file that is no archive; options that do not go together
expect_text 2 "" --list-runs=2 "$m/01.eml"
grep -q "not a public-inbox archive" "$tmp/err" || fail "$(cat "$tmp/err")"
expect_text 2 "" --list-runs=0 "$in"
expect_text 2 "" --read-runs="$tmp/bad" --state="$tmp/state" "$in"
expect_text 2 "" --list-runs=2 --state="$tmp/state" "$in"
[ -e "$tmp/state" ] && fail "a state written"
exit 0
