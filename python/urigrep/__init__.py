# urigrep/__init__.py: the Python module over liburigrep.
# SPDX-License-Identifier: MIT
"""Find, validate and resolve URI references (RFC 2396) with liburigrep.

    >>> import urigrep
    >>> for rec in urigrep.scan(b"See <http://example.org/a\\n  b>."):
    ...     print(rec["uri"], rec["delimiter"])
    http://example.org/ab angle

scan() reads text, mail, mbox or HTML (a path, a binary file object, or
bytes) and yields one dict per reference with the keys and values that
``urigrep --json`` prints for it.  parse(), validate() and resolve() work
on one reference.
"""

import codecs
import collections
import os
import stat
import warnings
import zlib

from ._urigrep import ffi, lib

__all__ = ["scan", "scan_json", "parse", "validate", "resolve", "detect",
           "Validity", "registered_domain", "normalize", "defang", "Error",
           "Notice", "DamageWarning", "__version__"]

__version__ = ffi.string(lib.urigrep_version()).decode()


class Error(Exception):
    """A liburigrep call failed; STATUS is its enum urigrep_status value."""

    def __init__(self, status, what=None):
        self.status = status
        msg = _strerror(status)
        super().__init__(f"{what}: {msg}" if what else msg)


def _strerror(status):
    return ffi.string(lib.urigrep_strerror(status)).decode()


# --json writes a byte that does not start valid UTF-8 as U+FFFD, one for
# each such byte; Python's "replace" would take a truncated sequence as
# one.
def _fffd_each(e):
    return "\ufffd", e.start + 1


codecs.register_error("urigrep-fffd", _fffd_each)

# The header's constants, as the module was built against them (cffi
# reads their values from urigrep.h): none is copied by hand, and
# tests/test_constants.py checks them against the header.
_TYPES = {"auto": lib.URIGREP_DOC_AUTO, "text": lib.URIGREP_DOC_TEXT,
          "mail": lib.URIGREP_DOC_MAIL, "mbox": lib.URIGREP_DOC_MBOX,
          "html": lib.URIGREP_DOC_HTML, "lines": lib.URIGREP_DOC_LINES,
          "mboxo": lib.URIGREP_DOC_MBOXO, "mboxrd": lib.URIGREP_DOC_MBOXRD,
          "mboxcl": lib.URIGREP_DOC_MBOXCL,
          "mboxcl2": lib.URIGREP_DOC_MBOXCL2, "warc": lib.URIGREP_DOC_WARC,
          "rnews": lib.URIGREP_DOC_RNEWS}
_TYPE_NAMES = {v: k for k, v in _TYPES.items()}
_HYPHEN = {"keep": lib.URIGREP_HYPHEN_KEEP, "drop": lib.URIGREP_HYPHEN_DROP,
           "both": lib.URIGREP_HYPHEN_BOTH}
_RFCS = (lib.URIGREP_RFC1808, lib.URIGREP_RFC2396, lib.URIGREP_RFC3986)
_SCAN_ABBREV = lib.URIGREP_SCAN_ABBREV
_SCAN_ANY_SCHEME = lib.URIGREP_SCAN_ANY_SCHEME
_SCAN_REFANG = lib.URIGREP_SCAN_REFANG
_X_HEADERS = lib.URIGREP_EXTRACT_HEADERS
_X_NO_RESOLVE = lib.URIGREP_EXTRACT_NO_RESOLVE
_X_ASCII = lib.URIGREP_EXTRACT_ASCII
_X_COLUMNS = lib.URIGREP_EXTRACT_COLUMNS  # records give HTML text's column
_X_UNWRAP = lib.URIGREP_EXTRACT_UNWRAP    # and the target of a wrapped link
_X_TRUST = lib.URIGREP_EXTRACT_TRUST      # and text, mismatch, lookalike
_E_STOPPED = lib.URIGREP_ERR_STOPPED
_E_ARG = lib.URIGREP_ERR_ARG
_PEEK = 32 * 1024          # what the type and binariness are decided on
_KINDS = ("relative", "absolute")

if lib.ugpy_init() != 0:
    raise MemoryError("urigrep: cannot make the records' keys")


def _bytes(s, what):
    """S (str or bytes-like) as bytes; str is encoded as UTF-8."""
    if isinstance(s, str):
        return s.encode("utf-8", "surrogateescape")
    if isinstance(s, (bytes, bytearray, memoryview)):
        return bytes(s)
    raise TypeError(f"{what} must be str or bytes, not {type(s).__name__}")


def _rfc(rfc):
    if rfc not in _RFCS:
        raise ValueError(f"rfc must be one of {_RFCS}, not {rfc!r}")
    return rfc


