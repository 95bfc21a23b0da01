# urigrep/_chain.py: where a plain WARC file or an mboxcl/mboxcl2 mbox may
# be cut, as urigrep -j cuts it (src/cli/jobs/split.c: keep in sync).
# SPDX-License-Identifier: MIT
"""A walk from a file's start along its Content-Length chain: each record
(WARC) or message (mboxcl) header read, its counted body passed over; a
record or message reached this way starts where the readers find one,
so a piece may start there.  Where the chain cannot be followed (damage,
a header that is not plain), the rest of the file is one piece."""

import re

# the longest WARC record header the reader holds (WARC_HEAD_MAX), the
# longest version line it looks at after a block (WARC_VLINE_MAX), the
# mail parser's line buffer (FROM_LINE_MAX)
_WARC_HEAD_MAX = 64 * 1024
_WARC_VLINE_MAX = 16
_FROM_LINE_MAX = 256
_VERSION = re.compile(rb"WARC/[0-9]+\.[0-9]+[\r\n]")
_TIME = re.compile(rb"[0-9][0-9]:[0-9][0-9]")


def _line_len(m, at, n):
    """The length of the line at AT of M (N bytes), its newline included;
    0 when none ends before N."""
    nl = m.find(b"\n", at, n)
    return nl + 1 - at if nl >= 0 else 0


def _blank(line):
    return line in (b"\n", b"\r\n")


def is_from_line(line):
    """Is LINE (bytes, its newline included) an mbox separator, as
    liburigrep's mail_is_from_line() (urigrep_mbox_from_line()) decides:
    "From ", a sender, a space, then somewhere a time "hh:mm", the whole
    at most 512 bytes?  urigrep.dask cuts mbox files with it too."""
    if len(line) > 512 or not line.startswith(b"From "):
        return False
    i = 5
    while i < len(line) and line[i] not in b" \n":
        i += 1
    if i == 5 or i == len(line) or line[i] != 0x20:
        return False
    return _TIME.search(line, i) is not None


def _separator(m, at, n):
    """split.c is_separator(): a "From " line whole in FROM_LINE_MAX."""
    if n - at < 5 or m[at] != 0x46:
        return False
    nl = m.find(b"\n", at, min(n, at + _FROM_LINE_MAX))
    return nl >= 0 and is_from_line(m[at:nl + 1])


def _number(value, maxd):
    """A field's value as split.c field_number() reads it, or -1."""
    v = value.lstrip(b" \t").rstrip(b" \t\r\n")
    if not v or len(v) > maxd or not v.isdigit():
        return -1
    return int(v)


def _header_end(m, n, at, limit, strict):
    """split.c header_end(): (the body's offset, the last Content-Length
    or -1), the offset 0 when the header is not one to trust."""
    i, length, in_length = at, -1, False
    while i < n:
        ln = _line_len(m, i, n)
        if ln == 0 or i + ln - at > limit:
            break
        q = m[i:i + ln]
        if _blank(q):
            return i + ln, length
        if strict and ln > _FROM_LINE_MAX:
            return 0, -1
        colon = q.find(b":")
        if q[:1] in (b" ", b"\t"):
            if in_length:
                return 0, -1
        elif colon <= 0:
            if strict:
                return 0, -1
        else:
            name = q[:colon]
            if any(c <= 0x20 or c >= 0x7f for c in name) or \
                    (strict and q[colon + 1:colon + 2] not in
                     (b" ", b"\t", b"\r", b"\n", b"\0")):
                return 0, -1
            in_length = name.lower() == b"content-length"
            if in_length:
                length = _number(q[colon + 1:], 18)
        i += ln
    return 0, -1


def _warc_step(m, n, at):
    """split.c warc_chain_step(): where the record after the one at AT
    starts, or N."""
    head = _line_len(m, at, n)
    if head == 0:
        return n
    body, length = _header_end(m, n, at + head, _WARC_HEAD_MAX, False)
    if body == 0 or length < 0 or length > n - body:
        return n
    at = body + length
    while at < n and m[at] in (0x0d, 0x0a):
        at += 1
    v = m[at:min(n, at + _WARC_VLINE_MAX)]
    return at if at < n and b"\n" in v and _VERSION.match(v) else n


def _next_separator(m, n, at):
    """The first separator line at or after AT (a line's start), or N."""
    while at < n:
        if _separator(m, at, n):
            return at
        nl = m.find(b"\n", at, n)
        if nl < 0:
            return n
        at = nl + 1
    return n


def _mboxcl_step(m, n, at):
    """split.c mboxcl_chain_step(): where the message after the one at
    AT starts, or N."""
    head = _line_len(m, at, n)
    if head == 0:
        return n
    body, length = _header_end(m, n, at + head, n, True)
    if body == 0:
        return n
    if length < 0:
        return _next_separator(m, n, body)
    if length > n - body or (length > 0 and m[body + length - 1] != 0x0a):
        return n
    at = body + length
    while at < n:
        ln = _line_len(m, at, n)
        if ln == 0 or not _blank(m[at:at + ln]):
            break
        at += ln
    return at if at < n and _separator(m, at, n) else n


def _continues(m, at, n):
    """split.c split_warc_continues(): is the record at AT a WARC
    continuation record?"""
    i, cont = at + _line_len(m, at, n), False
    while at < i < n and i - at <= _WARC_HEAD_MAX:
        ln = _line_len(m, i, n)
        if ln == 0 or _blank(m[i:i + ln]):
            break
        q = m[i:i + ln]
        if ln > 10 and q[:10].lower() == b"warc-type:":
            cont = q[10:].strip(b" \t\r\n").lower() == b"continuation"
        i += ln
    return cont


def starts(m, n, kind):
    """Does M (N bytes) start as a file of KIND ("warc": a plain WARC
    file, "mboxcl"/"mboxcl2") that is cut along its chain?"""
    if kind == "warc":
        return n >= 9 and m[:5] == b"WARC/"
    nl = m.find(b"\n", 0, n)
    return nl >= 0 and is_from_line(m[:nl + 1])


def cuts(m, n, kind, chunk):
    """The pieces of M (N bytes, of KIND) about CHUNK bytes each, as
    [(start, end, messages)], MESSAGES the messages a piece's start is
    past (mboxcl; 0 for WARC)."""
    step = _warc_step if kind == "warc" else _mboxcl_step
    at, count, pieces, start, before = 0, 0, [], 0, 0
    while True:
        target = start + chunk
        while at < n and (at < target or
                          (kind == "warc" and _continues(m, at, n))):
            at = step(m, n, at)
            count += 1
        if at >= n:
            break
        pieces.append((start, at, before))
        start, before = at, count
    pieces.append((start, n, before))
    return pieces
