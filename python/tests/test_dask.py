# test_dask.py: python3 -m urigrep.dask on a LocalCluster of 2 worker
# processes, over an archive of mbox files (one cut into many ranges),
# a maildir, news, text, HTML and .gz files, writes the multiset of
# records the command gives on the same files, line and message numbers
# of the ranges included.
# SPDX-License-Identifier: MIT
import collections
import glob
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zlib

import pytest

pytest.importorskip("distributed")
# under AddressSanitizer the cluster takes minutes; test_scan.py checks
# the module's records there, and the plain build runs this test
if os.environ.get("URIGREP_SANITIZED"):
    pytest.skip("Dask run skipped in a sanitizer build",
                allow_module_level=True)

import urigrep  # noqa: E402
import urigrep.dask as ud  # noqa: E402


def make_archive(top, root):
    fx = os.path.join(top, "tests", "fixtures")
    os.makedirs(root)
    shutil.copytree(os.path.join(fx, "maildir"), os.path.join(root, "maildir"))
    shutil.copytree(os.path.join(fx, "spool"), os.path.join(root, "spool"))
    # mail folders (a Maildir++, an MH folder, .eml files): their
    # messages only, each read as mail (urigrep(1), ARCHIVES)
    for d in ("Maildir", "mh", "eml"):
        shutil.copytree(os.path.join(fx, "folders", d), os.path.join(root, d))
    shutil.copy(os.path.join(fx, "appendix-e.txt"), root)
    shutil.copy(os.path.join(fx, "appendix-d.html"), root)
    with open(os.path.join(fx, "archive.mbox"), "rb") as f:
        archive = f.read()
    # a large mbox: the fixture archive and every .eml as a message, with
    # "From " lines in bodies that are separators and ones that are not
    msgs = [archive]
    for eml in sorted(glob.glob(os.path.join(fx, "*.eml"))):
        with open(eml, "rb") as f:
            msgs.append(b"From someone@example.org Tue May  7 11:22:33 2024\n"
                        + f.read() + b"\n")
    msgs.append(b"From x@example.org Wed May  8 09:00:00 2024\n"
                b"Subject: prose\n\nFrom here on see <http://example.org/a\n"
                b" b>.\nFrom me, with love: http://example.org/love\n\n")
    big = b"".join(msgs) * 40
    with open(os.path.join(root, "big.mbox"), "wb") as f:
        f.write(big)
    with gzip.open(os.path.join(root, "archive.mbox.gz"), "wb") as f:
        f.write(archive * 3)
    with open(os.path.join(fx, "mixed.txt"), "rb") as f:
        with gzip.open(os.path.join(root, "mixed.txt.gz"), "wb") as g:
            g.write(f.read())
    return len(big)


def canon(recs):
    return collections.Counter(json.dumps(r, sort_keys=True) for r in recs)


