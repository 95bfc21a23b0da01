# -u takes a scope: --unique=message prints each URI once per message (a
# mail's text and HTML parts repeat the same links), --unique=file once per
# file, and -u (--unique=all) once in the whole run, as before.
. "${srcdir:-.}/tests/init.sh"
cp "$fixtures/unique-scope.mbox" "$tmp/a.mbox" || exit 99
cd "$tmp" || exit 99
n=https://example.org/notes
c=https://example.org/code
f=https://example.org/faq
expect_text 0 "$n
$c
$n
$n
$c
$n
$f
$n
$f" a.mbox
expect_text 0 "$n
$c
$n
$f" --unique=message a.mbox
expect_text 0 "a.mbox:4
a.mbox:4" -c --unique=message a.mbox a.mbox
expect_text 0 "$n
$c
$f" --unique=file a.mbox
expect_text 0 "a.mbox:$n
a.mbox:$c
a.mbox:$f
a.mbox:$n
a.mbox:$c
a.mbox:$f" --unique=file a.mbox a.mbox
for all in -u --unique --unique=all; do
    expect_text 0 "a.mbox:$n
a.mbox:$c
a.mbox:$f" $all a.mbox a.mbox
done
# text has no messages: once per file
printf 'http://x.example/ http://x.example/\n' >t.txt
expect_text 0 "t.txt:http://x.example/
t.txt:http://x.example/" --unique=message t.txt t.txt
expect_text 2 "" --unique=thread a.mbox
grep -q "^urigrep: --unique takes message, file, all, not 'thread'" "$tmp/err" ||
    fail "bad scope: $(cat "$tmp/err")"
