# --pick: y copies the selected URI, exactly as the opener would get it:
# as OSC 52 on the terminal (tmux with set-clipboard on keeps it in a
# buffer, as a terminal would on its clipboard) and with wl-copy under
# Wayland, else xclip, else xsel under X, from PATH, the URI on its
# standard input; the status line says which.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
echo 'set -s set-clipboard on' >>"$tmp/tmux.conf"
# a URI with shell metacharacters: copied byte for byte, nothing run
printf 'See <http://example.org/a;$(touch${IFS}pwned)`id`?q=1&r=2> and\n%s\n' \
    'https://example.net/two' >"$tmp/copy.txt"
# urigrep's PATH is $tmp/bin alone: the fakes, and what they run (cat,
# mv) and the opener runs (dirname); no clipboard tool of the machine's
path_only "$tmp/bin" cat mv dirname
for tool in wl-copy xclip xsel; do
    printf '#!/bin/sh\n{ echo "%s $*"; cat; } >"%s/clip.t"\n' \
        "$tool" "$tmp" >"$tmp/bin/$tool"
    printf 'mv "%s/clip.t" "%s/clip"\n' "$tmp" "$tmp" >>"$tmp/bin/$tool"
    chmod +x "$tmp/bin/$tool"
done
# clip WANT: a tool was run, its name and arguments on a line, then the
# URI with no newline after it
clip() {
    wait_file "$tmp/clip"
    printf '%s' "$1" >"$tmp/clip.want"
    cmp -s "$tmp/clip.want" "$tmp/clip" || {
        diff -u "$tmp/clip.want" "$tmp/clip"
        fail "the clipboard tool got other input"
    }
    rm -f "$tmp/clip"
}
pick_start 'unset WAYLAND_DISPLAY; DISPLAY=:9 PATH="$PWD/bin" \
    "$URIGREP" --pick --open-with=./opener copy.txt'
wait_screen 'urigrep: 1/2'
tm send-keys -t pick y
wait_screen 'copied (OSC 52, xclip)'
clip 'xclip -selection clipboard -in
http://example.org/a;$(touch${IFS}pwned)`id`?q=1&r=2'
# tmux took the OSC 52 sequence: its newest buffer holds the URI
[ "$(tm show-buffer)" = 'http://example.org/a;$(touch${IFS}pwned)`id`?q=1&r=2' ] ||
    fail "OSC 52: tmux's buffer holds '$(tm show-buffer)'"
[ ! -e "$tmp/pwned" ] || fail "a shell ran the URI"
tm send-keys -t pick q
wait_exit
# Wayland first; xsel when there is no xclip
pick_start 'WAYLAND_DISPLAY=wayland-9 DISPLAY=:9 PATH="$PWD/bin" \
    "$URIGREP" --pick --open-with=./opener copy.txt'
wait_screen 'urigrep: 1/2'
tm send-keys -t pick j y
wait_screen 'copied (OSC 52, wl-copy)'
clip 'wl-copy 
https://example.net/two'
[ "$(tm show-buffer)" = https://example.net/two ] || fail "OSC 52, twice"
tm send-keys -t pick q
wait_exit
rm "$tmp/bin/xclip"
pick_start 'unset WAYLAND_DISPLAY; DISPLAY=:9 PATH="$PWD/bin" \
    "$URIGREP" --pick --open-with=./opener copy.txt'
wait_screen 'urigrep: 1/2'
tm send-keys -t pick j y
wait_screen 'copied (OSC 52, xsel)'
clip 'xsel --clipboard --input
https://example.net/two'
tm send-keys -t pick q
wait_exit
# no display: OSC 52 alone; --quit-after-open quits after a copy
tm delete-buffer >/dev/null 2>&1
pick_start 'unset WAYLAND_DISPLAY DISPLAY; PATH="$PWD/bin" \
    "$URIGREP" --pick --quit-after-open --open-with=./opener copy.txt'
wait_screen 'urigrep: 1/2'
tm send-keys -t pick j y
wait_exit
[ "$(tm show-buffer)" = https://example.net/two ] || fail "OSC 52 alone"
[ ! -e "$tmp/clip" ] || fail "a tool run without a display"
exit 0
