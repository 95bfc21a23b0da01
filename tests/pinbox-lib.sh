# tests/pinbox-lib.sh: public-inbox archives built and read with plain git
# (sourced after tests/init.sh by tests/cli/public-inbox*.sh; not libgit2).
# SPDX-License-Identifier: MIT
#
# Provides: pi_skip (exit 77 without git or without libgit2 in urigrep),
# pi_epoch DIR (a new bare repository), pi_add DIR FILE (a v2 commit of
# message FILE: tree "m"), pi_delete DIR (a v2 commit removing the newest
# message: tree "d"), pi_v1_add DIR FILE and pi_v1_delete DIR FILE (v1:
# the blob at the SHA-1 of FILE's Message-ID), pi_mbox DIR v1|v2 [SINCE]
# (the messages of DIR after commit SINCE as an mboxrd on stdout),
# pi_expect DIR v1|v2 [SINCE] (each message read alone with --type=mail,
# its URIs prefixed with its short commit id: what -H prints after the
# archive's name), pi_inbox DIR (a v2 inbox of two epochs made of the
# messages in tests/fixtures/public-inbox, some removed).

pi_git() {
    GIT_AUTHOR_NAME='urigrep test' GIT_AUTHOR_EMAIL=test@example.invalid \
    GIT_COMMITTER_NAME='inbox' GIT_COMMITTER_EMAIL=inbox@example.invalid \
    GIT_AUTHOR_DATE='1700000000 +0000' GIT_COMMITTER_DATE='1700000000 +0000' \
        git -c init.defaultBranch=master "$@"
}

pi_skip() {
    command -v git >/dev/null 2>&1 || { echo "skipping: no git" >&2; exit 77; }
    if ug --type=public-inbox "$tmp" 2>&1 | grep -q "without libgit2"; then
        echo "skipping: urigrep was built without libgit2" >&2
        exit 77
    fi
}

pi_epoch() {
    pi_git init -q --bare "$1" || fail "git init $1"
}

# pi_commit DIR TREE SUBJECT: a commit of TREE on DIR's HEAD
pi_commit() {
    _p=$(pi_git --git-dir="$1" rev-parse -q --verify HEAD)
    _c=$(pi_git --git-dir="$1" commit-tree "$2" ${_p:+-p "$_p"} -m "$3") ||
        fail "git commit-tree in $1"
    pi_git --git-dir="$1" update-ref HEAD "$_c" || fail "git update-ref $1"
}

pi_subject() {
    sed -n '/^$/q; s/^[Ss]ubject: *//p' "$1" | head -n 1
}

pi_add() {
    _b=$(pi_git --git-dir="$1" hash-object -w "$2") || fail "hash-object $2"
    _t=$(printf '100644 blob %s\tm\n' "$_b" | pi_git --git-dir="$1" mktree)
    pi_commit "$1" "$_t" "$(pi_subject "$2")"
}

pi_delete() {
    if [ -n "$2" ]; then
        _b=$(pi_git --git-dir="$1" hash-object -w "$2") || fail "$2"
    else
        _b=$(pi_git --git-dir="$1" rev-parse HEAD:m) || fail "no m in $1"
    fi
    _t=$(printf '100644 blob %s\td\n' "$_b" | pi_git --git-dir="$1" mktree)
    pi_commit "$1" "$_t" "delete"
}

# the v1 path of FILE: the SHA-1 of its Message-ID without <>, as 2/38
pi_v1_path() {
    _mid=$(sed -n '/^$/q; s/^[Mm]essage-[Ii][Dd]: *<\(.*\)>.*/\1/p' "$1" |
        head -n 1)
    _h=$(printf '%s' "$_mid" | sha1sum | cut -c1-40)
    printf '%s/%s\n' "$(printf %s "$_h" | cut -c1-2)" \
        "$(printf %s "$_h" | cut -c3-)"
}

