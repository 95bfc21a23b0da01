#!/bin/sh
# bench/scaling.sh [URIGREP]: what -j can give on this machine and what
# it should give on a larger one (issue 35 item 4).  Measures, in one run:
#
#   - the machine's cores as work sees them: bench/floor.c -s, the same
#     fixed arithmetic in 1 and in N threads (N: the processors online):
#     N x its time alone over the time of N together is how many cores'
#     worth of work N threads get (two "cores" of a virtual machine may
#     be two hyperthreads of one core, or share it with its host);
#   - the memory: bench/floor.c reading TEXT with 1 and N threads (MB/s);
#   - urigrep -j 1 and -j N, -c, -n and --json, on TEXT, MBOX and
#     MAILDIR (those given): best wall time of BENCH_RUNS (5), its MB/s,
#     user+sys seconds, and the speed-up;
#   - with SCALING_CALLGRIND=1, the instructions of -j 1 and -j 2 on the
#     first 32 MB of each file input (valgrind --tool=callgrind, every
#     thread counted): the work threads add, a figure no load changes.
#
# Then the model: a -j P run reads at most P x (-j 1's MB/s) / (the
# instructions -j 2 takes over -j 1's), and at most what the memory
# gives P threads; bench/README reads the figures.  On a machine with
# more cores the same script measures what it predicts.
#
#   SCALING_TEXT=FILE SCALING_MBOX=FILE SCALING_MAILDIR=DIR \
#       sh bench/scaling.sh [URIGREP]
#
# Needs GNU time (/usr/bin/time) and a C compiler for bench/floor.c.
# SPDX-License-Identifier: MIT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ug=${1:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
runs=${BENCH_RUNS:-5}
n=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x /usr/bin/time ] || { echo "bench: needs GNU time" >&2; exit 77; }
${CC:-cc} -O3 -march=native -pthread -o "$tmp/floor" "$here/floor.c" \
    2>/dev/null || ${CC:-cc} -O3 -pthread -o "$tmp/floor" "$here/floor.c"

# best WALL USER+SYS of $runs runs of the command: "seconds seconds"
best() {
    b=
    for _ in $(seq "$runs"); do
        /usr/bin/time -f '%e %U %S' -o "$tmp/t" "$@" >/dev/null 2>&1 || true
        r=$(awk '{ printf "%.3f %.3f", $1, $2 + $3 }' "$tmp/t")
        if [ -z "$b" ] || [ "$(echo "$r $b" |
            awk '{ print ($1 < $3) }')" = 1 ]; then
            b=$r
        fi
    done
    echo "$b"
}

echo "command: sh bench/scaling.sh $*  (BENCH_RUNS=$runs)"
echo "urigrep: $ug ($("$ug" --version | head -n 1))"
echo "date: $(date -u '+%Y-%m-%d %H:%M:%S') UTC"
echo "cpu: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1);" \
    "$n online"
echo "cpu flags: $(grep -m 1 '^flags' /proc/cpuinfo | tr ' ' '\n' |
    grep -E '^(sse4_2|avx|avx2|avx512f|avx512bw|bmi2|hypervisor)$' |
    tr '\n' ' ')"
echo "load average before: $(cut -d ' ' -f 1-3 /proc/loadavg)"

set -- "$(best "$tmp/floor" -s /dev/null)" \
    "$(best "$tmp/floor" -s -j "$n" /dev/null)"
echo "$1 $2" | awk -v n="$n" '{
    printf "cores as work sees them: 1 thread %.3f s, %d threads %.3f s:" \
        " %.2f cores of work\n", $1, n, $3, n * $1 / $3 }'
text=${SCALING_TEXT:-}
if [ -n "$text" ]; then
    size=$(wc -c <"$text")
    for t in 1 "$n"; do
        set -- $(best "$tmp/floor" -j "$t" "$text")
        echo "$1 $size $t" | awk '{ printf "memory (floor, read): %d" \
            " threads %.3f s, %.0f MB/s\n", $3, $1, $2 / 1e6 / $1 }'
    done
    set -- $(best cat "$text")
    echo "$1 $size" | awk '{ printf "cat: %.3f s, %.0f MB/s\n", $1,
        $2 / 1e6 / $1 }'
    if command -v rg >/dev/null; then
        set -- $(best rg -c http "$text")
        echo "$1 $size" | awk '{ printf "rg -c http: %.3f s, %.0f MB/s\n",
            $1, $2 / 1e6 / $1 }'
    fi
fi

printf '%-8s %-7s %4s %8s %8s %8s %7s\n' input output -j "wall s" \
    "MB/s" "cpu s" "x -j 1"
for kind in text mbox maildir; do
    case $kind in
    text) in=${SCALING_TEXT:-} r= ;;
    mbox) in=${SCALING_MBOX:-} r= ;;
    maildir) in=${SCALING_MAILDIR:-} r=-r ;;
    esac
    [ -n "$in" ] || continue
    size=$(du -sb "$in" | cut -f 1)
    for out in -c -n --json; do
        one=
        for t in 1 "$n"; do
            set -- $(best "$ug" -j "$t" $r $out "$in")
            [ -n "$one" ] || one=$1
            echo "$kind $out $t $1 $2 $size $one" | awk '{
                printf "%-8s %-7s %4d %8.3f %8.0f %8.3f %7.2f\n", $1, $2,
                    $3, $4, $6 / 1e6 / $4, $5, $7 / $4 }'
        done
    done
done

if [ "${SCALING_CALLGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then
    echo "instructions (callgrind, first 32 MB, -c):"
    for in in ${SCALING_TEXT:-} ${SCALING_MBOX:-}; do
        head -c 33554432 "$in" >"$tmp/slice"
        for t in 1 2; do
            valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
                "$ug" -j "$t" -c "$tmp/slice" >/dev/null 2>&1 || true
            echo "  $(basename "$in") -j $t: $(sed -n 's/^summary: //p' \
                "$tmp/cg" | awk '{ printf "%.1f M", $1 / 1e6 }')"
        done
    done
fi
