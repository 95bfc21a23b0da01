# test_notices.py: what liburigrep says of a damaged file reaches Python
# (issue 37 item 8): urigrep.scan() and scan_json() hand a caller the
# notices of its callback (a list, or DamageWarning), so a damaged
# archive is told from a clean one as the command tells it (its
# messages, its exit status 2); a Dask task counts them a file.
# SPDX-License-Identifier: MIT
import os
import re
import subprocess
import warnings

import urigrep
import urigrep.dask as ud


def record(uri_text):
    body = b"see " + uri_text + b" ok\r\n"
    return (b"WARC/1.0\r\nWARC-Type: resource\r\n"
            b"WARC-Target-URI: http://example.org/\r\n"
            b"Content-Type: text/plain\r\nContent-Length: %d\r\n\r\n"
            % len(body)) + body + b"\r\n\r\n"


def cut_warc(tmp_path):
    """A WARC of three records whose last is cut short by the file's end,
    as a transfer cut off leaves it."""
    data = record(b"http://example.org/one") + \
        record(b"http://example.org/two") + record(b"http://example.org/3")
    path = tmp_path / "cut.warc"
    path.write_bytes(data[:-12])
    return str(path)


def bad_length_mbox(tmp_path):
    """An mboxcl2 whose first Content-Length is too short."""
    path = tmp_path / "cl.mbox"
    path.write_bytes(b"From a@b Mon May  6 10:00:00 2024\nContent-Length: 5\n"
                     b"Subject: x\n\nhttp://example.org/a is here\nand more"
                     b"\n\nFrom c@d Mon May  6 10:00:00 2024\n"
                     b"Content-Length: 21\n\nhttp://example.org/b\n")
    return str(path)


def command(cmd, path, *args):
    """(records as --json lines, what it said without its "urigrep: "
    prefix, its exit status)."""
    r = subprocess.run([cmd, "--json", *args, path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, check=False)
    said = [re.sub(r"^urigrep: ", "", x)
            for x in r.stderr.decode().splitlines()]
    return r.stdout, said, r.returncode


def test_scan_notices_of_a_cut_warc_are_the_commands(urigrep_cmd, tmp_path):
    path = cut_warc(tmp_path)
    out, said, rc = command(urigrep_cmd, path)
    assert rc == 2 and len(said) == 1
    notices = []
    recs = list(urigrep.scan(path, notices=notices))
    assert len(recs) == out.count(b"\n") == 3
    damage = [n for n in notices if n.damage]
    assert [n.kind for n in damage] == ["warc_damaged"]
    # the command's message, word for word
    assert [str(n) for n in damage] == said
    assert damage[0].file == path


def test_scan_warns_of_damage_without_a_list(urigrep_cmd, tmp_path):
    path = cut_warc(tmp_path)
    _, said, _ = command(urigrep_cmd, path)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        recs = list(urigrep.scan(path))
    got = [str(x.message) for x in w
           if issubclass(x.category, urigrep.DamageWarning)]
    assert got == said and len(recs) == 3
    # bytes too (no file: "-"), and a clean file says nothing
    with open(path, "rb") as f:
        data = f.read()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        list(urigrep.scan(data))
    assert [str(x.message) for x in w] == \
        [said[0].replace(path, "-", 1)]
    clean = tmp_path / "clean.warc"
    clean.write_bytes(record(b"http://example.org/one"))
    notices = []
    assert len(list(urigrep.scan(str(clean), notices=notices))) == 1
    assert notices == []


def test_bad_length_is_damage_at_the_commands_line(urigrep_cmd, tmp_path):
    path = bad_length_mbox(tmp_path)
    out, said, rc = command(urigrep_cmd, path, "--type=mboxcl2")
    assert rc == 2 and len(said) == 1
    line = int(re.match(re.escape(path) + r":(\d+): Content-Length", said[0])
               .group(1))
    for how in ("scan", "scan_json"):
        notices = []
        if how == "scan":
            n = len(list(urigrep.scan(path, type="mboxcl2",
                                      notices=notices)))
        else:
            n = urigrep.scan_json(path, type="mboxcl2",
                                  notices=notices).count(b"\n")
        assert n == out.count(b"\n")
        assert [(x.kind, x.damage, x.line, x.count) for x in notices] == \
            [("bad_length", True, line, 5)], how


def test_a_task_counts_damage_a_file(urigrep_cmd, tmp_path):
    """extract(), a Dask task: the damaged file named in its summary with
    the number of the command's errors, what was said in "errors"; a
    clean file beside it is not named."""
    path = cut_warc(tmp_path)
    _, said, _ = command(urigrep_cmd, path)
    clean = tmp_path / "clean.warc"
    clean.write_bytes(record(b"http://example.org/one"))
    pieces = [{"path": p, "kind": "file", "start": 0,
               "end": os.path.getsize(p)} for p in (str(clean), path)]
    s = ud.extract(str(tmp_path / "part.jsonl"), pieces)
    assert s["damaged"] == {path: 1}
    assert s["errors"] == said and s["notices"] >= 1
    assert s["records"] == 4


def test_notices_are_bounded(tmp_path):
    """A document that makes a notice a line holds at most the C side's
    bound of them; the rest are counted in one "dropped" notice."""
    path = tmp_path / "long.txt"
    with open(path, "wb") as f:
        for _ in range(3000):
            f.write(b"http://example.org/" + b"a" * 100 + b"\n")
    notices = []
    list(urigrep.scan(str(path), max_uri_length=50, notices=notices))
    kinds = [n.kind for n in notices]
    assert kinds.count("too_long") + sum(
        n.count for n in notices if n.kind == "dropped") == 3000
    assert "dropped" in kinds and len(kinds) < 3000
    assert not any(n.damage for n in notices)
