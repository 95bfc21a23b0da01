#!/bin/sh
# bench/mail.sh [EPOCH...]: mail against text on a real archive (issue 23).
# Builds one mboxrd of the messages of real public-inbox epochs (bare git
# repositories, given as arguments or in $MAIL_ARCHIVES, separated by
# blanks), then times on it cat, ripgrep's URL regex, urigrep
# --type=text -j 1 and urigrep --type=mbox -j 1, and prints MB/s, peak
# RSS, the mbox/text speed ratio (the issue asks for at least 0.6) and
# the CPU flags.  With no archive at hand it says so and exits 0.
#
#   sh bench/mail.sh /work/.mirror/linux-mailinglist-archives+*/repo
#
# Environment: URIGREP (default: src/urigrep beside this script),
# MAIL_MB (size of the mbox in MiB, default 320: a message of each list
# in turn, from their first, until the size is reached),
# BENCH_RUNS (best of, default 3), BENCH_DATA (where the mbox is kept,
# default bench/data), MAIL_SLICE (MiB: also cut a slice of that size at
# a message boundary, for callgrind).
#
# Needs git, python3 (to split git cat-file --batch's output) and GNU
# time (/usr/bin/time) for the peak RSS; ripgrep if present.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ug=${URIGREP:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
mb=${MAIL_MB:-320}
runs=${BENCH_RUNS:-3}
data=${BENCH_DATA:-$here/data}
rgre='(https?|ftp)://[^\]\[<>"\s]+'

if [ $# -eq 0 ]; then
    # shellcheck disable=SC2086 # a list of paths, split on blanks
    set -- ${MAIL_ARCHIVES:-}
fi
archives=
for a in "$@"; do
    if git --git-dir="$a" rev-parse -q --verify HEAD >/dev/null 2>&1; then
        archives="$archives $a"
    else
        echo "bench/mail.sh: $a: not a git repository, left out" >&2
    fi
done
if [ -z "$archives" ]; then
    echo "bench/mail.sh: no public-inbox archive given (arguments or" \
         "MAIL_ARCHIVES): nothing to measure."
    echo "  e.g. sh bench/mail.sh /path/to/list/git/0.git ..."
    exit 0
fi
[ -x "$ug" ] || { echo "bench/mail.sh: $ug: not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/mail.sh: needs GNU time" >&2; exit 2; }
mkdir -p "$data"

# The mbox is named after the archives' heads and the size, so that it
# is built again when either changes.
key=$(for a in $archives; do git --git-dir="$a" rev-parse HEAD; done |
      cksum | cut -d' ' -f1)
mbox=$data/lists-$key-${mb}M.mbox
if [ ! -s "$mbox" ]; then
    echo "building $mbox from$archives ..."
    # each commit of an epoch holds one message, as its blob "m"; a
    # commit that removes one has none (git cat-file says "missing")
    # shellcheck disable=SC2086
    python3 - "$mbox" $((mb * 1048576)) $archives <<'EOF'
import re, subprocess, sys

out, budget, repos = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
from_re = re.compile(rb'^(>*From )', re.M)

def messages(repo):
    log = subprocess.Popen(['git', '--git-dir=' + repo, 'log', '--reverse',
                            '--format=%H:m'], stdout=subprocess.PIPE)
    cat = subprocess.Popen(['git', '--git-dir=' + repo, 'cat-file',
                            '--batch'], stdin=log.stdout,
                           stdout=subprocess.PIPE)
    log.stdout.close()
    while True:
        head = cat.stdout.readline()
        if not head:
            break
        f = head.split()
        if len(f) < 3 or f[-1] == b'missing':
            continue
        body = cat.stdout.read(int(f[2]))
        cat.stdout.read(1)  # the newline after each object
        yield body
    cat.wait()
    log.wait()

# round robin, one message of each list in turn, as a mailbox subscribed
# to all of them gets them, so that any slice of it mixes the lists
with open(out, 'wb') as o:
    gens = [messages(r) for r in repos]
    used = 0
    while gens and used < budget:
        for g in list(gens):
            m = next(g, None)
            if m is None:
                gens.remove(g)
                continue
            if not m.endswith(b'\n'):
                m += b'\n'
            m = from_re.sub(rb'>\1', m)  # mboxrd: one more '>'
            rec = b'From mboxrd@z Thu Jan  1 00:00:00 1970\n' + m + b'\n'
            o.write(rec)
            used += len(rec)
EOF
fi
size=$(wc -c <"$mbox")

if [ -n "${MAIL_SLICE:-}" ]; then
    slice=$data/lists-$key-slice-${MAIL_SLICE}M.mbox
    cut=$(grep -a -b '^From mboxrd@z ' "$mbox" |
          awk -F: -v lim=$((MAIL_SLICE * 1048576)) '$1 > lim { exit }
                                                    { o = $1 } END { print o }')
    head -c "$cut" "$mbox" >"$slice"
    echo "slice for callgrind: $slice ($(wc -c <"$slice") bytes)"
fi

now() {
    date +%s%N
}

# run NAME CMD...: best of $runs wall times, peak RSS of the best run;
# sets $best (ns) and prints seconds, MB/s, peak RSS
run() {
    name=$1
    shift
    best=
    rss=
    i=0
    while [ $i -lt "$runs" ]; do
        t0=$(now)
        /usr/bin/time -f '%M' -o "$data/time.out" "$@" >/dev/null \
            2>"$data/err.out" || true
        t=$(($(now) - t0))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then
            best=$t
            rss=$(tail -n 1 "$data/time.out")
        fi
        i=$((i + 1))
    done
    awk -v n="$name" -v s="$size" -v t="$best" -v r="$rss" 'BEGIN {
        printf "%-40s %7.3f s %8.1f MB/s %8d KiB\n", n, t / 1e9,
               s / 1e6 / (t / 1e9), r }'
}

echo "command: sh bench/mail.sh$archives"
echo "urigrep: $ug ($("$ug" --version | head -n 1))"
cpuinfo() {
    grep -m 1 "^$1" /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'
}
echo "cpu: $(cpuinfo 'model name')"
echo "flags: $(cpuinfo flags)"
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg);" \
     "$(date -u '+%Y-%m-%d %H:%M') UTC; best of $runs"
echo "input: $mbox ($size bytes, $(grep -c '^From mboxrd@z ' "$mbox") messages)"
printf '%-40s %9s %13s %12s\n' command time speed "peak RSS"
run "cat" cat "$mbox"
if command -v rg >/dev/null; then
    run "rg -o '$rgre'" rg -o "$rgre" "$mbox"
fi
run "urigrep -j 1 --type=text" "$ug" -j 1 --type=text "$mbox"
text_ns=$best
run "urigrep -j 1 --type=mbox" "$ug" -j 1 --type=mbox "$mbox"
mbox_ns=$best
awk -v t="$text_ns" -v m="$mbox_ns" 'BEGIN {
    printf "mbox/text speed ratio (-j 1): %.2f (issue 23 asks >= 0.60)\n",
           t / m }'
echo "URIs found: mbox $("$ug" -j 1 -c --type=mbox "$mbox")" \
     "text $("$ug" -j 1 -c --type=text "$mbox")"
