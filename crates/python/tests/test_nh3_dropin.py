"""websyntax.nh3 (the nh3 drop-in), sanitize() on bytes and parse_html(as_document=True).

nh3's own test file runs in tests/nh3/; these are ours: the API's shape, the defaults, and
attempts to get script through each argument (user callables included).
"""

import pickle

import pytest

import websyntax
import websyntax.nh3 as nh3


def test_module_has_nh3s_api():
    for name in ("clean", "clean_text", "escape", "is_html", "Cleaner", "ALLOWED_TAGS",
                 "ALLOWED_ATTRIBUTES", "ALLOWED_URL_SCHEMES", "CLEAN_CONTENT_TAGS"):
        assert hasattr(nh3, name), name
    assert websyntax.clean is nh3.clean
    assert "details" in nh3.ALLOWED_TAGS and "script" not in nh3.ALLOWED_TAGS
    assert nh3.ALLOWED_ATTRIBUTES["a"] == {"href", "hreflang"}
    assert nh3.CLEAN_CONTENT_TAGS == {"script", "style"}
    assert "data" not in nh3.ALLOWED_URL_SCHEMES
    # Fresh objects: changing one does not change the defaults.
    nh3.ALLOWED_ATTRIBUTES["a"].add("class")
    assert nh3.clean('<a class=c>x</a>', link_rel=None) == "<a>x</a>"


def test_defaults():
    assert nh3.clean("<details><summary>s</summary>t</details>") == "<details><summary>s</summary>t</details>"
    assert nh3.clean("<font color=red>f</font><my-el>c</my-el><input value=v><textarea>t</textarea>") == "fct"
    assert nh3.clean('<a href="data:text/html,x">d</a>') == '<a rel="noopener noreferrer">d</a>'
    assert nh3.clean('<a href="vbscript:x">v</a>') == '<a rel="noopener noreferrer">v</a>'
    assert nh3.clean("<script>alert(1)</script>ok") == "ok"


def test_keywords_are_nh3s():
    # As nh3: without a "*" entry the global defaults (lang, title) stay.
    c = nh3.Cleaner(tags={"b"}, attributes={}, strip_comments=False)
    assert c.clean("<b title=t id=i>b</b><i>i</i><!--c-->") == '<b title="t">b</b>i<!--c-->'
    assert nh3.clean("<b title=t>b</b>", attributes={"*": set()}) == "<b>b</b>"
    with pytest.raises(TypeError):
        nh3.clean("x", tags="b")
    with pytest.raises(TypeError):
        nh3.clean("x", attribute_filter=1)
    assert nh3.clean("<select><div>x</div></select>", tags={"select", "div"}, standard="living") == "<select><div>x</div></select>"
    with pytest.raises(ValueError):
        nh3.clean("x", standard="newest")


def _has_script(out):
    doc = websyntax.parse_fragment(out, "div")
    for n in doc.css("*"):
        if n.tag in ("script", "iframe", "object", "embed", "meta", "base"):
            return True
        for k, v in n.attrs.items():
            v = v.strip().lower()
            if k.startswith("on") or v.startswith(("javascript:", "data:", "vbscript:")):
                return True
    return False


PAYLOADS = [
    "<a href=/x onclick=alert(1)>a</a>",
    "<img src=/x onerror=alert(1)>",
    "<svg><a href=/y>s</a></svg>",
    "<form action=/f><button formaction=/b>b</button></form>",
    "<p title=t id=i>p</p>",
]
TAGS = {"a", "img", "svg", "form", "button", "p", "script", "iframe", "meta"}


@pytest.mark.parametrize("html", PAYLOADS)
def test_no_argument_gets_script_through(html):
    attrs = {"*": {"href", "src", "onclick", "onerror", "action", "formaction", "title", "id", "http-equiv"}}
    kwargs = [
        dict(attribute_filter=lambda e, a, v: "javascript:alert(1)" if a in ("href", "src", "action", "formaction") else "alert(1)"),
        dict(set_tag_attribute_values={t: {"onclick": "alert(1)", "href": "javascript:alert(1)", "src": "data:text/html,x", "http-equiv": "refresh"} for t in TAGS}),
        dict(url_relative=lambda u: "javascript:alert(1)"),
        dict(url_schemes={"javascript", "data", "vbscript"}),
        dict(tag_attribute_values={t: {"onclick": {"alert(1)"}} for t in TAGS}, attributes={}),
        dict(generic_attribute_prefixes={"on", "h", "s", "a", "f"}, attributes={}),
        dict(id_prefix='"><script>alert(1)</script>'),
    ]
    for k in kwargs:
        options = dict(tags=TAGS, clean_content_tags=set(), attributes=attrs, link_rel=None)
        options.update(k)
        out = nh3.clean(html, **options)
        assert not _has_script(out), (k, out)
        assert not _has_script(nh3.Cleaner(**options).clean(html)), k


def test_sanitize_takes_bytes():
    koi8 = "<meta charset=koi8-r><p>Привет</p>".encode("koi8-r")
    assert websyntax.sanitize(koi8, {"elements": ["p"]}) == "<p>Привет</p>"
    latin = "<p>café</p>".encode("windows-1252")
    assert websyntax.sanitize(latin, {"elements": ["p"]}, transport_charset="windows-1252") == "<p>café</p>"
    assert websyntax.sanitize("<p>é</p>".encode(), transport_charset="utf-8") == "<p>é</p>"
    assert websyntax.sanitize(bytearray(b"<b>x</b><script>y</script>")) == "<b>x</b>"
    assert websyntax.parse_html(b"<p onclick=x>p") == "<html><head></head><body><p>p</p></body></html>"
    with pytest.raises(TypeError):
        websyntax.sanitize(1)
    with pytest.raises(TypeError):
        websyntax.sanitize("<p>x</p>", transport_charset="utf-8")


def test_parse_html_as_document():
    html = "<title>t</title><p onclick=x>p<script>s</script>"
    assert isinstance(websyntax.parse_html(html), str)
    doc = websyntax.parse_html(html, as_document=True)
    assert isinstance(doc, websyntax.Document)
    assert doc.title == "t"
    assert doc.to_html() == websyntax.parse_html(html)
    assert not doc.css("script") and doc.css("p")[0].attrs == {}
    again = pickle.loads(pickle.dumps(doc))
    assert again.to_html() == doc.to_html()


def test_docstring_examples():
    import doctest

    import websyntax.nh3 as module

    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(verbose=False)
    for obj, name in [(module, "websyntax.nh3"), (module.clean, "clean"), (module.clean_text, "clean_text"),
                      (module.escape, "escape"), (module.is_html, "is_html"), (module.Cleaner, "Cleaner"),
                      (websyntax.sanitize, "sanitize"), (websyntax.parse_html, "parse_html")]:
        for test in finder.find(obj, name, globs={"websyntax": websyntax}):
            runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_deep_documents():
    # Documents can be 10^6 levels deep: the cleaner, sanitize(bytes) and
    # parse_html(as_document=True) walk them without recursion.
    deep = "<div><span>" * 500_000 + "x"
    out = nh3.clean(deep, tags={"div", "span"})
    assert out.startswith("<div><span><div>") and "x" in out
    assert websyntax.sanitize(("<b>" * 1_000_000).encode()).startswith("<b><b>")
    doc = websyntax.parse_html("<i>" * 1_000_000, as_document=True)
    assert isinstance(doc, websyntax.Document)
