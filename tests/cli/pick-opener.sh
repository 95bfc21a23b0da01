# --pick's opener: without --open-with, $BROWSER (split on blanks), else
# xdg-open from PATH; the terminal is restored for it; an opener that
# cannot be run or fails is said on the status line and the list stays.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick.txt" "$tmp/pick.txt"
pick_start 'BROWSER="./opener  --from-browser" "$URIGREP" --pick pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick Enter
opened --from-browser http://example.org/draft-1
tm send-keys -t pick q
wait_exit
# xdg-open from a PATH of the fake and what it and the opener run
path_only "$tmp/bin" dirname mv
printf '#!/bin/sh\nexec "%s/opener" "$@"\n' "$tmp" >"$tmp/bin/xdg-open"
chmod +x "$tmp/bin/xdg-open"
pick_start 'unset BROWSER; PATH="$PWD/bin" "$URIGREP" --pick pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick j Enter
opened http://example.org/minutes.html
wait_screen 'opened with xdg-open'
tm send-keys -t pick q
wait_exit
pick_start '"$URIGREP" --pick --open-with=./no-such-opener pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick Enter
wait_screen "could not run './no-such-opener'"
wait_screen 'urigrep: 1/4'
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"
# a console browser gets the terminal as the shell left it: line mode,
# echo on (ncurses' cbreak and noecho undone before the opener runs)
printf '#!/bin/sh\nstty -a >stty\nexec ./opener "$@"\n' >"$tmp/console"
chmod +x "$tmp/console"
pick_start '"$URIGREP" --pick --open-with=./console pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick Enter
opened http://example.org/draft-1
grep -q '[; ]icanon\b' "$tmp/stty" || fail "the opener got -icanon"
grep -q '[; ]echo\b' "$tmp/stty" || fail "the opener got -echo"
wait_screen 'opened with ./console'
tm send-keys -t pick q
wait_exit
printf '#!/bin/sh\nexit 3\n' >"$tmp/fails"
chmod +x "$tmp/fails"
pick_start '"$URIGREP" --pick --open-with=./fails pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick Enter
wait_screen "'./fails' exited with status 3"
tm send-keys -t pick q
wait_exit
exit 0