def test_dask_same_records_as_command(urigrep_cmd, top_srcdir, tmp_path):
    root = str(tmp_path / "archive")
    out = str(tmp_path / "out")
    big = make_archive(top_srcdir, root)
    chunk = 8 * 1024
    assert big > 20 * chunk
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(ud.__file__))] +
        [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    subprocess.run([sys.executable, "-m", "urigrep.dask", root + "/*",
                    "--out", out, "--workers", "2", "--headers",
                    "--chunk-size", str(chunk / 1024 / 1024)],
                   env=env, check=True, timeout=300)
    got = []
    for part in sorted(glob.glob(os.path.join(out, "part-*.jsonl"))):
        with open(part, encoding="utf-8") as f:
            got.extend(json.loads(line) for line in f)
    want = []
    files = ud.expand([root + "/*"])
    # the command reads the directories with -r, as the runner walks them
    plain = [p for p in sorted(glob.glob(root + "/*")) if not p.endswith(".gz")]
    res = subprocess.run([urigrep_cmd, "--json", "--headers", "-r", *plain],
                         stdout=subprocess.PIPE, check=False)
    want.extend(json.loads(x) for x in res.stdout.splitlines())
    for gz in (p for p in files if p.endswith(".gz")):
        flat = str(tmp_path / os.path.basename(gz)[:-3])
        with gzip.open(gz) as f, open(flat, "wb") as g:
            g.write(f.read())
        res = subprocess.run([urigrep_cmd, "--json", "--headers", flat],
                             stdout=subprocess.PIPE, check=False)
        for x in res.stdout.splitlines():
            rec = json.loads(x)
            rec["file"] = gz
            want.append(rec)
    assert len(want) > 1000
    # the big mbox was cut, and its last message numbered as a whole
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    assert summary["tasks"] > 20
    big_recs = [r for r in got if r["file"].endswith("big.mbox")]
    assert max(r["message"] for r in big_recs) == \
        max(r["message"] for r in want if r["file"].endswith("big.mbox"))
    assert canon(got) == canon(want)
    assert summary["records"] == len(want)
    schemes = collections.Counter(
        (r["scheme"] or "").lower() or None for r in want)
    assert summary["schemes"] == {"null" if k is None else k: v
                                  for k, v in schemes.items()}


def test_counts_separators_as_the_mail_parser(tmp_path):
    # liburigrep's rule (the command's, the mail parser's) reached from
    # Python: "From ", a sender, a space, a time somewhere, the line
    # whole in the parser's 256 bytes
    lines = [b"From a@b Mon May  6 10:00:00 2024\n",
             b"From here on, at 10:00 we\n",   # prose with a time: one
             b"From  a 10:00\n",
             b"From me, with love\n",
             b"From a@b " + b"x" * 600 + b" 10:00\n"]
    p = tmp_path / "m.mbox"
    p.write_bytes(b"x\n" + b"".join(lines))
    n = p.stat().st_size
    # the first line starts a message whatever it is, then two
    assert ud.count_range(str(p), 0, n) == (6, 3)
    assert ud.count_range(str(p), 2, n) == (5, 2)
    assert ud.count_range(str(p), 0, n, "text") == (6, 0)


def test_ranges_split_at_separators(tmp_path):
    msg = (b"From a@example.org Mon May  6 10:00:00 2024\nSubject: s\n\n"
           b"From the body, see http://example.org/\n\n")
    p = tmp_path / "m.mbox"
    p.write_bytes(msg * 100)
    groups, splits = ud.plan([str(p)], 500)
    assert groups == [] and len(splits) == 1
    pieces = splits[0]
    assert pieces[0]["start"] == 0 and pieces[-1]["end"] == len(msg) * 100
    for a, b in zip(pieces, pieces[1:]):
        assert a["end"] == b["start"] and b["start"] % len(msg) == 0
    assert ud.count_range(str(p), 0, len(msg) * 3) == (15, 3)



def test_dask_warc_gz_same_records_as_command(urigrep_cmd, top_srcdir,
                                              tmp_path):
    """A .warc.gz larger than the chunk is cut at gzip members that start
    records (a record split over members and a corrupt member included);
    the records, their warc_offset in the file included, are those of
    urigrep --json on the whole file."""
    w = os.path.join(top_srcdir, "tests", "warc")
    parts = [open(os.path.join(w, n), "rb").read() for n in (
        "example.warc.gz", "example-resource.warc.gz",
        "example-wrong-chunks.warc.gz", "example-wget-bad-target-uri.warc.gz",
        "cc.warc.gz")]
    bad = gzip.compress(b"WARC/1.0\r\nWARC-Type: resource\r\n"
                        b"Content-Length: 30\r\n\r\n"
                        b"see http://lost.example/  here\r\n\r\n")
    bad = bad[:20] + b"X" * 20 + bad[40:]
    root = tmp_path / "w"
    root.mkdir()
    big = root / "big.warc.gz"
    big.write_bytes((b"".join(parts) + bad) * 10 + b"".join(parts))
    out = str(tmp_path / "out")
    chunk = 16 * 1024
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(ud.__file__))] +
        [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    subprocess.run([sys.executable, "-m", "urigrep.dask", str(root),
                    "--out", out, "--workers", "2",
                    "--chunk-size", str(chunk / 1024 / 1024)],
                   env=env, check=True, timeout=300)
    got = []
    for part in sorted(glob.glob(os.path.join(out, "part-*.jsonl"))):
        with open(part, encoding="utf-8") as f:
            got.extend(json.loads(line) for line in f)
    res = subprocess.run([urigrep_cmd, "--json", str(big)],
                         stdout=subprocess.PIPE, check=False)
    assert res.returncode == 2      # the corrupt members
    want = [json.loads(x) for x in res.stdout.splitlines()]
    assert len(want) > 500
    with open(os.path.join(out, "summary.json")) as f:
        assert json.load(f)["tasks"] > 5
    assert canon(got) == canon(want)


def test_warc_ranges_start_at_records(top_srcdir, tmp_path):
    """plan() cuts a .warc.gz only where a gzip member inflates to WARC/."""
    w = os.path.join(top_srcdir, "tests", "warc")
    data = b"".join(open(os.path.join(w, n), "rb").read() for n in (
        "example.warc.gz", "example-wrong-chunks.warc.gz")) * 20
    p = tmp_path / "x.warc.gz"
    p.write_bytes(data)
    groups, splits = ud.plan([str(p)], 2048)
    assert not groups and len(splits) == 1 and len(splits[0]) > 5
    at = 0
    for piece in splits[0]:
        assert piece["kind"] == "warcgz" and piece["start"] == at
        z = zlib.decompressobj(31)
        assert z.decompress(data[at:at + 65536], 5) == b"WARC/"
        at = piece["end"]
    assert at == len(data)


def test_dataframe_is_the_records(urigrep_cmd, top_srcdir, tmp_path):
    """dataframe() of a run's partitions: a row per record, in order, a
    column per --json key with pandas' nullable dtypes (<NA> where a
    record lacks a key or says null); and doc/examples/dask-domains.py
    on it: the top registered domains are those a Counter of the
    records' hosts gives, through urigrep.registered_domain()."""
    pd = pytest.importorskip("pandas")
    pytest.importorskip("dask.dataframe")
    fx = os.path.join(top_srcdir, "tests", "fixtures")
    out = str(tmp_path / "out")
    os.makedirs(out)
    files = ud.expand([os.path.join(fx, "anchors-bidi.eml"),
                       os.path.join(fx, "folders")], urigrep_cmd)
    groups, _ = ud.plan(files, 64 * 1024)
    for i, g in enumerate(groups):
        ud.extract(os.path.join(out, f"part-{i:05d}.jsonl"), g)
    recs = []
    for part in sorted(glob.glob(os.path.join(out, "part-*.jsonl"))):
        with open(part, encoding="utf-8") as f:
            recs.extend(json.loads(line) for line in f)
    df = ud.dataframe(out).compute()
    assert list(df.columns) == list(ud.COLUMNS) and len(df) == len(recs)
    assert str(df["line"].dtype) == "Int64"
    assert str(df["valid"].dtype) == "boolean"
    assert str(df["host"].dtype) == "string"
    for k in ("uri", "line", "host", "message", "subject", "valid"):
        got = [None if v is pd.NA else v for v in df[k]]
        assert got == [r.get(k) for r in recs], k
    if not urigrep.lib.urigrep_trust_features() & \
            urigrep.lib.URIGREP_TRUST_PSL:
        return
    assert urigrep.registered_domain("WWW.BBC.co.uk.") == "bbc.co.uk"
    want = collections.Counter(urigrep.registered_domain(r["host"])
                               for r in recs if r.get("host"))
    ex = os.path.join(top_srcdir, "doc", "examples", "dask-domains.py")
    res = subprocess.run([sys.executable, ex, out, "5"], check=True,
                         stdout=subprocess.PIPE, text=True,
                         env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                             sys.path)))
    got = [(int(c), d) for c, d in (ln.split() for ln in
                                     res.stdout.splitlines())]
    assert [c for c, _ in got] == [c for _, c in want.most_common(5)]
    assert all(want[d] == c for c, d in got)
    with open(os.path.join(out, "edges.csv"), encoding="utf-8") as f:
        edges = f.read().splitlines()
    assert edges[0] == "file,message,domain"
    assert len(edges) - 1 == len({(r["file"], r["message"],
                                   urigrep.registered_domain(r["host"]))
                                  for r in recs
                                  if r.get("host") and r.get("message")})


