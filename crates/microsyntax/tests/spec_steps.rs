//! Unit tests written from the spec text (HTML §2.3) for the algorithm steps the vendored data
//! does not cover: durations, yearless dates, time zones, global dates and times, weeks, lists,
//! legacy colours (incl. the 128-character and >8-digit component rules), float rounding edge
//! cases, the best representation, keywords, tokens and references.

use websyntax_microsyntax::boolean::*;
use websyntax_microsyntax::colours::*;
use websyntax_microsyntax::dates::*;
use websyntax_microsyntax::keywords::Enumerated;
use websyntax_microsyntax::numbers::*;
use websyntax_microsyntax::references::*;
use websyntax_microsyntax::tokens::*;
use websyntax_microsyntax::{Error, ErrorKind};

// ----- 2.3.4.1 / 2.3.4.2 integers --------------------------------------------------------------

#[test]
fn integers_steps() {
    // 4-5: whitespace skipped; nothing left is an error.
    assert_eq!(parse_integer(" \t\n\x0C\r7"), Ok(7));
    assert_eq!(parse_integer("   ").unwrap_err().kind(), ErrorKind::Empty);
    // 6: a lone sign is an error; "+" is ignored.
    assert!(parse_integer("-").is_err());
    assert!(parse_integer("+").is_err());
    assert_eq!(parse_integer("+5"), Ok(5));
    assert!(parse_integer("+-5").is_err());
    // 7: not a digit. U+00A0 is not ASCII whitespace.
    assert_eq!(
        parse_integer("\u{A0}1").unwrap_err(),
        Error::new(ErrorKind::ExpectedDigit, 0)
    );
    // 8: digits then anything.
    assert_eq!(parse_integer("12e3"), Ok(12));
    // Beyond i64: an error from parse_integer, exact digits from parse_integer_exact.
    assert_eq!(parse_integer("-9223372036854775808"), Ok(i64::MIN));
    assert_eq!(parse_integer("9223372036854775807"), Ok(i64::MAX));
    assert_eq!(
        parse_integer("9223372036854775808").unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(
        parse_integer_exact("  -00099999999999999999999x")
            .unwrap()
            .to_string(),
        "-99999999999999999999"
    );
    // Non-negative.
    assert_eq!(
        parse_non_negative_integer("18446744073709551615"),
        Ok(u64::MAX)
    );
    assert_eq!(
        parse_non_negative_integer("18446744073709551616")
            .unwrap_err()
            .kind(),
        ErrorKind::Overflow
    );
    assert_eq!(
        parse_non_negative_integer(" -3").unwrap_err(),
        Error::new(ErrorKind::Negative, 1)
    );
    assert_eq!(parse_non_negative_integer("-0"), Ok(0));
    assert!(is_valid_integer("-0") && !is_valid_integer("-") && !is_valid_integer(" 1"));
}

// ----- 2.3.4.3 floating-point numbers ----------------------------------------------------------

#[test]
fn float_steps() {
    // 9: "." followed by a digit starts the fraction; "." alone is an error.
    assert_eq!(parse_float(".5"), Ok(0.5));
    assert_eq!(parse_float("-.5"), Ok(-0.5));
    assert!(parse_float(".").is_err());
    assert!(parse_float(".e1").is_err());
    // 13.2: "1." then a non-digit: conversion with 1.
    assert_eq!(parse_float("1.x"), Ok(1.0));
    // 13.3: "1.e2" goes on to the exponent.
    assert_eq!(parse_float("1.e2"), Ok(100.0));
    // 14: incomplete exponents are ignored.
    assert_eq!(parse_float("1e"), Ok(1.0));
    assert_eq!(parse_float("1e+"), Ok(1.0));
    assert_eq!(parse_float("1e-x"), Ok(1.0));
    assert_eq!(parse_float("1E+2"), Ok(100.0));
    assert_eq!(parse_float("25e-1"), Ok(2.5));
    // 15-18: one rounding of the exact value.
    assert_eq!(parse_float("0.1"), Ok(0.1));
    assert_eq!(parse_float("9007199254740993"), Ok(9007199254740992.0));
    assert_eq!(
        parse_float("9007199254740993.0000000001"),
        Ok(9007199254740994.0)
    );
    assert_eq!(parse_float("1.7976931348623157e308"), Ok(f64::MAX));
    assert_eq!(parse_float("1.7976931348623158e308"), Ok(f64::MAX));
    assert_eq!(
        parse_float("1.7976931348623159e308").unwrap_err().kind(),
        ErrorKind::Overflow
    );
    // Exactly halfway between f64::MAX and 2^1024: 2^1024 has the even significand -> error.
    let halfway = "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";
    assert!(parse_float(halfway).is_err());
    assert!(parse_float(&format!("-{halfway}")).is_err());
    assert_eq!(
        parse_float(&format!("{halfway}e-1")),
        Ok(1.7976931348623158e307)
    );
    // Tiny values round to +0 (S has no -0).
    assert_eq!(parse_float("5e-324"), Ok(5e-324));
    let z = parse_float("-1e-400").unwrap();
    assert!(z == 0.0 && z.is_sign_positive());
    assert!(parse_float("-0").unwrap().is_sign_positive());
    // Huge exponents and long mantissas.
    assert!(parse_float("1e99999999999999999999999").is_err());
    assert_eq!(parse_float("1e-99999999999999999999999"), Ok(0.0));
    assert_eq!(parse_float("0e99999999999999999999999"), Ok(0.0));
    let long = format!("0.{}1e1001", "0".repeat(1000));
    assert_eq!(parse_float(&long), Ok(1.0));
    let long = format!("1{}e-400", "0".repeat(400));
    assert_eq!(parse_float(&long), Ok(1.0));
    let long = format!("1{}1e-2000", "0".repeat(2000));
    assert_eq!(parse_float(&long), Ok(10.0));
    // Validity.
    // "Valid floating-point number" is a syntax: an overflowing value is still valid.
    for v in [
        "0", "-0", "1.5", ".5", "1e5", "1E-5", "-1.5e+5", "0.0000", "2e308", "-1e309",
    ] {
        assert!(is_valid_float(v), "{v}");
    }
    for v in [
        "", "-", "+1", "1.", "1e", "1e+", " 1", "1 ", "Infinity", "NaN", "0x1",
    ] {
        assert!(!is_valid_float(v), "{v}");
    }
}

#[test]
fn best_representation_is_javascript_number_to_string() {
    for (n, s) in [
        (0.0, "0"),
        (-0.0, "0"),
        (1.0, "1"),
        (-1.5, "-1.5"),
        (100.0, "100"),
        (123.456, "123.456"),
        (0.1 + 0.2, "0.30000000000000004"),
        (1e20, "100000000000000000000"),
        (1e21, "1e+21"),
        (1.5e21, "1.5e+21"),
        (0.000001, "0.000001"),
        (1e-7, "1e-7"),
        (-2.5e-8, "-2.5e-8"),
        (1.2345e-7, "1.2345e-7"),
        (5e-324, "5e-324"),
        (f64::MAX, "1.7976931348623157e+308"),
        (9007199254740992.0, "9007199254740992"),
        (f64::NAN, "NaN"),
        (f64::INFINITY, "Infinity"),
        (f64::NEG_INFINITY, "-Infinity"),
    ] {
        assert_eq!(best_representation(n), s);
    }
}

// ----- 2.3.4.4 / 2.3.4.5 dimensions ------------------------------------------------------------

#[test]
fn dimension_steps() {
    let d = |s| parse_dimension(s).map(|d| (d.value, d.unit));
    use DimensionUnit::*;
    assert_eq!(d("5"), Ok((5.0, Length)));
    assert_eq!(d("5.%"), Ok((5.0, Percentage))); // 7.2 -> current dimension value
    assert_eq!(d("5.25%"), Ok((5.25, Percentage)));
    assert_eq!(d("5.25"), Ok((5.25, Length))); // 7.4.4 past the end
    assert_eq!(d("5 %"), Ok((5.0, Length)));
    assert_eq!(d(".5").unwrap_err().kind(), ErrorKind::ExpectedDigit);
    assert_eq!(d("").unwrap_err().kind(), ErrorKind::Empty);
    assert_eq!(
        d("1".repeat(400).as_str()).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(
        parse_nonzero_dimension("0.0%").unwrap_err().kind(),
        ErrorKind::Zero
    );
    assert_eq!(parse_nonzero_dimension(" 0.01%").unwrap().value, 0.01);
}

// ----- 2.3.4.6 lists of floating-point numbers -------------------------------------------------

#[test]
fn float_list_steps() {
    assert_eq!(parse_float_list(""), Vec::<f64>::new());
    assert_eq!(parse_float_list(" ,;, "), Vec::<f64>::new());
    assert_eq!(parse_float_list("1,2;3 4"), [1.0, 2.0, 3.0, 4.0]);
    assert_eq!(parse_float_list("1,,2"), [1.0, 2.0]);
    // 5.1 leading garbage skipped ("+" and "e" are garbage).
    assert_eq!(parse_float_list("x1 +2 e3"), [1.0, 2.0, 3.0]);
    // 5.2-5.4 the whole token is parsed; errors become 0.
    assert_eq!(parse_float_list("1b2, ., -"), [1.0, 0.0, 0.0]);
    assert_eq!(parse_float_list("abc"), [0.0]);
    assert_eq!(parse_float_list("-1.5e1"), [-15.0]);
    assert_eq!(parse_float_list("1é,2"), [1.0, 2.0]);
    assert!(is_valid_float_list(""));
    assert!(is_valid_float_list("1,-2.5,3e1"));
    assert!(!is_valid_float_list("1,,2"));
    assert!(!is_valid_float_list("1;2"));
    assert!(!is_valid_float_list("1,"));
}

// ----- 2.3.4.7 lists of dimensions -------------------------------------------------------------

#[test]
fn dimension_list_steps() {
    use ListDimensionUnit::*;
    let l = |s| {
        parse_dimension_list(s)
            .unwrap()
            .into_iter()
            .map(|d| (d.value, d.unit))
            .collect::<Vec<_>>()
    };
    assert_eq!(l(""), []);
    // 2: one trailing comma is removed; 3: split on commas strips whitespace.
    assert_eq!(l(","), []);
    assert_eq!(l(",,"), [(0.0, Relative)]);
    assert_eq!(l("10 , 20"), [(10.0, Absolute), (20.0, Absolute)]);
    // 5.5 an empty token is relative.
    assert_eq!(
        l("1,,2"),
        [(1.0, Absolute), (0.0, Relative), (2.0, Absolute)]
    );
    // 5.7 fraction: whitespace inside the digits is removed.
    assert_eq!(l("1. 5 *"), [(1.5, Relative)]);
    assert_eq!(l("2.25%"), [(2.25, Percentage)]);
    assert_eq!(l(".5"), [(0.5, Absolute)]);
    assert_eq!(l("1."), [(1.0, Absolute)]);
    // 5.9 "*" with no number is relative 0; anything else is absolute.
    assert_eq!(l("*"), [(0.0, Relative)]);
    assert_eq!(l("3*"), [(3.0, Relative)]);
    assert_eq!(l("abc"), [(0.0, Absolute)]);
    assert_eq!(l("-5%"), [(0.0, Absolute)]);
    assert_eq!(l("5px%"), [(5.0, Absolute)]);
    assert_eq!(l("5 %"), [(5.0, Percentage)]);
}

// ----- 2.3.5 dates and times -------------------------------------------------------------------

#[test]
fn month_and_date_steps() {
    assert_eq!(parse_month("02011-01").unwrap().to_string(), "2011-01");
    assert_eq!(
        parse_month("0000-01").unwrap_err().kind(),
        ErrorKind::OutOfRange { field: "year" }
    );
    assert!(parse_month("999-01").is_err());
    assert!(parse_month("2011-1").is_err());
    assert_eq!(
        parse_month("2011-01-").unwrap_err().kind(),
        ErrorKind::TrailingInput
    );
    assert_eq!(
        parse_month("99999999999-01").unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(parse_month("4294967295-12").unwrap().year(), u32::MAX);
    assert!(parse_date("2000-02-29").is_ok());
    assert!(parse_date("1900-02-29").is_err());
    assert!(parse_date("2011-11-00").is_err());
    assert!(parse_date("2011-11-1").is_err());
}

#[test]
fn yearless_date_steps() {
    // 1: zero or two hyphens.
    assert_eq!(
        parse_yearless_date("--02-29").unwrap(),
        YearlessDate::new(2, 29).unwrap()
    );
    assert_eq!(parse_yearless_date("02-29").unwrap().to_string(), "02-29");
    assert!(parse_yearless_date("-02-29").is_err());
    assert!(parse_yearless_date("---02-29").is_err());
    // 2-3: two-digit month 1-12; 4-7: day within a leap year's month.
    assert!(parse_yearless_date("13-01").is_err());
    assert!(parse_yearless_date("00-01").is_err());
    assert!(parse_yearless_date("2-01").is_err());
    assert!(parse_yearless_date("02-30").is_err());
    assert!(parse_yearless_date("04-31").is_err());
    assert!(parse_yearless_date("12-31").is_ok());
    assert!(parse_yearless_date("12/31").is_err());
    assert!(parse_yearless_date("12-31 ").is_err());
    assert!(is_valid_yearless_date("--12-31") && !is_valid_yearless_date("12-32"));
}

#[test]
fn time_steps() {
    assert_eq!(parse_time("00:00").unwrap().to_string(), "00:00");
    assert_eq!(
        parse_time("23:59:59.999").unwrap().nanosecond(),
        999_000_000
    );
    // 7.2: two digits must follow ":".
    assert!(parse_time("12:00:").is_err());
    assert!(parse_time("12:00:0").is_err());
    // 7.3: three characters, a non-"." third character, or two "."s fail.
    assert!(parse_time("12:00:00.").is_err());
    assert!(parse_time("12:00:000").is_err());
    assert!(parse_time("12:00:00.1.2").is_err());
    assert_eq!(
        parse_time("12:00:00.1234567891").unwrap().nanosecond(),
        123_456_789
    );
    // 7.4 / 1-5: ranges.
    assert!(parse_time("12:00:60").is_err());
    assert!(parse_time("12:60").is_err());
    assert!(parse_time("24:00").is_err());
    assert!(parse_time("1:00").is_err());
    // Valid: at most three fraction digits.
    assert!(is_valid_time("12:00:00.123"));
    assert!(!is_valid_time("12:00:00.1234"));
    assert!(!is_valid_time("12:00:00.1234"));
    assert_eq!(
        parse_time("12:00:00.500").unwrap().to_string(),
        "12:00:00.5"
    );
    assert_eq!(parse_time("12:00:01").unwrap().to_string(), "12:00:01");
}

#[test]
fn local_date_time_steps() {
    let v = parse_local_date_time("2011-11-18 14:54:39.929").unwrap();
    assert_eq!(v.to_string(), "2011-11-18T14:54:39.929");
    assert!(parse_local_date_time("2011-11-18t14:54").is_err());
    assert!(parse_local_date_time("2011-11-18T14:54Z").is_err());
    assert!(is_valid_local_date_time("2011-11-18 14:54:00.000"));
    assert!(!is_valid_normalized_local_date_time(
        "2011-11-18T14:54:00.000"
    ));
    assert!(!is_valid_normalized_local_date_time(
        "2011-11-18T14:54:01.100"
    ));
    assert!(is_valid_normalized_local_date_time("2011-11-18T14:54:01.1"));
    assert!(is_valid_normalized_local_date_time("02011-11-18T14:54"));
}

#[test]
fn time_zone_steps() {
    let m = |s| parse_time_zone_offset(s).map(|z| z.minutes());
    assert_eq!(m("Z"), Ok(0));
    assert_eq!(m("+00:00"), Ok(0));
    assert_eq!(m("-00:00"), Ok(0));
    assert_eq!(m("-00:30"), Ok(-30));
    assert_eq!(m("+0530"), Ok(330));
    assert_eq!(m("+23:59"), Ok(1439));
    assert!(m("+24:00").is_err());
    assert!(m("+05:60").is_err());
    assert!(m("+5:30").is_err());
    assert!(m("+053").is_err());
    assert!(m("+05:3").is_err());
    assert!(m("z").is_err());
    assert!(m("").is_err());
    assert!(m("+05:30 ").is_err());
    assert_eq!(parse_time_zone_offset("-0000").unwrap().to_string(), "Z");
    assert_eq!(
        parse_time_zone_offset("+0130").unwrap().to_string(),
        "+01:30"
    );
}

#[test]
fn global_date_time_steps() {
    let utc = |s| {
        parse_global_date_time(s)
            .unwrap()
            .to_utc()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        utc("1979-10-14T12:00:00.001-04:00"),
        "1979-10-14T16:00:00.001Z"
    );
    assert_eq!(utc("2000-12-31T23:00-02:00"), "2001-01-01T01:00Z");
    assert_eq!(utc("2000-03-01T00:30+01:00"), "2000-02-29T23:30Z");
    assert_eq!(utc("2011-11-18 14:54Z"), "2011-11-18T14:54Z");
    // 6: the offset is required.
    assert!(parse_global_date_time("2011-11-18T14:54").is_err());
    // Before year 1 in UTC: the value parses, but has no UTC date this crate can represent.
    let early = parse_global_date_time("0001-01-01T00:00+00:01").unwrap();
    assert_eq!(early.to_string(), "0001-01-01T00:00+00:01");
    assert!(early.to_utc().is_err());
    assert!(is_valid_global_date_time("0037-12-13 00:00Z"));
    assert!(!is_valid_global_date_time("0037-12-13 00:00:00.0000Z"));
}

#[test]
fn week_steps() {
    // 53 weeks: January 1st a Thursday, or a Wednesday in a leap year.
    assert!(parse_week("2015-W53").is_ok()); // Thu
    assert!(parse_week("2026-W53").is_ok()); // Thu
    assert!(parse_week("2020-W53").is_ok()); // Wed, leap
    assert!(parse_week("2014-W53").is_err()); // Wed, not leap
    assert!(parse_week("2021-W53").is_err());
    assert!(parse_week("2015-W00").is_err());
    assert!(parse_week("0000-W01").is_err());
    assert!(parse_week("2015-W5").is_err());
    assert_eq!(parse_week("02015-W01").unwrap().to_string(), "2015-W01");
}

#[test]
fn duration_steps() {
    let secs = |s| parse_duration(s).map(|d| (d.seconds(), d.nanos()));
    // ISO-like.
    assert_eq!(secs("PT1H2M3.5S"), Ok((3723, 500_000_000)));
    assert_eq!(secs("P2D"), Ok((172_800, 0)));
    assert_eq!(secs("P1DT1S"), Ok((86_401, 0)));
    assert_eq!(secs("P1W"), Ok((604_800, 0))); // parsed, though not a valid duration string
    assert_eq!(secs("PT1M"), Ok((60, 0)));
    assert_eq!(secs("PT.5S"), Ok((0, 500_000_000)));
    // 7/8.4: "M" means months after "P" until a "T" or a unit that resets it.
    assert_eq!(secs("P1M").unwrap_err().kind(), ErrorKind::Months);
    assert_eq!(secs("P1Y").unwrap_err().kind(), ErrorKind::Months);
    assert_eq!(secs("1d 2y").unwrap_err(), Error::new(ErrorKind::Months, 3));
    assert_eq!(secs("P0M"), Ok((0, 0)));
    assert_eq!(secs("P1D1M"), Ok((86_460, 0)));
    // Informal.
    assert_eq!(secs("1M"), Ok((60, 0)));
    assert_eq!(secs("1w 2d 3h 4m 5.678s"), Ok((788_645, 678_000_000)));
    assert_eq!(secs(" 1 h "), Ok((3600, 0)));
    assert_eq!(secs("1.5 s"), Ok((1, 500_000_000)));
    assert_eq!(secs("1h1h"), Ok((7200, 0)));
    assert_eq!(secs("  P 1 D "), Ok((86_400, 0)));
    // Failures.
    assert_eq!(secs("").unwrap_err().kind(), ErrorKind::Empty);
    assert_eq!(secs("   ").unwrap_err().kind(), ErrorKind::Empty);
    assert_eq!(secs("P").unwrap_err().kind(), ErrorKind::NoComponent);
    assert_eq!(secs("PT").unwrap_err().kind(), ErrorKind::NoComponent);
    assert!(secs("1").is_err()); // 8.7
    assert!(secs("1x").is_err());
    assert!(secs("1.s").is_err()); // 8.9.2
    assert!(secs("1.5h").is_err()); // 8.9.9
    assert!(secs("1 . 5s").is_err());
    assert!(secs("p1d").is_err());
    assert!(secs("1.5").is_err());
    assert_eq!(
        secs("99999999999999999999999s").unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(
        secs("30000000000000000w").unwrap_err().kind(),
        ErrorKind::Overflow
    );
    // Validity.
    for v in [
        "PT4H18M3S",
        "P1D",
        "PT0.5S",
        "P2DT3.123S",
        "4h 18m 3s",
        "1w",
        "3.5s",
        " 1 d ",
    ] {
        assert!(is_valid_duration(v), "{v}");
    }
    for v in [
        "",
        "P",
        "PT",
        "P1W",
        "P1M",
        "PT1.1234S",
        "1h 2h",
        "1.5h",
        "PT1S1M",
        "P1DT",
        "1",
    ] {
        assert!(!is_valid_duration(v), "{v}");
    }
    // Serialization.
    assert_eq!(parse_duration("0s").unwrap().to_string(), "PT0S");
    assert_eq!(parse_duration("1d 1s").unwrap().to_string(), "P1DT1S");
    assert_eq!(parse_duration("1w").unwrap().to_string(), "P7D");
    assert_eq!(parse_duration("61.25s").unwrap().to_string(), "PT1M1.25S");
}

#[test]
fn date_or_time_steps() {
    let k = |s| match parse_date_or_time(s) {
        Ok(DateOrTime::Date(_)) => "date",
        Ok(DateOrTime::Time(_)) => "time",
        Ok(DateOrTime::GlobalDateTime(_)) => "global",
        Err(_) => "error",
    };
    assert_eq!(k("2011-11-12"), "date");
    assert_eq!(k("14:54:39"), "time");
    assert_eq!(k("2011-11-12T14:54Z"), "global");
    assert_eq!(k("2011-11-12 14:54+01:00"), "global");
    assert_eq!(k("2011-11-12T14:54"), "error"); // 8
    assert_eq!(k("2011-11-12T"), "error"); // 7
    assert_eq!(k("2011-11-12x"), "error"); // 10
    assert_eq!(k("2011-11"), "error");
    assert_eq!(k(""), "error");
    assert!(is_valid_date_string_with_optional_time("2011-11-12"));
    assert!(is_valid_date_string_with_optional_time("2011-11-12T14:54Z"));
    assert!(!is_valid_date_string_with_optional_time("14:54"));
}

// ----- 2.3.6 colours ---------------------------------------------------------------------------

#[test]
fn legacy_colour_steps() {
    let c = |s: &str| parse_legacy_color(s).map(|c| c.to_string());
    // 2, 4: errors.
    assert_eq!(c("").unwrap_err().kind(), ErrorKind::Empty);
    assert_eq!(
        c(" transparent ").unwrap_err(),
        Error::new(ErrorKind::Transparent, 1)
    );
    // 3: only whitespace -> "" -> padded to "000".
    assert_eq!(c(" \t"), Ok("#000000".into()));
    // 5: named colours, any ASCII case.
    assert_eq!(c("ReD"), Ok("#ff0000".into()));
    // 6: "#rgb".
    assert_eq!(c("#abc"), Ok("#aabbcc".into()));
    assert_eq!(c("#ABC"), Ok("#aabbcc".into()));
    assert_eq!(c("#abcd"), Ok("#abcd00".into()));
    // 10-15: the well-known case.
    assert_eq!(c("chucknorris"), Ok("#c00000".into()));
    assert_eq!(c("fff"), Ok("#0f0f0f".into()));
    assert_eq!(c("#1234567890"), Ok("#125690".into()));
    // 13: components longer than 8 keep their last 8 characters, then 14 strips common zeros.
    assert_eq!(c("000000001000000002000000003"), Ok("#010203".into()));
    assert_eq!(c("abcdefabcabcdefabcabcdefabc"), Ok("#bcbcbc".into()));
    // 8: only the first 128 code points count.
    let long = format!("{}{}", "a".repeat(128), "b".repeat(10));
    assert_eq!(c(&long), Ok("#aaaaaa".into()));
    // (Untruncated, the same 138 characters would give #aaaabb: 46-character components.)
    // 7: code points above U+FFFF count as "00"; other non-hex characters become "0".
    assert_eq!(c("1\u{1F600}2"), Ok("#100200".into()));
    assert_eq!(c("1é2"), Ok("#010002".into()));
    // 7+8: a supplementary character straddling the 128 limit contributes one "0".
    let edge = format!("{}\u{1F600}", "f".repeat(127));
    assert_eq!(c(&edge), c(&format!("{}0", "f".repeat(127))));
}

#[test]
fn simple_colour_steps() {
    assert_eq!(
        parse_simple_color("#12345g").unwrap_err(),
        Error::new(ErrorKind::ExpectedOneOf("an ASCII hex digit"), 6)
    );
    assert_eq!(
        parse_simple_color("#12345").unwrap_err().kind(),
        ErrorKind::Length { required: 7 }
    );
    assert_eq!(
        parse_simple_color("#12345é").unwrap_err().kind(),
        ErrorKind::ExpectedOneOf("an ASCII hex digit")
    );
    assert_eq!(
        parse_simple_color("x123456").unwrap_err().kind(),
        ErrorKind::Expected('#')
    );
    assert_eq!(SimpleColor::new(1, 2, 255).to_string(), "#0102ff");
}

// ----- 2.3.2 / 2.3.3 booleans and keywords -----------------------------------------------------

#[test]
fn booleans_and_keywords() {
    assert!(is_valid_boolean_attribute_value("Disabled", "disabled"));
    assert!(!is_valid_boolean_attribute_value(" disabled", "disabled"));
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum S {
        On,
        Off,
        Default,
        Invalid,
    }
    let e = Enumerated {
        keywords: &[("on", S::On), ("", S::On), ("off", S::Off)],
        missing_value_default: Some(S::Default),
        invalid_value_default: Some(S::Invalid),
    };
    assert_eq!(e.state(None), Some(S::Default));
    assert_eq!(e.state(Some("")), Some(S::On)); // empty is a keyword, not "missing"
    assert_eq!(e.state(Some("OFF")), Some(S::Off));
    assert_eq!(e.state(Some("o\u{212A}f")), Some(S::Invalid)); // no Unicode case folding
    let bare = Enumerated {
        keywords: &[("a", 1)],
        missing_value_default: None,
        invalid_value_default: None,
    };
    assert_eq!(bare.state(None), None);
    assert_eq!(bare.state(Some("b")), None);
}

// ----- 2.3.7-2.3.9 tokens and references -------------------------------------------------------

#[test]
fn tokens_and_references() {
    assert_eq!(split_space_tokens(""), Vec::<&str>::new());
    assert_eq!(split_space_tokens("a\u{A0}b c"), ["a\u{A0}b", "c"]);
    assert_eq!(split_comma_tokens(""), Vec::<&str>::new());
    assert_eq!(split_comma_tokens(","), [""]);
    assert_eq!(split_comma_tokens("a,"), ["a"]);
    assert!(is_unordered_unique_set("", TokenComparison::CaseSensitive));
    assert!(is_unordered_unique_set(
        "a A",
        TokenComparison::CaseSensitive
    ));
    assert!(!is_ordered_unique_set(
        "a b a",
        TokenComparison::CaseSensitive
    ));
    assert!(tokens_allowed(
        "a b",
        &["a", "b", "c"],
        TokenComparison::CaseSensitive
    ));
    assert!(!tokens_allowed(
        "a d",
        &["a", "b"],
        TokenComparison::CaseSensitive
    ));
    assert_eq!(hash_name_reference_key("abc"), None);
    assert_eq!(hash_name_reference_key("a#"), None);
    assert_eq!(hash_name_reference_key("a#b#c"), Some("b#c"));
    assert_eq!(parse_hash_name_reference("#m", |_| None::<u8>), None);
}

#[test]
fn large_token_sets() {
    let many: Vec<String> = (0..100).map(|i| format!("t{i}")).collect();
    let s = many.join(" ");
    assert!(is_unordered_unique_set(&s, TokenComparison::CaseSensitive));
    let dup = format!("{s} T5");
    assert!(is_unordered_unique_set(
        &dup,
        TokenComparison::CaseSensitive
    ));
    assert!(!is_unordered_unique_set(
        &dup,
        TokenComparison::AsciiCaseInsensitive
    ));
    assert_eq!(
        named_color("LightGoldenRodYellow"),
        Some(SimpleColor::new(250, 250, 210))
    );
    assert_eq!(named_color("lightgoldenrodyellowx"), None);
    assert_eq!(named_color("blüe"), None);
}
