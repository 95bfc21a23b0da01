# gzip, bzip2, xz and zstd data is read decompressed, known by its magic
# bytes and not its name, from files and standard input, whatever the
# read size; concatenated members are read whole, as zcat does.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
have_formats
printf 'one <http://one.example/a\n  /b>\n' >"$tmp/1.txt"
printf 'two http://two.example/\n' >"$tmp/2.txt"
: >"$tmp/empty.txt"
for f in $formats; do
    # an mbox: its type is seen in the decompressed bytes, -n counts
    # their lines
    $f -c archive.mbox >"$tmp/a.$f"
    expect 0 archive.out -n "$tmp/a.$f"
    expect 0 archive.out -n - <"$tmp/a.$f"
    expect 0 archive.out -n --buffer-size=1 "$tmp/a.$f"
    expect 0 archive.out -n --buffer-size=7 - <"$tmp/a.$f"
    # the name says nothing
    cp "$tmp/a.$f" "$tmp/archive.txt"
    expect 0 archive.out -n "$tmp/archive.txt"
    # members one after another, an empty one among them, and a URI
    # wrapped across the boundary between two
    $f -c "$tmp/1.txt" >"$tmp/c.$f"
    $f -c "$tmp/empty.txt" >>"$tmp/c.$f"
    $f -c "$tmp/2.txt" >>"$tmp/c.$f"
    expect_text 0 "http://one.example/a/b
http://two.example/" "$tmp/c.$f"
    printf 'x <http://split.example/a' | $f -c >"$tmp/s.$f"
    printf '/b> y\n' | $f -c >>"$tmp/s.$f"
    expect_text 0 "http://split.example/a/b" --buffer-size=3 - <"$tmp/s.$f"
done
# plain text called .gz is plain text; a text starting "BZh9" is not bzip2
cp appendix-e.txt "$tmp/plain.gz"
expect 0 appendix-e.out "$tmp/plain.gz"
printf 'BZh91 see http://bz.example/\n' >"$tmp/bz.txt"
expect_text 0 "http://bz.example/" "$tmp/bz.txt"
