# --pick's opener rules from the configuration file: by scheme (mailto:
# back to the mail client) and by pattern (videos to a player), the
# first that matches, "{}" placing the URI; a link that is not http,
# https or mailto is opened only after a yes (--confirm=auto), always
# with --confirm=always, never asked with --confirm=never.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick-rules.txt" "$tmp/pick-rules.txt"
mkdir -p "$tmp/xdg/urigrep"
# the rule's command line is split as the file quotes it, never by a shell
cat >"$tmp/xdg/urigrep/config" <<'CONF'
# urigrep --pick
open scheme mailto ./opener --mail
open match '(?i)\.(mp4|webm|mkv)$' ./opener --player {} --title 'a video'
open scheme ftp,file ./opener --files
set open-with ./opener --browser
CONF
pick_start '"$URIGREP" --pick pick-rules.txt'
wait_screen 'urigrep: 1/6'
# by pattern, the URI in place of {}
tm send-keys -t pick Enter
opened --player https://media.example.org/talk.mp4 --title 'a video'
# no rule: the default opener of the file
tm send-keys -t pick j Enter
opened --browser https://example.org/talks/
# by scheme: mailto is not asked about
tm send-keys -t pick j Enter
opened --mail 'mailto:talks@example.org?subject=Q'
# ftp: asked first; n (or any key but y) leaves it unopened
tm send-keys -t pick j Enter
wait_screen 'not http, https or mailto: open it? [y/N] ftp://ftp.example.org/pub/slides.pdf'
tm send-keys -t pick n
wait_screen 'not opened'
[ ! -e "$tmp/opened" ] || fail "ftp: opened after n"
tm send-keys -t pick Enter
wait_screen 'open it? [y/N]'
tm send-keys -t pick y
opened --files ftp://ftp.example.org/pub/slides.pdf
tm send-keys -t pick j Enter
wait_screen 'not http, https or mailto: open it? [y/N] file:///tmp/slides.pdf'
tm send-keys -t pick y
opened --files file:///tmp/slides.pdf
# the pattern ignores case as it says; the scheme test too
tm send-keys -t pick j Enter
opened --player HTTPS://MEDIA.example.org/b.MP4 --title 'a video'
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "exit status $pick_rc, want 0"

# --confirm=never opens file: at once; --open-with beats the file's
pick_start '"$URIGREP" --pick --confirm=never --open-with="./opener --cli" pick-rules.txt'
wait_screen 'urigrep: 1/6'
tm send-keys -t pick 5 Enter
wait_screen 'urigrep: 5/6'
tm send-keys -t pick Enter
opened --files file:///tmp/slides.pdf
tm send-keys -t pick k k Enter
opened --mail 'mailto:talks@example.org?subject=Q'
tm send-keys -t pick k Enter
opened --cli https://example.org/talks/
tm send-keys -t pick q
wait_exit

# --confirm=always asks for https too; --no-config: no rules, $BROWSER
pick_start 'BROWSER=./opener "$URIGREP" --pick --no-config --confirm=always pick-rules.txt'
wait_screen 'urigrep: 1/6'
tm send-keys -t pick Enter
wait_screen 'asked to confirm: open it? [y/N] https://media.example.org/talk.mp4'
tm send-keys -t pick y
opened https://media.example.org/talk.mp4
tm send-keys -t pick q
wait_exit
exit 0
