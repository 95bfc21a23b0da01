#!/bin/sh
# tests/fuzz/run.sh [SECONDS] [TARGET...]: build the libFuzzer targets with clang
# (address + undefined sanitizers) and run each for SECONDS (default 600),
# starting from the seed corpora in tests/fuzz/corpus-* with the
# dictionary tests/fuzz/TARGET.dict. A crash or a broken property leaves a
# crash-* file and exits nonzero; no clang with libFuzzer exits 77 (skip).
# FUZZ_WORK keeps the build, the grown corpora and the logs there.
set -eu
secs=${1:-600}
[ $# -gt 0 ] && shift
targets=${*:-scan uri resolve mail mime charset html linescan output extract}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/urigrep-fuzz.XXXXXX")}
CC=${CC_FUZZ:-clang}
command -v "$CC" >/dev/null || { echo "fuzz: $CC not found" >&2; exit 77; }
mkdir -p "$work/gen"
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n)
{ return d == 0 && n > 0; }' >"$work/probe.c"
"$CC" -fsanitize=fuzzer,address,undefined -o "$work/probe" "$work/probe.c" \
    2>/dev/null || { echo "fuzz: $CC cannot link -fsanitize=fuzzer" >&2; exit 77; }
LC_ALL=C awk -f "$top/data/genschemes.awk" "$top/data/uri-schemes.csv" \
    "$top/data/scheme-rules.txt" >"$work/gen/schemes.h"
cat >"$work/gen/config.h" <<'H'
#define _GNU_SOURCE 1
#define HAVE_MEMRCHR 1
#define PACKAGE_VERSION "fuzz"
H
awk -f "$top/data/genentities.awk" "$top/data/html5-entities.txt" >"$work/gen/entities.h"
lib="$top/src/lib/buf.c $top/src/lib/scan.c $top/src/lib/policy.c $top/src/lib/scheme.c $top/src/lib/grammar.c $top/src/lib/resolve.c $top/src/lib/error.c $top/src/lib/iri.c $top/src/lib/mime.c $top/src/lib/mail.c $top/src/lib/html.c $top/src/lib/htmlref.c $top/src/lib/htmlmeta.c $top/src/lib/charset.c $top/src/lib/clean.c $top/src/lib/extract.c $top/src/lib/document.c $top/src/cli/output.c"
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I$work/gen -I$top/src/lib -I$top/src/cli"
mkdir -p "$work/obj"
objs=
for f in $lib; do
    o="$work/obj/$(basename "$f" .c).o"
    $CC $flags -c -o "$o" "$f"
    objs="$objs $o"
done
for t in $targets; do
    $CC $flags -o "$work/fuzz_$t" "$here/fuzz_$t.c" $objs
done
status=0
for t in $targets; do
    mkdir -p "$work/corpus-$t"
    echo "fuzz_$t: $secs s, work in $work"
    "$work/fuzz_$t" -max_total_time="$secs" -max_len=4096 \
        -artifact_prefix="$work/crash-$t-" -print_final_stats=1 \
        -dict="$here/$t.dict" \
        "$work/corpus-$t" "$here/corpus-$t" 2>"$work/fuzz_$t.log" || status=1
    tail -n 12 "$work/fuzz_$t.log"
done
exit $status
