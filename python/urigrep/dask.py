# urigrep/dask.py: find the URI references of an archive on a Dask cluster.
# SPDX-License-Identifier: MIT
"""python3 -m urigrep.dask PATH-OR-GLOB... --out DIR [options]

Spreads the files named (directories are read recursively, as urigrep -r
reads them; a glob may use ** for any depth) over the workers of a Dask
cluster: a LocalCluster of --workers processes by default, or the
scheduler at --scheduler ADDRESS.  Small files are grouped into tasks of
about --chunk-size bytes (by default the input in about 8 tasks a
worker, 4 to 64 MiB); an mbox file larger than that is cut into byte
ranges that start at a message's "From " line (the line urigrep's mbox
reader takes as a separator), and each range is its own task; a plain
WARC file, mboxcl and mboxcl2 are cut where a walk along their
Content-Length chain reaches a record or message, as urigrep -j cuts
them.  A range's line and message numbers are those of the whole file:
a small counting task per range (newlines and "From " lines) feeds the
numbers on.  A
.warc.gz (its first gzip member inflates to "WARC/") larger than that is
cut at gzip members that start records, as urigrep -j cuts it, each
range read member by member with the records' offsets in the file.
Another file whose name ends in .gz is decompressed as it is read (one
task).  A public-inbox archive named (a v2 inbox, git/N.git, one epoch,
or a v1 repository) is cut into runs of commits by the urigrep command
itself (`urigrep --list-runs`: the runs -j hands its threads, and the
messages its commits remove), consecutive runs grouped into tasks of
about --chunk-size bytes of messages, each read by `urigrep --json
--read-runs`: the records are those of `urigrep --json ARCHIVE`, commit,
epoch and message numbers included, in its order, written by the
command.

DIR receives part-NNNNN.jsonl, one per task, each line a record as
urigrep --json writes it, formatted in C by the command's own writer
(urigrep_ref_json()), and summary.json: the numbers of files, tasks,
bytes (of .gz files: compressed; of an archive: its messages') and
records, the CPU seconds the tasks took (of the worker processes, their
Dask threads included, and of the threads that ran them), the bytes a
task was given, the
archives that could not be read and the damage liburigrep found
("errors": what urigrep says of them), "damaged" (the files where the
library found damage, with the number of notices of it: the command's
errors; each is said on standard error), "notices" (all the library
said, damage or not), and the records counted by scheme and by host
(both lowercased; "null" counts references without one), counted on the
C side.  Dask's progress bar is shown when standard error is a
terminal.  Exit status 2 when an archive could not be read or a file is
damaged.

The client runs the urigrep command (--urigrep, else $URIGREP, else the
PATH's) to list the files it would read (`urigrep --list-files -r`: mail
folders and public-inbox archives are found by the command's rules
alone).  The workers need the urigrep package (and liburigrep)
installed, for public-inbox archives the urigrep command (built with
libgit2), and the files under the same paths as the client sees them.
"""

import argparse
import collections
import glob
import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import urigrep


def count_range(path, start, end, type="mbox"):
    """(newlines, messages) in bytes START..END of the file PATH, a piece
    of an mbox of TYPE starting at a line's start, as urigrep -j counts
    a piece (liburigrep's counter, in C, a block at a time)."""
    return urigrep._count(path, start, end, type)


def count_lines(path, start, end, messages):
    """(newlines in bytes START..END of the file PATH, MESSAGES): a piece
    cut along a Content-Length chain, whose messages the cut counted."""
    return urigrep._count(path, start, end, "text")[0], messages


