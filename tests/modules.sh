# tests/modules.sh: no cycle between the modules of the library and the
# command (issue 25): a module is a source file's stem, and module A
# depends on B when A's object file uses a symbol B's defines (nm), so
# calls through a header that declares another file's functions count
# too.  Also: the command (src/cli) includes no header of src/lib, only
# urigrep.h, src/shared/ and its own.
# SPDX-License-Identifier: MIT
: "${srcdir:=.}"
command -v nm >/dev/null && command -v tsort >/dev/null ||
    { echo "modules.sh: needs nm and tsort (binutils, coreutils)" >&2; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/modules.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL
fail=0

# a module is a file's stem: two source files of src/ with one stem
# (input/walk.c and a pinbox/walk.c) would be taken for one module, and
# a cycle between them would not be seen
(cd "$srcdir" && find src -name '*.c') | sed 's,.*/,,' | sort | uniq -d >"$tmp/twins"
if [ -s "$tmp/twins" ]; then
    echo "modules.sh: source files that share a name (a module):" $(cat "$tmp/twins") >&2
    fail=1
fi

# the objects of this build (libtool's PIC copies under .libs included:
# whichever exists), named libcore_la-scan.o, urigrep-main.o, scan.o ...
find src -name '*.o' | sort >"$tmp/objs"
[ "$(wc -l <"$tmp/objs")" -ge 20 ] ||
    { echo "modules.sh: the objects are not built under $(pwd)/src" >&2; exit 1; }
# one nm for them all (-A: each line starts "FILE.o:"), the module the
# object's stem after its last '-'
xargs nm -A -P <"$tmp/objs" | awk '
    {
        m = $1; sub(/:$/, "", m); sub(/.*\//, "", m); sub(/\.o$/, "", m)
        sub(/.*-/, "", m)
    }
    $3 ~ /^[TDBRV]$/ { print "D", m, $2 }
    $3 == "U"        { print "U", m, $2 }' | sort -u | awk '
    $1 == "D" { def[$3] = $2; next }
    { n++; user[n] = $2; sym[n] = $3 }
    END {
        for (i = 1; i <= n; i++)
            if ((sym[i] in def) && def[sym[i]] != user[i])
                print user[i], def[sym[i]]
    }' | sort -u >"$tmp/edges"
[ "$(wc -l <"$tmp/edges")" -ge 40 ] ||
    { echo "modules.sh: too few dependencies found: nm output changed?" >&2; exit 1; }
if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/loops"; then
    echo "modules.sh: modules that depend on each other in a cycle:" >&2
    cat "$tmp/loops" >&2
    fail=1
fi

# src/cli sees only the public and shared headers besides its own
# (by the name a file includes it with: "scan/scan.h", or its bare name
# through an -I of the folder)
for h in $(cd "$srcdir"/src/lib && find . -name '*.h'); do
    h=${h#./}
    echo "$h"
    echo "${h##*/}"
done >"$tmp/lib-headers"
find "$srcdir"/src/cli -name '*.[ch]' | sort | xargs grep -n '^#include "' | sed 's/\(.*\):#include "\(.*\)".*/\1 \2/' |
    while read -r where h; do
        if grep -qx "$h" "$tmp/lib-headers"; then
            echo "modules.sh: ${where#"$srcdir"/} includes src/lib/$h" >&2
            echo bad
        fi
    done >"$tmp/bad"
[ -s "$tmp/bad" ] && fail=1

# src/shared sits below the library: it uses no symbol src/lib defines,
# so that the command, linked with liburigrep.so (whose exports are the
# public functions alone), links its own copy of it
grep '^src/lib/' "$tmp/objs" | xargs nm -P --defined-only |
    awk '$2 ~ /^[TDBRV]$/ { print $1 }' | sort -u >"$tmp/lib-defs"
grep '^src/shared/' "$tmp/objs" | xargs nm -P --undefined-only |
    awk '{ print $1 }' | sort -u | comm -12 - "$tmp/lib-defs" >"$tmp/up"
if [ -s "$tmp/up" ]; then
    echo "modules.sh: src/shared uses what src/lib defines:" $(cat "$tmp/up") >&2
    fail=1
fi
# A struct whose layout is in a header that more than two .c files of
# src/ see (directly or through other headers) says who owns it: the
# comment just above "struct NAME {" holds "Owner: FILE.c", the module
# that writes its fields or defines what they mean; the others only read
# them or fill them as that module's contract says (issue 33)
(cd "$srcdir" && find src -name '*.[ch]' | sort) >"$tmp/srcs"
while read -r f; do
    d=${f%/*}
    sed -n 's/^#include "\(.*\)".*/\1/p' "$srcdir/$f" | while read -r h; do
        for c in "$d/$h" "src/lib/$h" "src/cli/$h" "src/shared/$h"; do
            if [ -f "$srcdir/$c" ]; then echo "$f $c"; break; fi
        done
    done
done <"$tmp/srcs" >"$tmp/incl"
# who sees each header: the .c files that reach it through includes
awk '
    { inc[$1] = inc[$1] " " $2; files[$1] = 1 }
    function reach(f, h,    n, a, i) {
        if ((f SUBSEP h) in seen) return
        seen[f, h] = 1
        print h, f
        n = split(inc[h], a, " ")
        for (i = 1; i <= n; i++) reach(f, a[i])
    }
    END {
        for (f in files) if (f ~ /\.c$/) {
            n = split(inc[f], a, " ")
            for (i = 1; i <= n; i++) reach(f, a[i])
        }
    }' "$tmp/incl" | sort -u | awk '{ n[$1]++ } END { for (h in n) print h, n[h] }' |
    sort >"$tmp/seen-by"
while read -r h n; do
    [ "$n" -gt 2 ] || continue
    awk -v h="$h" '
        /\/\*/ { comment = "" ; inc = 1 }
        inc { comment = comment " " $0 }
        /\*\// { inc = 0; last = NR }
        /^struct [a-z_0-9]+ \{/ {
            name = $2
            if (!(last == NR - 1 && match(comment, /Owner: [a-z_0-9\/]+\.c/)))
                print h ": struct " name " has no \"Owner: FILE.c\" line"
            else
                print "OWNER", h, name, substr(comment, RSTART + 7, RLENGTH - 7)
            comment = ""
        }' "$srcdir/$h"
done <"$tmp/seen-by" >"$tmp/owners"
grep '^OWNER ' "$tmp/owners" | while read -r _ h name owner; do
    [ -n "$(cd "$srcdir" && find src -path "*/$owner")" ] ||
        echo "$h: struct $name: its owner $owner is no file of src/"
done >"$tmp/no-owner"
grep -v '^OWNER ' "$tmp/owners" >>"$tmp/no-owner"
if [ -s "$tmp/no-owner" ]; then
    sed 's/^/modules.sh: /' "$tmp/no-owner" >&2
    fail=1
fi
exit $fail
