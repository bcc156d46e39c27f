"""Parse speed of websyntax against Python HTML parsers, in one process, interleaved.

    python bench/python/compare.py CORPUS_DIR [--limit N] [--rounds R]

Every file of CORPUS_DIR is read once as bytes; then, for each round and each file, every
parser parses that file (the order of parsers rotates per file), and the time of each call is
added to that parser's total. Bytes go to each parser's default call, as their users write it.
Parsers that are not installed are listed and skipped. Set up the peers in their own virtual
environment:

    python3 -m venv target/py-peers
    target/py-peers/bin/pip install -r bench/python/requirements.txt
    target/py-peers/bin/pip install target/wheels/websyntax-*.whl   # from scripts/test.sh
"""

from __future__ import annotations

import argparse
import os
import sys
import time


def parsers():
    """(name, callable on bytes) for each installed parser; and the missing ones."""
    found, missing = [], []

    def add(name, make):
        try:
            found.append((name, make()))
        except Exception as e:  # ImportError, or an API that changed
            missing.append(f"{name} ({type(e).__name__}: {e})")

    def ws():
        import websyntax

        return websyntax.parse

    def selectolax():
        from selectolax.lexbor import LexborHTMLParser

        return LexborHTMLParser

    def turbohtml():
        import turbohtml

        return turbohtml.parse

    def resiliparse():
        from resiliparse.parse.html import HTMLTree

        return HTMLTree.parse_from_bytes

    def lxml_html():
        import lxml.html

        return lxml.html.document_fromstring

    def html5lib():
        import html5lib

        return html5lib.parse

    def bs4():
        from bs4 import BeautifulSoup

        return lambda b: BeautifulSoup(b, "html.parser")

    add("websyntax", ws)
    add("selectolax (lexbor)", selectolax)
    add("turbohtml", turbohtml)
    add("resiliparse", resiliparse)
    add("lxml.html", lxml_html)
    add("html5lib", html5lib)
    add("BeautifulSoup (html.parser)", bs4)
    return found, missing


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", help="directory of HTML files (*.html, *.htm; read recursively)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N files (0: all)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)

    files = []
    for dirpath, _, names in os.walk(args.corpus):
        for n in sorted(names):
            if n.endswith((".html", ".htm")):
                files.append(os.path.join(dirpath, n))
    files.sort()
    if args.limit:
        files = files[: args.limit]
    pages = [open(f, "rb").read() for f in files]
    total_bytes = sum(map(len, pages))

    found, missing = parsers()
    for m in missing:
        print(f"skipped: {m}", file=sys.stderr)
    totals = {name: 0.0 for name, _ in found}
    failures = {name: 0 for name, _ in found}
    for r in range(args.rounds):
        for i, page in enumerate(pages):
            k = (i + r) % len(found)
            for name, fn in found[k:] + found[:k]:
                t0 = time.perf_counter()
                try:
                    fn(page)
                except Exception:
                    failures[name] += 1
                totals[name] += time.perf_counter() - t0

    base = totals.get("websyntax")
    mb = total_bytes * args.rounds / 1e6
    print(f"{len(pages)} files, {total_bytes / 1e6:.1f} MB, {args.rounds} rounds, Python {sys.version.split()[0]}")
    print()
    print("| parser | total s | MB/s | × websyntax time | failures |")
    print("|---|---:|---:|---:|---:|")
    for name, t in sorted(totals.items(), key=lambda kv: kv[1]):
        ratio = f"{t / base:.2f}" if base else "-"
        print(f"| {name} | {t:.3f} | {mb / t:.1f} | {ratio} | {failures[name]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
