# The mutt workflow end to end: a real neomutt in tmux with the macro the
# manual gives (macro index,pager \cb "<pipe-message> urigrep --pick
# <Enter>"): open a message, Ctrl-B, pick a link; $BROWSER gets it.
. "${srcdir:-.}/tests/init.sh"
command -v neomutt >/dev/null 2>&1 || {
    echo "SKIP: neomutt is not installed"
    exit 77
}
. "${srcdir:-.}/tests/pick-tmux.sh"
mkdir -p "$tmp/home/Mail" "$tmp/bin"
ln -s "$URIGREP" "$tmp/bin/urigrep"
cp "$fixtures/pick.mbox" "$tmp/pick.mbox"
cat >"$tmp/muttrc" <<'RC'
set mbox_type=mbox quit=yes move=no wait_key=no help=no sidebar_visible=no
set header_cache="" mark_old=no
unset pipe_decode
macro index,pager \cb "<pipe-message> urigrep --pick<Enter>"
RC
pick_start 'HOME="$PWD/home" PATH="$PWD/bin:$PATH" BROWSER="$PWD/opener" \
    neomutt -n -F muttrc -f pick.mbox'
wait_screen 'Re: Agenda for Thursday'
# the first message, in the pager, then Ctrl-B
tm send-keys -t pick Enter
wait_screen 'The agenda is at'
tm send-keys -t pick C-b
wait_screen 'urigrep: 1/2'
grep -q '^   2 minutes.html' "$tmp/screen" ||
    fail "the message's second link"
tm send-keys -t pick Enter
opened https://wiki.example.org/agenda
wait_screen 'opened with'
# q gives the terminal back to neomutt, which needs no key (exit 0);
# its pager shows the headers, urigrep's list does not ("The agenda is
# at" is on both screens, so waiting for it proved nothing)
tm send-keys -t pick q
wait_screen 'From: Alice'
# from the index, the second message: its own links
tm send-keys -t pick q
wait_screen 'Re: Agenda for Thursday'
tm send-keys -t pick j C-b
wait_screen 'urigrep: 1/2'
tm send-keys -t pick G Enter
opened http://archive.example.org/2025/notes/bob.txt
tm send-keys -t pick q
wait_screen 'Re: Agenda for Thursday'
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "neomutt exit status $pick_rc, want 0"
exit 0
