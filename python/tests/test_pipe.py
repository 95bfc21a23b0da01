# test_pipe.py: with two CPUs scan() reads a path or bytes in a thread of
# its own; its records are those the scan in the caller's thread gives,
# in order, and the thread ends however the caller leaves: the generator
# closed, dropped or left by an exception half way, or an error.
# SPDX-License-Identifier: MIT
import gc
import io
import json
import os
import signal
import subprocess

import pytest

import urigrep

NOMEM = 1  # URIGREP_ERR_NOMEM
# lines of the big document, three records each; fewer under valgrind
LINES = int(os.environ.get("URIGREP_PIPE_LINES", "40000"))


def threads():
    """This process's threads (the scanning thread is not Python's)."""
    return len(os.listdir("/proc/self/task"))


def big_text(lines):
    """Text with three references a line: more records than the
    thread's batches hold (about 100 a batch, four batches)."""
    return b"".join(b"line %d: see http://example.org/a/%d?q=%d, "
                    b"<mailto:u%d@example.net> and ftp://ftp.example.com/%d\n"
                    % (i, i, i, i, i) for i in range(lines))


def cpus(monkeypatch, n):
    monkeypatch.setattr(urigrep, "_cpus", lambda: n)


@pytest.fixture(name="big")
def fixture_big(tmp_path):
    p = tmp_path / "big.txt"
    p.write_bytes(big_text(LINES))
    return str(p)


def test_same_records_in_thread_or_not(monkeypatch, top_srcdir, big):
    mbox = os.path.join(top_srcdir, "tests/fixtures/archive.mbox")
    with open(big, "rb") as f:
        data = f.read()
    for source, kw in ((mbox, {"headers": True}), (big, {}),
                       (data, {"name": big})):
        for size in (256 * 1024, 4096, 1):
            if size == 1 and source is not mbox:
                continue  # a feed a byte: the small file says enough
            cpus(monkeypatch, 1)
            inline = list(urigrep.scan(source, buffer_size=size, **kw))
            cpus(monkeypatch, 2)
            piped = list(urigrep.scan(source, buffer_size=size, **kw))
            assert inline and piped == inline


def test_big_file_as_command(urigrep_cmd, monkeypatch, big):
    cpus(monkeypatch, 2)
    out = subprocess.run([urigrep_cmd, "--json", big],
                         stdout=subprocess.PIPE, check=True).stdout
    want = [json.loads(x) for x in out.splitlines()]
    assert len(want) == 3 * LINES
    got = list(urigrep.scan(big))
    assert [list(r.items()) for r in got] == \
        [list(r.items()) for r in want]


def test_thread_only_for_a_path_or_bytes(monkeypatch, big):
    with open(big, "rb") as f:
        data = f.read()
    cpus(monkeypatch, 2)
    base = threads()
    for source, piped in ((big, True), (data, True), (bytearray(data), False),
                          (io.BytesIO(data), False)):
        it = urigrep.scan(source)
        next(it)
        # the thread waits for the caller: the batches are full
        assert threads() == base + piped, type(source)
        it.close()
        assert threads() == base
    cpus(monkeypatch, 1)
    it = urigrep.scan(big)
    next(it)
    assert threads() == base
    it.close()


def test_left_half_way(monkeypatch, big):
    cpus(monkeypatch, 2)
    base = threads()
    first = list(urigrep.scan(big, buffer_size=4096))[:3]
    # closed
    it = urigrep.scan(big, buffer_size=4096)
    assert [next(it) for _ in range(3)] == first
    it.close()
    assert threads() == base
    # dropped
    it = urigrep.scan(big)
    next(it)
    del it
    gc.collect()
    assert threads() == base
    # left by an exception of the caller's
    with pytest.raises(ZeroDivisionError):
        for n, _ in enumerate(urigrep.scan(big)):
            if n == LINES // 8:
                raise ZeroDivisionError
    gc.collect()
    assert threads() == base
    # never started, and an empty document
    urigrep.scan(big).close()
    assert list(urigrep.scan(b"")) == []
    assert threads() == base


@pytest.mark.parametrize("where", ["", "d"], ids=["copied", "dict"])
@pytest.mark.parametrize("n_cpus", [1, 2])
def test_error_after_records_before_it(monkeypatch, big, where, n_cpus):
    # a record that cannot be made (memory out, as URIGREP_PY_FAIL_AT
    # makes it): the records before it, then urigrep.Error, the thread
    # ended
    cpus(monkeypatch, n_cpus)
    want = list(urigrep.scan(big))
    base = threads()
    fail_at = 3 * LINES * 7 // 8
    monkeypatch.setenv("URIGREP_PY_FAIL_AT", where + str(fail_at))
    got = []
    with pytest.raises(urigrep.Error) as e:
        for r in urigrep.scan(big):
            got.append(r)
    assert e.value.status == NOMEM
    gc.collect()
    assert threads() == base
    assert len(got) == fail_at - 1
    assert got == want[:len(got)]


def test_fork_half_way(monkeypatch, big):
    # a child forked while the parent's scan is half way has no thread:
    # reading on there says so, closing there touches nothing; the
    # parent's scan goes on
    cpus(monkeypatch, 2)
    want = list(urigrep.scan(big))
    it = urigrep.scan(big)
    got = [next(it)]
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        # the verdict goes by the pipe: under valgrind the exit status
        # counts what the child leaves (on purpose) as errors
        signal.alarm(20)  # a deadlock fails the test, not the run
        verdict = b"no error"
        try:
            for _ in it:  # the records of the batch taken, then none
                pass
        except RuntimeError:
            verdict = b"RuntimeError"
        finally:
            os.write(w, verdict)
            os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        verdict = f.read()
    os.waitpid(pid, 0)
    assert verdict == b"RuntimeError"
    got.extend(it)
    assert got == want
