# An mbox: split at "From " lines that follow a blank line and carry a
# date; ">From " quoting undone; each message has its own base (Content-
# Base, RFC 1808 Base: folded) or none; -n gives stored line numbers.
. "${srcdir:-.}/tests/init.sh"
cd "$fixtures" || exit 99
expect 0 archive.out -n archive.mbox
expect 0 archive.out -n --type=mbox --buffer-size=5 archive.mbox
ug --json archive.mbox | grep -c '"message_id":"<m2@example.org>"' >"$tmp/n"
[ "$(cat "$tmp/n")" = 2 ] || fail "the From line without a date split a message"
# read as plain text, the headers are text too
ug --type=text archive.mbox | grep -qx 'http://one.example/base/' || fail "--type=text"
# a text that starts with "From the ..." is not an mbox
printf 'From the desk of Bob: <URL:x.html>\n' >"$tmp/t.txt"
expect_text 0 "x.html" "$tmp/t.txt"
