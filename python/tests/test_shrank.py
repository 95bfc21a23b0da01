# test_shrank.py: a file cut short while scan() or a Dask task reads it
# (a log rotated by copy and truncate) is no crash: the records of what
# was there before its new end, then the damage the command says of it,
# "the file shrank while it was read".  The library reads the file with
# pread() (urigrep_extractor_feed_fd()); a mapping of it took SIGBUS on
# the pages past the new end, which killed the interpreter.  So does the
# Dask planner, which cuts the file (urigrep_cutter_new_fd()), and the
# count of a public-inbox task's JSON Lines (ugpy_json_count()).
# SPDX-License-Identifier: MIT
import json
import os
import subprocess
import sys
import threading

import pytest

import urigrep

SHRANK = "the file shrank while it was read"
LINES = 40000       # 1.1 MB: many of the 4 KiB pieces, 4 library windows
KEEP = LINES // 2   # the file is cut at the start of this line


def line(i):
    return b"http://example.org/%06d\n" % i


def big(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"".join(line(i) for i in range(LINES)))
    return str(path), KEEP * len(line(0))


def expected():
    return ["http://example.org/%06d" % i for i in range(KEEP)]


def read_notice(notices, cut):
    damage = [n for n in notices if n.damage]
    assert len(damage) == 1, notices
    n = damage[0]
    assert (n.kind, n.detail, n.count) == ("read", SHRANK, cut)
    assert str(n).startswith(n.file + ":")
    return n


@pytest.mark.parametrize("cpus", [1, 2])
def test_scan_cut_between_two_next(tmp_path, monkeypatch, cpus):
    """Truncated between two next() calls: the file's records up to its
    new end, none lost and none made up, then a damage Notice; with one
    CPU (fed here) and with two (a thread reads ahead)."""
    monkeypatch.setattr(urigrep, "_cpus", lambda: cpus)
    path, cut = big(tmp_path)
    notices = []
    it = urigrep.scan(path, buffer_size=4096, notices=notices)
    first = next(it)
    os.truncate(path, cut)
    uris = [first["uri"]] + [r["uri"] for r in it]
    assert uris == expected()
    n = read_notice(notices, cut)
    assert n.file == path


def test_scan_cut_warns_by_default(tmp_path):
    """Without a notices list the damage is a DamageWarning."""
    path, cut = big(tmp_path)
    it = urigrep.scan(path, buffer_size=4096)
    next(it)
    os.truncate(path, cut)
    with pytest.warns(urigrep.DamageWarning, match=SHRANK):
        assert len(list(it)) == KEEP - 1


def test_task_file_cut_while_written_out(tmp_path):
    """A Dask task's file read by C (_JsonLines.file()), truncated while
    the C side waits to write its first MiB of JSON Lines to a pipe: the
    lines of the records up to the new end, the damage notice."""
    path, cut = big(tmp_path)
    r, w = os.pipe()
    out, errs = [], []
    j = urigrep._JsonLines(w)

    def task():
        try:
            j.file(path)
        except Exception as e:  # said by the assert below
            errs.append(e)
        finally:
            os.close(w)

    t = threading.Thread(target=task)
    t.start()
    out.append(os.read(r, 1))       # the C side is in its first write
    os.truncate(path, cut)
    while True:
        b = os.read(r, 1 << 16)
        if not b:
            break
        out.append(b)
    t.join()
    os.close(r)
    j.close()
    assert not errs
    lines = b"".join(out).splitlines()
    uris = [json.loads(x)["uri"] for x in lines]
    assert uris == expected()
    read_notice(j.notices, cut)


# The planner in a child (a SIGBUS kills it, not the test run), the file
# cut short to KEEP bytes when the planner asks the cutter for its first
# piece: it has read the file's start, no more.
PLAN = r"""
import os, sys
import urigrep, urigrep.dask

path, keep = sys.argv[1], int(sys.argv[2])
lib = urigrep.lib


class CutShort:
    def __getattr__(self, name):
        return getattr(lib, name)

    def urigrep_cutter_next(self, *args):
        if os.path.getsize(path) > keep:
            os.truncate(path, keep)
        return lib.urigrep_cutter_next(*args)


urigrep.lib = CutShort()
errors = []
groups, splits = urigrep.dask.plan([path], 64 * 1024, "auto", errors)
print(repr((groups, splits, errors)))
"""


def test_plan_cut_short(tmp_path):
    """An mbox cut short while the Dask planner cuts it in pieces (8 MB,
    more than the cutter reads at once): the planner says so and leaves
    it out, the interpreter lives."""
    path = tmp_path / "big.mbox"
    msg = (b"From a@b.example Mon Jan  1 00:00:00 2024\nSubject: x\n\n" +
           b"http://example.org/ and a line of text\n" * 25 + b"\n")
    path.write_bytes(msg * (8 * 1024 * 1024 // len(msg)))
    r = subprocess.run([sys.executable, "-c", PLAN, str(path), "4096"],
                       capture_output=True, text=True)
    assert r.returncode == 0, (r.returncode, r.stderr)
    assert r.stdout == repr(([], [], [f"{path}: {SHRANK}"])) + "\n"


COUNT = r"""
import os, sys
import urigrep

fd = os.open(sys.argv[1], os.O_RDONLY)
j = urigrep._JsonLines(fd)
try:
    j.count_lines(0, 1 << 20)
except OSError as e:
    print(e)
print(j.counts()[0])
"""


def test_json_count_cut_short(tmp_path):
    """A public-inbox task counts the command's JSON Lines from bytes
    START..END of its file: a file that ends before END (cut short) is
    said, and its lines counted, not a crash."""
    path = tmp_path / "part.jsonl"
    rec = {"file": "f", "line": 1, "uri": "http://example.org/",
           "scheme": "http", "host": "example.org"}
    path.write_text((json.dumps(rec, separators=(",", ":")) + "\n") * 3)
    r = subprocess.run([sys.executable, "-c", COUNT, str(path)],
                       capture_output=True, text=True)
    assert r.returncode == 0, (r.returncode, r.stderr)
    assert r.stdout.splitlines() == [
        "the command's JSON Lines file ended before byte 1048576: "
        "it was cut short", "3"]
