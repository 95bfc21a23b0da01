# conftest.py: where the tests find urigrep, the source tree and its data.
# SPDX-License-Identifier: MIT
import os
import shutil

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP_SRCDIR = os.environ.get("top_srcdir") or os.path.dirname(
    os.path.dirname(HERE))


@pytest.fixture(scope="session")
def urigrep_cmd():
    """The urigrep command to compare with ($URIGREP, as make check sets
    it, else src/urigrep of the source tree, else the PATH's)."""
    cmd = os.environ.get("URIGREP") or os.path.join(TOP_SRCDIR, "src",
                                                    "urigrep")
    if not os.access(cmd, os.X_OK):
        cmd = shutil.which("urigrep")
    if not cmd:
        pytest.skip("no urigrep command to compare with")
    return cmd


@pytest.fixture(scope="session")
def top_srcdir():
    return TOP_SRCDIR
