#!/bin/sh
# bench/pinbox.sh [EPOCH.git [URIGREP]]: public-inbox reading speed (issue
# 21). On one epoch (default: the largest linux-mailinglist-archives
# epoch under /work/.mirror, a bare public-inbox v2 repository) it prints
# MB of messages a second (MB = 10^6 bytes of message blobs, the same
# numerator for every line) for:
#   cat      the same messages exported with plain git into an mboxrd
#   libgit2  bench/pinbox-baseline.c: every message blob read, nothing
#            else, as a simple libgit2 program reads them (revwalk,
#            commit, tree, blob; libgit2's object cache as it comes; no
#            SHA-1 of each object read, as git and urigrep read), and
#            with libgit2's default of hashing them
#   urigrep  the epoch, -j 1 and -j 2
#   urigrep  the mboxrd, --type=mboxrd -j 1
# each the best of $BENCH_RUNS (3) runs by wall time, with user+sys
# seconds and the peak RSS of one more run (GNU time), then the goal's
# ratios: urigrep -j 1 on the epoch against half its speed on the mbox,
# and against 80% of libgit2's; last, the baseline and urigrep -j 1 and
# -j 2 run in turn, $BENCH_RUNS rounds (bench/pinbox-interleave.py):
# the ratio a changing load disturbs least. Prints the commands, the CPU (model and
# flags from /proc/cpuinfo), the load average and the versions first.
# Needs git, python3, GNU time, a C compiler and libgit2 (pkg-config).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
epoch=${1:-}
ug=${2:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
data=${BENCH_DATA:-$here/data}
runs=${BENCH_RUNS:-3}
[ -x /usr/bin/time ] || { echo "bench: needs GNU time" >&2; exit 77; }
command -v python3 >/dev/null || { echo "bench: needs python3" >&2; exit 77; }
command -v git >/dev/null || { echo "bench: needs git" >&2; exit 77; }
if [ -z "$epoch" ]; then
    # the largest epoch by its packed size
    epoch=$(du -s /work/.mirror/linux-mailinglist-archives+*/repo 2>/dev/null |
        sort -n | tail -n 1 | cut -f 2)
fi
[ -n "$epoch" ] && [ -d "$epoch" ] ||
    { echo "bench: no epoch (give EPOCH.git)" >&2; exit 77; }
mkdir -p "$data"
name=$(basename "$(dirname "$epoch")")
[ "$name" != . ] && [ "$name" != / ] || name=$(basename "$epoch")
mbox=$data/pinbox-$name.mbox
base=$data/pinbox-baseline
cc=${CC:-cc}
# shellcheck disable=SC2046
$cc -O2 -o "$base" "$here/pinbox-baseline.c" \
    $(pkg-config --cflags --libs libgit2) ||
    { echo "bench: cannot build pinbox-baseline (libgit2-dev?)" >&2; exit 77; }

head_id=$(git --git-dir="$epoch" rev-parse HEAD)
if [ ! -s "$mbox" ] || [ "$(cat "$mbox.head" 2>/dev/null)" != "$head_id" ]; then
    # plain git, not libgit2: each first-parent commit's "m" blob, oldest
    # first, unless a later commit removes it ("d"), as mboxrd
    git --git-dir="$epoch" log --reverse --first-parent --raw --no-abbrev \
        --format='C %H' HEAD |
    python3 -c '
import subprocess, sys
epoch, out = sys.argv[1], sys.argv[2]
order, removed = [], set()
for line in sys.stdin:
    if not line.startswith(":"):
        continue
    meta, path = line.rstrip("\n").split("\t", 1)
    blob, status = meta.split()[3], meta.split()[4]
    if path == "m" and status in ("A", "M"):
        order.append(blob)
    elif path == "d" and status in ("A", "M"):
        removed.add(blob)
blobs = [b for b in order if b not in removed]
cat = subprocess.Popen(["git", "--git-dir=" + epoch, "cat-file", "--batch"],
                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
import threading
def feed():
    for b in blobs:
        cat.stdin.write(b.encode() + b"\n")
    cat.stdin.close()
threading.Thread(target=feed, daemon=True).start()
import re
quote = re.compile(rb"^(>*From )", re.M)
with open(out, "wb") as f:
    for b in blobs:
        head = cat.stdout.readline().split()
        if len(head) < 3:  # "<id> missing": not in this copy of the epoch
            sys.stderr.write("bench: blob %s missing, left out\n" % b)
            continue
        msg = cat.stdout.read(int(head[2]))
        cat.stdout.read(1)
        f.write(b"From mboxrd@z Thu Jan  1 00:00:00 1970\n")
        f.write(quote.sub(rb">\1", msg))
        if not msg.endswith(b"\n"):
            f.write(b"\n")
        f.write(b"\n")
cat.wait()
' "$epoch" "$mbox"
    echo "$head_id" >"$mbox.head"
fi

# best RUNS... : the run with the least wall time, "wall user+sys rss";
# the peak RSS of one more run, under GNU time
best() {
    /usr/bin/time -f '%M' -o "$data/time.out" "$@" >/dev/null 2>&1 ||
        [ "${BENCH_ALLOW_ERRORS:-}" = 1 ]
    echo "$(python3 "$here/best.py" "$runs" "$@") $(tail -n 1 "$data/time.out")"
}

set -- $("$base" "$epoch" 2>"$data/baseline.err")
cat "$data/baseline.err" >&2
# a partial mirror lacks some blobs: every reader leaves them out, and
# urigrep's status 2 for them is no failure of the benchmark
if grep -q 'missing, left out' "$data/baseline.err"; then
    BENCH_ALLOW_ERRORS=1
    export BENCH_ALLOW_ERRORS
fi
commits=$1 messages=$2 bytes=$3
echo "epoch: $epoch ($commits commits, $messages messages," \
    "$bytes bytes of messages; HEAD $head_id)"
echo "mbox: $mbox ($(wc -c <"$mbox" | tr -d ' ') bytes, mboxrd, exported with git cat-file)"
echo "urigrep: $ug ($("$ug" --version | head -n 1))"
echo "libgit2: $(pkg-config --modversion libgit2); cc: $($cc --version | head -n 1)"
echo "cpu: $(grep -m 1 '^model name' /proc/cpuinfo | cut -d: -f2-)" \
    "($(nproc) cores)"
echo "flags: $(grep -m 1 '^flags' /proc/cpuinfo | cut -d: -f2-)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best of $runs runs by wall time; MB/s = $bytes bytes / 10^6 / wall"
line() {
    # line NAME COMMAND...: run, print NAME, MB/s, wall, user+sys, RSS
    _n=$1
    shift
    echo "+ $*" >&2
    r=$(best "$@")
    echo "$r" | awk -v n="$_n" -v b="$bytes" '{
        printf "%-22s %8.1f MB/s %8.3f s wall %8.3f s user+sys %8d KiB RSS\n",
            n, b / 1e6 / $1, $1, $2, $3 }'
    echo "$(echo "$_n" | tr ' ' _) $r" >>"$data/pinbox.results"
}
: >"$data/pinbox.results"
line "cat mbox" cat "$mbox"
line "libgit2 baseline" "$base" "$epoch"
line "libgit2 hashing" "$base" --verify "$epoch"
line "urigrep epoch -j 1" "$ug" -j 1 "$epoch"
line "urigrep epoch -j 2" "$ug" -j 2 "$epoch"
line "urigrep mbox -j 1" "$ug" -j 1 --type=mboxrd "$mbox"
# the goal's ratios, by wall time and by CPU time (user+sys: what a
# shared machine's load disturbs least)
awk '
    { wall[$1] = $2; cpu[$1] = $3 }
    END {
        e = "urigrep_epoch_-j"; m = "urigrep_mbox_-j"; g = "libgit2_baseline"
        printf "epoch -j 1 speed / mbox -j 1 speed: %.2f wall, %.2f cpu" \
            " (goal: at least 0.50)\n", wall[m "_1"] / wall[e "_1"],
            cpu[m "_1"] / cpu[e "_1"]
        printf "libgit2 speed / (mbox -j 1 speed / 2): %.2f wall, %.2f cpu" \
            " (below 1: reading the blobs alone is slower than the goal)\n",
            2 * wall[m "_1"] / wall[g], 2 * cpu[m "_1"] / cpu[g]
        printf "epoch -j 1 speed / libgit2 speed: %.2f wall, %.2f cpu" \
            " (then the goal: at least 0.80)\n", wall[g] / wall[e "_1"],
            cpu[g] / cpu[e "_1"]
        printf "epoch -j 2 / -j 1 speed-up: %.2fx wall\n",
            wall[e "_1"] / wall[e "_2"]
    }' "$data/pinbox.results"
python3 "$here/pinbox-interleave.py" "$runs" "$base" "$ug" "$epoch"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
