# genentities.awk: turn data/html5-entities.txt into a sorted C table
# (src/lib/formats/entities.h) for binary search: one row per name (without ';'),
# its code points, and whether the name also works without ';' (legacy).
# SPDX-License-Identifier: MIT
BEGIN { n = 0; rows = 0 }
/^[ \t]*#/ || /^[ \t]*$/ { next }
{
    rows++
    key = $1
    semi = substr(key, length(key)) == ";"
    if (semi)
        key = substr(key, 1, length(key) - 1)
    if (!(key in idx)) {
        idx[key] = n
        name[n] = key
        cp1[n] = $2
        cp2[n] = NF > 2 ? $3 : 0
        legacy[n] = 0
        n++
    }
    if (!semi)
        legacy[idx[key]] = 1
}
END {
    if (rows != 2231) {
        printf "genentities.awk: %d names, the HTML table has 2231\n", rows \
            > "/dev/stderr"
        exit 1
    }
    # byte-wise order, as strcmp sees it (awk may compare by locale); the
    # input is nearly sorted, so insertion sort is quick
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && before(name[j], name[j - 1]); j--) {
            t = name[j]; name[j] = name[j - 1]; name[j - 1] = t
            t = cp1[j]; cp1[j] = cp1[j - 1]; cp1[j - 1] = t
            t = cp2[j]; cp2[j] = cp2[j - 1]; cp2[j - 1] = t
            t = legacy[j]; legacy[j] = legacy[j - 1]; legacy[j - 1] = t
        }
    print "/* entities.h: generated from data/html5-entities.txt; do not edit. */"
    print "/* NAME without ';', CP1 and CP2 (0: none), LEGACY: valid without ';' */"
    print "static const struct html_entity {"
    print "    const char *name;"
    print "    unsigned cp1, cp2;"
    print "    unsigned char legacy;"
    print "} html_entities[] = {"
    for (i = 0; i < n; i++)
        printf "    { \"%s\", %s, %s, %d },\n", name[i], cp1[i], cp2[i], \
            legacy[i]
    print "};"
    # where the names starting with each character are: [from, to)
    print "static const struct { unsigned short from, to; }"
    print "html_entity_range[128] = {"
    for (i = 0; i < n; i = j) {
        c = substr(name[i], 1, 1)
        for (j = i; j < n && substr(name[j], 1, 1) == c; j++)
            ;
        printf "    ['%s'] = { %d, %d },\n", c, i, j
    }
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
