/* check_cut.c: the public cutter (urigrep/cut.h): which files are cut
 * and how, that its pieces follow each other from the start to the end
 * and start only where a reader may start, the counts before them, and
 * its arguments refused. */
/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "cut/cutter.h"
#include "urigrep/cut.h"
#include "check_main.h"

static const char from_line[] = "From a@b.example Mon Jan  1 00:00:00 2024\n";

/* All of C's pieces into PC (MAX at most): how many. */
static size_t
pieces(urigrep_cutter *c, struct urigrep_piece *pc, size_t max)
{
    size_t k = 0;

    while (k < max && urigrep_cutter_next(c, &pc[k]))
        k++;
    ck_assert_int_eq(urigrep_cutter_next(c, &pc[0]), 0);
    return k;
}

/* P (N bytes) in a new file, unlinked: its descriptor. */
static int
temp_file(const char *p, size_t n)
{
    char name[] = "/tmp/urigrep-check-cut.XXXXXX";
    int fd = mkstemp(name);

    ck_assert_int_ge(fd, 0);
    unlink(name);
    ck_assert_int_eq(write(fd, p, n), (ssize_t)n);
    return fd;
}

/* The file FD (N bytes) cut as O says, read through windows of WINDOW
 * bytes (0: urigrep_cutter_new_fd()'s), gives WAY and PC[0..K), what
 * its bytes mapped give, byte for byte, and no read error. */
static void
assert_fd_agrees(int fd, size_t n, const struct urigrep_cut_options *o,
                 size_t window, enum urigrep_cut_way way,
                 const struct urigrep_piece *pc, size_t k)
{
    struct urigrep_piece *f = calloc(k + 1, sizeof *f);
    urigrep_cutter *c = NULL;
    size_t i;

    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(window ? cutter_new_fd(fd, n, o, window, &c)
                            : urigrep_cutter_new_fd(fd, n, o, &c),
                     URIGREP_OK);
    ck_assert_int_eq(urigrep_cutter_way(c), way);
    ck_assert_uint_eq(pieces(c, f, k + 1), k);
    ck_assert_ptr_null(urigrep_cutter_read_error(c, NULL));
    urigrep_cutter_free(c);
    for (i = 0; i < k; i++) {
        ck_assert_uint_eq(f[i].start, pc[i].start);
        ck_assert_uint_eq(f[i].end, pc[i].end);
        ck_assert_uint_eq(f[i].messages_before, pc[i].messages_before);
    }
    free(f);
}

/* Cut P (N bytes) of TYPE in pieces of PIECE bytes into PC; each time,
 * the same bytes in a file cut as they are read (urigrep_cutter_new_fd(),
 * and through the smallest window) give the same pieces. */
static size_t
cut(const char *p, size_t n, enum urigrep_doc_type type, uint64_t piece,
    uint64_t search, struct urigrep_piece *pc, size_t max)
{
    struct urigrep_cut_options o = { sizeof o, type, piece, search, 0 };
    urigrep_cutter *c = NULL;
    enum urigrep_cut_way way;
    size_t k;
    int fd;

    ck_assert_int_eq(urigrep_cutter_new(p, n, &o, &c), URIGREP_OK);
    k = pieces(c, pc, max);
    way = urigrep_cutter_way(c);
    ck_assert_ptr_null(urigrep_cutter_read_error(c, NULL));
    urigrep_cutter_free(c);
    if (k < max) {
        fd = temp_file(p, n);
        assert_fd_agrees(fd, n, &o, 0, way, pc, k);
        assert_fd_agrees(fd, n, &o, 2 * WINDOW_MARGIN, way, pc, k);
        close(fd);
    }
    return k;
}

/* PC[0..K) cover 0..N in order, each but the last at least PIECE long. */
static void
assert_tiled(const struct urigrep_piece *pc, size_t k, size_t n,
             size_t piece)
{
    size_t i;

    ck_assert_uint_ge(k, 1);
    ck_assert_uint_eq(pc[0].start, 0);
    ck_assert_uint_eq(pc[k - 1].end, n);
    for (i = 0; i < k; i++) {
        ck_assert_uint_lt(pc[i].start, pc[i].end);
        if (i + 1 < k) {
            ck_assert_uint_eq(pc[i].end, pc[i + 1].start);
            ck_assert_uint_ge(pc[i].end - pc[i].start, piece);
        }
    }
}

