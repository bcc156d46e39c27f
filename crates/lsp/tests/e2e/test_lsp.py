"""End-to-end tests of `websyntax lsp`, driven by pytest-lsp over stdio."""

import asyncio
import json
import re
import subprocess
import time

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import BIN, CORPUS, PAGES, ROOT, apply_edits, cli_check, open_doc, wait_diagnostics

T = types
CHECK_MD = (ROOT / "docs" / "check.md").read_text()


def pos(line, ch):
    return T.Position(line=line, character=ch)


def at(page, needle, k=0):
    """The UTF-16 position of `needle` (plus `k` characters) in `page`."""
    i = page.index(needle) + k
    before = page[:i]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1:]
    return pos(line, sum(2 if ord(c) > 0xFFFF else 1 for c in col))


def errors(diags):
    return [d for d in diags if d.severity != T.DiagnosticSeverity.Information]


def doc_id(uri):
    return T.TextDocumentIdentifier(uri=uri)


def lsp_view(diags):
    """(code, line, col, message) of LSP diagnostics, 1-based like the command's."""
    return [(d.code, d.range.start.line + 1, d.range.start.character + 1, d.message) for d in diags]


def cli_view(diags, text):
    """The command's diagnostics with their byte spans as 1-based positions of the UTF-8 text
    (the command's own line and column count the characters it decoded, which for a page that
    declares a legacy encoding are not those an editor shows)."""
    data = text.encode("utf-8")
    out = []
    for d in diags:
        times = f" (\u00d7{d['count']})" if d["count"] > 1 else ""
        start = d["span"][0] if d["span"] else 0
        before = data[:start].decode("utf-8", errors="ignore")
        lines = re.split(r"\r\n|\r|\n", before)
        col = sum(2 if ord(c) > 0xFFFF else 1 for c in lines[-1])
        out.append((d["code"], len(lines), col + 1, d["message"] + times))
    return out


def sample_pages():
    pages = sorted(PAGES.glob("*.html"))
    if CORPUS.is_dir():
        # With the shared corpus beside the checkout: a sample of it too.
        pages += sorted((CORPUS / "htmlparser-benchmark").glob("*.html"))[:12]
        pages += sorted((CORPUS / "gumbo").glob("*.html"))
    return pages


async def test_capabilities_and_utf16_default(client: LanguageClient):
    result = client.init_result.capabilities
    assert result.position_encoding == T.PositionEncodingKind.Utf16
    assert result.text_document_sync.change == T.TextDocumentSyncKind.Incremental
    assert result.hover_provider and result.definition_provider and result.references_provider
    assert result.code_action_provider and result.document_symbol_provider and result.rename_provider
    # A column after an astral character counts two UTF-16 units.
    diags = await open_doc(client, "file:///t/astral.html", "<!DOCTYPE html><meta charset=utf-8><title>😀</title><p tabindex=x>")
    d = next(d for d in diags if d.code == "invalid-integer")
    assert d.range.start.character == 62 + 2  # 😀 is 2 units


async def test_utf8_when_offered(utf8_client: LanguageClient):
    assert utf8_client.init_result.capabilities.position_encoding == T.PositionEncodingKind.Utf8
    diags = await open_doc(utf8_client, "file:///t/astral8.html", "<!DOCTYPE html><meta charset=utf-8><title>😀</title><p tabindex=x>")
    d = next(d for d in diags if d.code == "invalid-integer")
    assert d.range.start.character == 62 + 4  # 😀 is 4 bytes


async def test_diagnostics_equal_the_command(client: LanguageClient):
    pages = sample_pages()
    assert len(pages) >= 4
    for path in pages:
        text = path.read_bytes().decode("utf-8")
        uri = path.as_uri()
        diags = await open_doc(client, uri, text)
        assert lsp_view(diags) == cli_view(cli_check(path, "--severity", "info"), text), path.name
        for d in diags:
            assert d.source == "websyntax"
            # The code's own entry in docs/check.md, which has the anchor.
            href = d.code_description.href
            assert href.endswith("#" + d.code), href
            assert f'<a id="{d.code}"></a>' in CHECK_MD
        client.text_document_did_close(T.DidCloseTextDocumentParams(text_document=doc_id(uri)))


