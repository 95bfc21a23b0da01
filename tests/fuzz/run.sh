#!/bin/sh
# tests/fuzz/run.sh [SECONDS] [TARGET...]: build the libFuzzer targets with clang
# (address + undefined sanitizers) and run each for SECONDS (default 600),
# starting from the seed corpora in tests/fuzz/corpus-* with the
# dictionary tests/fuzz/TARGET.dict. A crash or a broken property leaves a
# crash-* file and exits nonzero; no clang with libFuzzer exits 77 (skip).
# FUZZ_WORK keeps the build, the grown corpora and the logs there.
# FUZZ_JOBS=N runs N targets at a time (default 1), for N cores.
set -eu
secs=${1:-600}
[ $# -gt 0 ] && shift
targets=${*:-scan uri resolve mail mime charset html anchor linescan output extract split warc unwrap}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/urigrep-fuzz.XXXXXX")}
CC=${CC_FUZZ:-clang}
command -v "$CC" >/dev/null || { echo "fuzz: $CC not found" >&2; exit 77; }
mkdir -p "$work/gen/formats" "$work/gen/links" "$work/gen/uri"
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n)
{ return d == 0 && n > 0; }' >"$work/probe.c"
"$CC" -fsanitize=fuzzer,address,undefined -o "$work/probe" "$work/probe.c" \
    2>/dev/null || { echo "fuzz: $CC cannot link -fsanitize=fuzzer" >&2; exit 77; }
LC_ALL=C awk -f "$top/data/genschemes.awk" "$top/data/uri-schemes.csv" \
    "$top/data/scheme-rules.txt" >"$work/gen/uri/schemes.h"
cat >"$work/gen/config.h" <<'H'
#define _GNU_SOURCE 1
#define HAVE_MEMRCHR 1
#define PACKAGE_VERSION "fuzz"
#define HAVE_ZLIB 1
H
# the AVX2 code chosen at run time (skip.c, mime.c) is fuzzed too where
# the machine runs it
case $(uname -m) in
x86_64 | amd64) echo '#define HAVE_AVX2_TARGET 1' >>"$work/gen/config.h" ;;
esac
# the zstd and br Content-Encodings of WARC payloads where the machine
# has their libraries
codecs=-lz
for c in zstd:libzstd:ZSTD brotli:libbrotlidec:BROTLI; do
    if pkg-config --exists "$(echo "$c" | cut -d: -f2)" 2>/dev/null; then
        echo "#define HAVE_$(echo "$c" | cut -d: -f3) 1" >>"$work/gen/config.h"
        codecs="$codecs $(pkg-config --libs "$(echo "$c" | cut -d: -f2)")"
    fi
done
awk -f "$top/data/genentities.awk" "$top/data/html5-entities.txt" \
    >"$work/gen/formats/entities.h"
LC_ALL=C awk -f "$top/data/genredirectors.awk" "$top/data/redirectors.txt" \
    >"$work/gen/links/redirectors.h"
LC_ALL=C awk -f "$top/data/gentracking.awk" "$top/data/tracking-params.txt" \
    >"$work/gen/links/tracking-params.h"
# every module of the library and the shared folder (a list by name lost
# each new module), and the two of the command that targets drive
lib="$(find "$top"/src/shared "$top"/src/lib -name '*.c' | sort) $top/src/cli/output/output.c"
# the scanner's slice small, as inputs are (-max_len)
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -DSLICE=256 -I$work/gen -I$top/include -I$top/src/shared -I$top/src/lib -I$top/src/cli"
mkdir -p "$work/obj"
objs=
for f in $lib; do
    o="$work/obj/$(basename "$f" .c).o"
    $CC $flags -c -o "$o" "$f"
    objs="$objs $o"
done
for t in $targets; do
    $CC $flags -o "$work/fuzz_$t" "$here/fuzz_$t.c" $objs $codecs
done
jobs=${FUZZ_JOBS:-1}
case $jobs in '' | *[!0-9]* | 0) echo "fuzz: FUZZ_JOBS=$jobs" >&2; exit 2 ;; esac
rm -f "$work/failed"
# fuzz T: run target T; its name goes to $work/failed on a finding
fuzz() {
    # a target's dictionary is optional (libFuzzer fails on a missing one)
    dict=
    [ -r "$here/$1.dict" ] && dict=$here/$1.dict
    mkdir -p "$work/corpus-$1"
    echo "fuzz_$1: $secs s, work in $work"
    "$work/fuzz_$1" -max_total_time="$secs" -max_len=4096 \
        -artifact_prefix="$work/crash-$1-" -print_final_stats=1 \
        ${dict:+-dict="$dict"} \
        "$work/corpus-$1" "$here/corpus-$1" 2>"$work/fuzz_$1.log" ||
        echo "$1" >>"$work/failed"
    tail -n 12 "$work/fuzz_$1.log"
}
n=0
for t in $targets; do
    if [ "$jobs" -eq 1 ]; then
        fuzz "$t"
        continue
    fi
    fuzz "$t" >"$work/fuzz_$t.out" &
    n=$((n + 1))
    if [ "$n" -eq "$jobs" ]; then
        wait
        n=0
    fi
done
wait
if [ "$jobs" -gt 1 ]; then
    for t in $targets; do cat "$work/fuzz_$t.out"; done
fi
[ ! -s "$work/failed" ] || { echo "fuzz: findings in: $(cat "$work/failed")"; exit 1; }
exit 0
