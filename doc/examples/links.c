/* links.c: print the links of a document read from standard input (text,
 * mail, mbox or HTML), resolved, with the message each is in. */
#include <stdio.h>
#include <urigrep.h>

static int
print(void *arg, const struct urigrep_ref *r)
{
    (void)arg;
    if (r->message > 0)
        printf("message %llu, part %s: ", (unsigned long long)r->message,
               r->part ? r->part : "-");
    /* r->uri is safe to print; r->ref, r->subject... are as written */
    printf("%.*s", (int)r->uri.len, r->uri.ptr);
    if (r->base)
        printf(" (base from %s)", urigrep_base_source_name(r->base_source));
    if (!r->valid)
        printf(" (not valid: %s)", urigrep_strerror(r->error));
    putchar('\n');
    return 0;
}

int
main(void)
{
    struct urigrep_extract_options opts = { .size = sizeof opts };
    urigrep_extractor *x;
    char buf[4096];
    size_t n;

    opts.base = "http://example.org/";   /* when the document has none */
    if (urigrep_extractor_new(&opts, print, NULL, NULL, &x) != URIGREP_OK)
        return 2;
    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
        if (urigrep_extractor_feed(x, buf, n) != URIGREP_OK)
            break;
    urigrep_extractor_finish(x);
    urigrep_extractor_free(x);
    return ferror(stdin) ? 2 : 0;
}
