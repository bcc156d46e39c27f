//! Runs every file in `tests/data/microsyntax/` (vendored WPT-derived facts, see SOURCE.md).
//!
//! Each file's `semantics` field says what `expected` means; the comments below say how each is
//! checked. Cases whose source contradicts our spec text
//! (`/work/shared/spec/html-common-microsyntaxes.txt`, HTML §2.3) are listed in the `EXCLUDED_*`
//! constants with the spec step that decides them, and counted as excluded. Prints one line per
//! suite: `microsyntax FILE: P passed, F failed, E excluded`, and fails if anything failed.

/// Prints a conformance report line straight to stderr, past libtest's output capture, so the
/// counts show in plain `cargo test` output.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

use serde_json::Value;
use websyntax_microsyntax::{colours, dates, numbers};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/microsyntax/");

fn load(file: &str) -> Value {
    let text = std::fs::read_to_string(format!("{DIR}{file}")).expect("vendored test data");
    serde_json::from_str(&text).expect("valid JSON")
}

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: Vec<String>,
    excluded: usize,
}

impl Tally {
    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if ok {
            self.passed += 1;
        } else {
            self.failed.push(what());
        }
    }
    /// Counts an excluded case; an exclusion whose case now passes is stale and fails.
    fn exclude(&mut self, disagrees: bool, input: &str) {
        if disagrees {
            self.excluded += 1;
        } else {
            self.failed
                .push(format!("stale exclusion (case passes): {input:?}"));
        }
    }

    fn report(self, suite: &str) {
        report!(
            "microsyntax {suite}: {} passed, {} failed, {} excluded",
            self.passed,
            self.failed.len(),
            self.excluded
        );
        for f in &self.failed {
            report!("  FAIL {f}");
        }
        assert!(
            self.failed.is_empty(),
            "{suite}: {} failures",
            self.failed.len()
        );
    }
}

/// Input-number sanitization cases decided by the newer `input type=number` sanitization
/// (parse with the rules, then serialize); our spec text's concept is "valid floating-point
/// number" (2.3.4.3 grammar: optional "-" only, no leading whitespace, no trailing characters;
/// the value is the string itself), under which these four sanitize to the empty string.
const EXCLUDED_FLOAT_SANITIZATION: &[(&str, &str)] = &[
    (
        "+1",
        "2.3.4.3 valid float grammar step 1 allows only '-' (the parse rules step 8 calls '+' not conforming)",
    ),
    (
        " 1",
        "2.3.4.3 valid float grammar has no leading whitespace",
    ),
    (
        "1trailing junk",
        "2.3.4.3 valid float grammar: nothing may follow the digits",
    ),
    (
        "9007199254740993",
        "valid float: the string is kept verbatim; WPT expects parse-and-serialize ('...992')",
    ),
    (
        "2e308",
        "2.3.4.3 valid float is a grammar: '2e308' matches it (its value overflows the parse rules; WPT's sanitization also drops values parsing to infinity)",
    ),
];

/// Dimension cases where WPT contradicts 2.3.4.4 "rules for parsing dimension values", with the
/// checks (`dimension`, `nonzero_dimension`) that disagree.
const BOTH: &[&str] = &["dimension", "nonzero_dimension"];
const EXCLUDED_DIMENSIONS: &[(&str, &[&str], &str)] = &[
    (
        "200.%",
        BOTH,
        "2.3.4.4 step 7.2: no digit after '.' -> current dimension value -> '%' -> percentage (WPT, whatwg/html#4736, expects a length)",
    ),
    (
        "+200",
        BOTH,
        "2.3.4.4 step 4: the first non-whitespace code point is not an ASCII digit -> failure (WPT accepts a leading '+')",
    ),
    (
        "   +200in    ",
        BOTH,
        "2.3.4.4 step 4: '+' is not an ASCII digit -> failure",
    ),
    (
        "   +200.25in    ",
        BOTH,
        "2.3.4.4 step 4: '+' is not an ASCII digit -> failure",
    ),
    (
        "+200%",
        BOTH,
        "2.3.4.4 step 4: '+' is not an ASCII digit -> failure",
    ),
    (
        "   +200.25%    ",
        BOTH,
        "2.3.4.4 step 4: '+' is not an ASCII digit -> failure",
    ),
    (
        "   +200.25%abc",
        BOTH,
        "2.3.4.4 step 4: '+' is not an ASCII digit -> failure",
    ),
    (
        "+0",
        &["dimension"],
        "2.3.4.4 step 4: '+' is not an ASCII digit -> failure (WPT: length 0)",
    ),
    (
        "+0%",
        &["dimension"],
        "2.3.4.4 step 4: '+' is not an ASCII digit -> failure (WPT: percentage 0)",
    ),
];

