/* _batch.c: the C half of the Python module: an extractor whose records
 * become dicts (scan()) or JSON Lines (urigrep.dask) in C. */
/* SPDX-License-Identifier: MIT */
/*
 * Calling Python once per reference would cost more than finding it, so
 * the extractor's callback is C, in one of two modes:
 *
 *   dicts  each record becomes a dict with the keys and values that
 *          urigrep --json prints (in its order), built with CPython's
 *          API and appended to a list of the caller's. cffi calls these
 *          functions with the GIL released: the scanning runs without
 *          it, and the callback takes it for each record. The list comes
 *          as its id(), which CPython documents as the object's address;
 *          the caller holds it for the call.
 *   JSON   each record is written by urigrep_ref_json(), the command's
 *          own writer, into a buffer the caller writes out after each
 *          feed, and counted: records, and by scheme and host (exact
 *          strings; Python lowercases and sums them).
 *
 * Memory: the records of one feed; the caller feeds bounded pieces and
 * empties the list or the buffer after each.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "urigrep.h"

/* Bytes of a file read at a time (JSON), and of output held. */
#define UGPY_PIECE (1024 * 1024)

/* Notices held between two ugpy_notices(): a hostile document may make
 * one a line, and memory stays bounded; the rest are counted. */
#define UGPY_NOTES_MAX 1000

/* A growable byte array. */
struct ugpy_bytes {
    char *data;
    size_t len, cap;
};

/* Counts by string (a scheme, a host): open addressing, the library's
 * keyed SipHash (urigrep_hash(), the command's -u and --stats hash): the
 * strings come from the input, which could choose ones an unkeyed hash
 * (FNV-1a, before) puts on one slot, and counting them took quadratic
 * time. The counts do not depend on the key. */
struct ugpy_slot {
    char *key;                   /* NULL: free */
    size_t len;
    uint64_t n;
};
struct ugpy_counter {
    struct ugpy_slot *v;
    size_t cap, used;
    uint64_t none;               /* references without one */
    unsigned char key[16];       /* drawn with the first slots */
};

/* The last string seen in a field that changes once a message or part
 * (Message-ID, Subject...), and its str: records share it. */
struct ugpy_memo {
    char *s;
    size_t len;
    PyObject *o;
};

enum { UGPY_MEMO_COUNT = 10 };

struct ugpy_doc {
    urigrep_extractor *x;
    uint64_t line_base;          /* added to every line number */
    uint64_t message_base;       /* added to every message number */
    int nomem;                   /* memory ran out (or a Python error) */
    int warc_members;            /* ugpy_member() was called */
    /* dicts */
    uintptr_t out;               /* id() of the list */
    uintptr_t file;              /* id() of the "file" value */
    int type;                    /* the options' document type */
    char *scratch;               /* files are read into it (JSON) */
    /* JSON */
    int json;
    struct ugpy_bytes buf;
    uint64_t records;
    struct ugpy_counter schemes, hosts;
    struct urigrep_json_options jopt;
    /* private to _batch.c */
    struct ugpy_memo memo[UGPY_MEMO_COUNT];
    struct ugpy_pipe *pipe;      /* the thread of ugpy_start(), or NULL */
    uint64_t fail_at, made;      /* URIGREP_PY_FAIL_AT: see fail() */
    int fail_dict;
    int forked;                  /* the pipe's thread is another process's */
    struct ugpy_bytes key;       /* a JSON string decoded (json_string()) */
    struct ugpy_bytes notes;     /* notices heard (on_notice()) */
    struct ugpy_bytes taken;     /* those ugpy_notices() handed over */
    uint64_t notes_count;        /* held in NOTES */
    uint64_t notes_dropped;      /* heard past UGPY_NOTES_MAX */
    int sink;                    /* JSON: records written here once the
                                    buffer holds UGPY_PIECE (-1: kept) */
    int sink_errno;              /* writing there failed (errno) */
};

/* ---- dicts ---- */

/* The keys, in --json's order (keep in sync with src/shared/jsonout.c). */
enum ugpy_key {
    K_FILE, K_LINE, K_COLUMN, K_OFFSET, K_REF, K_URI, K_DELIMITER, K_VALID,
    K_KIND, K_ERROR, K_ERROR_OFFSET, K_SCHEME, K_AUTHORITY, K_USERINFO,
    K_HOST, K_PORT, K_PATH, K_QUERY, K_FRAGMENT, K_HYPHEN, K_REFANGED,
    K_MESSAGE_ID,
    K_PART, K_CONTENT_TYPE, K_BASE, K_BASE_SOURCE, K_MESSAGE, K_SUBJECT,
    K_CHARSET, K_WRAPPER, K_TARGET, K_WARC_RECORD_ID, K_TARGET_URI,
    K_WARC_DATE, K_WARC_OFFSET, K_LOOKALIKE, K_HOST_ASCII, K_HOST_UNICODE,
    K_TEXT, K_MISMATCH, K_COUNT
};
static const char *const key_names[K_COUNT] = {
    "file", "line", "column", "offset", "ref", "uri", "delimiter", "valid",
    "kind", "error", "error_offset", "scheme", "authority", "userinfo",
    "host", "port", "path", "query", "fragment", "hyphen", "refanged",
    "message_id",
    "part", "content_type", "base", "base_source", "message", "subject",
    "charset", "wrapper", "target", "warc_record_id", "target_uri",
    "warc_date", "warc_offset", "lookalike", "host_ascii", "host_unicode",
    "text", "mismatch"
};

/* The memo of each field. */
enum { M_MESSAGE_ID, M_PART, M_CONTENT_TYPE, M_BASE, M_SUBJECT, M_CHARSET,
       M_RECORD_ID, M_TARGET_URI, M_DATE, M_SCHEME };

/* Interned keys and the strings that come from a short list (delimiter,
 * kind, error, base source), made once (ugpy_init()). */
static PyObject *keys[K_COUNT];
static PyObject *delims[16], *errors[64], *base_sources[16];
static PyObject *kinds[2], *dropped;

/* Strings from the library's static tables, as str: NAME(I) for I below
 * N, into V. Returns -1 when Python failed. */
static int
names(PyObject **v, int n, const char *(*name)(int))
{
    int i;

    for (i = 0; i < n; i++)
        if ((v[i] = PyUnicode_InternFromString(name(i))) == NULL)
            return -1;
    return 0;
}

static const char *
delim_name(int i)
{
    return urigrep_delim_name((enum urigrep_delim)i);
}

static const char *
error_name(int i)
{
    return urigrep_strerror((enum urigrep_status)i);
}

static const char *
base_source_name(int i)
{
    return urigrep_base_source_name((enum urigrep_base_source)i);
}

/* Make the keys and names; once, before any other call. Returns 0, or
 * -1 when Python could not (out of memory). */
int
ugpy_init(void)
{
    PyGILState_STATE g = PyGILState_Ensure();
    int i, rc = 0;

    for (i = 0; i < K_COUNT && rc == 0; i++)
        if ((keys[i] = PyUnicode_InternFromString(key_names[i])) == NULL)
            rc = -1;
    if (rc == 0 &&
        (names(delims, 16, delim_name) || names(errors, 64, error_name) ||
         names(base_sources, 16, base_source_name) ||
         (kinds[0] = PyUnicode_InternFromString("relative")) == NULL ||
         (kinds[1] = PyUnicode_InternFromString("absolute")) == NULL ||
         (dropped = PyUnicode_InternFromString("dropped")) == NULL))
        rc = -1;
    if (rc)
        PyErr_Clear();
    PyGILState_Release(g);
    return rc;
}

/* S (LEN bytes; NULL: None) as a str, each byte that does not start
 * valid UTF-8 as U+FFFD, as --json writes it (the error handler
 * "urigrep-fffd", registered by __init__.py). New reference, or NULL. */