START_TEST(test_way)
{
    static const char warc[] = "WARC/1.0\r\nWARC-Type: warcinfo\r\n"
                               "Content-Length: 0\r\n\r\n\r\n\r\n";
    char mbox[128];

    snprintf(mbox, sizeof mbox, "%sSubject: x\n\nbody\n", from_line);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_TEXT, "a\n", 2),
                     URIGREP_CUT_LINES);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_MBOXRD, mbox, strlen(mbox)),
                     URIGREP_CUT_FROM);
    /* a Content-Length may count a "From " line: only a walk tells (an
     * mbox as mutt reads it, MBOX and AUTO's, honours one that is
     * right) */
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_MBOX, mbox, strlen(mbox)),
                     URIGREP_CUT_CHAIN);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_AUTO, mbox, strlen(mbox)),
                     URIGREP_CUT_CHAIN);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_MBOXCL2, mbox,
                                     strlen(mbox)),
                     URIGREP_CUT_CHAIN);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_WARC, warc, strlen(warc)),
                     URIGREP_CUT_CHAIN);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_AUTO, warc, strlen(warc)),
                     URIGREP_CUT_CHAIN);
    /* text before an mbox's first message, a WARC file that does not
     * start with a record: read from the start */
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_MBOX, "x\n", 2),
                     URIGREP_CUT_NONE);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_WARC, "x\nWARC/1.0\r\n",
                                     12),
                     URIGREP_CUT_NONE);
    /* one message, HTML, a news batch are read from their start */
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_MAIL, "Subject: x\n\n", 12),
                     URIGREP_CUT_NONE);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_HTML, "<p>\n", 4),
                     URIGREP_CUT_NONE);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_RNEWS, "#! rnews 1\nx", 12),
                     URIGREP_CUT_NONE);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_TEXT, NULL, 0),
                     URIGREP_CUT_NONE);
}
END_TEST

START_TEST(test_text_pieces)
{
    enum { N = 20000 };
    char *t = malloc(N + 1);
    struct urigrep_piece pc[64];
    size_t i, k;

    ck_assert_ptr_nonnull(t);
    /* a paragraph of 5 lines of 20 bytes, an empty line, and again */
    for (i = 0; i < N; i++)
        t[i] = (i % 121 == 120) ? '\n' : (i % 121) % 20 == 19 ? '\n' : 'a';
    k = cut(t, N, URIGREP_DOC_TEXT, 1000, 0, pc, 64);
    assert_tiled(pc, k, N, 1000);
    ck_assert_uint_ge(k, 10);
    for (i = 1; i < k; i++) {
        /* after an empty line, which no reference spans */
        ck_assert_int_eq(t[pc[i].start - 1], '\n');
        ck_assert_int_eq(t[pc[i].start - 2], '\n');
        ck_assert_uint_eq(pc[i].messages_before, 0);
    }
    /* no crumb: the last piece is at least half a piece */
    ck_assert_uint_ge(pc[k - 1].end - pc[k - 1].start, 500);
    /* a file shorter than a piece is one piece; an empty one none */
    ck_assert_uint_eq(cut(t, 999, URIGREP_DOC_TEXT, 1000, 0, pc, 64), 1);
    ck_assert_uint_eq(pc[0].end, 999);
    ck_assert_uint_eq(cut(t, 0, URIGREP_DOC_TEXT, 1000, 0, pc, 64), 0);
    free(t);
}
END_TEST

START_TEST(test_search_limit)
{
    enum { N = 100000 };
    char *t = malloc(N);
    struct urigrep_piece pc[8];
    size_t k;

    ck_assert_ptr_nonnull(t);
    /* one long paragraph; an empty line only near the end */
    memset(t, 'a', N);
    t[N - 1] = t[80000] = t[80001] = '\n';
    /* searched to the end: the cut near the end is found */
    k = cut(t, N, URIGREP_DOC_TEXT, 1000, 0, pc, 8);
    ck_assert_uint_eq(k, 2);
    ck_assert_uint_eq(pc[0].end, 80002);
    /* searched 10,000 bytes past the first piece: none, one piece */
    k = cut(t, N, URIGREP_DOC_TEXT, 1000, 10000, pc, 8);
    ck_assert_uint_eq(k, 1);
    ck_assert_uint_eq(pc[0].end, N);
    free(t);
}
END_TEST

/* An mboxcl2 of K messages, each with a Content-Length over a body of
 * lines that hold a "From " line (in a body counted by its
 * Content-Length, no separator), into a new string. */
