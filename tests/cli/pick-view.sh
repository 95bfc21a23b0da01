# --pick's view keys: a number then Enter jumps to that entry (Esc gives
# up; one out of range is said), c shows or hides the context (a compact
# list, as --compact starts), R reverses the order (as --reverse starts)
# keeping the selected entry and the numbers of the order found.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick.txt" "$tmp/pick.txt"
# rows ROW...: the pane's rows 2 to 5 without trailing blanks
rows() {
    screen | sed -n 2,5p | sed 's/ *$//' >"$tmp/rows"
    printf '%s\n' "$@" >"$tmp/rows.want"
    diff -u "$tmp/rows.want" "$tmp/rows" || fail "rows differ"
}
pick_start '"$URIGREP" --pick --open-with=./opener pick.txt'
wait_screen 'urigrep: 1/4'
# jump: 3 Enter; 2 Backspace 4 Enter; 9 Enter is no entry; 2 Esc
tm send-keys -t pick 3
wait_screen 'Jump to: 3'
tm send-keys -t pick Enter
wait_screen 'urigrep: 3/4'
tm send-keys -t pick 2 BSpace 4 Enter
wait_screen 'urigrep: 4/4'
tm send-keys -t pick 9 Enter
wait_screen 'no such entry'
tm send-keys -t pick 2 Escape
wait_screen 'urigrep: 4/4'
# with context: two rows each
tm send-keys -t pick g
wait_screen 'urigrep: 1/4'
rows '   1 http://example.org/draft-1' \
     '      The first draft is at [*] for review. Minutes of the meeting: http://examp' \
     '   2 http://example.org/minutes.html' \
     '      or review. Minutes of the meeting: [*] (see item 4). Again the draft <http'
# c: compact, and back
tm send-keys -t pick c
wait_screen '   4 mailto:list@example.org'
rows '   1 http://example.org/draft-1' '   2 http://example.org/minutes.html' \
     '   3 https://gamma.example.net/notes?v=2&lang=en' \
     '   4 mailto:list@example.org'
tm send-keys -t pick c
wait_screen 'The first draft is at'
# R: reversed, the selection kept (entry 2, now at position 3)
tm send-keys -t pick j c R
wait_screen 'urigrep: 3/4'
rows '   4 mailto:list@example.org' \
     '   3 https://gamma.example.net/notes?v=2&lang=en' \
     '   2 http://example.org/minutes.html' '   1 http://example.org/draft-1'
# a number is the entry's, not its place
tm send-keys -t pick 4 Enter
wait_screen 'urigrep: 1/4'
tm send-keys -t pick Enter
opened mailto:list@example.org
tm send-keys -t pick R
wait_screen 'urigrep: 4/4'
# j moves down the list as shown
tm send-keys -t pick R j
wait_screen 'urigrep: 2/4'
tm send-keys -t pick Enter
opened https://gamma.example.net/notes?v=2\&lang=en
tm send-keys -t pick C-l Q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc after Q, want 0"
# --compact --reverse from the start
pick_start '"$URIGREP" --pick --compact --reverse --open-with=./opener pick.txt'
wait_screen 'urigrep: 1/4'
rows '   4 mailto:list@example.org' \
     '   3 https://gamma.example.net/notes?v=2&lang=en' \
     '   2 http://example.org/minutes.html' '   1 http://example.org/draft-1'
tm send-keys -t pick q
wait_exit
exit 0