static PyObject *
str_of(const char *s, size_t len)
{
    if (s == NULL) {
        Py_INCREF(Py_None);
        return Py_None;
    }
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)len, "urigrep-fffd");
}

/* S (LEN bytes) as str, the one made for the last record when S is the
 * same: a new reference, or NULL. */
static PyObject *
memo_span(struct ugpy_memo *m, const char *s, size_t len)
{
    PyObject *o;
    char *copy;

    if (s == NULL)
        return str_of(NULL, 0);
    if (m->o && m->len == len && memcmp(m->s, s, len) == 0) {
        Py_INCREF(m->o);
        return m->o;
    }
    if ((o = str_of(s, len)) == NULL || (copy = malloc(len + 1)) == NULL)
        return o;   /* not kept: made again next time */
    memcpy(copy, s, len);
    copy[len] = '\0';
    free(m->s);
    Py_XDECREF(m->o);
    m->s = copy;
    m->len = len;
    m->o = o;
    Py_INCREF(o);
    return o;
}

/* memo_span() of the string S (NULL: None). */
static PyObject *
memo_str(struct ugpy_memo *m, const char *s)
{
    return memo_span(m, s, s ? strlen(s) : 0);
}

/* The str of S (LEN bytes; NULL: None), or SAME (a new reference to it)
 * when it was made of the same bytes, SAME_S (SAME_LEN): a URI is often
 * its reference, a host its authority. */
static PyObject *
str_or(const char *s, size_t len, PyObject *same, const char *same_s,
       size_t same_len)
{
    if (s != NULL && same != NULL && same != Py_None && len == same_len &&
        memcmp(s, same_s, len) == 0) {
        Py_INCREF(same);
        return same;
    }
    return str_of(s, len);
}

/* A shared str from one of the tables above (borrowed V[I]; I past N:
 * NAME made anew). New reference. */
static PyObject *
table_str(PyObject **v, size_t i, size_t n, const char *name)
{
    if (i < n && v[i]) {
        Py_INCREF(v[i]);
        return v[i];
    }
    return str_of(name, strlen(name));
}

static PyObject *
bool_of(int yes)
{
    PyObject *o = yes ? Py_True : Py_False;

    Py_INCREF(o);
    return o;
}

/* true, false or None for 1, 0, -1. */
static PyObject *
tri_of(int v)
{
    if (v < 0) {
        Py_INCREF(Py_None);
        return Py_None;
    }
    return bool_of(v > 0);
}

/* DICT[KEY] = V, V stolen; false when V is NULL or Python failed. DICT
 * is a copy of a template (template_of()): its values are None already. */
static int
put(PyObject *dict, enum ugpy_key key, PyObject *v)
{
    int rc;

    if (v == NULL)
        return 0;
    if (v == Py_None) {
        Py_DECREF(v);
        return 1;
    }
    rc = PyDict_SetItem(dict, keys[key], v);
    Py_DECREF(v);
    return rc == 0;
}

/* file .. error_offset */
static int
dict_found(struct ugpy_doc *d, PyObject *o, const struct urigrep_ref *r)
{
    PyObject *file = (PyObject *)d->file;
    PyObject *ref = str_of(r->ref.ptr, r->ref.len);
    PyObject *uri = ref ? str_or(r->uri.ptr, r->uri.len, ref, r->ref.ptr,
                                 r->ref.len) : NULL;
    int valid = r->valid == 1;

    if (!put(o, K_REF, ref)) {
        Py_XDECREF(uri);
        return 0;
    }
    Py_INCREF(file);
    return put(o, K_URI, uri) && put(o, K_FILE, file) &&
           put(o, K_LINE, PyLong_FromUnsignedLongLong(r->line +
                                                       d->line_base)) &&
           put(o, K_COLUMN, PyLong_FromUnsignedLongLong(r->column)) &&
           put(o, K_OFFSET, PyLong_FromUnsignedLongLong(r->offset)) &&
           put(o, K_DELIMITER, table_str(delims, (size_t)r->delim, 16,
                                         urigrep_delim_name(r->delim))) &&
           /* (valid and kind: the template's) */
           put(o, K_ERROR, valid ? str_of(NULL, 0)
                                 : table_str(errors, (size_t)r->error, 64,
                                             urigrep_strerror(r->error))) &&
           put(o, K_ERROR_OFFSET,
               valid ? str_of(NULL, 0)
                     : PyLong_FromSize_t(r->error_offset));
}

/* scheme .. fragment, as --json splits the URI; "hyphen".  The scheme is
 * the last record's str when it is the same, the host the authority's
 * when it is all of it. */
static int
dict_parts(struct ugpy_doc *d, PyObject *o, const struct urigrep_ref *r)
{
    struct urigrep_span parts[URIGREP_PART_COUNT];
    const struct urigrep_span *a = &parts[URIGREP_PART_AUTHORITY];
    PyObject *auth = NULL;
    int i;

    urigrep_uri_split(r->uri.ptr, r->uri.len, parts);
    for (i = 0; i < URIGREP_PART_COUNT; i++) {
        PyObject *v = i == URIGREP_PART_SCHEME
                          ? memo_span(&d->memo[M_SCHEME], parts[i].ptr,
                                      parts[i].len)
                      : i == URIGREP_PART_HOST
                          ? str_or(parts[i].ptr, parts[i].len, auth, a->ptr,
                                   a->len)
                          : str_of(parts[i].ptr, parts[i].len);

        if (i == URIGREP_PART_AUTHORITY)
            auth = v;
        if (!put(o, (enum ugpy_key)(K_SCHEME + i), v))
            return 0;
    }
    if (r->flags & URIGREP_MATCH_HYPHEN_DROPPED) {
        Py_INCREF(dropped);
        if (!put(o, K_HYPHEN, dropped))
            return 0;
    }
    if (r->flags & URIGREP_MATCH_REFANGED)
        return put(o, K_REFANGED, bool_of(1));
    return 1;
}

/* Where in a message, and the base */
static int
dict_mail(struct ugpy_doc *d, PyObject *o, const struct urigrep_ref *r)
{
    int mail = r->message != 0;

    if (mail &&
        (!put(o, K_MESSAGE_ID, memo_str(&d->memo[M_MESSAGE_ID],
                                        r->message_id)) ||
         !put(o, K_PART, memo_str(&d->memo[M_PART], r->part)) ||
         !put(o, K_CONTENT_TYPE, memo_str(&d->memo[M_CONTENT_TYPE],
                                          r->content_type))))
        return 0;
    if ((mail || r->base) &&
        (!put(o, K_BASE, memo_str(&d->memo[M_BASE], r->base)) ||
         !put(o, K_BASE_SOURCE,
              r->base ? table_str(base_sources, (size_t)r->base_source, 16,
                                  urigrep_base_source_name(r->base_source))
                      : str_of(NULL, 0))))
        return 0;
    if (mail &&
        (!put(o, K_MESSAGE, PyLong_FromUnsignedLongLong(r->message +
                                                        d->message_base)) ||
         !put(o, K_SUBJECT, memo_str(&d->memo[M_SUBJECT], r->subject)) ||
         !put(o, K_CHARSET, memo_str(&d->memo[M_CHARSET], r->charset))))
        return 0;
    return 1;
}

/* A wrapped link's wrapper and target; a WARC record's fields */
static int
dict_wrapped_warc(struct ugpy_doc *d, PyObject *o,
                  const struct urigrep_ref *r)
{
    if (r->wrapper &&
        (!put(o, K_WRAPPER, str_of(r->wrapper, strlen(r->wrapper))) ||
         !put(o, K_TARGET, str_of(r->target.ptr, r->target.len))))
        return 0;
    if (r->warc_record_id == NULL && r->warc_offset == 0 &&
        r->warc_target_uri == NULL)
        return 1;
    return put(o, K_CONTENT_TYPE, memo_str(&d->memo[M_CONTENT_TYPE],
                                           r->content_type)) &&
           put(o, K_CHARSET, memo_str(&d->memo[M_CHARSET], r->charset)) &&
           put(o, K_WARC_RECORD_ID, memo_str(&d->memo[M_RECORD_ID],
                                             r->warc_record_id)) &&
           put(o, K_TARGET_URI, memo_str(&d->memo[M_TARGET_URI],
                                         r->warc_target_uri)) &&
           put(o, K_WARC_DATE, memo_str(&d->memo[M_DATE], r->warc_date)) &&
           put(o, K_WARC_OFFSET, PyLong_FromUnsignedLongLong(r->warc_offset));
}

