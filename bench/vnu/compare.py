#!/usr/bin/env python3
"""`websyntax check` side by side with the Nu Html Checker (vnu.jar).

    bench/vnu/compare.py setup              # JRE (apt) and vnu-jar (npm) in a scratch dir
    bench/vnu/compare.py findings [PATH...] # which findings each tool reports, by line and category
    bench/vnu/compare.py timing [DIR]       # wall time of both over every *.html/*.htm in DIR

`findings` defaults to samples/ and bench/vnu/pages/; `timing` to ../shared/corpus/html (or
$WEBSYNTAX_CORPUS/html). Both tools get all files in one process: `websyntax check --format json
FILES...` and `java -jar vnu.jar --format json FILES...`.

Environment: VNU_JAR (default: $VNU_DIR/node_modules/vnu-jar/build/dist/vnu.jar, VNU_DIR default
/tmp/vnu-jar), WEBSYNTAX (default: target/release/websyntax, built with cargo when missing).

Findings are matched by (file, line, category). vnu's messages are put in our categories by
their wording (see `vnu_category`); what vnu reports beyond syntax (the content model: which
elements may contain which, required attributes, table structure ...) is counted as "other"
and not matched. vnu reports a finding at the end of the offending token (`lastLine`); we report
at its start: tokens spanning several lines are avoided in the pages.
"""

import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VNU_DIR = Path(os.environ.get("VNU_DIR", "/tmp/vnu-jar"))
VNU_JAR = Path(os.environ.get("VNU_JAR", VNU_DIR / "node_modules/vnu-jar/build/dist/vnu.jar"))
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "cite", "data", "poster", "srcset",
                  "imagesrcset"}
PARSE_WORDS = re.compile(
    r"Stray |[Ee]nd tag|[Ss]tart tag|Duplicate attribute|unquoted attribute value|"
    r"character reference|Self-closing syntax|Misplaced non-space|Unclosed element|"
    r"unclosed elements|open elements|^Saw |[Dd]octype|Bad character|[Cc]omment|"
    r"violates nesting rules|in scope|Cannot recover|End of file|Non-space character|"
    r"Attribute name|attribute name|No space between attributes|Quote “")


def websyntax_binary():
    path = os.environ.get("WEBSYNTAX")
    if path:
        return path
    binary = ROOT / "target/release/websyntax"
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "websyntax-cli"], cwd=ROOT,
                       check=True)
    return str(binary)


def setup():
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "default-jre-headless"], check=True,
                   env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    VNU_DIR.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "vnu-jar"], cwd=VNU_DIR,
                   check=True)
    print(f"vnu.jar: {VNU_JAR} ({'present' if VNU_JAR.exists() else 'MISSING'})")


def html_files(paths):
    files = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(f for f in p.rglob("*")
                            if f.is_file() and f.suffix.lower() in (".html", ".htm"))
        else:
            files.append(p)
    return [str(f.resolve()) for f in files]


def short(name):
    """A file name relative to the repository, for the report."""
    try:
        return str(Path(name).relative_to(ROOT))
    except ValueError:
        return name


def run_websyntax(files):
    out = subprocess.run([websyntax_binary(), "check", "--format", "json", *files],
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"websyntax check failed ({out.returncode}): {out.stderr}")
    return [json.loads(line) for line in out.stdout.splitlines()]


def run_vnu(files):
    if not VNU_JAR.exists():
        sys.exit(f"{VNU_JAR} not found: run `{sys.argv[0]} setup` first")
    out = subprocess.run(["java", "-jar", str(VNU_JAR), "--format", "json", "--exit-zero-always",
                          *files], capture_output=True, text=True)
    return json.loads(out.stderr or '{"messages": []}')["messages"]


def vnu_category(message):
    text = message.get("message", "")
    if re.search(r"Malformed byte sequence|encoding|charset|[Bb]yte order mark", text):
        return "encoding"
    m = re.match(r"Bad value “.*” for attribute “([^”]+)”", text, re.S)
    if m:
        return "url" if m.group(1) in URL_ATTRIBUTES else "attribute"
    if re.search(r"Duplicate ID|The value of the “\w+” attribute must be|An ID must not", text):
        return "attribute"
    if PARSE_WORDS.search(text):
        return "parse"
    return "other"


def findings(paths):
    files = html_files(paths or [ROOT / "samples", ROOT / "bench/vnu/pages"])
    ours = defaultdict(dict)  # (file, category) -> {line: message}
    for report in run_websyntax(files):
        for d in report["diagnostics"]:
            if d["severity"] != "info":
                ours[(report["file"], d["category"])].setdefault(
                    d["line"], f'{d["code"]}: {d["message"]}')
    theirs = defaultdict(dict)
    other = defaultdict(int)
    for m in run_vnu(files):
        if m.get("type") == "info" and m.get("subType") != "warning":
            continue
        if m.get("subType") == "fatal" or "first occurrence" in m.get("message", ""):
            continue
        url = m.get("url", "")
        name = next((f for f in files if url.endswith(f)), url)
        category = vnu_category(m)
        line = m.get("lastLine") or m.get("firstLine") or 0
        if category == "other":
            other[name] += 1
            continue
        theirs[(name, category)].setdefault(line, m.get("message", ""))
    categories = ["parse", "encoding", "url", "attribute"]
    print("| category | lines both report | only websyntax | only vnu |")
    print("|---|---|---|---|")
    details = []
    for c in categories:
        both = only_ours = only_theirs = 0
        for f in files:
            a, b = ours.get((f, c), {}), theirs.get((f, c), {})
            both += len(a.keys() & b.keys())
            only_ours += len(a.keys() - b.keys())
            only_theirs += len(b.keys() - a.keys())
            for line in sorted(a.keys() - b.keys()):
                details.append(f"- only websyntax, {c}, {short(f)}:{line}: {a[line]}")
            for line in sorted(b.keys() - a.keys()):
                details.append(f"- only vnu, {c}, {short(f)}:{line}: {b[line]}")
        print(f"| {c} | {both} | {only_ours} | {only_theirs} |")
    print(f"\nvnu findings outside these categories (content model and other): "
          f"{sum(other.values())}\n")
    print("\n".join(details))


def timing(directory):
    files = html_files([directory])
    size = sum(os.path.getsize(f) for f in files)
    websyntax_binary()  # build before timing
    start = time.perf_counter()
    run_websyntax(files)
    ours = time.perf_counter() - start
    start = time.perf_counter()
    run_vnu(files)
    theirs = time.perf_counter() - start
    print(f"{len(files)} files, {size / 1e6:.1f} MB")
    print(f"websyntax check: {ours:.2f} s")
    print(f"vnu.jar:         {theirs:.2f} s")
    print(f"ratio:           {theirs / ours:.1f}x")


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    cmd, rest = args[0], args[1:]
    if cmd == "setup":
        setup()
    elif cmd == "findings":
        findings(rest)
    elif cmd == "timing":
        corpus = os.environ.get("WEBSYNTAX_CORPUS", str(ROOT.parent / "shared/corpus"))
        timing(rest[0] if rest else os.path.join(corpus, "html"))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
