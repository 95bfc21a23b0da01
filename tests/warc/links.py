#!/usr/bin/python3
# tests/warc/links.py FILE...: the links of the HTML pages in WARC files,
# found without urigrep: records split by their Content-Length, gzip
# members inflated, HTTP chunks and Content-Encoding undone by hand,
# attributes found by Python's html.parser and resolved by
# urllib.parse.urljoin against the record's WARC-Target-URI (or the
# page's <base href>). One line a link: FILE OFFSET URI, in file order;
# a 3xx response's Location comes first for its record.
# SPDX-License-Identifier: MIT
import gzip
import html.parser
import io
import sys
import urllib.parse
import zlib

# the attributes urigrep reads as URIs (src/lib/formats/html.c uri_attrs)
ATTRS = {"action", "background", "cite", "codebase", "data", "formaction",
         "href", "icon", "longdesc", "manifest", "poster", "src", "usemap"}


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []     # (kind, value)
        self.base = None

    def handle_starttag(self, tag, attrs):
        seen = set()
        for name, value in attrs:
            if value is None or name in seen:
                continue
            seen.add(name)
            if tag == "base" and name == "href" and self.base is None:
                self.base = value.strip()
            elif name in ATTRS:
                self.found.append(value.strip())
            elif name == "srcset":
                for cand in value.split(","):
                    cand = cand.strip().split()
                    if cand:
                        self.found.append(cand[0])

    handle_startendtag = handle_starttag


def members(data):
    """(offset, bytes) of each gzip member, or of the whole plain file."""
    if data[:2] != b"\x1f\x8b":
        yield 0, data
        return
    off = 0
    while off < len(data):
        d = zlib.decompressobj(31)
        out = d.decompress(data[off:])
        yield off, out
        off = len(data) - len(d.unused_data)


def fields(block):
    head, _, rest = block.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    f = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        f.setdefault(name.strip().lower().decode(), value.strip().decode(
            "latin-1"))
    return lines[0], f, rest


def dechunk(body):
    out = io.BytesIO()
    while body:
        size, _, body = body.partition(b"\r\n")
        n = int(size.split(b";")[0], 16)
        if n == 0:
            break
        out.write(body[:n])
        body = body[n + 2:]
    return out.getvalue()


def records(data):
    """(offset, header fields, block) of each record."""
    stream = b""
    starts = []
    for off, part in members(data):
        starts.append((len(stream), off))
        stream += part
    pos = 0
    while True:
        i = stream.find(b"WARC/1.", pos)
        if i < 0:
            return
        _, f, _ = fields(stream[i:i + 65536])
        hlen = stream.index(b"\r\n\r\n", i) + 4
        n = int(f["content-length"])
        off = max(o for s, o in starts if s <= i) if data[:2] == b"\x1f\x8b" \
            else i
        yield off, f, stream[hlen:hlen + n]
        pos = hlen + n


def links(name):
    data = open(name, "rb").read()
    for off, f, block in records(data):
        kind = f.get("warc-type")
        target = f.get("warc-target-uri", "").strip("<>")
        if kind not in ("response", "resource"):
            continue
        ctype = f.get("content-type", "")
        body = block
        if kind == "response" and ctype.startswith("application/http"):
            status, h, body = fields(block)
            code = int(status.split()[1])
            if 300 <= code < 400 and "location" in h:
                yield off, urllib.parse.urljoin(target, h["location"])
            ctype = h.get("content-type", "")
            if h.get("transfer-encoding", "").lower() == "chunked":
                body = dechunk(body)
            enc = h.get("content-encoding", "").lower()
            if enc in ("gzip", "x-gzip"):
                body = gzip.decompress(body)
            elif enc == "deflate":
                body = zlib.decompress(body)
        if not ctype.lower().startswith("text/html"):
            continue
        p = Links()
        p.feed(body.decode("utf-8", "replace"))
        base = urllib.parse.urljoin(target, p.base) if p.base else target
        for v in p.found:
            if v.lower().startswith("javascript:"):
                continue
            yield off, urllib.parse.urljoin(base, v)


for name in sys.argv[1:]:
    for off, uri in links(name):
        print(name, off, uri)
