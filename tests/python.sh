# tests/python.sh: pytest on python/tests (the module gives --json's records).
# Skipped (77) only without a python3 that has cffi and pytest.
# make check runs the quick part, test_scan.py over tests/fixtures,
# test_constants.py, test_task.py, test_notices.py, test_shrank.py and
# test_collisions.py (a few seconds);
# tests/python-slow.sh (make check-slow) runs the rest: the same over
# tests/corpus, the pipes, reading again and the Dask cluster.
# SPDX-License-Identifier: MIT
: "${URIGREP:?URIGREP must name the urigrep binary}"
: "${top_srcdir:=.}"
libs=$(cd "${top_builddir:-$(dirname "$URIGREP")/..}/src/lib/.libs" && pwd) || exit 99
if ! py=$(sh "$top_srcdir/python/find-python" pytest); then
    echo "SKIP: no python3 with cffi and pytest" >&2
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/urigrep-python.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# the module is built against this tree's library, and finds it there
"$py" "$top_srcdir/python/build_ext.py" --include "$top_srcdir/include" \
    --libdir "$libs" --rpath "$libs" --out "$tmp" >"$tmp/build.log" 2>&1 ||
    { cat "$tmp/build.log" >&2; exit 99; }
# a library built with --enable-asan needs the sanitizer's runtime loaded
# first; Python itself leaks by design, so leaks are not checked
if ldd "$libs/liburigrep.so" | grep -q libasan; then
    LD_PRELOAD=$(${CC:-cc} -print-file-name=libasan.so)
    ASAN_OPTIONS=detect_leaks=0
    URIGREP_SANITIZED=1
    export LD_PRELOAD ASAN_OPTIONS URIGREP_SANITIZED
fi
PYTHONPATH=$tmp
PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH PYTHONDONTWRITEBYTECODE
exec "$py" -m pytest -q -p no:cacheprovider \
    -k "${URIGREP_PYTEST_K:-(test_scan.py and not corpus) or test_constants.py or test_task.py or test_notices.py or test_shrank.py or test_collisions.py}" \
    "$top_srcdir/python/tests"
