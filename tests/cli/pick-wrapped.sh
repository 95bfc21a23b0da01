# --pick lists a wrapped link (a redirector) with its target and "via"
# its wrapper's name; Enter, a and y take the wrapper as the mail has it
# unless --open-wrapped=target (or "set open-wrapped target") says the
# target, and a target that is not http, https or mailto is asked about;
# a wrapper that holds no target (Mimecast) is listed as it is.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick-wrapped.txt" "$tmp/pick-wrapped.txt"
echo 'set -s set-clipboard on' >>"$tmp/tmux.conf"
slack='https://slack-redir.net/link?url=https%3A%2F%2Fwww.npmjs.com%2Fpackage%2Fdotenv'
pick_start '"$URIGREP" --pick --open-with=./opener pick-wrapped.txt'
wait_screen 'urigrep: 1/3'
screen >"$tmp/s"
grep -q '^   1 https://www.npmjs.com/package/dotenv *$' "$tmp/s" ||
    fail "the Slack link's target"
grep -q '^      via slack: The package: \[\*\] as the docs say' "$tmp/s" ||
    fail "via slack"
grep -q '^   2 ftp://ftp.example.org/pub/ *$' "$tmp/s" ||
    fail "the Google link's target"
grep -q '^   3 https://protect-us.mimecast.com/s/AbCdEfGhIjKlMn?domain=exampl' \
    "$tmp/s" || fail "the Mimecast link as it is"
grep -q '^      via mimecast: ' "$tmp/s" || fail "via mimecast"
# the status line names the wrapper and shows the link as written
grep -q "^slack: https://slack-redir.net/link?url=https%3A%2F%2Fwww.npmjs" \
    "$tmp/s" || fail "the status line"
# by default the wrapper is opened (an http link: no question)
tm send-keys -t pick y
wait_screen 'copied (OSC 52'
[ "$(tm show-buffer)" = "$slack" ] || fail "y copied '$(tm show-buffer)'"
tm send-keys -t pick Enter
opened "$slack"
tm send-keys -t pick j Enter
opened 'https://www.google.com/url?q=ftp://ftp.example.org/pub/&sa=D'
tm send-keys -t pick q
wait_exit
# --open-wrapped=target: the target; ftp: asked first
pick_start '"$URIGREP" --pick --open-wrapped=target --open-with=./opener pick-wrapped.txt'
wait_screen 'urigrep: 1/3'
tm send-keys -t pick Enter
opened https://www.npmjs.com/package/dotenv
tm send-keys -t pick j Enter
wait_screen 'not http, https or mailto: open it? [y/N] ftp://ftp.example.org/pub/'
tm send-keys -t pick y
opened ftp://ftp.example.org/pub/
# no target: the wrapper
tm send-keys -t pick j Enter
opened 'https://protect-us.mimecast.com/s/AbCdEfGhIjKlMn?domain=example.com'
# y copies what Enter opens: the target
tm send-keys -t pick g y
wait_screen 'copied (OSC 52'
[ "$(tm show-buffer)" = https://www.npmjs.com/package/dotenv ] ||
    fail "y with --open-wrapped=target copied '$(tm show-buffer)'"
tm send-keys -t pick q
wait_exit
# the same from the configuration file; / finds a target's text; a opens
# the targets
mkdir -p "$tmp/xdg/urigrep"
echo 'set open-wrapped target' >"$tmp/xdg/urigrep/config"
cat >"$tmp/log-opener" <<'OPENER'
#!/bin/sh
printf '%s\n' "$*" >>"$(dirname "$0")/log"
OPENER
chmod +x "$tmp/log-opener"
pick_start '"$URIGREP" --pick --confirm=never --open-with=./log-opener pick-wrapped.txt'
wait_screen 'urigrep: 1/3'
tm send-keys -t pick / f t p . e x a m p l e Enter
wait_screen 'urigrep: 2/3'
tm send-keys -t pick g t t a
wait_screen 'opened 2 of 2 tagged'
printf '%s\n' https://www.npmjs.com/package/dotenv ftp://ftp.example.org/pub/ \
    >"$tmp/want"
diff -u "$tmp/want" "$tmp/log" || fail "a with open-wrapped target"
tm send-keys -t pick q
wait_exit
exit 0
