#!/bin/sh
# bench/mail-ratio.sh [MBOX [URIGREP...]]: issue 23 item 1's ratio,
# --type=text over --type=mbox (-j 1) on the same bytes, with each
# command run in turn so that both see the same moment of the machine:
# RUNS rounds (default 9) of text then mbox per binary, the least time
# of each.  Several binaries (an old build and a new one) are measured
# in turn too.  MBOX defaults to bench/mail.sh's list archive.
# SPDX-License-Identifier: MIT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
runs=${RUNS:-9}
mbox=${1:-}
if [ -z "$mbox" ]; then
    for f in "$here"/data/lists-*M.mbox; do
        [ -s "$f" ] && mbox=$f
    done
fi
if [ -z "$mbox" ] || [ ! -s "$mbox" ]; then
    echo "bench/mail-ratio.sh: no mbox (run bench/mail.sh first, or name" \
         "one)"
    exit 0
fi
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- "$here/../src/urigrep"
now() { date +%s%N; }
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "flags: $(sed -n 's/^flags[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg);" \
     "$(date -u '+%Y-%m-%d %H:%M UTC'); least of $runs rounds"
echo "input: $mbox ($(wc -c <"$mbox") bytes)"
cat "$mbox" >/dev/null
. "$here/binary.sh"
for ug in "$@"; do
    real_binary "$ug"
    ug=$REAL_BINARY
    bt=; bm=; i=0
    while [ $i -lt "$runs" ]; do
        t0=$(now); "$ug" -j 1 --type=text "$mbox" >/dev/null
        t1=$(now); "$ug" -j 1 --type=mbox "$mbox" >/dev/null
        t2=$(now)
        if [ -z "$bt" ] || [ $((t1 - t0)) -lt "$bt" ]; then bt=$((t1 - t0)); fi
        if [ -z "$bm" ] || [ $((t2 - t1)) -lt "$bm" ]; then bm=$((t2 - t1)); fi
        i=$((i + 1))
    done
    awk -v t="$bt" -v m="$bm" -v u="$ug" 'BEGIN {
        printf "%s: text %.3f s, mbox %.3f s, mbox/text speed %.2f\n",
               u, t / 1e9, m / 1e9, t / m }'
done
