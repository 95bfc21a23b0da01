# The bash, zsh and fish completions are generated from the option table
# that getopt and --help use: zsh -n and fish -n accept them, and each
# offers exactly the long options --help lists, no more, no fewer.
. "${srcdir:-.}/tests/init.sh"
dir=${top_builddir:-$(dirname "$URIGREP")/..}/completions
for f in urigrep _urigrep urigrep.fish; do
    [ -f "$dir/$f" ] || fail "no $dir/$f (make builds it)"
done
command -v zsh >/dev/null && command -v fish >/dev/null || {
    echo "zsh or fish missing: skipped" >&2
    exit 77
}
# fish keeps its state under HOME and the XDG directories: a scratch one
mkdir "$tmp/home" || exit 99
fish_() {
    HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home XDG_DATA_HOME=$tmp/home \
        XDG_CACHE_HOME=$tmp/home "$@"
}
bash -n "$dir/urigrep" || fail "bash -n rejects completions/urigrep"
zsh -n "$dir/_urigrep" || fail "zsh -n rejects completions/_urigrep"
fish_ fish -n "$dir/urigrep.fish" || fail "fish -n rejects completions/urigrep.fish"
ug --help | sed -n 's/^ \{2,6\}\(-., \)\{0,1\}\(--[a-z0-9-]*\).*/\2/p' |
    LC_ALL=C sort -u >"$tmp/help"
[ "$(wc -l <"$tmp/help")" -gt 40 ] || fail "too few options in --help"
# bash: what "urigrep --<Tab>" offers
bash -c '. "$1"; COMP_WORDS=(urigrep --); COMP_CWORD=1; _urigrep
    printf "%s\n" "${COMPREPLY[@]}"' sh "$dir/urigrep" |
    sed 's/=$//' | LC_ALL=C sort -u >"$tmp/bash"
diff -u "$tmp/help" "$tmp/bash" || fail "bash offers other options"
# fish: what "urigrep --<Tab>" offers, asked of fish itself
fish_ fish --no-config -c \
    "source '$dir/urigrep.fish'; complete -C'urigrep --'" |
    cut -f1 | sed 's/=$//' | LC_ALL=C sort -u >"$tmp/fish"
diff -u "$tmp/help" "$tmp/fish" || fail "fish offers other options"
# fish: the values of --type=
fish_ fish --no-config -c \
    "source '$dir/urigrep.fish'; complete -C'urigrep --type='" |
    cut -f1 | LC_ALL=C sort >"$tmp/fish-types"
printf -- '--type=%s\n' auto html mail mbox mboxcl mboxcl2 mboxo mboxrd mh \
    public-inbox rnews text warc |
    diff -u - "$tmp/fish-types" || fail "fish: values of --type="
# zsh: the long options of the _arguments specs
grep -o "^    '\*\{0,1\}--[a-z0-9-]*" "$dir/_urigrep" | sed "s/^ *'\*\{0,1\}//" |
    LC_ALL=C sort -u >"$tmp/zsh"
diff -u "$tmp/help" "$tmp/zsh" || fail "zsh offers other options"
