# test_task.py: a Dask runner task without a cluster: urigrep.dask's
# extract() and the C side under it (_JsonLines) give the command's
# records byte for byte on ranges large enough to be mapped, hold a
# bounded part of them, and count the records the command wrote in C.
# SPDX-License-Identifier: MIT
import collections
import json
import os
import subprocess

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
    assert len(pieces) >= 3 and all(p["kind"] == "range" for p in pieces)
    got, first = b"", (1, 1)
    for i, p in enumerate(pieces):
        part = str(tmp_path / f"part-{i}.jsonl")
        s = ud.extract(part, [p], first)
        with open(part, "rb") as f:
            got += f.read()
        first = ud.advance(first, ud.count_range(mbox, p["start"],
                                                 p["end"], p["type"]))
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
