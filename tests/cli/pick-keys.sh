# --pick: the list of URIs (each once, in order, with the words around
# it) driven by its keys in tmux; Enter runs --open-with's command with
# the URI as one more argument and shows the list again.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick.txt" "$tmp/pick.txt"
pick_start '"$URIGREP" --pick --open-with="./opener --new-tab" pick.txt'
wait_screen 'urigrep: 1/4'
screen >"$tmp/s"
grep -q '^   1 http://example.org/draft-1 *$' "$tmp/s" || fail "entry 1"
grep -q '^   4 mailto:list@example.org *$' "$tmp/s" || fail "entry 4"
[ "$(grep -c 'draft-1' "$tmp/s")" = 1 ] || fail "the draft listed twice"
grep -q 'The first draft is at \[\*\] for review' "$tmp/s" ||
    fail "the context of entry 1"
grep -q 'release notes at \[\*\] today' "$tmp/s" ||
    fail "the context of entry 3"
# Down/j next, Up/k previous
tm send-keys -t pick j
wait_screen 'urigrep: 2/4'
tm send-keys -t pick Down
wait_screen 'urigrep: 3/4'
tm send-keys -t pick k
wait_screen 'urigrep: 2/4'
tm send-keys -t pick Up
wait_screen 'urigrep: 1/4'
# G last, g first, PgDn/PgUp a page (here: to the ends)
tm send-keys -t pick G
wait_screen 'urigrep: 4/4'
tm send-keys -t pick g
wait_screen 'urigrep: 1/4'
tm send-keys -t pick NPage
wait_screen 'urigrep: 4/4'
tm send-keys -t pick PPage
wait_screen 'urigrep: 1/4'
# Enter opens; the list comes back
tm send-keys -t pick j Enter
opened --new-tab http://example.org/minutes.html
wait_screen 'opened with ./opener'
wait_screen 'urigrep: 2/4'
# / searches (ignoring case), n goes on to the next match
tm send-keys -t pick / G A M M A Enter
wait_screen 'urigrep: 3/4'
tm send-keys -t pick Enter
opened --new-tab 'https://gamma.example.net/notes?v=2&lang=en'
tm send-keys -t pick / e x a m p l e . o r g Enter
wait_screen 'urigrep: 4/4'
tm send-keys -t pick n
wait_screen 'urigrep: 1/4'
tm send-keys -t pick / n o w h e r e Enter
wait_screen 'not found: nowhere'
# q quits, exit status 0
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc after q, want 0"
# Esc quits too
pick_start '"$URIGREP" --pick --open-with=./opener pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick Escape
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc after Esc, want 0"
exit 0
