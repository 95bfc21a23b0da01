#!/usr/bin/env python3
# bench/python.py: urigrep.scan() against urigrep -j 1 --json on files.
# SPDX-License-Identifier: MIT
"""Usage: PYTHONPATH=python python3 bench/python.py URIGREP FILE... [RUNS]

For each FILE (a real mail archive, say bench/data/iwl.mbox), first
checks that urigrep.scan(FILE) yields the records of URIGREP -j 1 --json
FILE, key for key, in order.  Then RUNS rounds (default 5), each running
in turn, a process each so that start-up counts: cat FILE, rg -o
'(https?|ftp)://...' FILE (when rg is there), URIGREP -j 1 --json FILE,
and `python3 -c 'for r in urigrep.scan(FILE)'` (the interpreter's start
and the import included; every record's "uri" and "line" read),
urigrep.scan_json(FILE, /dev/null) and `python3 -c 'import urigrep'`
(the start-up, taken off the module's times for the ratios issue 34
item 5 asks: scan() at least 0.9 of the command, scan_json() no slower
than scan()), then
the same on one CPU (the affinity set to it: scan() then reads in the
caller's thread, as before it had a thread of its own).  Prints
the commands, the machine and its CPU flags, for each the least wall
time and the least user+sys CPU time of the rounds, MB/s and peak RSS,
and the module's share of the command's speed by wall time and by CPU
time.  With two CPUs or more scan() reads a file in a thread of its own
while the caller's makes the dicts: its CPU time is both threads'.
Output goes to /dev/null.
"""
import json
import os
import shutil
import subprocess
import sys
import time

from machine import describe

SCAN = ("import sys, urigrep\n"
        "n = t = 0\n"
        "for r in urigrep.scan(sys.argv[1]):\n"
        "    n += 1\n"
        "    t += len(r['uri']) + r['line']\n"
        "print(n)\n")
# the bulk form: --json's lines written by C to /dev/null
SCAN_JSON = ("import sys, urigrep\n"
             "with open('/dev/null', 'wb') as out:\n"
             "    print(urigrep.scan_json(sys.argv[1], out))\n")
# the interpreter's start and the import alone (an empty run), taken
# off the module's times as issue 34 item 5 asks
EMPTY = "import sys, urigrep\n"
RG = r"""(https?|ftp)://[^\]\[<>"\s]+"""


def timed(argv, cpus=None):
    """(wall, user+sys, peak RSS KiB) of one run of ARGV (on the CPUs
    of the set CPUS only, when given)."""
    pin = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None
    t = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, preexec_fn=pin)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"bench/python.py: {' '.join(argv)}: failed")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def same_records(cmd, path):
    """The number of records of scan(PATH), after checking that they are
    those of CMD -j 1 --json PATH; exits when they are not."""
    import urigrep
    p = subprocess.Popen([cmd, "-j", "1", "--json", path],
                         stdout=subprocess.PIPE)
    n = 0
    for r in urigrep.scan(path):
        line = p.stdout.readline()
        if not line or list(json.loads(line).items()) != list(r.items()):
            p.kill()
            sys.exit(f"bench/python.py: {path}: record {n + 1} of scan() "
                     f"is not --json's: {r!r} against {line!r}")
        n += 1
    rest = p.stdout.read()
    p.wait()
    if rest:
        sys.exit(f"bench/python.py: {path}: --json has records after "
                 f"scan()'s {n}")
    return n


def main():
    args = sys.argv[1:]
    if args[:1] == ["--same"] and len(args) == 3:
        # in a process of its own, which maps the file: the commands
        # timed are not started from a large process
        print(same_records(args[1], args[2]))
        return
    runs = 5
    if args and args[-1].isdigit():
        runs = int(args.pop())
    if len(args) < 2:
        sys.exit(__doc__)
    cmd, files = args[0], args[1:]
    if not os.access(cmd, os.X_OK):
        sys.exit(f"bench/python.py: {cmd}: no urigrep command there")
    describe()
    cpus = len(os.sched_getaffinity(0))
    print(f"{runs} rounds, each command in turn; the least wall and the "
          "least CPU time (user+sys) of each")
    print(f"scan() reads a file in a thread of its own: "
          f"{'yes' if cpus > 1 else 'no'} ({cpus} CPUs for this process)")
    for path in files:
        if not os.path.isfile(path):
            print(f"bench/python.py: {path}: absent (make one with "
                  "bench/pi-export.py EPOCH.git OUT): skipped")
            continue
        mb = os.path.getsize(path) / 1e6
        n = int(subprocess.run([sys.executable, __file__, "--same", cmd,
                                path], stdout=subprocess.PIPE,
                               check=True).stdout)
        print(f"input: {path} ({mb:.1f} MB): {n} records, scan()'s the "
              "same as --json's")
        rows = [("cat", ["cat", path])]
        if shutil.which("rg"):
            rows.append(("rg -o '(https?|ftp)://...'", ["rg", "-o", RG,
                                                         path]))
        scan = [sys.executable, "-c", SCAN, path]
        rows += [("urigrep -j 1 --json", [cmd, "-j", "1", "--json", path]),
                 ("python3 urigrep.scan()", scan),
                 ("python3 urigrep.scan_json()",
                  [sys.executable, "-c", SCAN_JSON, path]),
                 ("python3 import urigrep", [sys.executable, "-c", EMPTY,
                                             path])]
        one = {min(os.sched_getaffinity(0))}
        if cpus > 1:
            rows.append(("python3 urigrep.scan(), 1 CPU", scan))
        res = {name: [] for name, _ in rows}
        for _ in range(runs):
            for name, argv in rows:
                res[name].append(timed(argv, one if "1 CPU" in name
                                       else None))
        best = {}
        for name, _ in rows:
            w = min(r[0] for r in res[name])
            c = min(r[1] for r in res[name])
            rss = max(r[2] for r in res[name])
            best[name] = w, c
            print(f"  {name:30} {w:6.3f} s wall {c:6.3f} s CPU "
                  f"{mb / w:8.1f} MB/s {rss:8d} KiB peak RSS")
        cw, cc = best["urigrep -j 1 --json"]
        pw, pc = best["python3 urigrep.scan()"]
        print(f"  scan() / command: {cw / pw * 100:.0f}% by wall time, "
              f"{cc / pc * 100:.0f}% by CPU time")
        ew, ec = best["python3 import urigrep"]
        jw, jc = best["python3 urigrep.scan_json()"]
        print(f"  start-up taken off ({ew:.3f} s wall, {ec:.3f} s CPU): "
              f"scan() / command {cw / (pw - ew) * 100:.0f}% by wall, "
              f"{cc / (pc - ec) * 100:.0f}% by CPU (at least 90% asked); "
              f"scan_json() / scan() {(pw - ew) / (jw - ew) * 100:.0f}% "
              f"by wall, {(pc - ec) / (jc - ec) * 100:.0f}% by CPU "
              f"(at least 100% asked)")
        if cpus > 1:
            ow, oc = best["python3 urigrep.scan(), 1 CPU"]
            print(f"  scan() on 1 CPU / command: {cw / ow * 100:.0f}% by "
                  f"wall time, {cc / oc * 100:.0f}% by CPU time")
        print(f"  commands: {cmd} -j 1 --json {path}; {sys.executable} -c "
              "'for r in urigrep.scan(FILE): ...'")


if __name__ == "__main__":
    main()
