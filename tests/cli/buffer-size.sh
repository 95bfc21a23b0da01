# Results never depend on the read size: every fixture gives the same
# output, positions included, at read sizes from 1 byte up.
. "${srcdir:-.}/tests/init.sh"
# under valgrind (make check-valgrind) every run costs a second: the
# smallest read size and one odd one are enough to find a memory error
sizes="1 2 3 7 16 61 4096"
[ -z "$URIGREP_WRAPPER" ] || sizes="1 61"
for f in "$fixtures"/*.txt; do
    ug --json --abbrev --hyphen=both "$f" >"$tmp/whole"
    for b in $sizes; do
        ug --json --abbrev --hyphen=both --buffer-size=$b "$f" >"$tmp/part"
        cmp -s "$tmp/whole" "$tmp/part" || fail "$f differs at --buffer-size=$b"
    done
done