static char *
mboxcl2_off(size_t k, size_t *n, size_t over)
{
    static const char body[] = "one\n\nFrom x@y.example Tue Jan  2 10:00:00 "
                               "2024\nhttp://example.org/\n";
    size_t cap = k * 256 + 1, i;
    char *m = malloc(cap);

    ck_assert_ptr_nonnull(m);
    *n = 0;
    for (i = 0; i < k; i++)
        *n += (size_t)snprintf(m + *n, cap - *n,
                               "%sSubject: %03zu\nContent-Length: %zu\n\n%s\n",
                               from_line, i, strlen(body) + over, body);
    return m;
}

/* The same, each Content-Length right. */
static char *
mboxcl2(size_t k, size_t *n)
{
    return mboxcl2_off(k, n, 0);
}

START_TEST(test_chain_pieces)
{
    struct urigrep_piece pc[64];
    size_t n, k, i;
    char *m = mboxcl2(200, &n);
    size_t msg = strlen(m) / 200;

    int t;

    /* read as an mboxcl2, and as an mbox (--type=auto's: the counts are
     * right, and honoured) */
    for (t = 0; t < 2; t++) {
        k = cut(m, n, t ? URIGREP_DOC_MBOX : URIGREP_DOC_MBOXCL2, 1500, 0,
                pc, 64);
        assert_tiled(pc, k, n, 1500);
        ck_assert_uint_ge(k, 5);
        for (i = 0; i < k; i++) {
            /* at a message's own "From " line, never the one in a body;
             * the messages before it, as the walk counted them */
            ck_assert_uint_eq(pc[i].start % msg, 0);
            ck_assert_uint_eq(pc[i].messages_before, pc[i].start / msg);
        }
    }
    /* read as an mboxo, the bodies' "From " lines are separators too */
    k = cut(m, n, URIGREP_DOC_MBOXO, 1500, 0, pc, 64);
    assert_tiled(pc, k, n, 1500);
    for (i = 1; i < k && pc[i].start % msg == 0; i++)
        ;
    ck_assert_uint_lt(i, k);
    free(m);
}
END_TEST

/* An mbox whose counts are all 3 bytes too long is read as mboxrd: the
 * bodies' "From " lines start messages, and are cuts, counted. */
START_TEST(test_mbox_wrong_counts)
{
    struct urigrep_piece pc[64];
    size_t n, k, i, inner = 0;
    char *m = mboxcl2_off(200, &n, 3);
    size_t msg = strlen(m) / 200;

    k = cut(m, n, URIGREP_DOC_MBOX, 1500, 0, pc, 64);
    assert_tiled(pc, k, n, 1500);
    ck_assert_uint_ge(k, 5);
    for (i = 1; i < k; i++) {
        size_t off = pc[i].start % msg;

        /* two messages a stored one: the message's, the body's */
        ck_assert_uint_eq(pc[i].messages_before,
                          2 * (pc[i].start / msg) + (off != 0));
        ck_assert(strncmp(m + pc[i].start, "From ", 5) == 0);
        inner += off != 0;
    }
    ck_assert_uint_gt(inner, 0);
    free(m);
}
END_TEST

START_TEST(test_warc_chain)
{
    /* a block that holds a version line: no record starts there */
    static const char block[] = "WARC/1.0\r\nnot a record, its block\r\n";
    char rec[256];
    size_t len, n, i, k;
    char *w;
    struct urigrep_piece pc[32];

    len = (size_t)snprintf(rec, sizeof rec,
                           "WARC/1.0\r\nWARC-Type: resource\r\n"
                           "Content-Length: %zu\r\n\r\n%s\r\n\r\n",
                           strlen(block), block);
    n = 30 * len;
    w = malloc(n);
    ck_assert_ptr_nonnull(w);
    for (i = 0; i < 30; i++)
        memcpy(w + i * len, rec, len);
    k = cut(w, n, URIGREP_DOC_AUTO, 300, 0, pc, 32);
    assert_tiled(pc, k, n, 300);
    ck_assert_uint_ge(k, 3);
    for (i = 0; i < k; i++) {
        ck_assert_uint_eq(pc[i].start % len, 0);
        ck_assert_uint_eq(pc[i].messages_before, pc[i].start / len);
    }
    free(w);
}
END_TEST

