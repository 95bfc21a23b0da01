# genschemes.awk: turn data/schemes.txt into a sorted C table (src/schemes.h)
# SPDX-License-Identifier: MIT
/^[ \t]*#/ || /^[ \t]*$/ { next }
{ names[n++] = tolower($1) }
END {
    # insertion sort: the list is short and awk has no portable sort
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && names[j - 1] > names[j]; j--) {
            t = names[j]; names[j] = names[j - 1]; names[j - 1] = t
        }
    print "/* schemes.h: generated from data/schemes.txt; do not edit. */"
    print "static const char *const well_known_schemes[] = {"
    for (i = 0; i < n; i++)
        printf "    \"%s\",\n", names[i]
    print "};"
}
