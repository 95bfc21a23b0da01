# The tmux binding urigrep(1) gives (prefix u: the pane's text, lines
# joined, listed by urigrep --pick in a new window), taken from the man
# page into tmux.conf as a user would, then its commands run by tmux as
# the key would run them; Enter opens with $BROWSER, q closes the window.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
# the binding as the man page prints it, roff escapes undone
sed -n '/^bind\\-key u capture/,/delete\\-buffer/p' \
    "${srcdir:-.}/doc/urigrep.1" | sed 's/\\-/-/g; s/\\e/\\/g' >"$tmp/bind"
[ "$(wc -l <"$tmp/bind")" = 3 ] || fail "no binding in urigrep.1"
cat "$tmp/bind" >>"$tmp/tmux.conf"
mkdir "$tmp/bin"
ln -s "$URIGREP" "$tmp/bin/urigrep"
cp "$fixtures/pick.txt" "$tmp/pick.txt"
# what the new window inherits from the tmux server, started below
PATH="$tmp/bin:$PATH" BROWSER="$tmp/opener" XDG_CONFIG_HOME="$tmp/xdg"
export PATH BROWSER XDG_CONFIG_HOME
# a pane showing text: the draft's link cut at the pane's edge
pick_start 'cat pick.txt; printf "%s%s\n" "Long line: http://example.org/a-long" \
    "-path/$(printf "%060d" 0)/end"'
wait_screen 'Mail the list'
# the binding as tmux read it from the configuration: what prefix u runs
tm list-keys -T prefix u >"$tmp/key"
# (in a file of commands, one ';' separates them, as "\;" did in the
# binding)
sed 's/^bind-key *-T prefix *u *//; s/ \\; / ; /' "$tmp/key" >"$tmp/run.conf"
grep -q '^capture-pane -J -b urigrep' "$tmp/run.conf" ||
    fail "tmux did not take the binding: $(cat "$tmp/key")"
tm source-file "$tmp/run.conf"
wait_screen 'urigrep: 1/5'
# the URI cut at the pane's edge was joined (-J): Enter opens it whole
tm send-keys -t pick G Enter
opened "http://example.org/a-long-path/$(printf %060d 0)/end"
tm send-keys -t pick q
# the window closes, the buffer is gone
w=0
while tm show-buffer -b urigrep >/dev/null 2>&1 && [ $w -lt 100 ]; do
    sleep 0.1
    w=$((w + 1))
done
tm show-buffer -b urigrep >/dev/null 2>&1 && fail "the buffer is left"
[ "$(tm list-windows -t pick | wc -l)" = 1 ] || fail "the window is left"
exit 0
