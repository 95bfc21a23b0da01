# urigrep --version's "Features:" line names each optional part configure
# built in (config.h's HAVE_LIBIDN2, HAVE_ZLIB, HAVE_BZIP2, HAVE_LZMA,
# HAVE_ZSTD, HAVE_BROTLI, HAVE_NCURSES) and no other, each once; and what it says is
# so: with zlib a .gz is read, without it urigrep says it cannot.
. "${srcdir:-.}/tests/init.sh"
config=${top_builddir:-$(dirname "$URIGREP")/..}/config.h
[ -r "$config" ] || fail "no $config"
ug --version >"$tmp/out" || fail "--version: status $?"
features=$(sed -n 's/^Features://p' "$tmp/out")
[ -n "$features" ] || fail "no Features line"
for pair in LIBIDN2:libidn2 ZLIB:zlib BZIP2:bzip2 LZMA:xz ZSTD:zstd BROTLI:brotli \
    NCURSES:ncurses LIBGIT2:libgit2 LIBPSL:libpsl ICU:ICU; do
    macro=HAVE_${pair%%:*}
    name=${pair#*:}
    n=$(printf '%s\n' $features | grep -cx "$name")
    if grep -q "^#define $macro 1" "$config"; then
        [ "$n" = 1 ] || fail "$name: built in ($macro), listed $n times"
    else
        [ "$n" = 0 ] || fail "$name: not built in, yet listed"
    fi
done
# every name listed is one of these (or PCRE2's JIT)
for f in $features; do
    case $f in
    libidn2|zlib|bzip2|xz|zstd|brotli|ncurses|libgit2|libpsl|ICU|PCRE2-JIT) ;;
    *) fail "unknown feature '$f'" ;;
    esac
done
# zlib listed means a gzip file is read
printf 'see http://gz.example/\n' >"$tmp/a"
if command -v gzip >/dev/null && gzip -c "$tmp/a" >"$tmp/a.gz"; then
    case " $features " in
    *" zlib "*) expect_text 0 "http://gz.example/" "$tmp/a.gz" ;;
    *) expect_text 2 "" "$tmp/a.gz" ;;
    esac
fi
