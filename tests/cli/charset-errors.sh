# A malformed sequence becomes U+FFFD and decoding resumes at the next
# character, the same at every read size, for stateful and multibyte
# charsets: UTF-7 (whose glibc converter stayed in its error state and
# dropped the rest), UTF-16 (a lone surrogate skipped one byte and read
# the rest misaligned), ISO-2022-JP, GB18030, Shift_JIS; as text, HTML,
# mail parts and -x.
. "${srcdir:-.}/tests/init.sh"
# the issue's case
printf 'C++ see http://x.example/a\nnext http://y.example/\n' >"$tmp/u7.txt"
expect_text 0 "http://x.example/a
http://y.example/" --charset=UTF-7 --verbose "$tmp/u7.txt"
grep -q "1 bytes not valid in UTF-7" "$tmp/err" || fail "UTF-7: no note"
nihon=$(printf '\346\227\245\346\234\254')
for cs in UTF-7 UTF-16LE UTF-16BE UTF-16 ISO-2022-JP GB18030 SHIFT_JIS; do
    # enc TEXT: TEXT (UTF-8) in $cs, without a byte order mark after the
    # first piece
    enc() { printf '%s' "$1" | iconv -f UTF-8 -t "$cs" || fail "iconv $cs"; }
    bom=$(enc a | od -An -tx1 | tr -d ' ')
    case $cs:$bom in
    UTF-7:*) bad='C++ ' ;;
    UTF-16LE:* | UTF-16:fffe*) bad='\000\330' ;;
    UTF-16BE:* | UTF-16:feff*) bad='\330\000' ;;
    *) bad='\377' ;;
    esac
    # the second and later pieces of UTF-16 must not repeat the BOM
    piece() {
        if [ "$cs" = UTF-16 ]; then enc "$1" | tail -c +3; else enc "$1"; fi
    }
    {
        enc "$nihon http://a.example/$nihon x
C++ see <http://b.example/p>
"
        printf "$bad"
        piece "next http://c.example/ end
"
    } >"$tmp/t.txt"
    {
        enc "<html><body><p>$nihon <a href=\"http://h.example/$nihon\">x</a>
"
        printf "$bad"
        piece "next http://c.example/ end</p></body></html>
"
    } >"$tmp/t.html"
    {
        enc "http://a.example/$nihon"
        printf "$bad"
        piece "
http://c.example/
"
    } >"$tmp/x.txt"
    {
        printf 'From: a@b\nContent-Type: multipart/mixed; boundary=B\n\n--B\n'
        printf 'Content-Type: text/plain; charset=%s\nContent-Transfer-Encoding: base64\n\n' $cs
        base64 "$tmp/t.txt"
        printf -- '--B\nContent-Type: text/html; charset="%s"\nContent-Transfer-Encoding: base64\n\n' $cs
        base64 "$tmp/t.html"
        printf -- '--B--\n'
    } >"$tmp/m.eml"
    want_text="http://a.example/$nihon
http://b.example/p
http://c.example/"
    want_html="http://h.example/$nihon
http://c.example/"
    for b in 1 2 3 7 64 4096; do
        expect_text 0 "$want_text" --charset=$cs --buffer-size=$b "$tmp/t.txt"
        expect_text 0 "$want_html" --type=html --charset=$cs --buffer-size=$b "$tmp/t.html"
        expect_text 0 "$want_text
$want_html" --buffer-size=$b "$tmp/m.eml"
        ug -x --charset=$cs --buffer-size=$b "$tmp/x.txt" >"$tmp/x$b.out" || fail "-x $cs"
        [ "$(wc -l <"$tmp/x$b.out")" -eq 2 ] || fail "-x $cs $b: $(cat "$tmp/x$b.out")"
        cmp -s "$tmp/x1.out" "$tmp/x$b.out" || fail "-x $cs: buffer $b differs"
    done
    head -n 1 "$tmp/x1.out" | grep -q "^http://a.example/$nihon" || fail "-x $cs: $(cat "$tmp/x1.out")"
    tail -n 1 "$tmp/x1.out" | grep -q "^http://c.example/\$" || fail "-x $cs: $(cat "$tmp/x1.out")"
done
