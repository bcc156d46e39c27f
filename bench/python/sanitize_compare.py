"""Speed of websyntax.sanitize against nh3.clean, in one process, interleaved.

    python bench/python/sanitize_compare.py CORPUS_DIR [--rounds R]

Inputs: the body (its inner HTML) of every page of CORPUS_DIR, and 256 synthetic comments of
about 1 KiB (the same generator as the Rust bench `bench/benches/sanitize.rs`). Each library is
called as its users call it with defaults: ``websyntax.sanitize(html)`` (the safe default
configuration, `div` context) and ``nh3.clean(html)`` (nh3's default tags and attributes). The
two do not do the same work (see docs/sanitize.md: nh3 keeps the text of dropped tags, adds
``rel`` to links, checks URL schemes). For each round and each input both run, in alternating
order, and the time of each call is added to that library's total.

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


def run(label: str, inputs: list[str], rounds: int) -> None:
    total = {"websyntax": 0.0, "nh3": 0.0}
    calls = [("websyntax", websyntax.sanitize), ("nh3", nh3.clean)]
    size = sum(len(s.encode()) for s in inputs)
    for r in range(rounds):
        for i, s in enumerate(inputs):
            order = calls if (i + r) % 2 == 0 else calls[::-1]
            for name, f in order:
                t = time.perf_counter()
                f(s)
                total[name] += time.perf_counter() - t
    for name, t in total.items():
        mib = size * rounds / t / (1 << 20)
        print(f"{label:9} {name:10} {t:8.3f} s  {mib:7.1f} MiB/s")
    print(f"{label:9} ratio      {total['nh3'] / total['websyntax']:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    print(f"websyntax {websyntax.__version__}, nh3 {nh3.__version__}")
    run("corpus", bodies(a.corpus), a.rounds)
    run("comments", comments(), a.rounds * 10)


if __name__ == "__main__":
    main()
