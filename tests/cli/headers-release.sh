# --headers: header URIs go out with their own message's Message-ID when
# the header ends, even when a multipart body has no part, in an mbox
# (not with the next message's) and around message/rfc822 (not with the
# inner message's).
. "${srcdir:-.}/tests/init.sh"
# ids FILE: the "ref message_id" pairs of --json output
ids() {
    sed -n 's/.*"ref":"\([^"]*\)".*"message_id":"*\([^",]*\).*/\1 \2/p' "$1"
}
printf 'From: a@b\nMessage-ID: <h@x>\nList-Archive: <http://list.example/>\nContent-Type: multipart/mixed; boundary="b"\n\n--b--\n' >"$tmp/nopart.eml"
expect_text 0 "http://list.example/" --headers "$tmp/nopart.eml"
ug --headers --json "$tmp/nopart.eml" >"$tmp/j"
[ "$(ids "$tmp/j")" = "http://list.example/ <h@x>" ] || fail "no part: $(cat "$tmp/j")"
{
    printf 'From a@b Mon May  6 10:00:00 2024\nFrom: a@b\nMessage-ID: <m1@x>\n'
    printf 'List-Archive: <http://l1.example/>\nContent-Type: multipart/mixed; boundary="b"\n\n--b--\n'
    printf 'From a@b Mon May  6 10:00:01 2024\nList-Archive: <http://l2.example/>\n'
    printf 'Message-ID: <m2@x>\n\nbody http://b2.example/\n'
    printf 'From a@b Mon May  6 10:00:02 2024\nList-Archive: <http://l3.example/>\n'
} >"$tmp/a.mbox"
ug --headers --json "$tmp/a.mbox" >"$tmp/j"
[ "$(ids "$tmp/j")" = "http://l1.example/ <m1@x>
http://l2.example/ <m2@x>
http://b2.example/ <m2@x>
http://l3.example/ null" ] || fail "mbox: $(cat "$tmp/j")"
for b in 1 3 64; do
    printf 'From: a@b\nMessage-ID: <outer@x>\nList-Archive: <http://outer.example/>\nContent-Type: message/rfc822\n\nList-Help: <http://inner.example/help>\nMessage-ID: <inner@x>\n\nbody http://inner.example/\n' |
        ug --headers --json --buffer-size=$b >"$tmp/j"
    [ "$(ids "$tmp/j")" = "http://outer.example/ <outer@x>
http://inner.example/help <inner@x>
http://inner.example/ <inner@x>" ] || fail "rfc822, buffer $b: $(cat "$tmp/j")"
done
