# A run of mboxcl or mboxcl2 messages whose Content-Lengths are each too
# long (every count runs over the "From " lines of the messages after
# it, past the input's end or to inside a later message), read from
# standard input, which cannot be read again, gives what the same bytes
# give read as a file: the same URIs with their message numbers,
# Message-IDs and lines, the same notices, the same exit status; so do
# --type=auto and counts that are right, and -j 2 gives -j 1's output.
# On a pipe each message held the rest of the input again to find its
# count wrong (issue 37 item 9: quadratic); bench/mbox-length-runs.sh
# records the time, this test what is read.
. "${srcdir:-.}/tests/init.sh"
cd "$tmp" || exit 99
# gen N LENGTH: N messages of about 200 bytes, each with "Content-Length:
# LENGTH" (the real length plus LENGTH when it starts with '+'); every
# fifth holds a "From " line that starts no message (text follows), and
# every seventh one that starts a plausible one
gen() {
    awk -v n="$1" -v len="$2" 'BEGIN {
        for (i = 0; i < n; i++) {
            b = sprintf("see http://h%d.example.org/p/%d.html here\n", i % 7, i)
            if (i % 5 == 0)
                b = b sprintf("From text%d Mon Jan  1 00:00:00 2024 said\nhttp://t.example/%d\n", i, i)
            if (i % 7 == 0)
                b = b sprintf("From in%d@example.org Mon Jan  1 00:00:00 2024\nSubject: inner %d\n\nhttp://in.example/%d\n", i, i, i)
            l = len ~ /^\+/ ? length(b) + substr(len, 2) : len
            printf "From a%d@example.org Mon Jan  1 00:00:00 2024\n", i
            printf "Message-ID: <m%d@example.org>\nSubject: run %d\n", i, i
            printf "Content-Length: %d\n\n%s\n", l, b
        } }'
}
gen 300 4000000 >past-end.mbox
gen 300 +3000 >inside.mbox
gen 300 +0 >right.mbox
gen 40 +0 >mixed.mbox
gen 40 900000 >>mixed.mbox
gen 40 +0 >>mixed.mbox
gen 40 +700 >>mixed.mbox
opts='--format={uri}_{message}_{message_id}_{line}_{column}'
for f in past-end inside right mixed; do
    for t in mboxcl mboxcl2 auto; do
        # shellcheck disable=SC2086
        ug --type=$t $opts $f.mbox >file.out 2>file.err
        rc=$?
        # shellcheck disable=SC2086
        ug --type=$t $opts --label=$f.mbox <$f.mbox >pipe.out 2>pipe.err
        rcp=$?
        [ -s file.out ] || fail "$t $f: nothing read"
        case $f.$t in
        right.*) [ $rc = 0 ] && [ ! -s file.err ] ||
            fail "$t $f: exit $rc: $(head -3 file.err)" ;;
        *.auto) [ $rc = 0 ] || fail "$t $f: exit $rc" ;;
        *) [ $rc = 2 ] && [ -s file.err ] || fail "$t $f: exit $rc" ;;
        esac
        [ $rc = $rcp ] || fail "$t $f: exit $rc as a file, $rcp as a pipe"
        cmp -s file.out pipe.out ||
            { diff file.out pipe.out | head >&2; fail "$t $f: URIs"; }
        cmp -s file.err pipe.err ||
            { diff file.err pipe.err | head >&2; fail "$t $f: notices"; }
        # shellcheck disable=SC2086
        ug -j 2 --type=$t $opts --label=$f.mbox <$f.mbox >j.out 2>j.err
        [ $? = $rc ] && cmp -s j.out pipe.out && cmp -s j.err pipe.err ||
            fail "$t $f: -j 2 from a pipe"
        # shellcheck disable=SC2086
        ug -j 2 --type=$t $opts $f.mbox >j.out 2>j.err
        [ $? = $rc ] && cmp -s j.out file.out && cmp -s j.err file.err ||
            fail "$t $f: -j 2"
    done
done
exit 0
