# test_collisions.py: the C side counts records by scheme and host in a
# table keyed with the library's SipHash (urigrep_hash(), the command's
# -u and --stats hash): 65,536 hosts whose FNV-1a hashes agree in their
# low 32 bits cost no more than others.  With the unkeyed FNV-1a the
# module had, every host took the same slot and its run: quadratic, far
# past the CPU limit here.  The hosts are made from
# tests/fixtures/fnv-collide-host.txt as tests/cli/unique-collisions.sh
# makes its URIs from fnv-collide.txt: a Joux multicollision, 16 labels
# each one of two whose FNV-1a steps from the state before (the label
# and its dot) agree in their low 32 bits, found as bench/adversarial.sh's
# gen_uniq_fnv finds its blocks (a birthday search, random.Random(3986),
# from FNV-1a's offset basis, each block followed by "."; about 40 s).
# SPDX-License-Identifier: MIT
import os
import subprocess
import sys

import pytest

N = 65536
LIMIT = 3   # CPU seconds: the keyed table takes a fraction of one
M, P = 1 << 32, 0x100000001b3 % (1 << 32)


def step(h, s):
    """FNV-1a's state H (its low 32 bits) after the bytes of S."""
    for c in s.encode():
        h = ((h ^ c) * P) % M
    return h


def hosts(top_srcdir):
    """N distinct hosts of 16 labels and "example", whose FNV-1a hashes
    all agree in their low 32 bits."""
    with open(os.path.join(top_srcdir, "tests", "fixtures",
                           "fnv-collide-host.txt")) as f:
        pairs = [line.split() for line in f if line.strip()]
    assert len(pairs) == 16
    h = 0xcbf29ce484222325 % M
    for a, b in pairs:
        assert a != b and step(h, a + ".") == step(h, b + ".")
        h = step(h, a + ".")
    return [".".join(pairs[j][(i >> j) & 1] for j in range(16)) +
            ".example" for i in range(N)]


CHILD = r"""
import collections, resource, sys, urigrep
resource.setrlimit(resource.RLIMIT_CPU, (%d, %d))
with open(sys.argv[2], "wb") as out, urigrep._JsonLines(out.fileno()) as j:
    j.files([sys.argv[1]])
    records, schemes, hosts = j.counts()
hosts.pop(None)     # references without one: none here
print(records, schemes.get("http"), len(hosts),
      collections.Counter(hosts.values()).most_common(1)[0])
"""


@pytest.mark.skipif(bool(os.environ.get("URIGREP_SANITIZED")),
                    reason="a sanitizer's run is too slow for the limit")
def test_colliding_hosts_counted_in_linear_time(tmp_path, top_srcdir):
    names = hosts(top_srcdir)
    assert len(set(names)) == N
    basis = 0xcbf29ce484222325 % M
    assert len({step(basis, h) for h in names[::4099]}) == 1
    path = tmp_path / "hosts.txt"
    # each host twice: found again, counted, not added
    path.write_text("".join("http://%s/\n" % h for h in names * 2))
    r = subprocess.run([sys.executable, "-c", CHILD % (LIMIT, LIMIT + 1),
                        str(path), str(tmp_path / "out.jsonl")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=os.environ, check=False)
    assert r.returncode == 0, (r.returncode, r.stderr.decode()[-2000:])
    assert r.stdout.decode().split() == [str(2 * N), str(2 * N), str(N),
                                         "(2,", "%d)" % N]
