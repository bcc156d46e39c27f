"""Documents shared between threads; parsing in parallel threads (the GIL is released)."""

from concurrent.futures import ThreadPoolExecutor

import websyntax


def test_parse_in_threads_and_share_document():
    pages = [f"<title>page {i}</title><p>{'x' * 1000}".encode() for i in range(64)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        titles = list(pool.map(lambda b: websyntax.parse(b).title, pages))
    assert titles == [f"page {i}" for i in range(64)]

    doc = websyntax.parse(b"<ul>" + b"<li>a" * 500 + b"</ul>")
    with ThreadPoolExecutor(max_workers=4) as pool:
        counts = list(pool.map(lambda _: len(doc.find_all("li")), range(16)))
    assert counts == [500] * 16


def test_url_shared_between_threads():
    url = websyntax.URL("https://example.org/")

    def work(i):
        url.search = f"?i={i}"
        return websyntax.URL(url.href).search.startswith("?i=")

    with ThreadPoolExecutor(max_workers=4) as pool:
        assert all(pool.map(work, range(100)))
