#!/bin/sh
# Seeds the working corpora fuzz/work/<target>/ (gitignored) from the vendored test suites
# (tests/data) and, when present, the shared page corpus (../shared/corpus or
# $WEBSYNTAX_CORPUS), plus small hostile shapes. Existing files are kept (files are named by
# content hash, as libFuzzer names them, so reruns add only new inputs). The small committed
# corpora under fuzz/corpus/<target>/ are made from the working ones by fuzz/minimize.sh.
# Run from anywhere: sh fuzz/seed_corpus.sh
#
# Then, e.g. (from fuzz/; new inputs go to the first directory, work/<target>):
#   cargo +nightly fuzz run html_hostile work/html_hostile corpus/html_hostile -- -dict=dict/html.dict -max_total_time=900
#   sh minimize.sh html_hostile        # merge into a fresh, small fuzz/corpus/html_hostile
set -eu
cd "$(dirname "$0")"
ROOT=..
CORPUS_SRC=${WEBSYNTAX_CORPUS:-$ROOT/../shared/corpus}
exec python3 - "$ROOT" "$CORPUS_SRC" <<'PY'
import hashlib, os, sys
root, shared = sys.argv[1], sys.argv[2]
out = "work"
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
# Crawl defaults: a flags byte (bit 0: depth limit, its value from the rest of the byte; bit 1:
# scripting), then the bytes.
for i, data in enumerate(docs + pages):
    seed("crawl", bytes([(i * 37) & 0xFF]) + data)
for data in pages:
    for sel in range(0, 14, 3):
        seed("encoding_roundtrip", bytes([sel, 7]) + data)
for data in docs[:300]:
    seed("encoding_roundtrip", bytes([1, 3]) + data)

# Editing: flags byte (bit 0: declarative shadow roots), document, 0xFF, operation bytes (a
# few fixed sequences and the document's hash, so each seed edits differently).
small_pages = [p for p in pages if len(p) <= 16 * 1024]
ops = [bytes([7, 0, 8, 3, 7, 9, 10, 5, 4, 0x15, 6, 3, 4, 1, 2, 2, 0, 1, 11, 9, 3]),
       bytes([7, 4, 7, 0, 8, 1, 0, 2, 0, 1, 0, 3, 5, 2, 0x31, 6, 2, 0x31, 9, 1, 4, 5, 2])]
for i, data in enumerate(docs + small_pages):
    seed("html_edit", bytes([i & 1]) + data + b"\xff" + ops[i % 2] + hashlib.sha1(data).digest())

# Selectors: a selector line, then the document (valid and invalid selectors in turn).
selectors = [
    "a[href]", "div.content p", "ul > li:first-child", "p:has(> img)", "li:nth-child(2n of .x)",
    ":is(h1, h2, h3)", "input:not([type=hidden])", "a[href^='http' i]", "[class~=item]",
    "table tr:nth-child(odd) td:last-child", "div:has(+ p)", "body *:only-child", ":root > body",
    "p:empty", "section :where(p, span) ~ span", "svg|rect, svg|*", "[xlink|href]",
    "form :checked, :disabled", "a:any-link", "*:nth-last-of-type(2)", "#main, .nav a",
    ":scope > *", "html|p, *|*", "td:nth-last-child(-n+2)", "option:checked", ":read-write",
    "a[", ":has(", "p::before", "foo|a", "div >", ":nth-child(2n of)", ". x", "[a=]", ":foo",
]
for i, data in enumerate(docs + small_pages):
    seed("html_select", selectors[i % len(selectors)].encode() + b"\n" + data)

# Links: flags byte (bits 0-1: document URL, bits 2-3: encoding), then the document.
link_docs = [s.encode() for s in [
    "<base href=/docs/><a href=intro?q=\u00e9>x</a><img srcset='a.png 1x, b.png 2x'>",
    "<a href=x></a><base href='../up/'><base href=/second/><link href=s.css imagesrcset='x 10w'>",
    "<base href='javascript:void(0)'><form action=?a=1><button formaction=b>",
    "<template><base href=/t/><a href=t></template><q cite=c><video src=v poster=p>",
    "<img srcset='&lt;&lt;a, x 1x' src=' \t/p ath '><svg><a href=svg></a></svg>",
    "<base href='http://[::1'><object data=o><source src=s srcset='a 100w 50h, b'>",
]]
for i, data in enumerate(docs + small_pages + link_docs):
    seed("html_links", bytes([i % 16]) + data)

# URL parser and setters: the web-platform-tests URL inputs with their bases.
import json
wpt = os.path.join(root, "tests", "data", "wpt-url", "urltestdata.json")
if os.path.exists(wpt):
    for t in json.load(open(wpt, encoding="utf-8")):
        if not isinstance(t, dict):
            continue
        inp, base = t.get("input", ""), t.get("base") or ""
        try:
            seed("url_parse", f"{base}\n{inp}".encode())
            seed("url_setters", f"{inp}\n\x00{base}".encode())
        except UnicodeEncodeError:  # lone surrogates
            pass

for t, c in sorted(counts.items()):
    print(f"{t}: {c} seeds written to {out}/{t}")
PY