START_TEST(test_count)
{
    static const char t[] = "From a@b Mon Jan  1 00:00:00 2024\nx\n"
                            ">From c@d Mon Jan  1 00:00:00 2024\n"
                            "From e@f Mon Jan  1 00:00:00 2024\nlast";
    struct urigrep_counts c;

    ck_assert_int_eq(urigrep_count(t, strlen(t), URIGREP_DOC_MBOX, 1, &c),
                     URIGREP_OK);
    ck_assert_uint_eq(c.lines, 4);
    ck_assert_uint_eq(c.messages, 2);
    ck_assert_int_eq(urigrep_count(t, strlen(t), URIGREP_DOC_TEXT, 1, &c),
                     URIGREP_OK);
    ck_assert_uint_eq(c.lines, 4);
    ck_assert_uint_eq(c.messages, 0);
    ck_assert_int_eq(urigrep_count(NULL, 5, URIGREP_DOC_TEXT, 0, &c),
                     URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_count(t, 5, URIGREP_DOC_TEXT, 0, NULL),
                     URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_count(NULL, 0, URIGREP_DOC_TEXT, 0, &c),
                     URIGREP_OK);
    ck_assert_uint_eq(c.lines, 0);
}
END_TEST

/* The counts of T fed to a counter in chunks of K bytes. */
static struct urigrep_counts
chunked(const char *t, size_t n, enum urigrep_doc_type type, int doc_start,
        size_t k)
{
    struct urigrep_counts c;
    urigrep_counter *cn;
    size_t i;

    ck_assert_int_eq(urigrep_counter_new(type, doc_start, &cn), URIGREP_OK);
    for (i = 0; i < n; i += k)
        ck_assert_int_eq(urigrep_counter_feed(cn, t + i,
                                              n - i < k ? n - i : k),
                         URIGREP_OK);
    ck_assert_int_eq(urigrep_counter_counts(cn, &c), URIGREP_OK);
    urigrep_counter_free(cn);
    return c;
}

START_TEST(test_counter_chunks)
{
    char t[2048];
    struct urigrep_counts whole, c;
    size_t n, k;
    int doc;

    /* separators, a quoted one, one too long for the parser's line
     * buffer (body text), one cut at the end, one without a time */
    snprintf(t, sizeof t,
             "x\n%sa\n\n>%sFrom the desk of Bob\n%s\n%sb\nFrom ",
             from_line, from_line, from_line, from_line);
    n = strlen(t);
    memset(t + n, 'y', 300);
    strcpy(t + n + 300, " 10:00:00 2024\nFrom a@b Mon Jan  1 00:00:00");
    n = strlen(t);
    for (doc = 0; doc <= 1; doc++) {
        ck_assert_int_eq(urigrep_count(t, n, URIGREP_DOC_MBOX, doc, &whole),
                         URIGREP_OK);
        ck_assert_uint_eq(whole.lines, 11);
        /* the first line "x" counts only as the document's start */
        ck_assert_uint_eq(whole.messages, 3 + (unsigned)doc);
        for (k = 1; k <= n; k++) {
            c = chunked(t, n, URIGREP_DOC_MBOX, doc, k);
            ck_assert_uint_eq(c.lines, whole.lines);
            ck_assert_uint_eq(c.messages, whole.messages);
        }
    }
    /* a separator held over a chunk's end, decided by the next chunk */
    c = chunked(from_line, strlen(from_line), URIGREP_DOC_MBOX, 0, 7);
    ck_assert_uint_eq(c.messages, 1);
    c = chunked(t, n, URIGREP_DOC_TEXT, 1, 3);
    ck_assert_uint_eq(c.lines, 11);
    ck_assert_uint_eq(c.messages, 0);
    ck_assert_int_eq(urigrep_counter_new(URIGREP_DOC_MBOX, 0, NULL),
                     URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_counter_feed(NULL, t, 1), URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_counter_counts(NULL, &c), URIGREP_ERR_ARG);
    urigrep_counter_free(NULL);
}
END_TEST

START_TEST(test_arguments)
{
    struct urigrep_cut_options o = { sizeof o, URIGREP_DOC_TEXT, 0, 0, 0 };
    struct {
        struct urigrep_cut_options o;
        unsigned later;
    } big;
    urigrep_cutter *c = (urigrep_cutter *)&o;

    ck_assert_int_eq(urigrep_cutter_new("a", 1, &o, NULL), URIGREP_ERR_ARG);
    ck_assert_int_eq(urigrep_cutter_new(NULL, 1, &o, &c), URIGREP_ERR_ARG);
    ck_assert_ptr_null(c);
    o.flags = 0x80;
    ck_assert_int_eq(urigrep_cutter_new("a", 1, &o, &c), URIGREP_ERR_ARG);
    o.flags = 0;
    o.type = (enum urigrep_doc_type)99;
    ck_assert_int_eq(urigrep_cutter_new("a", 1, &o, &c), URIGREP_ERR_ARG);
    /* options of a later version asking for something: refused; the
     * same with nothing asked: taken */
    memset(&big, 0, sizeof big);
    big.o.size = sizeof big;
    big.o.type = URIGREP_DOC_TEXT;
    big.later = 1;
    ck_assert_int_eq(urigrep_cutter_new("a", 1, &big.o, &c), URIGREP_ERR_ARG);
    big.later = 0;
    ck_assert_int_eq(urigrep_cutter_new("a", 1, &big.o, &c), URIGREP_OK);
    ck_assert_int_eq(urigrep_cutter_way(c), URIGREP_CUT_LINES);
    urigrep_cutter_free(c);
    /* no options: a document of its own type, 4 MiB pieces */
    ck_assert_int_eq(urigrep_cutter_new("a\n", 2, NULL, &c), URIGREP_OK);
    urigrep_cutter_free(c);
    urigrep_cutter_free(NULL);
    ck_assert_int_eq(urigrep_cutter_way(NULL), URIGREP_CUT_NONE);
}
END_TEST