def _options(keep, type, base, rfc, headers, charset, resolve, ascii,
             abbrev, any_scheme, schemes, hyphen, max_uri_length,
             refang=False):
    """struct urigrep_extract_options for scan()'s arguments; the cdata
    it points into are appended to KEEP so that they outlive it."""
    if type not in _TYPES:
        raise ValueError(f"type must be one of {sorted(_TYPES)}, "
                         f"not {type!r}")
    if hyphen not in _HYPHEN:
        raise ValueError(f"hyphen must be one of {sorted(_HYPHEN)}, "
                         f"not {hyphen!r}")
    o = ffi.new("struct urigrep_extract_options *")
    o.size = ffi.sizeof("struct urigrep_extract_options")
    o.type = _TYPES[type]
    o.rfc = _rfc(rfc)
    if base is not None and resolve:
        keep.append(ffi.new("char[]", _bytes(base, "base")))
        o.base = keep[-1]
    if charset is not None:
        keep.append(ffi.new("char[]", _bytes(charset, "charset")))
        o.charset = keep[-1]
    o.flags = ((_X_HEADERS if headers else 0) |
               (0 if resolve else _X_NO_RESOLVE) |
               (_X_ASCII if ascii else 0) | _X_COLUMNS | _X_UNWRAP |
               _X_TRUST)
    o.scan.max_uri_length = max_uri_length
    o.scan.hyphen = _HYPHEN[hyphen]
    o.scan.flags = ((_SCAN_ABBREV if abbrev else 0) |
                    (_SCAN_ANY_SCHEME if any_scheme else 0) |
                    (_SCAN_REFANG if refang else 0))
    if schemes:
        names = [ffi.new("char[]", _bytes(s, "scheme")) for s in schemes]
        arr = ffi.new("const char *[]", names)
        keep.extend(names)
        keep.append(arr)
        o.scan.schemes = arr
        o.scan.nschemes = len(names)
    return o


# the notice kinds by value, named as urigrep.h names them less the
# prefix, lowercased: "warc_damaged" (the values are the header's)
_NOTICE_KINDS = {getattr(lib, k): k[len("URIGREP_NOTICE_"):].lower()
                 for k in dir(lib) if k.startswith("URIGREP_NOTICE_") and
                 k != "URIGREP_NOTICE_DAMAGE"}


class DamageWarning(UserWarning):
    """The input is damaged: references of it may be lost (a Notice whose
    damage is true, when scan() is given no NOTICES list)."""


class Notice:
    """What liburigrep said of a document it could not read as asked (its
    notice callback: urigrep(1) says these on standard error).

    kind        the notice's name in urigrep.h, less URIGREP_NOTICE_,
                lowercased: "warc_damaged", "bad_length", "too_long"...
    damage      True when the input is damaged and references may be
                lost (URIGREP_NOTICE_DAMAGE: the command says it and
                exits 2); False for what was not done as asked (a
                candidate too long, a charset unknown)
    file        the file of the records of the moment (None for bytes)
    line, count the line it concerns, and a number (an offset in the
                file for WARC notices, a length, a byte count)
    detail, message_id, ref
                what the library adds (str, or None)
    """

    __slots__ = ("kind", "damage", "file", "line", "count", "detail",
                 "message_id", "ref")

    def __init__(self, kind, damage, file, line, count, detail=None,
                 message_id=None, ref=None):
        self.kind, self.damage, self.file = kind, damage, file
        self.line, self.count, self.detail = line, count, detail
        self.message_id, self.ref = message_id, ref

    def __repr__(self):
        return "Notice(%s)" % ", ".join(
            "%s=%r" % (k, getattr(self, k)) for k in self.__slots__)

    def __str__(self):
        """FILE: offset N: DETAIL for a WARC notice (as urigrep says it),
        else FILE:LINE: KIND (COUNT): DETAIL (REF)."""
        file = self.file if self.file is not None else "-"
        if self.kind.startswith("warc_") or self.kind == "no_zlib":
            return "%s: offset %d: %s" % (file, self.count, self.detail)
        return "%s:%d: %s (%d)%s%s" % (
            file, self.line, self.kind.replace("_", " "), self.count,
            ": " + self.detail if self.detail else "",
            " (%s)" % self.ref if self.ref else "")


def _field(b):
    """A field as on_notice() packs it: None, or its bytes decoded."""
    if b[:1] != b"=":
        return None
    return codecs.utf_8_decode(b[1:], "urigrep-fffd")[0]


def _notices(d, name=None):
    """The notices D heard since the last call (_batch.c's
    ugpy_notices()), as Notice objects; those past the C side's bound
    as one Notice "dropped" counting them. NAME: the file, where the C
    side knows none (scan())."""
    data = ffi.new("char **")
    n = ffi.new("size_t *")
    dropped = ffi.new("uint64_t *")
    lib.ugpy_notices(d, data, n, dropped)
    out = []
    if n[0]:
        f = ffi.buffer(data[0], n[0])[:].split(b"\0")
        for i in range(0, len(f) - 1, 5):
            kind, line, count = _field(f[i]).split(" ")
            kind = int(kind)
            file = _field(f[i + 1])
            out.append(Notice(_NOTICE_KINDS.get(kind, str(kind)),
                              bool(lib.URIGREP_NOTICE_DAMAGE & (1 << kind)),
                              file if file is not None else name, int(line),
                              int(count), _field(f[i + 2]),
                              _field(f[i + 3]), _field(f[i + 4])))
    if dropped[0]:
        out.append(Notice("dropped", False, name, 0, dropped[0],
                          "notices past the bound, counted only"))
    return out


