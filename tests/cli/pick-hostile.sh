# --pick runs the opener with execvp, never a shell: a URI holding ; $()
# quotes, backquotes, | & and > reaches it as one argument, unchanged,
# and nothing in it is run.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick-hostile.html" "$tmp/page.html"
pick_start '"$URIGREP" --pick --open-with=./opener page.html'
wait_screen 'urigrep: 1/2'
# the words of the link follow its place
screen >"$tmp/s"
grep -q 'Click \[\*\] here *$' "$tmp/s" || fail "the link's words"

tm send-keys -t pick Enter
opened 'http://example.org/a;b$(touch${IFS}pwned)x"q`touch${IFS}pwned2`s|t&u>v'
tm send-keys -t pick j Enter
opened "http://example.org/c'd;e"
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"
for f in pwned pwned2 u v; do
    [ ! -e "$tmp/$f" ] || fail "a shell ran part of the URI: $f exists"
done
exit 0