def test_expand_mail_folders(top_srcdir):
    """The runner walks mail folders as urigrep -r does: an MH folder's
    messages in numeric order (",3" and .mh_sequences are none), a
    Maildir++'s cur/ and new/ before its folders, never tmp/ nor the
    server's files; their files, and .eml, are Messages."""
    fx = os.path.join(top_srcdir, "tests", "fixtures", "folders")
    got = ud.expand([os.path.join(fx, "mh"), os.path.join(fx, "Maildir"),
                     os.path.join(fx, "eml")])
    rel = [os.path.relpath(p, fx) for p in got]
    assert rel == ["mh/1", "mh/2", "mh/10", "mh/sub/1",
                   "Maildir/cur/1354585346.000541!2,S",
                   "Maildir/new/1382298587.002228",
                   "Maildir/.lkml/cur/1382298587.002878!2,S",
                   "Maildir/.lkml.patches/cur/1382298770.002191!2,RS",
                   "eml/mbox-attachment.eml", "eml/text-calendar.eml"]
    assert all(isinstance(p, ud.Message) for p in got)
    groups, splits = ud.plan(got, 1 << 20)
    assert splits == [] and all(p["kind"] == "message"
                                for g in groups for p in g)


def test_expand_names_the_command_quotes(urigrep_cmd, tmp_path):
    """expand() takes its list from `urigrep --list-files`, which quotes
    a name's bytes that are not printable: a name with a newline, an
    escape, a backslash and a byte that is not UTF-8 comes back as it
    is on disk."""
    d = os.fsencode(str(tmp_path))
    name = d + b"/a\nb\x1b[31m\\c\xff.txt"
    with open(name, "wb") as f:
        f.write(b"http://example.org/\n")
    got = ud.expand([str(tmp_path)], urigrep_cmd)
    assert got == [os.fsdecode(name)] and not isinstance(got[0], ud.Message)
    with pytest.raises(OSError, match="No such file"):
        ud.list_files([str(tmp_path / "none")], urigrep_cmd)