/* What a reader sees against where the link goes: lookalike, the IDN
 * forms of the host, an HTML link's text and mismatch (each present
 * when it applies, as --json has them) */
static int
dict_trust(PyObject *o, const struct urigrep_ref *r)
{
    if (r->lookalike && !put(o, K_LOOKALIKE, tri_of(r->lookalike)))
        return 0;
    if (r->host_ascii.ptr &&
        (!put(o, K_HOST_ASCII, str_of(r->host_ascii.ptr, r->host_ascii.len)) ||
         !put(o, K_HOST_UNICODE, str_of(r->host_unicode.ptr,
                                        r->host_unicode.len))))
        return 0;
    if (r->text.ptr &&
        (!put(o, K_TEXT, str_of(r->text.ptr, r->text.len)) ||
         !put(o, K_MISMATCH, tri_of(r->mismatch))))
        return 0;
    return 1;
}

/* The keys a record has besides those of every record, as bits, and
 * whether it is valid and absolute: its "shape". A record's dict is a
 * copy of its shape's template, made once, whose values are then
 * replaced: no key is inserted nor the table grown (inserting some 25
 * keys into a new dict was two thirds of the cost of making it), and
 * "valid" and "kind" are the template's (each value set costs a dict
 * look-up, some 170 instructions: two of the 22 a mail's record had). */
enum {
    S_HYPHEN = 1, S_MAIL = 2, S_BASE = 4, S_WRAPPED = 8, S_WARC = 16,
    S_LOOKALIKE = 32, S_IDN = 64, S_TEXT = 128, S_VALID = 256,
    S_ABSOLUTE = 512, S_REFANGED = 1024, S_COUNT = 2048
};
static PyObject *templates[S_COUNT];

static unsigned
shape_of(const struct urigrep_ref *r)
{
    return (r->flags & URIGREP_MATCH_HYPHEN_DROPPED ? S_HYPHEN : 0) |
           (r->message ? S_MAIL : 0) | (r->base ? S_BASE : 0) |
           (r->wrapper ? S_WRAPPED : 0) |
           (r->warc_record_id || r->warc_offset || r->warc_target_uri
                ? S_WARC : 0) |
           (r->lookalike ? S_LOOKALIKE : 0) |
           (r->host_ascii.ptr ? S_IDN : 0) | (r->text.ptr ? S_TEXT : 0) |
           (r->valid == 1 ? S_VALID : 0) | (r->absolute ? S_ABSOLUTE : 0) |
           (r->flags & URIGREP_MATCH_REFANGED ? S_REFANGED : 0);
}

/* Set keys FROM..TO (included) of O to None. */
static int
nones(PyObject *o, enum ugpy_key from, enum ugpy_key to)
{
    unsigned k;

    for (k = from; k <= (unsigned)to; k++)
        if (PyDict_SetItem(o, keys[k], Py_None))
            return 0;
    return 1;
}

/* The keys of SHAPE into O in --json's order, each None. Returns false
 * when Python failed. */
static int
shape_keys(PyObject *o, unsigned shape)
{
    return nones(o, K_FILE, K_FRAGMENT) &&
           (!(shape & S_HYPHEN) || nones(o, K_HYPHEN, K_HYPHEN)) &&
           (!(shape & S_REFANGED) || nones(o, K_REFANGED, K_REFANGED)) &&
           (!(shape & S_MAIL) || nones(o, K_MESSAGE_ID, K_CONTENT_TYPE)) &&
           (!(shape & (S_MAIL | S_BASE)) || nones(o, K_BASE, K_BASE_SOURCE)) &&
           (!(shape & S_MAIL) || nones(o, K_MESSAGE, K_CHARSET)) &&
           (!(shape & S_WRAPPED) || nones(o, K_WRAPPER, K_TARGET)) &&
           (!(shape & S_WARC) ||
            (nones(o, K_CONTENT_TYPE, K_CONTENT_TYPE) &&
             nones(o, K_CHARSET, K_CHARSET) &&
             nones(o, K_WARC_RECORD_ID, K_WARC_OFFSET))) &&
           (!(shape & S_LOOKALIKE) || nones(o, K_LOOKALIKE, K_LOOKALIKE)) &&
           (!(shape & S_IDN) || nones(o, K_HOST_ASCII, K_HOST_UNICODE)) &&
           (!(shape & S_TEXT) || nones(o, K_TEXT, K_MISMATCH));
}

/* The template of SHAPE: its keys in --json's order, each None but
 * "valid" and "kind". A borrowed reference, or NULL when Python
 * failed. */
static PyObject *
template_of(unsigned shape)
{
    PyObject *o;

    if (templates[shape])
        return templates[shape];
    if ((o = PyDict_New()) == NULL)
        return NULL;
    if (!shape_keys(o, shape) ||
        PyDict_SetItem(o, keys[K_VALID],
                       shape & S_VALID ? Py_True : Py_False) ||
        PyDict_SetItem(o, keys[K_KIND], kinds[(shape & S_ABSOLUTE) != 0])) {
        Py_DECREF(o);
        return NULL;
    }
    return templates[shape] = o;
}

/* For the tests, $URIGREP_PY_FAIL_AT: "N" makes the Nth record of a
 * document fail as if memory ran out where it is first taken (copied by
 * the scanning thread, or made a dict without one), "dN" where it is
 * made a dict. Is this (DICT: making a dict) the one? */
static int
fail(struct ugpy_doc *d, int dict)
{
    return d->fail_at && dict == d->fail_dict && ++d->made == d->fail_at;
}

/* R as a dict appended to the list OUT, the GIL held; false when Python
 * failed (its error cleared). */
static int
append_dict(struct ugpy_doc *d, PyObject *out, const struct urigrep_ref *r)
{
    PyObject *t = fail(d, 1) ? NULL : template_of(shape_of(r));
    PyObject *o = t ? PyDict_Copy(t) : NULL;
    int ok = o && dict_found(d, o, r) && dict_parts(d, o, r) &&
             dict_mail(d, o, r) && dict_wrapped_warc(d, o, r) &&
             dict_trust(o, r) && PyList_Append(out, o) == 0;

    Py_XDECREF(o);
    if (!ok)
        PyErr_Clear();
    return ok;
}

/* R as a dict appended to D's list; false when Python failed (D then
 * says out of memory). Takes the GIL. */
static int
add_dict(struct ugpy_doc *d, const struct urigrep_ref *r)
{
    PyGILState_STATE g = PyGILState_Ensure();
    int ok = !fail(d, 0) && append_dict(d, (PyObject *)d->out, r);

    PyGILState_Release(g);
    return ok;
}

/* ---- JSON ---- */

static int
reserve(struct ugpy_bytes *b, size_t more)
{
    char *t;
    size_t cap;

    if (b->cap - b->len >= more)
        return 0;
    cap = b->cap ? b->cap : 256 * 1024;
    while (cap - b->len < more)
        cap *= 2;
    if ((t = realloc(b->data, cap)) == NULL)
        return -1;
    b->data = t;
    b->cap = cap;
    return 0;
}

/* Double C's table (64 slots at first, and its key drawn). Returns -1
 * when memory ran out. */
