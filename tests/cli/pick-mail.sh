# --pick on an mbox: each URI once per message (the text and HTML parts
# of a mail repeat their links), bases resolved, the message's subject
# (RFC 2047 decoded) on the status line; input from standard input, keys
# from /dev/tty, as when mutt pipes a message.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick.mbox" "$tmp/pick.mbox"
pick_start '"$URIGREP" --pick --open-with=./opener <pick.mbox'
wait_screen 'urigrep: 1/4'
screen >"$tmp/s"
grep -q '^   1 https://wiki.example.org/agenda *$' "$tmp/s" || fail "entry 1"
grep -q '^   2 minutes.html *$' "$tmp/s" || fail "entry 2"
grep -q '^   3 https://wiki.example.org/agenda *$' "$tmp/s" || fail "entry 3"
grep -q '^   4 http://archive.example.org/2025/notes/bob.txt *$' "$tmp/s" ||
    fail "entry 4: the Content-Base resolves it"
grep -q '^Subject: Agenda for Thursday *$' "$tmp/s" || fail "subject 1"
grep -q 'The agenda is at \[\*\] please add items' "$tmp/s" ||
    fail "the context of entry 1"
tm send-keys -t pick G
wait_screen 'Subject: Re: Agenda for Thursday'
tm send-keys -t pick Enter
opened http://archive.example.org/2025/notes/bob.txt
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"
exit 0
