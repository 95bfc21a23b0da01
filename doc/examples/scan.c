/* scan.c: find the references in a string, then resolve one against a
 * base (RFC 2396 Appendix C). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <urigrep.h>

static int
print(void *arg, const struct urigrep_match *m)
{
    (void)arg;
    if (m->event == URIGREP_EVENT_URI)
        printf("%llu: %.*s\n", (unsigned long long)m->line,
               (int)m->ref.len, m->ref.ptr);
    return 0;
}

int
main(void)
{
    const char *text = "see <http://example.org/a\n  b> now";
    urigrep_scanner *sc;
    char *abs;

    if (urigrep_scanner_new(NULL, &sc) != URIGREP_OK)
        return 1;
    urigrep_scanner_feed(sc, text, strlen(text), print, NULL);
    urigrep_scanner_finish(sc, print, NULL);
    urigrep_scanner_free(sc);

    if (urigrep_resolve("http://a/b/c/d;p?q", 18, "../g", 4,
                        URIGREP_RFC2396, &abs, NULL) == URIGREP_OK) {
        puts(abs);   /* http://a/b/g */
        urigrep_free(abs);
    }
    return 0;
}