static int
grow(struct ugpy_counter *c)
{
    size_t cap = c->cap ? c->cap * 2 : 64, i, j;
    struct ugpy_slot *v = calloc(cap, sizeof *v);

    if (v == NULL)
        return -1;
    if (c->cap == 0)
        urigrep_hash_key(c->key);
    for (i = 0; i < c->cap; i++) {
        if (c->v[i].key == NULL)
            continue;
        for (j = (size_t)urigrep_hash(c->key, c->v[i].key, c->v[i].len) &
                 (cap - 1);
             v[j].key;
             j = (j + 1) & (cap - 1))
            ;
        v[j] = c->v[i];
    }
    free(c->v);
    c->v = v;
    c->cap = cap;
    return 0;
}

/* Count S (LEN bytes; NULL: none) in C. Returns -1 when memory ran out. */
static int
count(struct ugpy_counter *c, const char *s, size_t len)
{
    size_t i, mask;

    if (s == NULL) {
        c->none++;
        return 0;
    }
    if (c->used * 2 >= c->cap && grow(c))
        return -1;
    mask = c->cap - 1;
    for (i = (size_t)urigrep_hash(c->key, s, len) & mask; c->v[i].key;
         i = (i + 1) & mask)
        if (c->v[i].len == len && memcmp(c->v[i].key, s, len) == 0) {
            c->v[i].n++;
            return 0;
        }
    if ((c->v[i].key = malloc(len ? len : 1)) == NULL)
        return -1;
    memcpy(c->v[i].key, s, len);
    c->v[i].len = len;
    c->v[i].n = 1;
    c->used++;
    return 0;
}

/* R as a JSON line at the end of D's buffer, and counted. */
static int
add_json(struct ugpy_doc *d, const struct urigrep_ref *r)
{
    struct urigrep_span parts[URIGREP_PART_COUNT];
    struct urigrep_ref t = *r;
    enum urigrep_status rc;
    size_t n = 4096;

    t.line += d->line_base;
    if (t.message)
        t.message += d->message_base;
    do {
        if (reserve(&d->buf, n))
            return 0;
        rc = urigrep_ref_json(&t, &d->jopt, d->buf.data + d->buf.len,
                              d->buf.cap - d->buf.len, &n);
    } while (rc == URIGREP_ERR_TOO_LONG);
    if (rc != URIGREP_OK)
        return 0;
    d->buf.len += n;
    d->records++;
    urigrep_uri_split(r->uri.ptr, r->uri.len, parts);
    return count(&d->schemes, parts[URIGREP_PART_SCHEME].ptr,
                 parts[URIGREP_PART_SCHEME].len) == 0 &&
           count(&d->hosts, parts[URIGREP_PART_HOST].ptr,
                 parts[URIGREP_PART_HOST].len) == 0;
}

/* ---- the pipe: a mapped document scanned by a thread of its own ---- */

/*
 * With two CPUs, scan() of a file or of bytes runs the extractor
 * in a thread that never takes the GIL, while the caller's thread makes
 * dicts of the records found so far and yields them. The thread copies
 * each record into a batch (struct ugpy_rec: the struct, then its
 * strings); UGPY_SLOTS batches of about UGPY_BATCH bytes at most are
 * held, the thread waits when all are full: memory is bounded by the
 * batches (and the longest record), never by the document. Records keep
 * their order: the batches are a ring taken in turn.
 */

/* Batches held, and the size at which one is handed over. */
enum { UGPY_SLOTS = 4, UGPY_BATCH = 64 * 1024 };

/* The string fields of struct urigrep_ref a dict reads: spans, then
 * NUL-terminated strings (the context is not copied: no key has it). */
enum { UGPY_SPANS = 6, UGPY_CSTRS = 10 };
static const size_t span_at[UGPY_SPANS] = {
    offsetof(struct urigrep_ref, ref), offsetof(struct urigrep_ref, uri),
    offsetof(struct urigrep_ref, target), offsetof(struct urigrep_ref, text),
    offsetof(struct urigrep_ref, host_ascii),
    offsetof(struct urigrep_ref, host_unicode)
};
static const size_t cstr_at[UGPY_CSTRS] = {
    offsetof(struct urigrep_ref, base),
    offsetof(struct urigrep_ref, message_id),
    offsetof(struct urigrep_ref, subject), offsetof(struct urigrep_ref, part),
    offsetof(struct urigrep_ref, content_type),
    offsetof(struct urigrep_ref, charset),
    offsetof(struct urigrep_ref, wrapper),
    offsetof(struct urigrep_ref, warc_record_id),
    offsetof(struct urigrep_ref, warc_target_uri),
    offsetof(struct urigrep_ref, warc_date)
};

/* A record in a batch: its struct, where each string lies from the
 * record's start (0: NULL), then the strings' bytes. */
struct ugpy_rec {
    size_t size;                 /* bytes to the next record */
    size_t at[UGPY_SPANS + UGPY_CSTRS];
    struct urigrep_ref r;        /* its pointers are not used */
};

struct ugpy_pipe {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;           /* a batch, a free slot, the end or stop */
    struct ugpy_bytes slot[UGPY_SLOTS];
    unsigned head, count;        /* the batches handed over, in order */
    unsigned fill;               /* the thread's: the slot it fills */
    const char *src;             /* the document, LEN bytes; or NULL: */
    int fd;                      /* bytes 0..LEN of this file (pread) */
    size_t len, piece;           /* fed PIECE bytes at a time */
    int stop;                    /* the caller asks the thread to end */
    int end;                     /* 0 running, 1 a feed failed, 2 done */
    int status;                  /* the extractor's, at the end */
    pid_t pid;                   /* the process that made the thread */
};

static struct urigrep_span *
span_field(struct urigrep_ref *r, int i)
{
    return (struct urigrep_span *)(void *)((char *)r + span_at[i]);
}

static const char **
cstr_field(struct urigrep_ref *r, int i)
{
    return (const char **)(void *)((char *)r + cstr_at[i]);
}

/* Append a copy of R and its strings to the batch B. Returns -1 when
 * memory ran out. */
static int
rec_put(struct ugpy_bytes *b, const struct urigrep_ref *r)
{
    struct urigrep_ref t = *r;
    size_t len[UGPY_SPANS + UGPY_CSTRS], need = sizeof(struct ugpy_rec);
    size_t at = need, align = _Alignof(struct ugpy_rec);
    struct ugpy_rec *rec;
    const char *s[UGPY_SPANS + UGPY_CSTRS];
    int i;

    for (i = 0; i < UGPY_SPANS + UGPY_CSTRS; i++) {
        if (i < UGPY_SPANS) {
            s[i] = span_field(&t, i)->ptr;
            len[i] = span_field(&t, i)->len;
        } else {
            s[i] = *cstr_field(&t, i - UGPY_SPANS);
            len[i] = s[i] ? strlen(s[i]) + 1 : 0;
        }
        need += s[i] ? len[i] : 0;
    }
    need = (need + align - 1) / align * align;
    if (reserve(b, need))
        return -1;
    rec = (struct ugpy_rec *)(void *)(b->data + b->len);
    rec->size = need;
    rec->r = t;
    for (i = 0; i < UGPY_SPANS + UGPY_CSTRS; i++) {
        rec->at[i] = s[i] ? at : 0;
        if (s[i] && len[i])
            memcpy((char *)rec + at, s[i], len[i]);
        at += s[i] ? len[i] : 0;
    }
    b->len += need;
    return 0;
}

/* The record REC as a struct urigrep_ref in *R, its strings in REC. */
static void
rec_get(const struct ugpy_rec *rec, struct urigrep_ref *r)
{
    const char *base = (const char *)rec;
    int i;

    *r = rec->r;
    for (i = 0; i < UGPY_SPANS; i++)
        span_field(r, i)->ptr = rec->at[i] ? base + rec->at[i] : NULL;
    for (i = 0; i < UGPY_CSTRS; i++)
        *cstr_field(r, i) = rec->at[UGPY_SPANS + i]
                                ? base + rec->at[UGPY_SPANS + i] : NULL;
    r->context.ptr = NULL;
    r->context.len = 0;
}

