# -r as grep -r: every regular file below the directory in name order,
# symbolic links and special files not followed or read, a tree deeper
# than the directories walk() keeps open read whole even when few file
# descriptors are allowed, an unreadable directory reported and the rest
# read (exit 2), with -j 1 and -j 2 alike.  urigrep runs as a user that
# file permissions bind (as nobody when the tests run as root, as in CI).
. "${srcdir:-.}/tests/init.sh"
unprivileged

t=$tmp/tree
mkdir -p "$t/b" "$t/a/sub"
printf 'see http://example.org/a1\n' >"$t/a/1"
printf 'see http://example.org/a2\n' >"$t/a/sub/2"
printf 'see http://example.org/b\n' >"$t/b/x"
printf 'see http://example.org/top\n' >"$t/c"
ln -s "$t/c" "$t/link-to-c"
ln -s "$t/a" "$t/link-to-a"
mkfifo "$t/fifo" 2>/dev/null || true

cat >"$tmp/want" <<EOF2
$t/a/1:http://example.org/a1
$t/a/sub/2:http://example.org/a2
$t/b/x:http://example.org/b
$t/c:http://example.org/top
EOF2
for j in 1 2; do
    expect 0 "$tmp/want" -j "$j" -r "$t"
    # a trailing slash makes no double slash
    expect 0 "$tmp/want" -j "$j" -r "$t/"
done

# name order is strcmp()'s (LC_ALL=C sort): names that share their first
# 15 bytes (walk() sorts on the 8 after those), that differ only past
# those 8, a name that begins others, a byte above 0x7f after ASCII
o=$tmp/order
mkdir "$o"
for n in 0000000000010 00000000000100 0000000000002 00000000000099 \
    0000000000001 00000000000 "0000000000001$(printf '\303\251')" \
    0000000000001z 00000000000010 00000000000aaaaaaaaaa1 \
    00000000000aaaaaaaaaa0 00000000000aaaaaaaa; do
    printf 'http://example.org/%s\n' "$n" >"$o/msg-$n"
done
(cd "$o" && for f in *; do printf '%s\n' "$f"; done) | LC_ALL=C sort |
    while read -r n; do
        printf '%s/%s:http://example.org/%s\n' "$o" "$n" "${n#msg-}"
    done >"$tmp/want"
for j in 1 2; do
    expect 0 "$tmp/want" -j "$j" -r "$o"
done

# 40 levels: more than walk() keeps open; with 16 descriptors allowed
d=$tmp/deep
p=$d
i=0
while [ $i -lt 40 ]; do
    p=$p/d$i
    i=$((i + 1))
done
mkdir -p "$p"
printf 'at the bottom <http://example.org/deep>\n' >"$p/msg"
printf 'at the top http://example.org/shallow\n' >"$d/msg"
printf '%s\n' "$p/msg:http://example.org/deep" "$d/msg:http://example.org/shallow" \
    >"$tmp/want"
for j in 1 2; do
    (ulimit -n 16 && ug -j "$j" -r "$d") >"$tmp/out" 2>"$tmp/err" ||
        { cat "$tmp/err" >&2; fail "-j $j -r on a deep tree with ulimit -n 16"; }
    diff -u "$tmp/want" "$tmp/out" || fail "-j $j -r deep tree"
done

# an unreadable directory: said, the others read, status 2
mkdir "$t/closed"
chmod 000 "$t/closed"
for j in 1 2; do
    ug -j "$j" -r "$t" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] || fail "-j $j: unreadable directory: status $rc, want 2"
    grep -q "^urigrep: $t/closed: Permission denied\$" "$tmp/err" ||
        fail "-j $j: unreadable directory not named: $(cat "$tmp/err")"
    diff -u - "$tmp/out" <<EOF2 || fail "-j $j: the other files not read"
$t/a/1:http://example.org/a1
$t/a/sub/2:http://example.org/a2
$t/b/x:http://example.org/b
$t/c:http://example.org/top
EOF2
done
chmod 755 "$t/closed"
exit 0
