"""A drop-in for selectolax: ``import websyntax.selectolax as selectolax``, or replace
``from selectolax.parser import HTMLParser`` / ``from selectolax.lexbor import
LexborHTMLParser`` with ``from websyntax.selectolax import HTMLParser, LexborHTMLParser``.

selectolax's API (``HTMLParser``, ``LexborHTMLParser``, ``Node``, ``LexborNode``,
``create_tag``, ``parse_fragment``, ``SelectolaxError``, the node API with its editing, and
the ``Selector`` filters of ``select``) on websyntax's HTML parser and editable DOM: the trees
are the HTML Standard's (as a browser builds them), bytes are decoded by the standard's
encoding sniffing. Both backends' classes are the same here (``HTMLParser`` is
``LexborHTMLParser``, ``Node`` is ``LexborNode``). Where the results differ from selectolax's
is listed in docs/python.md ("websyntax.selectolax").

>>> from websyntax.selectolax import HTMLParser
>>> tree = HTMLParser("<div><p id=a>Hello <b>world</b></p><p>!</p></div>")
>>> [p.text() for p in tree.css("p")]
['Hello world', '!']
>>> tree.css_first("#a").attributes
{'id': 'a'}
>>> tree.css_first("b").decompose()
>>> tree.body.html
'<body><div><p id="a">Hello </p><p>!</p></div></body>'
"""

from ._native import _selectolax

LexborAttributes = _selectolax.LexborAttributes
LexborHTMLParser = _selectolax.LexborHTMLParser
LexborNode = _selectolax.LexborNode
LexborSelector = _selectolax.LexborSelector
SelectolaxError = _selectolax.SelectolaxError
create_tag = _selectolax.create_tag
extract_html_comment = _selectolax.extract_html_comment
parse_fragment = _selectolax.parse_fragment
del _selectolax

# selectolax's Modest backend (`selectolax.parser`) has the same API as its Lexbor one; here
# both are the same parser.
HTMLParser = LexborHTMLParser
Node = LexborNode
Selector = LexborSelector

__all__ = [
    "HTMLParser",
    "LexborAttributes",
    "LexborHTMLParser",
    "LexborNode",
    "LexborSelector",
    "Node",
    "SelectolaxError",
    "Selector",
    "create_tag",
    "extract_html_comment",
    "parse_fragment",
]
