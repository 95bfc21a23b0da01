# --pick --quit-after-open quits once a URI was opened (Enter) but not
# when the opener failed or the user said no; --open-if-one opens a sole
# URI without a keystroke and quits, and shows the list when that fails.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick.txt" "$tmp/pick.txt"
printf 'Only <http://example.org/only> here, and\nftp://example.org/f\n' \
    >"$tmp/one.txt"
printf '#!/bin/sh\nexit 3\n' >"$tmp/fails"
chmod +x "$tmp/fails"
pick_start '"$URIGREP" --pick --quit-after-open --open-with=./opener pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick j Enter
opened http://example.org/minutes.html
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"
# a failed opener: the list stays, with why
pick_start '"$URIGREP" --pick --quit-after-open --open-with=./fails pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick Enter
wait_screen "'./fails' exited with status 3"
tm send-keys -t pick q
wait_exit
# --open-if-one: one URI (-e selects it) opened at once
pick_start '"$URIGREP" --pick --open-if-one -e only --open-with=./opener one.txt'
opened http://example.org/only
wait_exit
[ "$pick_rc" = 0 ] || fail "--open-if-one: exit status $pick_rc, want 0"
# two URIs: the list as usual
pick_start '"$URIGREP" --pick --open-if-one --open-with=./opener one.txt'
wait_screen 'urigrep: 1/2'
tm send-keys -t pick q
wait_exit
# one that needs a yes is asked about first; n leaves
pick_start '"$URIGREP" --pick --open-if-one -e ftp --open-with=./opener one.txt'
wait_screen 'not http, https or mailto: open it? [y/N] ftp://example.org/f'
tm send-keys -t pick n
wait_exit
[ ! -e "$tmp/opened" ] || fail "--open-if-one opened after n"
# an opener that fails: the list, and why
pick_start '"$URIGREP" --pick --open-if-one -e only --open-with=./fails one.txt'
wait_screen "'./fails' exited with status 3"
wait_screen 'urigrep: 1/1'
tm send-keys -t pick q
wait_exit
exit 0
