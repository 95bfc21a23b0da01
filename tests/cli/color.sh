# --color=always colours as grep does (GREP_COLORS "mt", "fn", "ln", "bn",
# "se"; URIGREP_COLORS overrides; "iv" for invalid references), never and
# auto off a terminal leave output alone, and colours never let a byte of
# the input reach the terminal raw: the URI and file name stay cleaned.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
printf 'See http://a.example/ and\nhttp://bad.example/%%zz\n' >f.txt
unset GREP_COLORS URIGREP_COLORS GREP_COLOR
e=$(printf '\033')
s() { printf '%s[%sm%s[K' "$e" "$1" "$e"; }   # start colour $1
z=$(printf '%s[m%s[K' "$e" "$e")             # end
plain=$(ug -Hn f.txt)
for off in "" --color=never --color --color=auto --colour=auto; do
    ug $off -Hn f.txt >out
    [ "$(cat out)" = "$plain" ] || fail "$off: $(od -c out | head)"
done
ug --color=always -H -n -b f.txt >out
want="$(s 35)f.txt$z$(s 36):$z$(s 32)1$z$(s 36):$z$(s 32)4$z$(s 36):$z$(s '01;31')http://a.example/$z
$(s 35)f.txt$z$(s 36):$z$(s 32)2$z$(s 36):$z$(s 32)26$z$(s 36):$z$(s '01;33')http://bad.example/%zz$z"
[ "$(cat out)" = "$want" ] || fail "always: $(od -c out | head -20)"
# GREP_COLORS, then URIGREP_COLORS; "ms" as "mt"; junk values ignored
GREP_COLORS='ms=04:fn=34:se=0' URIGREP_COLORS='iv=07:fn=1;34' \
    ug --color=always -H f.txt >out
want="$(s '1;34')f.txt$z$(s 0):$z$(s 04)http://a.example/$z
$(s '1;34')f.txt$z$(s 0):$z$(s 07)http://bad.example/%zz$z"
[ "$(cat out)" = "$want" ] || fail "GREP_COLORS: $(od -c out | head -20)"
GREP_COLORS="mt=1m$e[2J:fn=:se=x" ug --color=always -H f.txt >out
want="f.txt$(s 36):$z$(s '01;31')http://a.example/$z
f.txt$(s 36):$z$(s '01;33')http://bad.example/%zz$z"
[ "$(cat out)" = "$want" ] || fail "junk in GREP_COLORS: $(od -c out | head -20)"
# -c and -l colour the file name; --json is never coloured
ug --color=always -c -H f.txt >out
[ "$(cat out)" = "$(s 35)f.txt$z$(s 36):${z}2" ] || fail "-c: $(od -c out)"
ug --color=always -l f.txt >out
[ "$(cat out)" = "$(s 35)f.txt$z" ] || fail "-l: $(od -c out)"
ug --color=always --json f.txt | grep -q "$e" && fail "--json coloured"
# the input's escape sequences stay encoded or quoted inside the colours
name=$(printf 'n\033]0;x\007.txt')
printf 'http://c.example/\033[2J\233x\n' >"$name"
ug --color=always -x -H "$name" >out
sed "s/$e\[[0-9;]*m$e\[K//g" out >stripped
no_raw stripped
[ "$(cat stripped)" = 'n\033]0;x\007.txt:http://c.example/%1B[2J%9Bx' ] ||
    fail "cleaned: $(od -c stripped)"
