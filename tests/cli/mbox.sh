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
