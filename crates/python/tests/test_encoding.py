"""websyntax.encoding: lookup, decode, encode, sniff, default_encoding_for_locale, encodings."""

import pytest

from websyntax import encoding


def test_lookup_and_list():
    assert encoding.lookup("latin1") == "windows-1252"
    assert encoding.lookup(" UTF8 ") == "UTF-8"
    assert encoding.lookup("nope") is None
    names = encoding.encodings()
    assert len(names) == 40 and "Shift_JIS" in names


def test_decode():
    assert encoding.decode(b"caf\xe9", "latin1") == ("café", "windows-1252", False)
    assert encoding.decode(b"\xef\xbb\xbfhi", "windows-1252") == ("hi", "UTF-8", False)
    assert encoding.decode(b"a\xff") == ("a\ufffd", "UTF-8", True)
    with pytest.raises(LookupError):
        encoding.decode(b"", "nope")


def test_encode():
    assert encoding.encode("あ", "shift_jis") == b"\x82\xa0"
    assert encoding.encode("a💩", "windows-1252") == b"a&#128169;"
    assert encoding.encode("x") == b"x"
    with pytest.raises(UnicodeError):
        encoding.encode("a💩", "windows-1252", errors="strict")
    with pytest.raises(ValueError):
        encoding.encode("a", "utf-16le")
    with pytest.raises(ValueError):
        encoding.encode("a", "utf-8", errors="ignore")


def test_sniff():
    assert encoding.sniff(b"\xff\xfe<\x00") == ("UTF-16LE", "certain", "byte order mark")
    assert encoding.sniff(b"<meta charset=sjis>") == ("Shift_JIS", "tentative", "meta prescan")
    assert encoding.sniff(b"<p>", transport_charset="koi8-r") == (
        "KOI8-R",
        "certain",
        "transport-layer charset",
    )
    assert encoding.sniff(b"<p>", encoding="big5")[2] == "user override"
    assert encoding.sniff(b"<p>", default_encoding="utf-8", autodetect=False) == (
        "UTF-8",
        "tentative",
        "default",
    )
    assert encoding.sniff("<p>café".encode()) == ("UTF-8", "tentative", "autodetected")
    assert encoding.sniff("日本語のテキストです。".encode("euc-jp") * 20, autodetect=True)[0] == "EUC-JP"


def test_default_encoding_for_locale():
    assert encoding.default_encoding_for_locale("ja") == "Shift_JIS"
    assert encoding.default_encoding_for_locale("ru") == "windows-1251"
    assert encoding.default_encoding_for_locale("en") == "windows-1252"
