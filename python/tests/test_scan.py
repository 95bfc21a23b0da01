# test_scan.py: urigrep.scan() gives the records of urigrep --json, in
# the same order, on the fixtures and the labelled corpus; and parse,
# validate, resolve and the streaming promises.
# SPDX-License-Identifier: MIT
import io
import json
import os
import re
import stat
import subprocess

import pytest

import urigrep

# command-line options and the scan() arguments that mean the same
OPTION_SETS = [
    ([], {}),
    (["--headers"], {"headers": True}),
    (["--type=text"], {"type": "text"}),
    (["--base=http://example.org/dir/doc?q", "--rfc=3986"],
     {"base": "http://example.org/dir/doc?q", "rfc": 3986}),
    (["--no-resolve", "--ascii", "--rfc=1808"],
     {"resolve": False, "ascii": True, "rfc": 1808}),
    (["--abbrev", "--hyphen=both", "--any-scheme"],
     {"abbrev": True, "hyphen": "both", "any_scheme": True}),
    (["--add-scheme=x-private,web+app", "--max-uri-length=40"],
     {"schemes": ["x-private", "web+app"], "max_uri_length": 40}),
    (["-x"], {"type": "lines"}),
    (["--charset=ISO-8859-1", "--type=html"],
     {"charset": "ISO-8859-1", "type": "html"}),
    (["-a"], {"text": True}),
]


def _folder_kind(top, names, parent):
    """What urigrep -r takes directory TOP (its NAMES) in a directory of
    kind PARENT for: "messages" (a maildir's cur/ or new/), "mh" (an MH
    folder: a .mh_sequences, or in one), "maildir" (cur/ and new/), or
    "plain" (urigrep(1), ARCHIVES)."""
    if parent in ("messages", "mh"):
        return parent
    if ".mh_sequences" in names:
        return "mh"
    if all(n in names and stat.S_ISDIR(os.lstat(top + "/" + n).st_mode)
           for n in ("cur", "new")):
        return "maildir"
    return "plain"


def _mh_number(name):
    return re.fullmatch(r"[0-9]+", name) and int(name) > 0


def walk(top, parent="plain"):
    """(path, message) for the regular files under TOP as urigrep -r reads
    them: names joined with '/', in byte order, symbolic links not
    followed; a maildir's cur/ then new/, then its folders, not its tmp/
    nor its other files; an MH folder's messages in numeric order, not its
    other files; MESSAGE true for a file of a mail folder and a .eml."""
    names = sorted(os.listdir(top), key=os.fsencode)
    kind = _folder_kind(top, names, parent)
    if kind == "maildir":
        for sub in ("cur", "new"):
            yield from walk(top + "/" + sub, "messages")
    if kind == "mh":
        names.sort(key=lambda n: (0, int(n), b"") if _mh_number(n)
                   else (1, 0, os.fsencode(n)))
    for name in names:
        path = top + ("" if top.endswith("/") else "/") + name
        st = os.lstat(path)
        if stat.S_ISDIR(st.st_mode):
            if kind == "messages" or (kind == "maildir" and
                                      name in ("cur", "new", "tmp")):
                continue
            yield from walk(path, "mh" if kind == "mh" else "plain")
        elif not stat.S_ISREG(st.st_mode) or kind == "maildir":
            continue
        elif kind == "messages":
            if not name.startswith("."):
                yield path, True
        elif kind == "mh":
            if _mh_number(name):
                yield path, True
        else:
            yield path, name.lower().endswith(".eml")


def command_records(cmd, opts, top):
    out = subprocess.run([cmd, "--json", "-r", *opts, top],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         check=False).stdout
    by_file = {}
    for line in out.splitlines():
        rec = json.loads(line)
        by_file.setdefault(rec["file"], []).append(rec)
    return by_file


@pytest.mark.parametrize("opts,kwargs", OPTION_SETS,
                         ids=[" ".join(o) or "default" for o, _ in
                              OPTION_SETS])
