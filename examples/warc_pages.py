"""Shared by spark_warc.py and dask_warc.py: read a WARC file, parse each HTML response with
websyntax (the HTTP Content-Type charset as the transport-layer charset), and return one plain
dict per page (plain dicts and strings cross process boundaries cheaply; Documents need not).
"""

from __future__ import annotations

from typing import Iterator, Optional

import websyntax
from warcio.archiveiterator import ArchiveIterator

#: The columns of every row, in order, with their Python types.
COLUMNS = [
    ("url", str),
    ("http_charset", str),  # None when the HTTP header has no charset
    ("encoding", str),
    ("encoding_why", str),
    ("confidence", str),
    ("title", str),  # None without a <title>
    ("parse_errors", int),
    ("decode_errors", int),
    ("link_count", int),  # URLs in URL-bearing attributes (each srcset candidate apart)
    ("check_errors", int),  # websyntax.check diagnostics of severity "error"
    ("main_text", str),  # the article body's readable text (Document.main_text())
    ("markdown", str),  # the article body as Markdown, links resolved against the page URL
]


def http_charset(content_type: Optional[str]) -> Optional[str]:
    """The `charset` parameter of a Content-Type header value, or None."""
    if not content_type:
        return None
    for param in content_type.split(";")[1:]:
        name, _, value = param.strip().partition("=")
        if name.strip().lower() == "charset":
            return value.strip().strip("\"'") or None
    return None


def is_html(content_type: Optional[str]) -> bool:
    mime = (content_type or "").split(";")[0].strip().lower()
    return mime in ("text/html", "application/xhtml+xml")


def page_row(url: str, content_type: Optional[str], body: bytes) -> dict:
    """Parses one HTTP response body and returns its row."""
    charset = http_charset(content_type)
    doc = websyntax.parse(body, transport_charset=charset)
    return {
        "url": url,
        "http_charset": charset,
        "encoding": doc.encoding,
        "encoding_why": doc.why,
        "confidence": doc.confidence,
        "title": doc.title,
        "parse_errors": len(doc.errors),
        "decode_errors": len(doc.decode_errors),
        "link_count": len(doc.links(url)),
        "check_errors": sum(
            1
            for d in websyntax.check(body, transport_charset=charset, document_url=url)["diagnostics"]
            if d["severity"] == "error"
        ),
        "main_text": doc.main_text(),
        "markdown": doc.markdown(main=True, base_url=url),
    }


def warc_rows(path: str) -> Iterator[dict]:
    """One row per HTML response record of the WARC file at `path` (gzip or not; a local
    path or a `file://` URL)."""
    if path.startswith("file://"):
        path = path[len("file://") :]
    with open(path, "rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type != "response" or record.http_headers is None:
                continue
            content_type = record.http_headers.get_header("Content-Type")
            if not is_html(content_type):
                continue
            url = record.rec_headers.get_header("WARC-Target-URI")
            yield page_row(url, content_type, record.content_stream().read())
