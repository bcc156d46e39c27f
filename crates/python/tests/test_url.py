"""websyntax.URL, URLSearchParams, url_validation_errors, domain_to_ascii/unicode."""

import pickle

import pytest

import websyntax
from websyntax import URL, URLSearchParams


def test_parse_and_getters():
    u = URL("HTTPS://user:pw@EXAMPLE.org:8080/a/../b?x=1&y=2#frag")
    assert u.href == "https://user:pw@example.org:8080/b?x=1&y=2#frag"
    assert (u.protocol, u.username, u.password) == ("https:", "user", "pw")
    assert (u.host, u.hostname, u.port) == ("example.org:8080", "example.org", "8080")
    assert (u.pathname, u.search, u.hash) == ("/b", "?x=1&y=2", "#frag")
    assert u.origin == "https://example.org:8080"
    assert str(u) == u.href and repr(u) == f'URL("{u.href}")'


def test_base_and_encoding():
    assert URL("../c", "http://h/a/b").href == "http://h/c"
    assert URL("c", URL("http://h/a/")).href == "http://h/a/c"
    assert URL("?q=é", "http://h/", encoding="windows-1252").search == "?q=%E9"
    assert URL("?q=é", "http://h/").search == "?q=%C3%A9"
    with pytest.raises(ValueError, match="port-out-of-range"):
        URL("https://h:70000")
    with pytest.raises(ValueError):
        URL("b")
    with pytest.raises(ValueError):
        URL("b", "not a base")


def test_can_parse_and_parse():
    assert URL.can_parse("a:b")
    assert not URL.can_parse("b")
    assert URL.can_parse("b", "a:/")
    assert not URL.can_parse("b", "nope")
    assert URL.parse("b") is None
    assert URL.parse("b", "http://h/").href == "http://h/b"


def test_setters():
    u = URL("http://h/p")
    u.protocol = "https"
    u.username = "me"
    u.password = "secret"
    u.hostname = "example.org"
    u.port = 444
    u.pathname = "/x y"
    u.search = "a=1"
    u.hash = "top"
    assert u.href == "https://me:secret@example.org:444/x%20y?a=1#top"
    u.host = "other.example:81"
    assert u.host == "other.example:81"
    u.port = "443"
    assert u.port == ""
    u.href = "http://new/"
    assert u.href == "http://new/"
    with pytest.raises(ValueError):
        u.href = "no scheme"


def test_search_params_view():
    u = URL("http://h/?b=2&a=1")
    p = u.search_params
    assert p.get("a") == "1"
    p.sort()
    u.search_params = p
    assert u.search == "?a=1&b=2"


def test_eq_hash_pickle():
    a, b = URL("http://h/"), URL("HTTP://h")
    assert a == b and hash(a) == hash(b) and a != "http://h/"
    assert pickle.loads(pickle.dumps(a)) == a


def test_url_search_params():
    p = URLSearchParams("?a=1&b=2&a=3")
    assert len(p) == 3 and "a" in p and "z" not in p
    assert p.get("a") == "1" and p.get_all("a") == ["1", "3"] and p["b"] == "2"
    with pytest.raises(KeyError):
        p["z"]
    assert p.has("a", "3") and not p.has("a", "4")
    p.append("c", "x y")
    p.set("a", "9")
    p.delete("b")
    assert str(p) == "a=9&c=x+y"
    p.delete("c", "nope")
    assert p.items() == [("a", "9"), ("c", "x y")]
    assert list(p) == [("a", "9"), ("c", "x y")]
    assert str(URLSearchParams({"k": "v", "é": "&"})) == "k=v&%C3%A9=%26"
    assert str(URLSearchParams([("x", "1"), ("x", "2")])) == "x=1&x=2"
    assert str(URLSearchParams()) == ""
    with pytest.raises(ValueError):
        URLSearchParams([("only-one",)])
    assert pickle.loads(pickle.dumps(p)) == p
    assert "a=9" in repr(p)


def test_validation_errors():
    assert websyntax.url_validation_errors("https:example.org") == [
        ("special-scheme-missing-following-solidus", 6)
    ]
    assert websyntax.url_validation_errors("https://example.org/") == []
    errs = websyntax.url_validation_errors("https://h:99999")
    assert errs[-1][0] == "port-out-of-range"
    assert websyntax.url_validation_errors("b", "http://h/") == []


def test_domains():
    assert websyntax.domain_to_ascii("bücher.example") == "xn--bcher-kva.example"
    assert websyntax.domain_to_unicode("xn--bcher-kva.example") == "bücher.example"
    with pytest.raises(ValueError):
        websyntax.domain_to_ascii("xn--a.example\u0000")
