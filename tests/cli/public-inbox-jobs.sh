# -j cuts a public-inbox archive's epochs into runs of commits that
# workers read at once; the output is -j 1's, byte for byte, whatever the
# runs' size and whatever the options that count or stop (-c, -l, -L,
# -m, -u, -q) or number (-n, --json); and whether pass 1 kept a run's
# message blobs or pass 2 walks its commits again.
. "${srcdir:-.}/tests/init.sh"
. "${srcdir:-.}/tests/pinbox-lib.sh"
pi_skip
in=$tmp/inbox
pi_inbox "$in"
pi_epoch "$tmp/empty.git"
for opts in "-Hn" "--json" "-c" "-l" "-L" "-m 3 -H" "-u" "-u=message -n" \
    "-q" "-Hb --headers"; do
    # shellcheck disable=SC2086 # OPTS are several words
    ug $opts -j 1 "$in" "$tmp/empty.git" "$in/git/1.git" >"$tmp/j1" \
        2>"$tmp/e1"
    rc1=$?
    for run in 1 2 3 100; do
        for j in 2 3; do
            # shellcheck disable=SC2086
            URIGREP_PINBOX_RUN=$run ug $opts -j $j "$in" "$tmp/empty.git" \
                "$in/git/1.git" >"$tmp/jn" 2>"$tmp/en"
            rc=$?
            [ "$rc" = "$rc1" ] || fail "$opts -j $j, runs of $run: exit $rc"
            cmp "$tmp/j1" "$tmp/jn" ||
                fail "$opts -j $j, runs of $run: output differs"
            cmp "$tmp/e1" "$tmp/en" ||
                fail "$opts -j $j, runs of $run: messages differ"
        done
    done
done
# the runs are what -j 1 reads too
URIGREP_PINBOX_RUN=2 ug -Hn -j 1 "$in" >"$tmp/r2"
ug -Hn -j 1 "$in" >"$tmp/r1024"
cmp "$tmp/r2" "$tmp/r1024" || fail "runs of 2 read alone"
# pass 1 keeps the blobs of the oldest commits (URIGREP_PINBOX_KEEP of
# them over the archive); the runs it did not keep are walked again
for keep in 0 1 3 5; do
    for j in 1 2; do
        URIGREP_PINBOX_KEEP=$keep URIGREP_PINBOX_RUN=2 ug --json -j $j \
            "$in" "$in/git/1.git" >"$tmp/k" 2>"$tmp/ek"
        ug --json -j 1 "$in" "$in/git/1.git" >"$tmp/k1" 2>"$tmp/ek1"
        cmp "$tmp/k1" "$tmp/k" || fail "keep $keep -j $j: output differs"
        cmp "$tmp/ek1" "$tmp/ek" || fail "keep $keep -j $j: messages differ"
    done
done
exit 0
