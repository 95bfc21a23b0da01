# tests/complexity.sh: no C function in src/ or python/ may pass a
# cyclomatic complexity of 25 or 100 lines (pmccabe's modified complexity,
# the first column, and its line count, the fifth), unless it is named in
# tests/complexity-allow.txt; a function named there that no longer
# offends must leave the list, so that it only shrinks.
# SPDX-License-Identifier: MIT
#
#   sh tests/complexity.sh          (from the top of the tree; make check
#                                    runs it too)
# Exit status: 0 when every function is within the limits or allowed, 1
# when one is not (or an allowed one no longer needs to be), 77 without
# pmccabe (Debian package pmccabe).
: "${srcdir:=.}"
MAX_COMPLEXITY=25
MAX_LINES=100
command -v pmccabe >/dev/null ||
    { echo "complexity.sh: no pmccabe (apt-get install pmccabe)" >&2; exit 77; }
allow=$srcdir/tests/complexity-allow.txt
[ -r "$allow" ] || { echo "complexity.sh: cannot read $allow" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/complexity.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL

# "FILE FUNCTION COMPLEXITY LINES" for every offender, FILE relative to
# the top of the tree; pmccabe writes "class::name" when it mistakes a
# struct for a C++ class: the name is what follows the last "::"
(cd "$srcdir" && find src python -name '*.c' | sort |
    xargs pmccabe 2>"$tmp/pmccabe.err") |
    awk -v c="$MAX_COMPLEXITY" -v l="$MAX_LINES" '
    $1 > c || $5 > l {
        file = $6; sub(/\([0-9]+\):$/, "", file)
        name = $7; sub(/.*::/, "", name)
        print file, name, $1, $5
    }' | sort >"$tmp/found"
# the allow-list: "FILE FUNCTION", comments and blank lines left out
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$allow" | awk '{ print $1, $2 }' |
    sort >"$tmp/allowed"

rc=0
while read -r file name cc lines; do
    if ! grep -qx "$file $name" "$tmp/allowed"; then
        echo "complexity.sh: $file: $name: complexity $cc, $lines lines" \
            "(limits $MAX_COMPLEXITY and $MAX_LINES): split it" >&2
        rc=1
    fi
done <"$tmp/found"
awk '{ print $1, $2 }' "$tmp/found" >"$tmp/found-names"
while read -r file name; do
    if ! grep -qx "$file $name" "$tmp/found-names"; then
        echo "complexity.sh: $file: $name is within the limits now:" \
            "remove it from tests/complexity-allow.txt" >&2
        rc=1
    fi
done <"$tmp/allowed"
[ $rc = 0 ] && echo "complexity.sh: $(wc -l <"$tmp/found") allowed" \
    "offenders, no other function over complexity $MAX_COMPLEXITY or" \
    "$MAX_LINES lines"
exit $rc
