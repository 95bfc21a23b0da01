# An mbox: split at "From " lines that carry a date (with or without a
# blank line before them); ">From " quoting undone; each message has its own base (Content-
# Base, RFC 1808 Base: folded) or none; -n gives stored line numbers.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
expect 0 archive.out -n archive.mbox
expect 0 archive.out -n --type=mbox --buffer-size=5 archive.mbox
ug --json archive.mbox | grep -c '"message_id":"<m2@example.org>"' >"$tmp/n"
[ "$(cat "$tmp/n")" = 2 ] || fail "the From line without a date split a message"
# no blank line before the separator: still two messages
printf 'From a@x Mon May  6 10:00:00 2024\nSubject: 1\n\nhttp://one.example/\nFrom b@x Mon May  6 11:00:00 2024\nMessage-ID: <two@x>\n\nhttp://two.example/\n' >"$tmp/nb.mbox"
ug --json "$tmp/nb.mbox" | grep -q '"uri":"http://two.example/".*"message_id":"<two@x>"' ||
    fail "separator without a blank line"
# read as plain text, the headers are text too
ug --type=text archive.mbox | grep -qx 'http://one.example/base/' || fail "--type=text"
# a text that starts with "From the ..." is not an mbox
printf 'From the desk of Bob: <URL:x.html>\n' >"$tmp/t.txt"
expect_text 0 "x.html" "$tmp/t.txt"
# -n in a part as stored (given to the scanner as it lies, its lines
# counted by the scanner): after a ">From " line, lines longer than the
# parser's line buffer (256) and decode block (16 KiB), a "--" line that
# is no boundary, CRLF; fed whole and 5 bytes at a time
{
    printf 'From a@x Mon May  6 10:00:00 2024\nSubject: s\n\na\n'
    printf '>From here http://a.example/1\n'
    i=0
    while [ $i -lt 300 ]; do printf x; i=$((i + 1)); done
    printf ' http://b.example/2\n'
    i=0
    while [ $i -lt 200 ]; do
        printf 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'
        i=$((i + 1))
    done
    printf ' http://c.example/3\n--x\nhttp://d.example/4\r\n\r\nx http://e.example/5\n'
} >"$tmp/lines.mbox"
printf '5:http://a.example/1\n6:http://b.example/2\n7:http://c.example/3\n9:http://d.example/4\n11:http://e.example/5\n' >"$tmp/lines.want"
for bs in "" --buffer-size=5; do
    # shellcheck disable=SC2086 # no option or one
    ug -n $bs "$tmp/lines.mbox" >"$tmp/lines.got"
    cmp -s "$tmp/lines.want" "$tmp/lines.got" || fail "-n in a plain part $bs"
done
