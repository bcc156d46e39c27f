"""Main-content extraction: accuracy (the article-extraction benchmark's metric) and speed of
websyntax against trafilatura and resiliparse, on the same pages in the same run.

    python3 -m venv /tmp/peers-venv
    /tmp/peers-venv/bin/pip install trafilatura resiliparse readability-lxml markdownify html2text
    # (peers, never package dependencies)
    # websyntax: the Python binding (maturin develop) in the same venv, or --cli PATH
    /tmp/peers-venv/bin/python bench/python/extract_compare.py \
        [--data crates/extract/tests/data/article-extraction] [--repeat 3] [--cli target/release/websyntax]

The metric (the data directory's README.md): tokens are Python `re` `\\w+` runs; shingles of 4
tokens counted as a multiset; per-page tp/fp/fn normalised by their sum; precision and recall
means over the pages; F1 of the means. Speed: pages per second, parse included, one thread,
the best of --repeat runs.
"""

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter

TOKEN = re.compile(r"\w+")


def shingles(text):
    toks = TOKEN.findall(text or "")
    if not toks:
        return Counter()
    if len(toks) < 4:
        return Counter([tuple(toks)])
    return Counter(tuple(toks[i : i + 4]) for i in range(len(toks) - 3))


def page_scores(truth, extracted):
    g, e = shingles(truth), shingles(extracted)
    tp = sum((g & e).values())
    fp = sum((e - g).values())
    fn = sum((g - e).values())
    s = tp + fp + fn
    if s:
        tp, fp, fn = tp / s, fp / s, fn / s
    if fp == 0 and fn == 0:
        p = r = 1.0
    else:
        p = 0.0 if tp == 0 and fp == 0 else tp / (tp + fp)
        r = 0.0 if tp == 0 and fn == 0 else tp / (tp + fn)
    return p, r, tp + fp > 0, tp + fn > 0


def score(truth, outputs):
    ps, rs = [], []
    for pid, gt in truth.items():
        p, r, hp, hr = page_scores(gt, outputs.get(pid, ""))
        if hp:
            ps.append(p)
        if hr:
            rs.append(r)
    P = sum(ps) / max(len(ps), 1)
    R = sum(rs) / max(len(rs), 1)
    return P, R, (2 * P * R / (P + R) if P + R else 0.0)


def run(name, fn, pages, repeat):
    best = None
    outputs = {}
    for _ in range(repeat):
        t0 = time.perf_counter()
        outputs = {pid: fn(html) or "" for pid, html in pages.items()}
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    return outputs, len(pages) / best


def extractors(cli):
    out = {}
    try:
        import websyntax

        out["websyntax"] = lambda html: websyntax.parse(html).main_text()
    except ImportError:
        pass
    try:
        import trafilatura

        out["trafilatura"] = lambda html: trafilatura.extract(
            html, include_comments=False, include_tables=True
        )
    except ImportError:
        print("trafilatura not installed", file=sys.stderr)
    try:
        from resiliparse.extract.html2text import extract_plain_text
        from resiliparse.parse.html import HTMLTree

        out["resiliparse"] = lambda html: extract_plain_text(
            HTMLTree.parse(html), main_content=True
        )
    except ImportError:
        print("resiliparse not installed", file=sys.stderr)
    try:
        import lxml.html
        from readability import Document as ReadabilityDocument

        def readability_text(html):
            summary = ReadabilityDocument(html).summary(html_partial=True)
            return lxml.html.fromstring(summary).text_content() if summary.strip() else ""

        out["readability-lxml"] = readability_text
    except ImportError:
        print("readability-lxml not installed", file=sys.stderr)
    return out


def converters():
    """Whole-page HTML to Markdown (no main-content detection): speed, and the F1 of the whole
    page's text as a baseline."""
    out = {}
    try:
        import websyntax

        out["websyntax markdown"] = lambda html: websyntax.parse(html).markdown()
    except ImportError:
        pass
    try:
        from markdownify import markdownify

        out["markdownify"] = lambda html: markdownify(html)
    except ImportError:
        print("markdownify not installed", file=sys.stderr)
    try:
        import html2text

        def h2t(html):
            h = html2text.HTML2Text()
            h.body_width = 0
            return h.handle(html)

        out["html2text"] = h2t
    except ImportError:
        print("html2text not installed", file=sys.stderr)
    return out


def run_cli(cli, pages, repeat):
    """websyntax through the command line: one process over a directory of the pages."""
    with tempfile.TemporaryDirectory() as d:
        for pid, html in pages.items():
            with open(os.path.join(d, pid + ".html"), "w", encoding="utf-8") as f:
                f.write(html)
        best = None
        for _ in range(repeat):
            t0 = time.perf_counter()
            res = subprocess.run(
                [cli, "markdown", "--main", "--jsonl", "--encoding", "utf-8", d],
                capture_output=True,
                check=True,
                text=True,
            )
            dt = time.perf_counter() - t0
            best = dt if best is None else min(best, dt)
        outputs = {}
        for line in res.stdout.splitlines():
            o = json.loads(line)
            outputs[os.path.basename(o["file"])[: -len(".html")]] = o["markdown"]
    return outputs, len(pages) / best


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument(
        "--data",
        default=os.path.join(here, "../../crates/extract/tests/data/article-extraction"),
    )
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cli", help="also run `websyntax markdown --main --jsonl` (path)")
    args = ap.parse_args()
    with open(os.path.join(args.data, "ground-truth.json"), encoding="utf-8") as f:
        gt = json.load(f)
    truth = {k: v["articleBody"] for k, v in gt.items()}
    pages = {}
    for pid in sorted(truth):
        with gzip.open(os.path.join(args.data, "html", pid + ".html.gz")) as f:
            pages[pid] = f.read().decode("utf-8", "replace")
    print(f"{len(pages)} pages, {sum(len(h.encode()) for h in pages.values()) / 1e6:.1f} MB")
    print(f"{'extractor':<22} {'P':>6} {'R':>6} {'F1':>6} {'pages/s':>9}")
    for name, fn in extractors(args.cli).items():
        outputs, speed = run(name, fn, pages, args.repeat)
        P, R, F1 = score(truth, outputs)
        print(f"{name:<22} {P:6.3f} {R:6.3f} {F1:6.3f} {speed:9.1f}")
    print("\nwhole page as Markdown (no main-content detection)")
    print(f"{'converter':<22} {'P':>6} {'R':>6} {'F1':>6} {'pages/s':>9}")
    for name, fn in converters().items():
        outputs, speed = run(name, fn, pages, args.repeat)
        P, R, F1 = score(truth, outputs)
        print(f"{name:<22} {P:6.3f} {R:6.3f} {F1:6.3f} {speed:9.1f}")
    if args.cli:
        outputs, speed = run_cli(args.cli, pages, args.repeat)
        P, R, F1 = score(truth, outputs)
        print(f"{'websyntax (cli, md)':<22} {P:6.3f} {R:6.3f} {F1:6.3f} {speed:9.1f}")


if __name__ == "__main__":
    main()
