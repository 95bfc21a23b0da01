# The alot workflow end to end: a real alot (the notmuch mail reader) in
# tmux, on a notmuch database made here, with the binding urigrep(1)
# gives ('ctrl b' = pipeto 'urigrep --pick' in [[thread]]) taken from the
# man page into alot's configuration as a user would: open a thread,
# Ctrl-B, pick a link; $BROWSER gets it, and alot is back after q.
. "${srcdir:-.}/tests/init.sh"
for p in alot notmuch; do
    command -v $p >/dev/null 2>&1 || {
        echo "SKIP: $p is not installed"
        exit 77
    }
done
. "${srcdir:-.}/tests/pick-tmux.sh"
# the binding as the man page prints it, roff escapes undone
sed -n '/^\[bindings\]/,/pipeto/p' "${srcdir:-.}/doc/urigrep.1" |
    sed 's/\\(aq/'"'"'/g; s/\\-/-/g' >"$tmp/alot.config"
[ "$(wc -l <"$tmp/alot.config")" = 3 ] || fail "no alot binding in urigrep.1"
grep -q "^    'ctrl b' = pipeto 'urigrep --pick'\$" "$tmp/alot.config" ||
    fail "the binding read from urigrep.1: $(cat "$tmp/alot.config")"
mkdir -p "$tmp/home" "$tmp/bin" "$tmp/mail/cur" "$tmp/mail/new" \
    "$tmp/mail/tmp"
ln -s "$URIGREP" "$tmp/bin/urigrep"
# the two messages of pick.mbox, one file each in a maildir
awk -v dir="$tmp/mail/new" '
    /^From / { n++; f = dir "/" n ".test:2,"; next }
    { print > f }' "$fixtures/pick.mbox"
cat >"$tmp/notmuch-config" <<CONF
[database]
path=$tmp/mail
[user]
name=Test
primary_email=test@example.org
[new]
tags=inbox;unread;
[search]
exclude_tags=
[maildir]
synchronize_flags=false
CONF
NOTMUCH_CONFIG="$tmp/notmuch-config" notmuch new >"$tmp/new.out" 2>&1 ||
    fail "notmuch new: $(cat "$tmp/new.out")"
[ "$(NOTMUCH_CONFIG="$tmp/notmuch-config" notmuch count '*')" = 2 ] ||
    fail "notmuch did not index the two messages"
PICK_LC=C.UTF-8
# (alot's notmuch2 reads the database's configuration from
# NOTMUCH_CONFIG, not from -n)
pick_start 'HOME="$PWD/home" PATH="$PWD/bin:$PATH" BROWSER="$PWD/opener" \
    NOTMUCH_CONFIG="$PWD/notmuch-config" \
    alot -n notmuch-config -c alot.config search "subject:Agenda"'
wait_screen 'Bob Agenda for Thursday'
# the thread of the first message (its header shown, which the list of
# threads does not show), then Ctrl-B on it
tm send-keys -t pick Enter
wait_screen 'Alice <alice@example.org>'
tm send-keys -t pick C-b
wait_screen 'urigrep: 1/2'
grep -q '^   2 minutes.html' "$tmp/screen" ||
    fail "the message's second link"
tm send-keys -t pick Enter
opened https://wiki.example.org/agenda
wait_screen 'opened with'
# q gives the terminal back to alot: its thread view again
tm send-keys -t pick q
wait_screen 'Alice <alice@example.org>'
grep -q 'urigrep:' "$tmp/screen" && fail "urigrep's list is still shown"
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "alot exit status $pick_rc, want 0"
exit 0
