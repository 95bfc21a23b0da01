# -j reads files in parallel but prints what -j 1 prints, byte for byte,
# on both streams and with the same exit status: a maildir and a spool
# (-r), many named files, and every output option that keeps state
# across files (-u, -c, -q) or prints per file (-H, -n, --json).
. "${srcdir:-.}/tests/init.sh"
# under valgrind (make check-valgrind: threads run one at a time, twenty
# times slower) the first few option sets only, and -j 2
few=0
[ -z "$URIGREP_WRAPPER" ] || few=4
jlist="2 4"
[ -z "$URIGREP_WRAPPER" ] || jlist=2
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
# same_as_serial ARG...: -j 2 and -j 4 print what -j 1 prints
same_as_serial() {
    ug -j 1 "$@" >"$tmp/out1" 2>"$tmp/err1"
    rc1=$?
    for j in $jlist; do
        ug -j $j "$@" >"$tmp/outj" 2>"$tmp/errj"
        rcj=$?
        [ "$rc1" = "$rcj" ] ||
            fail "exit status $rcj with -j $j, $rc1 with -j 1: $*"
        cmp -s "$tmp/out1" "$tmp/outj" ||
            { diff "$tmp/out1" "$tmp/outj" | head >&2;
              fail "standard output differs with -j $j: $*"; }
        cmp -s "$tmp/err1" "$tmp/errj" ||
            { diff "$tmp/err1" "$tmp/errj" | head >&2;
              fail "standard error differs with -j $j: $*"; }
    done
}
[ "$(ls "$tmp/md/cur" | wc -l)" -gt 50 ] || fail "maildir not made"
same_as_serial -r "$tmp/md"
n=0
for opts in "-n" "-u -c" "--json --headers" "-c -u --max-uri-length=24" \
    "-c" "-u" "--json" "-n -b --abbrev --hyphen=both" "--strict -c" \
    "--verbose" "-q" "-e example" "-0" "-h -u --scheme=mailto" "-l" "-L" \
    "-l -u" "-m 1" "-m 2 -u -n" "-m 0" "--unique=file" \
    "--unique=message -n" "--json -c" "--max-uri-length=24 -n"; do
    n=$((n + 1))
    [ "$few" -gt 0 ] && [ "$n" -gt "$few" ] && break
    # shellcheck disable=SC2086
    same_as_serial $opts -r "$tmp/md" "$fixtures/spool"
    # shellcheck disable=SC2086
    same_as_serial $opts "$fixtures"/*.eml "$fixtures"/*.txt
done
# -u over many files: duplicates across files are dropped in file order
ug -j 1 -u -r "$tmp/md" >"$tmp/u1"
[ "$(sort "$tmp/u1" | uniq -d | wc -l)" = 0 ] || fail "-u printed twice"
[ -s "$tmp/u1" ] || fail "-u printed nothing"
