"""What a crawl needs from the defaults: right text, no crash or runaway on hostile pages,
the habits selectolax users bring."""

import threading

import pytest

import websyntax

UNDECLARED_UTF8 = "<title>Unbabel – Take 2</title><p>naïve café".encode()


def test_parse_autodetects_by_default_and_autodetect_false_is_the_plain_spec_default():
    doc = websyntax.parse(UNDECLARED_UTF8)
    assert (doc.encoding, doc.why) == ("UTF-8", "autodetected")
    assert doc.title == "Unbabel – Take 2"
    plain = websyntax.parse(UNDECLARED_UTF8, autodetect=False)
    assert plain.encoding == "windows-1252"
    assert plain.title == "Unbabel â€“ Take 2"
    # A legacy page without a declaration is detected too.
    sjis = "<p>日本語のページです。これは長めの文章で、文字コードの判定に使います。".encode("shift_jis")
    assert websyntax.parse(sjis).encoding == "Shift_JIS"
    # Pickling keeps the options.
    import pickle

    again = pickle.loads(pickle.dumps(doc))
    assert again.title == doc.title


def test_document_url_resolves_links_and_base_url():
    doc = websyntax.parse(b"<a href=b.html>b</a><img src=/i.png>", url="https://example.org/a/")
    assert doc.url == "https://example.org/a/"
    assert [link["url"] for link in doc.links()] == [
        "https://example.org/a/b.html",
        "https://example.org/i.png",
    ]
    assert doc.base_url() == "https://example.org/a/"
    # An explicit argument still wins.
    assert doc.links("https://other.example/")[0]["url"] == "https://other.example/b.html"
    assert websyntax.parse(b"<p>").url is None
    with pytest.raises(ValueError):
        websyntax.parse(b"<p>", url="not a url")


DEPTH = 10**6


def test_a_million_levels_deep_every_operation_works():
    data = b"<div>" * DEPTH + b"<p>x</p><a href=/y>y</a>"
    # The standard's tree, at any depth.
    doc = websyntax.parse(data, max_depth=None)
    assert doc.limits_reached == []
    assert doc.text() == "x\n\ny"
    assert doc.text(separator="|") == "x|y"
    assert len(doc.select("div:has(p)")) == DEPTH
    assert len(doc.select("div:has(> p)")) == 1
    assert doc.css_first("p").text() == "x"
    assert doc.select_first("div:empty") is None
    assert [link["raw"] for link in doc.links("https://e.org/")] == ["/y"]
    html = doc.to_html()
    assert html.count("<div>") == DEPTH and html.count("</div>") == DEPTH
    assert len(doc.text_content()) == 2
    p = doc.css_first("p")
    assert len(p.ancestors()) == DEPTH + 3
    assert p.closest("div") is not None
    assert len(doc.root.descendants()) > DEPTH
    div = doc.css_first("div")
    assert div.inner_html().count("<div>") == DEPTH - 1
    del doc
    # The default: flattened as Chromium does, nothing dropped.
    flat = websyntax.parse(data)
    assert flat.limits_reached == ["depth"]
    assert len(flat.select("div")) == DEPTH
    # Beyond the limit, children become siblings (the text leaves its <p>), as in Chromium.
    assert flat.text().replace("\n", "") == "xy"


def test_deep_documents_on_a_thread():
    # Worker threads (Spark, Dask, thread pools) have smaller stacks than the main thread.
    errors = []

    def work():
        try:
            doc = websyntax.parse(b"<span>" * 200_000, max_depth=None)
            doc.text()
            doc.to_html()
            doc.select("span:has(span)")
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert errors == []


def lexbor_340(n):
    return (
        "".join("<b %d>" % i for i in range(n))
        + "".join("<i %d>" % i for i in range(n))
        + "x</b>" * n
    ).encode()


def test_node_budget_raises_resource_limit_error():
    data = lexbor_340(3000)
    with pytest.raises(websyntax.ResourceLimitError, match="max_nodes"):
        websyntax.parse(data)
    assert issubclass(websyntax.ResourceLimitError, ValueError)
    with pytest.raises(websyntax.ResourceLimitError):
        websyntax.parse(b"<p>" * 1000, max_nodes=100)
    # Small enough to build whole without a limit.
    doc = websyntax.parse(lexbor_340(100), max_nodes=None)
    assert len(doc) > 10_000
    with pytest.raises(websyntax.ResourceLimitError):
        websyntax.parse_fragment("<p>" * 1000, "div", max_nodes=10)
    with pytest.raises((TypeError, ValueError)):
        websyntax.parse(b"<p>", max_nodes="lots")


