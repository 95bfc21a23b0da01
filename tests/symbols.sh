# tests/symbols.sh: debian/liburigrep1.symbols lists exactly the functions
# the shared library exports (nm -D), and the package's name carries the
# soname libtool made from LIBURIGREP_LT_VERSION.  A new public function
# needs its line there, " NAME@Base VERSION" with the release that adds
# it (doc/RELEASE).  Skipped (77) outside a git checkout's debian/ (a
# release tarball has none) or without nm and objdump.
# SPDX-License-Identifier: MIT
: "${URIGREP:?URIGREP must name the urigrep binary}"
: "${top_srcdir:=.}"
so=${top_builddir:-$(dirname "$URIGREP")/..}/src/lib/.libs/liburigrep.so
file=$top_srcdir/debian/liburigrep1.symbols
[ -r "$file" ] || { echo "SKIP: no debian/ here" >&2; exit 77; }
command -v nm >/dev/null && command -v objdump >/dev/null ||
    { echo "SKIP: no nm or objdump (binutils)" >&2; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/urigrep-symbols.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL
soname=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = liburigrep.so.1 ] ||
    fail "soname $soname: rename debian's liburigrep1 (control, *.install," \
        "*.symbols, *.lintian-overrides) and this test"
head -1 "$file" | grep -qx "$soname liburigrep1 #MINVER#" ||
    fail "first line of $file: $(head -1 "$file")"
nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' | sort >"$tmp/lib"
grep -q '^urigrep_' "$tmp/lib" || fail "no urigrep_ function exported"
grep -v '^urigrep_' "$tmp/lib" && fail "exported without the urigrep_ prefix"
sed -n 's/^ \([a-z0-9_]*\)@Base [0-9.~]*$/\1/p' "$file" | sort >"$tmp/deb"
diff -u "$tmp/deb" "$tmp/lib" ||
    fail "$file differs from what $so exports (+ missing there, - gone)"
