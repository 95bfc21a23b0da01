#!/usr/bin/env python3
# bench/pinbox-interleave.py: libgit2's baseline and urigrep, in turn.
# SPDX-License-Identifier: MIT
"""Usage: pinbox-interleave.py RUNS BASELINE URIGREP EPOCH

Runs, RUNS rounds, one after the other in each round: BASELINE EPOCH
(bench/pinbox-baseline.c), URIGREP -j 1 EPOCH and URIGREP -j 2 EPOCH,
their standard output to /dev/null (a partial copy of an epoch makes
both exit 2: not a failure here).  Interleaved, a load that comes and
goes falls on all three alike.  Prints each one's least wall time and
least user+sys time (its own, from wait4()), then the issue's ratio,
the baseline's time over urigrep -j 1's (at least 0.80 asked), and -j
2's speed-up, by wall and by CPU time."""
import os
import sys
import time


def timed(argv, devnull):
    """(wall, user+sys) seconds of one run of ARGV."""
    t = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, _, ru = os.wait4(pid, 0)
    return time.perf_counter() - t, ru.ru_utime + ru.ru_stime


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__.splitlines()[0])
    runs, base, ug, epoch = int(sys.argv[1]), *sys.argv[2:]
    cmds = {"libgit2 baseline": [base, epoch],
            "urigrep -j 1": [ug, "-j", "1", epoch],
            "urigrep -j 2": [ug, "-j", "2", epoch]}
    best = {k: [float("inf"), float("inf")] for k in cmds}
    devnull = os.open(os.devnull, os.O_WRONLY)
    for _ in range(runs):
        for name, argv in cmds.items():
            wall, cpu = timed(argv, devnull)
            best[name][0] = min(best[name][0], wall)
            best[name][1] = min(best[name][1], cpu)
    print(f"interleaved, {runs} rounds, least of each:")
    for name, (wall, cpu) in best.items():
        print(f"  {name:18} {wall:8.3f} s wall {cpu:8.3f} s user+sys")
    b, j1, j2 = (best[k] for k in cmds)
    print(f"  baseline / urigrep -j 1: {b[0] / j1[0]:.2f} wall, "
          f"{b[1] / j1[1]:.2f} cpu (goal: at least 0.80)")
    print(f"  -j 2 speed-up: {j1[0] / j2[0]:.2f}x wall")


if __name__ == "__main__":
    main()
