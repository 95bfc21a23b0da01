# A damaged public-inbox epoch says what is wrong, naming the file: a
# pack index cut short, half a pack, a garbage HEAD, a HEAD naming a
# branch that does not exist, a commit whose tree has no "m"; exit 2,
# the other epochs read (not "Is a directory", not silence, not exit 1).
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
m=$fixtures/public-inbox

# inbox NAME: a v2 inbox, epoch 0 with 01 and 06, epoch 1 with 03
inbox() {
    pi_epoch "$tmp/$1/git/0.git"
    pi_add "$tmp/$1/git/0.git" "$m/01.eml"
    pi_add "$tmp/$1/git/0.git" "$m/06.eml"
    pi_epoch "$tmp/$1/git/1.git"
    pi_add "$tmp/$1/git/1.git" "$m/03.eml"
}
ug --type=mail "$m/03.eml" >"$tmp/want1"

# check NAME ERROR: epoch 0 named alone (--type=auto) says ERROR (a
# pattern) and exit 2; the inbox says it too and reads epoch 1
check() {
    expect_text 2 "" "$tmp/$1/git/0.git"
    grep -q "^urigrep: $2" "$tmp/err" || fail "$1: $(cat "$tmp/err")"
    grep -q "Is a directory" "$tmp/err" && fail "$1: $(cat "$tmp/err")"
    for j in 1 2; do
        expect 2 "$tmp/want1" -j $j "$tmp/$1"
        grep -q "^urigrep: $2" "$tmp/err" || fail "$1: $(cat "$tmp/err")"
    done
}

# packs: an index cut in its fan-out or in its ids, a pack cut in half
for cut in head ids pack; do
    inbox $cut
    pi_git --git-dir="$tmp/$cut/git/0.git" repack -adq || fail "repack"
    idx=$(ls "$tmp/$cut/git/0.git/objects/pack/"*.idx)
    pack=${idx%.idx}.pack
    chmod u+w "$idx" "$pack"
    case $cut in
    head) truncate -s 100 "$idx"; f=$idx ;;
    ids) truncate -s $(($(wc -c <"$idx") - 30)) "$idx"; f=$idx ;;
    pack) truncate -s $(($(wc -c <"$pack") / 2)) "$pack"; f=$pack ;;
    esac
    check $cut "$f: "
done
grep -q "index cut short" "$tmp/err" && fail "a pack said as its index"

# HEAD garbage, HEAD naming a branch that is not there
inbox garbage
printf 'garbage\n' >"$tmp/garbage/git/0.git/HEAD"
check garbage "$tmp/garbage/git/0.git: HEAD cannot be read"
inbox branch
printf 'ref: refs/heads/nosuch\n' >"$tmp/branch/git/0.git/HEAD"
check branch "$tmp/branch/git/0.git: HEAD names refs/heads/nosuch, "
# a new epoch with no commit at all is empty, not damaged
pi_epoch "$tmp/new"
expect_text 1 "" --type=public-inbox "$tmp/new"
[ -s "$tmp/err" ] && fail "empty epoch: $(cat "$tmp/err")"

# a commit whose tree has no "m" (nor "d"): said, the others read
e=$tmp/nom/0.git
pi_epoch "$e"
pi_add "$e" "$m/01.eml"
b=$(pi_git --git-dir="$e" hash-object -w "$m/07.eml") || fail "hash-object"
t=$(printf '100644 blob %s\tx\n' "$b" | pi_git --git-dir="$e" mktree)
pi_commit "$e" "$t" "no m"
bad=$(git --git-dir="$e" rev-parse HEAD)
pi_add "$e" "$m/08.eml"
{ ug --type=mail "$m/01.eml"; ug --type=mail "$m/08.eml"; } >"$tmp/want"
for keep in 100 0; do
    for j in 1 2; do
        URIGREP_PINBOX_KEEP=$keep URIGREP_PINBOX_RUN=2 \
            expect 2 "$tmp/want" -j $j "$e"
        grep -q "^urigrep: $e: commit $bad: its tree has no \"m\"" \
            "$tmp/err" || fail "-j $j: $(cat "$tmp/err")"
    done
done
# ... and when it is the newest commit of an inbox's epoch
mkdir -p "$tmp/nomi/git" && mv "$e" "$tmp/nomi/git/0.git"
pi_commit "$tmp/nomi/git/0.git" "$t" "no m again"
bad=$(git --git-dir="$tmp/nomi/git/0.git" rev-parse HEAD)
expect 2 "$tmp/want" "$tmp/nomi"
grep -q "^urigrep: $tmp/nomi/git/0.git: commit $bad: its tree has no" \
    "$tmp/err" || fail "inbox: $(cat "$tmp/err")"
exit 0
