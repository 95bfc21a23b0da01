# A decompression bomb is only a long stream: 100 MB of zeros compressed
# (gzip, bzip2, xz, zstd), six times the 16 MiB of RSS allowed, is read
# with bounded memory (peak RSS under 16 MiB, address space under 64
# MiB) and the URI after it is found; xz and zstd data asking for a window over 128 MiB
# is refused rather than allocated.
. "${srcdir:-.}/tests/init.sh"
# sanitizers and valgrind reserve far more address space than that
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 77
fi
have_formats
for f in $formats; do
    n=100000000
    { head -c $n /dev/zero; echo ' http://end.example/'; } |
        $f -1 -c >"$tmp/bomb"
    out=$( (ulimit -v 65536; "$URIGREP" -a "$tmp/bomb") ) ||
        fail "$f bomb under ulimit -v: exit $?"
    [ "$out" = http://end.example/ ] || fail "$f bomb: $out"
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M -o "$tmp/rss" "$URIGREP" -a -c "$tmp/bomb" \
            >/dev/null || fail "$f bomb: exit $?"
        [ "$(tail -n 1 "$tmp/rss")" -lt 16384 ] ||
            fail "$f bomb: peak RSS $(tail -n 1 "$tmp/rss") KiB"
    fi
    rm -f "$tmp/bomb"
done
case " $formats " in *" xz "*)
    printf 'http://x.example/\n' | xz --lzma2=dict=256MiB >"$tmp/w.xz"
    expect_text 2 "" "$tmp/w.xz"
    grep -qx "urigrep: $tmp/w.xz: xz data needs more than 128 MiB of memory" \
        "$tmp/err" || fail "xz window: $(cat "$tmp/err")" ;;
esac
case " $formats " in *" zstd "*)
    printf 'http://x.example/\n' | zstd -q --long=31 -c >"$tmp/w.zst"
    expect_text 2 "" "$tmp/w.zst"
    grep -qx "urigrep: $tmp/w.zst: zstd data needs more than 128 MiB of memo\
ry" \
        "$tmp/err" || fail "zstd window: $(cat "$tmp/err")" ;;
esac