def cut(path, doc_type, chunk):
    """The pieces of the file PATH, read as DOC_TYPE, about CHUNK bytes
    each, as urigrep -j cuts it (liburigrep's cutter): a list of piece
    dicts (see plan()), or None when it is read whole.  A .warc.gz is
    read member by member however large (its records' offsets are the
    file's); text is not cut (a binary file is the reader's to refuse
    whole)."""
    way, cuts = urigrep._cut(path, doc_type, chunk)
    t = doc_type
    if doc_type == "auto":
        # a chain is a plain WARC's or an mbox's (whose Content-Length is
        # honoured): what the file's start is, as the cutter decided
        with open(path, "rb") as f:
            t = "mbox" if way == "from" else urigrep.detect(f.read(32768))
    if way == "members":
        return [{"path": path, "kind": "warcgz", "start": a, "end": b}
                for a, b, _ in cuts]
    if len(cuts) < 2 or way not in ("from", "chain"):
        return None
    if way == "from":
        return [{"path": path, "kind": "range", "type": t, "start": a,
                 "end": b} for a, b, _ in cuts]
    # messages before each piece: bodies' "From " lines are not counted
    return [{"path": path, "kind": "chain", "type": t, "start": a,
             "end": b, "messages": k} for a, b, k in cuts]


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


def urigrep_command():
    """The urigrep command that reads public-inbox archives: $URIGREP,
    else the PATH's urigrep."""
    return os.environ.get("URIGREP") or shutil.which("urigrep") or "urigrep"


def _command_options(options):
    """The command's options for scan()'s OPTIONS that a public-inbox
    task passes on (type is the archive's)."""
    args = []
    if options.get("headers"):
        args.append("--headers")
    if options.get("base"):
        args.append("--base=" + options["base"])
    if options.get("rfc", 2396) != 2396:
        args.append("--rfc=%d" % options["rfc"])
    if options.get("refang"):
        args.append("--refang")
    return args


def _read_pinbox(j, fd, p, options, cmd):
    """Piece P of a public-inbox archive (plan_inbox()), its runs read by
    the urigrep command CMD with --read-runs, its --json records written
    by the command to FD and counted by J (urigrep._JsonLines, in C, the
    lines mapped: no Python a record); (errors, the command's CPU
    seconds)."""
    spec = "\n".join(["urigrep-runs 1", *p["removed"], *p["runs"]]) + "\n"
    start = os.lseek(fd, 0, os.SEEK_CUR)
    with tempfile.TemporaryFile() as inp, tempfile.TemporaryFile() as err:
        inp.write(spec.encode("ascii"))
        inp.seek(0)
        proc = subprocess.Popen([cmd, "--json", "-j", "1", "--read-runs=-",
                                 *_command_options(options), "--",
                                 p["path"]], stdin=inp, stdout=fd,
                                stderr=err)
        # waited for here, for its CPU time
        _, status, ru = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        said = err.read().decode("utf-8", "replace").splitlines()
    errors = [] if proc.returncode in (0, 1) else \
        said or [f"{p['path']}: urigrep exited {proc.returncode}"]
    j.count_lines(start, os.lseek(fd, 0, os.SEEK_CUR))
    return errors, ru.ru_utime + ru.ru_stime


def extract(out, pieces, first=(1, 1), options=None, urigrep_cmd=None):
    """Scan PIECES (see plan()) and write their records as JSON Lines to
    OUT, formatted in C as urigrep --json formats them (a public-inbox
    archive's by the urigrep command URIGREP_CMD). FIRST gives the line
    and message numbers where the first piece starts (a range of an
    mbox). Returns a summary dict; its counts come from the C side (of
    an archive's records, from the command's lines), "errors" what the
    command said of an archive it could not read whole and what the
    library said of damage (a Notice's str), "damaged" the number of
    those a file (the command's error count), "notices" all the library
    said (damage or not)."""
    options = dict(options or {})
    cpu, own = time.process_time(), time.thread_time()
    tmp = out + ".tmp"
    fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        with urigrep._JsonLines(fd, **options) as j:
            records, schemes, hosts, errors, child = _extract(
                j, fd, pieces, first, options,
                urigrep_cmd or urigrep_command())
            notices = j.notices
    finally:
        os.close(fd)
    os.replace(tmp, out)
    hosts.pop(None, None)
    # what the library said of damage, a file at a time (urigrep(1)
    # says each and exits 2)
    damaged = collections.Counter(str(n.file) for n in notices if n.damage)
    for n in notices:
        if n.damage:
            errors.append(str(n))
    return {"records": records, "bytes": sum(p["end"] - p["start"]
                                             for p in pieces),
            "schemes": schemes, "hosts": hosts, "errors": errors,
            "damaged": damaged, "notices": len(notices),
            "cpu_seconds": time.process_time() - cpu + child,
            "task_cpu_seconds": time.thread_time() - own + child}


