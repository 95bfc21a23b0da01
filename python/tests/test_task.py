# test_task.py: a Dask runner task without a cluster: urigrep.dask's
# extract() and the C side under it (_JsonLines) give the command's
# records byte for byte on large ranges, hold a bounded part of them,
# count the records the command wrote in C, and read many mails as
# cheaply in a Dask worker's environment as elsewhere.
# SPDX-License-Identifier: MIT
import collections
import json
import os
import subprocess
import sys

import pytest

import urigrep
import urigrep.dask as ud


def big_mbox(top, path, least):
    """An mbox of at least LEAST bytes at PATH: the fixture archive again
    and again, with a message of many links between."""
    with open(os.path.join(top, "tests", "fixtures", "archive.mbox"),
              "rb") as f:
        archive = f.read()
    links = (b"From x@example.org Wed May  8 09:00:00 2024\n"
             b"Subject: links\n\n" +
             b"".join(b"see <http://example.org/%d/x> and ftp://h%d.example/\n"
                      % (i, i) for i in range(2000)) + b"\n")
    data = b""
    while len(data) < least:
        data += archive + links
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


def test_task_mapped_ranges_same_as_command(urigrep_cmd, top_srcdir,
                                            tmp_path):
    """An mbox of 5 MiB cut as -j cuts it into ranges of 1.5 MiB and more
    (each read through mapped windows), and whole: the parts, the ranges'
    line and message numbers fed on as the runner feeds them, are the
    command's --json output byte for byte."""
    mbox = str(tmp_path / "big.mbox")
    big_mbox(top_srcdir, mbox, 5 << 20)
    want = subprocess.run([urigrep_cmd, "-j", "1", "--json", mbox],
                          stdout=subprocess.PIPE, check=True).stdout
    pieces = ud.cut(mbox, "auto", 3 << 19)
    # (an mbox read as mutt reads it is cut along its Content-Length
    # chain: a count may make "From " lines body text)
    assert len(pieces) >= 3 and all(p["kind"] == "chain" and
                                    p["type"] == "mbox" for p in pieces)
    got, first = b"", (1, 1)
    for i, p in enumerate(pieces):
        part = str(tmp_path / f"part-{i}.jsonl")
        s = ud.extract(part, [p], first)
        with open(part, "rb") as f:
            got += f.read()
        if i + 1 < len(pieces):
            first = ud.advance(first, ud.count_lines(
                mbox, p["start"], p["end"],
                pieces[i + 1]["messages"] - p["messages"]))
        assert s["errors"] == []
    assert got == want
    part = str(tmp_path / "whole.jsonl")
    s = ud.extract(part, [{"path": mbox, "kind": "file", "start": 0,
                           "end": os.path.getsize(mbox)}])
    with open(part, "rb") as f:
        assert f.read() == want
    assert s["records"] == want.count(b"\n")


