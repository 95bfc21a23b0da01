# test_read_again.py: a file the Dask runner's task reads whole (a plain
# .warc, an mboxcl2) is read again where a Content-Length ends, as the
# command reads it: a count too long by more than the 4 MiB a stream may
# hold swallows none of the records or messages after it, and the task
# writes the records `urigrep --json FILE` writes.
# SPDX-License-Identifier: MIT
import json
import os
import subprocess

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
