# Every example of urigrep.1's ARCHIVES section (a ".B urigrep ..." line)
# runs as written from the top of the source tree, as the section says a
# newcomer may: it exits 0 and prints URIs, and nothing on standard error.
# A format this urigrep was built without ("built without" on standard
# error) is skipped with a note.
. "${srcdir:-.}/tests/init.sh"
top=$(cd "$srcdir" && pwd) || exit 99
bin=$(cd "${top_builddir:-$(dirname "$URIGREP")/..}/src" && pwd) || exit 99
man=$top/doc/urigrep.1
[ -r "$man" ] || exit 77
sed -n '/^\.SH ARCHIVES/,/^\.SH [^A]/p' "$man" |
    sed -n 's/^\.B \(urigrep .*\)$/\1/p' | sed 's/\\-/-/g' >"$tmp/examples"
n=$(wc -l <"$tmp/examples")
[ "$n" -ge 2 ] || fail "only $n examples found in ARCHIVES"
i=0
while IFS= read -r cmd; do
    i=$((i + 1))
    (cd "$top" && PATH=$bin:$PATH sh -c "$cmd") >"$tmp/out.$i" \
        2>"$tmp/err.$i"
    rc=$?
    if [ "$rc" = 2 ] && grep -q 'built without' "$tmp/err.$i"; then
        echo "not built in: $cmd"
        continue
    fi
    [ "$rc" = 0 ] || fail "ARCHIVES example exits $rc: $cmd
$(cat "$tmp/err.$i")"
    [ -s "$tmp/err.$i" ] && fail "ARCHIVES example writes to stderr: $cmd
$(cat "$tmp/err.$i")"
    grep -q ':' "$tmp/out.$i" || fail "ARCHIVES example prints no URI: $cmd"
done <"$tmp/examples"
