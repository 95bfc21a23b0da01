# tests/python-pip.sh: python/pyproject.toml installs the module with pip,
# offline and without build isolation (Debian's setuptools and cffi), into
# a fresh venv that sees Debian's packages (--system-site-packages, for
# cffi, pytest and dask), built against this tree's library; the module's
# tests then run on the installed copy.  Skipped (77) only without a
# python3 that has cffi, pytest, pip and venv.
# SPDX-License-Identifier: MIT
: "${URIGREP:?URIGREP must name the urigrep binary}"
: "${top_srcdir:=.}"
libs=$(cd "${top_builddir:-$(dirname "$URIGREP")/..}/src/lib/.libs" && pwd) || exit 99
if ! py=$(sh "$top_srcdir/python/find-python" pytest pip venv); then
    echo "SKIP: no python3 with cffi, pytest, pip and venv" >&2
    exit 77
fi
# the sanitizer builds: tests/python.sh runs the module under them
if ldd "$libs/liburigrep.so" | grep -q libasan; then
    echo "SKIP: an ASan build (tests/python.sh covers it)" >&2
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/urigrep-pip.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
"$py" -m venv --system-site-packages "$tmp/venv" || fail "python3 -m venv"
# pip builds in the directory it is given: a copy, so that the source tree
# (read-only under make distcheck) gets no build/ or egg-info
cp -R "$top_srcdir/python" "$tmp/src" && chmod -R u+w "$tmp/src" || exit 99
URIGREP_INCLUDE=$top_srcdir/include URIGREP_LIBDIR=$libs \
    PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    "$tmp/venv/bin/python" -m pip install --no-build-isolation "$tmp/src" \
    >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log" >&2; fail "pip install"; }
cd "$tmp" || exit 99
rm -rf "$tmp/src"
# the module imported is the venv's, its version the package's
where=$("$tmp/venv/bin/python" -c 'import urigrep; print(urigrep.__file__)') ||
    fail "import urigrep"
case $where in
"$tmp/venv/"*) ;;
*) fail "urigrep imported from $where, not from the venv" ;;
esac
want=$("$URIGREP" --version | sed -n '1s/^urigrep //p')
got=$("$tmp/venv/bin/python" -c 'import importlib.metadata as m, urigrep
print(m.version("urigrep"), urigrep.__version__)')
[ "$got" = "$want $want" ] || fail "versions '$got', want '$want $want'"
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider \
    "$top_srcdir/python/tests"
