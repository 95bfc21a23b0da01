# liburigrep.3 names every value of enum urigrep_status, and urigrep_strerror()
# has a text for each (urigrep.h): URIGREP_ERR_TOO_LONG was missing (issue 8).
. "${srcdir:-.}/tests/init.sh"
h=$tmp/urigrep.h
cat "$srcdir"/include/urigrep.h "$srcdir"/include/urigrep/*.h >"$h" || exit 99
man=$srcdir/doc/liburigrep.3
[ -r "$h" ] && [ -r "$man" ] || exit 77
sed -n '/^enum urigrep_status {/,/^};/p' "$h" |
    sed -n 's/^ *\(URIGREP_[A-Z0-9_]*\).*/\1/p' >"$tmp/names"
[ "$(wc -l <"$tmp/names")" -ge 19 ] || fail "enum not found in $h"
while read -r name; do
    grep -q "$name" "$man" || fail "$name is not in liburigrep.3"
done <"$tmp/names"
