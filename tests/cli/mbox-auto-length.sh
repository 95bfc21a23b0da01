# An mbox read with --type=auto (the default) or --type=mbox honours a
# message's Content-Length, as mutt does, when it ends where the next
# "From " line (after blank lines) or the end of the file follows: the
# "From " lines it counts are body text (issue 36 item 6).  A count that
# ends anywhere else is no damage: the file is read as mboxrd, each
# "From " line a message, nothing said.  -j 2 cuts such a file only at
# the messages that reading it from the start finds, and prints what
# -j 1 does.
. "${srcdir:-.}/tests/init.sh"
JOBS_FEW=2
. "${srcdir:-.}/tests/jobs-same.sh"
cd "$tmp" || exit 99
from='From x@y Thu Jan  1 00:00:00 2000'
# msg ID LENGTH-CHANGE BODY: a message whose Content-Length is its body's
# length plus LENGTH-CHANGE ("-" for no Content-Length), then a blank line
msg() {
    printf '%s\nSubject: %s\nMessage-ID: <%s@x>\n' "$from" "$1" "$1"
    case $2 in
    -) ;;
    *) printf 'Content-Length: %s\n' $(($(printf '%s\n' "$3" | wc -c) + $2)) ;;
    esac
    printf '\n%s\n\n' "$3"
}
counted=$(printf 'see http://one.example/1\n%s\nhttp://one.example/2\n' "$from")
# check FILE WANT: FILE's URIs and message numbers, read as a file and as
# a pipe, are WANT, exit 0, nothing said
check() {
    ug --format='{uri} {message}' "$1" >got 2>err
    rc=$?
    [ $rc -eq 0 ] && [ ! -s err ] || fail "$1: exit $rc: $(cat err)"
    printf '%s\n' "$2" >want
    diff want got || fail "$1: read as a file"
    ug --format='{uri} {message}' <"$1" >got 2>err
    rc=$?
    [ $rc -eq 0 ] && [ ! -s err ] || fail "$1 (pipe): exit $rc: $(cat err)"
    diff want got || fail "$1: read as a pipe"
}
# a counted body holding a "From " line: one message, then the next
{ msg one 0 "$counted"; msg two - 'http://two.example/3'; } >right.mbox
check right.mbox 'http://one.example/1 1
http://one.example/2 1
http://two.example/3 2'
# --type=mbox reads it so too; --type=mboxrd cuts at every "From " line
ug --type=mbox --format='{uri} {message}' right.mbox >got || fail "--type=mbox"
diff want got || fail "--type=mbox: read otherwise"
ug --type=mboxrd --format='{message}' right.mbox | tr '\n' ' ' >got
[ "$(cat got)" = '1 2 3 ' ] || fail "--type=mboxrd: $(cat got)"
# the last message's count runs to the end of the file, with or without
# the blank line after it
{ msg two - 'http://two.example/3'; msg one 0 "$counted"; } >last.mbox
check last.mbox 'http://two.example/3 1
http://one.example/1 2
http://one.example/2 2'
head -c $(($(wc -c <last.mbox) - 1)) last.mbox >last-no-blank.mbox
check last-no-blank.mbox 'http://two.example/3 1
http://one.example/1 2
http://one.example/2 2'
# wrong counts: too long, too short, ending inside a line, past the end,
# no count at all ("abc"): mboxrd, each "From " line a message
for d in 7 -3 -1 1000; do
    { msg one "$d" "$counted"; msg two - 'http://two.example/3'; } >wrong.mbox
    check wrong.mbox 'http://one.example/1 1
http://one.example/2 2
http://two.example/3 3'
done
{ msg one - "$counted" | sed 's/^Subject: one$/Subject: one\nContent-Length: abc/'
  msg two - 'http://two.example/3'; } >abc.mbox
grep -q '^Content-Length: abc$' abc.mbox || fail "abc.mbox not made"
check abc.mbox 'http://one.example/1 1
http://one.example/2 2
http://two.example/3 3'
# -j 2: a large file of such messages, right and wrong counts mixed, is
# cut only where -j 1 starts a message (never at a counted "From " line)
i=0
while [ $i -lt 300 ]; do
    case $((i % 4)) in
    0) msg "r$i" 0 "$counted" ;;
    1) msg "w$i" 5 "$(printf '%s\nhttp://w.example/%s' "$from" $i)" ;;
    2) msg "n$i" - "http://n.example/$i" ;;
    3) msg "s$i" 0 "$(printf '%s\n%s\nhttp://s.example/%s' "$from" "$from" $i)" ;;
    esac
    i=$((i + 1))
done >big.mbox
URIGREP_SPLIT_SIZE=2000
URIGREP_JOBS_TRACE=$tmp/trace
export URIGREP_SPLIT_SIZE URIGREP_JOBS_TRACE
JOBS_CUTS=10
for opts in "--format={uri}_{message}_{line}" "--json"; do
    jobs_enough && break
    # shellcheck disable=SC2086
    same_as_serial $opts big.mbox
    [ "$rc1" = 0 ] || fail "big.mbox: exit $rc1"
done
# each cut is at a "From " line that starts a message: a header's (a
# Subject follows) or one in a body whose count is wrong (w), never one
# a right count holds
while read -r _ a _; do
    [ "$a" = 0 ] && continue
    tail -c +$((a + 1)) big.mbox | head -n 2 | tail -n 1 |
        grep -q '^Subject: \|^http://w\.example/' ||
        fail "cut at $a: not a message's start"
done <"$URIGREP_JOBS_TRACE"
exit 0
