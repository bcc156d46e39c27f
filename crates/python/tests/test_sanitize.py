"""websyntax.Sanitizer, sanitize, parse_html and the nh3-style clean."""

import threading

import pytest

import websyntax
from websyntax import Sanitizer, clean, parse_html, sanitize


def test_default_configuration():
    dirty = '<p onclick="x()">Hi <a href="javascript:alert(1)" title=t>a</a><script>s</script><!--c--></p>'
    assert sanitize(dirty) == '<p>Hi <a title="t">a</a></p>'
    assert sanitize(dirty, None, "div") == sanitize(dirty, Sanitizer())
    assert sanitize(dirty, "default") == sanitize(dirty)
    # Disallowed elements go with their contents.
    assert sanitize("<img src=x><form>f</form><b>b</b>") == "<b>b</b>"


def test_context_and_unsafe():
    assert sanitize("<td>x<script>y</script>", context="tr") == "<td>x</td>"
    assert sanitize("<b>x", context="script") == ""
    assert sanitize("<circle r=1 onclick=x><p>", context="svg g") == '<circle r="1"></circle><p></p>'
    assert sanitize("<script>1</script>", unsafe=True) == "<script>1</script>"
    assert sanitize("<script>1</script><b>b</b>", {"removeElements": ["b"]}, unsafe=True) == "<script>1</script>"
    with pytest.raises(ValueError):
        sanitize("x", context="svg a b")


def test_configuration_dicts():
    # As setHTML's option: an absent "comments" means false.
    assert sanitize("<b>x</b><!--c--><i>y</i>", {"elements": ["b"]}) == "<b>x</b>"
    # As new Sanitizer(config): an absent "comments" means true.
    assert sanitize("<b>x</b><!--c-->", Sanitizer({"elements": ["b"]})) == "<b>x</b><!--c-->"
    assert sanitize("<b>b</b><span>s</span>", {"replaceWithChildrenElements": ["span"]}) == "<b>b</b>s"
    svg = {"elements": [{"name": "svg", "namespace": "http://www.w3.org/2000/svg"}, {"name": "circle", "namespace": "http://www.w3.org/2000/svg", "attributes": ["r"]}]}
    assert sanitize('<svg><circle r=1 cx=2></circle></svg>', svg) == '<svg><circle r="1"></circle></svg>'
    with pytest.raises(ValueError, match='both "elements" and "removeElements"'):
        Sanitizer({"elements": ["p"], "removeElements": ["b"]})
    with pytest.raises(ValueError, match="non-replaceable"):
        sanitize("x", {"replaceWithChildrenElements": ["html"]})
    with pytest.raises(TypeError):
        sanitize("x", 42)
    assert Sanitizer('{"elements": ["i"]}').get()["elements"][0]["name"] == "i"


def test_methods_and_get():
    s = Sanitizer({"elements": ["p"], "attributes": [], "comments": False, "dataAttributes": False})
    assert s.allow_element("b") is True
    assert s.allow_element("b") is False
    assert s.allow_element({"name": "a", "attributes": ["href"]}) is True
    assert s.allow_attribute("title") is True
    assert s.remove_element("p") is True
    assert s.replace_element_with_children("span") is True
    assert s.set_comments(True) is True
    assert s.set_data_attributes(True) is True
    out = sanitize('<p>p</p><b title=t data-x=1 id=i>b</b><span>s</span><!--c--><a href="/x">l</a>', s)
    assert out == '<b title="t" data-x="1">b</b>s<!--c--><a href="/x">l</a>'
    config = s.get()
    assert [e["name"] for e in config["elements"]] == ["a", "b"]
    assert config["comments"] is True and config["dataAttributes"] is True
    assert Sanitizer().get()["elements"][0]["namespace"] == "http://www.w3.org/1998/Math/MathML"
    with pytest.warns(UserWarning, match="restricts-nothing"):
        t = Sanitizer({})
    assert t.remove_unsafe() is True
    assert "script" in [e["name"] for e in t.get()["removeElements"]]
    assert "websyntax.Sanitizer(" in repr(t)


def test_safe_baseline_always_applies():
    s = Sanitizer({"elements": ["script", "a", "iframe"], "attributes": ["onclick", "href"]})
    assert sanitize('<a href="javascript:x" onclick=y>l</a><script>1</script><iframe></iframe>', s) == "<a>l</a>"
    assert sanitize('<a href="javascript:x" onclick=y>l</a>', s, unsafe=True) == '<a href="javascript:x" onclick="y">l</a>'