@pytest.mark.parametrize("tree", ["tests/fixtures", "tests/corpus"])
def test_same_records_as_command(urigrep_cmd, top_srcdir, opts, kwargs,
                                 tree):
    old = os.getcwd()
    os.chdir(top_srcdir)
    try:
        want = command_records(urigrep_cmd, opts, tree)
        got = {}
        for path, message in walk(tree):
            kw = dict(kwargs)
            if message:
                kw.setdefault("type", "mail")
            recs = list(urigrep.scan(path, **kw))
            if recs:
                got[path] = recs
    finally:
        os.chdir(old)
    assert sum(map(len, want.values())) > 0
    assert set(got) == set(want)
    for path in want:
        assert got[path] == want[path], path


def test_split_does_not_matter(top_srcdir):
    path = os.path.join(top_srcdir, "tests/fixtures/archive.mbox")
    whole = list(urigrep.scan(path, headers=True))
    assert whole
    for size in (1, 7, 4096):
        assert list(urigrep.scan(path, headers=True, buffer_size=size)) \
            == whole
    with open(path, "rb") as f:
        data = f.read()
    assert list(urigrep.scan(data, headers=True, name=path)) == whole
    with open(path, "rb") as f:
        assert list(urigrep.scan(f, headers=True)) == whole
    assert list(urigrep.scan(io.BytesIO(data), headers=True,
                             name=path)) == whole


def test_first_line_and_message():
    msg = (b"From a@example.org Mon May  6 10:00:00 2024\n"
           b"Subject: s\n\nsee http://example.org/x\n")
    r1, r2 = list(urigrep.scan(msg * 2, type="mbox"))
    assert (r1["line"], r1["message"]) == (4, 1)
    assert (r2["line"], r2["message"]) == (8, 2)
    (r,) = list(urigrep.scan(msg, type="mbox", first_line=5,
                             first_message=2))
    assert {k: r[k] for k in ("line", "message")} == \
        {k: r2[k] for k in ("line", "message")}


def test_strings_as_json_gives_them(urigrep_cmd, tmp_path):
    # NUL, \x01, \x02, invalid UTF-8 and a lone continuation byte inside
    # references: the batch's escapes and U+FFFD for each bad byte
    data = (b"<http://example.org/a\x01b> <http://example.org/\x02c>\n"
            b"<http://example.org/\xe2\x82d> <http://example.org/\x80\x00e>\n"
            b"<http://h\xc3\xa9.example/\xf0\x9f\x98\x80>\n")
    p = tmp_path / "odd.txt"
    p.write_bytes(data)
    out = subprocess.run([urigrep_cmd, "--json", "-a", str(p)],
                         stdout=subprocess.PIPE, check=False).stdout
    want = [json.loads(x) for x in out.splitlines()]
    assert len(want) >= 4
    assert list(urigrep.scan(str(p), text=True)) == want


def test_binary_skipped_like_command(tmp_path):
    p = tmp_path / "bin"
    p.write_bytes(b"http://example.org/ \0")
    assert list(urigrep.scan(str(p))) == []
    assert [r["uri"] for r in urigrep.scan(str(p), text=True)] == \
        ["http://example.org/"]


def test_records_stream():
    # the first record comes before the source has been read to its end
    def endless():
        yield b"see http://example.org/first and more\n" * 1000
        raise AssertionError("read too far")

    class Reader(io.RawIOBase):
        def __init__(self):
            self.it = endless()

        def readable(self):
            return True

        def readinto(self, b):
            chunk = next(self.it)
            b[:len(chunk)] = chunk
            return len(chunk)

    it = urigrep.scan(Reader(), type="text", buffer_size=40000)
    assert next(it)["uri"] == "http://example.org/first"
    it.close()


