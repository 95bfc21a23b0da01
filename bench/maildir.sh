# bench/maildir.sh: sourced by the benchmarks. make_maildir DIR MAX MBOX
# makes the maildir DIR of MBOX's first MAX messages, one a file in cur/,
# ">From " unquoted (nothing when DIR/cur is there already).
# SPDX-License-Identifier: MIT
make_maildir() {
    [ -d "$1/cur" ] && return 0
    mkdir -p "$1/cur" "$1/new" "$1/tmp"
    awk -v dir="$1/cur" -v max="$2" '
        /^From / { if (f) close(f); n++; if (n > max) exit;
                   f = sprintf("%s/%d.%d.bench:2,S", dir, 1700000000 + n, n);
                   next }
        f { sub(/^>From /, "From "); print > f }' "$3"
}