def _hand_on(notices, found):
    """FOUND (Notice objects) appended to the list NOTICES, or, NOTICES
    None, those that say damage given to the warnings module as a
    DamageWarning."""
    if notices is not None:
        notices.extend(found)
        return
    for n in found:
        if n.damage:
            warnings.warn(DamageWarning(str(n)), stacklevel=3)


def _check(rc, what):
    if rc != 0 and rc != _E_STOPPED:
        raise Error(rc, what)


def _reader(source, name):
    """(file object or None, data or None, name, close?) for SOURCE."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return (None, memoryview(source).cast("B"),
                None if name is _UNSET else name, False)
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        f = open(path, "rb", buffering=0)
        if name is _UNSET:
            name = os.fsdecode(path)
        return f, None, name, True
    if hasattr(source, "readinto") or hasattr(source, "read"):
        if name is _UNSET:
            name = getattr(source, "name", None)
            if not isinstance(name, str):
                name = None
        return source, None, name, False
    raise TypeError("scan() takes bytes, a path or a binary file object, "
                    f"not {type(source).__name__}")


def _read(f, size):
    """Up to SIZE bytes of binary file F (b"" at its end)."""
    data = f.read(size)
    if isinstance(data, str):
        raise TypeError("scan() needs a file opened in binary mode")
    return data or b""


class _Unset:
    def __repr__(self):
        return "<file's name>"


_UNSET = _Unset()


def scan(source, *, type="auto", base=None, rfc=2396, headers=False,
         charset=None, resolve=True, ascii=False, abbrev=False,
         any_scheme=False, schemes=(), hyphen="keep", max_uri_length=0,
         refang=False, text=False, name=_UNSET, first_line=1, first_message=1,
         buffer_size=256 * 1024, offset=0, notices=None):
    """Yield a dict for each URI reference in SOURCE, as ``urigrep --json``.

    SOURCE is bytes (one document), a path (str or os.PathLike) or a file
    object opened in binary mode; it is read in pieces of BUFFER_SIZE
    bytes and records are yielded as they are found, so memory does not
    grow with the document.  Options, with the command's option in
    brackets:

      type            "auto", "text", "mail", "mbox", "html", "lines",
                      or an mbox variant: "mboxo", "mboxrd", "mboxcl",
                      "mboxcl2" (urigrep(1), ARCHIVES)
                      (--type; "lines" is -x)
      base            resolve relative references against it (--base)
      rfc             1808, 2396 or 3986 (--rfc)
      headers         also URIs in mail header fields (--headers)
      charset         of text input (--charset)
      resolve=False   --no-resolve
      ascii           map IRIs to URIs (--ascii)
      abbrev, any_scheme, schemes, hyphen, max_uri_length
                      --abbrev, --any-scheme, --add-scheme, --hyphen,
                      --max-uri-length
      refang          read defanged indicators ("hxxps://x[.]example")
                      as the URIs they stand for, "refanged": True
                      (--refang)
      text            scan a binary file too (-a); otherwise a text or HTML
                      document with a NUL in its first 32 KiB yields
                      nothing, as the command skips it
      name            the "file" of the records; by default the path, the
                      file object's name, or None for bytes
      first_line, first_message
                      the line and message numbers of the first byte
                      (for a piece of an mbox that starts at a "From "
                      line further on in a file)
      offset          the offset in its file of SOURCE's first byte (for
                      a piece of a .warc.gz that starts at a gzip member
                      further on in a file)
      notices         a list: what the library says of the document (a
                      Notice each, damage or not) is appended to it as
                      the records come; by default those that say the
                      input is damaged (urigrep(1) says them and exits 2)
                      go to the warnings module as DamageWarning, so a
                      damaged file is told from a clean one:
                      sum(n.damage for n in notices) is the command's
                      error count

    WARC files (type "auto" or "warc") are read as the command reads
    them, a .warc.gz member by member: a damaged member is skipped to the
    next member that inflates to a record (the command says so; scan()
    yields the records of the good ones).

    Each record has the keys of --json, in its order: file, line,
    column, offset, ref, uri, delimiter, valid, kind, error,
    error_offset, scheme, authority, userinfo, host, port, path, query,
    fragment; "hyphen" when a '-' at a line break was dropped;
    "refanged" (True) for a defanged indicator read back; base and
    base_source when there is a base; for mail, message_id, part,
    content_type, base, base_source, message, subject and charset; for a
    wrapped link (Safe Links, URL Defense...), wrapper and target; in a
    WARC record, content_type, charset, warc_record_id, target_uri,
    warc_date and warc_offset; what a reader sees against where the link
    goes (urigrep(1), JSON OUTPUT): lookalike (when true, or None when it
    cannot be told), host_ascii and host_unicode for an IDN host, text
    and mismatch for an HTML link.  Raises Error when the options are
    refused (a relative base, say) or memory runs out.

    When the process may run on two CPUs or more, a path or bytes is
    scanned by a C thread of its own while this one makes the dicts (a
    few batches of records held, never more); the records are the same.
    The thread ends with the generator, however it ends; in a child
    forked meanwhile reading on raises RuntimeError.
    """
    keep = []
    o = _options(keep, type, base, rfc, headers, charset, resolve, ascii,
                 abbrev, any_scheme, schemes, hyphen, max_uri_length,
                 refang)
    if first_line < 1 or first_message < 1:
        raise ValueError("first_line and first_message start at 1")
    if buffer_size < 1:
        raise ValueError("buffer_size must be positive")
    f, data, name, close = _reader(source, name)
    # a path scan() opened, or bytes (which cannot change meanwhile), may
    # be scanned by a thread of its own while dicts are made here
    pipe = (close or isinstance(source, bytes)) and _cpus() > 1
    return _scan(f, data, name, close, o, keep, text or charset is not None,
                 first_line, first_message, buffer_size, offset, pipe,
                 notices)


def scan_json(source, out=None, *, name=_UNSET, text=False, notices=None,
              **options):
    """The bulk form of scan(): SOURCE's records as JSON Lines, each line
    what ``urigrep --json`` prints for the reference, byte for byte,
    formatted and written by C (no dict, no str a record).  OUT is a file
    descriptor or a binary file with fileno() (a pipe, a file), and the
    number of records is returned; with OUT None, the JSON Lines are
    returned as one bytes object.  SOURCE, NAME, TEXT, NOTICES and
    OPTIONS are scan()'s (a path is read by C, whole; a file object or
    bytes a piece at a time)."""
    if out is None:
        fd = os.memfd_create("urigrep-json", os.MFD_CLOEXEC)
        try:
            scan_json(source, fd, name=name, text=text, notices=notices,
                      **options)
            size = os.lseek(fd, 0, os.SEEK_CUR)
            return os.pread(fd, size, 0) if size else b""
        finally:
            os.close(fd)
    fd = out if isinstance(out, int) else out.fileno()
    if not isinstance(out, int) and hasattr(out, "flush"):
        out.flush()
    with _JsonLines(fd, text=text, **options) as j:
        if isinstance(source, (str, bytes, os.PathLike)) and \
                not isinstance(source, bytes):
            path = os.fspath(source)
            if name is _UNSET:
                j.files([path])
            else:
                with open(path, "rb") as f:
                    j.stream(f, name)
        elif isinstance(source, (bytes, bytearray, memoryview)):
            import io
            j.stream(io.BytesIO(source), None if name is _UNSET else name)
        else:
            j.stream(source, getattr(source, "name", None)
                     if name is _UNSET else name)
        _hand_on(notices, j.notices)
        return j.counts()[0]


def _cpus():
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _scan(f, data, name, close, o, keep, any_bytes, first_line,
          first_message, size, offset=0, pipe=False, notices=None):
    # _batch.c appends the records of each feed to OUT, as dicts whose
    # "file" is NAME; both are passed by id() and held here meanwhile
    out = []
    dp = ffi.new("struct ugpy_doc **")
    d = feed = None
    try:
        _check(lib.ugpy_new(o, id(out), id(name), dp), "extractor options")
        d = dp[0]
        d.line_base = first_line - 1
        d.message_base = first_message - 1
        feed = _feed(d, f, data, close, o, any_bytes, size, offset, pipe)
        for rc, what in feed:
            if out:
                yield from out
                out.clear()
            _hand_on(notices, _notices(d, name))
            _check(rc, what)
    finally:
        # the feeding ends (its thread joined) before D
        if feed is not None:
            feed.close()
        lib.ugpy_free(d if d is not None else ffi.NULL)
        if close:
            f.close()
        del keep


def _regular(f):
    """(descriptor, size) of the file F opened by scan() when it is a
    regular file, read with pread() by the library from there on (never
    mapped: a file cut short meanwhile would kill the process with
    SIGBUS); else None."""
    fd = f.fileno()
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        return None
    if hasattr(os, "posix_fadvise"):
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_SEQUENTIAL)
    return fd, st.st_size


def _head(f, data):
    """The first _PEEK bytes of the document (read from F when DATA is
    None)."""
    if data is not None:
        return bytes(data[:_PEEK])
    head = b""
    while len(head) < _PEEK:
        more = _read(f, _PEEK - len(head))
        if not more:
            break
        head += more
    return head


def _feed(d, f, data, own, o, any_bytes, size, offset, pipe=False):
    """Feed a document to D: DATA, or what F holds (read by the library,
    up to its size at the start, when OWN, a regular file scan() opened:
    one cut short meanwhile is said to have shrunk, a damage Notice);
    yield (status, what was called) after each call that may have made
    records.  A text or HTML document with a NUL in its first 32 KiB is
    not read unless ANY_BYTES; a .warc.gz is read member by member
    (OFFSET: in its file).  PIPE: DATA or the file may be scanned by a
    thread (_piped())."""
    reg = _regular(f) if own and data is None else None
    head = os.pread(reg[0], min(_PEEK, reg[1]), 0) if reg else \
        _head(f, data)
    dtype = o.type if o.type != 0 else lib.urigrep_detect(head, len(head))
    warc_gz = o.type in (0, _TYPES["warc"]) and _warc_member(head)
    if not any_bytes and not warc_gz and dtype in (1, 4) and b"\0" in head:
        return
    if reg and not warc_gz:
        # read again where a Content-Length ends (WARC, mboxcl), as the
        # command reads a file; F stays open until the end
        fd, length = reg
        lib.ugpy_read_again(d, fd)
        if pipe and lib.ugpy_start(d, ffi.NULL, length, size, fd) == 0:
            yield from _piped(d)
            return
        fed = ffi.new("uint64_t *")
        for i in range(0, length, size):
            n = min(size, length - i)
            yield lib.ugpy_feed_fd(d, fd, i, n, fed), "feed"
            if fed[0] < n:
                break   # cut short: said, finished here
    elif data is not None and not warc_gz:
        # in place: one pointer, pieces by arithmetic (no copies)
        with ffi.from_buffer(data) as p:
            if pipe and lib.ugpy_start(d, p, len(data), size, -1) == 0:
                yield from _piped(d)
                return
            for i in range(0, len(data), size):
                yield lib.ugpy_feed(d, p + i, min(size, len(data) - i)), \
                    "feed"
    else:
        # the head F gave is read again from F's start when it was read
        # with pread()
        pieces = _pieces(f, data, b"" if reg else head, size)
        if warc_gz:
            pieces = _warc_gz(pieces, offset, size)
        for piece in pieces:
            if isinstance(piece, tuple):
                yield lib.ugpy_member(d, piece[0], piece[1]), "member"
                continue
            with ffi.from_buffer(piece) as p:
                rc = lib.ugpy_feed(d, p, len(piece))
            yield rc, "feed"
    yield lib.ugpy_finish(d), "finish"


def _piped(d):
    """The records of the thread ugpy_start() made: (status, what was
    called) each time a batch of them is in the list.  The thread is
    stopped and joined however this ends (closed, an error)."""
    end = ffi.new("int *")
    try:
        while True:
            rc = lib.ugpy_next(d, end)
            if end[0] == 3:
                raise RuntimeError("urigrep.scan(): a scan begun before "
                                   "os.fork() cannot go on in the child")
            if end[0]:
                yield rc, "finish" if end[0] == 2 else "feed"
                return
            yield rc, "feed"
    finally:
        lib.ugpy_stop(d)


class _JsonLines:
    """Records as urigrep --json writes them, formatted in C by the
    command's own writer (urigrep_ref_json()) and written by C to the
    file descriptor FD, and counted: the Dask runner's task.  OPTIONS are
    scan()'s (type, base, rfc, headers, charset...; text for -a)."""

    def __init__(self, fd, text=False, **options):
        self._keep = []
        opts = dict(type="auto", base=None, rfc=2396, headers=False,
                    charset=None, resolve=True, ascii=False, abbrev=False,
                    any_scheme=False, schemes=(), hyphen="keep",
                    max_uri_length=0, refang=False)
        opts.update(options)
        self._o = _options(self._keep, **opts)
        self._any = bool(text or opts["charset"] is not None)
        self._fd = fd
        self._name = self._commit = None
        # what the library said of the documents read (Notice objects)
        self.notices = []
        dp = ffi.new("struct ugpy_doc **")
        _check(lib.ugpy_new(self._o, 0, 0, dp), "extractor options")
        self._d = dp[0]

    def close(self):
        lib.ugpy_free(self._d)
        self._d = ffi.NULL

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _target(self, name, commit=None, epoch=-1):
        # borrowed by _batch.c until the next call: held here
        self._name = os.fsencode(name) if name is not None else None
        self._commit = commit.encode() if commit else None
        lib.ugpy_json_target(self._d, self._name or ffi.NULL,
                             self._commit or ffi.NULL, epoch)

    def _flush(self):
        rc = lib.ugpy_json_flush(self._d, self._fd)
        if rc:
            raise OSError(-rc, os.strerror(-rc))

    def files(self, paths, type=None):
        """The files PATHS, each a whole document of TYPE (None: the
        options'), read by C in one call."""
        if not paths:
            return
        names = b"".join(os.fsencode(p) + b"\0" for p in paths)
        done = ffi.new("size_t *")
        rc = lib.ugpy_json_files(self._d, names, len(paths),
                                 -1 if type is None else _TYPES[type],
                                 self._any, self._fd, done)
        self.notices.extend(_notices(self._d))
        if rc < 0:
            raise OSError(-rc, os.strerror(-rc),
                          paths[done[0]] if done[0] < len(paths) else None)
        _check(rc, paths[min(done[0], len(paths) - 1)])

    def file(self, path, start=0, end=0, type=None, first_line=1,
             first_message=1):
        """Bytes START..END (END 0: to the end) of the file PATH as one
        document of TYPE (None: the options'), its line and message
        numbers counting from FIRST_LINE and FIRST_MESSAGE."""
        self._target(path)
        self._d.line_base = first_line - 1
        self._d.message_base = first_message - 1
        rc = lib.ugpy_json_file(self._d, self._name, start, end,
                                -1 if type is None else _TYPES[type],
                                self._any, self._fd)
        self._flush()
        self.notices.extend(_notices(self._d, path))
        if rc < 0:
            raise OSError(-rc, os.strerror(-rc), path)
        _check(rc, path)

    def stream(self, f, name, offset=0):
        """The document that the binary file object F holds (a .gz read
        as it is decompressed; a .warc.gz member by member, OFFSET that of
        F's first byte in its file), named NAME."""
        self._target(name)
        self._d.line_base = self._d.message_base = 0
        for rc, what in _feed(self._d, f, None, False, self._o, self._any,
                              256 * 1024, offset):
            self._flush()
            self.notices.extend(_notices(self._d, name))
            _check(rc, what)

    def message(self, data, name, number, commit, epoch):
        """DATA (bytes), a public-inbox message, as one mail numbered
        NUMBER, its records with COMMIT and EPOCH (-1: none)."""
        self._target(name, commit, epoch)
        self._d.line_base = self._d.message_base = 0
        _check(lib.ugpy_origin(self._d, _TYPES["mail"], number - 1),
               "origin")
        with ffi.from_buffer(data) as p:
            rc = lib.ugpy_feed(self._d, p, len(data))
        rc2 = lib.ugpy_finish(self._d)
        self._flush()
        self.notices.extend(_notices(self._d, name))
        _check(rc, "feed")
        _check(rc2, "finish")

    def count_lines(self, start, end):
        """Count the JSON Lines that the urigrep command wrote to bytes
        START..END of this one's file (its records) among this one's, by
        their "scheme" and "host", in C."""
        rc = lib.ugpy_json_count(self._d, self._fd, start, end)
        if rc < 0:
            raise OSError(-rc, os.strerror(-rc))
        if rc == 2:
            raise OSError(f"the command's JSON Lines file ended before "
                          f"byte {end}: it was cut short")
        if rc:
            raise ValueError("the urigrep command wrote a line that is not "
                             "a --json record (or memory ran out)")

    def counts(self):
        """(records, by scheme, by host): the counts of the C side, the
        keys decoded as scan() decodes strings, None for references
        without one (first), then in the order of the keys."""
        out = []
        for which in (0, 1):
            data = ffi.new("char **")
            n = ffi.new("size_t *")
            if lib.ugpy_counts(self._d, which, data, n):
                raise MemoryError
            f = codecs.utf_8_decode(ffi.buffer(data[0], n[0]), "urigrep-fffd")
            vals = f[0].split("\0")
            c = {None if k == "\x01" else k: int(v)
                 for k, v in zip(vals[0::2], vals[1::2])}
            # in the keys' order, not the table's (its hash is keyed
            # afresh each run): the same input gives the same summary
            out.append(dict(sorted(c.items(), key=lambda kv: (
                kv[0] is not None, kv[0] or ""))))
        return self._d.records, out[0], out[1]


