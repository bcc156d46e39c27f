"""A drop-in for nh3: ``import websyntax.nh3 as nh3``.

nh3's whole public API with nh3's meaning (``clean``, ``clean_text``, ``escape``, ``is_html``,
``Cleaner``, ``ALLOWED_TAGS``, ``ALLOWED_ATTRIBUTES``, ``ALLOWED_URL_SCHEMES``,
``CLEAN_CONTENT_TAGS``, every keyword argument of ``clean`` and ``Cleaner``), on websyntax's HTML
parser and sanitizer core. Whatever the arguments (``attribute_filter``, ``url_relative``'s
callback and ``set_tag_attribute_values`` included), the result runs no script when a browser
parses it, and parses back to itself. Where the results differ from nh3's is listed in
docs/sanitize.md ("websyntax.nh3").

>>> import websyntax.nh3 as nh3
>>> nh3.clean("<b><img src='' onerror='alert(1)'>I'm not trying to XSS you</b>")
'<b><img src="">I\\'m not trying to XSS you</b>'
>>> nh3.clean('<a href="https://example.org">x</a><details><summary>s</summary>t</details>')
'<a href="https://example.org" rel="noopener noreferrer">x</a><details><summary>s</summary>t</details>'
"""

from ._native import Cleaner, _nh3_defaults, clean, clean_text, escape, is_html

ALLOWED_TAGS, ALLOWED_ATTRIBUTES, ALLOWED_URL_SCHEMES, CLEAN_CONTENT_TAGS = _nh3_defaults()
del _nh3_defaults

__all__ = [
    "ALLOWED_ATTRIBUTES",
    "ALLOWED_TAGS",
    "ALLOWED_URL_SCHEMES",
    "CLEAN_CONTENT_TAGS",
    "Cleaner",
    "clean",
    "clean_text",
    "escape",
    "is_html",
]
