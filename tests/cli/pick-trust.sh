# --pick marks a link whose visible text names another site ([mismatch],
# by the Public Suffix List) and one whose host may be misread
# ([lookalike]: userinfo that reads as a host), and asks before opening
# either, even with the default --confirm=auto; a plain https link opens
# at once (issue 22 items 3 and 4).
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
"$URIGREP" --version | grep -q '^Features:.* libpsl' ||
    { echo "built without libpsl: no mismatch to show" >&2; exit 77; }
cp "$fixtures/pick-trust.html" "$tmp/pick-trust.html"
pick_start '"$URIGREP" --pick --open-with=./opener pick-trust.html'
wait_screen 'urigrep: 1/3'
wait_screen '[mismatch] https://evil.example.net/login'
wait_screen '[lookalike] http://paypal.com@evil.example/x'
# the text says www.paypal.com, the link goes to example.net: asked, no
tm send-keys -t pick Enter
wait_screen 'its text names another site: open it? [y/N]'
tm send-keys -t pick n
wait_screen 'not opened'
[ ! -e "$tmp/opened" ] || fail "mismatch: opened after n"
# userinfo that reads as a host: asked, yes
tm send-keys -t pick j Enter
wait_screen 'its host looks like another: open it? [y/N]'
tm send-keys -t pick y
opened http://paypal.com@evil.example/x
# its text names its own site: opened at once
tm send-keys -t pick j Enter
opened https://www.example.org/help
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"