def _git(*args, **kw):
    env = dict(os.environ, GIT_AUTHOR_NAME="urigrep test",
               GIT_AUTHOR_EMAIL="test@example.invalid",
               GIT_COMMITTER_NAME="inbox",
               GIT_COMMITTER_EMAIL="inbox@example.invalid",
               GIT_AUTHOR_DATE="1700000000 +0000",
               GIT_COMMITTER_DATE="1700000000 +0000")
    return subprocess.run(["git", "-c", "init.defaultBranch=master", *args],
                          env=env, check=True, stdout=subprocess.PIPE,
                          **kw).stdout.decode().strip()


def _pi_commit(repo, name, blob):
    tree = _git("--git-dir", repo, "mktree",
                input=f"100644 blob {blob}\t{name}\n".encode())
    parent = subprocess.run(["git", "--git-dir", repo, "rev-parse", "-q",
                             "--verify", "HEAD"], stdout=subprocess.PIPE,
                            check=False).stdout.decode().strip()
    commit = _git("--git-dir", repo, "commit-tree", tree,
                  *(["-p", parent] if parent else []), "-m", name)
    _git("--git-dir", repo, "update-ref", "HEAD", commit)


def make_inbox(top, inbox):
    """The v2 inbox of tests/pinbox-lib.sh's pi_inbox, with plain git:
    two epochs of the messages in tests/fixtures/public-inbox, 05 and 08
    removed, 05 added again later, 02 removed from the epoch before."""
    fx = os.path.join(top, "tests", "fixtures", "public-inbox")
    e0, e1 = os.path.join(inbox, "git", "0.git"), \
        os.path.join(inbox, "git", "1.git")

    def add(repo, n):
        _pi_commit(repo, "m", _git("--git-dir", repo, "hash-object", "-w",
                                   os.path.join(fx, f"{n}.eml")))

    def delete(repo, n=None):
        blob = _git("--git-dir", repo, "hash-object", "-w",
                    os.path.join(fx, f"{n}.eml")) if n else \
            _git("--git-dir", repo, "rev-parse", "HEAD:m")
        _pi_commit(repo, "d", blob)

    for e in (e0, e1):
        _git("init", "-q", "--bare", e)
    for n in ("01", "02", "03", "04", "05"):
        add(e0, n)
    delete(e0)
    for n in ("06", "07", "08"):
        add(e1, n)
    delete(e1)
    add(e1, "05")
    delete(e1, "02")
    return e1