/// Colour inputs whose WPT expectation comes from CSS colour parsing (current `input
/// type=color` sanitization), which §2.3.6 does not define: under our text a value that is not a
/// valid simple colour sanitizes to `#000000`.
const EXCLUDED_COLOUR_SANITIZATION: &[(&str, &str)] = &[
    (
        "#fff",
        "2.3.6: not a valid simple colour (7 characters required); CSS parsing gives #ffffff",
    ),
    (
        " #ffffff",
        "2.3.6: not a valid simple colour (leading space); CSS strips whitespace",
    ),
    (
        "#ffffff ",
        "2.3.6: not a valid simple colour (trailing space); CSS strips whitespace",
    ),
    (
        " #ffffff ",
        "2.3.6: not a valid simple colour; CSS strips whitespace",
    ),
    (
        "crimson",
        "2.3.6: not a valid simple colour; CSS named colour",
    ),
    (
        "bisque",
        "2.3.6: not a valid simple colour; CSS named colour",
    ),
    ("rgb(1,1,1)", "2.3.6: not a valid simple colour; CSS rgb()"),
    (
        "rgb(1,1,1,1)",
        "2.3.6: not a valid simple colour; CSS rgb()",
    ),
    (
        "hsl(150deg 100 53.5)",
        "2.3.6: not a valid simple colour; CSS hsl()",
    ),
    (
        "color(display-p3 .5 0 0)",
        "2.3.6: not a valid simple colour; CSS color()",
    ),
    (
        "color(display-p3 1 0 0)",
        "2.3.6: not a valid simple colour; CSS color()",
    ),
];

fn excluded(list: &[(&str, &str)], input: &str) -> bool {
    list.iter().any(|(i, _)| *i == input)
}

fn cases(v: &Value) -> &Vec<Value> {
    v["cases"].as_array().expect("cases array")
}

#[test]
fn integers() {
    let data = load("integers.json");
    let mut t = Tally::default();
    for case in cases(&data) {
        let input = case["input"].as_str().expect("input");
        let expected = case["expected"].as_i64();
        // expected = the parsed integer, or null for an error.
        let got = match case["microsyntax"].as_str() {
            Some("signed-integer") => numbers::parse_integer_exact(input),
            Some("non-negative-integer") => numbers::parse_non_negative_integer_exact(input),
            other => panic!("unknown microsyntax {other:?}"),
        }
        .ok()
        .map(|v| v.to_string());
        t.check(got == expected.map(|e| e.to_string()), || {
            format!("{case}: got {got:?}")
        });
    }
    t.report("integers.json");
}

#[test]
fn floating_point() {
    let data = load("floating-point.json");
    let mut t = Tally::default();
    for case in cases(&data) {
        let input = case["input"].as_str().expect("input");
        match case["kind"].as_str() {
            // Value sanitization for input type=number under our text: the value is kept iff it
            // is a valid floating-point number, else it becomes the empty string (null).
            Some("input-number-value-sanitization") => {
                let got = numbers::is_valid_float(input).then_some(input);
                if excluded(EXCLUDED_FLOAT_SANITIZATION, input) {
                    t.exclude(got != case["expected"].as_str(), input);
                    continue;
                }
                t.check(got == case["expected"].as_str(), || {
                    format!("{case}: got {got:?}")
                });
            }
            // The rules for parsing floating-point number values: the number, or null.
            Some("rules-for-parsing-floating-point-number-values") => {
                let got = numbers::parse_float(input).ok();
                t.check(got == case["expected"].as_f64(), || {
                    format!("{case}: got {got:?}")
                });
            }
            other => panic!("unknown kind {other:?}"),
        }
    }
    t.report("floating-point.json");
}

