# Malformed sequences in the middle of UTF-7, UTF-16, ISO-2022-JP, GB18030
# and Shift_JIS give the same output (positions and --verbose notes
# included) at every read size, as text, HTML, mail parts and -x; the
# URIs after them are found.  UTF-7's recovery once depended on the split
# (fuzz_charset: corpus-charset/utf7-*).
. "${srcdir:-.}/tests/init.sh"
nihon=$(printf '\346\227\245\346\234\254')
# the read sizes compared with 4096; under valgrind (make check-valgrind)
# every run costs a second, and the smallest and one odd size are enough
# to find a memory error (buffer-size.sh does the same)
sizes="1 2 3 7 64"
[ -z "$URIGREP_WRAPPER" ] || sizes="1 7"
for cs in UTF-7 UTF-16LE UTF-16BE ISO-2022-JP GB18030 SHIFT_JIS; do
    enc() { printf '%s' "$1" | iconv -f UTF-8 -t "$cs" || fail "iconv $cs"; }
    case $cs in
    UTF-7)
        # an empty run ended by bad bytes, '+' before a direct character,
        # leftover bits, lone surrogates, an 8-bit byte, a run decoded
        # whole ("+qqo-" is U+AAAA), a run cut by the end of a line
        bad='+\177\177\177! +? C++ +2D0AQQ- +3AAAQQ- \351 +qqo- +AGF' ;;
    UTF-16LE) bad='\000\330x\000\000\334' ;;
    UTF-16BE) bad='\330\000\000x\334\000' ;;
    ISO-2022-JP) bad='\033$B\177\177\033(B\377' ;;
    GB18030) bad='\201\060\377\377' ;;
    SHIFT_JIS) bad='\201\040\377' ;;
    esac
    {
        enc "$nihon http://a.example/$nihon x
"
        printf "$bad"
        enc " see <http://b.example/p> "
        printf "$bad"
        enc "
next http://c.example/ end
"
    } >"$tmp/t.txt"
    {
        enc "<html><body><p>$nihon <a href=\"http://h.example/$nihon\">x</a>
"
        printf "$bad"
        enc "<a href=\"http://i.example/\">y</a>"
        printf "$bad"
        enc "
next http://c.example/ end</p></body></html>
"
    } >"$tmp/t.html"
    {
        enc "http://a.example/$nihon
"
        printf "$bad"
        enc "http://x.example/
http://c.example/
"
    } >"$tmp/x.txt"
    {
        printf 'From: a@b\nContent-Type: multipart/mixed; boundary=B\n\n--B\n'
        printf 'Content-Type: text/plain; charset=%s\n' $cs
        printf 'Content-Transfer-Encoding: base64\n\n'
        base64 "$tmp/t.txt"
        printf -- '--B\nContent-Type: text/html; charset="%s"\n' $cs
        printf 'Content-Transfer-Encoding: base64\n\n'
        base64 "$tmp/t.html"
        printf -- '--B--\n'
    } >"$tmp/m.eml"
    # run NAME ARG...: the output and notes at every read size, compared
    # with those of the largest
    run() {
        _name=$1
        shift
        for b in 4096 $sizes; do
            ug --verbose --buffer-size=$b "$@" >"$tmp/$_name.$b" \
                2>"$tmp/$_name.$b.err"
            [ $? -le 1 ] || fail "$cs $_name: exit status, buffer $b"
            diff "$tmp/$_name.4096" "$tmp/$_name.$b" >&2 ||
                fail "$cs $_name: buffer $b differs"
            diff "$tmp/$_name.4096.err" "$tmp/$_name.$b.err" >&2 ||
                fail "$cs $_name: notes at buffer $b differ"
        done
        grep -q 'not valid in' "$tmp/$_name.4096.err" ||
            fail "$cs $_name: no note on the malformed bytes"
    }
    run text --json --charset=$cs "$tmp/t.txt"
    run html --json --type=html --charset=$cs "$tmp/t.html"
    run mail --json "$tmp/m.eml"
    run line -x -n --charset=$cs "$tmp/x.txt"
    for u in "http://a.example/$nihon" http://b.example/p http://c.example/; do
        grep -q "\"uri\":\"$u\"" "$tmp/text.4096" || fail "$cs text: no $u"
        grep -q "\"uri\":\"$u\"" "$tmp/mail.4096" || fail "$cs mail: no $u"
    done
    for u in "http://h.example/$nihon" http://i.example/ http://c.example/; do
        grep -q "\"uri\":\"$u\"" "$tmp/html.4096" || fail "$cs html: no $u"
    done
    grep -q "^1:http://a.example/$nihon\$" "$tmp/line.4096" &&
        grep -q '^3:http://c.example/$' "$tmp/line.4096" ||
        fail "$cs -x: $(cat "$tmp/line.4096")"
done
