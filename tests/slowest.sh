#!/bin/sh
# tests/slowest.sh: the slowest tests of the last make check (or
# check-slow), slowest first, with their wall time in seconds.
# SPDX-License-Identifier: MIT
#
# Usage: sh tests/slowest.sh [-n COUNT] [BUILDDIR]
#
# Reads the .log and .trs files the automake test driver leaves beside
# each test in BUILDDIR (default: the current directory).  The driver
# creates the .log when the test starts and writes the .trs when it has
# ended, so a test's time is the .trs's modification time less the .log's
# birth time (stat %W).  Run alone or under make -j, a time is wall time
# on a shared machine: compare runs made the same way.  A file system
# that keeps no birth time gives no figures (exit 77); then time a test
# by hand: time make check TESTS=tests/cli/NAME.sh.
count=20
if [ "$1" = -n ]; then
    count=$2
    shift 2
fi
dir=${1:-.}
tab=$(printf '\t')
find "$dir" -name '*.trs' -newer "$dir/Makefile" 2>/dev/null |
    while IFS= read -r trs; do
        log=${trs%.trs}.log
        [ -f "$log" ] || continue
        # %.3W, %.3Y: birth and modification times, to the millisecond
        times=$(stat -c '%.3W %.3Y' "$log" "$trs" 2>/dev/null) || continue
        result=$(sed -n 's/^:test-result: //p' "$trs" | head -n 1)
        # (the .log's birth, then the .trs's modification)
        echo $times | awk -v t="${trs#"$dir"/}" -v r="$result" \
            -v tab="$tab" '
            $1 == 0 { exit 3 }
            { printf "%.1f%s%s%s%s\n", $4 - $1, tab, r, tab, t }' ||
            { echo "no birth time for $log" >&2; echo nobirth; }
    done >"${TMPDIR:-/tmp}/slowest.$$"
if grep -q '^nobirth$' "${TMPDIR:-/tmp}/slowest.$$"; then
    rm -f "${TMPDIR:-/tmp}/slowest.$$"
    echo "this file system keeps no birth times: no figures" >&2
    exit 77
fi
if [ ! -s "${TMPDIR:-/tmp}/slowest.$$" ]; then
    rm -f "${TMPDIR:-/tmp}/slowest.$$"
    echo "no test results under $dir: run make check first" >&2
    exit 1
fi
total=$(awk -F "$tab" '{ s += $1; n++ }
    END { printf "%d tests, %.0f s of test time", n, s }' \
    "${TMPDIR:-/tmp}/slowest.$$")
printf 'seconds\tresult\ttest\n'
sort -t "$tab" -k1,1 -rn "${TMPDIR:-/tmp}/slowest.$$" | sed -e "${count}q" |
    sed 's/\.trs$//'
echo "($total)"
rm -f "${TMPDIR:-/tmp}/slowest.$$"
