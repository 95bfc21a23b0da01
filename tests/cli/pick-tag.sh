# --pick: t or Space tags and untags the selected URI (and moves on), a
# opens every tagged one in the order found (the selected one when none
# is tagged), each with its own opener run; --quit-after-open quits
# after that.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick.txt" "$tmp/pick.txt"
# an opener that appends, to see several runs
cat >"$tmp/log-opener" <<'OPENER'
#!/bin/sh
printf '%s\n' "$*" >>"$(dirname "$0")/log"
OPENER
chmod +x "$tmp/log-opener"
pick_start '"$URIGREP" --pick --open-with="./log-opener -n" pick.txt'
wait_screen 'urigrep: 1/4'
# t tags entry 1 and moves to 2; Space tags 2... G k: entry 3, untag 2
tm send-keys -t pick t
wait_screen 'urigrep: 2/4 (1 tagged)'
grep -q '^   1\*http://example.org/draft-1' "$tmp/screen" ||
    fail "entry 1 not marked as tagged"
tm send-keys -t pick Space
wait_screen 'urigrep: 3/4 (2 tagged)'
tm send-keys -t pick G t
wait_screen 'urigrep: 4/4 (3 tagged)'
tm send-keys -t pick g j t
wait_screen 'urigrep: 3/4 (2 tagged)'
grep -q '^   2 http://example.org/minutes.html' "$tmp/screen" ||
    fail "entry 2 still marked"
# a: the tagged ones, in the order found, whatever the selection
tm send-keys -t pick a
wait_screen 'opened 2 of 2 tagged'
printf '%s\n' '-n http://example.org/draft-1' '-n mailto:list@example.org' \
    >"$tmp/want"
diff -u "$tmp/want" "$tmp/log" || fail "a opened other URIs"
tm send-keys -t pick q
wait_exit
# a with none tagged opens the selected one; --quit-after-open quits
rm -f "$tmp/log"
pick_start '"$URIGREP" --pick --quit-after-open --open-with=./log-opener pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick j a
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"
echo http://example.org/minutes.html >"$tmp/want"
diff -u "$tmp/want" "$tmp/log" || fail "a without tags"
rm -f "$tmp/log"
pick_start '"$URIGREP" --pick --quit-after-open --open-with=./log-opener pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick t t a
wait_exit
printf '%s\n' http://example.org/draft-1 http://example.org/minutes.html \
    >"$tmp/want"
diff -u "$tmp/want" "$tmp/log" || fail "a with --quit-after-open"
exit 0
