#!/usr/bin/env python3
# bench/python.py: urigrep.scan() against urigrep --json on one file.
# SPDX-License-Identifier: MIT
"""Usage: PYTHONPATH=python python3 bench/python.py URIGREP FILE [RUNS]

Times, best of RUNS (default 3), `URIGREP --json FILE >/dev/null` and a
Python loop that consumes every record of urigrep.scan(FILE) (it reads
the "uri" and "line" of each), and prints MB/s for both, by CPU time
(user + system: the figure a shared machine does not blur) and by wall
time, and the module's share of the command's throughput.
"""
import os
import resource
import subprocess
import sys
import time

import urigrep


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_self():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def command(cmd, path):
    c, w = cpu_children(), time.time()
    with open(os.devnull, "wb") as null:
        subprocess.run([cmd, "--json", path], stdout=null, check=False)
    return cpu_children() - c, time.time() - w


def module(path):
    c, w = cpu_self(), time.time()
    n = total = 0
    for rec in urigrep.scan(path):
        n += 1
        total += len(rec["uri"]) + rec["line"]
    return cpu_self() - c, time.time() - w, n


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    mb = os.path.getsize(path) / 1e6
    cc = min((command(cmd, path) for _ in range(runs)), key=lambda x: x[0])
    cw = min(command(cmd, path)[1] for _ in range(1))
    best = min((module(path) for _ in range(runs)), key=lambda x: x[0])
    print(f"input: {path} ({mb:.1f} MB), {best[2]} records; best of {runs}")
    print(f"urigrep --json >/dev/null   CPU {cc[0]:6.2f} s {mb / cc[0]:7.1f} "
          f"MB/s   wall {min(cc[1], cw):6.2f} s")
    print(f"urigrep.scan(), consumed     CPU {best[0]:6.2f} s "
          f"{mb / best[0]:7.1f} MB/s   wall {best[1]:6.2f} s")
    print(f"module / command (CPU): {cc[0] / best[0] * 100:.0f}%")


if __name__ == "__main__":
    main()