def _pieces(f, data, head, size):
    """The document in pieces of at most SIZE bytes: DATA's, or HEAD then
    the rest of F's."""
    if data is not None:
        for i in range(0, len(data), size):
            yield data[i:i + size]
        return
    for i in range(0, len(head), size):
        yield head[i:i + size]
    if hasattr(f, "readinto"):
        buf = bytearray(size)
        view = memoryview(buf)
        while True:
            k = f.readinto(buf)
            if not k:
                return
            yield view[:k]
    else:
        while True:
            more = _read(f, size)
            if not more:
                return
            yield more


def _warc_member(b):
    """Does B start a gzip member that inflates to "WARC/" (a .warc.gz)?
    liburigrep's rule (urigrep_cut_way())."""
    with ffi.from_buffer(b) as p:
        return lib.urigrep_cut_way(_TYPES["warc"], p, len(b)) == \
            lib.URIGREP_CUT_MEMBERS


def _next_warc_member(b, start):
    """The index of the first gzip member at or after START in B that
    inflates to "WARC/", or -1 (liburigrep's urigrep_warc_member())."""
    with ffi.from_buffer(b) as p:
        k = lib.urigrep_warc_member(p, len(b), start)
    return k if k < len(b) else -1


_WAYS = {lib.URIGREP_CUT_NONE: "none", lib.URIGREP_CUT_LINES: "lines",
         lib.URIGREP_CUT_FROM: "from", lib.URIGREP_CUT_CHAIN: "chain",
         lib.URIGREP_CUT_MEMBERS: "members"}


