#!/usr/bin/env python3
# unwrap-ref.py: an independent decoder of wrapped links, written from the
# vendors' descriptions (not from src/lib/links/unwrap.c), to check urigrep's
# "target" in tests/cli/unwrap-*.sh: Safe Links' url= parameter
# (percent-encoded) and Proofpoint URL Defense v2 and v3 as Proofpoint's
# published URLDefenseDecode.py describes them (v2: "-" for "%", "_" for
# "/"; v3: "*" takes the next character of the base64url tail, "**X" a
# run of 2 + index of X in A-Za-z0-9-_). Reads JSON Lines from urigrep
# --json on standard input and prints "OK uri" or "DIFF uri ours theirs"
# for each wrapped link; exits 1 on a difference.
# SPDX-License-Identifier: MIT
import base64
import json
import re
import string
import sys
from urllib.parse import unquote_to_bytes, urlsplit

RUNS = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"


def param(query, name):
    for part in re.split(r"&(?:amp;)?", query):
        if part.startswith(name + "="):
            return part[len(name) + 1:]
    return None


def v3(uri):
    m = re.search(r"/v3/__(.+?)__;(.*?)!", uri)
    if not m:
        return None
    url, tail = m.group(1), m.group(2)
    chars = base64.urlsafe_b64decode(tail + "=" * (-len(tail) % 4)).decode()
    out, at = [], 0
    for tok in re.split(r"(\*\*.|\*)", url):
        if tok == "*":
            out.append(chars[at]); at += 1
        elif tok.startswith("**"):
            n = RUNS.index(tok[2]) + 2
            out.append(chars[at:at + n]); at += n
        else:
            out.append(tok)
    if at != len(chars):
        return None
    return "".join(out).encode()


def decode(uri):
    u = urlsplit(uri)
    host = u.hostname or ""
    if host.endswith(".safelinks.protection.outlook.com"):
        v = param(u.query, "url")
        return unquote_to_bytes(v) if v else None
    if host == "urldefense.proofpoint.com" and u.path == "/v2/url":
        v = param(u.query, "u")
        return unquote_to_bytes(v.replace("-", "%").replace("_", "/"))
    if host in ("urldefense.com", "urldefense.proofpoint.com"):
        return v3(uri)
    return None


def as_uri(b):
    # bytes that may not stand in a URI, percent-encoded (RFC 2396 2.4.3)
    out = []
    for i, c in enumerate(b):
        ok = 0x20 < c < 0x7f and chr(c) not in '"<>\\^`{|}'
        if c == 0x25:
            ok = re.match(rb"%[0-9A-Fa-f]{2}", b[i:i + 3]) is not None
        out.append(chr(c) if ok else "%%%02X" % c)
    return "".join(out)


bad = 0
for line in sys.stdin:
    rec = json.loads(line)
    if "wrapper" not in rec or rec["target"] is None:
        continue
    theirs = decode(rec["ref"])
    theirs = as_uri(theirs) if theirs is not None else None
    if theirs == rec["target"]:
        print("OK", rec["ref"])
    else:
        print("DIFF", rec["ref"], rec["target"], theirs)
        bad = 1
sys.exit(bad)
