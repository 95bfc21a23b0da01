# Parts nested deeper than the parser follows (32 levels) are scanned as
# text of the deepest part it follows, not dropped: 40 nested multiparts,
# 40 nested message/rfc822 in an mbox whose next message is still read.
. "${srcdir:-.}/tests/init.sh"
{
    printf 'Content-Type: multipart/mixed; boundary=b0\n\n'
    i=0
    while [ $i -lt 40 ]; do
        printf -- '--b%d\nContent-Type: multipart/mixed; boundary=b%d\n\n' $i $((i + 1))
        i=$((i + 1))
    done
    printf -- '--b40\n\ndeep http://deep.example/\n--b40--\n--b0\n\nshallow http://shallow.example/\n--b0--\n'
} >"$tmp/deep.eml"
expect_text 0 "http://deep.example/
http://shallow.example/" --type=mail --verbose "$tmp/deep.eml"
grep -q "deep.eml:96: parts nested more than 32 levels deep scanned as text of part 1\(\.1\)*$" "$tmp/err" ||
    fail "no note: $(cat "$tmp/err")"
{
    printf 'From a@x Mon May  6 10:00:00 2024\n'
    i=0
    while [ $i -lt 40 ]; do
        printf 'Message-ID: <m%d@x>\nContent-Type: message/rfc822\n\n' $i
        i=$((i + 1))
    done
    printf 'Subject: in\n\ninnermost http://in.example/\n'
    printf 'From b@x Mon May  6 11:00:00 2024\nMessage-ID: <next@x>\n\nnext http://next.example/\n'
} >"$tmp/deep.mbox"
for b in 1 7 4096; do
    expect_text 0 "124:http://in.example/
128:http://next.example/" -n --buffer-size=$b "$tmp/deep.mbox"
done
