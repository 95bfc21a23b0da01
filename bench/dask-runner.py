#!/usr/bin/env python3
# bench/dask-runner.py: urigrep.dask on a LocalCluster against urigrep -j 1 --json.
# SPDX-License-Identifier: MIT
"""Usage: PYTHONPATH=python python3 bench/dask-runner.py URIGREP PATH... [options]

Reads PATH... (an mbox, a maildir, a public-inbox archive: what
bench/pi-export.py makes, or an epoch of a real list) twice: with
`URIGREP -j 1 --json -r PATH... >/dev/null` (best of --runs by wall
time), and with urigrep.dask on a dask.distributed LocalCluster of
--workers worker processes (one thread each), or on the workers of the
running scheduler at --scheduler ADDRESS (`dask scheduler` and `dask
worker --nthreads 1` started by hand), best of --runs by wall time.
The runner's start-up is taken off as issue 34 item 2 asks: the same
cluster, ready, reads a file of one message (its first) in the same
way, and its wall time is subtracted.  Prints the commands, the CPU and
load average, the input's size, the tasks and bytes a task, the
command's MB/s (one core), the runner's wall time less the start-up
against the command's over W workers (the issue asks for at most 1.25),
per busy worker the bytes over the CPU seconds of the worker processes
while they ran the tasks and over those of the tasks' threads alone,
their share of the command's, the client's CPU (planning: cutting the
files, walking the folders), and peak RSS of the command and of the
workers.  Options: --workers N (2), --scheduler ADDRESS, --chunk-size MB
(the runner's default), --runs N (3).
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

import urigrep.dask as ud
from machine import describe


def timed(argv):
    """(wall, user+sys, peak RSS KiB) of one run of ARGV."""
    t = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, _, ru = os.wait4(p.pid, 0)
    return time.monotonic() - t, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def first_message(path, out):
    """The first message of PATH (an mbox: up to its second "From "
    line; a maildir's message: itself; a public-inbox archive: a message
    of one line) written to OUT."""
    if not os.path.isfile(path):
        data = b"From: a@example.org\nSubject: one\n\nhttp://example.org/\n"
    elif path.endswith("mbox"):
        with open(path, "rb") as f:
            head = f.read(1 << 20)
        cut = head.find(b"\nFrom ", 1)
        data = head[:cut + 1] if cut > 0 else head
    else:
        with open(path, "rb") as f:
            data = f.read()
    with open(out, "wb") as f:
        f.write(data)


def run_once(client, files, out, chunk, ug):
    """(wall seconds, summary) of urigrep.dask's run() of FILES; the
    summary gains "client_cpu_seconds", this process's CPU meanwhile
    (the plan: cutting files, walking folders; Dask's client)."""
    t = time.monotonic()
    c = resource.getrusage(resource.RUSAGE_SELF)
    total = ud.run(client, files, out, chunk, {"type": "auto"},
                   urigrep_cmd=ug)
    d = resource.getrusage(resource.RUSAGE_SELF)
    total["client_cpu_seconds"] = (d.ru_utime + d.ru_stime -
                                   c.ru_utime - c.ru_stime)
    return time.monotonic() - t, total


def peak_rss():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("urigrep")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--chunk-size", type=float, metavar="MB")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--scheduler", metavar="ADDRESS")
    a = ap.parse_args()
    missing = [p for p in a.paths if not os.path.exists(p)]
    if missing:
        sys.exit(f"bench/dask-runner.py: absent: {' '.join(missing)} (make an "
                 "mbox and a maildir with bench/pi-export.py EPOCH.git OUT)")
    if not os.access(a.urigrep, os.X_OK):
        sys.exit(f"bench/dask-runner.py: {a.urigrep}: no urigrep command there")
    describe()
    files = ud.expand(a.paths, a.urigrep)
    cmd = [a.urigrep, "-j", "1", "--json", "-r", *a.paths]
    cw, cc, crss = min((timed(cmd) for _ in range(a.runs)),
                       key=lambda r: r[0])

    from distributed import Client, LocalCluster
    chunk = int(a.chunk_size * 1048576) if a.chunk_size else None
    ug = os.path.abspath(a.urigrep)
    with tempfile.TemporaryDirectory(prefix="urigrep-bench.") as tmp:
        one = os.path.join(tmp, "one." + ("mbox" if files[0].endswith(
            "mbox") else "eml"))
        first_message(files[0], one)
        if a.scheduler:
            cluster, client = None, Client(a.scheduler)
        else:
            cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1,
                                   processes=True, dashboard_address=":0")
            client = Client(cluster)
        try:
            workers = len(client.scheduler_info()["workers"])
            client.run(lambda: __import__("urigrep.dask"))
            runs = []
            for i in range(a.runs):
                start = run_once(client, [one], os.path.join(tmp, "o%d" % i),
                                 chunk, ug)[0]
                dw, total = run_once(client, files,
                                     os.path.join(tmp, "p%d" % i), chunk, ug)
                runs.append((dw - start, dw, start, total))
            wrss = max(client.run(peak_rss).values())
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    net, dw, start, total = min(runs, key=lambda r: r[0])
    mb = total["bytes"] / 1e6
    per = mb / total["cpu_seconds"]
    own = mb / total["task_cpu_seconds"]
    print(f"load average: {' '.join('%.2f' % x for x in os.getloadavg())}")
    print(f"input: {' '.join(a.paths)}: {len(files)} files or archives, "
          f"{mb:.1f} MB, {total['records']} records")
    print(f"  {' '.join(cmd)} >/dev/null")
    print(f"    {cw:6.2f} s wall {cc:6.2f} s CPU {mb / cw:8.1f} MB/s "
          f"{crss:8d} KiB peak RSS")
    where = f"the scheduler at {a.scheduler}" if a.scheduler else \
        "a LocalCluster"
    print(f"  urigrep.dask: {where}, {workers} worker processes, "
          f"{total['tasks']} tasks of about "
          f"{total['chunk_bytes'] / 1048576:.1f} MiB")
    print(f"    {dw:6.2f} s wall {total['cpu_seconds']:6.2f} s CPU in tasks "
          f"{mb / dw:8.1f} MB/s {wrss:8d} KiB peak RSS a worker")
    print(f"    the client's CPU (the plan, Dask's client): "
          f"{total['client_cpu_seconds']:.2f} s")
    print(f"    less the start-up ({start:.2f} s on one message): {net:.2f} s; "
          f"the command's over {workers}: {cw / workers:.2f} s; "
          f"ratio {net / (cw / workers):.2f} (at most 1.25 asked)")
    print(f"  per busy worker {per:.1f} MB/s, the command (-j 1) "
          f"{mb / cc:.1f} MB/s by CPU, {mb / cw:.1f} MB/s by wall: "
          f"{per / (mb / cc) * 100:.0f}% of it by CPU, "
          f"{per / (mb / cw) * 100:.0f}% by wall")
    print(f"  (the worker processes' CPU, Dask's own threads included; the "
          f"tasks' threads alone: {own:.1f} MB/s, "
          f"{own / (mb / cc) * 100:.0f}% of the command's by CPU)")


if __name__ == "__main__":
    main()
