#!/usr/bin/env python3
# bench/python.py: urigrep.scan() against urigrep -j 1 --json on files.
# SPDX-License-Identifier: MIT
"""Usage: PYTHONPATH=python python3 bench/python.py URIGREP FILE... [RUNS]

For each FILE (an mbox, say one of bench/pi-export.py), best of RUNS
(default 3) by wall time, each a process of its own so that start-up
counts: cat FILE, rg -o '(https?|ftp)://...' FILE (when rg is there),
URIGREP -j 1 --json FILE, and `python3 -c 'for r in urigrep.scan(FILE)'`
(the interpreter's start and the import included; every record's "uri"
and "line" read).  Prints the commands, the CPU, each one's wall and
user+sys seconds, MB/s and peak RSS, and the module's share of the
command's speed by wall time and by CPU time.  Output goes to /dev/null.
"""
import os
import shutil
import subprocess
import sys

from machine import describe

SCAN = ("import sys, urigrep\n"
        "n = t = 0\n"
        "for r in urigrep.scan(sys.argv[1]):\n"
        "    n += 1\n"
        "    t += len(r['uri']) + r['line']\n"
        "print(n)\n")
RG = r"""(https?|ftp)://[^\]\[<>"\s]+"""


def timed(argv, out=subprocess.DEVNULL):
    """(wall, user+sys, peak RSS KiB, stdout) of one run of ARGV."""
    t = os.times()
    p = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = os.times().elapsed - t.elapsed
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def best(argv, runs):
    return min((timed(argv) for _ in range(runs)), key=lambda r: r[0])


def main():
    args = sys.argv[1:]
    runs = 3
    if args and args[-1].isdigit():
        runs = int(args.pop())
    if len(args) < 2:
        sys.exit(__doc__)
    cmd, files = args[0], args[1:]
    if not os.access(cmd, os.X_OK):
        sys.exit(f"bench/python.py: {cmd}: no urigrep command there")
    describe()
    print(f"best of {runs} by wall time; user+sys CPU of that run")
    for path in files:
        if not os.path.isfile(path):
            print(f"bench/python.py: {path}: absent (make one with "
                  "bench/pi-export.py EPOCH.git OUT): skipped")
            continue
        mb = os.path.getsize(path) / 1e6
        n = subprocess.run([sys.executable, "-c", SCAN, path],
                           stdout=subprocess.PIPE, check=True).stdout
        print(f"input: {path} ({mb:.1f} MB), {int(n)} records")
        rows = [("cat", ["cat", path])]
        if shutil.which("rg"):
            rows.append(("rg -o '(https?|ftp)://...'", ["rg", "-o", RG,
                                                         path]))
        rows += [("urigrep -j 1 --json", [cmd, "-j", "1", "--json", path]),
                 ("python3 urigrep.scan()", [sys.executable, "-c", SCAN,
                                             path])]
        res = {}
        for name, argv in rows:
            w, c, rss = res[name] = best(argv, runs)
            print(f"  {name:28} {w:6.2f} s wall {c:6.2f} s CPU "
                  f"{mb / w:8.1f} MB/s {rss:8d} KiB peak RSS")
        cw, cc, _ = res["urigrep -j 1 --json"]
        pw, pc, _ = res["python3 urigrep.scan()"]
        print(f"  scan() / command: {cw / pw * 100:.0f}% by wall time, "
              f"{cc / pc * 100:.0f}% by CPU time")
        print(f"  commands: {' '.join(rows[-2][1])}; {sys.executable} -c "
              "'for r in urigrep.scan(FILE): ...'")


if __name__ == "__main__":
    main()
