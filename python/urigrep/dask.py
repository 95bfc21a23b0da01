# urigrep/dask.py: find the URI references of an archive on a Dask cluster.
# SPDX-License-Identifier: MIT
"""python3 -m urigrep.dask PATH-OR-GLOB... --out DIR [options]

Spreads the files named (directories are read recursively, as urigrep -r
reads them; a glob may use ** for any depth) over the workers of a Dask
cluster: a LocalCluster of --workers processes by default, or the
scheduler at --scheduler ADDRESS.  Small files are grouped into tasks of
about --chunk-size bytes; an mbox file larger than that is cut into byte
ranges that start at a message's "From " line (the line urigrep's mbox
reader takes as a separator), and each range is its own task.  A range's
line and message numbers are those of the whole file: a small counting
task per range (newlines and "From " lines) feeds the numbers on.  A
.warc.gz (its first gzip member inflates to "WARC/") larger than that is
cut at gzip members that start records, as urigrep -j cuts it, each
range read member by member with the records' offsets in the file.
Another file whose name ends in .gz is decompressed as it is read (one
task).

DIR receives part-NNNNN.jsonl, one per task, each line a record as
urigrep --json writes it (urigrep.scan()'s dicts), and summary.json: the
numbers of files, tasks, bytes (of .gz files: compressed) and records,
the CPU seconds the tasks took, and the records counted by scheme and by
host (both lowercased; "null" counts references without one).  Dask's
progress bar is shown when standard error is a terminal.

The workers need the urigrep package (and liburigrep) installed, and the
files under the same paths as the client sees them.
"""

import argparse
import collections
import glob
import gzip
import io
import json
import os
import re
import stat
import sys
import time

import urigrep

_TIME = re.compile(rb"[0-9][0-9]:[0-9][0-9]")
_BLOCK = 4 * 1024 * 1024


def is_from_line(line):
    """Is LINE (bytes, its newline included) an mbox separator, as
    liburigrep's mail_is_from_line() decides: "From ", a sender, a space,
    then somewhere a time "hh:mm", the whole at most 512 bytes?"""
    if len(line) > 512 or not line.startswith(b"From "):
        return False
    i = 5
    while i < len(line) and line[i] not in b" \n":
        i += 1
    if i == 5 or i == len(line) or line[i] != 0x20:
        return False
    return _TIME.search(line, i) is not None


def _lines_from(f, start, end):
    """The lines of F between byte offsets START and END (their newlines
    kept; the last may have none), read a block at a time, each with its
    offset."""
    f.seek(start)
    pos, rest = start, b""
    while pos < end:
        block = f.read(min(_BLOCK, end - pos))
        if not block:
            break
        pos += len(block)
        data = rest + block
        cut = data.rfind(b"\n") + 1
        if pos >= end:
            cut = len(data)
        base = pos - len(data)
        i = 0
        while i < cut:
            j = data.find(b"\n", i, cut)
            j = cut if j < 0 else j + 1
            yield base + i, data[i:j]
            i = j
        rest = data[cut:]


def find_boundary(f, target, size):
    """The offset of the first separator line that starts at or after
    TARGET in the mbox F of SIZE bytes, or SIZE when there is none."""
    if target <= 0:
        return 0
    f.seek(target - 1)
    pos = target - 1
    # skip to the start of a line
    while True:
        block = f.read(64 * 1024)
        if not block:
            return size
        k = block.find(b"\n")
        if k >= 0:
            pos += k + 1
            break
        pos += len(block)
    for off, line in _lines_from(f, pos, size):
        if is_from_line(line):
            return off
    return size


def is_warc_gz(path):
    """Does the file PATH start with a gzip member holding a WARC record?"""
    with open(path, "rb") as f:
        return urigrep._warc_member(f.read(64 * 1024))


def find_member(f, target, size):
    """The offset of the first gzip member at or after TARGET in the
    .warc.gz F of SIZE bytes that inflates to "WARC/", or SIZE."""
    pos = target
    while pos < size:
        f.seek(pos)
        block = f.read(_BLOCK + 64 * 1024)
        k = urigrep._next_warc_member(block, 0)
        if 0 <= k < _BLOCK:
            return pos + k
        pos += _BLOCK
    return size