# pi_v1_index DIR ARG...: git update-index ARG... on DIR's own index
# (a bare repository has none: a work tree of nothing stands in)
pi_v1_index() {
    _d=$1
    shift
    mkdir -p "$tmp/pi-wt"
    GIT_INDEX_FILE=$_d/pi.index pi_git --git-dir="$_d" \
        --work-tree="$tmp/pi-wt" update-index "$@" || fail "update-index"
}

pi_v1_add() {
    _b=$(pi_git --git-dir="$1" hash-object -w "$2") || fail "hash-object $2"
    pi_v1_index "$1" --add \
        --cacheinfo "100644,$_b,$(pi_v1_path "$2")"
    _t=$(GIT_INDEX_FILE=$1/pi.index pi_git --git-dir="$1" write-tree)
    pi_commit "$1" "$_t" "$(pi_subject "$2")"
}

pi_v1_delete() {
    pi_v1_index "$1" --force-remove "$(pi_v1_path "$2")"
    _t=$(GIT_INDEX_FILE=$1/pi.index pi_git --git-dir="$1" write-tree)
    pi_commit "$1" "$_t" "delete"
}

# pi_blobs v1|v2 SINCE DIR...: "DIR COMMIT BLOB" for each message of the
# epochs DIR..., oldest first, after commit SINCE (if not empty): v2, the
# blob "m" of each commit unless a newer commit has it as "d"; v1, the
# blobs a commit adds or changes that HEAD still has
pi_blobs() {
    _mode=$1
    _since=$2
    shift 2
    _pos=0
    for _d in "$@"; do
        for _c in $(git --git-dir="$_d" rev-list --reverse --first-parent \
                    HEAD ${_since:+"^$_since"}); do
            _pos=$((_pos + 1))
            if [ "$_mode" = v2 ]; then
                for _f in m d; do
                    _b=$(git --git-dir="$_d" rev-parse -q --verify \
                        "$_c:$_f") && echo "$_pos $_d $_c $_f $_b"
                done
            else
                git --git-dir="$_d" diff-tree --root -r --no-renames \
                    --diff-filter=AM --no-commit-id --format= "$_c" |
                    while read -r _m1 _m2 _o1 _o2 _st _path; do
                        [ "$(git --git-dir="$_d" rev-parse -q --verify \
                            "HEAD:$_path")" = "$_o2" ] &&
                            echo "$_pos $_d $_c m $_o2"
                    done
            fi
        done
    done >"$tmp/pi-blobs"
    awk 'NR == FNR { if ($4 == "d" && !($5 in gone)) gone[$5] = $1; next }
         $4 == "m" && !(($5 in gone) && gone[$5] > $1) { print $2, $3, $5 }' \
        "$tmp/pi-blobs" "$tmp/pi-blobs"
}

pi_mbox() {
    pi_blobs "$@" | while read -r _d _c _b; do
        printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
        git --git-dir="$_d" cat-file blob "$_b" | sed 's/^\(>*From \)/>\1/'
        printf '\n'
    done
}

pi_expect() {
    pi_blobs "$@" | while read -r _d _c _b; do
        git --git-dir="$_d" cat-file blob "$_b" >"$tmp/pi-msg"
        ug --type=mail "$tmp/pi-msg" | sed "s/^/$(printf %s "$_c" |
            cut -c1-12):/"
    done
}

pi_inbox() {
    mkdir -p "$1/git"
    pi_epoch "$1/git/0.git"
    pi_epoch "$1/git/1.git"
    for _f in 01 02 03 04 05; do
        pi_add "$1/git/0.git" "$fixtures/public-inbox/$_f.eml"
    done
    pi_delete "$1/git/0.git"            # 05 removed
    for _f in 06 07 08; do
        pi_add "$1/git/1.git" "$fixtures/public-inbox/$_f.eml"
    done
    pi_delete "$1/git/1.git"            # 08 removed
    # 05 again, later; 02 removed from the epoch before
    pi_add "$1/git/1.git" "$fixtures/public-inbox/05.eml"
    pi_delete "$1/git/1.git" "$fixtures/public-inbox/02.eml"
}
