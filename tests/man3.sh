# tests/man3.sh: every public function has its man page (doc/man3/, made
# by doc/man3.py from the topic headers' comments) and the page says what
# the header says: the pages are made again and must be the same, byte
# for byte (else "make man3" writes them); each is in liburigrep.3's SEE
# ALSO, and the headers declare the functions debian's symbols file lists.
# Skipped (77) without python3.
# SPDX-License-Identifier: MIT
: "${top_srcdir:=.}"
command -v python3 >/dev/null || { echo "SKIP: no python3" >&2; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/urigrep-man3.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL
python3 "$top_srcdir/doc/man3.py" "$tmp/man3" "$top_srcdir"/include/urigrep/*.h ||
    fail "doc/man3.py refused the headers (above)"
diff -r "$top_srcdir/doc/man3" "$tmp/man3" >&2 ||
    fail "doc/man3 is not what the headers say: run make man3"
ls "$tmp/man3" | sed -n 's/\.3$//p' >"$tmp/pages"
[ -s "$tmp/pages" ] || fail "no page made"
sed -n '/^\.SH SEE ALSO/,$s/^\.BR \(urigrep_[a-z0-9_]*\) (3).*/\1/p' \
    "$top_srcdir/doc/liburigrep.3" | sort >"$tmp/seealso"
diff -u "$tmp/pages" "$tmp/seealso" >&2 ||
    fail "liburigrep.3's SEE ALSO lacks (-) or has a stray (+) page"
sym=$top_srcdir/debian/liburigrep1.symbols
if [ -r "$sym" ]; then
    sed -n 's/^ \(urigrep_[a-z0-9_]*\)@Base .*/\1/p' "$sym" | sort \
        >"$tmp/symbols"
    diff -u "$tmp/pages" "$tmp/symbols" >&2 ||
        fail "the headers (-) and $sym (+) name other functions"
fi
exit 0
