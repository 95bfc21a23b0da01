# The mbox variants by name (--type=mboxo, mboxrd, mboxcl, mboxcl2), as
# qmail's mbox(5) and the Library of Congress format descriptions
# fdd000384-fdd000387 define them: mboxcl and mboxcl2 take a message's
# body to be as long as its Content-Length says, so that a "From " line
# inside it starts no message; mboxo and mboxcl undo ">From " quoting
# only, mboxrd one '>' of any ">...>From ", mboxcl2 none (the column of a
# URI on such a line says which). A Content-Length that lies is reported
# with the file's name (exit 2), and no URI is lost. -j reads each as -j 1
# does.
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=6
. "${srcdir:-.}/tests/jobs-same.sh"
real=$fixtures/mbox-variants/mail-box-magick.mboxcl2

# json FILE ARG...: "message line column uri" of each URI
json() {
    ug --json "$@" >"$tmp/json" || return $?
    jq -r '"\(.message) \(.line) \(.column) \(.uri)"' "$tmp/json"
}
command -v jq >/dev/null 2>&1 || { echo "no jq"; exit 77; }

# Mail::Box's mbox (written by another tool): its 16 Content-Lengths are
# right, so mboxcl2 reads the URIs and messages that "From " lines give,
# and says nothing
json --type=mbox "$real" >"$tmp/want" || fail "mbox: $?"
[ "$(tail -n 1 "$tmp/want" | cut -d' ' -f1)" = 16 ] ||
    fail "not 16 messages: $(tail -n 1 "$tmp/want")"
[ "$(wc -l <"$tmp/want")" -ge 25 ] || fail "few URIs: $(cat "$tmp/want")"
for t in mboxcl2 mboxcl mboxo mboxrd; do
    json --type=$t "$real" >"$tmp/got" 2>"$tmp/err" || fail "$t: exit $?"
    diff "$tmp/want" "$tmp/got" || fail "$t reads the real mbox otherwise"
    [ -s "$tmp/err" ] && fail "$t: $(cat "$tmp/err")"
done

# message MESSAGE-ID BODY-FILE: an mboxcl2 message whose Content-Length
# counts BODY-FILE, and the blank line after it
message() {
    printf 'From sender@example.org Mon Jan  1 00:00:00 2024\n'
    printf 'Message-ID: <%s@example.org>\n' "$1"
    printf 'Content-Length: %d\n\n' "$(wc -c <"$2")"
    cat "$2"
    printf '\n'
}
printf 'first http://one.example/\nFrom inside@example.org Mon Jan  1 00:00:00 2024\nhttp://inside.example/\n>From http://quoted.example/\n>>From http://twice.example/\n' >"$tmp/b1"
printf 'second http://two.example/\n' >"$tmp/b2"
{ message m1 "$tmp/b1"; message m2 "$tmp/b2"; } >"$tmp/cl.mbox"
# the "From " line in message 1's body starts no message with mboxcl2;
# nothing is unquoted (">From" puts the URI in column 7, ">>From" in 8)
json --type=mboxcl2 "$tmp/cl.mbox" >"$tmp/out" || fail "mboxcl2: $?"
printf '1 5 7 http://one.example/\n1 7 1 http://inside.example/\n1 8 7 http://quoted.example/\n1 9 8 http://twice.example/\n2 15 8 http://two.example/\n' >"$tmp/want"
diff "$tmp/want" "$tmp/out" || fail "mboxcl2 reads otherwise"
# mboxcl: the same messages, ">From " unquoted (column 6), ">>From " not
json --type=mboxcl "$tmp/cl.mbox" >"$tmp/out" || fail "mboxcl: $?"
printf '1 5 7 http://one.example/\n1 7 1 http://inside.example/\n1 8 6 http://quoted.example/\n1 9 8 http://twice.example/\n2 15 8 http://two.example/\n' >"$tmp/want"
diff "$tmp/want" "$tmp/out" || fail "mboxcl reads otherwise"
# mboxo and mboxrd know no Content-Length: the "From " line starts
# message 2; mboxrd unquotes ">>From " too (column 7)
json --type=mboxo "$tmp/cl.mbox" >"$tmp/out" || fail "mboxo: $?"
printf '1 5 7 http://one.example/\n2 7 1 http://inside.example/\n2 8 6 http://quoted.example/\n2 9 8 http://twice.example/\n3 15 8 http://two.example/\n' >"$tmp/want"
diff "$tmp/want" "$tmp/out" || fail "mboxo reads otherwise"
json --type=mboxrd "$tmp/cl.mbox" >"$tmp/out" || fail "mboxrd: $?"
printf '1 5 7 http://one.example/\n2 7 1 http://inside.example/\n2 8 6 http://quoted.example/\n2 9 7 http://twice.example/\n3 15 8 http://two.example/\n' >"$tmp/want"
diff "$tmp/want" "$tmp/out" || fail "mboxrd reads otherwise"
# --type=mbox (and auto) honours the right count, as mutt does, and
# unquotes as mboxrd
json --type=mbox "$tmp/cl.mbox" >"$tmp/out" || fail "mbox: $?"
printf '1 5 7 http://one.example/\n1 7 1 http://inside.example/\n1 8 6 http://quoted.example/\n1 9 7 http://twice.example/\n2 15 8 http://two.example/\n' >"$tmp/want"
diff "$tmp/want" "$tmp/out" || fail "--type=mbox reads otherwise"