def _extract(j, fd, pieces, first, options, cmd):
    """extract()'s work: PIECES to J (urigrep._JsonLines, writing to FD);
    its counts, the errors of public-inbox pieces and the CPU seconds of
    the commands that read them."""
    child, errors = 0.0, []
    # whole files of a kind read by C in one call
    run, run_kind = [], None
    for p in pieces + [{"kind": None, "path": None}]:
        kind = p["kind"]
        if run and kind != run_kind:
            # a folder's message is one mail whatever field it
            # starts with
            j.files(run, options.get("type", "mail")
                    if run_kind == "message" else None)
            run = []
        if kind in ("file", "message"):
            run.append(p["path"])
            run_kind = kind
        elif kind == "pinbox":
            j._flush()
            err, secs = _read_pinbox(j, fd, p, options, cmd)
            child += secs
            errors.extend(err)
        elif kind == "gz":
            with open(p["path"], "rb") as f, \
                    gzip.GzipFile(fileobj=f) as g:
                j.stream(g, p["path"])
        elif kind == "warcgz":
            with open(p["path"], "rb") as f:
                j.stream(_Range(f, p["start"], p["end"]), p["path"],
                         offset=p["start"])
        elif kind == "range":
            j.file(p["path"], p["start"], p["end"], p["type"], first[0],
                   first[1])
        elif kind == "chain":
            j.file(p["path"], p["start"], p["end"], p["type"], first[0],
                   first[1])
    records, schemes, hosts = j.counts()
    return records, schemes, hosts, errors, child


class Inbox(str):
    """The name of a public-inbox archive, as given: a v2 inbox (its
    epochs git/N.git) or one epoch."""


def is_inbox(path, cmd=None):
    """Is PATH a public-inbox archive (a v2 inbox, git/N.git, one epoch,
    a v1 repository), as the urigrep command CMD decides?"""
    try:
        return list_files([path], cmd)[0][0] == "public-inbox"
    except (OSError, IndexError):
        return False


_QUOTED = re.compile(rb"\\(\\|[0-7]{3})")


def _unquote(name):
    """A name as urigrep quotes it (\\ooo for a byte that is not
    printable, \\\\ for a backslash), as the file system's str."""
    return os.fsdecode(_QUOTED.sub(
        lambda m: b"\\" if m.group(1) == b"\\" else
        bytes([int(m.group(1), 8)]), name))


def list_files(names, cmd=None, recursive=True):
    """What the urigrep command CMD reads for the paths NAMES, as
    `urigrep --list-files -r` lists it: [(kind, path)], KIND "file",
    "message" (a mail folder's message, a .eml) or "public-inbox", in
    the order it reads them.  The folder rules (maildir, Maildir++, MH,
    .eml, public-inbox layouts) are the command's alone.  Raises
    OSError with what it said when a name cannot be read."""
    try:
        r = subprocess.run([cmd or urigrep_command(), "--list-files",
                            *(["-r"] if recursive else []), "--", *names],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           check=False)
    except OSError as e:
        raise OSError(f"cannot run urigrep: {e}") from e
    if r.returncode not in (0, 1):
        said = r.stderr.decode("utf-8", "replace").strip()
        raise OSError(said or f"urigrep --list-files exited {r.returncode}")
    out = []
    for line in r.stdout.splitlines():
        kind, _, name = line.partition(b" ")
        out.append((kind.decode("ascii"), _unquote(name)))
    return out


# a message's size when the list gives none (v1), to group runs by
_GUESS = 16 * 1024