def test_no_scheme_is_none(tmp_path):
    """Prose before a ':' in a link is no scheme (RFC 2396 section 3.1):
    scan() gives "scheme" None and "kind" relative, and the counts of the
    Dask runner's writer count it under None, as --json says null."""
    html = (b'<p><a href="github, where it was brought up as an issue: '
            b'see">x</a> <a href="http://example.org/a">y</a></p>')
    recs = list(urigrep.scan(html, type="html"))
    assert [(r["scheme"], r["kind"], r["path"]) for r in recs] == [
        (None, "relative",
         "github, where it was brought up as an issue: see"),
        ("http", "absolute", "/a")]
    out = str(tmp_path / "out.jsonl")
    fd = os.open(out, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        with urigrep._JsonLines(fd, type="html") as j:
            j.stream(io.BytesIO(html), "m.html")
            records, schemes, _ = j.counts()
    finally:
        os.close(fd)
    assert records == 2 and schemes == {None: 1, "http": 1}
    with open(out, encoding="utf-8") as f:
        assert json.loads(f.readline())["scheme"] is None


def test_scan_json_is_the_command_s(urigrep_cmd, top_srcdir, tmp_path):
    """scan_json(), the bulk form: a path's JSON Lines are urigrep
    --json's, byte for byte (mail, an mbox, HTML, WARC); bytes and a file
    object give the records scan() gives; written to a descriptor, the
    number of records is returned."""
    fx = os.path.join(top_srcdir, "tests", "fixtures")
    for name in ("anchors-bidi.eml", "anchors-safelinks.eml"):
        path = os.path.join(fx, name)
        want = subprocess.run([urigrep_cmd, "--json", path],
                              stdout=subprocess.PIPE, check=True).stdout
        assert urigrep.scan_json(path) == want and want
    data = open(os.path.join(fx, "anchors-bidi.eml"), "rb").read()
    lines = urigrep.scan_json(data).splitlines()
    assert [json.loads(x) for x in lines] == list(urigrep.scan(data))
    with open(os.path.join(fx, "anchors-bidi.eml"), "rb") as f:
        assert urigrep.scan_json(f, name="m") == \
            urigrep.scan_json(data, name="m")
    out = tmp_path / "out.jsonl"
    with open(out, "wb") as f:
        assert urigrep.scan_json(data, f) == len(lines)
    assert out.read_bytes().splitlines() == lines
    assert urigrep.scan_json(b"no link here") == b""


def test_parse_validate_resolve():
    r = urigrep.parse("http://u@[::1]:80/p?q#f")
    assert r["valid"] and r["kind"] == "absolute"
    assert (r["userinfo"], r["host"], r["port"], r["path"], r["query"],
            r["fragment"]) == ("u", "[::1]", "80", "/p", "q", "f")
    r = urigrep.parse(b"a:b c")
    assert r["valid"] is False and r["error_offset"] == 3
    assert r["scheme"] == b"a" and r["authority"] is None
    assert urigrep.validate("http://example.org/") == (True, None, None)
    v = urigrep.validate("http://exa mple.org/")
    assert not v.valid and v.error_offset == 10
    assert v.error == "whitespace or control character"
    assert urigrep.validate("http://[::1]/", rfc=3986).valid
    # RFC 2396 section C.1 and C.2
    base = "http://a/b/c/d;p?q"
    assert urigrep.resolve("g;x?y#s", base) == "http://a/b/c/g;x?y#s"
    assert urigrep.resolve("../../../g", base) == "http://a/../g"
    assert urigrep.resolve("../../../g", base, rfc=3986) == "http://a/g"
    assert urigrep.resolve(b"?y", base) == b"http://a/b/c/?y"
    with pytest.raises(urigrep.Error):
        urigrep.resolve("g", "relative/base")
    with pytest.raises(urigrep.Error):
        list(urigrep.scan(b"x", base="relative"))
    with pytest.raises(ValueError):
        urigrep.validate("x", rfc=1234)
    assert urigrep.detect(b"From a@b Mon May  6 10:00:00 2024\n") == "mbox"
    assert urigrep.detect(b"<html><body>") == "html"


# Real HTML mail and pages whose links have a visible text (newsletter:
# "text", "mismatch" false), an IDN host (html-meta-charset: host_ascii,
# host_unicode) and links that mislead (pick-trust: mismatch and
# lookalike true): the records of scan() are --json's, keys in its
# order (issue 22).
TRUST_FIXTURES = ("newsletter.eml", "html-meta-charset.eml", "pick-trust.html")


def command_features(urigrep_cmd):
    """The optional libraries the command was built with (--version)."""
    out = subprocess.run([urigrep_cmd, "--version"], stdout=subprocess.PIPE,
                         check=True, universal_newlines=True).stdout
    for line in out.splitlines():
        if line.startswith("Features:"):
            return set(line.split()[1:])
    return set()


def test_trust_keys_as_json(urigrep_cmd, top_srcdir):
    seen = set()
    # registered domains come from libpsl: without it no mismatch is known
    has_psl = "libpsl" in command_features(urigrep_cmd)
    for name in TRUST_FIXTURES:
        path = os.path.join(top_srcdir, "tests", "fixtures", name)
        out = subprocess.run([urigrep_cmd, "--json", path],
                             stdout=subprocess.PIPE, check=False).stdout
        want = [json.loads(x) for x in out.splitlines()]
        got = list(urigrep.scan(path))
        assert [list(r.items()) for r in got] == \
            [list(r.items()) for r in want]
        for r in got:
            seen.update(k for k in ("text", "mismatch", "lookalike",
                                    "host_ascii", "host_unicode",
                                    "wrapper", "target") if k in r)
        if name == "pick-trust.html":
            assert any(r.get("mismatch") is True for r in got) or \
                not has_psl
            assert any(r.get("lookalike") is True for r in got)
    assert {"text", "mismatch", "lookalike", "host_ascii",
            "host_unicode"} <= seen

def test_warc_same_records_as_command(urigrep_cmd, top_srcdir):
    """scan() reads the WARC files of tests/warc (plain, .warc.gz member
    by member, a record split over members) as urigrep --json does."""
    old = os.getcwd()
    os.chdir(top_srcdir)
    try:
        for path in sorted(os.listdir("tests/warc")):
            path = "tests/warc/" + path
            if "warc" not in os.path.basename(path):
                continue
            want = [json.loads(x) for x in subprocess.run(
                [urigrep_cmd, "--json", path], stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, check=False).stdout.splitlines()]
            assert want, path
            assert list(urigrep.scan(path)) == want, path
    finally:
        os.chdir(old)


def test_normalize():
    """urigrep.normalize() is liburigrep's urigrep_uri_normalize(), the
    rule of urigrep --normalize: RFC 3986 6.2.2 and 6.2.3."""
    assert urigrep.normalize("HTTP://Example.COM:80/a/./b") == \
        "http://example.com/a/b"
    assert urigrep.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d") == \
        "example://a/b/c/%7Bfoo%7D"
    assert urigrep.normalize(b"https://x.example:443") == \
        b"https://x.example/"
    assert urigrep.normalize("http://a/../g") == "http://a/../g"


def test_refang(urigrep_cmd):
    """scan(refang=True) is urigrep --refang: defanged indicators read
    back, "refanged" True, positions as written; the records are the
    command's --json."""
    data = (b"IOCs: hxxps://evil[.]example/login and example[dot]com/a\n"
            b"  user[@]example.com, http[:]//x.example/ and plain "
            b"https://p.example/\n")
    recs = list(urigrep.scan(data, refang=True))
    assert [r["uri"] for r in recs] == [
        "https://evil.example/login", "http://example.com/a",
        "mailto:user@example.com", "http://x.example/",
        "https://p.example/"]
    assert [r.get("refanged") for r in recs] == [True] * 4 + [None]
    assert (recs[0]["column"], recs[1]["offset"]) == (7, 39)
    assert [r["uri"] for r in urigrep.scan(data)] == ["https://p.example/"]
    out = subprocess.run([urigrep_cmd, "--refang", "--json"], input=data,
                         stdout=subprocess.PIPE, check=True).stdout
    assert [json.loads(x) for x in out.splitlines()] == \
        [dict(r, file="(standard input)") for r in recs]


def test_defang():
    """urigrep.defang() is liburigrep's urigrep_uri_defang(), the form
    urigrep --defang prints (iocextract's and ioc-fang's)."""
    assert urigrep.defang("https://evil.example.com/login.php") == \
        "hxxps://evil[.]example[.]com/login.php"
    assert urigrep.defang("HTTP://Example.COM/") == "HXXP://Example[.]COM/"
    assert urigrep.defang(b"ftp://1.2.3.4/a.txt") == b"fxp://1[.]2[.]3[.]4/a.txt"
    assert urigrep.defang("mailto:a.b@example.com") == \
        "mailto:a.b@example.com"