# a Content-Length 10 bytes short: said with the file's name and line,
# exit 2, and every URI still reported
sed 's/^Content-Length: \(.*\)/Content-Length: 100/' "$tmp/cl.mbox" \
    >"$tmp/bad.mbox"
ug --type=mboxcl2 "$tmp/bad.mbox" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "a wrong Content-Length exits $?"
grep -q "bad.mbox:[0-9]*: Content-Length: 100 of message <m1@example.org> does not end" "$tmp/err" ||
    fail "not said: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/out")" = 5 ] || fail "URIs lost: $(cat "$tmp/out")"
# -s keeps quiet, the status stays 2
expect_text 2 "http://one.example/
http://inside.example/
http://quoted.example/
http://twice.example/
http://two.example/" -s --type=mboxcl2 "$tmp/bad.mbox"
[ -s "$tmp/err" ] && fail "-s: $(cat "$tmp/err")"

# -j: a large mboxcl2 of such messages, read in parallel with the other
# files, as -j 1 reads it; mboxo and mboxrd files are cut at "From "
# lines, mboxcl and mboxcl2 only where their Content-Length chain proves
# a message starts (a cut at the "From " line inside a body would start
# a message there)
i=0
while [ $i -lt 300 ]; do
    i=$((i + 1))
    printf 'n %d http://n%d.example/\nFrom inside@example.org Mon Jan  1 00:00:00 2024\nhttp://in%d.example/\n' $i $i $i >"$tmp/b"
    message "x$i" "$tmp/b"
done >"$tmp/big.mbox"
URIGREP_SPLIT_SIZE=3000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
for t in mboxcl mboxcl2; do
    for opts in "--json" "-n -c" "-u"; do
        jobs_enough && break 2
        # shellcheck disable=SC2086
        same_as_serial --type=$t $opts "$tmp/big.mbox" "$real" "$tmp/bad.mbox"
    done
    [ -s "$URIGREP_JOBS_TRACE" ] || fail "$t was not cut"
    while read -r _f from _to; do
        case $(tail -c +$((from + 1)) "$_f" | head -c 20) in
        "From inside@"*) fail "$t cut inside a body at $from" ;;
        "From "*) ;;
        *) fail "$t cut at $from" ;;
        esac
    done <"$URIGREP_JOBS_TRACE"
done
[ "$(ug -c --type=mboxcl2 "$tmp/big.mbox")" = 600 ] || fail "URIs lost"
[ "$(ug --json --type=mboxcl2 "$tmp/big.mbox" | jq -s 'map(.message) | max')" = 300 ] ||
    fail "not 300 messages"
JOBS_CUTS=3
for t in mboxo mboxrd; do
    jobs_enough && break
    same_as_serial --type=$t --json "$tmp/big.mbox"
done