def make_v1(top, repo):
    """A v1 repository of tests/pinbox-lib.sh's kind, with plain git: the
    messages 01 to 04 at the SHA-1 of their Message-ID, 02 removed, then
    05."""
    fx = os.path.join(top, "tests", "fixtures", "public-inbox")
    _git("init", "-q", "--bare", repo)
    index = dict(os.environ, GIT_INDEX_FILE=os.path.join(repo, "pi.index"))

    def path(n):
        with open(os.path.join(fx, f"{n}.eml"), "rb") as f:
            head = f.read().split(b"\n\n", 1)[0]
        mid = re.search(rb"(?im)^message-id:\s*<([^>]*)>", head).group(1)
        h = hashlib.sha1(mid).hexdigest()
        return h[:2] + "/" + h[2:]

    # a bare repository has no index: a work tree of nothing stands in
    wt = repo + ".wt"
    os.makedirs(wt)

    def commit(args, subject):
        subprocess.run(["git", "--git-dir", repo, "--work-tree", wt,
                        "update-index", *args], env=index, check=True)
        tree = subprocess.run(["git", "--git-dir", repo, "write-tree"],
                              env=index, check=True, stdout=subprocess.PIPE
                              ).stdout.decode().strip()
        parent = subprocess.run(["git", "--git-dir", repo, "rev-parse", "-q",
                                 "--verify", "HEAD"], stdout=subprocess.PIPE,
                                check=False).stdout.decode().strip()
        c = _git("--git-dir", repo, "commit-tree", tree,
                 *(["-p", parent] if parent else []), "-m", subject)
        _git("--git-dir", repo, "update-ref", "HEAD", c)

    for n in ("01", "02", "03", "04", "delete 02", "05"):
        if n.startswith("delete"):
            commit(["--force-remove", path(n[-2:])], n)
            continue
        blob = _git("--git-dir", repo, "hash-object", "-w",
                    os.path.join(fx, f"{n}.eml"))
        commit(["--add", "--cacheinfo", f"100644,{blob},{path(n)}"], n)


