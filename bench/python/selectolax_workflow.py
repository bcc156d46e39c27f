"""The selectolax workflow, websyntax.selectolax against selectolax itself, in one process,
interleaved.

    python bench/python/selectolax_workflow.py CORPUS_DIR [--rounds R] [--limit N]

Per page, what a scraper written for selectolax does: parse the bytes
(``LexborHTMLParser(data)``), then ``css("a[href]")`` with each link's ``attributes``,
``css("p, h1, h2, h3, li")`` with each one's ``text(strip=True)``, and the ``title``'s
``text()``. Both libraries run the same function (the same calls); only the import differs.

Every file under CORPUS_DIR is read once as bytes; then, for each round and each file, both
run the workflow on it (which goes first alternates per file), and the time of each run is
added to that library's total. Set up the bench venv (real selectolax is never a test
dependency):

    python3 -m venv target/bench-venv
    target/bench-venv/bin/pip install selectolax
    target/bench-venv/bin/pip install target/wheels-release/websyntax-*.whl  # maturin build --release
"""

from __future__ import annotations

import argparse
import os
import time


def workflow(parser_cls):
    def run(data: bytes) -> int:
        tree = parser_cls(data)
        n = 0
        for a in tree.css("a[href]"):
            n += len(a.attributes)
        for node in tree.css("p, h1, h2, h3, li"):
            n += len(node.text(strip=True))
        title = tree.css_first("title")
        if title is not None:
            n += len(title.text())
        return n

    return run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()

    from selectolax.lexbor import LexborHTMLParser as Lexbor

    import websyntax.selectolax

    runners = [
        ("websyntax.selectolax", workflow(websyntax.selectolax.LexborHTMLParser)),
        ("selectolax (lexbor)", workflow(Lexbor)),
    ]
    files = []
    for root, _, names in os.walk(args.corpus):
        for name in sorted(names):
            if name.endswith((".html", ".htm")) or "." not in name:
                with open(os.path.join(root, name), "rb") as f:
                    files.append(f.read())
    files.sort(key=len)
    if args.limit:
        files = files[: args.limit]
    total_bytes = sum(map(len, files))
    totals = {name: 0.0 for name, _ in runners}
    for _ in range(args.rounds):
        for i, data in enumerate(files):
            order = runners if i % 2 == 0 else runners[::-1]
            for name, run in order:
                t0 = time.perf_counter()
                run(data)
                totals[name] += time.perf_counter() - t0
    mb = total_bytes * args.rounds / 1e6
    print(f"{len(files)} pages, {total_bytes / 1e6:.2f} MB, {args.rounds} rounds; "
          f"load {os.getloadavg()[0]:.2f}")
    base = totals["selectolax (lexbor)"]
    for name, t in totals.items():
        print(f"{name:24} {t:8.3f} s  {mb / t:7.1f} MB/s  {base / t:5.2f}x selectolax")


if __name__ == "__main__":
    main()