/* The thread: hand the batch it fills over if it holds records, then
 * wait for a free slot. Returns false when the caller asked it to stop. */
static int
pipe_hand_over(struct ugpy_pipe *p)
{
    int go;

    pthread_mutex_lock(&p->mu);
    if (p->slot[p->fill].len) {
        p->count++;
        p->fill = (p->fill + 1) % UGPY_SLOTS;
        pthread_cond_broadcast(&p->cv);
    }
    while (p->count == UGPY_SLOTS && !p->stop)
        pthread_cond_wait(&p->cv, &p->mu);
    go = !p->stop;
    pthread_mutex_unlock(&p->mu);
    return go;
}

/* Has the caller asked the thread to stop? */
static int
pipe_stopped(struct ugpy_pipe *p)
{
    int stop;

    pthread_mutex_lock(&p->mu);
    stop = p->stop;
    pthread_mutex_unlock(&p->mu);
    return stop;
}

/* The callback's half in the thread: R into the batch, handed over
 * when it is full. Returns nonzero to stop the extractor. */
static int
pipe_add(struct ugpy_doc *d, const struct urigrep_ref *r)
{
    struct ugpy_pipe *p = d->pipe;
    struct ugpy_bytes *b = &p->slot[p->fill];

    if (fail(d, 0) || rec_put(b, r)) {
        d->nomem = 1;
        return 1;
    }
    return b->len >= UGPY_BATCH && !pipe_hand_over(p);
}

/* The thread's body: the document fed a piece at a time, then finished;
 * each piece's records handed over after it. A file that ends before
 * its piece does (cut short: said by a notice) is finished there. */
static void *
pipe_run(void *arg)
{
    struct ugpy_doc *d = arg;
    struct ugpy_pipe *p = d->pipe;
    size_t at = 0, n;
    uint64_t fed;
    int rc = URIGREP_OK, end = 1, go = 1;

    while (go && at < p->len && (rc == URIGREP_OK ||
                                 rc == URIGREP_ERR_STOPPED)) {
        n = p->len - at < p->piece ? p->len - at : p->piece;
        fed = n;
        rc = p->src ? urigrep_extractor_feed(d->x, p->src + at, n)
                    : urigrep_extractor_feed_fd(d->x, p->fd, at, n, &fed);
        if (d->nomem)
            rc = URIGREP_ERR_NOMEM;
        at += n;
        go = !pipe_stopped(p);
        if (fed < n)
            break;
    }
    if (go && (rc == URIGREP_OK || rc == URIGREP_ERR_STOPPED)) {
        rc = urigrep_extractor_finish(d->x);
        end = 2;
    }
    pthread_mutex_lock(&p->mu);
    if (p->slot[p->fill].len && !p->stop)
        p->count++;   /* its slot is free: hand_over() waited for one */
    p->end = end;
    p->status = d->nomem ? URIGREP_ERR_NOMEM : rc;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* Scan the LEN bytes at SRC (which must stay as they are until
 * ugpy_stop()), or SRC NULL bytes 0..LEN of the regular file open as FD
 * (read by the library: ugpy_feed_fd()), in a thread of its own, PIECE
 * bytes a feed, then finish the document; ugpy_next() takes its
 * records. Signals are blocked in the thread (Python's handlers run in
 * its main thread). Returns URIGREP_OK, or URIGREP_ERR_NOMEM when no
 * thread could be made (then feed D as usual). */
int
ugpy_start(struct ugpy_doc *d, const char *src, size_t len, size_t piece,
           int fd)
{
    struct ugpy_pipe *p = calloc(1, sizeof *p);
    sigset_t all, old;
    int rc;

    if (p == NULL)
        return URIGREP_ERR_NOMEM;
    p->src = src;
    p->len = len;
    p->piece = piece ? piece : 1;
    p->fd = fd;
    p->pid = getpid();
    if (pthread_mutex_init(&p->mu, NULL)) {
        free(p);
        return URIGREP_ERR_NOMEM;
    }
    if (pthread_cond_init(&p->cv, NULL)) {
        pthread_mutex_destroy(&p->mu);
        free(p);
        return URIGREP_ERR_NOMEM;
    }
    d->pipe = p;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    rc = pthread_create(&p->thread, NULL, pipe_run, d);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc) {
        d->pipe = NULL;
        pthread_cond_destroy(&p->cv);
        pthread_mutex_destroy(&p->mu);
        free(p);
        return URIGREP_ERR_NOMEM;
    }
    return URIGREP_OK;
}

/* The records of the batch B as dicts appended to D's list. Takes the
 * GIL. Returns false when Python failed. */
static int
batch_dicts(struct ugpy_doc *d, const struct ugpy_bytes *b)
{
    PyGILState_STATE g = PyGILState_Ensure();
    const struct ugpy_rec *rec;
    struct urigrep_ref r;
    size_t at;
    int ok = 1;

    for (at = 0; ok && at < b->len; at += rec->size) {
        rec = (const struct ugpy_rec *)(const void *)(b->data + at);
        rec_get(rec, &r);
        ok = append_dict(d, (PyObject *)d->out, &r);
    }
    PyGILState_Release(g);
    return ok;
}

/* Wait for the next batch of the thread ugpy_start() made and append
 * its records to D's list as dicts. Returns URIGREP_OK (*END 0), or
 * URIGREP_ERR_NOMEM when Python failed; once every record was taken,
 * sets *END (1: a feed failed, 2: the document was finished) and
 * returns the extractor's last status. *END is 3 in a process forked
 * meanwhile, which has no such thread. Call without the GIL. */
int
ugpy_next(struct ugpy_doc *d, int *end)
{
    struct ugpy_pipe *p = d->pipe;
    struct ugpy_bytes *b;
    int ok;

    *end = 0;
    if (getpid() != p->pid) {
        *end = 3;
        return URIGREP_ERR_STOPPED;
    }
    pthread_mutex_lock(&p->mu);
    while (p->count == 0 && p->end == 0)
        pthread_cond_wait(&p->cv, &p->mu);
    if (p->count == 0) {
        *end = p->end;
        ok = p->status;
        pthread_mutex_unlock(&p->mu);
        return ok;
    }
    b = &p->slot[p->head];
    pthread_mutex_unlock(&p->mu);
    ok = batch_dicts(d, b);
    b->len = 0;
    pthread_mutex_lock(&p->mu);
    p->head = (p->head + 1) % UGPY_SLOTS;
    p->count--;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    return ok ? URIGREP_OK : URIGREP_ERR_NOMEM;
}

/* Stop the thread of ugpy_start() wherever it is, wait for it to end
 * and free its batches; nothing when there is none. The document it
 * read may then be freed. In a process forked meanwhile, where the
 * thread is not and its lock and the extractor may be as it left them
 * half way, nothing is touched (ugpy_free() then leaves them). Call
 * without the GIL. */
void
ugpy_stop(struct ugpy_doc *d)
{
    struct ugpy_pipe *p = d->pipe;
    int i;

    if (p == NULL)
        return;
    if (getpid() != p->pid) {
        d->pipe = NULL;
        d->forked = 1;
        return;
    }
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->thread, NULL);
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
    for (i = 0; i < UGPY_SLOTS; i++)
        free(p->slot[i].data);
    free(p);
    d->pipe = NULL;
}

int ugpy_json_flush(struct ugpy_doc *d, int out);

/* The extractor's callback: a record to the list or the buffer; JSON
 * going to a sink, the buffer written there once it holds UGPY_PIECE. */
