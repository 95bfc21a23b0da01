#!/usr/bin/env python3
# bench/task-cpu.py: one urigrep.dask task's CPU in this process and in
# Dask workers (the profiler on and off), against the command's.
# SPDX-License-Identifier: MIT
"""Usage: PYTHONPATH=python python3 bench/task-cpu.py URIGREP PATH [ROUNDS]

PATH (an mbox, a maildir: bench/pi-export.py makes both) is planned as
urigrep.dask plans it, all of it one task (one group of files, or an
mbox as one range), and that task, urigrep.dask.extract(), is run
ROUNDS times (5) in turn: in this process; in the worker of a
LocalCluster of one worker process (one thread) as Dask starts it; and
in one whose sampling profiler is off
(distributed.worker.profile.enabled False, set in the worker's
environment).  Between them `URIGREP -j 1 --json -r PATH` runs as a
child.  Prints, least of the rounds, the CPU (user+sys) of the command,
of the task's own thread (thread_time(): what the task itself cost) and
of the whole process while the task ran (process_time(): Dask's other
threads too), and each against the command's.  A machine shared with
others stretches wall times: only CPU times are printed.
"""
import os
import resource
import subprocess
import sys
import tempfile

import urigrep.dask as ud

PROFILE_OFF = "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"


def command_cpu(argv):
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, _, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime


def one_task(path, cmd):
    """The pieces of PATH as one task."""
    files = ud.expand([path], cmd)
    groups, splits = ud.plan(files, 1 << 62, urigrep_cmd=cmd)
    pieces = [p for g in groups for p in g] + [p for s in splits for p in s]
    return pieces


def cluster(profile):
    from distributed import Client, LocalCluster
    old = os.environ.get(PROFILE_OFF)
    if not profile:
        os.environ[PROFILE_OFF] = "False"
    try:
        c = LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                         dashboard_address=":0")
    finally:
        if old is None:
            os.environ.pop(PROFILE_OFF, None)
        else:
            os.environ[PROFILE_OFF] = old
    return c, Client(c)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    ug, path = os.path.abspath(sys.argv[1]), sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) == 4 else 5
    pieces = one_task(path, ug)
    argv = [ug, "-j", "1", "--json", "-r", path]
    on, off = cluster(True), cluster(False)
    best = {}

    def keep(name, s):
        t, p = best.get(name, (float("inf"), float("inf")))
        best[name] = (min(t, s["task_cpu_seconds"]), min(p, s["cpu_seconds"]))

    try:
        with tempfile.TemporaryDirectory(prefix="urigrep-bench.") as tmp:
            out = os.path.join(tmp, "part.jsonl")
            for _ in range(rounds):
                c = command_cpu(argv)
                best["command"] = (min(best.get("command", (c,))[0], c), c)
                keep("this process", ud.extract(out, pieces, urigrep_cmd=ug))
                for name, (_, client) in (("worker, profiler on", on),
                                          ("worker, profiler off", off)):
                    keep(name, client.submit(ud.extract, out, pieces,
                                             urigrep_cmd=ug,
                                             pure=False).result())
    finally:
        for c, client in (on, off):
            client.close()
            c.close()
    cmd = best.pop("command")[0]
    print(f"{path}: {len(pieces)} pieces as one task, least of {rounds} "
          f"rounds; load average {os.getloadavg()[0]:.1f}")
    print(f"  command -j 1 --json    {cmd:6.3f} s CPU")
    for name, (t, p) in best.items():
        print(f"  {name:22s} {t:6.3f} s thread ({cmd / t:4.0%} of the "
              f"command's speed), {p:6.3f} s process ({cmd / p:4.0%})")
    print(f"  peak RSS here {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss} KiB")


if __name__ == "__main__":
    main()