async def test_related_information_of_eof_errors(client: LanguageClient):
    diags = await open_doc(client, "file:///t/eof.html", "<!DOCTYPE html><title>t</title><p>x\n<!-- never closed")
    d = next(d for d in diags if d.code == "eof-in-comment")
    rel = d.related_information[0]
    assert rel.location.range.start == pos(1, 0)
    assert "comment" in rel.message


async def test_incremental_changes_and_debounce(client: LanguageClient):
    uri = "file:///t/inc.html"
    text = "<!DOCTYPE html><meta charset=utf-8><title>t</title>\n<p>hello</p>\n"
    diags = await open_doc(client, uri, text)
    assert errors(diags) == []
    # A flood of edits, some with positions past the end, one version each.
    version = 1
    for i in range(300):
        version += 1
        client.text_document_did_change(
            T.DidChangeTextDocumentParams(
                text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[T.TextDocumentContentChangePartial(range=T.Range(start=pos(1, 4), end=pos(1, 4)), text="x")],
            )
        )
    version += 1
    client.text_document_did_change(
        T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                T.TextDocumentContentChangePartial(range=T.Range(start=pos(99, 99), end=pos(120, 0)), text="</div>"),
                T.TextDocumentContentChangePartial(range=T.Range(start=pos(1, 9999), end=pos(1, 10000)), text=""),
            ],
        )
    )
    diags = await wait_diagnostics(client, uri, version)
    assert [d.code for d in errors(diags)] == ["unexpected-end-tag-not-in-scope"]


async def test_quick_fixes_remove_their_findings(client: LanguageClient, tmp_path):
    page = (
        "<title>t</title><p>x</span><img src=a width=120px><a href='a b'>k</a>"
        "<p id=d>1<p id=d>2<div><span>é"
    )
    uri = "file:///t/fix.html"
    diags = await open_doc(client, uri, page)
    codes = {d.code for d in diags}
    wanted = {"missing-doctype", "unexpected-end-tag", "invalid-non-negative-integer", "invalid-URL-unit",
              "duplicate-id", "no-encoding-declaration", "eof-with-open-elements"}
    assert wanted <= codes
    actions = await client.text_document_code_action_async(
        T.CodeActionParams(text_document=doc_id(uri), range=T.Range(start=pos(0, 0), end=pos(9, 0)),
                           context=T.CodeActionContext(diagnostics=diags))
    )
    fixed = {}
    for a in actions:
        code = a.diagnostics[0].code
        new = apply_edits(page, a.edit.changes[uri])
        f = tmp_path / "fixed.html"
        f.write_text(new, encoding="utf-8")
        before = sum(1 for d in cli_check_text(tmp_path, page) if d["code"] == code)
        after = sum(1 for d in cli_check(f, "--severity", "info") if d["code"] == code)
        assert after < before, (a.title, new)
        fixed[code] = a.title
    assert wanted <= set(fixed), fixed


def cli_check_text(tmp_path, text):
    f = tmp_path / "before.html"
    f.write_text(text, encoding="utf-8")
    return cli_check(f, "--severity", "info")