#[test]
fn dimensions() {
    let data = load("dimensions.json");
    let mut t = Tally::default();
    for case in cases(&data) {
        let input = case["input"].as_str().expect("input");
        // Two checks per case: dimension and nonzero_dimension, each {type, value} or null.
        for (field, parse) in [
            (
                "dimension",
                numbers::parse_dimension as fn(&str) -> Result<numbers::Dimension, _>,
            ),
            ("nonzero_dimension", numbers::parse_nonzero_dimension),
        ] {
            let got = parse(input).ok().map(|d| {
                let unit = match d.unit {
                    numbers::DimensionUnit::Length => "length",
                    numbers::DimensionUnit::Percentage => "percentage",
                };
                (unit.to_owned(), d.value)
            });
            let want = case[field].as_object().map(|o| {
                (
                    o["type"].as_str().expect("type").to_owned(),
                    o["value"].as_f64().expect("value"),
                )
            });
            if EXCLUDED_DIMENSIONS
                .iter()
                .any(|(i, fields, _)| *i == input && fields.contains(&field))
            {
                t.exclude(got != want, input);
                continue;
            }
            t.check(got == want, || format!("{field} {case}: got {got:?}"));
        }
    }
    t.report("dimensions.json");
}

#[test]
fn dates_and_times() {
    let data = load("dates-and-times.json");
    let mut t = Tally::default();
    for case in cases(&data) {
        let input = case["input"].as_str().expect("input");
        // Sanitization keeps the value iff it is a valid string of that microsyntax.
        let valid = match case["microsyntax"].as_str() {
            Some("date") => dates::is_valid_date(input),
            Some("month") => dates::is_valid_month(input),
            Some("week") => dates::is_valid_week(input),
            Some("time") => dates::is_valid_time(input),
            other => panic!("unknown microsyntax {other:?}"),
        };
        let got = valid.then_some(input);
        t.check(got == case["expected"].as_str(), || {
            format!("{case}: got {got:?}")
        });
    }
    t.report("dates-and-times.json");
}

#[test]
fn simple_colour() {
    let data = load("simple-colour.json");
    let mut sanitization = Tally::default();
    let mut validity = Tally::default();
    for case in cases(&data) {
        let input = case["input"].as_str().expect("input");
        // valid_simple_colour: derived from the 2.3.6 definition.
        let valid = colours::is_valid_simple_color(input);
        validity.check(Some(valid) == case["valid_simple_colour"].as_bool(), || {
            format!("{case}: valid {valid}")
        });
        // expected: input type=color sanitization; under our text a valid simple colour is
        // kept (lowercased, i.e. parsed and serialized), anything else becomes #000000.
        let got = colours::parse_simple_color(input)
            .map(|c| c.to_string())
            .unwrap_or_else(|_| "#000000".to_owned());
        if excluded(EXCLUDED_COLOUR_SANITIZATION, input) {
            sanitization.exclude(Some(got.as_str()) != case["expected"].as_str(), input);
            continue;
        }
        sanitization.check(Some(got.as_str()) == case["expected"].as_str(), || {
            format!("{case}: got {got}")
        });
    }
    validity.report("simple-colour.json valid_simple_colour");
    sanitization.report("simple-colour.json expected");
}

#[test]
fn css_named_colours() {
    let data = load("css-named-colours.json");
    let mut t = Tally::default();
    let colours_obj = data["colours"].as_object().expect("colours");
    for (name, v) in colours_obj {
        let hex = v["hex"].as_str().expect("hex");
        // The legacy colour rules' named-colour step, in any ASCII case and with surrounding
        // whitespace stripped.
        for input in [
            name.clone(),
            name.to_ascii_uppercase(),
            format!(" \t{name}\n"),
        ] {
            let got = colours::parse_legacy_color(&input).map(|c| c.to_string());
            t.check(got.as_deref() == Ok(hex), || {
                format!("{input}: got {got:?}")
            });
        }
    }
    // "transparent" is not a named colour here: the rules return an error for it.
    t.check(colours::parse_legacy_color("transparent").is_err(), || {
        "transparent".to_owned()
    });
    t.report("css-named-colours.json");
}
