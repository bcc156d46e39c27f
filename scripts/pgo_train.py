"""The training workload of scripts/pgo.sh for the Python wheel: every page under a directory
through the calls a data pipeline makes (parse, select, links, text, to_html, check, sanitize)."""

import pathlib
import sys

import websyntax


def main() -> None:
    pages = [
        p.read_bytes()
        for p in sorted(pathlib.Path(sys.argv[1]).rglob("*"))
        if p.suffix in (".html", ".htm") and p.is_file()
    ]
    if not pages:
        sys.exit("no .html or .htm pages found")
    n = 0
    for _ in range(2):
        for data in pages:
            doc = websyntax.parse(data)
            for css in ("a[href]", "div > p", "ul li a", "title"):
                n += len(doc.select(css))
            n += len(doc.links("https://example.com/dir/page.html"))
            n += len(doc.text()) + len(doc.to_html())
            n += len(websyntax.check(data)["diagnostics"])
            n += len(websyntax.sanitize(data.decode("utf-8", "replace")))
    print(f"trained on {len(pages)} pages (checksum {n})")


if __name__ == "__main__":
    main()
