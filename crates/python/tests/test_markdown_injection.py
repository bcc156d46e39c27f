"""Document.markdown() never writes a link or image that a CommonMark renderer turns into a
script-running URL: the injection set of the Rust tests (crates/extract/tests/data/
markdown-injection/cases.jsonl) rendered by cmark-gfm in its unsafe mode (GFM and plain
CommonMark) and by markdown-it with its own link validation turned off (so that it checks
nothing for us), the rendered HTML read back with websyntax as a browser would."""

import json
from pathlib import Path

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options
from markdown_it import MarkdownIt

import websyntax

CASES_FILE = (
    Path(__file__).resolve().parents[2]
    / "extract"
    / "tests"
    / "data"
    / "markdown-injection"
    / "cases.jsonl"
)
CASES = [json.loads(line) for line in CASES_FILE.read_text().splitlines() if line.strip()]
PAGE = "https://render.invalid/page"
BASE = "https://example.org/a/b.html"

# The elements a CommonMark + GFM renderer writes (markdown-it writes `s` for strikethrough).
RENDERED = set(
    "html head body p a img h1 h2 h3 h4 h5 h6 ul ol li blockquote pre code em strong del s "
    "table thead tbody tr th td hr br".split()
)
URL_ATTRS = {"href", "src", "srcset", "action", "formaction", "xlink:href"}


def _markdown_it():
    md = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    # markdown-it refuses javascript:/vbscript:/data: links itself; turned off, the test
    # sees what our Markdown alone does.
    md.validateLink = lambda url: True
    return md


MD_IT = _markdown_it()

RENDERERS = {
    "cmark-gfm (unsafe)": lambda md: cmarkgfm.github_flavored_markdown_to_html(
        md, options=Options.CMARK_OPT_UNSAFE
    ),
    "cmark (unsafe)": lambda md: cmarkgfm.markdown_to_html(md, options=Options.CMARK_OPT_UNSAFE),
    "markdown-it (no link validation)": MD_IT.render,
}


def _bad(scheme, rest, image):
    if scheme in ("javascript", "vbscript"):
        return True
    if scheme == "data":
        return not image or not rest.lstrip(" \t\n\r\x0c").lower().startswith("image/")
    return False


def runs_script(value, image):
    """Whether a URL attribute value could run script: read by the URL parser against the
    page's URL, and, to be safe, by the scheme at its start after what the URL parser strips
    (leading C0 controls and spaces; tabs and newlines anywhere) even where it would not
    parse."""
    url = websyntax.URL.parse(value, PAGE)
    if url is not None and _bad(url.protocol[:-1], url.pathname, image):
        return True
    cleaned = value.lstrip("".join(chr(c) for c in range(0x21)))
    cleaned = cleaned.replace("\t", "").replace("\n", "").replace("\r", "")
    scheme, colon, rest = cleaned.partition(":")
    return bool(colon) and _bad(scheme.lower(), rest, image)


def problems(html):
    """What in rendered HTML could run script (read with websyntax's HTML parser)."""
    found, links, images = [], 0, 0
    for el in websyntax.parse(html).select("*"):
        if el.tag not in RENDERED:
            found.append("raw element <%s>" % el.tag)
        for name, value in el.attrs.items():
            if name[:2].lower() == "on":
                found.append("handler %s=%r" % (name, value))
            if name not in URL_ATTRS:
                continue
            image = el.tag == "img" and name == "src"
            if image:
                images += 1
            else:
                links += 1
            if runs_script(value, image):
                found.append("<%s %s=%r>" % (el.tag, name, value))
    return found, links, images


OPTION_SETS = {
    "inline": {},
    "referenced": {"reference_links": True},
    "inline+base": {"base_url": BASE},
    "referenced+base": {"reference_links": True, "base_url": BASE},
}


@pytest.mark.parametrize("renderer", sorted(RENDERERS))
def test_injection_set_renders_no_script_url(renderer):
    assert len(CASES) >= 100
    render = RENDERERS[renderer]
    failures, links, images, runs = [], 0, 0, 0
    for label, kwargs in OPTION_SETS.items():
        for case in CASES:
            md = websyntax.parse(case["html"]).markdown(**kwargs)
            found, n_links, n_images = problems(render(md))
            runs += 1
            links += n_links
            images += n_images
            if found:
                failures.append("%s (%s): %r -> %s" % (case["name"], label, md, found))
    print(
        "\n%s: %d cases x %d option sets = %d renders, %d links and %d images rendered, "
        "%d with a URL that could run script"
        % (renderer, len(CASES), len(OPTION_SETS), runs, links, images, len(failures))
    )
    assert not failures, "\n".join(failures[:50])
    # The set does render (safe) links and images, so the check above saw some.
    assert links > 100 and images > 100


def test_checker_sees_what_renderers_decode():
    # What an earlier version wrote for <a href="javascript&amp;colon;alert(1)">: cmark decodes
    # the reference before it removes the backslash escape, into a live javascript: link.
    old = "[x](javascript\\&colon;alert\\(1\\))"
    for name in ("cmark-gfm (unsafe)", "cmark (unsafe)"):
        assert problems(RENDERERS[name](old))[0], name
    for md in (
        "[x](javascript:alert\\(1\\))",
        "[x](&#x6A;avascript:alert\\(1\\))",
        "[x](vbscript:x)",
        "[x](data:image/png,x)",
        "![x](data:text/html,x)",
        "[x][1]\n\n[1]: JavaScript:x",
        "<img src=x onerror=alert(1)>",
    ):
        for name, render in RENDERERS.items():
            assert problems(render(md))[0], (name, md)
    assert problems(MD_IT.render("![x](data:image/svg+xml,x) [y](/z)")) == ([], 1, 1)


def test_reproducer_and_unsafe_links_option():
    doc = websyntax.parse('<a href="javascript&amp;colon;alert(1)">x</a>')
    md = doc.markdown()
    assert md == "[x](javascript&amp;colon;alert\\(1\\))\n"
    for render in RENDERERS.values():
        assert problems(render(md)) == ([], 1, 0)
    doc = websyntax.parse('<a href="vbscript:x">v</a> <img src="javascript:x" alt="j">')
    assert doc.markdown() == "v j\n"
    assert doc.markdown(unsafe_links=True) == "[v](vbscript:x) ![j](javascript:x)\n"