START_TEST(test_drop_pages)
{
    char name[] = "/tmp/urigrep-check-cut.XXXXXX";
    enum { N = 3 * 1024 * 1024 };
    struct urigrep_piece a[64], b[64];
    struct urigrep_cut_options o = { sizeof o, URIGREP_DOC_TEXT, 100000, 0,
                                     URIGREP_CUT_DROP_PAGES };
    urigrep_cutter *c;
    char *t = malloc(N), *p;
    size_t i, ka, kb;
    int fd = mkstemp(name);

    ck_assert_int_ge(fd, 0);
    ck_assert_ptr_nonnull(t);
    for (i = 0; i < N; i++)
        t[i] = i % 1000 == 999 || i % 1000 == 998 ? '\n' : 'b';
    ck_assert_int_eq(write(fd, t, N), N);
    p = mmap(NULL, N, PROT_READ, MAP_SHARED, fd, 0);
    ck_assert_ptr_ne(p, MAP_FAILED);
    unlink(name);
    close(fd);
    ka = cut(t, N, URIGREP_DOC_TEXT, 100000, 0, a, 64);
    ck_assert_int_eq(urigrep_cutter_new(p, N, &o, &c), URIGREP_OK);
    kb = pieces(c, b, 64);
    urigrep_cutter_free(c);
    /* the same pieces, and the mapping's bytes are still the file's */
    ck_assert_uint_eq(ka, kb);
    for (i = 0; i < ka; i++) {
        ck_assert_uint_eq(a[i].start, b[i].start);
        ck_assert_uint_eq(a[i].end, b[i].end);
    }
    ck_assert_int_eq(memcmp(p, t, N), 0);
    munmap(p, N);
    free(t);
}
END_TEST

#ifdef HAVE_ZLIB
/* P (N bytes) as one gzip member appended to OUT at *LEN. */
static void
gzip_member(const char *p, size_t n, unsigned char *out, size_t *len,
            size_t cap)
{
    z_stream z;

    memset(&z, 0, sizeof z);
    ck_assert_int_eq(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8,
                                  Z_DEFAULT_STRATEGY), Z_OK);
    z.next_in = (Bytef *)p;
    z.avail_in = (uInt)n;
    z.next_out = out + *len;
    z.avail_out = (uInt)(cap - *len);
    ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    *len = cap - z.avail_out;
    deflateEnd(&z);
}
#endif

START_TEST(test_warc_gz_members)
{
#ifdef HAVE_ZLIB
    static const char rec[] = "WARC/1.0\r\nWARC-Type: resource\r\n"
                              "Content-Length: 3\r\n\r\nabc\r\n\r\n";
    static const char cont[] = "WARC/1.0\r\nWARC-Type: continuation\r\n"
                               "Content-Length: 3\r\n\r\ndef\r\n\r\n";
    enum { CAP = 64 * 1024 };
    unsigned char *g = malloc(CAP);
    size_t len = 0, at[40], i, k;
    struct urigrep_piece pc[40];

    ck_assert_ptr_nonnull(g);
    for (i = 0; i < 40; i++) {
        at[i] = len;
        if (i % 4 == 3)
            gzip_member(cont, strlen(cont), g, &len, CAP);
        else
            gzip_member(rec, strlen(rec), g, &len, CAP);
    }
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_AUTO, (char *)g, len),
                     URIGREP_CUT_MEMBERS);
    ck_assert_int_eq(urigrep_cut_way(URIGREP_DOC_TEXT, (char *)g, len),
                     URIGREP_CUT_NONE);
    k = cut((char *)g, len, URIGREP_DOC_WARC, 200, 0, pc, 40);
    assert_tiled(pc, k, len, 200);
    ck_assert_uint_ge(k, 3);
    for (i = 1; i < k; i++) {
        size_t m;

        for (m = 0; m < 40 && at[m] != pc[i].start; m++)
            ;
        /* at a member, never one that continues a record */
        ck_assert_uint_lt(m, 40);
        ck_assert_uint_ne(m % 4, 3);
    }
    /* past damage: the next member that holds a record */
    ck_assert_uint_eq(urigrep_warc_member((char *)g, len, 1), at[1]);
    ck_assert_uint_eq(urigrep_warc_member((char *)g, len, at[39] + 1), len);
    g[at[5] + 3] ^= 0xff;   /* gzip flags: not a member we can read */
    ck_assert_uint_eq(urigrep_warc_member((char *)g, len, at[4] + 1), at[6]);
    free(g);
