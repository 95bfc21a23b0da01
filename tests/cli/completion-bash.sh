# The generated bash completion completes what a user types: "--ty" to
# "--type=", the values of --type= (split at '=' or not, as
# COMP_WORDBREAKS decides), the value after "--rfc ", file names for -f
# and for the operands; the script is bash's own (no bash-completion
# package needed).
. "${srcdir:-.}/tests/init.sh"
comp=${top_builddir:-$(dirname "$URIGREP")/..}/completions/urigrep
[ -f "$comp" ] || fail "no $comp (make builds it)"
command -v bash >/dev/null || exit 77
mkdir "$tmp/dir" && : >"$tmp/dir/patterns.txt" && : >"$tmp/dir/mail.eml"
# complete WORD...: the replies of _urigrep for the command line WORD...
# (the cursor at the end of the last word), one a line, sorted
complete_line() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        _urigrep; printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort' \
        sh "$comp" "$@"
}
check() {
    _want=$1
    shift
    _got=$(complete_line "$@")
    [ "$_got" = "$_want" ] ||
        fail "completing '$*': got '$(echo $_got)', want '$(echo $_want)'"
}
check "--type=" urigrep --ty
check "--exclude-dir=
--exclude-domain=
--exclude=" urigrep -r --exc
check "--format=" urigrep --form
check "--defang" urigrep --defa
# "--type=" split at '=' (bash's default COMP_WORDBREAKS) and not split
types="auto
html
mail
mbox
mboxcl
mboxcl2
mboxo
mboxrd
mh
public-inbox
rnews
text
warc"
check "$types" urigrep --type =
check "mboxcl
mboxcl2" urigrep --type = mboxc
check "--type=html" urigrep --type=h
check "$types" urigrep --type ''
check "1808
2396
3986" urigrep --rfc ''
check "keep" urigrep --hyphen = k
check "always
auto" urigrep --color = a
check "file" urigrep --unique = f
check "always" urigrep --progress = al
check "host" urigrep --stats = ho
# file names where a file is expected, and nothing for free text
cd "$tmp" || exit 99
check "dir/patterns.txt" urigrep -f dir/pa
check "dir/mail.eml" urigrep --add-scheme-file = dir/m
check "dir/mail.eml" urigrep -n dir/m
check "" urigrep --base ''
