# An mboxcl or mboxcl2 message whose Content-Length is no count of bytes
# ("abc", "-5", "0x10", 30 digits, nothing) is said, with the file and
# the field's line, as WARC says "no valid Content-Length" (exit 2); the
# message ends at its next "From " line, as one without a Content-Length
# does, and the messages after it are read. It was taken as absent in
# silence, exit 0. The value is quoted (no raw byte reaches a terminal)
# and cut after 40 bytes.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
# mbox VALUE: two messages, the first's Content-Length VALUE, the
# second's right
mbox() {
    printf 'From a@example.org Mon Jan  1 00:00:00 2024\n'
    printf 'Message-ID: <m1@example.org>\nContent-Length: %s\n\n' "$1"
    printf 'one http://one.example/\n\n'
    printf 'From b@example.org Mon Jan  1 00:00:00 2024\n'
    printf 'Message-ID: <m2@example.org>\nContent-Length: 24\n\n'
    printf 'two http://two.example/\n\n'
}
printf '5:http://one.example/\n11:http://two.example/\n' >want
for t in mboxcl mboxcl2; do
    for v in abc -5 0x10 123456789012345678901234567890 ''; do
        mbox "$v" >f.mbox
        ug -n --type=$t f.mbox >out 2>err
        rc=$?
        [ $rc = 2 ] || fail "$t '$v': exit status $rc, not 2"
        cmp -s out want || fail "$t '$v': $(cat out)"
        [ "$(cat err)" = "urigrep: f.mbox:3: no valid Content-Length ('$v' is no count of bytes); the message ends at its next \"From \" line" ] ||
            fail "$t '$v': $(cat err)"
    done
done
# a value with a control byte, longer than 40 bytes: quoted and cut
mbox "$(printf '1\0332345678901234567890123456789012345678901234567890')" >f.mbox
ug --type=mboxcl f.mbox >out 2>err
grep -F "('1\\03323456789012345678901234567890123456789...' is no" err \
    >/dev/null || fail "control byte: $(od -c err | head)"
# a valid one, and one with blanks around it, are no damage
mbox ' 24 ' >f.mbox
ug -n --type=mboxcl f.mbox >out 2>err || fail "' 24 ': $(cat err)"
[ ! -s err ] && cmp -s out want || fail "' 24 ': $(cat out err)"
# -j cuts along the Content-Length chain and says the same, the file's
# line also when nothing printed shows one (-c: a piece read without its
# origin said its own line)
awk 'BEGIN { for (i = 1; i <= 40000; i++) {
    printf "From a@example.org Mon Jan  1 00:00:00 2024\n"
    printf "Content-Length: %s\n\n", (i == 20000 ? "x1" : "28")
    printf "body http://h.example/%05d\n\n", i } }' >big.mbox
URIGREP_SPLIT_SIZE=262144 ug -j 1 -n --type=mboxcl big.mbox >out1 2>err1
rc1=$?
URIGREP_SPLIT_SIZE=262144 URIGREP_JOBS_TRACE=trace ug -j 2 -n --type=mboxcl big.mbox >out2 2>err2
rc2=$?
[ $rc1 = 2 ] && [ $rc2 = 2 ] || fail "-j: exit status $rc1 and $rc2"
[ "$(wc -l <trace)" -gt 2 ] || fail "-j 2 did not cut big.mbox"
cmp -s out1 out2 && cmp -s err1 err2 || fail "-j 2: $(head -c 300 err2)"
grep -F "big.mbox:99997: no valid Content-Length ('x1'" err1 >/dev/null ||
    fail "-j 1: $(head -c 300 err1)"
for t in mboxcl mboxcl2; do
    URIGREP_SPLIT_SIZE=262144 ug -j 1 -c --type=$t big.mbox >out1 2>err1
    : >trace
    URIGREP_SPLIT_SIZE=262144 URIGREP_JOBS_TRACE=trace \
        ug -j 2 -c --type=$t big.mbox >out2 2>err2
    [ "$(wc -l <trace)" -gt 2 ] || fail "-j 2 -c did not cut big.mbox"
    cmp -s out1 out2 && cmp -s err1 err2 ||
        fail "-j 2 -c --type=$t: $(head -c 300 err2)"
done
exit 0