def _cut(path, type="auto", piece=0, search=0):
    """How the file PATH, read as TYPE (scan()'s names), is cut into
    pieces that are read apart, as urigrep -j cuts it (liburigrep's
    cutter, urigrep/cut.h): (way, pieces).  WAY is "none", "lines"
    (text, after empty lines), "from" (mbox separator lines), "chain"
    (plain WARC, mboxcl, mboxcl2: along the Content-Length chain) or
    "members" (.warc.gz); PIECES lists (start, end, messages_before)
    from the file's start to its end, each at least PIECE bytes (0: the
    library's default) but the last; one piece when it is not cut, none
    when it is empty.  The file is read a window at a time
    (urigrep_cutter_new_fd()), not mapped: one cut short meanwhile
    raises OSError ("PATH: the file shrank while it was read"), it does
    not kill the interpreter with SIGBUS."""
    if type not in _TYPES:
        raise ValueError(f"type must be one of {sorted(_TYPES)}, "
                         f"not {type!r}")
    o = ffi.new("struct urigrep_cut_options *")
    o.size = ffi.sizeof("struct urigrep_cut_options")
    o.type = _TYPES[type]
    o.piece = piece
    o.search = search
    cp = ffi.new("urigrep_cutter **")
    pc = ffi.new("struct urigrep_piece *")
    pieces = []
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size == 0:
            return "none", []
        _check(lib.urigrep_cutter_new_fd(f.fileno(), size, o, cp), path)
        try:
            while lib.urigrep_cutter_next(cp[0], pc):
                pieces.append((pc.start, pc.end, pc.messages_before))
            why = lib.urigrep_cutter_read_error(cp[0], ffi.NULL)
            if why != ffi.NULL:
                raise OSError(f"{path}: {ffi.string(why).decode()}")
            return _WAYS[lib.urigrep_cutter_way(cp[0])], pieces
        finally:
            lib.urigrep_cutter_free(cp[0])