#else
    ck_assert_uint_eq(urigrep_warc_member("\x1f\x8b\x08", 3, 0), 3);
#endif
}
END_TEST

/* A number from *SEED, below N (a fixed sequence: the test is the same
 * each run). */
static size_t
next_rand(uint32_t *seed, size_t n)
{
    *seed = *seed * 1103515245u + 12345u;
    return (size_t)((*seed >> 8) % n);
}

/* Append P (N bytes) to B (*LEN, CAP). */
static void
put(char *b, size_t *len, size_t cap, const char *p, size_t n)
{
    ck_assert_uint_le(*len + n, cap);
    memcpy(b + *len, p, n);
    *len += n;
}

/* Append N bytes of body text: lines of random lengths, now and then an
 * empty line or a "From " line, none when PLAIN (no empty line). */
static void
put_text(char *b, size_t *len, size_t cap, size_t n, bool plain,
         uint32_t *seed)
{
    size_t end = *len + n;

    ck_assert_uint_le(end, cap);
    while (*len < end) {
        size_t k = next_rand(seed, 120), r = next_rand(seed, 50);

        if (!plain && r == 0)
            put(b, len, cap, "\n", 1);
        else if (!plain && r == 1)
            put(b, len, cap, from_line, strlen(from_line));
        else if (!plain && r == 2)
            put(b, len, cap, ">From x\n", 8);
        while (k-- > 0 && *len < cap)
            b[(*len)++] = "abcdefgh ijk:/."[next_rand(seed, 15)];
        if (*len < cap)
            b[(*len)++] = '\n';
    }
}

/* Append a record to B (*LEN, CAP): HEAD (H bytes), BODY (BLEN), then
 * the string TAIL. */
static void
put_record(char *b, size_t *len, size_t cap, const char *head, size_t h,
           const char *body, size_t blen, const char *tail)
{
    put(b, len, cap, head, h);
    put(b, len, cap, body, blen);
    put(b, len, cap, tail, strlen(tail));
}

/* Append to B (*LEN, CAP) an mbox message of BODY (BLEN bytes), its
 * header by R: no Content-Length, a wrong one, one with a folded field,
 * a header line too long to be a field for the parser, a right one. */
static void
put_message(char *b, size_t *len, size_t cap, const char *body,
            size_t blen, size_t r)
{
    char head[512];
    int h = r == 1 ? snprintf(head, sizeof head, "Subject: x\n\n")
            : r == 2 ? snprintf(head, sizeof head, "Content-Length: %zu\n\n",
                                blen + 3)
            : r == 3 ? snprintf(head, sizeof head, "Content-Length: %zu\n"
                                "X-Folded: a\n b\n\n", blen)
            : r == 4 ? snprintf(head, sizeof head, "X-Long: %0300d\n\n", 1)
                     : snprintf(head, sizeof head, "Subject: y\n"
                                "Content-Length: %zu\n\n", blen);

    put(b, len, cap, from_line, strlen(from_line));
    put_record(b, len, cap, head, (size_t)h, body, blen, "\n");
}

/* Append to B (*LEN, CAP) a WARC record of BLOCK (BLEN bytes), by R a
 * continuation record, or followed by more line breaks than two. */
static void
put_warc(char *b, size_t *len, size_t cap, const char *block, size_t blen,
         size_t r)
{
    char head[256];
    int h = snprintf(head, sizeof head, "WARC/1.0\r\nWARC-Type: %s\r\n"
                     "Content-Length: %zu\r\n\r\n",
                     r == 1 ? "continuation" : "resource", blen);

    put_record(b, len, cap, head, (size_t)h, block, blen,
               r == 2 ? "\r\n\r\n\r\n" : "\r\n\r\n");
}

