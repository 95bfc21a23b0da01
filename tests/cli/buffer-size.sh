# Results never depend on the read size: every fixture gives the same
# output, positions included, at read sizes from 1 byte up.
. "${srcdir:-.}/tests/init.sh"
for f in "$fixtures"/*.txt; do
    ug --json --abbrev --hyphen=both "$f" >"$tmp/whole"
    for b in 1 2 3 7 16 61 4096; do
        ug --json --abbrev --hyphen=both --buffer-size=$b "$f" >"$tmp/part"
        cmp -s "$tmp/whole" "$tmp/part" || fail "$f differs at --buffer-size=$b"
    done
done
