# A corrupt or truncated compressed file, or one with other data after
# the compressed data, is an error naming the file and what is wrong, exit
# 2; the URIs decoded before the damage are printed (no silent loss) and
# the next file is read. No cut point makes urigrep crash or hang.
. "${srcdir:-.}/tests/init.sh"
have_formats
# 20000 URIs, 600 KB: several bzip2 -1 blocks, several zstd blocks
seq 20000 | sed 's|.*|line & http://host.example/&|' >"$tmp/big.txt"
printf 'http://next.example/\n' >"$tmp/next.txt"
for f in $formats; do
    $f -1 -c "$tmp/big.txt" >"$tmp/big.$f"
    size=$(wc -c <"$tmp/big.$f")
    # cut in the middle: what came before the cut is printed
    head -c $((size / 2)) "$tmp/big.$f" >"$tmp/cut.$f"
    ug "$tmp/cut.$f" "$tmp/next.txt" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] || fail "$f cut: exit $rc"
    grep -qx "urigrep: $tmp/cut.$f: truncated $f data (unexpected end of \
file)" "$tmp/err" || fail "$f cut: $(cat "$tmp/err")"
    tail -n 1 "$tmp/out" | grep -qx "$tmp/next.txt:http://next.example/" ||
        fail "$f cut: the next file was not read"
    n=$(grep -c "^$tmp/cut.$f:http://host.example/" "$tmp/out")
    [ "$n" -gt 5000 ] || fail "$f cut: only $n URIs from before the cut"
    head -n $((n - 1)) "$tmp/out" | sed "s|^$tmp/cut.$f:||" >"$tmp/got"
    sed 's/^line [0-9]* //' "$tmp/big.txt" | head -n $((n - 1)) |
        diff - "$tmp/got" >/dev/null || fail "$f cut: wrong URIs"
    # a damaged byte in the middle
    { head -c $((size / 2)) "$tmp/big.$f"; printf '\377\377\377\377'
      tail -c +$((size / 2 + 5)) "$tmp/big.$f"; } >"$tmp/bad.$f"
    ug -h "$tmp/bad.$f" "$tmp/next.txt" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] || fail "$f damaged: exit $rc"
    grep -Eqx "urigrep: $tmp/bad.$f: (corrupt|truncated) $f data .*" \
        "$tmp/err" || fail "$f damaged: $(cat "$tmp/err")"
    tail -n 1 "$tmp/out" | grep -qx "http://next.example/" ||
        fail "$f damaged: the next file was not read"
    # other data after the compressed data: all of it is read, then said
    { cat "$tmp/big.$f"; echo garbage; } >"$tmp/tail.$f"
    ug -c "$tmp/tail.$f" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] || fail "$f garbage: exit $rc"
    [ "$(cat "$tmp/out")" = 20000 ] || fail "$f garbage: $(cat "$tmp/out")"
    grep -qx "urigrep: $tmp/tail.$f: trailing garbage after the $f data" \
        "$tmp/err" || fail "$f garbage: $(cat "$tmp/err")"
    # zero bytes after it (padding) are not garbage
    { cat "$tmp/big.$f"; head -c 1000 /dev/zero; } >"$tmp/pad.$f"
    expect_text 0 20000 -c "$tmp/pad.$f"
done
# every cut of a small file: exit 2 once the magic bytes are in (before,
# the bytes are plain text), never a crash or a hang
step=1
[ -n "$URIGREP_WRAPPER" ] && step=7
printf 'a <http://small.example/x>\nb http://small.example/y\n' >"$tmp/s.txt"
for f in $formats; do
    $f -c "$tmp/s.txt" >"$tmp/s.$f"
    size=$(wc -c <"$tmp/s.$f")
    k=10
    while [ $k -lt "$size" ]; do
        head -c $k "$tmp/s.$f" >"$tmp/k"
        for b in 1 65536; do
            timeout 60 "$URIGREP" --buffer-size=$b "$tmp/k" >/dev/null 2>&1
            rc=$?
            [ $rc = 2 ] || fail "$f cut at $k, buffer $b: exit $rc"
        done
        k=$((k + step))
    done
done
