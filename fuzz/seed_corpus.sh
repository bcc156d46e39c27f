#!/bin/sh
# Seeds fuzz/corpus/<target>/ from the vendored test suites (tests/data) and, when present,
# the shared page corpus (../shared/corpus or $WEBSYNTAX_CORPUS), plus small hostile shapes.
# Existing corpus files are kept (libFuzzer names files by content hash, so reruns add only new
# inputs). Run from anywhere: sh fuzz/seed_corpus.sh
#
# Then, e.g. (from fuzz/):
#   cargo +nightly fuzz run html_hostile corpus/html_hostile -- -dict=dict/html.dict -max_total_time=900
#   cargo +nightly fuzz cmin html_hostile          # minimize the corpus after a run
set -eu
cd "$(dirname "$0")"
ROOT=..
CORPUS_SRC=${WEBSYNTAX_CORPUS:-$ROOT/../shared/corpus}
exec python3 - "$ROOT" "$CORPUS_SRC" <<'PY'
import hashlib, os, sys
root, shared = sys.argv[1], sys.argv[2]
out = "corpus"
def put(target, data: bytes):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)
counts = {}
def seed(target, data):
    put(target, data)
    counts[target] = counts.get(target, 0) + 1

# html5lib tree-construction and tokenizer inputs.
docs = []
tc = os.path.join(root, "tests/data/html5lib-tests/tree-construction")
for fn in sorted(os.listdir(tc)):
    if not fn.endswith(".dat"):
        continue
    text = open(os.path.join(tc, fn), encoding="utf-8").read()
    for block in text.split("\n#data\n"):
        block = block[6:] if block.startswith("#data\n") else block
        data = block.split("\n#errors", 1)[0]
        docs.append(data.encode("utf-8"))

# Small hostile shapes (the generator in crates/html/tests/hostile/mod.rs, n = 50).
n = 50
docs += [s.encode() for s in [
    "<span>" * n + "</h1>" * n, "<svg>" + "<g>" * n + "</x>" * n,
    "<span>" * n + "</body>x" * n, "<p><button>" + "<span>" * n + "</p>" * n,
    "<div>" * n + "<li></li>" * n, "".join("<body a%d>" % i for i in range(n)),
    "<span>" * n + "<table></table>" * n, "<p><button>" + "<div>" * n,
    "".join("<b x=%d>" % i for i in range(n)) + "<a></a>" * n,
    "<b>" + "<span><div>" * n + "</b>" * n, "<b><i>x</b></i>" * n,
    "<div>" + "".join("<b x=%d>" % i for i in range(n)) + "</div>" + "<div>x</div>" * n,
    "<table>" + "a<tr>" * n, "<template>" * n, "<select>" + "<option>" * n,
    "<math><annotation-xml encoding=text/html>" + "<!---->" * n, "&amp;" * n, "<" * n,
]]

# Real pages (bounded in size).
pages = []
for sub in ("html", "html-legacy"):
    d = os.path.join(shared, sub)
    if not os.path.isdir(d):
        continue
    for dirpath, _, files in os.walk(d):
        for fn in sorted(files):
            p = os.path.join(dirpath, fn)
            if os.path.getsize(p) <= 64 * 1024 and not fn.endswith((".tsv", ".md")):
                pages.append(open(p, "rb").read())

for data in docs + pages:
    seed("html_parse", b"\x03" + data)
    seed("html_hostile", b"\x00\x00" + data)
    seed("html_hostile", b"\x15\x07" + data)
    seed("html_read_api", data)
for data in pages:
    for sel in range(0, 14, 3):
        seed("encoding_roundtrip", bytes([sel, 7]) + data)
for data in docs[:300]:
    seed("encoding_roundtrip", bytes([1, 3]) + data)
for t, c in sorted(counts.items()):
    print(f"{t}: {c} seeds written to {out}/{t}")
PY
