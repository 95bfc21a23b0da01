# test_shrank.py: a file cut short while scan() or a Dask task reads it
# (a log rotated by copy and truncate) is no crash: the records of what
# was there before its new end, then the damage the command says of it,
# "the file shrank while it was read".  The library reads the file with
# pread() (urigrep_extractor_feed_fd()); a mapping of it took SIGBUS on
# the pages past the new end, which killed the interpreter.
# SPDX-License-Identifier: MIT
import json
import os
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