def count_range(path, start, end):
    """(newlines, separator lines) in bytes START..END of the file PATH;
    START is at the start of a line."""
    lines = froms = 0
    with open(path, "rb") as f:
        f.seek(start)
        pos, rest = start, b""
        while pos < end:
            block = f.read(min(_BLOCK, end - pos))
            if not block:
                break
            pos += len(block)
            lines += block.count(b"\n")
            # DATA starts at the start of a line; look at its complete
            # lines only (all of them at the end of the range)
            data = rest + block
            cut = len(data) if pos >= end else data.rfind(b"\n") + 1
            k = 0 if data.startswith(b"From ") else \
                data.find(b"\nFrom ", 0, cut) + 1
            while 0 < k < cut or (k == 0 and cut > 0 and
                                   data.startswith(b"From ")):
                nl = data.find(b"\n", k, cut)
                if is_from_line(data[k:cut if nl < 0 else nl + 1]):
                    froms += 1
                k = data.find(b"\nFrom ", k, cut) + 1
                if k == 0:
                    break
            # a partial last line: only its first 513 bytes can matter
            rest = data[cut:][:600]
    return lines, froms


def advance(first, counts):
    """The first line and message numbers of a range, after a range that
    started at FIRST and held COUNTS (count_range())."""
    return first[0] + counts[0], first[1] + counts[1]


class _Range(io.RawIOBase):
    """Bytes START..END of an open binary file, as a file object."""

    def __init__(self, f, start, end):
        super().__init__()
        self.f, self.left = f, end - start
        f.seek(start)

    def readable(self):
        return True

    def readinto(self, b):
        if self.left <= 0:
            return 0
        view = memoryview(b)[:min(len(b), self.left)]
        k = self.f.readinto(view)
        self.left -= k
        return k


def extract(out, pieces, first=(1, 1), options=None):
    """Scan PIECES (see plan()) and write their records as JSON Lines to
    OUT. FIRST gives the line and message numbers where the first piece
    starts (a range of an mbox). Returns a summary dict."""
    options = options or {}
    cpu = time.process_time()
    schemes, hosts = collections.Counter(), collections.Counter()
    n = nbytes = 0
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as w:
        encode = json.JSONEncoder(ensure_ascii=False).encode
        for p in pieces:
            path = p["path"]
            with open(path, "rb") as f:
                if p["kind"] == "gz":
                    src = gzip.GzipFile(fileobj=f)
                    kw = {}
                elif p["kind"] == "warcgz":
                    src = _Range(f, p["start"], p["end"])
                    kw = {"offset": p["start"]}
                elif p["kind"] == "range":
                    src = _Range(f, p["start"], p["end"])
                    kw = {"type": "mbox", "first_line": first[0],
                          "first_message": first[1]}
                elif p["kind"] == "message":
                    # one message, whatever field it starts with
                    src = f
                    kw = {"type": "mail"}
                else:
                    src = f
                    kw = {}
                kw.update(options)
                for rec in urigrep.scan(src, name=path, **kw):
                    w.write(encode(rec))
                    w.write("\n")
                    n += 1
                    s = rec["scheme"]
                    schemes[s.lower() if s is not None else None] += 1
                    h = rec["host"]
                    if h is not None:
                        hosts[h.lower()] += 1
            nbytes += p["end"] - p["start"]
    os.replace(tmp, out)
    return {"records": n, "bytes": nbytes, "schemes": schemes,
            "hosts": hosts, "cpu_seconds": time.process_time() - cpu}


class Message(str):
    """The path of a file that is one mail message: a mail folder's, or a
    .eml; read as mail whatever its first bytes, never cut."""


def _mh_number(name):
    return re.fullmatch(r"[0-9]+", name) is not None and int(name) > 0


def _folder_kind(top, names, parent):
    """What urigrep -r takes directory TOP, holding NAMES, in a directory
    of kind PARENT for (urigrep(1), ARCHIVES): "messages" (a maildir's
    cur/ or new/), "mh" (a .mh_sequences, or in an MH folder), "maildir"
    (cur/ and new/), else "plain"."""
    if parent in ("messages", "mh"):
        return parent
    if ".mh_sequences" in names:
        return "mh"
    if all(n in names and stat.S_ISDIR(os.lstat(top + "/" + n).st_mode)
           for n in ("cur", "new")):
        return "maildir"
    return "plain"