static int
on_ref(void *arg, const struct urigrep_ref *r)
{
    struct ugpy_doc *d = arg;
    int rc;

    if (d->pipe)
        return pipe_add(d, r);
    if (!(d->json ? add_json(d, r) : add_dict(d, r))) {
        d->nomem = 1;
        return 1;
    }
    if (d->sink >= 0 && d->buf.len >= UGPY_PIECE &&
        (rc = ugpy_json_flush(d, d->sink)) != 0) {
        d->sink_errno = -rc;
        return 1;   /* the feed stops: nothing more can be written */
    }
    return 0;
}

/* Append S (LEN bytes; S NULL: none) to B as a field of a notice: '-'
 * for none, else '=' and the bytes, then a NUL. Returns 0, -1 when
 * memory ran out. */
static int
note_field(struct ugpy_bytes *b, const char *s, size_t len)
{
    if (reserve(b, len + 2))
        return -1;
    b->data[b->len++] = s ? '=' : '-';
    if (s)
        memcpy(b->data + b->len, s, len);
    b->len += s ? len : 0;
    b->data[b->len++] = '\0';
    return 0;
}

/* The extractor's notice callback (urigrep_notice_fn): N packed into
 * D's notices, with the "file" of the records of the moment (JSON), for
 * ugpy_notices(): "KIND LINE COUNT", the file, DETAIL, MESSAGE_ID and
 * REF, each a note_field(). Under the pipe's lock when a thread feeds
 * the document. */
static void
on_notice(void *arg, const struct urigrep_notice *n)
{
    struct ugpy_doc *d = arg;
    struct ugpy_bytes *b = &d->notes;
    size_t was = b->len;
    char head[80];
    int k = snprintf(head, sizeof head, "%u %llu %llu", (unsigned)n->kind,
                     (unsigned long long)n->line,
                     (unsigned long long)n->count);

    if (d->pipe)
        pthread_mutex_lock(&d->pipe->mu);
    if (d->notes_count >= UGPY_NOTES_MAX ||
        note_field(b, head, (size_t)k) ||
        note_field(b, d->jopt.file, d->jopt.file ? strlen(d->jopt.file) : 0) ||
        note_field(b, n->detail, n->detail ? strlen(n->detail) : 0) ||
        note_field(b, n->message_id,
                   n->message_id ? strlen(n->message_id) : 0) ||
        note_field(b, n->ref.ptr, n->ref.len)) {
        b->len = was;
        d->notes_dropped++;
    } else {
        d->notes_count++;
    }
    if (d->pipe)
        pthread_mutex_unlock(&d->pipe->mu);
}

/* The notices heard since the last call, as on_notice() packs them, in
 * *DATA (LEN bytes: D's until the next call), and *DROPPED those past
 * UGPY_NOTES_MAX that were only counted; both start again from none. */
void
ugpy_notices(struct ugpy_doc *d, char **data, size_t *len,
             uint64_t *dropped)
{
    struct ugpy_bytes t;

    if (d->pipe)
        pthread_mutex_lock(&d->pipe->mu);
    t = d->taken;
    d->taken = d->notes;
    d->notes = t;
    d->notes.len = 0;
    *dropped = d->notes_dropped;
    d->notes_dropped = 0;
    d->notes_count = 0;
    if (d->pipe)
        pthread_mutex_unlock(&d->pipe->mu);
    *data = d->taken.data;
    *len = d->taken.len;
}

/* ---- the document ---- */

/* Create a document reader with extractor options O: records as dicts
 * appended to the list of id() OUT, "file" the object of id() FILE; or,
 * OUT 0, as JSON Lines ("file" set by ugpy_json_target()). Returns a
 * status; *RES is NULL on failure. Free with ugpy_free(). */
int
ugpy_new(const struct urigrep_extract_options *o, uintptr_t out,
         uintptr_t file, struct ugpy_doc **res)
{
    struct ugpy_doc *d = calloc(1, sizeof *d);
    const char *fail_at = getenv("URIGREP_PY_FAIL_AT");
    enum urigrep_status rc;

    *res = NULL;
    if (d == NULL)
        return URIGREP_ERR_NOMEM;
    if (fail_at) {
        d->fail_dict = *fail_at == 'd';
        d->fail_at = strtoull(fail_at + d->fail_dict, NULL, 10);
    }
    d->out = out;
    d->file = file;
    d->json = out == 0;
    d->sink = -1;
    d->type = o->type;
    d->jopt.size = sizeof d->jopt;
    d->jopt.epoch = -1;
    if ((rc = urigrep_extractor_new(o, on_ref, on_notice, d, &d->x)) !=
        URIGREP_OK) {
        free(d);
        return rc;
    }
    *res = d;
    return URIGREP_OK;
}

/* JSON: the "file" of the records to come (NULL: null), and a
 * public-inbox message's COMMIT (NULL: none) and EPOCH (-1: null). The
 * strings are borrowed until the next call. */
void
ugpy_json_target(struct ugpy_doc *d, const char *file, const char *commit,
                 long epoch)
{
    d->jopt.file = file;
    d->jopt.commit = commit;
    d->jopt.epoch = epoch;
}

/* Empty the JSON buffer (its bytes written out). */
void
ugpy_clear(struct ugpy_doc *d)
{
    d->buf.len = 0;
}

/* Feed LEN bytes at BUF. Returns the extractor's status, URIGREP_ERR_NOMEM
 * if a record could not be made. */
int
ugpy_feed(struct ugpy_doc *d, const char *buf, size_t len)
{
    enum urigrep_status rc = urigrep_extractor_feed(d->x, buf, len);

    return d->nomem ? URIGREP_ERR_NOMEM : rc;
}

/* End the document; its last records are made. */
int
ugpy_finish(struct ugpy_doc *d)
{
    enum urigrep_status rc = urigrep_extractor_finish(d->x);

    return d->nomem ? URIGREP_ERR_NOMEM : rc;
}

/* The next document is of TYPE (enum urigrep_doc_type), its message
 * numbers counting after MESSAGE (urigrep_extractor_set_origin()). */
int
ugpy_origin(struct ugpy_doc *d, int type, uint64_t message)
{
    return urigrep_extractor_set_origin(d->x, (enum urigrep_doc_type)type,
                                        0, 0, message);
}

/* A .warc.gz read member by member: the bytes fed next are those of the
 * gzip member at OFFSET of the file (GAP: data before it was lost); the
 * first call makes the document a WARC. Returns the extractor's status. */
int
ugpy_member(struct ugpy_doc *d, uint64_t offset, int gap)
{
    enum urigrep_status rc;

    if (!d->warc_members) {
        rc = urigrep_extractor_set_origin(d->x, URIGREP_DOC_WARC, 0, 0, 0);
        if (rc != URIGREP_OK)
            return rc;
        d->warc_members = 1;
    }
    rc = urigrep_extractor_member(d->x, offset, gap);
    return d->nomem ? URIGREP_ERR_NOMEM : rc;
}

/* The bytes of the file open as FD from START to END (END 0: to its
 * end) to D's extractor, a piece at a time into SCRATCH (SIZE bytes),
 * whose first HAVE bytes hold those at START already (HAVE less than
 * asked for: the file's end). Returns a status, or -errno. */
static int
feed_fd(struct ugpy_doc *d, int fd, uint64_t start, uint64_t end,
        char *scratch, size_t size, size_t have, int at_end)
{
    uint64_t at = start + have;
    int rc = have ? ugpy_feed(d, scratch, have) : URIGREP_OK;

    while (rc == URIGREP_OK && !at_end && (end == 0 || at < end)) {
        size_t want = end && end - at < size ? (size_t)(end - at) : size;
        ssize_t k = pread(fd, scratch, want, (off_t)at);

        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return -errno;
        if (k == 0)
            break;
        at += (uint64_t)k;
        rc = ugpy_feed(d, scratch, (size_t)k);
    }
    return rc;
}

/* Feed LEN bytes at OFFSET of the regular file open as FD, read by the
 * library (urigrep_extractor_feed_fd(): pread(), never a mapping, so a
 * file cut short meanwhile is a damage notice, not SIGBUS); *FED gets
 * the bytes fed, fewer than LEN when the file ended early (said). Returns
 * as ugpy_feed(). */
