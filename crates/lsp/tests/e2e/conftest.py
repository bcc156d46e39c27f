"""Shared helpers of the language server's end-to-end tests (pytest-lsp)."""

import asyncio
import json
import os
import pathlib
import re
import subprocess

import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

ROOT = pathlib.Path(__file__).resolve().parents[4]
BIN = os.environ.get("WEBSYNTAX_BIN", str(ROOT / "target" / "debug" / "websyntax"))
PAGES = ROOT / "crates" / "lsp" / "tests" / "data" / "pages"
CORPUS = ROOT.parent / "shared" / "corpus" / "html"
TIMEOUT = 60


def make_client():
    """pytest-lsp's client, also keeping every published version's diagnostics."""
    client = LanguageClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)

    def publish(client: LanguageClient, params):
        client.diagnostics[params.uri] = params.diagnostics
        client.published.setdefault(params.uri, {})[params.version] = params.diagnostics

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    register_lsp_features(client, features)
    client.published = {}
    return client


def config():
    return ClientServerConfig(server_command=[BIN, "lsp"], client_factory=make_client)


def caps(utf8=False):
    general = types.GeneralClientCapabilities(
        position_encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16]
        if utf8
        else [types.PositionEncodingKind.Utf16]
    )
    return types.ClientCapabilities(
        general=general,
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True),
        ),
    )


@pytest_lsp.fixture(config=config())
async def client(lsp_client: LanguageClient):
    lsp_client.init_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=caps(), initialization_options={"severity": "info"})
    )
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=config())
async def utf8_client(lsp_client: LanguageClient):
    lsp_client.init_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=caps(utf8=True), initialization_options={"severity": "info"})
    )
    yield
    await lsp_client.shutdown_session()


async def wait_diagnostics(client, uri, version):
    """The diagnostics published for `uri` at `version`."""

    async def wait():
        while version not in client.published.get(uri, {}):
            await asyncio.sleep(0.005)
        return client.published[uri].pop(version)

    return await asyncio.wait_for(wait(), TIMEOUT)


async def open_doc(client, uri, text, version=1, language="html"):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version, text=text)
        )
    )
    return await wait_diagnostics(client, uri, version)


def cli_check(path, *args):
    """`websyntax check --format json` of `path`: its diagnostics."""
    out = subprocess.run(
        [BIN, "check", "--format", "json", *args, str(path)], capture_output=True, check=False
    ).stdout
    return json.loads(out)["diagnostics"]


def apply_edits(text, edits):
    """`text` (UTF-16 positions) with LSP text edits applied."""
    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text) or [""]

    def offset(pos):
        if pos.line >= len(lines):
            return len(text)
        start = sum(len(l) for l in lines[: pos.line])
        units = 0
        for i, ch in enumerate(lines[pos.line]):
            if units >= pos.character:
                return start + i
            units += 2 if ord(ch) > 0xFFFF else 1
        return start + len(lines[pos.line])

    spans = sorted(((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits), reverse=True)
    for s, e, new in spans:
        text = text[:s] + new + text[e:]
    return text