def test_decode_errors_are_ranges():
    doc = websyntax.parse(b"<p>ok" + b"\xff" * 100_000 + b"x\xff", encoding="utf-8")
    assert doc.decode_errors == [(5, 100_000), (100_006, 1)]


def test_selectolax_habits():
    doc = websyntax.parse(b"<title> My  page </title><div id=a class='x y'><p>one</p><p>two</p></div>")
    assert doc.css_first("title").text() == "My page"
    assert doc.select_first("title").text() == "My page"
    assert [p.text() for p in doc.css("p")] == ["one", "two"]
    assert doc.css_first("nothing") is None
    assert doc.css_first("nothing", default="none") == "none"
    with pytest.raises(ValueError):
        doc.css_first("p", strict=True)
    div = doc.css_first("div")
    assert div.attributes == {"id": "a", "class": "x y"}
    assert div.html == '<div id="a" class="x y"><p>one</p><p>two</p></div>'
    assert div.text() == "one\n\ntwo"
    assert div.text(separator=" ") == "one two"
    assert div.css_first("p").text(deep=False) == "one"
    assert doc.text(separator="\n", strip=True) == "My  page\none\ntwo"
    assert doc.css_first("div").css("p")[1].text() == "two"


def test_public_functions_have_docstrings_with_examples():
    for f in (websyntax.parse, websyntax.parse_fragment, websyntax.Document.text,
              websyntax.Document.css, websyntax.Document.css_first, websyntax.Node.text):
        assert f.__doc__ and ">>>" in f.__doc__, f
    assert "max_nodes" in websyntax.parse.__doc__


def test_check_has_the_same_limits():
    with pytest.raises(websyntax.ResourceLimitError):
        websyntax.check(lexbor_340(3000))
    report = websyntax.check(lexbor_340(20), max_nodes=None)
    assert report["diagnostics"]
    report = websyntax.check(b"\0" * 10**6)
    assert len(report["diagnostics"]) <= 2


def test_sanitize_has_the_same_limits():
    hostile = lexbor_340(3000).decode()
    with pytest.raises(websyntax.ResourceLimitError):
        websyntax.sanitize(hostile)
    with pytest.raises(websyntax.ResourceLimitError):
        websyntax.parse_html(hostile)
    assert websyntax.sanitize("<b>x", max_nodes=None) == "<b>x</b>"
    deep = websyntax.sanitize("<div>" * 10**6 + "<script>x</script>y", max_depth=None)
    assert deep.count("<div>") == 10**6 and "script" not in deep


def test_sanitize_reports_a_depth_limit_with_no_stable_output():
    # A tree the depth limit flattened into a shape no string parses back to (every re-parse
    # of `<table><th>` at depth 3 implies one more `tr`): an error, not an empty string.
    with pytest.raises(websyntax.ResourceLimitError, match=r"the depth limit \(3 levels\)"):
        websyntax.sanitize("<table><th>", max_depth=3)
    expected = "<table><tbody><tr><th></th></tr></tbody></table>"
    assert websyntax.sanitize("<table><th>", max_depth=4) == expected


def test_clone_limit_keeps_memory_in_proportion():
    # lexbor issue 340's shape asks for n² clones of formatting elements: the default clone
    # limit (65,536 plus one per 2 input bytes) stops it, and says so.
    with pytest.raises(websyntax.ResourceLimitError, match="clone limit"):
        websyntax.parse(lexbor_340(3000))
    with pytest.raises(websyntax.ResourceLimitError, match="clone limit"):
        websyntax.parse(lexbor_340(3000), max_nodes=10**9)
    with pytest.raises(websyntax.ResourceLimitError, match="clone limit"):
        websyntax.sanitize(lexbor_340(3000).decode())
    # `max_nodes=None` lifts the clone limit too (90,000 clones here).
    doc = websyntax.parse(lexbor_340(300), max_nodes=None)
    assert len(doc) > 90_000 and "clones" not in doc.limits_reached
