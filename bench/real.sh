#!/bin/sh
# bench/real.sh [URIGREP] [SOURCE]: time urigrep on real, sparse plain
# text (issue 23: prose with a URI every few KB, where most bytes start
# nothing) against cat and ripgrep, in the same run, and print what is
# needed to read the figures: the commands, the CPU and its vector
# flags, the load, and per command the best wall time of REAL_RUNS,
# MB/s, peak RSS and ripgrep's time over its own (above 1: faster).
#
# SOURCE is a text file, a directory (its text files, concatenated), or
# "debian-doc" (the default): the changelogs, NEWS, READMEs and .txt
# files that Debian packages install gzipped under /usr/share/doc,
# decompressed once each (the same file shipped by two packages once),
# real text of thousands of projects with a URI about every 4 KB.
# The input is that text repeated to at least REAL_MB MiB (default
# 512), kept in bench/data (BENCH_DATA) for the next run.
#
# With REAL_CALLGRIND=1 it also counts instructions per byte with
# valgrind --tool=callgrind on the first 16 MB (REAL_CG_MB), once per
# URIGREP_SIMD mode: a figure the machine's load does not change.
#
# Needs GNU time (/usr/bin/time) and ripgrep (rg) for the comparison.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ug=${1:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
src=${2:-debian-doc}
mb=${REAL_MB:-512}
runs=${REAL_RUNS:-5}
data=${BENCH_DATA:-$here/data}
rgre='(https?|ftp)://[^\]\[<>"\s]+'
mkdir -p "$data"
[ -x /usr/bin/time ] || { echo "bench: needs GNU time (apt-get install time)" >&2; exit 77; }

# the unit of text, once
case $src in
debian-doc)
    unit=$data/real-debian-doc.txt
    if [ ! -s "$unit" ]; then
        echo "building $unit from /usr/share/doc ..."
        find /usr/share/doc -type f \( -name 'changelog*.gz' -o \
            -name 'NEWS*.gz' -o -name 'README*.gz' -o -name '*.txt.gz' \) \
            ! -name '*.tar.gz' -print0 | sort -z | xargs -0 md5sum |
            sort -u -k1,1 | sort -k2 | cut -c35- |
            while IFS= read -r f; do zcat -- "$f"; done >"$unit.tmp"
        mv "$unit.tmp" "$unit"
    fi ;;
*)
    if [ -d "$src" ]; then
        unit=$data/real-$(echo "$src" | tr -c 'A-Za-z0-9\n' '_').txt
        if [ ! -s "$unit" ]; then
            echo "building $unit from the text files under $src ..."
            find "$src" -type f -print0 | sort -z |
                xargs -0 grep -IlZ '' -- | xargs -0 cat -- >"$unit.tmp"
            mv "$unit.tmp" "$unit"
        fi
    elif [ -f "$src" ]; then
        unit=$src
    else
        echo "bench/real.sh: $src: no such file or directory" >&2
        exit 2
    fi ;;
esac
[ -s "$unit" ] || { echo "bench/real.sh: $unit is empty" >&2; exit 2; }

# the input: the unit over and over, at least $mb MiB
input=$data/real-input-$(basename "$unit" .txt)-${mb}M.txt
if [ ! -s "$input" ] || [ "$unit" -nt "$input" ]; then
    : >"$input"
    while [ "$(wc -c <"$input")" -lt $((mb * 1048576)) ]; do
        cat "$unit" >>"$input"
    done
fi
size=$(wc -c <"$input")

now() {
    date +%s%N
}

# run NAME CMD...: best of $runs wall times (ns, in $best) and the peak
# RSS of that run; prints seconds, MB/s, peak RSS, and $rg_ns over it
rg_ns=
run() {
    name=$1
    shift
    best= rss=
    for _ in $(seq "$runs"); do
        t0=$(now)
        /usr/bin/time -f '%M' -o "$data/time.out" "$@" "$input" >/dev/null 2>&1 || true
        t1=$(now)
        t=$((t1 - t0))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then
            best=$t rss=$(tail -n 1 "$data/time.out")
        fi
    done
    awk -v n="$name" -v t="$best" -v s="$size" -v r="$rss" -v g="${rg_ns:-0}" 'BEGIN {
        printf "%-30s %7.3f s %9.1f MB/s %9d KiB", n, t / 1e9, s / 1e6 / (t / 1e9), r;
        if (g > 0) printf "   rg/this x%.2f", g / t;
        printf "\n" }'
}

echo "bench/real.sh: $(date -u '+%Y-%m-%d %H:%M UTC'); input $input ($size bytes, from $src)"
echo "urigrep: $ug ($("$ug" --version 2>/dev/null | head -n 1))"
echo "rg: $(command -v rg || echo none) ($(rg --version 2>/dev/null | head -n 1))"
echo "cpu: $(grep -m 1 'model name' /proc/cpuinfo | sed 's/.*: //'); $(nproc) cores online"
echo "cpu flags: $(grep -m 1 '^flags' /proc/cpuinfo | tr ' ' '\n' |
    grep -E '^(sse2|ssse3|sse4_2|avx|avx2|avx512f|avx512bw|bmi2)$' | tr '\n' ' ')"
echo "load average: $(cut -d ' ' -f 1-3 /proc/loadavg) (figures are only comparable on an idle machine)"
echo "URIs: urigrep $("$ug" -c "$input" 2>/dev/null | tail -n 1 | sed 's/.*://'), rg $(rg -o "$rgre" "$input" 2>/dev/null | wc -l)"
echo "commands (best of $runs, each given $input):"
echo "  cat; bench/floor.c (the file read as urigrep reads it, its ':' counted"
echo "  with vector code: what a scanner that looks at every byte cannot beat;"
echo "  with $(nproc) threads: what the memory gives the default -j);"
echo "  rg -o '$rgre'; urigrep -j 1; urigrep (default -j: $(nproc) on this machine);"
echo "  URIGREP_SIMD=portable urigrep -j 1 (the search without AVX2)"
run "cat" cat
# bench/floor.c: the file read and every ':' counted, nothing more
floor=
if ${CC:-cc} -O3 -march=native -pthread -o "$data/floor" "$here/floor.c" \
        2>/dev/null ||
    ${CC:-cc} -O3 -pthread -o "$data/floor" "$here/floor.c" 2>/dev/null; then
    floor=$data/floor
    run "floor (bench/floor.c)" "$floor"
    run "floor, $(nproc) threads" "$floor" -j "$(nproc)"
fi
run "rg -o '(https?|ftp)://...'" rg -o "$rgre"
rg_ns=$best
run "urigrep -j 1" "$ug" -j 1
run "urigrep (default -j)" "$ug"
run "urigrep -j 1, SIMD=portable" env URIGREP_SIMD=portable "$ug" -j 1

if [ "${REAL_CALLGRIND:-0}" = 1 ] && command -v valgrind >/dev/null; then
    cgmb=${REAL_CG_MB:-16}
    head -c $((cgmb * 1000000)) "$input" >"$data/real-cg.txt"
    for mode in auto portable all; do
        URIGREP_SIMD=$mode valgrind --tool=callgrind \
            --callgrind-out-file="$data/callgrind.out" "$ug" -j 1 \
            "$data/real-cg.txt" >/dev/null 2>"$data/callgrind.log" || true
        awk -v m="$mode" -v s=$((cgmb * 1000000)) '/refs:/ {
            gsub(",", "", $NF);
            printf "callgrind, URIGREP_SIMD=%-9s %13d instructions, %.2f per byte (%d MB, startup included)\n", m, $NF, $NF / s, s / 1e6 }' \
            "$data/callgrind.log"
    done
fi
