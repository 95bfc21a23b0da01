# test_read_again.py: a file the Dask runner's task reads whole (a plain
# .warc, an mboxcl2), or that urigrep.scan() opens, is read again where a
# Content-Length ends, as the command reads it: a count too long by more than the 4 MiB a stream may
# hold swallows none of the records or messages after it, and the task
# writes the records `urigrep --json FILE` writes.
# SPDX-License-Identifier: MIT
import glob
import json
import os
import subprocess
import sys

import pytest

import urigrep


def records(path, **options):
    """The JSON records urigrep._JsonLines (a Dask task) writes for PATH."""
    out = path + ".jsonl"
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        with urigrep._JsonLines(fd, **options) as j:
            try:
                j.file(path)
            except Exception:   # the damage: exit 2 for the command
                pass
    finally:
        os.close(fd)
    with open(out, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def scanned(path, **options):
    """The records urigrep.scan(PATH) yields before the damage is said."""
    got = []
    try:
        for r in urigrep.scan(path, **options):
            got.append(r)
    except urigrep.Error:
        pass
    return got


def command(cmd, path, *args):
    res = subprocess.run([cmd, "--json", *args, path],
                         stdout=subprocess.PIPE, check=False)
    assert res.returncode == 2
    return [json.loads(line) for line in res.stdout.splitlines()]


def test_warc_count_too_long_by_far(urigrep_cmd, top_srcdir, tmp_path):
    """warcio's example.warc, its first Content-Length 249 made 6000249,
    before 600 copies of its iana.org response (5.3 MB): each link keeps
    its own record, as the command reads the file."""
    w = os.path.join(top_srcdir, "tests", "warc")
    with open(os.path.join(w, "example.warc"), "rb") as f:
        example = f.read()
    with open(os.path.join(w, "example-iana.org-chunked.warc"), "rb") as f:
        iana = f.read()
    dmg = example.replace(b"Content-Length: 249\r\n",
                          b"Content-Length: 6000249\r\n", 1)
    assert dmg != example
    path = str(tmp_path / "dmg.warc")
    with open(path, "wb") as f:
        f.write(dmg + iana * 600)
    want = command(urigrep_cmd, path)
    got = records(path)
    assert len({r["warc_offset"] for r in want}) > 600
    assert got == want
    assert scanned(path) == want


def test_mboxcl2_count_too_long_by_far(urigrep_cmd, top_srcdir, tmp_path):
    """Mail::Box's mboxcl2 100 times, its 21st copy's first count (1280)
    made 6001280: each message keeps its number and Message-ID."""
    src = os.path.join(top_srcdir, "tests", "fixtures", "mbox-variants",
                       "mail-box-magick.mboxcl2")
    with open(src, "rb") as f:
        real = f.read()
    dmg = real.replace(b"\nContent-Length: 1280\n",
                       b"\nContent-Length: 6001280\n", 1)
    assert dmg != real
    path = str(tmp_path / "dmg.mbox")
    with open(path, "wb") as f:
        f.write(real * 20 + dmg + real * 79)
    want = command(urigrep_cmd, path, "--type=mboxcl2")
    got = records(path, type="mboxcl2")
    assert len({r["message"] for r in want}) > 1000
    assert got == want
    assert scanned(path, type="mboxcl2") == want


class _Now:
    """A stand-in for a distributed.Client that runs each task at once,
    in this process: urigrep.dask.run()'s planning, counting and
    ordering without a cluster (test_dask.py runs one when Dask is
    installed)."""

    def submit(self, fn, *args, pure=True, **kw):
        return fn(*args, **kw)

    def gather(self, futures):
        return list(futures)


def dask_records(path, chunk, options):
    """The records urigrep.dask.run() writes for PATH in tasks of CHUNK
    bytes, in order, and its pieces."""
    import urigrep.dask as ud
    out = path + ".out"
    ud.run(_Now(), [path], out, chunk, dict(options))
    got = []
    for part in sorted(os.listdir(out)):
        if part.endswith(".jsonl"):
            with open(os.path.join(out, part), encoding="utf-8") as f:
                got.extend(json.loads(line) for line in f)
    return got, ud.plan([path], chunk, options.get("type", "auto"))


def test_dask_cuts_plain_warc_along_chain(urigrep_cmd, top_srcdir,
                                          tmp_path):
    """A plain .warc (warcio's files, 60 times, a segmented record in the
    middle, one record's Content-Length wrong near the end) is cut where
    the Content-Length chain reaches a record, never at a continuation
    record; the tasks write what urigrep --json writes, warc_offset in
    the file included."""
    import urigrep.dask as ud
    w = os.path.join(top_srcdir, "tests", "warc")
    with open(os.path.join(w, "example.warc"), "rb") as f:
        example = f.read()
    with open(os.path.join(w, "example-iana.org-chunked.warc"), "rb") as f:
        iana = f.read()

    def rec(fields, block):
        return (b"WARC/1.1\r\n" + b"".join(b"%s: %s\r\n" % f for f in fields)
                + b"Content-Length: %d\r\n\r\n" % len(block) + block +
                b"\r\n\r\n")
    http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"
            b"<a href='/one'>1</a> <a href='http://seg.example/spans"
            b"-the-cut'>2</a>")
    cut = http.index(b"spans") + 3
    rid = b"<urn:uuid:seg-1>"
    seg = rec([(b"WARC-Type", b"response"), (b"WARC-Record-ID", rid),
               (b"WARC-Target-URI", b"http://seg.example/"),
               (b"WARC-Segment-Number", b"1"),
               (b"Content-Type", b"application/http;msgtype=response")],
              http[:cut]) + \
        rec([(b"WARC-Type", b"continuation"),
             (b"WARC-Record-ID", b"<urn:uuid:seg-2>"),
             (b"WARC-Target-URI", b"http://seg.example/"),
             (b"WARC-Segment-Origin-ID", rid),
             (b"WARC-Segment-Number", b"2"),
             (b"WARC-Segment-Total-Length", b"%d" % len(http))],
            http[cut:])
    dmg = example.replace(b"Content-Length: 249\r\n",
                          b"Content-Length: 749\r\n", 1)
    data = (example + iana) * 30 + seg * 5 + (example + iana) * 25 + dmg + \
        (example + iana) * 5
    path = str(tmp_path / "big.warc")
    with open(path, "wb") as f:
        f.write(data)
    want = command(urigrep_cmd, path)
    got, (groups, splits) = dask_records(path, 16 * 1024, {})
    assert not groups and len(splits) == 1 and len(splits[0]) > 10
    for p in splits[0]:
        assert p["kind"] == "chain" and data[p["start"]:].startswith(b"WARC/")
        assert b"WARC-Type: continuation" not in \
            data[p["start"]:data.index(b"\r\n\r\n", p["start"])]
    assert splits[0][-1]["end"] == len(data)
    assert sum(1 for r in want if "spans-the-cut" in r["uri"]) == 5
    assert got == want
    # a file not cut (one piece) is read whole, as before
    assert ud.cut(path, "warc", len(data)) is None
    # on a LocalCluster of 2 worker processes: the same records
    pytest.importorskip("distributed")
    if os.environ.get("URIGREP_SANITIZED"):
        return
    out = str(tmp_path / "out")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(ud.__file__))] +
        [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    r = subprocess.run([sys.executable, "-m", "urigrep.dask", path, "--out",
                        out, "--workers", "2", "--chunk-size",
                        str(16 / 1024)], env=env, check=False, timeout=300)
    got = []
    for part in sorted(glob.glob(os.path.join(out, "part-*.jsonl"))):
        with open(part, encoding="utf-8") as f:
            got.extend(json.loads(line) for line in f)
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    assert summary["tasks"] == len(splits[0])
    assert got == want
    # the wrong Content-Length is damage, said and counted as the command
    # says it (exit status 2, command() checks it)
    assert r.returncode == 2 and summary["damaged"] == {path: 1}


def test_dask_cuts_mboxcl2_along_chain(urigrep_cmd, top_srcdir, tmp_path):
    """Mail::Box's mboxcl2 40 times, one count made wrong (3280 for
    1280) in the 30th: cut along the chain up to the damage, line and
    message numbers as urigrep --json gives them."""
    src = os.path.join(top_srcdir, "tests", "fixtures", "mbox-variants",
                       "mail-box-magick.mboxcl2")
    with open(src, "rb") as f:
        real = f.read()
    dmg = real.replace(b"\nContent-Length: 1280\n",
                       b"\nContent-Length: 3280\n", 1)
    path = str(tmp_path / "big.mbox")
    with open(path, "wb") as f:
        f.write(real * 29 + dmg + real * 10)
    want = command(urigrep_cmd, path, "--type=mboxcl2")
    got, (groups, splits) = dask_records(path, 64 * 1024,
                                         {"type": "mboxcl2"})
    assert not groups and len(splits) == 1 and len(splits[0]) > 10
    assert len({r["message"] for r in want}) > 400
    assert got == want
