/* uriparser-ref.c: uriparser (a library Debian ships) as an independent
 * reference for tests/cli/uriparser-diff.sh: each line of standard input
 * is a URI reference; "valid" prints 1 or 0 (RFC 3986 grammar), "resolve
 * BASE" prints the reference resolved against BASE (RFC 3986 5.2,
 * strictly), "!invalid" for a line that is not a URI reference.  A test
 * program, never part of urigrep. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

static void
resolve(const UriUriA *base, const char *line)
{
    UriUriA ref, abs;
    const char *err;
    char *s;
    int len;

    if (uriParseSingleUriA(&ref, line, &err) != URI_SUCCESS) {
        puts("!invalid");
        return;
    }
    if (uriAddBaseUriExA(&abs, &ref, base, URI_RESOLVE_STRICTLY) !=
            URI_SUCCESS ||
        uriToStringCharsRequiredA(&abs, &len) != URI_SUCCESS ||
        (s = malloc((size_t)len + 1)) == NULL) {
        puts("!fail");
    } else {
        uriToStringA(s, &abs, len + 1, NULL);
        puts(s);
        free(s);
        uriFreeUriMembersA(&abs);
    }
    uriFreeUriMembersA(&ref);
}

int
main(int argc, char **argv)
{
    char line[8192];
    UriUriA base, u;
    const char *err;
    int res = argc == 3 && strcmp(argv[1], "resolve") == 0;

    if (!res && !(argc == 2 && strcmp(argv[1], "valid") == 0)) {
        fprintf(stderr, "usage: uriparser-ref valid | resolve BASE\n");
        return 2;
    }
    if (res && uriParseSingleUriA(&base, argv[2], &err) != URI_SUCCESS)
        return 2;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        if (res) {
            resolve(&base, line);
        } else if (uriParseSingleUriA(&u, line, &err) == URI_SUCCESS) {
            puts("1");
            uriFreeUriMembersA(&u);
        } else {
            puts("0");
        }
    }
    return 0;
}