def test_every_on_attribute_goes_in_safe_mode():
    # Handlers outside the HTML Standard's list, under the most ordinary configurations.
    html = "<b tabindex=1 autofocus onfocusin=alert(1) onpointerover=x title=t>b</b>"
    assert sanitize(html, {"elements": ["b"]}) == '<b tabindex="1" autofocus="" title="t">b</b>'
    listed = Sanitizer({"elements": ["b"], "attributes": ["onfocusin", "title"]})
    assert sanitize(html, listed) == '<b title="t">b</b>'
    # get() stays the standard's; the rule applies when sanitizing.
    assert "onfocusin" in [a["name"] for a in listed.get()["attributes"]]
    assert sanitize(html, listed, unsafe=True) == '<b onfocusin="alert(1)" title="t">b</b>'
    assert clean(html, tags={"b"}, attributes={"*": {"onfocusin", "title"}}) == '<b title="t">b</b>'
    assert clean('<svg><set onbegin=alert(1)></set></svg>', tags={"svg", "set"}, attributes={"set": {"onbegin"}}) == "<svg><set></set></svg>"
    assert " on" not in parse_html(html, {"removeElements": [], "removeAttributes": []})


def test_noscript_is_safe_in_both_scripting_modes():
    everything = {"removeElements": [], "removeAttributes": [], "comments": True}
    page = "<head><noscript><style></noscript><img src=x onerror=alert(1)></style></noscript></head>"
    assert parse_html(page, everything) == "<html><head></head><body></body></html>"
    tpl = "<template><noscript></template><img src=x onerror=alert(1)></noscript></template>"
    assert sanitize(tpl, everything, context="template") == '<template><noscript></noscript></template><img src="x">'


def test_parse_html():
    assert parse_html("<title>t</title><p onclick=x>p<script>s</script>") == (
        "<html><head><title>t</title></head><body><p>p</p></body></html>"
    )
    assert "<script>" in parse_html("<script>s</script>", unsafe=True)


def test_clean_like_nh3():
    assert clean("<b>hi</b><script>x</script>") == "<b>hi</b>"
    # nh3's meaning: without a "*" entry the global defaults (title, lang) stay; rel is set.
    assert clean('<a href="https://e.example/" title=t>l</a>', tags={"a"}, attributes={"a": {"href"}}) == '<a href="https://e.example/" title="t" rel="noopener noreferrer">l</a>'
    assert clean('<a href="ftp://x/">f</a><a href="/rel">r</a>', tags={"a"}, attributes={"a": {"href"}}, url_schemes={"https"}, link_rel=None) == '<a>f</a><a href="/rel">r</a>'
    # Elements not in tags keep their text.
    assert clean("<p>a <i>b</i></p>", tags={"p"}) == "<p>a b</p>"
    assert clean("<p>a<!--c--></p>", strip_comments=False) == "<p>a<!--c--></p>"
    assert clean("<p title=t lang=en>x</p>", tags=["p"], attributes={"*": ["title"]}) == '<p title="t">x</p>'
    with pytest.raises(TypeError):
        clean("x", tags="b")


def test_threads():
    s = Sanitizer()
    html = "<p onclick=x>" + "<b>x</b><script>y</script>" * 2000
    want = sanitize(html, s)
    results = []

    def work():
        for _ in range(5):
            results.append(sanitize(html, s) == want)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results) and len(results) == 20


def test_exported():
    for name in ("Sanitizer", "sanitize", "parse_html", "clean"):
        assert name in websyntax.__all__


def test_standard_keyword():
    select = "<select><div>x</div></select>"
    config = {"elements": ["select", "div"]}
    # Seed (the default): "in select" drops the div's tags; living keeps the div.
    assert sanitize(select, config) == "<select>x</select>"
    assert sanitize(select, config, standard="seed") == "<select>x</select>"
    assert sanitize(select, config, standard="living") == select
    assert sanitize(select, unsafe=True, standard="living") == select
    page = {"elements": ["html", "head", "body", "select", "div"]}
    assert parse_html(select, page) == "<html><head></head><body><select>x</select></body></html>"
    assert parse_html(select, page, standard="living") == f"<html><head></head><body>{select}</body></html>"
    assert clean(select, tags={"select", "div"}) == "<select>x</select>"
    assert clean(select, tags={"select", "div"}, standard="living") == select
    for call in (
        lambda: sanitize(select, standard="newest"),
        lambda: parse_html(select, standard="newest"),
        lambda: clean(select, standard="newest"),
    ):
        with pytest.raises(ValueError):
            call()


@pytest.mark.parametrize("context,write", [("svg", "svg svg"), (" SVG ", "svg svg"), ("math", "math math"), ("Math", "math math")])
def test_bare_svg_or_math_context_is_refused(context, write):
    # One rule in the library: a ValueError naming the argument and saying what to write.
    with pytest.raises(ValueError, match=rf"^context: ambiguous fragment context .*write `{write}`"):
        sanitize("<g/>", context=context)
    with pytest.raises(ValueError, match=rf"^context: ambiguous fragment context .*write `{write}`"):
        websyntax.parse_fragment("<g/>", context)
    # What it says to write works as before.
    assert sanitize("<g/><p>", context="svg svg") == "<g></g><p></p>"
    assert sanitize("<b>x", context="math mi") == "<b>x</b>"
    assert sanitize("<td>x", context="tr") == "<td>x</td>"
    assert websyntax.parse_fragment("<g/>", write).root.children[0].tag == "g"
