"""websyntax.parse, parse_fragment, Document, Node, ParseError."""

import pickle

import pytest

import websyntax

SJIS_PAGE = "<!DOCTYPE html><title> 日本語の  ページ </title><p id=x class='a b'>こんにちは</p>".encode(
    "shift_jis"
)


def test_transport_charset_decides():
    doc = websyntax.parse(SJIS_PAGE, transport_charset="Shift_JIS")
    assert doc.encoding == "Shift_JIS"
    assert doc.confidence == "certain"
    assert doc.why == "transport-layer charset"
    assert doc.title == "日本語の ページ"
    assert doc.find("p").text_content() == "こんにちは"
    assert doc.decode_errors == []


def test_without_charset_autodetects_or_falls_back_to_default():
    doc = websyntax.parse(SJIS_PAGE)
    assert (doc.encoding, doc.why) == ("Shift_JIS", "autodetected")
    assert doc.title == "日本語の ページ"
    doc = websyntax.parse(SJIS_PAGE, autodetect=False)
    assert doc.encoding == "windows-1252"
    assert doc.why == "default"
    assert doc.title != "日本語の ページ"


def test_meta_prescan_and_user_override_and_default():
    doc = websyntax.parse(b"<meta charset=euc-kr><p>\xb0\xa1")
    assert (doc.encoding, doc.why) == ("EUC-KR", "meta prescan, confirmed by <meta>")
    assert doc.find("p").text_content() == "가"
    doc = websyntax.parse(b"<meta charset=euc-kr><p>x", encoding="utf-8")
    assert (doc.encoding, doc.why) == ("UTF-8", "user override")
    doc = websyntax.parse(b"<p>x", default_encoding="shift_jis", autodetect=False)
    assert doc.encoding == "Shift_JIS"
    with pytest.raises(LookupError):
        websyntax.parse(b"", encoding="no-such-encoding")


def test_autodetect():
    doc = websyntax.parse(SJIS_PAGE, autodetect=True)
    assert doc.encoding == "Shift_JIS"
    assert doc.why == "autodetected"


def test_decode_errors():
    doc = websyntax.parse(b"<p>a\xffb", encoding="utf-8")
    assert doc.decode_errors == [(4, 1)]
    assert doc.find("p").text_content() == "a\ufffdb"


def test_str_and_bytearray_input():
    doc = websyntax.parse("<p>café")
    assert doc.encoding is None and doc.confidence == "irrelevant"
    assert doc.find("p").text_content() == "café"
    assert websyntax.parse(bytearray(b"<p>x")).find("p").text_content() == "x"
    assert websyntax.parse(memoryview(b"<p>y")).find("p").text_content() == "y"
    with pytest.raises(TypeError):
        websyntax.parse(42)


def test_errors():
    doc = websyntax.parse(b"<p>x</b>")
    codes = [e.code for e in doc.errors]
    assert codes[0] == "missing-doctype"
    e = doc.errors[0]
    assert (e.line, e.column) == (1, 3) or e.line == 1
    assert isinstance(e.offset, int)
    assert str(e).endswith("missing-doctype")
    assert "missing-doctype" in repr(e)
    assert pickle.loads(pickle.dumps(e)) == e
    assert websyntax.ParseError("x", 0, 1, 1) == websyntax.ParseError("x", 0, 1, 1)


def test_tree_navigation():
    doc = websyntax.parse(
        b"<!DOCTYPE html><html lang=en><head><title>t</title></head>"
        b"<body><!--c--><div id=a><p>one</p><p>two</p></div><svg><rect/></svg></body></html>"
    )
    root = doc.root
    assert root.kind == "document"
    dt = root.first_child
    assert dt.kind == "doctype" and dt.doctype == ("html", "", "")
    html = doc.html
    assert html.tag == "html" and html.attrs == {"lang": "en"}
    assert html.namespace == "http://www.w3.org/1999/xhtml"
    assert doc.head.tag == "head" and doc.body.tag == "body"
    body = doc.body
    comment = body.first_child
    assert comment.kind == "comment" and comment.data == "c"
    div = comment.next_sibling
    assert div.get("id") == "a" and div.get("nope") is None and div.get("nope", "d") == "d"
    p1, p2 = div.children
    assert [p.tag for p in div.element_children] == ["p", "p"]
    assert p1.next_sibling == p2 and p2.prev_sibling == p1
    assert div.first_child == p1 and div.last_child == p2
    assert p1.parent == div
    assert [a.tag for a in p1.ancestors()] == ["div", "body", "html", None]
    assert [n.kind for n in div.descendants()] == ["element", "text", "element", "text"]
    assert p1.first_child.kind == "text" and p1.first_child.data == "one"
    assert p1.tag == "p" and p1.first_child.tag is None and p1.data is None
    rect = doc.body.last_child.first_child
    assert rect.tag == "rect" and rect.namespace == "http://www.w3.org/2000/svg"
    assert [p.text_content() for p in doc.find_all("p")] == ["one", "two"]
    assert doc.find("table") is None and doc.find_all("table") == []
    assert div.to_html() == '<div id="a"><p>one</p><p>two</p></div>'
    assert div.inner_html() == "<p>one</p><p>two</p>"
    assert p1.document.title == "t"
    assert isinstance(p1.index, int)
    assert len({p1, p2, div.first_child}) == 2
    assert "p" in repr(p1) and "text" in repr(p1.first_child)
    assert doc.quirks_mode == "no-quirks"
    assert websyntax.parse(b"<p>").quirks_mode == "quirks"
    assert len(doc) > 10
    assert "encoding=UTF-8" in repr(doc)  # ASCII, autodetected
    assert doc.text_content() == "tonetwo"