def _have_pinbox(urigrep_cmd, tmp_path):
    """Skip without git, or with a urigrep built without libgit2."""
    if shutil.which("git") is None:
        pytest.skip("no git")
    res = subprocess.run([urigrep_cmd, "--list-runs=1", str(tmp_path)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         check=False)
    if b"without libgit2" in res.stderr:
        pytest.skip("urigrep built without libgit2")


def test_plan_inbox_runs(urigrep_cmd, top_srcdir, tmp_path):
    """An inbox cut by `urigrep --list-runs`: runs of commits numbered
    over both epochs, grouped into pieces by the bytes of their messages;
    a piece carries the removals of the commits after its first."""
    _have_pinbox(urigrep_cmd, tmp_path)
    inbox = str(tmp_path / "inbox")
    make_inbox(top_srcdir, inbox)
    assert ud.is_inbox(inbox) and not ud.is_inbox(top_srcdir)
    pieces = ud.plan_inbox(ud.Inbox(inbox), 1, urigrep_cmd, commits=1)
    assert len(pieces) == 12 and all(len(p["runs"]) == 1 for p in pieces)
    # run EPOCH v2 TOP 1 MESSAGE HEAD BYTES
    assert [(p["runs"][0].split()[1], p["runs"][0].split()[5])
            for p in pieces] == [("0", str(n)) for n in range(6)] + \
        [("1", str(n)) for n in range(6, 12)]
    # 05 removed at 6, 08 at 10, 02 at 12: what a piece may need
    assert [len(p["removed"]) for p in pieces] == \
        [3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1]
    fx = os.path.join(top_srcdir, "tests", "fixtures", "public-inbox")
    assert pieces[0]["end"] == os.path.getsize(os.path.join(fx, "01.eml"))
    # 1 MiB: one piece holding every run (of runs of 1 MiB / 64 KiB)
    big = ud.plan_inbox(ud.Inbox(inbox), 1 << 20, urigrep_cmd)
    assert len(big) == 1 and len(big[0]["runs"]) == 2
    assert big[0]["end"] == sum(p["end"] for p in pieces)


def test_dask_public_inbox_same_as_command(urigrep_cmd, top_srcdir,
                                           tmp_path):
    """A v2 inbox, one of its epochs and a v1 repository, cut into tasks
    of a commit or two: the parts, in order, hold the records of urigrep
    --json on the same three archives, byte for byte, commit, epoch and
    message numbers included; the summary counts them."""
    _have_pinbox(urigrep_cmd, tmp_path)
    inbox = str(tmp_path / "inbox")
    epoch = make_inbox(top_srcdir, inbox)
    v1 = str(tmp_path / "v1.git")
    make_v1(top_srcdir, v1)
    assert ud.is_inbox(v1)
    res = subprocess.run([urigrep_cmd, "--json", "--headers", inbox, epoch,
                          v1], stdout=subprocess.PIPE, check=True)
    want = res.stdout
    recs = [json.loads(x) for x in want.splitlines()]
    assert len(recs) > 20 and all("commit" in r for r in recs)
    assert any(r["file"] == v1 for r in recs)
    out = str(tmp_path / "out")
    env = dict(os.environ, URIGREP=urigrep_cmd)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(ud.__file__))] +
        [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    subprocess.run([sys.executable, "-m", "urigrep.dask", inbox, epoch, v1,
                    "--out", out, "--workers", "2", "--headers",
                    "--chunk-size", str(3000 / 1024 / 1024)],
                   env=env, check=True, timeout=300)
    got = b""
    for part in sorted(glob.glob(os.path.join(out, "part-*.jsonl"))):
        with open(part, "rb") as f:
            got += f.read()
    assert got == want
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    assert summary["tasks"] >= 10 and summary["records"] == len(recs)
    assert summary["errors"] == []
    schemes = collections.Counter(r["scheme"].lower() for r in recs)
    assert summary["schemes"] == dict(schemes)
    # counted in C from the command's lines (ugpy_json_count())
    hosts = collections.Counter(r["host"].lower() for r in recs
                                if r["host"] is not None)
    assert summary["hosts"] == dict(hosts)


def test_dask_public_inbox_damaged(urigrep_cmd, top_srcdir, tmp_path):
    """A message the archive lacks is said, the runner exits 2, the other
    messages are read as the command reads them."""
    _have_pinbox(urigrep_cmd, tmp_path)
    inbox = str(tmp_path / "inbox")
    epoch = make_inbox(top_srcdir, inbox)
    # a commit whose "m" is not there
    tree = _git("--git-dir", epoch, "mktree", "--missing",
                input=b"100644 blob 0123456789012345678901234567890123456789"
                b"\tm\n")
    parent = _git("--git-dir", epoch, "rev-parse", "HEAD")
    c = _git("--git-dir", epoch, "commit-tree", tree, "-p", parent, "-m", "x")
    _git("--git-dir", epoch, "update-ref", "HEAD", c)
    res = subprocess.run([urigrep_cmd, "--json", inbox],
                         stdout=subprocess.PIPE, check=False)
    assert res.returncode == 2
    out = str(tmp_path / "out")
    env = dict(os.environ, URIGREP=urigrep_cmd)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(ud.__file__))] +
        [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    r = subprocess.run([sys.executable, "-m", "urigrep.dask", inbox,
                        "--out", out, "--workers", "1", "--chunk-size",
                        str(3000 / 1024 / 1024), "--no-progress"],
                       env=env, stderr=subprocess.PIPE, check=False,
                       timeout=300)
    assert r.returncode == 2
    assert f"commit {c}".encode() in r.stderr
    got = b""
    for part in sorted(glob.glob(os.path.join(out, "part-*.jsonl"))):
        with open(part, "rb") as f:
            got += f.read()
    assert got == res.stdout


def test_dask_names_damaged_files(urigrep_cmd, tmp_path):
    """A WARC cut short beside a clean one, on a LocalCluster: the
    summary names the damaged file with the command's error count, the
    runner says what the command says and exits 2 as it does."""
    rec = (b"WARC/1.0\r\nWARC-Type: resource\r\n"
           b"WARC-Target-URI: http://example.org/\r\n"
           b"Content-Type: text/plain\r\nContent-Length: 30\r\n\r\n"
           b"see http://example.org/one ok\r\n\r\n")
    top = tmp_path / "in"
    top.mkdir()
    (top / "clean.warc").write_bytes(rec)
    cut = top / "cut.warc"
    cut.write_bytes(rec * 3 + rec[:-12])
    cmd = subprocess.run([urigrep_cmd, "--json", "-r", str(top)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         check=False)
    assert cmd.returncode == 2
    said = [x.replace("urigrep: ", "", 1)
            for x in cmd.stderr.decode().splitlines()]
    out = str(tmp_path / "out")
    env = dict(os.environ, URIGREP=urigrep_cmd)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(ud.__file__))] +
        [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    r = subprocess.run([sys.executable, "-m", "urigrep.dask", str(top),
                        "--out", out, "--workers", "1", "--no-progress"],
                       env=env, stderr=subprocess.PIPE, check=False,
                       timeout=300)
    assert r.returncode == 2
    for line in said:
        assert ("urigrep.dask: " + line).encode() in r.stderr
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    assert summary["damaged"] == {str(cut): len(said)}
    assert summary["errors"] == said and summary["notices"] >= len(said)
    assert summary["records"] == cmd.stdout.count(b"\n")