def _entry(kind, path, name, mode):
    """What the walk does with entry NAME (PATH, lstat mode MODE) of a
    directory of KIND: "dir", "file", "message", or None."""
    if stat.S_ISDIR(mode):
        if kind == "messages" or (kind == "maildir" and
                                  name in ("cur", "new", "tmp")):
            return None
        return "dir"
    if not stat.S_ISREG(mode) or kind == "maildir":
        return None
    if kind == "messages":
        return None if name.startswith(".") else "message"
    if kind == "mh":
        return "message" if _mh_number(name) else None
    return "message" if name.lower().endswith(".eml") else "file"


def expand(args):
    """The regular files named by ARGS (paths, globs, directories read
    recursively in byte order, symbolic links met on the way not
    followed), in order; a name that matches nothing is an error. Mail
    folders are read as the command reads them: a maildir's cur/ then
    new/, then its Maildir++ folders; an MH folder's messages in numeric
    order; their files, and .eml files, come as Message."""
    files = []

    def walk(top, parent="plain"):
        names = sorted(os.listdir(top), key=os.fsencode)
        kind = _folder_kind(top, names, parent)
        if kind == "maildir":
            for sub in ("cur", "new"):
                walk(top + "/" + sub, "messages")
        if kind == "mh":
            names.sort(key=lambda n: (0, int(n), b"") if _mh_number(n)
                       else (1, 0, os.fsencode(n)))
        for name in names:
            path = top + ("" if top.endswith("/") else "/") + name
            what = _entry(kind, path, name, os.lstat(path).st_mode)
            if what == "dir":
                walk(path, "mh" if kind == "mh" else "plain")
            elif what == "message":
                files.append(Message(path))
            elif what == "file":
                files.append(path)

    for arg in args:
        names = sorted(glob.glob(arg, recursive=True)) \
            if glob.has_magic(arg) else [arg]
        if not names:
            raise FileNotFoundError(f"{arg}: no such file")
        for name in names:
            if os.path.isdir(name):
                walk(name)
            else:
                os.stat(name)
                files.append(Message(name) if name.lower().endswith(".eml")
                             else name)
    return files


def plan(files, chunk, doc_type="auto"):
    """Cut FILES into work: returns (groups, splits). A group is a list of
    pieces, whole files that are scanned in one task (small files up to
    about CHUNK bytes together); SPLITS lists, for each mbox larger than
    CHUNK, its pieces (byte ranges starting at separator lines). A piece
    is a dict: path, kind ("file", "gz" or "range"), start, end."""
    groups, splits, group, size = [], [], [], 0
    for path in files:
        n = os.path.getsize(path)
        if isinstance(path, Message):
            if group and size + n > chunk:
                groups.append(group)
                group, size = [], 0
            group.append({"path": str(path), "kind": "message", "start": 0,
                          "end": n})
            size += n
            continue
        if doc_type in ("auto", "warc") and is_warc_gz(path):
            bounds = [0]
            with open(path, "rb") as f:
                for target in range(chunk, n, chunk):
                    b = find_member(f, max(target, bounds[-1] + 1), n)
                    if b >= n:
                        break
                    if b > bounds[-1]:
                        bounds.append(b)
            bounds.append(n)
            splits.append([{"path": path, "kind": "warcgz", "start": a,
                            "end": b} for a, b in zip(bounds, bounds[1:])])
            continue
        if path.endswith(".gz"):
            groups.append([{"path": path, "kind": "gz", "start": 0,
                            "end": n}])
            continue
        t = doc_type
        if t == "auto" and n > chunk:
            with open(path, "rb") as f:
                t = urigrep.detect(f.read(32 * 1024))
        # mboxcl and mboxcl2 are read whole: a "From " line may be
        # inside a body that a Content-Length counts
        if t in ("mbox", "mboxo", "mboxrd") and n > chunk:
            bounds = [0]
            with open(path, "rb") as f:
                for target in range(chunk, n, chunk):
                    b = find_boundary(f, max(target, bounds[-1] + 1), n)
                    if b >= n:
                        break
                    if b > bounds[-1]:
                        bounds.append(b)
            bounds.append(n)
            splits.append([{"path": path, "kind": "range", "start": a,
                            "end": b} for a, b in zip(bounds, bounds[1:])])
            continue
        if group and size + n > chunk:
            groups.append(group)
            group, size = [], 0
        group.append({"path": path, "kind": "file", "start": 0, "end": n})
        size += n
    if group:
        groups.append(group)
    return groups, splits