async def test_hover(client: LanguageClient):
    uri = "file:///dir/hover.html"
    page = ('<!DOCTYPE html><meta charset=utf-8><title>t</title>\n'
            '<a href="../x/y?q=1#f">a</a><img src=a.png width=" 12" srcset="a.png 1x, b.png 2x">\n'
            '<input type=color value="#00FF00"><input type=date value=2024-02-29><table><b>x</b></table>')
    await open_doc(client, uri, page)

    async def hover(line, ch):
        h = await client.text_document_hover_async(T.HoverParams(text_document=doc_id(uri), position=pos(line, ch)))
        return h.contents.value if h else None

    def hv(needle, k=1):
        p = at(page, needle, k)
        return hover(p.line, p.character)

    text = await hv("../x")
    assert "file:///x/y?q=1#f" in text and "query: `?q=1`" in text and "fragment: `#f`" in text
    assert "`12`" in await hv(" 12")
    srcset = await hv("a.png 1x")
    assert "file:///dir/b.png" in srcset and "2x" in srcset
    assert "#00ff00" in await hv("#00FF00")
    assert "2024-02-29" in await hv("2024-02-29")
    tag = await hv("<b>")
    assert "<b>" in tag and "inserted into `<body>`" in tag


async def test_navigation(client: LanguageClient):
    uri = "file:///t/nav.html"
    page = ('<!DOCTYPE html><meta charset=utf-8><title>t</title>\n'
            '<nav aria-label=Main><h1>Title</h1></nav><main><h2>Part <b>one</b></h2>\n'
            '<input id=name list=opts form=f aria-describedby="help name"><label for=name>N</label>\n'
            '<datalist id=opts></datalist><form id=f></form><p id=help>h</p><a href="#name">go</a></main>')
    await open_doc(client, uri, page)
    name_def = T.Range(start=at(page, "id=name", 3), end=at(page, "id=name", 7))

    async def definition(needle, k):
        p = at(page, needle, k)
        r = await client.text_document_definition_async(
            T.DefinitionParams(text_document=doc_id(uri), position=p))
        return r.range if isinstance(r, T.Location) else r[0].range

    assert await definition("for=name", 5) == name_def
    assert await definition('href="#name"', 8) == name_def
    assert await definition("help name", 6) == name_def  # aria-describedby, second token
    assert (await definition("list=opts", 6)).start == at(page, "id=opts", 3)
    assert (await definition("form=f", 5)).start == at(page, "id=f", 3)
    refs = await client.text_document_references_async(
        T.ReferenceParams(text_document=doc_id(uri), position=at(page, "id=name", 4),
                          context=T.ReferenceContext(include_declaration=True)))
    assert len(refs) == 4, refs
    symbols = await client.text_document_document_symbol_async(T.DocumentSymbolParams(text_document=doc_id(uri)))
    names = [s.name for s in symbols]
    assert names == ["<nav> Main", "<main>"]
    assert symbols[0].children[0].name == "h1: Title"
    assert symbols[1].children[0].name == "h2: Part one"
    # Rename an id with its references.
    prep = await client.text_document_prepare_rename_async(
        T.PrepareRenameParams(text_document=doc_id(uri), position=at(page, "id=name", 4)))
    assert prep is not None
    edit = await client.text_document_rename_async(
        T.RenameParams(text_document=doc_id(uri), position=at(page, "id=name", 4), new_name="who"))
    assert len(edit.changes[uri]) == 4


async def test_duplicate_id_rename_touches_only_the_duplicate(client: LanguageClient):
    uri = "file:///t/dup.html"
    page = "<!DOCTYPE html><meta charset=utf-8><title>t</title><p id=a>1<p id=a>2<a href=#a>x</a>"
    await open_doc(client, uri, page)
    edit = await client.text_document_rename_async(
        T.RenameParams(text_document=doc_id(uri), position=at(page, "id=a>2", 3), new_name="b"))
    new = apply_edits(page, edit.changes[uri])
    assert new.count("id=a") == 1 and "id=b" in new and "href=#a" in new


