"""Document/Node.select, select_first, matches, closest, Selector, text(), links(),
base_url(), and check()."""

import pickle

import pytest

import websyntax

PAGE = (
    "<!DOCTYPE html><html><head><title>T</title><base href='/dir/'></head><body>"
    "<div class=content><p>One <b>bold</b></p><p>Two<br>lines</p></div>"
    "<a href='x?q=é'>x</a><a href='http://h:99999/'>bad</a>"
    "<img srcset='a.png 1x, b.png 2x'><script>var s;</script></body></html>"
).encode("windows-1252")


def doc():
    return websyntax.parse(PAGE, transport_charset="windows-1252")


def test_select():
    d = doc()
    assert [p.text_content() for p in d.select("div.content p")] == ["One bold", "Twolines"]
    assert d.select_first("a[href]").get("href") == "x?q=é"
    assert d.select_first("table") is None
    sel = websyntax.Selector("p:nth-child(2)")
    assert [p.text_content() for p in d.select(sel)] == ["Twolines"]
    assert "nth-child" in repr(sel)
    assert len(pickle.loads(pickle.dumps(sel)) and d.select(sel)) == 1
    with pytest.raises(ValueError, match="invalid selector"):
        d.select("a[")
    with pytest.raises(ValueError):
        websyntax.Selector(":has(")


def test_node_queries():
    d = doc()
    div = d.select_first("div")
    assert [b.tag for b in div.select("b")] == ["b"]
    assert div.select_first(":scope > p").text_content() == "One bold"
    b = div.select_first("b")
    assert b.matches("p > b") and not b.matches("div > b")
    assert b.closest("div") == div and b.closest("table") is None
    assert div.text() == "One bold\n\nTwo\nlines"  # paragraphs apart, <br> a line


def test_text():
    d = doc()
    t = d.text()
    assert t.startswith("One bold") and "var s" not in t  # head (title) and script skipped


def test_base_url_and_links():
    d = doc()
    assert d.base_url("https://example.org/a/b") == "https://example.org/dir/"
    assert d.base_url() is None  # a relative <base href> and no document URL
    assert websyntax.parse(b"<base href=http://a/b/>").base_url() == "http://a/b/"
    links = d.links("https://example.org/a/b")
    by_raw = {l["raw"]: l for l in links}
    assert by_raw["x?q=é"]["url"] == "https://example.org/dir/x?q=%E9"  # windows-1252 query
    assert by_raw["x?q=é"]["attr"] == "href" and by_raw["x?q=é"]["element"].tag == "a"
    bad = by_raw["http://h:99999/"]
    assert bad["url"] is None and bad["error"] == "port-out-of-range"
    assert by_raw["b.png"]["attr"] == "srcset"
    assert by_raw["b.png"]["url"] == "https://example.org/dir/b.png"
    assert isinstance(by_raw["a.png"]["errors"], list)
    assert d.links(websyntax.URL("https://example.org/"))[0]["url"].startswith("https://example.org/dir/")


def test_check():
    report = websyntax.check(b"<p><a href='http://h:99999/'>x</b>", document_url="https://e.org/")
    assert report["encoding"]
    cats = {d["category"] for d in report["diagnostics"]}
    assert "parse" in cats and "url" in cats
    d0 = report["diagnostics"][0]
    assert set(d0) == {"category", "code", "severity", "message", "span", "line", "col", "count", "related"}
    sjis = "<!DOCTYPE html><title>日本</title>".encode("shift_jis")
    r = websyntax.check(sjis, transport_charset="shift_jis", scripting=False, autodetect=False)
    assert r["encoding"] == "Shift_JIS"


def test_check_groups_filters_and_related():
    r = websyntax.check(b"<!DOCTYPE html><meta charset=utf-8><a href='mailto:a b c d'>x</a><!-- open")
    url = [d for d in r["diagnostics"] if d["code"] == "invalid-URL-unit"]
    assert len(url) == 1 and url[0]["count"] == 3
    eof = next(d for d in r["diagnostics"] if d["code"] == "eof-in-comment")
    assert eof["related"]["message"] == "the comment starts here"
    assert eof["related"]["span"] == (65, 69)
    assert r["omitted"] == 0
    r = websyntax.check(b"<p tabindex=x></div>", severity="error", ignore=["missing-doctype"], only=["parse"])
    assert [d["code"] for d in r["diagnostics"]] == ["unexpected-end-tag-not-in-scope"]
    r = websyntax.check(b"</a></b></c>", max_per_file=1)
    assert len(r["diagnostics"]) == 1 and r["omitted"] > 0
    # A megabyte of NUL bytes is one finding.
    r = websyntax.check(b"\0" * 10**6)
    assert [d["code"] for d in r["diagnostics"]] == ["binary-input"]
    for bad in ({"severity": "fatal"}, {"only": ["content"]}):
        try:
            websyntax.check(b"x", **bad)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)


@pytest.mark.parametrize("standard", ["seed", "living"])
def test_links_form_action_base_scheme_srcset_and_obsolete(standard):
    page = "https://example.org/dir/page.html?x#f"
    d = websyntax.parse(
        b"<base href='javascript:void(0)'><body background=bg.png><form action=''>"
        b"<button formaction=''>go</button></form><a href=''></a>"
        b"<img srcset='half.png .5x, bad.png 1.x'>",
        url=page,
        standard=standard,
    )
    # A javascript: (or data:) <base href> is ignored: the document's URL is the base URL.
    assert d.base_url() == page
    got = [(l["element"].tag, l["attr"], l["raw"], l["url"], l["obsolete"]) for l in d.links()]
    assert got == [
        ("base", "href", "javascript:void(0)", "javascript:void(0)", False),
        ("body", "background", "bg.png", "https://example.org/dir/bg.png", True),
        # An empty action is the document's URL, fragment included.
        ("form", "action", "", page, False),
        ("button", "formaction", "", page, False),
        ("a", "href", "", "https://example.org/dir/page.html?x", False),
        # .5x is a valid density; 1.x is not.
        ("img", "srcset", "half.png", "https://example.org/dir/half.png", False),
    ]
    frames = websyntax.parse(b"<frameset><frame src=f.html></frameset>", url=page, standard=standard)
    assert [(l["url"], l["obsolete"]) for l in frames.links()] == [("https://example.org/dir/f.html", True)]


def test_link_records_read_as_attributes_or_keys():
    d = websyntax.parse(b'<a href="/x">x</a><img srcset="a.png 1x, http://[ 2x">', url="https://example.org/d/")
    links = d.links()
    assert [type(l).__name__ for l in links] == ["Link"] * 3
    a, img1, img2 = links
    assert (a.url, a.attr, a.raw, a.error, a.errors, a.obsolete) == ("https://example.org/x", "href", "/x", None, [], False)
    assert a.element.tag == "a" and a["element"].tag == "a"
    assert a.span == (9, 11) and a["span"] == a.span
    assert img1["url"] == "https://example.org/d/a.png"
    assert img2.url is None and img2.error == "IPv6-unclosed" and img2.get("error") == "IPv6-unclosed"
    assert img2.errors == [("IPv6-unclosed", 7)]
    assert a.keys() == ["element", "attr", "raw", "span", "url", "error", "errors", "obsolete"]
    assert dict(a.items())["raw"] == "/x" and len(a.values()) == len(a) == 8
    assert "url" in a and "nope" not in a and a.get("nope", 5) == 5
    with pytest.raises(KeyError):
        a["nope"]
    assert "https://example.org/x" in repr(a)
