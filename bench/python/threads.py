"""Parsing from several Python threads: does `websyntax.parse` scale (the GIL is released while
parsing)?

    python bench/python/threads.py CORPUS_DIR [--rounds R] [--threads 1,2]

Every file of CORPUS_DIR is read once as bytes. For each thread count N, the whole list of pages
is parsed R times by N threads of one `concurrent.futures.ThreadPoolExecutor`, the pages handed
out one at a time, and the wall time is taken; the thread counts alternate round by round so
that each sees the same machine state. Reports pages/s and MB/s for each N and the speed-up over
one thread (median over the rounds). The documents are dropped as soon as they are parsed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor


def load(root):
    pages = []
    for d, _, files in os.walk(root):
        for f in sorted(files):
            if f.endswith((".html", ".htm")):
                with open(os.path.join(d, f), "rb") as fh:
                    pages.append(fh.read())
    return pages


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    args = ap.parse_args()
    import websyntax

    pages = load(args.corpus)
    if not pages:
        sys.exit(f"no .html/.htm pages under {args.corpus}")
    total = sum(map(len, pages))
    counts = [int(n) for n in args.threads.split(",")]
    pools = {n: ThreadPoolExecutor(max_workers=n) for n in counts}

    def parse(b):
        websyntax.parse(b)
        return 1

    times = {n: [] for n in counts}
    for pool in pools.values():  # warm-up: threads started, buffers grown
        list(pool.map(parse, pages))
    for r in range(args.rounds):
        for n in counts[r % len(counts):] + counts[: r % len(counts)]:
            t = time.perf_counter()
            list(pools[n].map(parse, pages, chunksize=1))
            times[n].append(time.perf_counter() - t)
    print(f"{len(pages)} pages, {total / 1e6:.2f} MB, {args.rounds} rounds (median)")
    base = statistics.median(times[counts[0]])
    for n in counts:
        m = statistics.median(times[n])
        print(
            f"  {n} thread{'s' if n > 1 else ' '}: {len(pages) / m:8.0f} pages/s "
            f"{total / 1e6 / m:7.1f} MB/s  {base / m:.2f}x {counts[0]} thread"
        )


if __name__ == "__main__":
    main()
