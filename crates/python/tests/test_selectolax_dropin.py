"""websyntax.selectolax (the selectolax drop-in): ours, beside selectolax's own tests in
tests/selectolax/. The API's shape, the differences docs/python.md lists, edits that the DOM
refuses, and every walk and edit on a 10^6-deep document.
"""

import threading

import pytest

import websyntax.selectolax as sx
from websyntax.selectolax import HTMLParser, LexborHTMLParser, SelectolaxError


def test_module_has_selectolaxs_api():
    for name in ("HTMLParser", "LexborHTMLParser", "Node", "LexborNode", "create_tag",
                 "parse_fragment", "SelectolaxError", "Selector"):
        assert hasattr(sx, name), name
    assert issubclass(SelectolaxError, Exception)
    node = HTMLParser("<p>x</p>").css_first("p")
    for name in ("css", "css_first", "css_matches", "any_css_matches", "select", "text",
                 "attributes", "attrs", "tag", "id", "parent", "next", "prev", "child",
                 "first_child", "last_child", "iter", "traverse", "html", "raw_value",
                 "text_content", "decompose", "remove", "unwrap", "unwrap_tags", "strip_tags",
                 "insert_before", "insert_after", "insert_child", "replace_with",
                 "merge_text_nodes", "clone", "mem_id", "is_element_node", "is_text_node",
                 "is_comment_node", "is_document_node", "is_empty_text_node",
                 "scripts_contain", "script_srcs_contain", "inner_html", "html_pretty"):
        assert hasattr(node, name), name


def test_trees_are_the_standards():
    # Misnested formatting: the adoption agency algorithm (Modest's tree differs).
    tree = HTMLParser("<b>1<p>2</b>3</p>")
    assert tree.body.html == "<body><b>1</b><p><b>2</b>3</p></body>"
    # <noscript> is raw text with scripting enabled, as in a browser.
    tree = LexborHTMLParser("<head><noscript><p>x</p></noscript></head>")
    assert tree.css_first("noscript").text() == "<p>x</p>"


def test_bytes_are_sniffed():
    page = "<title>Café</title>".encode("cp1252")
    assert HTMLParser(page).css_first("title").text() == "Café"
    assert HTMLParser(page).input_encoding == "WINDOWS-1252"
    assert HTMLParser(b"\xef\xbb\xbf<p>\xc3\xa9</p>").css_first("p").text() == "é"


def test_valueless_attributes_are_none():
    node = HTMLParser("<p a b='' c=x>").css_first("p")
    assert node.attributes == {"a": None, "b": "", "c": "x"}
    assert node.attrs.sget("a") == ""


def test_refused_edits_leave_the_tree_unchanged():
    tree = HTMLParser("<div><p>x</p></div>")
    with pytest.raises(SelectolaxError):
        tree.root.decompose()
    p = tree.css_first("p")
    with pytest.raises(SelectolaxError):
        tree.root.parent.insert_child("text in a document")
    with pytest.raises(SelectolaxError):
        p.attrs["a b"] = "x"
    with pytest.raises(TypeError):
        p.insert_child(None)
    assert tree.html == "<html><head></head><body><div><p>x</p></div></body></html>"
    # A node inserted into its own subtree is a copy: no cycle.
    div = tree.css_first("div")
    p.insert_child(div)
    assert tree.body.html == "<body><div><p>x<div><p>x</p></div></p></div></body>"


def test_inserted_nodes_are_copies():
    a = HTMLParser("<div></div>")
    b = HTMLParser("<span>s</span>")
    span = b.css_first("span")
    a.css_first("div").insert_child(span)
    span.decompose()
    assert a.body.html == "<body><div><span>s</span></div></body>"
    assert b.body.html == "<body></body>"


def test_threads_edit_one_document():
    tree = HTMLParser("<div></div>")
    div = tree.css_first("div")

    def work():
        for _ in range(200):
            div.insert_child(sx.create_tag("i"))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(tree.css("i")) == 800


N = 1_000_000


@pytest.fixture(scope="module")
def deep():
    html = "<b>" * N + "x" + "</b>" * N
    return html


def test_deep_document(deep):
    tree = HTMLParser(deep, max_depth=None, max_nodes=None)
    body = tree.body
    assert body.text() == "x"
    assert body.text(deep=True, separator=" ", strip=True) == "x"
    assert len(body.traverse(include_text=True)) == N + 2
    first = body.child
    assert [n.tag for n in first.iter()] == ["b"]
    html = tree.html
    assert html.count("<b>") == N
    assert len(first.css("b")) == N
    assert tree.css_first("b b b").tag == "b"
    copy = first.clone()
    body.insert_child(copy)  # a copy of the copy
    copy = body.last_child
    # As selectolax: the node itself matches, and its descendants move up with it.
    copy.unwrap_tags(["b"])
    assert len(tree.css("b")) == N
    assert body.last_child.text_content == "x"
    body.last_child.decompose()
    first.merge_text_nodes()
    first.decompose()
    assert tree.body.html == "<body></body>"


def test_deep_document_pretty(deep):
    tree = LexborHTMLParser(deep, max_depth=None, max_nodes=None)
    out = tree.body.html_pretty()
    assert out.count("\n") == 2 * N + 3


def test_selectolax_1_0_additions():
    tree = HTMLParser("<div><i>a</i></div><p></p><template><b>t</b></template>")
    i = tree.css_first("i")
    tree.css_first("p").insert_child(i, move=True)
    assert tree.body.html.startswith("<body><div></div><p><i>a</i></p>")
    [frag] = tree.template_fragments()
    assert frag.css_first("b").text() == "t"
    assert sx.extract_html_comment("  <!-- hi -->\n") == "hi"
    with pytest.raises(ValueError):
        sx.extract_html_comment("<p>")
    assert tree.options == 0
    # Bytes parsed as UTF-8 when asked (selectolax 1.0's default).
    assert HTMLParser("<p>é</p>".encode(), encoding=False).css_first("p").text() == "é"


def test_docstring_examples():
    import doctest

    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(verbose=False)
    for test in finder.find(sx, "websyntax.selectolax"):
        runner.run(test)
    assert runner.summarize(verbose=False).attempted > 0
    assert runner.summarize(verbose=False).failed == 0
