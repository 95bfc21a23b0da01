# test_constants.py: the module's constants are those of urigrep.h (and
# its topic headers).
# SPDX-License-Identifier: MIT
#
# The values are read from the header's text here, independently of cffi
# (which took them from the header when the module was built): a module
# built against an older header, or a constant copied by hand, fails.
import glob
import os
import re

import pytest

import urigrep
from urigrep._urigrep import lib


def _strip_comments(text):
    return re.sub(r"/\*.*?\*/", " ", text, flags=re.S)


def header_constants(paths):
    """Return {NAME: value} for the enums and the integer #defines of
    the headers at PATHS."""
    text = ""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text += _strip_comments(f.read()) + "\n"
    out = {}
    define = r"#define\s+(URIGREP_\w+)\s+(0x[0-9a-fA-F]+|\d+)u?\b"
    for m in re.finditer(define, text):
        out[m.group(1)] = int(m.group(2), 0)
    for m in re.finditer(r"\benum\s+\w+\s*\{([^}]*)\}", text):
        value = -1
        for item in m.group(1).split(","):
            item = item.strip()
            if not item:
                continue
            name, _, expr = item.partition("=")
            value = int(expr.strip(), 0) if expr.strip() else value + 1
            out[name.strip()] = value
    # masks of enum values: (1u << URIGREP_X) | ... (URIGREP_NOTICE_DAMAGE),
    # the lines joined at their backslashes
    mask = r"#define\s+(URIGREP_\w+)\s+(\((?:[\s()|]|1u\s*<<\s*URIGREP_\w+)+\))"
    for m in re.finditer(mask, text.replace("\\\n", " ")):
        out[m.group(1)] = sum(1 << out[n] for n in
                              set(re.findall(r"URIGREP_\w+", m.group(2))))
    return out


@pytest.fixture(scope="module")
def header(top_srcdir):
    inc = os.path.join(top_srcdir, "include")
    path = os.path.join(inc, "urigrep.h")
    if not os.path.exists(path):
        pytest.skip("no include/urigrep.h beside the tests")
    # urigrep.h and the topic headers it includes (include/urigrep/)
    return header_constants([path] + sorted(
        glob.glob(os.path.join(inc, "urigrep", "*.h"))))


def test_constants_parser_reads_the_header(header):
    assert header["URIGREP_OK"] == 0
    assert header["URIGREP_NOTICE_DAMAGE"] & \
        (1 << header["URIGREP_NOTICE_WARC_DAMAGED"])
    assert header["URIGREP_RFC2396"] == 2396
    assert header["URIGREP_EXTRACT_HEADERS"] == 1


def test_constants_cffi_agrees(header):
    names = [n for n in dir(lib) if n.startswith("URIGREP_")]
    assert len(names) >= 20
    for name in names:
        assert getattr(lib, name) == header[name], name


def test_constants_module_tables(header):
    for name, value in urigrep._TYPES.items():
        assert header["URIGREP_DOC_" + name.upper()] == value, name
    doc = {n for n in header if n.startswith("URIGREP_DOC_")}
    assert len(urigrep._TYPES) == len(doc)
    for name, value in urigrep._HYPHEN.items():
        assert header["URIGREP_HYPHEN_" + name.upper()] == value, name
    assert set(urigrep._RFCS) == {header[n] for n in header
                                  if re.fullmatch(r"URIGREP_RFC\d+", n)}
    pairs = {"_SCAN_ABBREV": "URIGREP_SCAN_ABBREV",
             "_SCAN_ANY_SCHEME": "URIGREP_SCAN_ANY_SCHEME",
             "_SCAN_REFANG": "URIGREP_SCAN_REFANG",
             "_X_HEADERS": "URIGREP_EXTRACT_HEADERS",
             "_X_NO_RESOLVE": "URIGREP_EXTRACT_NO_RESOLVE",
             "_X_ASCII": "URIGREP_EXTRACT_ASCII",
             "_X_COLUMNS": "URIGREP_EXTRACT_COLUMNS",
             "_X_UNWRAP": "URIGREP_EXTRACT_UNWRAP",
             "_X_TRUST": "URIGREP_EXTRACT_TRUST",
             "_E_STOPPED": "URIGREP_ERR_STOPPED"}
    for mine, theirs in pairs.items():
        assert getattr(urigrep, mine) == header[theirs], mine
