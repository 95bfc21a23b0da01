# The binary-file test applies to the decompressed bytes: compressed
# text is text (the compressed bytes hold NULs), compressed binary data is
# skipped with a note, and -a scans it.
. "${srcdir:-.}/tests/init.sh"
have_formats
printf 'see http://text.example/\n' >"$tmp/t"
printf 'x\000\001http://bin.example/\000\n' >"$tmp/b"
for f in $formats; do
    $f -c "$tmp/t" >"$tmp/t.$f"
    expect_text 0 "http://text.example/" "$tmp/t.$f"
    $f -c "$tmp/b" >"$tmp/b.$f"
    expect_text 1 "" "$tmp/b.$f"
    grep -q "b.$f: binary file skipped" "$tmp/err" ||
        fail "$f: no note for binary data: $(cat "$tmp/err")"
    expect_text 0 "http://bin.example/" -a "$tmp/b.$f"
done
