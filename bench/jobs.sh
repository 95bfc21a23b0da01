#!/bin/sh
# bench/jobs.sh [URIGREP]: urigrep's default -j, -j 1 and -j N (N:
# BENCH_JOBS, default the number of CPUs) on each kind of input -j meets:
# one file of 10 KB, 1 MB and 16 MB, the 141 MB text and 155 MB mbox of
# bench/run.sh (run there first, or it is run here to make them), the
# mbox with -n (pieces counted before they are read), 1000 small files
# and a maildir of 6000 messages (-r), the text through a pipe, and the
# text gzipped. Prints the machine (CPU model and flags, cores, load
# average), then for each input its size, cat's and rg's times, and for
# each of urigrep's three the best wall time of BENCH_RUNS (5) runs, or
# up to 30 for small inputs, taken in turn (so that the ratios come from
# the same minutes), MB/s,
# user+sys seconds, peak RSS (GNU time) and the peak of anonymous
# memory (RssAnon sampled every half millisecond in one more run: mapped
# file pages aside; "-" when the run ended before the first look),
# and -j 1's time over the default's and over -j N's (1.00 or more:
# not slower than -j 1), with the CPU time each took over -j 1's (what
# the threads cost; on a busy machine the wall times say little).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ug=${1:-$here/../src/urigrep}
. "$here/binary.sh"
real_binary "$ug"
ug=$REAL_BINARY
data=${BENCH_DATA:-$here/data}
runs=${BENCH_RUNS:-5}
jobs=${BENCH_JOBS:-$(nproc)}
rgre='(https?|ftp)://[^\]\[<>"\s]+'
[ -x /usr/bin/time ] || { echo "bench: needs GNU time" >&2; exit 77; }
command -v python3 >/dev/null || { echo "bench: needs python3" >&2; exit 77; }
text=$data/text-128M.txt
mbox=$data/mail-128M.mbox
if [ ! -s "$text" ] || [ ! -s "$mbox" ]; then
    echo "making bench/run.sh's inputs (its own figures not shown) ..."
    BENCH_DATA=$data BENCH_SCALE= BENCH_RUNS=1 sh "$here/run.sh" "$ug" \
        >/dev/null
fi

# cut FILE SIZE OUT: the first SIZE bytes of FILE up to a line's end
cut_text() {
    [ -s "$3" ] || head -c "$2" "$1" | sed '$d' >"$3"
}
cut_text "$text" 10240 "$data/text-10K.txt"
cut_text "$text" 1048576 "$data/text-1M.txt"
cut_text "$text" 16777216 "$data/text-16M.txt"
[ -s "$text.gz" ] || gzip -1 -c "$text" >"$text.gz"
# maildirs of the mbox's first messages
. "$here/maildir.sh"
make_maildir "$data/files-1000" 1000 "$mbox"
make_maildir "$data/maildir" 6000 "$mbox"

echo "command: sh bench/jobs.sh $*  (BENCH_RUNS=$runs BENCH_JOBS=$jobs)"
echo "urigrep: $ug ($("$ug" --version | head -n 1))"
echo "date: $(date -u '+%Y-%m-%d %H:%M:%S') UTC"
echo "cpu: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1);" \
    "$(nproc) online"
echo "flags: $(sed -n 's/^flags[^:]*: //p' /proc/cpuinfo | head -n 1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$ug" "$runs" "$jobs" "$rgre" "$data" <<'PY'
import os, subprocess, sys, time

ug, runs, jobs, rgre, data = sys.argv[1], int(sys.argv[2]), sys.argv[3], \
    sys.argv[4], sys.argv[5]
devnull = os.open(os.devnull, os.O_WRONLY)

def start(cmd, stdin):
    """Spawn CMD, its output to /dev/null; STDIN: None, or a file whose
    bytes reach it through a pipe (cat writes them)."""
    if stdin is None:
        return None, subprocess.Popen(cmd, stdout=devnull)
    cat = subprocess.Popen(["cat", stdin], stdout=subprocess.PIPE)
    p = subprocess.Popen(cmd, stdin=cat.stdout, stdout=devnull)
    cat.stdout.close()
    return cat, p

