# build_ext.py: compile urigrep._urigrep, the cffi extension over liburigrep.
# SPDX-License-Identifier: MIT
"""Build the extension module of the urigrep package with cffi (API mode).

    python3 python/build_ext.py \
        --include DIR --libdir DIR --rpath DIR --out DIR

--include names the directory of urigrep.h, --libdir the one holding
liburigrep.so to link with, --rpath where the module will find
liburigrep.so.1 at run time (the build tree's src/lib/.libs for a module
used in place, $(libdir) for an installed one, '' for none), --out the
directory that
receives the package: urigrep/_urigrep*.so and, when it is not this
directory, a copy of urigrep/*.py.  The Makefile's "python" and
"install-python" targets run this; see python/README.
"""

import argparse
import compileall
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile

import cffi

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "urigrep")

CDEF = """
typedef struct urigrep_uri urigrep_uri;
typedef struct urigrep_extractor urigrep_extractor;
struct urigrep_span { const char *ptr; size_t len; };
struct urigrep_scan_options {
    size_t size;
    size_t max_uri_length;
    int hyphen;
    unsigned flags;
    const char *const *schemes;
    size_t nschemes;
};
struct urigrep_extract_options {
    size_t size;
    int type;
    int rfc;
    const char *base;
    const char *charset;
    unsigned flags;
    struct urigrep_scan_options scan;
};
/* The header's constants, their values taken from urigrep.h when the
 * module is built (cffi's "..."): the module copies none by hand. */
enum urigrep_status { URIGREP_OK, URIGREP_ERR_ARG, URIGREP_ERR_STOPPED,
                      URIGREP_ERR_NO_PSL, ... };
enum urigrep_rfc { URIGREP_RFC1808, URIGREP_RFC2396, URIGREP_RFC3986, ... };
enum urigrep_hyphen { URIGREP_HYPHEN_KEEP, URIGREP_HYPHEN_DROP,
                      URIGREP_HYPHEN_BOTH, ... };
enum urigrep_doc_type { URIGREP_DOC_AUTO, URIGREP_DOC_TEXT, URIGREP_DOC_MAIL,
                        URIGREP_DOC_MBOX, URIGREP_DOC_HTML, URIGREP_DOC_LINES,
                        URIGREP_DOC_MBOXO, URIGREP_DOC_MBOXRD,
                        URIGREP_DOC_MBOXCL, URIGREP_DOC_MBOXCL2,
                        URIGREP_DOC_WARC, URIGREP_DOC_RNEWS, ... };
enum urigrep_notice_kind { URIGREP_NOTICE_TOO_LONG,
    URIGREP_NOTICE_LINE_TOO_LONG, URIGREP_NOTICE_ATTR_TOO_LONG,
    URIGREP_NOTICE_CHARSET, URIGREP_NOTICE_BAD_BYTES, URIGREP_NOTICE_TOO_DEEP,
    URIGREP_NOTICE_HEADERS_EARLY, URIGREP_NOTICE_IDNA, URIGREP_NOTICE_NO_IDNA,
    URIGREP_NOTICE_BAD_LENGTH, URIGREP_NOTICE_WRAPPER,
    URIGREP_NOTICE_WARC_DAMAGED, URIGREP_NOTICE_WARC_SKIPPED,
    URIGREP_NOTICE_WARC_BAD_PAYLOAD, URIGREP_NOTICE_NO_ZLIB,
    URIGREP_NOTICE_NO_TRUST, URIGREP_NOTICE_RNEWS, URIGREP_NOTICE_READ,
    ... };
#define URIGREP_SCAN_ABBREV ...
#define URIGREP_SCAN_ANY_SCHEME ...
#define URIGREP_SCAN_REFANG ...
#define URIGREP_EXTRACT_HEADERS ...
#define URIGREP_EXTRACT_NO_RESOLVE ...
#define URIGREP_EXTRACT_ASCII ...
#define URIGREP_EXTRACT_COLUMNS ...
#define URIGREP_EXTRACT_UNWRAP ...
#define URIGREP_EXTRACT_TRUST ...
#define URIGREP_NOTICE_DAMAGE ...
const char *urigrep_strerror(int status);
const char *urigrep_version(void);
const char *urigrep_delim_name(int d);
const char *urigrep_base_source_name(int s);
int urigrep_detect(const char *p, size_t n);
int urigrep_uri_parse(const char *ref, size_t len, int rfc, urigrep_uri **out);
int urigrep_uri_part(const urigrep_uri *u, int part,
                     struct urigrep_span *span);
int urigrep_uri_error(const urigrep_uri *u, size_t *err_off);
int urigrep_uri_is_absolute(const urigrep_uri *u);
void urigrep_uri_free(urigrep_uri *u);
int urigrep_validate(const char *ref, size_t len, int rfc, size_t *err_off);
int urigrep_resolve(const char *base, size_t base_len, const char *ref,
                    size_t ref_len, int rfc, char **out, size_t *out_len);
void urigrep_free(void *p);
/* urigrep/cut.h: how -j, scan() and the Dask runner cut a file */
enum urigrep_cut_way { URIGREP_CUT_NONE, URIGREP_CUT_LINES, URIGREP_CUT_FROM,
                       URIGREP_CUT_CHAIN, URIGREP_CUT_MEMBERS, ... };
#define URIGREP_CUT_DROP_PAGES ...
struct urigrep_cut_options {
    size_t size;
    enum urigrep_doc_type type;
    uint64_t piece;
    uint64_t search;
    unsigned flags;
};
struct urigrep_piece { uint64_t start; uint64_t end; uint64_t messages_before; };
struct urigrep_counts { uint64_t lines; uint64_t messages; };
typedef struct urigrep_cutter urigrep_cutter;
typedef struct urigrep_counter urigrep_counter;
int urigrep_cut_way(int type, const char *p, size_t n);
int urigrep_cutter_new(const char *p, size_t n,
                       const struct urigrep_cut_options *opt,
                       urigrep_cutter **out);
int urigrep_cutter_new_fd(int fd, uint64_t size,
                          const struct urigrep_cut_options *opt,
                          urigrep_cutter **out);
const char *urigrep_cutter_read_error(const urigrep_cutter *c, uint64_t *at);
int urigrep_cutter_way(const urigrep_cutter *c);
int urigrep_cutter_next(urigrep_cutter *c, struct urigrep_piece *piece);
void urigrep_cutter_free(urigrep_cutter *c);
int urigrep_count(const char *p, size_t n, int type, int doc_start,
                  struct urigrep_counts *out);
int urigrep_counter_new(int type, int doc_start, urigrep_counter **out);
int urigrep_counter_feed(urigrep_counter *c, const char *p, size_t n);
int urigrep_counter_counts(const urigrep_counter *c,
                           struct urigrep_counts *out);
void urigrep_counter_free(urigrep_counter *c);
size_t urigrep_warc_member(const char *p, size_t n, size_t from);
int urigrep_registered_domain(const char *host, size_t len, char **out,
                              size_t *out_len);
int urigrep_uri_normalize(const char *uri, size_t len, char **out,
                          size_t *out_len);
int urigrep_uri_defang(const char *uri, size_t len, char **out,
                       size_t *out_len);
unsigned urigrep_trust_features(void);
#define URIGREP_TRUST_PSL ...

struct ugpy_bytes {
    char *data;
    size_t len, cap;
};
struct ugpy_doc {
    uint64_t line_base;
    uint64_t message_base;
    struct ugpy_bytes buf;
    uint64_t records;
    ...;
};
int ugpy_init(void);
int ugpy_new(const struct urigrep_extract_options *o, uintptr_t out,
             uintptr_t file, struct ugpy_doc **res);
void ugpy_json_target(struct ugpy_doc *d, const char *file,
                      const char *commit, long epoch);
void ugpy_clear(struct ugpy_doc *d);
int ugpy_feed(struct ugpy_doc *d, const char *buf, size_t len);
int ugpy_feed_fd(struct ugpy_doc *d, int fd, uint64_t offset, uint64_t len,
                 uint64_t *fed);
int ugpy_finish(struct ugpy_doc *d);
int ugpy_origin(struct ugpy_doc *d, int type, uint64_t message);
int ugpy_member(struct ugpy_doc *d, uint64_t offset, int gap);
void ugpy_read_again(struct ugpy_doc *d, int fd);
int ugpy_json_file(struct ugpy_doc *d, const char *path, uint64_t start,
                   uint64_t end, int type, int any_bytes, int out);
int ugpy_json_flush(struct ugpy_doc *d, int out);
void ugpy_notices(struct ugpy_doc *d, char **data, size_t *len,
                  uint64_t *dropped);
int ugpy_json_count(struct ugpy_doc *d, int fd, uint64_t start, uint64_t end);
int ugpy_json_files(struct ugpy_doc *d, const char *paths, size_t n,
                    int type, int any_bytes, int out, size_t *done);
int ugpy_start(struct ugpy_doc *d, const char *src, size_t len,
               size_t piece, int fd);
int ugpy_next(struct ugpy_doc *d, int *end);
void ugpy_stop(struct ugpy_doc *d);
int ugpy_counts(struct ugpy_doc *d, int which, char **data, size_t *len);
void ugpy_free(struct ugpy_doc *d);
"""


