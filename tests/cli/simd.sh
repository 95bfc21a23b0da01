# URIGREP_SIMD: the scanner's search for trigger bytes, AVX2 where the
# CPU has it (the default), memchr() and plain C ("portable", the
# reference on every architecture), or no byte turned away at all
# ("all": every ':' and '.' handed to the rules), reports the same, byte
# for byte: on the corpus of real text, the fixtures and the WARC files,
# as JSON with line and column (the newline count), with --abbrev, in
# one job and in two.
. "${srcdir:-.}/tests/init.sh"
# each run reads the whole corpus: slow under valgrind, which the unit
# tests' own cases (check_scan, "skip") cover
[ -z "$URIGREP_WRAPPER" ] || exit 77

# run MODE NAME OPTIONS...: urigrep over the test data with URIGREP_SIMD=MODE
run() {
    mode=$1 name=$2
    shift 2
    URIGREP_SIMD=$mode ug "$@" -r "$srcdir/tests/corpus" \
        "$srcdir/tests/fixtures" "$srcdir/tests/warc" \
        >"$tmp/$name.$mode" 2>&1
    echo "exit $?" >>"$tmp/$name.$mode"
}

for opts in "--json -j 1" "--json --abbrev -j 2" "-n --abbrev --any-scheme"; do
    name=$(echo "$opts" | tr -dc 'a-z0-9')
    for mode in all portable auto; do
        run "$mode" "$name" $opts
    done
    [ "$(wc -l <"$tmp/$name.all")" -gt 1000 ] ||
        fail "$opts: only $(wc -l <"$tmp/$name.all") lines: corpus not read?"
    cmp "$tmp/$name.all" "$tmp/$name.portable" ||
        fail "$opts: URIGREP_SIMD=portable differs from all"
    cmp "$tmp/$name.all" "$tmp/$name.auto" ||
        fail "$opts: the default (AVX2 where the CPU has it) differs from all"
done
exit 0
