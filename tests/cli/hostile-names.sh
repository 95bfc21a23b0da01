# File names, arguments and input echoed in messages are quoted (a byte
# that may act on a terminal as \ooo, a backslash as \\), and so are file
# names in -H and -c prefixes; with -0 a file name is written as it is, and
# --json escapes it (issue 8).
. "${srcdir:-.}/tests/init.sh"
name=$(printf 'a\033]0;owned\007\033[2Jb\nc\\d.txt')
printf 'http://a.example/\n' >"$tmp/$name"
cd "$tmp" || exit 99
quoted='a\033]0;owned\007\033[2Jb\012c\\d.txt'
expect_text 0 "$quoted:http://a.example/" -H "$name"
expect_text 0 "$quoted:1:http://a.example/" -H -n "$name"
expect_text 0 "$quoted:1" -H -c "$name"
ug -H -0 "$name" >"$tmp/out"
printf '%s\000http://a.example/\000' "$name" | cmp -s - "$tmp/out" ||
    fail "-0 -H: the file name as it is: $(od -c "$tmp/out")"
ug --json "$name" >"$tmp/out"
grep -q '^{"file":"a\\u001b\]0;owned\\u0007\\u001b\[2Jb\\u000ac\\\\d.txt",' \
    "$tmp/out" || fail "--json file: $(cat "$tmp/out")"
no_raw "$tmp/out"
# -r: the names it finds
mkdir d && mv "$name" d/
ug -r d >"$tmp/out" || fail "-r"
[ "$(cat "$tmp/out")" = "d/$quoted:http://a.example/" ] ||
    fail "-r: $(od -c "$tmp/out")"

# messages: a file that cannot be opened, a binary file, a directory
expect_text 2 "" "$name"
[ "$(cat "$tmp/err")" = "urigrep: $quoted: No such file or directory" ] ||
    fail "open error: $(od -c "$tmp/err")"
printf 'x\000http://b.example/\n' >"$tmp/d/$name.bin"
expect_text 1 "" "d/$name.bin"
grep -qF "urigrep: d/$quoted.bin: binary file skipped" "$tmp/err" ||
    fail "binary: $(od -c "$tmp/err")"
no_raw "$tmp/err"
mkdir "$name"
expect_text 2 "" "$name"
grep -qF "urigrep: $quoted: Is a directory" "$tmp/err" ||
    fail "directory: $(od -c "$tmp/err")"

# --verbose: a charset name from the input
printf 'From: a@b.example\nContent-Type: text/plain; charset="x\033[2J\342\200\256y"\n\nhttp://c.example/\n' >"$tmp/cs.eml"
expect_text 0 "http://c.example/" --verbose "$tmp/cs.eml"
grep -qF "unknown charset 'x\\033[2J\\342\\200\\256y'" "$tmp/err" ||
    fail "charset: $(od -c "$tmp/err")"
# the warning for an over-long candidate names the file
printf 'http://long.example/%0100d\n' 0 >"$tmp/d/$name.long"
expect_text 1 "" --max-uri-length=50 "d/$name.long"
grep -qF "urigrep: d/$quoted.long:1: warning: URI candidate longer" "$tmp/err" ||
    fail "too long: $(od -c "$tmp/err")"

# usage errors echo the argument quoted, getopt's messages too
for args in "--rfc=$(printf '\033[2J')" "--base=$(printf '\033[2J')" \
    "--type=$(printf 'x\033[2J')" "--no-such$(printf '\033[2J')" \
    "-e$(printf '(\033[2J')"; do
    ug "$args" </dev/null >/dev/null 2>"$tmp/err"
    [ $? = 2 ] || fail "exit status of urigrep $args"
    grep -q '\\033\[2J' "$tmp/err" || fail "not quoted: $(od -c "$tmp/err")"
    no_raw "$tmp/err"
done