def test_task_holds_a_bounded_part_of_its_records(tmp_path):
    """A range whose records take 20 MB as JSON Lines is written out as
    it is read: the buffer of records held stays near 1 MiB (it held
    them all before)."""
    text = str(tmp_path / "links.txt")
    with open(text, "wb") as f:
        for i in range(60000):
            f.write(b"http://example.org/%d/a-path-of-some-length\n" % i)
    out = str(tmp_path / "part.jsonl")
    fd = os.open(out, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        with urigrep._JsonLines(fd) as j:
            j.file(text, 0, os.path.getsize(text), "text")
            held = j._d.buf.cap
            assert j.counts()[0] == 60000
    finally:
        os.close(fd)
    assert os.path.getsize(out) > 20 * 10**6
    assert held < 3 << 20


def test_task_counts_the_commands_lines_in_c(urigrep_cmd, tmp_path):
    """_JsonLines.count_lines() counts the records the command wrote (a
    public-inbox task's) by "scheme" and "host" as json.loads() reads
    them: null, escapes, surrogate pairs, non-ASCII; a line that is not
    a record is refused."""
    src = tmp_path / "t.txt"
    src.write_bytes(b"see http://ex\xc3\xa4mple.org/a <http://\xf0\x9f\x98"
                    b"\x80.example/> mailto:a@b.example news:comp.x\n"
                    b"github, where it was brought up as an issue: yes\n"
                    b"HTTP://Example.ORG/ http://[::1]:80/\n")
    lines = subprocess.run([urigrep_cmd, "--json", str(src)],
                           stdout=subprocess.PIPE, check=True).stdout
    # lines as a JSON writer may write them, escapes and all
    lines += (b'{"file":null,"ref":"x","scheme":"h\\u0074tp",'
              b'"host":"a\\"b\\\\c\\ud83d\\ude00\\u00e4\\/\\n"}\n'
              b'{"file":null,"ref":"y","scheme":null,"host":null}\n')
    path = str(tmp_path / "part.jsonl")
    with open(path, "wb") as f:
        f.write(b"prefix not counted\n" + lines)
    recs = [json.loads(x) for x in lines.splitlines()]
    fd = os.open(path, os.O_RDWR)
    try:
        with urigrep._JsonLines(fd) as j:
            j.count_lines(19, os.path.getsize(path))
            n, schemes, hosts = j.counts()
        with urigrep._JsonLines(fd) as j, pytest.raises(ValueError):
            j.count_lines(0, os.path.getsize(path))
    finally:
        os.close(fd)
    assert n == len(recs)
    assert schemes == dict(collections.Counter(r["scheme"] for r in recs))
    assert hosts == dict(collections.Counter(r["host"] for r in recs))


def test_scan_on_one_cpu_gives_pages_back(tmp_path):
    """scan() of a 48 MiB file it maps, in a process that may run on one
    CPU (so no thread of its own reads it): the pages read are given back
    as it goes on, and peak RSS stays far under the file's size (it grew
    with the file before: 60 MiB and more)."""
    path = tmp_path / "big.txt"
    line = b"prose and http://example.org/a-link, " * 3 + b"\n"
    with open(path, "wb") as f:
        f.write(line * ((48 << 20) // len(line)))
    code = ("import os, sys, urigrep\n"
            "os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})\n"
            "n = sum(1 for _ in urigrep.scan(sys.argv[1]))\n"
            # VmHWM: this image's own peak (ru_maxrss keeps the forked
            # parent's)
            "hwm = open('/proc/self/status').read().split('VmHWM:')[1]\n"
            "print(n, hwm.split()[0])\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(urigrep.__file__))] +
        [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    out = subprocess.run([sys.executable, "-c", code, str(path)], env=env,
                         stdout=subprocess.PIPE, check=True).stdout.split()
    assert int(out[0]) == 3 * ((48 << 20) // len(line))
    if os.environ.get("URIGREP_SANITIZED"):
        return      # the sanitizer's shadow memory counts too
    assert int(out[1]) < 40 * 1024, f"peak RSS {out[1]} KiB"


FAULTS_CHILD = r"""
import os, resource, sys, urigrep
names = [os.path.join(sys.argv[1], "m%d" % i) for i in range(2000)]
for n in names:
    with open(n, "w") as f:
        f.write("From: a@example.org\nSubject: s\n\nhttp://example.org/%s\n"
                % n)
with open(os.devnull, "wb") as out, urigrep._JsonLines(out.fileno()) as j:
    j.files(names[:10], "mail")
    was = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    j.files(names, "mail")
    print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - was)
"""


@pytest.mark.skipif(bool(os.environ.get("URIGREP_SANITIZED")),
                    reason="a sanitizer's allocator faults in its own way")
def test_task_of_many_mails_in_a_dask_worker_environment(tmp_path):
    """A Dask worker runs with MALLOC_TRIM_THRESHOLD_=65536 (the nanny's
    distributed.nanny.pre-spawn-environ), which fixes malloc's mmap
    threshold: the 400 KiB mail parser that each file of a maildir got
    afresh was then a mapping of its own, mapped, faulted in and unmapped
    a file (a task's CPU 2.1 times that of the same task elsewhere).  One
    parser reset for each file: 2,000 mails cost far fewer page faults
    than files (6,328 before, 328 now)."""
    env = dict(os.environ, MALLOC_TRIM_THRESHOLD_="65536")
    r = subprocess.run([sys.executable, "-c", FAULTS_CHILD, str(tmp_path)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, check=True)
    faults = int(r.stdout)
    assert faults < 2000, f"{faults} page faults for 2,000 files"
