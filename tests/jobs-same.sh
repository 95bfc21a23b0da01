# tests/jobs-same.sh: sourced by tests/cli/jobs-*.sh after tests/init.sh:
# -j N against -j 1, byte for byte.
# Under valgrind (make check-valgrind: threads run one at a time, twenty
# times slower) only the first JOBS_FEW option sets (default 4) run, at
# -j 2; otherwise at each -j of JOBS_J (default "2 4").
jlist=${JOBS_J:-2 4}
[ -z "$URIGREP_WRAPPER" ] || jlist=2
jobs_sets=0

# jobs_enough: call once an option set, first thing; true when this set
# and those after it are to be skipped (under valgrind).
jobs_enough() {
    jobs_sets=$((jobs_sets + 1))
    [ -n "$URIGREP_WRAPPER" ] && [ "$jobs_sets" -gt "${JOBS_FEW:-4}" ]
}

# same_as_serial ARG...: with each -j of $jlist, urigrep ARG... prints on
# both streams what -j 1 prints, and exits with its status. With
# JOBS_CUTS=N, each of those runs also lists more than N pieces in
# $URIGREP_JOBS_TRACE (emptied before it): the input was cut.
same_as_serial() {
    ug -j 1 "$@" >"$tmp/out1" 2>"$tmp/err1"
    rc1=$?
    for j in $jlist; do
        [ -z "${JOBS_CUTS:-}" ] || : >"$URIGREP_JOBS_TRACE"
        ug -j "$j" "$@" >"$tmp/outj" 2>"$tmp/errj"
        rcj=$?
        [ "$rc1" = "$rcj" ] ||
            fail "exit status $rcj with -j $j, $rc1 with -j 1: $*"
        cmp -s "$tmp/out1" "$tmp/outj" ||
            { diff "$tmp/out1" "$tmp/outj" | head >&2;
              fail "standard output differs with -j $j: $*"; }
        cmp -s "$tmp/err1" "$tmp/errj" ||
            { diff "$tmp/err1" "$tmp/errj" | head >&2;
              fail "standard error differs with -j $j: $*"; }
        [ -z "${JOBS_CUTS:-}" ] ||
            [ "$(wc -l <"$URIGREP_JOBS_TRACE")" -gt "$JOBS_CUTS" ] ||
            fail "not cut into pieces with -j $j: $*"
    done
}
