"""HTML to Markdown from Python: websyntax against turbohtml, fidelity and speed in one run.

    python3 -m venv target/md-venv
    target/md-venv/bin/pip install turbohtml maturin      # the peer, never a package dependency
    (cd crates/python && ../../target/md-venv/bin/maturin develop --release)
    cargo build --release -p websyntax-bench --example markdown_fidelity
    target/md-venv/bin/python bench/python/markdown_compare.py CORPUS \
        [--pages 60] [--rounds 5] [--out target/md-fidelity] \
        [--scorer target/release/examples/markdown_fidelity]

Fidelity: `--pages` pages of CORPUS (every `*.html` below it, sorted by path, taken evenly
spaced through that list) are converted by each library from the same bytes (whole page, no
base URL, default options) and written to OUT/<converter>/<n>.md, with OUT/pages.txt naming
the pages. The scorer (bench/examples/markdown_fidelity.rs) renders each Markdown back with
pulldown-cmark and compares what it sees with the page's own DOM, with the metric of
crates/extract/tests/fidelity.rs.

Speed: every page of CORPUS, bytes in, parse included (`websyntax.parse(b).markdown()`,
`turbohtml.parse(b).to_markdown()`), one thread; each round times every converter once, the
converters' order alternating from round to round; the median round's MB/s of HTML input.
"""

import argparse
import os
import subprocess
import sys
import time


def converters():
    out = {}
    import websyntax

    out["websyntax"] = lambda b: websyntax.parse(b).markdown()
    try:
        import turbohtml

        out["turbohtml"] = lambda b: turbohtml.parse(b).to_markdown()
    except ImportError:
        print("turbohtml not installed", file=sys.stderr)
    return out


def html_files(corpus):
    found = []
    for dirpath, _, names in os.walk(corpus):
        for n in names:
            if n.endswith((".html", ".htm")):
                found.append(os.path.relpath(os.path.join(dirpath, n), corpus))
    return sorted(found)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--pages", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default="target/md-fidelity")
    ap.add_argument("--scorer", help="the markdown_fidelity example's binary")
    args = ap.parse_args()
    files = html_files(args.corpus)
    data = []
    for rel in files:
        with open(os.path.join(args.corpus, rel), "rb") as f:
            data.append(f.read())
    convs = converters()

    # Fidelity: the chosen pages' Markdown, written for the scorer.
    n = min(args.pages, len(files))
    chosen = [i * len(files) // n for i in range(n)]
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "pages.txt"), "w", encoding="utf-8") as f:
        f.write("".join(files[i] + "\n" for i in chosen))
    for name, fn in convs.items():
        d = os.path.join(args.out, name)
        os.makedirs(d, exist_ok=True)
        for k, i in enumerate(chosen):
            with open(os.path.join(d, f"{k}.md"), "w", encoding="utf-8") as f:
                f.write(fn(data[i]))

    # Speed: interleaved rounds over every page.
    total = sum(len(b) for b in data)
    times = {name: [] for name in convs}
    names = list(convs)
    for r in range(args.rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            fn = convs[name]
            t0 = time.perf_counter()
            for b in data:
                fn(b)
            times[name].append(time.perf_counter() - t0)
    print(f"speed: {len(data)} pages, {total / 1e6:.2f} MB, {args.rounds} rounds (median)")
    speeds = {}
    for name in names:
        t = sorted(times[name])[len(times[name]) // 2]
        speeds[name] = total / 1e6 / t
        print(f"  {name:<12} {speeds[name]:8.1f} MB/s  {len(data) / t:8.1f} pages/s")
    if "turbohtml" in speeds:
        print(f"  websyntax / turbohtml: {speeds['websyntax'] / speeds['turbohtml']:.2f}x")

    if args.scorer:
        print(f"fidelity ({args.out}):")
        sys.stdout.flush()
        subprocess.run([args.scorer, args.corpus, args.out], check=True)


if __name__ == "__main__":
    main()