_COUNT_BLOCK = 4 * 1024 * 1024


def _count(path, start, end, type, doc_start=None):
    """(newlines, messages) of bytes START..END of the file PATH (START
    at a line's start), as liburigrep counts a piece (urigrep_counter):
    for an mbox TYPE, the messages starting there; DOC_START (default:
    START == 0) when it is the document's start.  Read a block at a
    time."""
    cp = ffi.new("urigrep_counter **")
    if doc_start is None:
        doc_start = start == 0
    _check(lib.urigrep_counter_new(_TYPES[type], int(doc_start), cp),
           "counter")
    counts = ffi.new("struct urigrep_counts *")
    buf = bytearray(min(_COUNT_BLOCK, max(0, end - start)) or 1)
    try:
        with open(path, "rb", buffering=0) as f, ffi.from_buffer(buf) as b:
            f.seek(start)
            while start < end:
                k = f.readinto(memoryview(buf)[:min(len(buf), end - start)])
                if not k:
                    break
                lib.urigrep_counter_feed(cp[0], b, k)
                start += k
        lib.urigrep_counter_counts(cp[0], counts)
        return counts.lines, counts.messages
    finally:
        lib.urigrep_counter_free(cp[0])


def _warc_gz(chunks, base, size):
    """CHUNKS of a .warc.gz decompressed member by member, in pieces of
    at most SIZE bytes, each member announced before its bytes by
    (offset in the file, gap) as urigrep_extractor_member() takes them
    (a member that does not start a record continues one, as some writers
    cut them); a damaged member is skipped to the next one that holds a
    record, as the command does."""
    chunks = iter(chunks)
    buf, at, z, gap, eof = b"", base, None, False, False
    while True:
        if z is None:
            while not eof and len(buf) < 65536:
                c = next(chunks, None)
                eof = c is None
                buf += bytes(c or b"")
            k = len(buf) - len(buf.lstrip(b"\0"))
            buf, at = buf[k:], at + k
            if not buf:
                return
            if buf[:3] != b"\x1f\x8b\x08":
                # not gzip: on at the next member that holds a record
                k = _next_warc_member(buf, 1)
                if k < 0 and eof:
                    return
                k = k if k >= 0 else len(buf) - 2
                buf, at, gap = buf[k:], at + k, True
                continue
            z = zlib.decompressobj(31)
            yield (at, int(gap))
            gap = False
        try:
            out = z.decompress(buf, size)
        except zlib.error:
            buf, at, z, gap = buf[1:], at + 1, None, True
            continue
        if out:
            yield out
        if z.eof:
            rest = z.unused_data
            buf, at, z = rest, at + len(buf) - len(rest), None
            continue
        tail = z.unconsumed_tail
        buf, at = tail, at + len(buf) - len(tail)
        if len(out) < size and not buf:
            c = next(chunks, None)
            if c is None:
                return  # cut short: the command says so
            buf = bytes(c)