int
ugpy_feed_fd(struct ugpy_doc *d, int fd, uint64_t offset, uint64_t len,
             uint64_t *fed)
{
    enum urigrep_status rc = urigrep_extractor_feed_fd(d->x, fd, offset,
                                                       len, fed);

    return d->nomem ? URIGREP_ERR_NOMEM : rc;
}

/* Read up to N bytes at OFFSET of the file open as the descriptor in ARG
 * into BUF (urigrep_read_at_fn): how many, fewer at its end, (size_t)-1
 * on error. */
static size_t
read_again(void *arg, uint64_t offset, char *buf, size_t n)
{
    int fd = (int)(intptr_t)arg;
    size_t got = 0;

    while (got < n) {
        ssize_t k = pread(fd, buf + got, n - got, (off_t)(offset + got));

        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return (size_t)-1;
        if (k == 0)
            break;
        got += (size_t)k;
    }
    return got;
}

/* Let D's document be read again from the regular file open as FD where
 * a Content-Length ends (urigrep_extractor_set_read_at()), as the
 * command reads a file; FD must stay open until the document ends. */
void
ugpy_read_again(struct ugpy_doc *d, int fd)
{
    urigrep_extractor_set_read_at(d->x, read_again, (void *)(intptr_t)fd);
}

/* JSON: the bytes of the file open as FD from START to END (END 0: to
 * its end) to D, its first HAVE bytes at SCRATCH already (AT_END: all
 * there is); of a regular file, the rest up to the size fstat() gives
 * read by the library (ugpy_feed_fd(): a file cut short meanwhile is
 * said to have shrunk, and nothing after is read), then what follows (a
 * file that grew meanwhile) read as before. */
static int
feed_range(struct ugpy_doc *d, int fd, uint64_t start, uint64_t end,
           size_t have, int at_end)
{
    struct stat st;
    uint64_t size, to, from = start + have, fed;
    int rc;

    if (at_end || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return feed_fd(d, fd, start, end, d->scratch, UGPY_PIECE, have,
                       at_end);
    size = (uint64_t)st.st_size;
    to = end && end < size ? end : size;
    rc = ugpy_feed(d, d->scratch, have);
    if (rc != URIGREP_OK || to <= from)
        return rc;
    rc = ugpy_feed_fd(d, fd, from, to - from, &fed);
    if (rc == URIGREP_OK && fed == to - from && (end == 0 || to < end))
        rc = feed_fd(d, fd, to, end, d->scratch, UGPY_PIECE, 0, 0);
    return rc;
}

/* JSON: bytes START..END (END 0: the rest) of the file PATH as one
 * document, of TYPE (enum urigrep_doc_type; -1: the options' type, and
 * the document no piece of another), read as feed_range() reads it; a
 * text or HTML document with a NUL in its first 32 KiB is skipped, as
 * the command skips a binary file, unless ANY_BYTES. Its records are
 * appended to the buffer, which is written to OUT (-1: kept) whenever
 * it holds UGPY_PIECE bytes (on_ref()), so that a range of many links
 * holds no more than that. Returns a status, or -errno when the file
 * cannot be read or OUT written. */
int
ugpy_json_file(struct ugpy_doc *d, const char *path, uint64_t start,
               uint64_t end, int type, int any_bytes, int out)
{
    enum { PEEK = 32 * 1024 };
    char *scratch = d->scratch;
    int fd = -1, rc, t = type >= 0 ? type : d->type;
    ssize_t k;

    if (scratch == NULL &&
        (scratch = d->scratch = malloc(UGPY_PIECE)) == NULL)
        return URIGREP_ERR_NOMEM;
    d->sink = out;
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
        rc = -errno;
        goto done;
    }
    do
        k = pread(fd, scratch, PEEK, (off_t)start);
    while (k < 0 && errno == EINTR);
    if (k < 0) {
        rc = -errno;
        goto done;
    }
    if (end && (uint64_t)k > end - start)
        k = (ssize_t)(end - start);
    if (t == URIGREP_DOC_AUTO)
        t = (int)urigrep_detect(scratch, (size_t)k);
    rc = URIGREP_OK;
    if (!any_bytes && (t == URIGREP_DOC_TEXT || t == URIGREP_DOC_HTML) &&
        memchr(scratch, '\0', (size_t)k))
        goto done;
    /* a piece's offsets are the file's (a WARC record's warc_offset) */
    if (type >= 0)
        rc = urigrep_extractor_set_origin(d->x, (enum urigrep_doc_type)type,
                                          0, start, 0);
    /* the file is read again where a Content-Length ends (WARC, mboxcl),
     * as the command reads it */
    if (rc == URIGREP_OK && (start == 0 || type >= 0))
        urigrep_extractor_set_read_at(d->x, read_again, (void *)(intptr_t)fd);
    /* the bytes peeked at are fed as they are: a small file is read
     * once */
    if (rc == URIGREP_OK)
        rc = feed_range(d, fd, start, end, (size_t)k, k < PEEK);
    if (rc == URIGREP_OK || rc == URIGREP_ERR_STOPPED)
        rc = ugpy_finish(d);
    else
        urigrep_extractor_reset(d->x);
    if (d->sink_errno)
        rc = -d->sink_errno;
done:
    d->sink = -1;
    d->sink_errno = 0;
    if (fd >= 0)
        close(fd);
    return rc;
}

/* JSON: write the buffer to the file descriptor OUT and empty it.
 * Returns 0, or -errno. */
int
ugpy_json_flush(struct ugpy_doc *d, int out)
{
    size_t at = 0;

    while (at < d->buf.len) {
        ssize_t k = write(out, d->buf.data + at, d->buf.len - at);

        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return -errno;
        at += (size_t)k;
    }
    d->buf.len = 0;
    return 0;
}

/* JSON: the N files whose names PATHS holds, each ended by a NUL, each
 * a whole document of TYPE as ugpy_json_file() reads it and named so in
 * its records; the buffer written to OUT whenever it holds 1 MiB, and
 * at the end. One call for a task's small files: no Python between
 * them. *DONE gets the files read. Returns a status, or -errno when the
 * file at *DONE cannot be read, or OUT cannot be written (*DONE is then
 * N + 1). */
int
ugpy_json_files(struct ugpy_doc *d, const char *paths, size_t n, int type,
                int any_bytes, int out, size_t *done)
{
    const char *p = paths;
    size_t i;
    int rc = URIGREP_OK;

    d->line_base = d->message_base = 0;
    d->jopt.commit = NULL;
    d->jopt.epoch = -1;
    for (i = 0; i < n && rc == URIGREP_OK; i++, p += strlen(p) + 1) {
        d->jopt.file = p;
        rc = ugpy_json_file(d, p, 0, 0, type, any_bytes, out);
        if (rc == URIGREP_ERR_STOPPED)
            rc = URIGREP_OK;
        if (rc != URIGREP_OK)
            break;
        if (d->buf.len >= UGPY_PIECE && (rc = ugpy_json_flush(d, out)))
            i = n;
    }
    *done = i;
    d->jopt.file = NULL;
    if (rc == URIGREP_OK && (rc = ugpy_json_flush(d, out)))
        *done = n + 1;
    return rc;
}

/* Append code point CP to B as UTF-8 (B has room for 4 bytes more). */
static void
put_utf8(struct ugpy_bytes *b, uint32_t cp)
{
    unsigned char *o = (unsigned char *)b->data + b->len;

    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        b->len += 1;
    } else if (cp < 0x800) {
        o[0] = (unsigned char)(0xc0 | cp >> 6);
        o[1] = (unsigned char)(0x80 | (cp & 0x3f));
        b->len += 2;
    } else if (cp < 0x10000) {
        o[0] = (unsigned char)(0xe0 | cp >> 12);
        o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
        o[2] = (unsigned char)(0x80 | (cp & 0x3f));
        b->len += 3;
    } else {
        o[0] = (unsigned char)(0xf0 | cp >> 18);
        o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
        o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
        o[3] = (unsigned char)(0x80 | (cp & 0x3f));
        b->len += 4;
    }
}