def timed(cmd, stdin):
    """Wall and user+sys seconds of one run of CMD."""
    t0 = time.perf_counter()
    cat, p = start(cmd, stdin)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if cat:
        cat.wait()
    if p.returncode not in (0, 1):
        sys.exit("bench: %s exited with %d" % (" ".join(cmd), p.returncode))
    return wall, ru.ru_utime + ru.ru_stime

def memory(cmd, stdin):
    """Peak RSS (GNU time, KiB), and the largest RssAnon seen (KiB) in
    another run, every half millisecond (None: it ended before the
    first look)."""
    out = os.path.join(data, "time.out")
    cat, p = start(["/usr/bin/time", "-f", "%M", "-o", out] + cmd, stdin)
    p.wait()
    if cat:
        cat.wait()
    with open(out) as f:
        rss = int(f.read().split()[-1])
    cat, p = start(cmd, stdin)
    anon = None
    while p.poll() is None:
        try:
            with open("/proc/%d/status" % p.pid) as f:
                for line in f:
                    if line.startswith("RssAnon:"):
                        anon = max(anon or 0, int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.0005)
    if cat:
        cat.wait()
    return rss, anon

def case(name, args, size, stdin=None, rg=None):
    """Time cat, rg and urigrep's three on one input, RUNS rounds in turn."""
    cmds = [("cat", ["cat"] + [a for a in args if not a.startswith("-")]
             if stdin is None else ["cat"])]
    if rg and subprocess.call(["sh", "-c", "command -v rg"],
                              stdout=devnull) == 0:
        cmds.append(("rg", ["rg", "-o", rgre] + rg))
    ujobs = [("default", []), ("-j 1", ["-j", "1"]),
             ("-j " + jobs, ["-j", jobs])]
    cmds += [("urigrep " + j, [ug] + a + args) for j, a in ujobs]
    if args and args[-1].endswith(".gz"):
        cmds[0] = ("zcat", ["zcat", args[-1]])
    if args and os.path.isdir(args[-1]):
        cmds[0] = ("cat", ["sh", "-c", "find \"$0\" -type f -exec cat {} +",
                           args[-1]])
    best = {}
    rounds, k = runs, 0
    while k < rounds:
        t0 = time.perf_counter()
        for label, cmd in cmds:
            w, c = timed(cmd, stdin)
            if label not in best or w < best[label][0]:
                best[label] = (w, c)
        # a small input: more rounds (up to 30), for a second in all
        if k == 0:
            rounds = max(runs, min(30, int(1.0 / (time.perf_counter() - t0))))
        k += 1
    print("%s: urigrep %s%s (%d bytes; best of %d)" % (name,
          " ".join(args), " <pipe" if stdin else "", size, rounds))
    for label, cmd in cmds:
        w, c = best[label]
        rss, anon = memory(cmd, stdin) if label.startswith("urigrep") \
            else (0, 0)
        print("  %-16s %8.4f s %8.1f MB/s %7.3f s user+sys %s" % (
            label, w, size / 1048576 / w, c,
            "%7d KiB peak RSS %6s KiB anon" % (rss, "-" if anon is None
                                               else anon) if rss else ""))
    one, cpu = best["urigrep -j 1"]
    dflt, njobs = best["urigrep default"], best["urigrep -j " + jobs]
    print("  -j 1 / default: %.2f   -j 1 / -j %s: %.2f   (CPU time over"
          " -j 1's: default %.2f, -j %s %.2f)" % (
              one / dflt[0], jobs, one / njobs[0], dflt[1] / cpu, jobs,
              njobs[1] / cpu))
    sys.stdout.flush()

def du(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(d, f))
               for d, _, fs in os.walk(path) for f in fs)

text = os.path.join(data, "text-128M.txt")
mbox = os.path.join(data, "mail-128M.mbox")
for n in ("10K", "1M", "16M"):
    f = os.path.join(data, "text-%s.txt" % n)
    case("text " + n, [f], du(f), rg=[f])
case("text", [text], du(text), rg=[text])
case("mbox", [mbox], du(mbox), rg=[mbox])
case("mbox -n", ["-n", mbox], du(mbox), rg=["-n", mbox])
for d in ("files-1000", "maildir"):
    p = os.path.join(data, d)
    case(d, ["-r", p], du(p), rg=[p])
case("pipe", [], du(text), stdin=text, rg=[])
case("gzip", [text + ".gz"], du(text + ".gz"), rg=["-z", text + ".gz"])
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
