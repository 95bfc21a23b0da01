# --pick's configuration file: found at $URIGREP_CONFIG, else
# $XDG_CONFIG_HOME/urigrep/config, else ~/.config/urigrep/config; its
# options are defaults that the command line overrides, its key bindings
# replace the default keys (urlscan's action names taken too); a bad line
# is an error naming file and line (exit 2, before any input is read);
# --no-config reads none.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pick-tmux.sh"
cp "$fixtures/pick.txt" "$tmp/pick.txt"

# a bad line: "urigrep: FILE:LINE: reason", exit 2, the input unread
printf 'set compact\n\nbind o launch\n' >"$tmp/bad.conf"
URIGREP_CONFIG="$tmp/bad.conf" "$URIGREP" --pick "$tmp/no-such-input" \
    </dev/null >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "a bad line: exit status $?, want 2"
echo "urigrep: $tmp/bad.conf:3: bind: unknown action 'launch'" >"$tmp/want"
diff -u "$tmp/want" "$tmp/err" || fail "a bad line's message"
[ ! -s "$tmp/out" ] || fail "output after a bad configuration"
# a named file that cannot be read is an error; the name made safe
URIGREP_CONFIG="$tmp/no
such" "$URIGREP" --pick "$tmp/pick.txt" </dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "a missing \$URIGREP_CONFIG: exit status, want 2"
grep -q "^urigrep: $tmp/no\\\\012such: No such file or directory\$" \
    "$tmp/err" || fail "a missing \$URIGREP_CONFIG: $(cat "$tmp/err")"
# a control byte of the file is quoted in the message
printf 'set compact \033[31mred\n' >"$tmp/esc.conf"
URIGREP_CONFIG="$tmp/esc.conf" "$URIGREP" --pick "$tmp/pick.txt" \
    </dev/null 2>"$tmp/err"
grep -q "esc.conf:1: compact: '\\\\033\\[31mred' is not yes or no" \
    "$tmp/err" || fail "a control byte in the message: $(cat "$tmp/err")"
# a bad --pick option is a usage error
"$URIGREP" --pick --confirm=sometimes "$tmp/pick.txt" </dev/null \
    2>"$tmp/err"
[ $? = 2 ] || fail "--confirm=sometimes: exit status, want 2"
grep -q "^urigrep: --confirm: want auto, always or never" "$tmp/err" ||
    fail "--confirm=sometimes: $(cat "$tmp/err")"

# --no-config: the bad file is not read
pick_start 'URIGREP_CONFIG=bad.conf "$URIGREP" --pick --no-config \
    --open-with=./opener pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick Enter
opened http://example.org/draft-1
tm send-keys -t pick q
wait_exit

# where the file is looked for
mkdir -p "$tmp/home/.config/urigrep" "$tmp/xdg2/urigrep" "$tmp/xdg/urigrep"
echo 'set open-with ./opener --home' >"$tmp/home/.config/urigrep/config"
echo 'set open-with ./opener --xdg' >"$tmp/xdg2/urigrep/config"
echo 'set open-with ./opener --env' >"$tmp/env.conf"
for where in env xdg home; do
    case $where in
    env) env='URIGREP_CONFIG=env.conf XDG_CONFIG_HOME="$PWD/xdg2"
              HOME="$PWD/home"' ;;
    xdg) env='XDG_CONFIG_HOME="$PWD/xdg2" HOME="$PWD/home"' ;;
    home) env='unset XDG_CONFIG_HOME; HOME="$PWD/home"' ;;
    esac
    pick_start "$env; export URIGREP_CONFIG XDG_CONFIG_HOME HOME
        \"\$URIGREP\" --pick pick.txt"
    wait_screen 'urigrep: 1/4'
    tm send-keys -t pick Enter
    opened --$where http://example.org/draft-1
    tm send-keys -t pick q
    wait_exit
done
# no file where the defaults point: no error
pick_start 'HOME="$PWD/nowhere" BROWSER=./opener "$URIGREP" --pick pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick q
wait_exit
[ "$pick_rc" = 0 ] || fail "no file: exit status $pick_rc, want 0"

# options and bindings
cat >"$tmp/xdg/urigrep/config" <<'CONF'
set open-with ./opener
set reverse
set compact   # one row each
bind o open_url
bind Enter none
bind C-n down
bind x quit
CONF
pick_start '"$URIGREP" --pick pick.txt'
wait_screen 'urigrep: 1/4'
screen >"$tmp/s"
# reversed, one row each: entry 4 on top, the others below it
sed -n 2,6p "$tmp/s" | sed 's/ *$//' >"$tmp/rows"
cat >"$tmp/want" <<'ROWS'
   4 mailto:list@example.org
   3 https://gamma.example.net/notes?v=2&lang=en
   2 http://example.org/minutes.html
   1 http://example.org/draft-1

ROWS
diff -u "$tmp/want" "$tmp/rows" || fail "set reverse, set compact"
grep -q 'The first draft' "$tmp/s" && fail "context shown with compact"
# Enter unbound: nothing opened; o opens; C-n moves down
tm send-keys -t pick Enter C-n
wait_screen 'urigrep: 2/4'
[ ! -e "$tmp/opened" ] || fail "Enter opened though unbound"
tm send-keys -t pick o
opened https://gamma.example.net/notes?v=2\&lang=en
tm send-keys -t pick x
wait_exit
# --open-with on the command line wins over the file's open-with
pick_start '"$URIGREP" --pick --open-with="./opener --cli" pick.txt'
wait_screen 'urigrep: 1/4'
tm send-keys -t pick o
opened --cli mailto:list@example.org
tm send-keys -t pick q
wait_exit
exit 0