async def test_settings(client: LanguageClient):
    uri = "file:///t/settings.html"
    page = "<!DOCTYPE html><meta charset=utf-8><title>t</title><p tabindex=x><a href='a b'>x</a></div><noscript><p>n</p></noscript>"
    diags = await open_doc(client, uri, page)
    assert {"invalid-integer", "invalid-URL-unit", "unexpected-end-tag-not-in-scope"} <= {d.code for d in diags}
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(
        settings={"websyntax": {"only": ["url", "parse"], "ignore": ["unexpected-end-tag-not-in-scope"], "severity": "warning"}}))
    diags = await wait_diagnostics(client, uri, 1)
    assert [d.code for d in diags] == ["invalid-URL-unit"]
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(
        settings={"only": [], "ignore": [], "severity": "error", "scripting": False}))
    diags = await wait_diagnostics(client, uri, 1)
    assert {"invalid-integer", "unexpected-end-tag-not-in-scope"} <= {d.code for d in diags}
    assert all(d.severity == T.DiagnosticSeverity.Error for d in diags)
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings={"standard": "nonsense"}))
    await asyncio.sleep(0.2)
    assert any("standard" in m.message for m in client.messages)


async def test_bad_input_keeps_the_server_responsive(client: LanguageClient):
    small = "file:///t/small.html"
    await open_doc(client, small, "<p>x")
    big = "<!DOCTYPE html><meta charset=utf-8><title>t</title>" + "<p>lorem ipsum <b>dolor</b></p>\n" * 330_000
    assert len(big) > 10_000_000
    client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
        uri="file:///t/big.html", language_id="html", version=1, text=big)))
    # Requests are answered while the big document is being checked.
    start = time.monotonic()
    symbols = await client.text_document_document_symbol_async(T.DocumentSymbolParams(text_document=doc_id(small)))
    assert symbols == [] and time.monotonic() - start < 5
    diags = await wait_diagnostics(client, "file:///t/big.html", 1)
    assert errors(diags) == []
    binary = "\x00\x01\x02PNG\x00" * 1000
    diags = await open_doc(client, "file:///t/bin.html", binary)
    assert [d.code for d in diags] == ["binary-input"]
    # Positions nowhere in the document: clamped, answered.
    h = await client.text_document_hover_async(T.HoverParams(text_document=doc_id(small), position=pos(2**31 - 1, 2**31 - 1)))
    assert h is None
    # A request for a document that is not open: an empty answer, not a crash.
    assert await client.text_document_document_symbol_async(
        T.DocumentSymbolParams(text_document=doc_id("file:///t/none.html"))) is None
    diags = await open_doc(client, "file:///t/after.html", "<p>y")
    assert diags


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_frame(out):
    n = None
    while True:
        line = out.readline()
        if line in (b"\r\n", b""):
            break
        k, v = line.decode().split(":", 1)
        if k.lower() == "content-length":
            n = int(v)
    return json.loads(out.read(n))


def test_malformed_messages_get_error_responses():
    p = subprocess.Popen([BIN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        p.stdin.write(frame(b'{"jsonrpc":"2.0","id":1,"method":"hover","params":{}}'))
        p.stdin.write(frame(b"{not json"))
        p.stdin.write(frame(b'{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}'))
        p.stdin.write(frame(b'{"jsonrpc":"2.0","id":3,"params":[]}'))
        p.stdin.write(frame(b'{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":7}}'))
        p.stdin.write(frame(b'{"jsonrpc":"2.0","id":5,"method":"shutdown"}'))
        p.stdin.write(frame(b'{"jsonrpc":"2.0","method":"exit"}'))
        p.stdin.flush()
        got = [read_frame(p.stdout) for _ in range(5)]
        assert got[0]["error"]["code"] == -32002  # not initialized yet
        assert got[1]["error"]["code"] == -32700 and got[1]["id"] is None
        assert "capabilities" in got[2]["result"]
        assert got[3]["error"]["code"] == -32600 and got[3]["id"] == 3
        assert got[4]["error"]["code"] == -32602
        assert read_frame(p.stdout)["id"] == 5
        assert p.wait(timeout=10) == 0
    finally:
        p.kill()
