# tests/python-slow.sh: the part of pytest on python/tests that
# tests/python.sh leaves to make check-slow: test_scan.py over
# tests/corpus, the pipes, reading again, and the Dask cluster (a couple
# of minutes on 2 cores).
# SPDX-License-Identifier: MIT
URIGREP_PYTEST_K='not (test_scan.py and not corpus)'
export URIGREP_PYTEST_K
exec sh "${top_srcdir:-.}/tests/python.sh"
