# An mboxcl or mboxcl2 Content-Length too long that ends just after the
# header of a message it runs over, written without the blank line
# before its body: that message is cut out the same way whether the
# file is read again where the count ends (a file named) or held (a
# pipe, in large reads or small ones).  What starts the body is past the
# count's end, so whether the "From " line starts a plausible message is
# told by its header up to there, not by how much of the line after it
# the parser held (the fuzz_mail finding mboxcl-read-error-split: a pipe
# read in one piece put the next message's URI in the one before it, as
# its text, and said the damage two lines later).
. "${srcdir:-.}/tests/init.sh"
command -v jq >/dev/null 2>&1 || { echo "no jq"; exit 77; }
cd "$tmp" || exit 99
printf 'first http://one.example/\n' >b1
printf 'third http://three.example/\n' >b3
printf 'From b@example.org Mon Jan  1 00:00:00 2024\n' >h2
printf 'Message-ID: <m2@example.org>\nSubject: two\n' >>h2
{
    printf 'From a@example.org Mon Jan  1 00:00:00 2024\n'
    printf 'Message-ID: <m1@example.org>\n'
    printf 'Content-Length: %d\n\n' $(($(wc -c <b1) + $(wc -c <h2)))
    cat b1 h2
    printf 'http://two.example/ is the first line of its body\n'
    printf 'From c@example.org Mon Jan  1 00:00:00 2024\n'
    printf 'Message-ID: <m3@example.org>\n'
    printf 'Content-Length: %d\n\n' "$(wc -c <b3)"
    cat b3
} >held.mbox
json() {
    ug --json "$@" >out.json 2>err
    rc=$?
    jq -r '"\(.message) \(.message_id) \(.line) \(.column) \(.uri)"' out.json
}
cat >want <<'END'
1 <m1@example.org> 5 7 http://one.example/
2 <m2@example.org> 9 1 http://two.example/
3 <m3@example.org> 14 7 http://three.example/
END
for t in mboxcl mboxcl2; do
    for how in file pipe small; do
        case $how in
        file) json --type=$t held.mbox >got ;;
        pipe) cat held.mbox | json --type=$t - >got ;;
        small) cat held.mbox | json --type=$t --buffer-size=7 - >got ;;
        esac
        [ $rc = 2 ] || fail "$t $how: exit $rc"
        diff want got || fail "$t $how: read otherwise"
        said=":6: Content-Length: 112 of message <m1@example.org> does not"
        grep -q "$said end where the next message starts" err ||
            fail "$t $how: not said at line 6: $(cat err)"
        [ "$(wc -l <err)" = 1 ] || fail "$t $how: $(cat err)"
    done
done
exit 0