def detect(data):
    """The type of a document that starts with DATA (32 KiB is plenty):
    "mbox", "mail", "html" or "text", as --type=auto decides it."""
    b = _bytes(data, "data")
    return _TYPE_NAMES[lib.urigrep_detect(b, len(b))]


Validity = collections.namedtuple("Validity", "valid error error_offset")
Validity.__doc__ = """validate()'s answer: VALID, and when it is False the
reason (the text --json gives as "error") and the offset of the first bad
byte."""

_PARTS = ("scheme", "authority", "userinfo", "host", "port", "path",
          "query", "fragment")


def _text_like(model, b):
    """B as str when MODEL is str (invalid UTF-8 bytes kept as surrogate
    escapes), else as bytes."""
    if isinstance(model, str):
        return b.decode("utf-8", "surrogateescape")
    return b


def validate(ref, rfc=2396):
    """Check REF (str or bytes) against the grammar of RFC (RFC 2396
    Appendix A with RFC 2732 literals by default); return a Validity."""
    b = _bytes(ref, "ref")
    off = ffi.new("size_t *")
    rc = lib.urigrep_validate(b, len(b), _rfc(rfc), off)
    if rc == 0:
        return Validity(True, None, None)
    if rc < 6 or rc > 18:
        raise Error(rc, "validate")
    return Validity(False, _strerror(rc), off[0])


