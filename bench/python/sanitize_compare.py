"""Speed of websyntax.sanitize against nh3.clean, in one process, interleaved.

    python bench/python/sanitize_compare.py CORPUS_DIR [--rounds R]

Inputs: the body (its inner HTML) of every page of CORPUS_DIR, and 256 synthetic comments of
about 1 KiB (the same generator as the Rust bench `bench/benches/sanitize.rs`). Each library is
called as its users call it with defaults: ``websyntax.sanitize(html)`` (the safe default
configuration, `div` context) and ``nh3.clean(html)`` (nh3's default tags and attributes). The
two do not do the same work (see docs/sanitize.md: nh3 keeps the text of dropped tags, adds
``rel`` to links, checks URL schemes). Two interleavings, each library's time summed over the
rounds: by about 1 MiB of input (the throughput of a batch job: each library runs with its
code and data warm), and call by call (every call after a call of the other library).

    target/py-venv/bin/pip install nh3      # next to an installed websyntax wheel
"""

from __future__ import annotations

import argparse
import os
import time

import nh3

import websyntax

PARTS = [
    "<p>Thanks for the write-up! I tried the second approach and it worked.</p>",
    '<p>See <a href="https://example.com/docs/page?x=1" title="docs">the docs</a> for details.</p>',
    '<blockquote cite="https://example.org/"><p>Quoted text from the article, with <em>emphasis</em>.</p></blockquote>',
    '<pre><code>fn main() { println!("hello &amp; bye"); }</code></pre>',
    "<ul><li>first point</li><li>second <strong>point</strong></li><li>third</li></ul>",
    '<p onclick="steal()">Click <a href="javascript:alert(1)">here</a></p>',
    '<img src="https://example.com/cat.png" alt="cat" onerror="alert(1)">',
    "<script>alert(document.cookie)</script>",
    "<p>Line one<br>line two &mdash; with <code>inline code</code> and <kbd>Ctrl</kbd>.</p>",
    '<div style="color:red"><span>styled</span> text <b>bold</b> <i>italic</i></div>',
    "<!-- a comment --><p>After a comment <sub>1</sub> <sup>2</sup></p>",
    "<table><tr><td>a</td><td colspan=2>b</td></tr></table>",
    '<h3>Heading</h3><p>Body text with an <abbr title="abbreviation">abbr</abbr>.</p>',
    '<iframe src="https://evil.example/"></iframe><p>after the frame</p>',
]


def comments() -> list[str]:
    out, state = [], 0x2545F491
    for _ in range(256):
        s = ""
        while len(s.encode()) < 1024:
            state ^= (state << 13) & 0xFFFFFFFF
            state ^= state >> 17
            state ^= (state << 5) & 0xFFFFFFFF
            s += PARTS[state % len(PARTS)]
        out.append(s)
    return out


def bodies(root: str) -> list[str]:
    out = []
    for dirpath, _, files in os.walk(root):
        for name in sorted(files):
            if name.lower().endswith((".html", ".htm")):
                with open(os.path.join(dirpath, name), "rb") as f:
                    doc = websyntax.parse(f.read())
                body = doc.select_first("body")
                if body is not None:
                    out.append(body.inner_html())
    return out


GRAIN_BYTES = 1 << 20


def groups(inputs: list[str], grain: int) -> list[list[str]]:
    """Consecutive inputs up to about ``grain`` bytes (one input if it is larger)."""
    out, cur, acc = [], [], 0
    for s in inputs:
        cur.append(s)
        acc += len(s.encode())
        if acc >= grain:
            out.append(cur)
            cur, acc = [], 0
    if cur:
        out.append(cur)
    return out


def run(label: str, inputs: list[str], rounds: int, grain: int) -> None:
    """Both libraries over ``inputs`` for ``rounds`` rounds, taking turns every ``grain``
    bytes of input (0: every call), in an order that alternates with the group and round."""
    total = {"websyntax": 0.0, "nh3": 0.0}
    calls = [("websyntax", websyntax.sanitize), ("nh3", nh3.clean)]
    size = sum(len(s.encode()) for s in inputs)
    for r in range(rounds):
        for i, group in enumerate(groups(inputs, grain)):
            order = calls if (i + r) % 2 == 0 else calls[::-1]
            for name, f in order:
                t = time.perf_counter()
                for s in group:
                    f(s)
                total[name] += time.perf_counter() - t
    how = "per call" if grain == 0 else f"by ~{grain >> 20} MiB"
    for name, t in total.items():
        mib = size * rounds / t / (1 << 20)
        print(f"{label:9} {how:10} {name:10} {t:8.3f} s  {mib:7.1f} MiB/s")
    print(f"{label:9} {how:10} ratio      {total['nh3'] / total['websyntax']:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    print(f"websyntax {websyntax.__version__}, nh3 {nh3.__version__}")
    pages, small = bodies(a.corpus), comments()
    # Throughput: each library runs over ~1 MiB of input before the other takes its turn
    # (its code and data warm, as in a batch job); then the two alternating call by call.
    for grain in (GRAIN_BYTES, 0):
        run("corpus", pages, a.rounds, grain)
        run("comments", small, a.rounds * 10, grain)


if __name__ == "__main__":
    main()
