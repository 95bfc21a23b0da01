#!/usr/bin/env python3
# bench/pi-export.py: a public-inbox epoch as an mbox and a maildir.
# SPDX-License-Identifier: MIT
"""Usage: python3 bench/pi-export.py EPOCH.git OUT [MAX_MB]

Writes OUT.mbox (mboxrd: a "From mboxrd@z" line before each message,
">From " quoting as public-inbox's own mboxrd export does) and the
maildir OUT.maildir (cur/, new/, tmp/; one file a message in new/) from
the messages of the public-inbox v2 epoch (or v1 repository) EPOCH.git,
in commit order as urigrep reads them: the blob "m" of each commit of
`git log --reverse`, a commit without one (a removal) skipped.  Stops
after MAX_MB megabytes of messages (default: all).  Only git is used.
"""

import os
import re
import subprocess
import sys

_QUOTE = re.compile(rb"^(>*From )", re.M)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    repo, out = sys.argv[1], sys.argv[2]
    limit = float(sys.argv[3]) * 1e6 if len(sys.argv) == 4 else float("inf")
    if not os.path.isdir(repo):
        sys.exit(f"pi-export: {repo}: no such repository")
    git = ["git", "--git-dir", repo]
    commits = subprocess.run(git + ["log", "--reverse", "--format=%H"],
                             check=True, capture_output=True).stdout.split()
    cat = subprocess.Popen(git + ["cat-file", "--batch"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    maildir = out + ".maildir"
    for sub in ("cur", "new", "tmp"):
        os.makedirs(os.path.join(maildir, sub), exist_ok=True)
    total = n = 0
    with open(out + ".mbox", "wb") as mbox:
        for c in commits:
            cat.stdin.write(c + b":m\n")
            cat.stdin.flush()
            head = cat.stdout.readline().split()
            if head[-1] == b"missing":
                continue
            msg = cat.stdout.read(int(head[2]))
            cat.stdout.read(1)
            mbox.write(b"From mboxrd@z Thu Jan  1 00:00:00 1970\n")
            mbox.write(_QUOTE.sub(rb">\1", msg))
            mbox.write(b"\n" if msg.endswith(b"\n") else b"\n\n")
            with open(os.path.join(maildir, "new", f"{n:08d}.pi"),
                      "wb") as f:
                f.write(msg)
            n += 1
            total += len(msg)
            if total >= limit:
                break
    cat.stdin.close()
    cat.wait()
    print(f"{n} messages, {total / 1e6:.1f} MB: {out}.mbox {maildir}/",
          file=sys.stderr)


if __name__ == "__main__":
    main()
