# Adversarial mail costs linear time: RFC 2047 encoded-word starts that
# never end (each "=?" searched to the end of the field: 600 ms/MB),
# encoded words in charsets that need iconv (a converter opened per word:
# 16 s/MB) and a multipart body of boundary lines (95 ms/MB) now stream
# at a few ms/MB; each run gets a CPU-time limit far above that.
. "${srcdir:-.}/tests/init.sh"
if [ -n "$URIGREP_WRAPPER" ] || grep -q __asan_init "$URIGREP" 2>/dev/null ||
    grep -q __ubsan_handle "$URIGREP" 2>/dev/null; then
    exit 77
fi
# 10 MB of 16 KiB Subject fields made of "=?a?q?b "
awk 'BEGIN {
    print "From: a@example.org";
    for (f = 0; f < 640; f++) {
        printf "Subject: x";
        for (i = 0; i < 220; i++) printf "\n =?a?q?b =?a?q?b =?a?q?b =?a?q?b =?a?q?b =?a?q?b =?a?q?b =?a?q?b ";
        printf "\n";
    }
    print "\nbody http://body.example/";
}' >"$tmp/starts.eml"
(ulimit -t 2; ug --headers "$tmp/starts.eml" >"$tmp/out") || fail "encoded-word starts: exit $?"
[ "$(cat "$tmp/out")" = "http://body.example/" ] || fail "starts: $(cat "$tmp/out")"
# 1 MB of encoded words in ISO-8859-1, UTF-16 and KOI8-R
awk 'BEGIN {
    print "From: a@example.org";
    for (f = 0; f < 8000; f++)
        printf "Subject: =?iso-8859-1?q?caf=E9?= =?iso-8859-1?q?http://h%d.example/=E9?= =?utf-16?b?AGgAaQ==?= =?koi8-r?b?9MXT1A==?=\n", f;
    print "\nbody http://body.example/";
}' >"$tmp/words.eml"
(ulimit -t 2; ug --headers -c "$tmp/words.eml" >"$tmp/out") || fail "encoded words: exit $?"
[ "$(cat "$tmp/out")" = 8001 ] || fail "words: $(cat "$tmp/out")"
# 100 MB of boundary lines
(ulimit -t 4; { printf 'From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n'
    yes -- --b | head -c 100000000; printf '\n\nhttp://last.example/\n'; } |
    ug --type=mail >"$tmp/out") || fail "boundary lines: exit $?"
[ "$(cat "$tmp/out")" = "http://last.example/" ] || fail "boundaries: $(cat "$tmp/out")"
