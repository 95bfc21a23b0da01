#!/bin/sh
# make-inbox.sh: make a small public-inbox v2 archive with plain git, one
# commit a message as public-inbox writes them (a tree holding the blob
# "m"), to try urigrep on: sh make-inbox.sh DIR MESSAGE-FILE...
# SPDX-License-Identifier: MIT
set -e
[ $# -ge 2 ] || { echo "usage: $0 DIR MESSAGE-FILE..." >&2; exit 2; }
dir=$1/git/0.git
shift
# new commits on an archive made before would repeat its messages
[ ! -e "$dir" ] || { echo "$0: $dir exists: remove it first" >&2; exit 2; }
git init -q --bare "$dir"
# fixed names and dates: the same messages make the same commits
GIT_AUTHOR_NAME=example GIT_AUTHOR_EMAIL=example@example.invalid
GIT_COMMITTER_NAME=inbox GIT_COMMITTER_EMAIL=inbox@example.invalid
GIT_AUTHOR_DATE='1700000000 +0000' GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME \
    GIT_COMMITTER_EMAIL GIT_AUTHOR_DATE GIT_COMMITTER_DATE
for f in "$@"; do
    blob=$(git --git-dir="$dir" hash-object -w "$f")
    tree=$(printf '100644 blob %s\tm\n' "$blob" | git --git-dir="$dir" mktree)
    parent=$(git --git-dir="$dir" rev-parse -q --verify HEAD || true)
    subject=$(sed -n '/^$/q; s/^[Ss]ubject: *//p' "$f" | head -n 1)
    commit=$(git --git-dir="$dir" commit-tree "$tree" \
        ${parent:+-p "$parent"} -m "${subject:-(no subject)}")
    git --git-dir="$dir" update-ref HEAD "$commit"
done
