# -j reads files in parallel but prints what -j 1 prints, byte for byte,
# on both streams and with the same exit status: a maildir and a spool
# (-r), many named files, and every output option that keeps state
# across files (-u, -c, -q) or prints per file (-H, -n, --json).
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=4
. "${srcdir:-.}/tests/jobs-same.sh"
# the same files many times over, as a maildir of many messages
mkdir -p "$tmp/md/cur" "$tmp/md/new" "$tmp/md/tmp"
i=0
for f in "$fixtures"/*.eml "$fixtures"/*.txt "$fixtures"/*.html \
    "$fixtures"/*.mbox; do
    for k in 1 2 3; do
        i=$((i + 1))
        cp "$f" "$tmp/md/cur/$i.$k:2,S"
    done
done
[ "$(ls "$tmp/md/cur" | wc -l)" -gt 50 ] || fail "maildir not made"
same_as_serial -r "$tmp/md"
for opts in "-n" "-u -c" "--json --headers" "-c -u --max-uri-length=24" \
    "-c" "-u" "--json" "-n -b --abbrev --hyphen=both" "--strict -c" \
    "--verbose" "-q" "-e example" "-0" "-h -u --scheme=mailto" "-l" "-L" \
    "-l -u" "-m 1" "-m 2 -u -n" "-m 0" "--unique=file" \
    "--unique=message -n" "--json -c" "--max-uri-length=24 -n"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts -r "$tmp/md" "$fixtures/spool"
    # shellcheck disable=SC2086
    same_as_serial $opts "$fixtures"/*.eml "$fixtures"/*.txt
done
# -u over many files: duplicates across files are dropped in file order
ug -j 1 -u -r "$tmp/md" >"$tmp/u1"
[ "$(sort "$tmp/u1" | uniq -d | wc -l)" = 0 ] || fail "-u printed twice"
[ -s "$tmp/u1" ] || fail "-u printed nothing"
