"""Document.markdown(), main_text() and main_content(): HTML to Markdown and the article body."""

import threading

import websyntax

ARTICLE = (
    "<!DOCTYPE html><html><head><title>The title</title></head><body>"
    "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
    "<article><h1>Headline</h1><p>The first paragraph of the story, long enough to count, "
    "with commas, clauses, and <a href='more.html?q=é'>a link</a>.</p><h2>Part two</h2>"
    "<p>A second paragraph, also with words, and one more clause.</p>"
    "<ul class=share><li><a href='/t'>Tweet</a></ul></article>"
    "<footer>(c) Example</footer><script>track()</script></body></html>"
)


def test_markdown_whole_document():
    doc = websyntax.parse("<h1>T</h1><p>a <em>b</em> <code>c</code><ul><li>x<li>y</ul>")
    assert doc.markdown() == "# T\n\na *b* `c`\n\n- x\n- y\n"


def test_markdown_escapes_and_tables():
    doc = websyntax.parse("<p>1. not *a* list<table><tr><th>a|b<th>c<tr><td>1<td>2</table>")
    assert doc.markdown() == (
        "1\\. not \\*a\\* list\n\n| a\\|b | c |\n| --- | --- |\n| 1 | 2 |\n"
    )


def test_markdown_main_and_base_url():
    doc = websyntax.parse(ARTICLE.encode("windows-1252"), transport_charset="windows-1252")
    md = doc.markdown(main=True, base_url="https://example.org/news/a.html")
    assert md == (
        "The first paragraph of the story, long enough to count, with commas, clauses, and "
        "[a link](https://example.org/news/more.html?q=%E9).\n\n## Part two\n\n"
        "A second paragraph, also with words, and one more clause.\n"
    )
    url = websyntax.URL("https://example.org/")
    assert "(https://example.org/more.html" in doc.markdown(base_url=url)


def test_markdown_options():
    doc = websyntax.parse("<p><a href='/x'>x</a> <img src='i.png' alt='i'>")
    assert doc.markdown(reference_links=True, images=False, base_url="http://h/") == (
        "[x][1]\n\n[1]: http://h/x\n"
    )
    assert doc.markdown() == "[x](/x) ![i](i.png)\n"


def test_main_text_and_nodes():
    doc = websyntax.parse(ARTICLE)
    text = doc.main_text()
    assert text.startswith("The first paragraph")
    assert "Part two" in text
    for junk in ("Home", "Tweet", "(c)", "track", "Headline"):
        assert junk not in text
    roots = doc.main_content()
    assert [n.tag for n in roots] == ["article"]
    assert "Home" in doc.text()


def test_empty_and_hostile_documents():
    assert websyntax.parse("").markdown() == ""
    assert websyntax.parse("").main_text() == ""
    deep = websyntax.parse("<div>" * 100_000 + "x")
    assert deep.markdown() == "x\n"
    assert deep.main_text() in ("", "x")


def test_threads_share_a_document():
    doc = websyntax.parse(ARTICLE)
    want = doc.markdown(main=True)
    out = []

    def work():
        out.append(doc.markdown(main=True))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [want] * 4


def test_main_found():
    para = "A paragraph of running text, with commas, clauses, and enough words to count. "
    article = websyntax.parse("<nav><a href=/>Home</a></nav><article><p>" + para * 8 + "</p></article>")
    signal = article.main_found()
    assert signal["found"] is True and 0.9 <= signal["score"] <= 1.0
    links = websyntax.parse("<ul><li><a href=/a>A</a><li><a href=/b>B</a></ul>")
    assert links.main_found() == {"found": False, "score": 0.0}
    assert websyntax.parse("").main_found() == {"found": False, "score": 0.0}