def test_template_and_spans():
    doc = websyntax.parse(b"<template><b>x</b></template>")
    t = doc.find("template")
    contents = t.template_contents
    assert contents.kind == "fragment" and contents.first_child.tag == "b"
    assert doc.find("b") is None or doc.find("b").parent != t
    p = websyntax.parse(b"<p class=a>x</p>").find("p")
    # Spans are (start, end) byte offsets, or None where the parser does not record them.
    for s in (p.span, p.start_tag_span, p.end_tag_span):
        assert s is None or (isinstance(s, tuple) and s[0] <= s[1])
    (name, value, span, value_span), = p.attribute_spans()
    assert (name, value) == ("class", "a")
    assert span is None or span[0] < span[1]
    assert value_span is None or value_span[0] <= value_span[1]


def test_to_html_and_missing_title():
    doc = websyntax.parse(b"<p>a &amp; b")
    assert doc.to_html() == "<html><head></head><body><p>a &amp; b</p></body></html>"
    assert doc.title is None
    assert websyntax.parse(b"<title></title>").title == ""
    assert websyntax.parse(b"<frameset></frameset>").body.tag == "frameset"


def test_scripting_flag():
    on = websyntax.parse(b"<noscript><p>x</p></noscript>")
    off = websyntax.parse(b"<noscript><p>x</p></noscript>", scripting=False)
    assert on.find("p") is None
    assert off.find("p") is not None


def test_parse_fragment():
    f = websyntax.parse_fragment("<td>a</td><td>b", "tr")
    assert f.is_fragment
    assert f.html is None
    assert [n.tag for n in f.root.children] == ["td", "td"]
    assert f.to_html() == "<td>a</td><td>b</td>"
    assert websyntax.parse_fragment("<b>x").to_html() == "<b>x</b>"
    assert websyntax.parse_fragment("<rect/>", "svg svg").root.first_child.namespace.endswith("svg")
    assert websyntax.parse_fragment("<p>x", scripting=False).root.first_child.tag == "p"
    with pytest.raises(ValueError):
        websyntax.parse_fragment("x", "svg a b")


def test_pickle_document_and_node():
    doc = websyntax.parse(SJIS_PAGE, transport_charset="shift_jis")
    again = pickle.loads(pickle.dumps(doc))
    assert again.encoding == "Shift_JIS" and again.title == doc.title
    p = doc.find("p")
    p2 = pickle.loads(pickle.dumps(p))
    assert p2.tag == "p" and p2.attrs == {"id": "x", "class": "a b"} and p2.index == p.index
    f = pickle.loads(pickle.dumps(websyntax.parse_fragment("<td>a", "tr")))
    assert f.to_html() == "<td>a</td>"
    s = pickle.loads(pickle.dumps(websyntax.parse("<p>x")))
    assert s.find("p").text_content() == "x"


def test_release_spare_storage():
    # A dropped document's buffers are kept for the next parse on this thread; releasing them
    # changes no result.
    big = b"".join(b"<div class=c%d>text %d</div>" % (i, i) for i in range(2000))
    first = websyntax.parse(b"<p id=x>one<b>two</p>three")
    expected = first.to_html()
    del first
    websyntax.parse(big)  # dropped at once
    assert websyntax.parse(b"<p id=x>one<b>two</p>three").to_html() == expected
    assert websyntax.release_spare_storage() is None
    assert websyntax.parse(b"<p id=x>one<b>two</p>three").to_html() == expected


def test_standard_seed_and_living():
    html = b"<select><div>x</div><option>a</select>"
    seed = websyntax.parse(html)
    assert seed.find("div") is None
    living = websyntax.parse(html, standard="living")
    assert living.find("div") is not None
    frag = websyntax.parse_fragment("<select><div>x</div></select>", standard="living")
    assert frag.find("div") is not None
    # The standard survives pickling (it is one of the keyword arguments kept).
    assert pickle.loads(pickle.dumps(living)).find("div") is not None
    with pytest.raises(ValueError):
        websyntax.parse(html, standard="newest")