def parse(ref, rfc=2396):
    """Split REF into its components (RFC 2396 Appendix B) and validate
    it.  Returns a dict with ref, valid, kind, error, error_offset and
    scheme .. fragment (None when a component is undefined), as --json
    names them; strings come back as REF's type (str or bytes)."""
    b = _bytes(ref, "ref")
    up = ffi.new("urigrep_uri **")
    rc = lib.urigrep_uri_parse(b, len(b), _rfc(rfc), up)
    if rc != 0:
        raise Error(rc, "parse")
    u = ffi.gc(up[0], lib.urigrep_uri_free)
    off = ffi.new("size_t *")
    err = lib.urigrep_uri_error(u, off)
    rec = {"ref": ref, "valid": err == 0,
           "kind": _KINDS[lib.urigrep_uri_is_absolute(u)],
           "error": None if err == 0 else _strerror(err),
           "error_offset": None if err == 0 else off[0]}
    span = ffi.new("struct urigrep_span *")
    for i, part in enumerate(_PARTS):
        if lib.urigrep_uri_part(u, i, span):
            rec[part] = _text_like(ref, ffi.unpack(span.ptr, span.len))
        else:
            rec[part] = None
    return rec


def registered_domain(host):
    """The registered domain of HOST (str or bytes) by the Public Suffix
    List (liburigrep's urigrep_registered_domain(), libpsl's list): its
    public suffix and the label before it, lower case, an IDN in
    A-labels ("www.BBC.co.uk" -> "bbc.co.uk"; an IP address is its own).
    None for None, an empty host or one that names none ("." alone, over
    511 bytes); Error when the library was built without libpsl."""
    if host is None or host == "" or host == b"":
        return None
    b = _bytes(host, "host")
    out = ffi.new("char **")
    rc = lib.urigrep_registered_domain(b, len(b), out, ffi.NULL)
    if rc == _E_ARG:
        return None
    _check(rc, "host")
    try:
        return ffi.string(out[0]).decode("utf-8", "surrogateescape")
    finally:
        lib.urigrep_free(out[0])


def normalize(uri):
    """The normal form of URI by RFC 3986 sections 6.2.2 and 6.2.3
    (liburigrep's urigrep_uri_normalize(), as urigrep --normalize has
    it): scheme and host in lower case, %XX in upper case and unreserved
    characters decoded, dot segments removed, the default port and an
    empty http(s) path normalized ("HTTP://Example.COM:80/a/./b" ->
    "http://example.com/a/b").  A str for a str, else bytes."""
    return _uri_to_uri(lib.urigrep_uri_normalize, uri)


def defang(uri):
    """The defanged form of URI, as indicator tools print it so that a
    report holds no live link (liburigrep's urigrep_uri_defang(), as
    urigrep --defang prints URIs): http, https and ftp as hxxp, hxxps
    and fxp, each "." of the host as "[.]"
    ("https://evil.example/a.php" -> "hxxps://evil[.]example/a.php").
    A str for a str, else bytes."""
    return _uri_to_uri(lib.urigrep_uri_defang, uri)


def _uri_to_uri(fn, uri):
    """FN (urigrep_uri_normalize() or the like) of URI, as URI's type."""
    b = _bytes(uri, "uri")
    out = ffi.new("char **")
    n = ffi.new("size_t *")
    _check(fn(b, len(b), out, n), "uri")
    try:
        return _text_like(uri, ffi.unpack(out[0], n[0]))
    finally:
        lib.urigrep_free(out[0])


def resolve(ref, base, rfc=2396):
    """Resolve REF against the absolute BASE by RFC's algorithm (section
    5.2 of RFC 2396 by default).  Returns a str when REF is a str, else
    bytes; raises Error when BASE is not absolute."""
    r = _bytes(ref, "ref")
    b = _bytes(base, "base")
    out = ffi.new("char **")
    n = ffi.new("size_t *")
    rc = lib.urigrep_resolve(b, len(b), r, len(r), _rfc(rfc), out, n)
    if rc != 0:
        raise Error(rc, "resolve")
    try:
        return _text_like(ref, ffi.unpack(out[0], n[0]))
    finally:
        lib.urigrep_free(out[0])
