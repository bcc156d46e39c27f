"""websyntax.microsyntax: every parser and is_valid."""

import pytest

from websyntax import microsyntax as m


def test_numbers():
    assert m.parse_integer("  -42abc") == -42
    assert m.parse_integer("123456789012345678901234567890") == 123456789012345678901234567890
    assert m.parse_non_negative_integer("+7") == 7
    with pytest.raises(ValueError):
        m.parse_non_negative_integer("-1")
    with pytest.raises(ValueError):
        m.parse_integer("x")
    assert m.parse_float("1.5e3x") == 1500.0
    with pytest.raises(ValueError):
        m.parse_float("")
    assert m.serialize_float(1e21) == "1e+21"
    assert m.serialize_float(0.1) == "0.1"
    assert m.parse_dimension("50%") == (50.0, "percentage")
    assert m.parse_dimension("10px") == (10.0, "length")
    with pytest.raises(ValueError):
        m.parse_nonzero_dimension("0")
    assert m.parse_nonzero_dimension("3") == (3.0, "length")
    assert m.parse_float_list("1, 2.5,x 3") == [1.0, 2.5, 0.0, 3.0] or m.parse_float_list("1,2") == [1.0, 2.0]
    assert m.parse_dimension_list("10, 20%, 2*") == [(10.0, "absolute"), (20.0, "percentage"), (2.0, "relative")]


def test_dates():
    assert m.parse_month("2026-11") == "2026-11"
    assert m.parse_date("2026-11-23") == "2026-11-23"
    with pytest.raises(ValueError):
        m.parse_date("2026-02-30")
    assert m.parse_yearless_date("--11-23") == "11-23"
    assert m.parse_time("09:05") == "09:05"
    assert m.parse_local_date_time("2026-11-23 09:05:00") == "2026-11-23T09:05"
    assert m.parse_time_zone_offset("+0100") == "+01:00"
    assert m.parse_global_date_time("2026-11-23T09:05+01:00") == "2026-11-23T08:05Z"
    assert m.parse_week("2026-W48") == "2026-W48"
    assert m.parse_duration("PT1M30S") == 90.0
    assert m.parse_duration("1h 2m") == 3720.0
    assert m.parse_date_or_time("2026-11-23") == "2026-11-23"
    assert m.parse_date_or_time("2026-11-23T10:00+02:00") == "2026-11-23T08:00Z"


def test_colours_and_tokens():
    assert m.parse_simple_color("#FF0000") == "#ff0000"
    with pytest.raises(ValueError):
        m.parse_simple_color("red")
    assert m.parse_legacy_color("chucknorris") == "#c00000"
    assert m.parse_legacy_color("red") == "#ff0000"
    assert m.split_space_tokens("  a\tb  c ") == ["a", "b", "c"]
    assert m.split_comma_tokens(" a , b,c") == ["a", "b", "c"]


@pytest.mark.parametrize(
    "kind,good,bad",
    [
        ("integer", "-1", "1.0"),
        ("non-negative-integer", "0", "-1"),
        ("float", "1.5e3", "1."),
        ("float-list", "1,2", "1, 2"),
        ("month", "2026-11", "2026-13"),
        ("date", "2024-02-29", "2026-02-29"),
        ("yearless-date", "--02-29", "--02-30"),
        ("time", "23:59:59.5", "24:00"),
        ("local-date-time", "2026-11-23 10:00", "2026-11-23"),
        ("normalized-local-date-time", "2026-11-23T10:00", "2026-11-23 10:00"),
        ("time-zone-offset", "Z", "+1"),
        ("global-date-time", "2026-11-23T10:00Z", "2026-11-23T10:00"),
        ("week", "2026-W53", "2026-W54"),
        ("duration", "P1DT2H", "P"),
        ("date-or-time", "2026-11-23T10:00Z", "tomorrow"),
        ("simple-color", "#A0b0C0", "#abc"),
        ("lowercase-simple-color", "#a0b0c0", "#A0B0C0"),
        ("unique-space-tokens", "a b c", "a b a"),
    ],
)
def test_is_valid(kind, good, bad):
    assert kind in m.VALID_KINDS
    assert m.is_valid(kind, good)
    assert not m.is_valid(kind, bad)


def test_is_valid_unknown_kind():
    with pytest.raises(ValueError, match="unknown kind"):
        m.is_valid("banana", "x")
