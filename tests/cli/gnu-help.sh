# --help and --version follow the GNU coding standards (4.8): --help
# writes a usage to standard output, "Usage:" first, and ends with where to
# report bugs, exit 0; --version (or -V) gives the name and version, a
# copyright, the licence and "NO WARRANTY"; option errors say "Try
# 'urigrep --help'" and exit 2.
. "${srcdir:-.}/tests/init.sh"
ug --help >"$tmp/out" 2>"$tmp/err" || fail "--help status $?"
[ -s "$tmp/err" ] && fail "--help wrote to standard error"
head -1 "$tmp/out" | grep -q '^Usage: urigrep \[OPTION\]\.\.\. \[FILE\]\.\.\.$' ||
    fail "first line: $(head -1 "$tmp/out")"
# it ends, as GNU grep's, with where to report bugs and the home page
# (AC_INIT's bug-report address and URL)
tail -2 "$tmp/out" | head -1 | grep -q '^Report bugs to: https://' ||
    fail "no bug-report address: $(tail -2 "$tmp/out" | head -1)"
tail -1 "$tmp/out" | grep -q '^urigrep home page: <https://[^ ]*>$' ||
    fail "no home page: $(tail -1 "$tmp/out")"
# every option of the long option table is in --help
for opt in -l -L -m -o -F -f -V --color --line-buffered --progress \
    --unique --files-with-matches --files-without-match --max-count \
    --fixed-strings --file= --only-matching --version; do
    grep -q -e " $opt" "$tmp/out" || fail "--help lacks $opt"
done
awk 'length > 79 { exit 1 }' "$tmp/out" || fail "--help: a line over 79 columns"
for v in --version -V; do
    ug $v >"$tmp/out" 2>"$tmp/err" || fail "$v status"
    sed -n 1p "$tmp/out" | grep -q '^urigrep [0-9][0-9.]*' || fail "$v: name"
    grep -q '^Copyright (C) [0-9]\{4\} ' "$tmp/out" || fail "$v: copyright"
    grep -q '^License MIT' "$tmp/out" || fail "$v: licence"
    grep -q 'NO WARRANTY' "$tmp/out" || fail "$v: warranty"
    # then, as curl -V, the library's version and the optional parts
    vers=$(sed -n '1s/^urigrep //p' "$tmp/out")
    sed -n 2p "$tmp/out" | grep -qx "liburigrep $vers" ||
        fail "$v: line 2 is not 'liburigrep $vers': $(sed -n 2p "$tmp/out")"
    sed -n 3p "$tmp/out" | grep -q '^Features:' || fail "$v: no Features line"
done
for bad in --frobnicate -Y '--color=sometimes' '--progress=maybe'; do
    expect_text 2 "" $bad
    tail -1 "$tmp/err" | grep -q "^Try 'urigrep --help' for more information\.$" ||
        fail "$bad: $(cat "$tmp/err")"
done