def list_runs(name, commits, cmd=None, errors=None):
    """`urigrep --list-runs=COMMITS NAME` (CMD: the command) parsed: (the
    removals, [(line, the number of the newest commit that removes the
    blob)], and the runs, [(line, first message number, commits, bytes)]),
    oldest first. Raises OSError when the command lists nothing; what it
    said of an archive it could list only in part goes to ERRORS (else
    raised)."""
    try:
        r = subprocess.run([cmd or urigrep_command(),
                            f"--list-runs={commits}", "--", name],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           check=False)
    except OSError as e:
        raise OSError(f"{name}: cannot run urigrep: {e}") from e
    lines = r.stdout.decode("ascii", "replace").splitlines()
    said = r.stderr.decode("utf-8", "replace").strip()
    if not lines or lines[0] != "urigrep-runs 1":
        raise OSError(said or f"{name}: urigrep --list-runs failed")
    if r.returncode != 0:
        if errors is None:
            raise OSError(said)
        errors.append(said)
    removed, runs = [], []
    for line in lines[1:]:
        f = line.split(" ")
        if f[0] == "removed":
            removed.append((line, int(f[2])))
        elif f[0] == "run":
            runs.append((line, int(f[5]), int(f[4]), int(f[7])))
    return removed, runs


def plan_inbox(name, chunk, cmd=None, errors=None, commits=None):
    """Archive NAME in pieces of about CHUNK bytes of messages, oldest
    first: the runs of COMMITS commits (default: about a quarter of
    CHUNK's messages, at most -j's 1024) that the urigrep command CMD
    cuts it into (list_runs()), consecutive runs grouped. A piece is a
    dict: path, kind "pinbox", runs (--list-runs' lines), removed (those
    of its removals that can matter to its runs: of commits after its
    first), start 0, end the bytes of its messages (v1: not counted)."""
    if commits is None:
        commits = max(1, min(1024, chunk // (4 * _GUESS)))
    removed, runs = list_runs(name, commits, cmd, errors)
    pieces, group, size, guess = [], [], 0, 0

    def close():
        first = group[0][1]
        pieces.append({"path": str(name), "kind": "pinbox",
                       "runs": [g[0] for g in group],
                       "removed": [x for x, at in removed if at > first],
                       "start": 0, "end": size})

    for run in runs:
        group.append(run)
        size += run[3]
        guess += run[3] or run[2] * _GUESS
        if guess >= chunk:
            close()
            group, size, guess = [], 0, 0
    if group:
        close()
    return pieces


class Message(str):
    """The path of a file that is one mail message: a mail folder's, or a
    .eml; read as mail whatever its first bytes, never cut."""


def expand(args, cmd=None):
    """The files named by ARGS (paths, globs; a glob may use ** for any
    depth), as the urigrep command CMD reads them with -r (list_files()):
    directories recursively in byte order, symbolic links met on the way
    not followed, mail folders as mail folders, public-inbox archives
    whole.  A mail folder's files and .eml files come as Message, an
    archive as Inbox; a name that matches nothing is an error."""
    names = []
    for arg in args:
        found = sorted(glob.glob(arg, recursive=True)) \
            if glob.has_magic(arg) else [arg]
        if not found:
            raise FileNotFoundError(f"{arg}: no such file")
        names.extend(found)
    kinds = {"message": Message, "public-inbox": Inbox, "file": str}
    return [kinds[k](p) for k, p in list_files(names, cmd)] if names else []


def plan(files, chunk, doc_type="auto", errors=None, urigrep_cmd=None):
    """Cut FILES into work: returns (groups, splits). A group is a list of
    pieces, whole files that are scanned in one task (small files up to
    about CHUNK bytes together); SPLITS lists, for each mbox larger than
    CHUNK, its pieces (byte ranges starting at separator lines), and for
    each public-inbox archive its runs of commits (plan_inbox()). A piece
    is a dict: path, kind ("file", "message", "gz", "warcgz", "range",
    "chain" or "pinbox"), start, end (a "chain" piece, of a plain WARC or
    mboxcl file cut along its Content-Length chain, also its type and the
    messages before it). An archive or file that cannot be read (one
    cut short while it is cut) is left out, its error appended to ERRORS
    (else raised); URIGREP_CMD is the
    command that cuts archives (default: urigrep_command())."""
    groups, splits, group, size = [], [], [], 0
    for path in files:
        if isinstance(path, Inbox):
            try:
                splits.append(plan_inbox(path, chunk, urigrep_cmd, errors))
            except OSError as e:
                if errors is None:
                    raise
                errors.append(str(e))
            continue
        n = os.path.getsize(path)
        if isinstance(path, Message):
            if group and size + n > chunk:
                groups.append(group)
                group, size = [], 0
            group.append({"path": str(path), "kind": "message", "start": 0,
                          "end": n})
            size += n
            continue
        try:
            pieces = cut(path, doc_type, chunk)
        except OSError as e:
            # (cut short while it was cut, say)
            if errors is None:
                raise
            errors.append(str(e))
            continue
        if pieces:
            splits.append(pieces)
            continue
        if path.endswith(".gz"):
            groups.append([{"path": path, "kind": "gz", "start": 0,
                            "end": n}])
            continue
        if group and size + n > chunk:
            groups.append(group)
            group, size = [], 0
        group.append({"path": path, "kind": "file", "start": 0, "end": n})
        size += n
    if group:
        groups.append(group)
    return groups, splits


def _size(path):
    """PATH's bytes; an archive's, the bytes of its directory's files."""
    if not isinstance(path, Inbox):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(top, f))
               for top, _, names in os.walk(path) for f in names)


