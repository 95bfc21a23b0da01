# --pick shows text from the input (context, subject) made safe: escape
# sequences, controls and bytes that are not UTF-8 never reach the
# terminal raw (they would recolour it, retitle it, move the cursor);
# letters that are not ASCII are shown in a UTF-8 locale.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
esc=$(printf '\033')
{
    printf 'From: a@example.org\n'
    printf 'Subject: =?UTF-8?Q?hi=1B]0;TITLED=07=1B[31mred?=\n'
    printf 'Message-ID: <e1@example.org>\n'
    printf 'Content-Type: text/plain; charset=utf-8\n\n'
    printf 'Caf\303\251 Before\033[31mRED\033[0m\033]0;TITLED\007 '
    printf '<http://example.org/e> after\033[2J\033[H\377\n'
} >"$tmp/esc.eml"
PICK_LC=C.UTF-8
pick_start '"$URIGREP" --pick --open-with=./opener esc.eml'
wait_screen 'urigrep: 1/1'
screen -e >"$tmp/attrs"
# the only escapes on screen are our own attributes (reverse, bold, dim)
# (39 and 49 are the default colours, which tmux writes after them)
if grep -q "${esc}\[[0-9;]*3[0-8]m\|${esc}\[[0-9;]*4[0-8]m" "$tmp/attrs"; then
    od -c "$tmp/attrs" | head -40 >&2
    fail "a colour from the input reached the screen"
fi
screen >"$tmp/s"
# (and a UTF-8 terminal gets the letters that are not ASCII)
grep -q 'Café Before?\[31mRED?\[0m?\]0;TITLED? \[\*\] after?\[2J?\[H?' "$tmp/s" ||
    fail "the context is not shown with its controls as '?'"
grep -q 'Subject: hi?\]0;TITLED??\[31mred' "$tmp/s" ||
    fail "the subject is not shown with its controls as '?'"
title=$(tm display-message -p -t pick '#{pane_title}')
case $title in *TITLED*) fail "the input set the terminal's title" ;; esac
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"
exit 0
