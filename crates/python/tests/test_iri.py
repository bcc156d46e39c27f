"""websyntax.iri: datatypes, is_valid, validate, resolve, to_uri, normalize."""

import pytest

from websyntax import iri


def test_datatypes_and_validation():
    assert iri.datatypes()[0] == "URI-3986" and len(iri.datatypes()) == 8
    assert iri.is_valid("http://例え.jp/引き出し")
    assert not iri.is_valid("http://例え.jp/", "URI-3986")
    assert iri.is_valid("../a?b", "relative-reference-3986")
    assert iri.validate("http://a/b") is None
    offset, rule, message = iri.validate("http://a/%zz")
    assert (offset, rule) == (9, "pct-encoded") and "pct-encoded" in message
    with pytest.raises(ValueError):
        iri.is_valid("x", "uri")


def test_resolve_and_mapping():
    assert iri.resolve("http://a/b/c/d;p?q", "../g") == "http://a/b/g"
    with pytest.raises(ValueError):
        iri.resolve("relative", "g")
    assert iri.to_uri("http://例え.jp/é") == "http://%E4%BE%8B%E3%81%88.jp/%C3%A9"
    with pytest.raises(ValueError):
        iri.to_uri("http://a/%zz")
    assert iri.normalize("HTTP://A/%7e") == "http://a/~"
    with pytest.raises(ValueError):
        iri.normalize("%zz")