def make_ffi(include, libdir, rpath):
    """Return the cffi.FFI that builds urigrep._urigrep."""
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    with open(os.path.join(HERE, "_batch.c"), encoding="utf-8") as f:
        source = f.read()
    ffi.set_source("urigrep._urigrep", source,
                   include_dirs=[include], library_dirs=[libdir],
                   libraries=["urigrep"],
                   runtime_library_dirs=[rpath] if rpath else [],
                   extra_compile_args=["-O2", "-Wall", "-Wextra",
                                       "-pthread"],
                   extra_link_args=["-pthread"])
    return ffi


def _pkg_config(var):
    """pkg-config's VAR of liburigrep, or None."""
    try:
        out = subprocess.run(["pkg-config", "--variable=" + var,
                              "liburigrep"], capture_output=True,
                             text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return out or None


def _system_libdir(libdir):
    """True when the dynamic linker searches LIBDIR without an rpath."""
    multiarch = sysconfig.get_config_var("MULTIARCH") or ""
    system = {"/lib", "/usr/lib", "/lib64", "/usr/lib64"}
    if multiarch:
        system |= {"/lib/" + multiarch, "/usr/lib/" + multiarch}
    return os.path.normpath(libdir) in system


def locate():
    """Return (include, libdir, rpath) of the liburigrep to build against.

    $URIGREP_INCLUDE and $URIGREP_LIBDIR when both are set (the rpath is
    $URIGREP_RPATH if set, empty for none, else the libdir); else this
    source tree's build (include/ and src/lib/.libs beside python/, an
    in-tree ./configure && make); else the installed library as
    pkg-config knows it (liburigrep-dev), with an rpath only when its
    libdir is not one the dynamic linker searches anyway."""
    inc = os.environ.get("URIGREP_INCLUDE")
    lib = os.environ.get("URIGREP_LIBDIR")
    if inc and lib:
        return inc, lib, os.environ.get("URIGREP_RPATH", lib)
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tree_lib = os.path.join(top, "src", "lib", ".libs")
    if (os.path.exists(os.path.join(top, "include", "urigrep.h")) and
            os.path.exists(os.path.join(tree_lib, "liburigrep.so"))):
        return os.path.join(top, "include"), tree_lib, tree_lib
    inc, lib = _pkg_config("includedir"), _pkg_config("libdir")
    if inc and lib:
        return inc, lib, "" if _system_libdir(lib) else lib
    raise SystemExit(
        "urigrep: liburigrep not found: install liburigrep-dev (Debian: "
        "apt-get install liburigrep-dev, or make install from the source "
        "tree), build the tree in place (./configure && make), or set "
        "URIGREP_INCLUDE and URIGREP_LIBDIR")


def locate_ffi():
    """The FFI for setup.py's cffi_modules, over the library locate()
    finds."""
    include, libdir, rpath = locate()
    return make_ffi(os.path.abspath(include), os.path.abspath(libdir), rpath)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--include", required=True)
    ap.add_argument("--libdir", required=True)
    ap.add_argument("--rpath", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    ffi = make_ffi(os.path.abspath(a.include), os.path.abspath(a.libdir),
                   a.rpath)
    with tempfile.TemporaryDirectory(prefix="urigrep-cffi.") as tmp:
        built = ffi.compile(tmpdir=tmp, verbose=False)
        dest = os.path.join(a.out, "urigrep")
        os.makedirs(dest, exist_ok=True)
        target = os.path.join(dest, os.path.basename(built))
        shutil.copyfile(built, target + ".tmp")
        os.replace(target + ".tmp", target)
    if not os.path.samefile(dest, HERE):
        for name in sorted(os.listdir(HERE)):
            if name.endswith(".py"):
                shutil.copyfile(os.path.join(HERE, name),
                                os.path.join(dest, name))
    # compiled once here, as an installed package is, not at each import
    # (which PYTHONDONTWRITEBYTECODE would otherwise make every run do)
    compileall.compile_dir(dest, maxlevels=0, quiet=1)
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
