#!/bin/sh
# bench/jobs.sh [URIGREP]: -j 1 against -j N (default 2) on a maildir of
# thousands of messages and on one mbox of about 300 MB, both cut from
# the mbox bench/run.sh generates (run that first), the mbox again with
# -n (its pieces are counted before they are read), and bench/run.sh's
# text. Prints, best of
# $BENCH_RUNS (5) runs by wall time: wall seconds, user+sys seconds and
# peak RSS, the speed-up, and the load average before it started; and
# the speed-up two independent -j 1 runs at once get (the most -j 2 can
# on this machine at that time).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ug=${1:-$here/../src/urigrep}
data=${BENCH_DATA:-$here/data}
runs=${BENCH_RUNS:-5}
jobs=${BENCH_JOBS:-2}
src=$data/mail-128M.mbox
[ -x /usr/bin/time ] || { echo "bench: needs GNU time" >&2; exit 77; }
command -v python3 >/dev/null || { echo "bench: needs python3" >&2; exit 77; }
[ -s "$src" ] || { echo "bench: run bench/run.sh first ($src)" >&2; exit 77; }

big=$data/mail-300M.mbox
[ -s "$big" ] || cat "$src" "$src" >"$big"
md=$data/maildir
if [ ! -d "$md/cur" ]; then
    # the first 6000 messages, one a file, ">From " unquoted
    mkdir -p "$md/cur" "$md/new" "$md/tmp"
    awk -v dir="$md/cur" '
        /^From / { if (f) close(f); n++; if (n > 6000) exit;
                   f = sprintf("%s/%d.%d.bench:2,S", dir, 1700000000 + n, n);
                   next }
        f { sub(/^>From /, "From "); print > f }' "$src"
fi

# best RUNS... : the run with the least wall time, "wall user+sys rss";
# the peak RSS of one more run, under GNU time
best() {
    /usr/bin/time -f '%M' -o "$data/time.out" "$@" >/dev/null
    echo "$(python3 "$here/best.py" "$runs" "$@") $(tail -n 1 "$data/time.out")"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
text=$data/text-128M.txt
for input in "maildir:-r $md" "mbox:$big" "mbox-n:-n $big" "text:$text"; do
    name=${input%%:*}
    args=${input#*:}
    # shellcheck disable=SC2086
    one=$(best "$ug" -j 1 $args)
    # shellcheck disable=SC2086
    par=$(best "$ug" -j "$jobs" $args)
    for line in "$name -j 1 $one" "$name -j $jobs $par"; do
        echo "$line" | awk '{ printf "%-14s %7.4f s wall %6.2f s user+sys" \
            " %7d KiB peak RSS\n", $1 " " $2 " " $3, $4, $5, $6 }'
    done
    # what this machine gives two independent -j 1 runs at once (shared
    # caches, memory, a neighbour on the host): no -j 2 does better
    # shellcheck disable=SC2086
    two=$(python3 "$here/best.py" "$runs" sh -c \
        '"$0" -j 1 "$@" >/dev/null & "$0" -j 1 "$@"; wait' "$ug" $args)
    awk -v a="$one" -v b="$par" -v c="$two" -v n="$name" 'BEGIN {
        split(a, x); split(b, y); split(c, z)
        printf "%s speed-up: %.3fx (two -j 1 at once: %.4f s, %.3fx)\n",
            n, x[1] / y[1], z[1], 2 * x[1] / z[1] }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