def auto_chunk(files, workers):
    """Bytes of input per task when --chunk-size is not given: the input
    in about 8 tasks a worker (so that a worker that ends early takes
    more, and a task's start costs little against its work), between 4
    MiB and 64 MiB."""
    total = sum(_size(p) for p in files)
    return int(min(64 << 20, max(4 << 20, total // (8 * max(1, workers)))))


def run(client, files, out, chunk, options, progress=False,
        urigrep_cmd=None):
    """Submit the work for FILES to CLIENT (a distributed.Client), write
    DIR OUT's partitions and summary.json; return the summary. CHUNK:
    bytes of input per task (None: auto_chunk() for the client's
    workers). URIGREP_CMD: the urigrep command that cuts and reads
    public-inbox archives (default: urigrep_command()), at the same path
    on the workers. An archive that cannot be read, whole or in part, or
    a file cut short while it is cut, is said on standard error and
    listed in the summary's "errors"."""
    os.makedirs(out, exist_ok=True)
    if chunk is None:
        chunk = auto_chunk(files, len(client.scheduler_info()["workers"]))
    cmd = urigrep_cmd or urigrep_command()
    errors = []
    groups, splits = plan(files, chunk, options.get("type", "auto"), errors,
                          cmd)
    for e in errors:
        print(f"urigrep.dask: {e}", file=sys.stderr)
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
                                         options=opts, urigrep_cmd=cmd,
                                         pure=False))
            c = None
            if i + 1 < len(pieces) and p["kind"] == "range":
                c = client.submit(count_range, p["path"], p["start"],
                                  p["end"], p["type"], pure=False)
            elif i + 1 < len(pieces) and p["kind"] == "chain" and \
                    p["type"] != "warc":
                c = client.submit(count_lines, p["path"], p["start"],
                                  p["end"],
                                  pieces[i + 1]["messages"] - p["messages"],
                                  pure=False)
            if c is not None:
                counts.append(c)
                first = client.submit(advance, first, c, pure=False)
    if progress:
        from distributed import progress as show
        show(futures + counts)
    total = {"files": len(files), "tasks": len(futures), "bytes": 0,
             "records": 0, "cpu_seconds": 0.0, "task_cpu_seconds": 0.0,
             "schemes": collections.Counter(),
             "hosts": collections.Counter(), "chunk_bytes": chunk,
             "errors": errors, "notices": 0,
             "damaged": collections.Counter()}
    for s in client.gather(futures):
        for k in ("bytes", "records", "cpu_seconds", "task_cpu_seconds"):
            total[k] += s[k]
        for e in s["errors"]:
            print(f"urigrep.dask: {e}", file=sys.stderr)
            errors.append(e)
        total["notices"] += s["notices"]
        total["damaged"].update(s["damaged"])
        # the C side's exact strings, summed lowercased
        for k in ("schemes", "hosts"):
            for key, v in s[k].items():
                total[k][key.lower() if key is not None else None] += v
    # (the C side counts references without a scheme or host from 0)
    for k in ("schemes", "hosts"):
        total[k] = {key: v for key, v in total[k].most_common() if v}
    total["damaged"] = dict(sorted(total["damaged"].items()))
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(total, f, indent=1)
        f.write("\n")
    return total


# --json's keys in its order, and the pandas dtype of each as a
# DataFrame column (nullable: a key a record lacks, such as the mail
# keys of a text file's record, is <NA>)
COLUMNS = {
    "file": "string", "line": "Int64", "column": "Int64",
    "offset": "Int64", "ref": "string", "uri": "string",
    "delimiter": "string", "valid": "boolean", "kind": "string",
    "error": "string", "error_offset": "Int64", "scheme": "string",
    "authority": "string", "userinfo": "string", "host": "string",
    "port": "string", "path": "string", "query": "string",
    "fragment": "string", "hyphen": "string", "message_id": "string",
    "part": "string", "content_type": "string", "base": "string",
    "base_source": "string", "message": "Int64", "subject": "string",
    "charset": "string", "wrapper": "string", "target": "string",
    "warc_record_id": "string", "target_uri": "string",
    "warc_date": "string", "warc_offset": "Int64", "lookalike": "boolean",
    "host_ascii": "string", "host_unicode": "string", "text": "string",
    "mismatch": "boolean", "context": "string", "commit": "string",
    "epoch": "Int64"}


def _partition(path):
    """One part-NNNNN.jsonl as a pandas DataFrame of COLUMNS."""
    import pandas as pd
    with open(path, "rb") as f:
        rows = [json.loads(line) for line in f]
    df = pd.DataFrame.from_records(rows, columns=list(COLUMNS))
    return df.astype(COLUMNS)


def dataframe(out):
    """The records run() wrote to the directory OUT as a dask DataFrame:
    a partition per part-NNNNN.jsonl file, in their order (the records'
    order), a column per --json key (COLUMNS: pandas' nullable string,
    Int64 and boolean dtypes).  Needs dask.dataframe and pandas."""
    import dask.dataframe as dd
    import pandas as pd
    parts = sorted(glob.glob(os.path.join(glob.escape(out),
                                          "part-*.jsonl")))
    meta = pd.DataFrame({k: pd.Series(dtype=t) for k, t in COLUMNS.items()})
    if not parts:
        return dd.from_pandas(meta, npartitions=1)
    return dd.from_map(_partition, parts, meta=meta,
                       divisions=[None] * (len(parts) + 1))


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
    ap.add_argument("--chunk-size", type=float, metavar="MB",
                    help="bytes of input per task, in MiB (default: the "
                    "input in about 8 tasks a worker, 4 to 64 MiB)")
    ap.add_argument("--type", default="auto",
                    choices=["auto", "text", "mail", "mbox", "mboxo",
                             "mboxrd", "mboxcl", "mboxcl2", "html",
                             "warc", "rnews"])
    ap.add_argument("--headers", action="store_true")
    ap.add_argument("--base", metavar="URI")
    ap.add_argument("--rfc", type=int, default=2396,
                    choices=[1808, 2396, 3986])
    ap.add_argument("--no-progress", action="store_true",
                    help="no progress bar even on a terminal")
    ap.add_argument("--urigrep", metavar="PATH",
                    help="the urigrep command that lists the files to "
                    "read (--list-files) and cuts and reads public-inbox "
                    "archives, at this path on the workers too (default: "
                    "$URIGREP, else the PATH's)")
    a = ap.parse_args(argv)
    try:
        files = expand(a.paths, a.urigrep)
    except OSError as e:
        ap.error(str(e))
    options = {"type": a.type, "headers": a.headers, "rfc": a.rfc}
    if a.base:
        options["base"] = a.base
    chunk = max(1, int(a.chunk_size * 1024 * 1024)) if a.chunk_size \
        else None

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
                    progress=sys.stderr.isatty() and not a.no_progress,
                    urigrep_cmd=a.urigrep)
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
          f"({mb / cpu if cpu else 0:.1f} MB/s per busy worker), "
          f"{total['chunk_bytes'] / 1048576:.1f} MiB a task: "
          f"{a.out}/", file=sys.stderr)
    return 2 if total["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
