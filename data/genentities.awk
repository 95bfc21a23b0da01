# genentities.awk: turn data/html4-entities.txt into a sorted C table
# (src/entities.h) for binary search.
# SPDX-License-Identifier: MIT
BEGIN { n = 0 }
/^[ \t]*#/ || /^[ \t]*$/ { next }
{ name[n] = $1; cp[n] = $2; n++ }
END {
    # byte-wise order, as strcmp sees it (awk may compare by locale)
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && before(name[j], name[j - 1]); j--) {
            t = name[j]; name[j] = name[j - 1]; name[j - 1] = t
            t = cp[j]; cp[j] = cp[j - 1]; cp[j - 1] = t
        }
    print "/* entities.h: generated from data/html4-entities.txt; do not edit. */"
    print "static const struct { const char *name; unsigned cp; } html_entities[] = {"
    for (i = 0; i < n; i++)
        printf "    { \"%s\", %s },\n", name[i], cp[i]
    print "};"
}
# Is A before B in byte order? Compare character by character through
# their positions in an ASCII string, so the locale plays no part.
function before(a, b,    i, ca, cb, ascii) {
    ascii = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    for (i = 1; i <= length(a) && i <= length(b); i++) {
        ca = index(ascii, substr(a, i, 1))
        cb = index(ascii, substr(b, i, 1))
        if (ca != cb)
            return ca < cb
    }
    return length(a) < length(b)
}
