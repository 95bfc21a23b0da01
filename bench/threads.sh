#!/bin/sh
# bench/threads.sh [URIGREP]: -j 1, 2, 4, 16 and 64 on each kind of input
# -j reads (a large text file and mbox, cut into pieces; a maildir; a
# public-inbox archive): the wall time and CPU time of each, the peak of
# anonymous memory (RssAnon sampled every half millisecond: the input's
# mapped pages aside) against the bound urigrep(1) promises, 8 MiB plus
# 2 MiB a thread, and whether the output is -j 1's byte for byte.
# URIGREP_JOBS_HOLD=0 starts the N threads at once whatever the machine
# has (without it -j starts no more threads than processors), so that a
# small machine measures what -j 64 costs a large one; a last row a
# input, marked "*", is -j 64 as a user runs it here (as many threads as
# processors).  Prints the machine, cat's and rg's time on each input,
# then one row a run.
# Environment: BENCH_DATA (default bench/data; inputs made there on the
# first run), BENCH_MB (size of the text and mbox, default 100),
# BENCH_JOBS (default "1 2 4 16 64"), BENCH_RUNS (best of, default 3).
# SPDX-License-Identifier: MIT
set -eu
args=$*
here=$(cd "$(dirname "$0")" && pwd)
ug=${1:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
data=${BENCH_DATA:-$here/data}
mb=${BENCH_MB:-100}
jobs=${BENCH_JOBS:-1 2 4 16 64}
runs=${BENCH_RUNS:-3}
command -v python3 >/dev/null || { echo "bench: needs python3" >&2; exit 77; }
command -v git >/dev/null || { echo "bench: needs git" >&2; exit 77; }
mkdir -p "$data"

# the inputs: real text of tests/corpus repeated, bench/gen-mbox.py's
# mbox, a maildir and a public-inbox archive of its first messages
text=$data/threads-text-${mb}M.txt
mbox=$data/threads-mail-${mb}M.mbox
maildir=$data/threads-maildir
inbox=$data/threads-inbox
if [ ! -s "$text" ]; then
    find "$here/../tests/corpus" -type f -name '*.txt' | sort |
        xargs cat >"$data/unit.txt"
    python3 - "$data/unit.txt" "$text" "$mb" <<'EOF'
import sys
unit = open(sys.argv[1], "rb").read()
want = int(sys.argv[3]) * 1024 * 1024
with open(sys.argv[2], "wb") as f:
    done = 0
    while done < want:
        f.write(unit)
        done += len(unit)
EOF
    rm -f "$data/unit.txt"
fi
[ -s "$mbox" ] || python3 "$here/gen-mbox.py" "$mb" "$mbox"
. "$here/maildir.sh"
make_maildir "$maildir" 6000 "$mbox"
if [ ! -d "$inbox/git/0.git" ]; then
    # 2000 messages (commits are made one by one), in a shell of their
    # own: "$@" is the command line's
    (set -- "$maildir"/cur/*
     [ $# -le 2000 ] || shift $(($# - 2000))
     sh "$here/../doc/examples/make-inbox.sh" "$inbox" "$@" >/dev/null)
fi

echo "command: sh bench/threads.sh $args  (BENCH_MB=$mb BENCH_RUNS=$runs)"
echo "urigrep: $ug ($("$ug" --version | head -n 1))"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "flags: $(sed -n 's/^flags[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg);" \
     "$(date -u '+%Y-%m-%d %H:%M UTC')"

python3 - "$ug" "$runs" "$text" "$mbox" "$maildir" "$inbox" $jobs <<'EOF'
import hashlib, os, resource, shutil, subprocess, sys, time

ug, runs = sys.argv[1], int(sys.argv[2])
text, mbox, maildir, inbox = sys.argv[3:7]
jobs = [int(j) for j in sys.argv[7:]]
env = dict(os.environ, URIGREP_JOBS_HOLD="0")
inputs = [
    ("text -n", ["-n", text]),
    ("mbox --json", ["--json", mbox]),
    ("maildir -r -n", ["-r", "-n", maildir]),
    ("public-inbox --json", ["--json", "--type=public-inbox", inbox]),
]

def timed(cmd, extra_env=None):
    """Best wall time of RUNS runs, its user+sys seconds, and the
    output's digest."""
    best = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, env=extra_env or env)
        wall = time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if p.returncode not in (0, 1):
            sys.exit("bench: %s exited with %d" % (" ".join(cmd),
                                                   p.returncode))
        cpu = (after.ru_utime - before.ru_utime +
               after.ru_stime - before.ru_stime)
        if best is None or wall < best[0]:
            best = (wall, cpu, hashlib.sha256(p.stdout).hexdigest())
    return best

def anon_peak(cmd):
    """The largest RssAnon seen, in KiB (0: it ended before a look)."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, env=env)
    peak = 0
    while p.poll() is None:
        try:
            with open("/proc/%d/status" % p.pid) as f:
                for line in f:
                    if line.startswith("RssAnon:"):
                        peak = max(peak, int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.0005)
    return peak

def other(cmd, path):
    """The best wall time of another program on PATH (None: not there)."""
    if shutil.which(cmd[0]) is None:
        return None
    best = None
    for _ in range(runs):
        t0 = time.monotonic()
        subprocess.run(cmd + [path], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        wall = time.monotonic() - t0
        best = wall if best is None or wall < best else best
    return best

print("%-20s %4s %8s %8s %9s %9s %6s %s" % (
    "input", "-j", "wall s", "cpu s", "anon MiB", "bound MiB", "vs -j2",
    "output"))
for name, args in inputs:
    path = args[-1]
    if os.path.isfile(path):
        c = other(["cat"], path)
        r = other(["rg", "-c", "-e", "(https?|ftp)://"], path)
        print("%-20s cat %.3f s, rg -c %s" % (
            name, c, "%.3f s" % r if r is not None else "-"))
    ref = None
    j2 = None
    for j in jobs:
        cmd = [ug, "-j", str(j)] + args
        wall, cpu, digest = timed(cmd)
        if j == 1:
            ref = digest
        if j == 2:
            j2 = wall
        anon = anon_peak(cmd) / 1024.0
        bound = 8 + 2 * j
        print("%-20s %4d %8.3f %8.3f %9.1f %9d %6s %s" % (
            name, j, wall, cpu, anon, bound,
            "%.2f" % (wall / j2) if j2 else "-",
            "same" if digest == ref else "DIFFERS"))
        if digest != ref or anon > bound:
            print("bench: -j %d on %s: %s" % (
                j, name, "output differs from -j 1" if digest != ref
                else "anonymous memory over the bound"))
    # and -j as a user runs it: no more threads than this machine's
    # processors start (URIGREP_JOBS_HOLD unset)
    plain = {k: v for k, v in env.items() if k != "URIGREP_JOBS_HOLD"}
    j = max(jobs)
    wall, cpu, digest = timed([ug, "-j", str(j)] + args, plain)
    print("%-20s %3d* %8.3f %8.3f %9s %9s %6s %s" % (
        name, j, wall, cpu, "", "",
        "%.2f" % (wall / j2) if j2 else "-",
        "same" if digest == ref else "DIFFERS"))
EOF
