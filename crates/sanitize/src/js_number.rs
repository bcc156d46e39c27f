//! ECMAScript's Number::toString(x) (ECMA-262 §6.1.6.1.20, radix 10) for the numbers a JSON
//! configuration can hold: what WebIDL's `DOMString` conversion gives for a number.
//!
//! The shortest digits that round-trip come from serde_json's own float writer (the one that
//! writes JSON), and the notation from [`websyntax_microsyntax::numbers::number_notation`], so
//! the module needs no second float-to-decimal implementation: Rust's `f64` formatting (and
//! with it `core`'s Grisu/Dragon code, 10 KB gzipped in the WebAssembly module) is not linked.

use websyntax_microsyntax::numbers::number_notation;

/// `Number::toString` of a JSON number.
pub(crate) fn number_to_string(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    // A float: serde_json writes the shortest decimal that round-trips (with `.`, `e`, `-`).
    to_js(&n.to_string())
}

/// Rewrites a decimal (`-`? digits [`.` digits]? [`e` [`+`|`-`]? digits]?) in ECMAScript's
/// notation: its digits without leading or trailing zeros, and the exponent n with
/// value = 0.digits × 10^n.
fn to_js(written: &str) -> String {
    let (negative, rest) = match written.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, written),
    };
    let (mantissa, exp) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], rest[at + 1..].parse::<i64>().unwrap_or(0)),
        None => (rest, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all: String = int.chars().chain(frac.chars()).collect();
    let significant = all.trim_start_matches('0');
    let lead = all.len() - significant.len();
    let digits = significant.trim_end_matches('0');
    if digits.is_empty() {
        // Step 2: +0 and -0 are "0".
        return "0".into();
    }
    number_notation(negative, digits, int.len() as i64 - lead as i64 + exp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn js(v: f64) -> String {
        number_to_string(&serde_json::Number::from_f64(v).unwrap())
    }

    /// The values JavaScript's `String(x)` gives (Node 20).
    #[test]
    fn matches_javascript() {
        for (v, want) in [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-1.5, "-1.5"),
            (0.1, "0.1"),
            (123.456, "123.456"),
            (1e20, "100000000000000000000"),
            (1e21, "1e+21"),
            (1.5e21, "1.5e+21"),
            (123456789012345680000.0, "123456789012345680000"),
            (0.000001, "0.000001"),
            (1e-7, "1e-7"),
            (-2.5e-7, "-2.5e-7"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (0.30000000000000004, "0.30000000000000004"),
            (4.35, "4.35"),
            (100.0, "100"),
        ] {
            assert_eq!(js(v), want, "{v:e}");
        }
    }

    #[test]
    fn integers_print_exactly() {
        assert_eq!(number_to_string(&serde_json::Number::from(-7)), "-7");
        assert_eq!(
            number_to_string(&serde_json::Number::from(u64::MAX)),
            "18446744073709551615"
        );
    }
}
