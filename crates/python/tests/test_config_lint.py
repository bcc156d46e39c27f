"""Sanitizer configurations that cannot mean what was written: a UserWarning each, or a
ValueError with strict=True."""

import warnings

import pytest

import websyntax


def caught(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        result = fn()
    return result, [str(x.message) for x in w if issubclass(x.category, UserWarning)]


@pytest.mark.parametrize(
    "config, code",
    [
        ({"element": ["p"], "removeElements": ["script"]}, "unknown-key"),
        ({"elements": ["P", "b"]}, "never-matches"),
        ({}, "restricts-nothing"),
    ],
)
def test_warnings_and_strict(config, code):
    _, messages = caught(lambda: websyntax.Sanitizer(config))
    assert len(messages) == 1 and code in messages[0], messages
    out, messages = caught(lambda: websyntax.sanitize("<p>a<b>b</b>", config))
    assert isinstance(out, str) and len(messages) == 1 and code in messages[0], messages
    with pytest.raises(ValueError, match=code):
        websyntax.Sanitizer(config, strict=True)
    with pytest.raises(ValueError, match=code):
        websyntax.sanitize("<p>a", config, strict=True)


def test_a_config_that_means_what_it_says_is_quiet():
    config = {"elements": ["p", "b"], "attributes": ["title"]}
    out, messages = caught(lambda: websyntax.sanitize("<p title=t>a<i>i</i>", config, strict=True))
    assert (out, messages) == ('<p title="t">a</p>', [])
    _, messages = caught(lambda: websyntax.Sanitizer())
    assert messages == []
    assert "did you mean" in caught(lambda: websyntax.Sanitizer({"element": ["p"]}))[1][0]
