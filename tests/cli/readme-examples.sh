# Every example command in the README ("    $ command", with the lines it
# shows after it) works as written: run from a copy of the source tree
# with urigrep on PATH, a ~/Maildir, an archive.mbox and lists/, it exits
# 0 and prints exactly the lines shown (if any). A README edit or a behaviour
# change that breaks one fails here.
. "${srcdir:-.}/tests/init.sh"
top=$(cd "$srcdir" && pwd) || exit 99
bin=$(cd "${top_builddir:-$(dirname "$URIGREP")/..}/src" && pwd) || exit 99
readme=$top/README
[ -f "$readme" ] || fail "no README"
# the tree the README speaks of: src/urigrep built, the rest from srcdir
mkdir "$tmp/w" "$tmp/home" || exit 99
ln -s "$bin" "$tmp/w/src"
for d in data bench tests doc; do ln -s "$top/$d" "$tmp/w/$d"; done
cp -R "$fixtures/maildir" "$tmp/home/Maildir" || exit 99
cp "$fixtures/archive.mbox" "$tmp/w/" || exit 99
# a list archive, compressed as lists publish them
mkdir "$tmp/w/lists" && cp "$fixtures/archive.mbox" "$tmp/w/lists/2026.txt" &&
    gzip "$tmp/w/lists/2026.txt" || exit 99
# split the README into examples: ex.N holds the command, want.N the
# output shown (up to a blank line or the next command)
awk -v dir="$tmp" '
    /^    \$ / { n++; cmd = dir "/ex." n; want = dir "/want." n
               sub(/^    \$ /, ""); print > cmd; printf "" > want; out = 1
               next }
    out && /^    / { sub(/^    /, ""); print > want; next }
    { out = 0 }
    END { print n + 0 > dir "/count" }' "$readme"
n=$(cat "$tmp/count")
[ "$n" -ge 4 ] || fail "only $n examples found in the README"
i=1
while [ "$i" -le "$n" ]; do
    cmd=$(cat "$tmp/ex.$i")
    case $cmd in
    *jq\ *)
        if ! command -v jq >/dev/null 2>&1; then
            echo "jq is missing: not run: $cmd"
            i=$((i + 1))
            continue
        fi ;;
    esac
    (cd "$tmp/w" && HOME=$tmp/home PATH=$bin:$PATH sh -c "$cmd") \
        >"$tmp/out.$i" 2>"$tmp/err.$i"
    rc=$?
    [ "$rc" = 0 ] || fail "README example exits $rc: $cmd
$(cat "$tmp/err.$i")"
    [ -s "$tmp/err.$i" ] && fail "README example writes to stderr: $cmd
$(cat "$tmp/err.$i")"
    if [ -s "$tmp/want.$i" ]; then
        diff -u "$tmp/want.$i" "$tmp/out.$i" ||
            fail "README example prints something else: $cmd"
    else
        [ -s "$tmp/out.$i" ] || fail "README example prints nothing: $cmd"
    fi
    i=$((i + 1))
done
