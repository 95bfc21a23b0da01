#!/usr/bin/env python3
"""pair.py [URIGREP [MAILDIR [ROUNDS]]]: how much two CPUs give on this
machine, against what urigrep -j 2 gets. Links the first and the last
half of MAILDIR/cur (bench/jobs.sh makes bench/data/maildir) into two
directories and times, ROUNDS (25) times in turn: -j 1 on one half
alone, two -j 1 processes on the two halves started together, and -j 2
on the whole. If the pair takes longer than one half alone, the two CPUs
slow each other down (shared caches, memory bandwidth, a virtual
machine), and -j 2 cannot do better than the pair. Prints min, first
quartile and median wall milliseconds."""
import os
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
ug = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "src",
                                                         "urigrep")
md = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "data",
                                                        "maildir")
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 25
devnull = os.open(os.devnull, os.O_WRONLY)


def spawn(args):
    return os.posix_spawnp(ug, [ug] + args, os.environ,
                           file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])


def timed(*runs):
    t0 = time.perf_counter()
    for pid in [spawn(a) for a in runs]:
        os.waitpid(pid, 0)
    return (time.perf_counter() - t0) * 1e3


with tempfile.TemporaryDirectory(dir=os.path.dirname(md)) as tmp:
    names = sorted(os.listdir(os.path.join(md, "cur")))
    halves = []
    for k, part in enumerate((names[:len(names) // 2],
                              names[len(names) // 2:])):
        d = os.path.join(tmp, "half%d" % k)
        os.makedirs(os.path.join(d, "cur"))
        for n in part:
            os.link(os.path.join(md, "cur", n), os.path.join(d, "cur", n))
        halves.append(d)
    rows = {"one half alone, -j 1": [], "two halves together, -j 1 each": [],
            "the whole, -j 2": []}
    for _ in range(rounds):
        rows["one half alone, -j 1"].append(
            timed(["-j", "1", "-r", halves[0]]))
        rows["two halves together, -j 1 each"].append(
            timed(["-j", "1", "-r", halves[0]], ["-j", "1", "-r", halves[1]]))
        rows["the whole, -j 2"].append(timed(["-j", "2", "-r", md]))
    for name, v in rows.items():
        v.sort()
        print("%-34s min %6.1f  q1 %6.1f  median %6.1f ms" %
              (name, v[0], v[len(v) // 4], v[len(v) // 2]))
