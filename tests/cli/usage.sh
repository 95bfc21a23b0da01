# Usage errors exit 2 with a hint; --help and --version exit 0; --help
# lists every long option the man page documents (they must agree).
. "${srcdir:-.}/tests/init.sh"
expect_text 2 "" --no-such-option
grep -q "Try 'urigrep --help'" "$tmp/err" || fail "no hint after a bad option"
expect_text 2 "" --rfc=1234
expect_text 2 "" --hyphen=maybe
expect_text 2 "" --max-uri-length=0
expect_text 2 "" --base=relative/path
grep -q "not an absolute URI" "$tmp/err" || fail "relative --base accepted"
expect_text 2 "" --charset=NO-SUCH-CHARSET
expect_text 2 "" --strict --invalid
ug --version | grep -q '^urigrep [0-9]' || fail "--version"
ug --help >"$tmp/help" || fail "--help exit status"
# options are written \fB\-\-name\fR in the OPTIONS section of the page
sed -n '/^\.SH OPTIONS/,/^\.SH EXIT/p' "$top_srcdir/doc/urigrep.1" |
    grep -oE '\\fB(\\-){2}([a-z0-9]|\\-)+' | sed 's/\\fB//; s/\\//g' |
    sort -u >"$tmp/man-opts"
[ -s "$tmp/man-opts" ] || fail "no options found in the man page"
while read -r opt; do
    grep -q -- "$opt" "$tmp/help" || fail "--help does not mention $opt"
done <"$tmp/man-opts"
grep -o -- '--[a-z0-9-]*' "$tmp/help" | sort -u >"$tmp/help-opts"
while read -r opt; do
    grep -qx -- "$opt" "$tmp/man-opts" || fail "man page lacks $opt"
done <"$tmp/help-opts"