def run(client, files, out, chunk, options, progress=False):
    """Submit the work for FILES to CLIENT (a distributed.Client), write
    DIR OUT's partitions and summary.json; return the summary."""
    os.makedirs(out, exist_ok=True)
    groups, splits = plan(files, chunk, options.get("type", "auto"))
    opts = {k: v for k, v in options.items() if k != "type" or v != "auto"}
    futures, counts, n = [], [], 0

    def part():
        nonlocal n
        n += 1
        return os.path.join(out, f"part-{n - 1:05d}.jsonl")

    for g in groups:
        futures.append(client.submit(extract, part(), g, options=opts,
                                     pure=False))
    for pieces in splits:
        first = (1, 1)
        for i, p in enumerate(pieces):
            futures.append(client.submit(extract, part(), [p], first,
                                         options=opts, pure=False))
            if i + 1 < len(pieces) and p["kind"] == "range":
                c = client.submit(count_range, p["path"], p["start"],
                                  p["end"], pure=False)
                counts.append(c)
                first = client.submit(advance, first, c, pure=False)
    if progress:
        from distributed import progress as show
        show(futures + counts)
    total = {"files": len(files), "tasks": len(futures), "bytes": 0,
             "records": 0, "cpu_seconds": 0.0,
             "schemes": collections.Counter(),
             "hosts": collections.Counter()}
    for s in client.gather(futures):
        for k in ("bytes", "records", "cpu_seconds"):
            total[k] += s[k]
        total["schemes"].update(s["schemes"])
        total["hosts"].update(s["hosts"])
    total["schemes"] = dict(total["schemes"].most_common())
    total["hosts"] = dict(total["hosts"].most_common())
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(total, f, indent=1)
        f.write("\n")
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m urigrep.dask",
        description="Find the URI references of files on a Dask cluster "
        "and write them as JSON Lines partitions with a summary.")
    ap.add_argument("paths", nargs="+", metavar="PATH-OR-GLOB")
    ap.add_argument("--out", required=True, metavar="DIR",
                    help="directory for part-NNNNN.jsonl and summary.json")
    ap.add_argument("--scheduler", metavar="ADDRESS",
                    help="a running scheduler (default: a LocalCluster)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                    metavar="N", help="LocalCluster worker processes "
                    "(default: one per core)")
    ap.add_argument("--chunk-size", type=float, default=64, metavar="MB",
                    help="bytes of input per task, in MiB (default 64)")
    ap.add_argument("--type", default="auto",
                    choices=["auto", "text", "mail", "mbox", "mboxo",
                             "mboxrd", "mboxcl", "mboxcl2", "html",
                             "warc"])
    ap.add_argument("--headers", action="store_true")
    ap.add_argument("--base", metavar="URI")
    ap.add_argument("--rfc", type=int, default=2396,
                    choices=[1808, 2396, 3986])
    ap.add_argument("--no-progress", action="store_true",
                    help="no progress bar even on a terminal")
    a = ap.parse_args(argv)
    try:
        files = expand(a.paths)
    except OSError as e:
        ap.error(str(e))
    options = {"type": a.type, "headers": a.headers, "rfc": a.rfc}
    if a.base:
        options["base"] = a.base
    chunk = max(1, int(a.chunk_size * 1024 * 1024))

    from distributed import Client, LocalCluster
    t0 = time.time()
    if a.scheduler:
        cluster, client = None, Client(a.scheduler)
    else:
        cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1,
                               processes=True, dashboard_address=":0")
        client = Client(cluster)
    try:
        total = run(client, files, a.out, chunk, options,
                    progress=sys.stderr.isatty() and not a.no_progress)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    secs = time.time() - t0
    mb = total["bytes"] / 1e6
    cpu = total["cpu_seconds"]
    print(f"{total['records']} records from {total['files']} files "
          f"({mb:.1f} MB, {total['tasks']} tasks) in {secs:.1f} s "
          f"({mb / secs:.1f} MB/s); workers' CPU {cpu:.1f} s "
          f"({mb / cpu if cpu else 0:.1f} MB/s per busy worker): "
          f"{a.out}/", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