/* The 4 hex digits at S (END: the line's end) as a number, or -1. */
static long
hex4(const char *s, const char *end)
{
    long v = 0;
    int i;

    if (end - s < 4)
        return -1;
    for (i = 0; i < 4; i++) {
        int c = (unsigned char)s[i];
        int x = c >= '0' && c <= '9' ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

        if (x < 0)
            return -1;
        v = v * 16 + x;
    }
    return v;
}

/* The JSON string whose opening quote is at S (END: its line's end)
 * decoded into B as UTF-8: what output_json_string() wrote (\" and \\,
 * \uXXXX and surrogate pairs, JSON's other escapes too). Returns the
 * byte past its closing quote, or NULL when there is none, an escape is
 * not JSON's or memory ran out. */
static const char *
json_string(struct ugpy_bytes *b, const char *s, const char *end)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";

    b->len = 0;
    for (s++; s < end && *s != '"'; s++) {
        const char *e;
        long u, lo;

        if (reserve(b, 4))
            return NULL;
        if (*s != '\\') {
            b->data[b->len++] = *s;
            continue;
        }
        if (++s == end)
            return NULL;
        if (*s != 'u') {
            if ((e = memchr(from, *s, sizeof from - 1)) == NULL)
                return NULL;
            b->data[b->len++] = to[e - from];
            continue;
        }
        if ((u = hex4(s + 1, end)) < 0)
            return NULL;
        s += 4;
        if (u >= 0xd800 && u < 0xdc00 && end - s > 6 && s[1] == '\\' &&
            s[2] == 'u' && (lo = hex4(s + 3, end)) >= 0xdc00 &&
            lo < 0xe000) {
            u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
            s += 6;
        }
        put_utf8(b, (uint32_t)u);
    }
    return s < end ? s + 1 : NULL;
}

/* Count the value of the key KEY (",\"name\":", LEN bytes) of the
 * record that the JSON Lines line LINE..END holds into C: null as a
 * record without one, a string decoded (json_string()). A value string
 * cannot hold KEY (its quotes are escaped), so its first occurrence is
 * the key. Returns 0, or -1 (no such key, a value of another kind, or
 * memory ran out). */
static int
count_key(struct ugpy_doc *d, struct ugpy_counter *c, const char *line,
          const char *end, const char *key, size_t len)
{
    const char *v = memmem(line, (size_t)(end - line), key, len);

    if (v == NULL)
        return -1;
    v += len;
    if (end - v >= 4 && memcmp(v, "null", 4) == 0)
        return count(c, NULL, 0);
    if (v == end || *v != '"' || json_string(&d->key, v, end) == NULL)
        return -1;
    return count(c, d->key.data ? d->key.data : "", d->key.len);
}

/* Count the record on the JSON Lines line LINE..END into D (count_key()):
 * 0, or 1 when it is not such a record or memory ran out. */
static int
json_count_line(struct ugpy_doc *d, const char *line, const char *end)
{
    if (count_key(d, &d->schemes, line, end, ",\"scheme\":", 10) ||
        count_key(d, &d->hosts, line, end, ",\"host\":", 8))
        return 1;
    d->records++;
    return 0;
}

/* JSON: the records that the command wrote as JSON Lines (urigrep
 * --json) to bytes START..END of the regular file open as FD, counted
 * into D by their "scheme" and "host" as the records D makes are, and
 * among D's records. One pass in C, read with pread() a block at a time
 * (a line across two carried on): a public-inbox task's records cost no
 * Python, and a file cut short meanwhile is an early end, where a
 * mapping of it took SIGBUS. Returns 0, -errno when a read fails, 1 when
 * a line is not such a record or memory ran out (the counts are then
 * partial), 2 when the file ends before END (it shrank). */
int
ugpy_json_count(struct ugpy_doc *d, int fd, uint64_t start, uint64_t end)
{
    enum { BLOCK = 256 * 1024 };
    struct ugpy_bytes b = { NULL, 0, 0 };
    const char *line, *nl, *stop;
    int rc = 0;

    while (rc == 0 && start < end) {
        size_t want = end - start < BLOCK ? (size_t)(end - start) : BLOCK;
        ssize_t k;

        if (reserve(&b, want)) {
            rc = 1;
            break;
        }
        if ((k = pread(fd, b.data + b.len, want, (off_t)start)) < 0) {
            if (errno == EINTR)
                continue;
            rc = -errno;
            break;
        }
        if (k == 0) {
            rc = 2;
            break;
        }
        start += (uint64_t)k;
        b.len += (size_t)k;
        stop = b.data + b.len;
        for (line = b.data;
             rc == 0 && (nl = memchr(line, '\n', (size_t)(stop - line)));
             line = nl + 1)
            rc = json_count_line(d, line, nl);
        /* the start of a line the next block ends */
        b.len = (size_t)(stop - line);
        memmove(b.data, line, b.len);
    }
    if (rc == 0 && b.len > 0)
        rc = json_count_line(d, b.data, b.data + b.len);
    free(b.data);
    return rc;
}

/* The counts of D by scheme (WHICH 0) or host (1) as "KEY\0N\0" pairs
 * in *DATA (LEN bytes; the memory stays D's until the next call), those
 * without one as the first pair with an empty key preceded by \x01.
 * Returns 0, or -1 when memory ran out. */
int
ugpy_counts(struct ugpy_doc *d, int which, char **data, size_t *len)
{
    struct ugpy_counter *c = which ? &d->hosts : &d->schemes;
    char num[32];
    size_t i;
    int n;

    d->buf.len = 0;
    n = snprintf(num, sizeof num, "%llu", (unsigned long long)c->none);
    if (reserve(&d->buf, (size_t)n + 3))
        return -1;
    memcpy(d->buf.data, "\x01\0", 2);
    memcpy(d->buf.data + 2, num, (size_t)n + 1);
    d->buf.len = (size_t)n + 3;
    for (i = 0; i < c->cap; i++) {
        struct ugpy_slot *s = &c->v[i];

        if (s->key == NULL)
            continue;
        n = snprintf(num, sizeof num, "%llu", (unsigned long long)s->n);
        if (reserve(&d->buf, s->len + (size_t)n + 2))
            return -1;
        memcpy(d->buf.data + d->buf.len, s->key, s->len);
        d->buf.data[d->buf.len + s->len] = '\0';
        memcpy(d->buf.data + d->buf.len + s->len + 1, num, (size_t)n + 1);
        d->buf.len += s->len + (size_t)n + 2;
    }
    *data = d->buf.data;
    *len = d->buf.len;
    return 0;
}

static void
counter_free(struct ugpy_counter *c)
{
    size_t i;

    for (i = 0; i < c->cap; i++)
        free(c->v[i].key);
    free(c->v);
}

/* Free D; NULL is accepted. Takes the GIL for the memos' strs. */
void
ugpy_free(struct ugpy_doc *d)
{
    int i;

    if (d == NULL)
        return;
    ugpy_stop(d);
    if (d->forked)
        return;
    urigrep_extractor_free(d->x);
    if (!d->json) {
        PyGILState_STATE g = PyGILState_Ensure();

        for (i = 0; i < UGPY_MEMO_COUNT; i++)
            Py_XDECREF(d->memo[i].o);
        PyGILState_Release(g);
    }
    for (i = 0; i < UGPY_MEMO_COUNT; i++)
        free(d->memo[i].s);
    free(d->buf.data);
    free(d->key.data);
    free(d->notes.data);
    free(d->taken.data);
    free(d->scratch);
    counter_free(&d->schemes);
    counter_free(&d->hosts);
    free(d);
}
