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


def test_sanitizer_changed_while_other_threads_sanitize():
    """8 threads sanitize with one Sanitizer while another thread changes it: every call
    returns the output of one of the configurations the Sanitizer went through, and nothing
    raises (no PanicException, which `except Exception` would not catch)."""
    import threading

    small = '<p title=t onclick=x><b>b</b><i>i</i><u>u</u></p>'
    large = small * 20  # above the size below which the GIL is kept
    changes = [
        lambda s: s.allow_element("i"),
        lambda s: s.allow_attribute("title"),
        lambda s: s.remove_element("i"),
        lambda s: s.replace_element_with_children("u"),
        lambda s: s.remove_attribute("title"),
        lambda s: s.allow_element({"name": "u"}),
        lambda s: s.set_comments(True),
        lambda s: s.set_comments(False),
    ]
    rounds = 300

    def fresh():
        return websyntax.Sanitizer({"elements": ["p", "b"]})

    # The outputs of every configuration the shared sanitizer goes through, in order.
    replay = fresh()
    valid = {(websyntax.sanitize(small, replay), websyntax.sanitize(large, replay))}
    for r in range(rounds):
        changes[r % len(changes)](replay)
        valid.add((websyntax.sanitize(small, replay), websyntax.sanitize(large, replay)))
    valid_small = {v[0] for v in valid}
    valid_large = {v[1] for v in valid}
    assert len(valid_small) > 2

    shared = fresh()
    done = threading.Event()
    errors = []
    seen = []

    def sanitize_loop():
        n = 0
        try:
            while not done.is_set() or n < 50:
                a = websyntax.sanitize(small, shared)
                b = websyntax.sanitize(large, shared, context="div")
                c = repr(shared)
                if a not in valid_small or b not in valid_large:
                    errors.append(("unexpected output", a, b))
                if not c.startswith("websyntax.Sanitizer("):
                    errors.append(("repr", c))
                shared.get()
                n += 1
        except BaseException as e:  # noqa: BLE001 - any exception here is a failure
            errors.append(e)
        seen.append(n)

    def change_loop():
        try:
            for r in range(rounds):
                changes[r % len(changes)](shared)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)
        finally:
            done.set()

    threads = [threading.Thread(target=sanitize_loop) for _ in range(8)]
    threads.append(threading.Thread(target=change_loop))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(seen) == 8 and min(seen) >= 50
    # The shared sanitizer ends in the same configuration as the replayed one.
    assert shared.get() == replay.get()