/* An mbox (WARC false) or a plain WARC file of about N bytes in B (CAP):
 * messages or records of random sizes, some longer than a window (with
 * "From " lines in their counted bodies), of every kind put_message()
 * or put_warc() makes. */
static size_t
mixed(char *b, size_t cap, size_t n, bool warc, uint32_t *seed)
{
    char *body = malloc(700 * 1024);
    size_t len = 0;

    ck_assert_ptr_nonnull(body);
    while (len < n) {
        size_t blen = 0, r = next_rand(seed, 10);

        put_text(body, &blen, 700 * 1024,
                 r == 0 ? 600 * 1024 : 100 + next_rand(seed, 8000), false,
                 seed);
        if (warc)
            put_warc(b, &len, cap, body, blen, r);
        else
            put_message(b, &len, cap, body, blen, r);
    }
    free(body);
    return len;
}

/* Cut P (N bytes) as TYPE in pieces of several sizes, with and without
 * a search limit: cut() checks that a file read through windows gives
 * what P in memory does. */
static void
cut_sizes(const char *p, size_t n, enum urigrep_doc_type type)
{
    static const uint64_t sizes[] = { 20000, 150000, 700000 };
    enum { MAX = 512 };
    struct urigrep_piece *pc = malloc(MAX * sizeof *pc);
    size_t i, k;

    ck_assert_ptr_nonnull(pc);
    for (i = 0; i < 2 * sizeof sizes / sizeof sizes[0]; i++) {
        k = cut(p, n, type, sizes[i / 2], i % 2 ? 300000 : 0, pc, MAX);
        ck_assert_uint_lt(k, MAX);
        assert_tiled(pc, k, n, sizes[i / 2]);
    }
    free(pc);
}

/* Documents larger than the smallest window, of every way of cutting:
 * the file read through windows is cut as the same bytes in memory. */
START_TEST(test_fd_windows)
{
    enum { N = 3 * 1024 * 1024, CAP = N + 1024 * 1024 };
    static const enum urigrep_doc_type mboxes[] = {
        URIGREP_DOC_MBOX, URIGREP_DOC_MBOXO, URIGREP_DOC_MBOXRD,
        URIGREP_DOC_MBOXCL, URIGREP_DOC_MBOXCL2, URIGREP_DOC_AUTO };
    char *b = malloc(CAP);
    uint32_t seed = 34;
    size_t n, i;

    ck_assert_ptr_nonnull(b);
    /* text: paragraphs, and a stretch of 700 KB with no empty line */
    n = 0;
    put_text(b, &n, CAP, N / 2, false, &seed);
    put_text(b, &n, CAP, 700 * 1024, true, &seed);
    put_text(b, &n, CAP, N / 2, false, &seed);
    cut_sizes(b, n, URIGREP_DOC_TEXT);
    n = mixed(b, CAP, N, false, &seed);
    for (i = 0; i < sizeof mboxes / sizeof mboxes[0]; i++)
        cut_sizes(b, n, mboxes[i]);
    n = mixed(b, CAP, N, true, &seed);
    cut_sizes(b, n, URIGREP_DOC_WARC);
#ifdef HAVE_ZLIB
    {
        unsigned char *g = malloc(CAP);
        size_t len = 0, at = 0;

        ck_assert_ptr_nonnull(g);
        /* each record a member (the compressed bytes hold many 0x1f,
         * where a member is looked for) */
        while (at < n) {
            size_t next = at + 5;

            while (next < n && memcmp(b + next, "WARC/1.0\r\n", 10) != 0)
                next++;
            gzip_member(b + at, next - at, g, &len, CAP);
            at = next;
        }
        cut_sizes((char *)g, len, URIGREP_DOC_WARC);
        cut_sizes((char *)g, len, URIGREP_DOC_AUTO);
        free(g);
    }
#endif
    free(b);
}
END_TEST

/* A separator line that starts a few bytes before the end of the part of
 * the search that one window holds, or before the window's end, its
 * newline past it: the window holds WINDOW_MARGIN bytes more than the
 * part, so the line is seen whole and cut at, as in memory. */
