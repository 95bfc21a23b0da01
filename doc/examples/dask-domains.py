#!/usr/bin/env python3
# doc/examples/dask-domains.py: which sites an archive links to, and
# which message links to which, from urigrep.dask's output as a dask
# DataFrame (doc/cluster.md, "The link table").
# SPDX-License-Identifier: MIT
"""Usage: python3 doc/examples/dask-domains.py OUT [N]

OUT is the directory `python3 -m urigrep.dask ARCHIVE --out OUT` wrote.
Prints the N (20) registered domains the archive links to most, with
how many references go to each, then writes OUT/edges.csv: one line a
message and a registered domain it links to (file, message, domain),
the message-to-domain edges a graph tool reads."""
import sys

import urigrep
import urigrep.dask as ud


def domain(host):
    """The registered domain of HOST (the Public Suffix List's, through
    liburigrep), or None."""
    return urigrep.registered_domain(host)


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    df = ud.dataframe(out)
    # a reference without a host (mailto:, news:, a relative path) is not
    # a link to a site
    links = df[["file", "message", "host"]].dropna(subset=["host"])
    links = links.assign(domain=links["host"].map(
        domain, meta=("domain", "object")))
    top = links["domain"].value_counts().nlargest(n).compute()
    for name, count in top.items():
        print(f"{count:8d} {name}")
    edges = links[["file", "message", "domain"]].dropna().drop_duplicates()
    edges.to_csv(out + "/edges.csv", single_file=True, index=False)


if __name__ == "__main__":
    main()
