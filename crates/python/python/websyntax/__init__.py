"""websyntax: the web's text syntaxes parsed exactly as the standards say, fast, in Rust.

- :func:`parse` / :func:`parse_fragment`: the HTML parser (bytes go through the standard's
  encoding sniffing and decoding; pass the HTTP charset as ``transport_charset``);
- :class:`URL`, :class:`URLSearchParams`: the URL Standard;
- :mod:`websyntax.encoding`: the Encoding Standard and HTML encoding sniffing;
- :mod:`websyntax.microsyntax`: the HTML common microsyntaxes;
- :mod:`websyntax.iri`: strict RFC 3986/3987 IRI/URI validation and resolution;
- :func:`sanitize`, :class:`Sanitizer`, :func:`parse_html`: the HTML Standard's Sanitizer API
  (``element.setHTML``; ``str`` or ``bytes`` in);
- :mod:`websyntax.nh3` (``import websyntax.nh3 as nh3``): a drop-in for nh3; :func:`clean` is
  its ``clean``;
- :mod:`websyntax.selectolax` (``from websyntax.selectolax import HTMLParser``): a drop-in for
  selectolax, with an editable tree.

Parsed objects are immutable and may be shared between threads; the GIL is released while
parsing. ``Document`` and ``Node`` pickle (as their input and options; unpickling parses again).
"""

from . import encoding, iri, microsyntax, nh3, selectolax
from ._native import (
    URL,
    Document,
    Link,
    Node,
    ParseError,
    ResourceLimitError,
    Sanitizer,
    Selector,
    URLSearchParams,
    __version__,
    check,
    clean,
    domain_to_ascii,
    domain_to_unicode,
    parse,
    parse_fragment,
    parse_html,
    release_spare_storage,
    sanitize,
    url_validation_errors,
)

__all__ = [
    "URL",
    "Document",
    "Link",
    "Node",
    "ParseError",
    "ResourceLimitError",
    "Sanitizer",
    "Selector",
    "URLSearchParams",
    "__version__",
    "check",
    "clean",
    "domain_to_ascii",
    "domain_to_unicode",
    "encoding",
    "iri",
    "microsyntax",
    "nh3",
    "parse",
    "parse_fragment",
    "parse_html",
    "release_spare_storage",
    "sanitize",
    "url_validation_errors",
]