START_TEST(test_fd_window_edge)
{
    /* the cutter reads the smallest window (2 * WINDOW_MARGIN) from the
     * file's start when it is made; a search from PIECE then looks at
     * it up to where its last WINDOW_MARGIN bytes start, EDGE, and goes
     * on with the window moved there */
    enum { PIECE = 1000, EDGE = WINDOW_MARGIN, N = 3 * WINDOW_MARGIN };
    static const size_t seps[] = { EDGE - 1, EDGE - 5, EDGE - 40, EDGE - 200,
                                   2 * EDGE - 20, 2 * EDGE - 30 };
    char *t = malloc(N);
    struct urigrep_piece pc[8];
    size_t i, at, sep, k;

    ck_assert_ptr_nonnull(t);
    for (i = 0; i < sizeof seps / sizeof seps[0]; i++) {
        sep = seps[i];
        memset(t, 'a', N);
        memcpy(t, from_line, strlen(from_line));
        /* lines of 80 bytes, the one before SEP shorter */
        for (at = 79; at < sep - 1; at += 80)
            t[at] = '\n';
        t[sep - 1] = '\n';
        memcpy(t + sep, from_line, strlen(from_line));
        t[N - 1] = '\n';
        k = cut(t, N, URIGREP_DOC_MBOXO, PIECE, 0, pc, 8);
        ck_assert_uint_eq(k, 2);
        ck_assert_uint_eq(pc[1].start, sep);
    }
    free(t);
}
END_TEST

/* A file cut short while it is cut is an early end: no crash, the
 * pieces still run to the size the cutter was given, the last from
 * where the read came short, and the cutter says why. */
START_TEST(test_fd_shrank)
{
    enum { N = 3 * 1024 * 1024, KEEP = 1024 * 1024 };
    struct urigrep_cut_options o = { sizeof o, URIGREP_DOC_TEXT, 100000, 0,
                                     0 };
    struct urigrep_piece pc[4];
    char *t = malloc(N);
    urigrep_cutter *c = NULL;
    uint64_t at = 0;
    size_t i;
    int fd;

    ck_assert_ptr_nonnull(t);
    /* one paragraph: the search for a cut reads on to the end */
    for (i = 0; i < N; i++)
        t[i] = i % 100 == 99 ? '\n' : 'a';
    fd = temp_file(t, N);
    ck_assert_int_eq(cutter_new_fd(fd, N, &o, 2 * WINDOW_MARGIN, &c),
                     URIGREP_OK);
    ck_assert_int_eq(ftruncate(fd, KEEP), 0);
    ck_assert_uint_eq(pieces(c, pc, 4), 1);
    ck_assert_uint_eq(pc[0].start, 0);
    ck_assert_uint_eq(pc[0].end, N);
    ck_assert_str_eq(urigrep_cutter_read_error(c, &at),
                     "the file shrank while it was read");
    ck_assert_uint_eq(at, KEEP);
    urigrep_cutter_free(c);
    close(fd);
    /* a descriptor that cannot be read: why, with the first piece */
    fd = open("/", O_RDONLY);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(urigrep_cutter_new_fd(fd, 100, &o, &c), URIGREP_OK);
    ck_assert_uint_eq(pieces(c, pc, 4), 1);
    ck_assert_uint_eq(pc[0].end, 100);
    ck_assert_str_eq(urigrep_cutter_read_error(c, &at), strerror(EISDIR));
    ck_assert_uint_eq(at, 0);
    urigrep_cutter_free(c);
    close(fd);
    ck_assert_int_eq(urigrep_cutter_new_fd(-1, 1, &o, &c), URIGREP_ERR_ARG);
    ck_assert_ptr_null(c);
    ck_assert_int_eq(urigrep_cutter_new_fd(0, 1, &o, NULL), URIGREP_ERR_ARG);
    ck_assert_ptr_null(urigrep_cutter_read_error(NULL, &at));
    free(t);
}
END_TEST

static Suite *
cut_suite(void)
{
    Suite *s = suite_create("cut");
    TCase *tc = tcase_create("cutter");

    tcase_add_test(tc, test_way);
    tcase_add_test(tc, test_text_pieces);
    tcase_add_test(tc, test_search_limit);
    tcase_add_test(tc, test_chain_pieces);
    tcase_add_test(tc, test_mbox_wrong_counts);
    tcase_add_test(tc, test_warc_chain);
    tcase_add_test(tc, test_count);
    tcase_add_test(tc, test_counter_chunks);
    tcase_add_test(tc, test_arguments);
    tcase_add_test(tc, test_drop_pages);
    tcase_add_test(tc, test_warc_gz_members);
    tcase_add_test(tc, test_fd_windows);
    tcase_add_test(tc, test_fd_window_edge);
    tcase_add_test(tc, test_fd_shrank);
    suite_add_tcase(s, tc);
    return s;
}

CHECK_MAIN(cut_suite)
