"""Speed of websyntax against Python HTML parsers, in one process, interleaved.

    python bench/python/compare.py CORPUS_DIR [--limit N] [--rounds R] [--task parse|select|links|all]

parse: bytes to a document. select: the 20 selectors of the Rust select bench (listed in
SELECTORS below) over every page's document (parsing not timed; a selector a library rejects
counts as a failure). links: every URL-bearing attribute of every page resolved against the
page's base URL (`<base href>`, else a made-up page URL): websyntax's `Document.links()`
(srcset parsed, validation errors collected), turbohtml's own `links()` (its own list, which
also includes CSS `url()`s), and, for selectolax, the same attribute list looked up with its
CSS engine (`el[attr]`) and resolved with `urllib.parse.urljoin` (srcset split on commas).
Each link's URL is read once (`link.url`: resolved by websyntax, as written by turbohtml).
resiliparse has no links pass: its attribute getters take about 1 ms per call (2.0.1,
measured here), which makes reading the attributes by hand take seconds per page.

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


# The 20 real-world selectors of the Rust select bench (bench/src/lib.rs, SELECTORS).
SELECTORS = [
    "a[href]",
    "div.content p",
    "table tr:nth-child(2n) td",
    'meta[property^="og:"]',
    "link[rel~=stylesheet]",
    "script[src]",
    'img[alt]:not([alt=""])',
    "ul > li:first-child",
    "li:last-child > a",
    "h1, h2, h3",
    "div:has(> img)",
    "section:has(h2)",
    "a:has(img)",
    ".container, #main",
    "[class*=btn]",
    'nav a[href^="http"]',
    "input[type=text i]",
    ":is(header, footer) a",
    "div > div > div > p",
    "span:nth-of-type(3n+1)",
]

# The URL-bearing attributes websyntax's links() reads: (element, attribute, is_srcset).
URL_ATTRS = [
    ("a", "href", False), ("area", "href", False), ("link", "href", False),
    ("base", "href", False), ("img", "src", False), ("script", "src", False),
    ("iframe", "src", False), ("embed", "src", False), ("source", "src", False),
    ("track", "src", False), ("audio", "src", False), ("video", "src", False),
    ("input", "src", False), ("form", "action", False), ("button", "formaction", False),
    ("input", "formaction", False), ("blockquote", "cite", False), ("q", "cite", False),
    ("del", "cite", False), ("ins", "cite", False), ("object", "data", False),
    ("video", "poster", False), ("img", "srcset", True), ("source", "srcset", True),
    ("link", "imagesrcset", True),
]
PAGE_URL = "https://example.com/dir/page.html"


def queriers():
    """(name, parse(bytes) -> doc, select(doc, compiled) -> count, compile(css), links(doc) -> count
    or None)."""
    found, missing = [], []

    def add(name, make):
        try:
            found.append((name, *make()))
        except Exception as e:
            missing.append(f"{name} ({type(e).__name__}: {e})")

    def ws():
        import websyntax

        return (
            websyntax.parse,
            lambda doc, sel: len(doc.select(sel)),
            websyntax.Selector,
            lambda doc: len([link.url for link in doc.links(PAGE_URL)]),
        )

    def selectolax():
        from urllib.parse import urljoin

        from selectolax.lexbor import LexborHTMLParser

        def links(doc):
            base_nodes = doc.css("base[href]")
            base = urljoin(PAGE_URL, base_nodes[0].attributes.get("href") or "") if base_nodes else PAGE_URL
            n = 0
            for el, attr, srcset in URL_ATTRS:
                for node in doc.css(f"{el}[{attr}]"):
                    v = node.attributes.get(attr) or ""
                    for raw in [c.strip().split(" ")[0] for c in v.split(",")] if srcset else [v]:
                        urljoin(base, raw.strip())
                        n += 1
            return n

        return (LexborHTMLParser, lambda doc, sel: len(doc.css(sel)), str, links)

    def turbohtml():
        import turbohtml

        return (
            turbohtml.parse,
            lambda doc, sel: len(doc.select(sel)),
            str,
            lambda doc: len([link.url for link in doc.links()]),
        )

    def resiliparse():
        from resiliparse.parse.html import HTMLTree

        return (
            HTMLTree.parse_from_bytes,
            lambda tree, sel: len(tree.document.query_selector_all(sel)),
            str,
            None,
        )

    add("websyntax", ws)
    add("selectolax (lexbor)", selectolax)
    add("turbohtml", turbohtml)
    add("resiliparse", resiliparse)
    return found, missing


def run_queries(pages, rounds, task):
    """Times `task` ("select" or "links") for each library, interleaved, parsing untimed."""
    found, missing = queriers()
    if task == "links":
        missing += [f"{q[0]} (no links pass)" for q in found if q[4] is None]
        found = [q for q in found if q[4] is not None]
    for m in missing:
        print(f"skipped: {m}", file=sys.stderr)
    totals = {q[0]: 0.0 for q in found}
    failures = {q[0]: 0 for q in found}
    counts = {q[0]: 0 for q in found}
    compiled = {}
    for name, _parse, _select, compile_, _links in found:
        sels = []
        for css in SELECTORS:
            try:
                sels.append(compile_(css))
            except Exception:
                sels.append(None)
                failures[name] += 1
        compiled[name] = sels
    for r in range(rounds):
        for i, page in enumerate(pages):
            k = (i + r) % len(found)
            for name, parse, select, _compile, links in found[k:] + found[:k]:
                try:
                    doc = parse(page)
                except Exception:
                    failures[name] += 1
                    continue
                t0 = time.perf_counter()
                if task == "select":
                    for sel in compiled[name]:
                        if sel is None:
                            continue
                        try:
                            counts[name] += select(doc, sel)
                        except Exception:
                            failures[name] += 1
                else:
                    try:
                        counts[name] += links(doc)
                    except Exception:
                        failures[name] += 1
                totals[name] += time.perf_counter() - t0
    return totals, failures, counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", help="directory of HTML files (*.html, *.htm; read recursively)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N files (0: all)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--task", choices=["parse", "select", "links", "all"], default="parse")
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

    print(f"{len(pages)} files, {total_bytes / 1e6:.1f} MB, {args.rounds} rounds, Python {sys.version.split()[0]}")
    tasks = ["parse", "select", "links"] if args.task == "all" else [args.task]
    for task in tasks:
        print()
        if task == "parse":
            run_parse(pages, total_bytes, args.rounds)
            continue
        totals, failures, counts = run_queries(pages, args.rounds, task)
        base = totals.get("websyntax")
        what = "matches" if task == "select" else "URLs"
        print(f"{task}: total time over all pages and rounds (parsing not timed)")
        print()
        print(f"| library | total s | × websyntax time | {what} | failures |")
        print("|---|---:|---:|---:|---:|")
        for name, t in sorted(totals.items(), key=lambda kv: kv[1]):
            ratio = f"{t / base:.2f}" if base else "-"
            print(f"| {name} | {t:.3f} | {ratio} | {counts[name]} | {failures[name]} |")
    return 0


def run_parse(pages, total_bytes, rounds) -> None:
    """Times each parser's default call on every page, interleaved; prints the table."""
    found, missing = parsers()
    for m in missing:
        print(f"skipped: {m}", file=sys.stderr)
    totals = {name: 0.0 for name, _ in found}
    failures = {name: 0 for name, _ in found}
    for r in range(rounds):
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
    mb = total_bytes * rounds / 1e6
    print("parse: bytes to a document")
    print()
    print("| parser | total s | MB/s | × websyntax time | failures |")
    print("|---|---:|---:|---:|---:|")
    for name, t in sorted(totals.items(), key=lambda kv: kv[1]):
        ratio = f"{t / base:.2f}" if base else "-"
        print(f"| {name} | {t:.3f} | {mb / t:.1f} | {ratio} | {failures[name]} |")


if __name__ == "__main__":
    sys.exit(main())
