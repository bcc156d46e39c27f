//! 2.3.4 Numbers: signed and non-negative integers, floating-point numbers (parsing, validity
//! and the best representation), dimension values, non-zero dimension values, lists of
//! floating-point numbers and lists of dimensions.
//!
//! Where the spec computes with unbounded mathematical numbers, this module collects the digits
//! first and rounds once (through Rust's correctly rounded `f64::from_str`), so the result is
//! exactly the spec's "closest double" with no accumulated error.
//!
//! ```
//! use websyntax_microsyntax::numbers::*;
//! assert_eq!(parse_integer("  -42abc"), Ok(-42));
//! assert_eq!(parse_float("1.5e3"), Ok(1500.0));
//! assert_eq!(best_representation(1e21), "1e+21");
//! let d = parse_dimension("50%").unwrap();
//! assert_eq!((d.value, d.unit), (50.0, DimensionUnit::Percentage));
//! ```

use std::fmt;

use crate::error::{Error, ErrorKind, err};
use crate::idioms::{Cursor, digits_to_u64, is_ascii_whitespace, strip_ascii_whitespace};

// ---------------------------------------------------------------------------------------------
// 2.3.4.1 Signed integers
// ---------------------------------------------------------------------------------------------

/// An integer of any size as the rules for parsing integers return it: a sign and the decimal
/// digits (leading zeros stripped; zero is never negative).
///
/// ```
/// use websyntax_microsyntax::numbers::parse_integer_exact;
/// let n = parse_integer_exact("-000123456789012345678901234567890").unwrap();
/// assert_eq!(n.to_string(), "-123456789012345678901234567890");
/// assert_eq!(n.to_i64(), None);
/// assert_eq!(parse_integer_exact("-0").unwrap().to_string(), "0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactInteger<'a> {
    negative: bool,
    digits: &'a str,
}

impl<'a> ExactInteger<'a> {
    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// The magnitude's decimal digits, without leading zeros (`"0"` for zero).
    pub fn digits(&self) -> &'a str {
        self.digits
    }

    /// The value as an `i64`, or `None` when it does not fit.
    pub fn to_i64(&self) -> Option<i64> {
        let magnitude = digits_to_u64(self.digits)?;
        if self.negative {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        }
    }

    /// The value as a `u64`, or `None` when it is negative or does not fit.
    pub fn to_u64(&self) -> Option<u64> {
        if self.negative {
            None
        } else {
            digits_to_u64(self.digits)
        }
    }
}

impl fmt::Display for ExactInteger<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.negative {
            f.write_str("-")?;
        }
        f.write_str(self.digits)
    }
}

/// The rules for parsing integers, with no size limit: returns the exact value.
///
/// Returns the offset of the digit run too (used for error positions).
fn integer_steps(input: &str) -> Result<(ExactInteger<'_>, usize), Error> {
    // 1-3. input, position, sign = positive.
    let mut c = Cursor::new(input);
    let mut negative = false;
    // 4. Skip ASCII whitespace.
    c.skip_whitespace();
    // 5. Past the end: error.
    if c.at_end() {
        return err(ErrorKind::Empty, c.pos);
    }
    // 6. "-" (negative) or "+" (ignored, not conforming); either must be followed by more.
    if c.eat(b'-') {
        negative = true;
        if c.at_end() {
            return err(ErrorKind::ExpectedDigit, c.pos);
        }
    } else if c.eat(b'+') && c.at_end() {
        return err(ErrorKind::ExpectedDigit, c.pos);
    }
    // 7. Not an ASCII digit: error.
    let start = c.pos;
    if !c.peek().is_some_and(|b| b.is_ascii_digit()) {
        return err(ErrorKind::ExpectedDigit, c.pos);
    }
    // 8. Collect the digits as a base-ten integer.
    let digits = c.digits();
    let stripped = digits.trim_start_matches('0');
    let digits = if stripped.is_empty() { "0" } else { stripped };
    // 9. Apply the sign (0 - 0 is 0).
    let negative = negative && digits != "0";
    Ok((ExactInteger { negative, digits }, start))
}

/// The rules for parsing integers (2.3.4.1), exact: any number of digits.
///
/// ```
/// use websyntax_microsyntax::numbers::parse_integer_exact;
/// assert_eq!(parse_integer_exact("+12px").unwrap().to_string(), "12");
/// ```
pub fn parse_integer_exact(input: &str) -> Result<ExactInteger<'_>, Error> {
    integer_steps(input).map(|(v, _)| v)
}

/// The rules for parsing integers (2.3.4.1) as an `i64`.
///
/// Whitespace is skipped, one `-` or `+` is allowed, then at least one digit; anything after the
/// digits is ignored. Values outside `i64` give [`ErrorKind::Overflow`] (use
/// [`parse_integer_exact`] for those).
///
/// ```
/// use websyntax_microsyntax::numbers::parse_integer;
/// assert_eq!(parse_integer(" 1.5"), Ok(1));
/// assert!(parse_integer("x1").is_err());
/// ```
pub fn parse_integer(input: &str) -> Result<i64, Error> {
    let (v, start) = integer_steps(input)?;
    v.to_i64().ok_or(Error::new(ErrorKind::Overflow, start))
}

/// Whether `input` is a valid integer: an optional `-` then one or more ASCII digits.
///
/// ```
/// use websyntax_microsyntax::numbers::is_valid_integer;
/// assert!(is_valid_integer("-12"));
/// assert!(!is_valid_integer("+12"));
/// ```
pub fn is_valid_integer(input: &str) -> bool {
    let digits = input.strip_prefix('-').unwrap_or(input);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

// ---------------------------------------------------------------------------------------------
// 2.3.4.2 Non-negative integers
// ---------------------------------------------------------------------------------------------

/// The rules for parsing non-negative integers (2.3.4.2), exact.
///
/// ```
/// use websyntax_microsyntax::numbers::parse_non_negative_integer_exact;
/// assert_eq!(parse_non_negative_integer_exact("-0").unwrap().to_string(), "0");
/// ```
pub fn parse_non_negative_integer_exact(input: &str) -> Result<ExactInteger<'_>, Error> {
    // 2-3. Parse as an integer; errors propagate.
    let (v, start) = integer_steps(input)?;
    // 4. Below zero: error (reported at the '-').
    if v.negative {
        return err(ErrorKind::Negative, start.saturating_sub(1));
    }
    // 5. Return value.
    Ok(v)
}

/// The rules for parsing non-negative integers (2.3.4.2) as a `u64`; values beyond `u64` give
/// [`ErrorKind::Overflow`].
///
/// ```
/// use websyntax_microsyntax::numbers::parse_non_negative_integer;
/// assert_eq!(parse_non_negative_integer("007"), Ok(7));
/// assert!(parse_non_negative_integer("-1").is_err());
/// ```
pub fn parse_non_negative_integer(input: &str) -> Result<u64, Error> {
    let (v, start) = integer_steps(input)?;
    if v.negative {
        return err(ErrorKind::Negative, start.saturating_sub(1));
    }
    v.to_u64().ok_or(Error::new(ErrorKind::Overflow, start))
}

/// Whether `input` is a valid non-negative integer: one or more ASCII digits.
///
/// ```
/// use websyntax_microsyntax::numbers::is_valid_non_negative_integer;
/// assert!(is_valid_non_negative_integer("0042"));
/// assert!(!is_valid_non_negative_integer("-0"));
/// ```
pub fn is_valid_non_negative_integer(input: &str) -> bool {
    !input.is_empty() && input.bytes().all(|b| b.is_ascii_digit())
}

// ---------------------------------------------------------------------------------------------
// 2.3.4.3 Floating-point numbers
// ---------------------------------------------------------------------------------------------

/// Rounds the exact decimal `±(int_digits.frac_digits) × 10^exponent` as the spec's conversion
/// steps 15-18 do: to the closest finite double (ties to even), where a result of ±2^1024 is
/// an error (`None`). Never returns −0. `int_digits` and `frac_digits` are ASCII digit runs.
pub(crate) fn round_decimal(
    negative: bool,
    int_digits: &str,
    frac_digits: &str,
    exponent: i64,
) -> Option<f64> {
    // Significant digits D with the value being 0.D × 10^top.
    let int_trimmed = int_digits.trim_start_matches('0');
    let (sig_int, sig_frac, leading_frac_zeros) = if int_trimmed.is_empty() {
        let f = frac_digits.trim_start_matches('0');
        ("", f, frac_digits.len() - f.len())
    } else {
        (int_trimmed, frac_digits, 0)
    };
    if sig_int.is_empty() && sig_frac.is_empty() {
        return Some(0.0);
    }
    let top: i128 = i128::from(exponent) + sig_int.len() as i128 - leading_frac_zeros as i128;
    // 15-17: ≥ 10^310 > 2^1024 rounds to 2^1024 (error); < 10^-400 rounds to zero.
    if top > 310 {
        return None;
    }
    if top < -400 {
        return Some(0.0);
    }
    // Keep 800 significant digits (more than the 768 any double needs to round correctly) and a
    // sticky digit standing for anything non-zero after them.
    const KEEP: usize = 800;
    let mut s = String::with_capacity(KEEP + 16);
    if negative {
        s.push('-');
    }
    s.push_str("0.");
    let mut kept = 0;
    let mut sticky = false;
    for b in sig_int.bytes().chain(sig_frac.bytes()) {
        if kept < KEEP {
            s.push(char::from(b));
            kept += 1;
        } else if b != b'0' {
            sticky = true;
            break;
        }
    }
    if sticky {
        s.push('1');
    }
    s.push('e');
    s.push_str(&top.to_string());
    let v: f64 = s.parse().ok()?;
    if v.is_infinite() {
        // 17. Rounded to ±2^1024: error.
        return None;
    }
    // S excludes −0: a negative value too small for a double rounds to +0.
    Some(if v == 0.0 { 0.0 } else { v })
}

/// The rules for parsing floating-point number values (2.3.4.3).
///
/// Leading ASCII whitespace is skipped, one `-` or `+` is allowed, then digits with an optional
/// fraction and exponent; anything after the number is ignored. The exact decimal value is
/// rounded once to the closest double; a value that rounds to ±2^1024 is
/// [`ErrorKind::Overflow`]. Never returns −0 (the spec's set S excludes it).
///
/// ```
/// use websyntax_microsyntax::numbers::parse_float;
/// assert_eq!(parse_float("  -.5e1x"), Ok(-5.0));
/// assert_eq!(parse_float("1.e2"), Ok(100.0));
/// assert_eq!(parse_float("-0"), Ok(0.0));
/// assert!(parse_float("1e309").is_err());
/// assert!(parse_float(".").is_err());
/// ```
pub fn parse_float(input: &str) -> Result<f64, Error> {
    // 1-5. input, position, value = 1, divisor = 1, exponent = 1.
    let mut c = Cursor::new(input);
    let mut negative = false;
    let mut int_digits = "";
    let mut frac_digits = "";
    let mut exponent: i64 = 0;
    // 6. Skip ASCII whitespace. 7. Past the end: error.
    c.skip_whitespace();
    let number_start = c.pos;
    if c.at_end() {
        return err(ErrorKind::Empty, c.pos);
    }
    // 8. "-": value and divisor become −1; "+": ignored. Either must be followed by more.
    if c.eat(b'-') {
        negative = true;
        if c.at_end() {
            return err(ErrorKind::ExpectedDigit, c.pos);
        }
    } else if c.eat(b'+') && c.at_end() {
        return err(ErrorKind::ExpectedDigit, c.pos);
    }
    let mut fraction = false;
    // 9. "." followed by a digit: value = 0, jump to Fraction.
    if c.peek() == Some(b'.') && c.peek_at(1).is_some_and(|b| b.is_ascii_digit()) {
        fraction = true;
    } else {
        // 10. Not a digit: error.
        if !c.peek().is_some_and(|b| b.is_ascii_digit()) {
            return err(ErrorKind::ExpectedDigit, c.pos);
        }
        // 11. Collect digits; value × that integer.
        int_digits = c.digits();
        // 12. Past the end: jump to Conversion. 13. Fraction: ".".
        if c.peek() == Some(b'.') {
            fraction = true;
        }
    }
    let mut exponent_part = true;
    if fraction {
        // 13.1 Advance past ".".
        c.advance();
        // 13.2 Past the end or not a digit/e/E: Conversion.
        match c.peek() {
            Some(b) if b.is_ascii_digit() => {
                // 13.4-13.8 Fraction loop: add each digit / divisor.
                frac_digits = c.digits();
            }
            // 13.3 e/E: skip the remaining substeps (on to step 14).
            Some(b'e' | b'E') => {}
            _ => exponent_part = false,
        }
    }
    // 14. Exponent.
    if exponent_part && matches!(c.peek(), Some(b'e' | b'E')) {
        c.advance();
        let mut exp_negative = false;
        let mut apply = !c.at_end();
        if apply {
            if c.eat(b'-') {
                exp_negative = true;
                apply = !c.at_end();
            } else if c.eat(b'+') {
                apply = !c.at_end();
            }
        }
        // 14.4 Not a digit: Conversion without an exponent.
        if apply && c.peek().is_some_and(|b| b.is_ascii_digit()) {
            // 14.5-14.6 Collect digits; value × 10^exponent. Saturating: any exponent beyond
            // ±10^18 already decides overflow or underflow.
            let digits = c.digits();
            let mut e: i64 = 0;
            for b in digits.bytes() {
                e = e
                    .saturating_mul(10)
                    .saturating_add(i64::from(b - b'0'))
                    .min(1_000_000_000_000_000_000);
            }
            exponent = if exp_negative { -e } else { e };
        }
    }
    // 15-18. Conversion: round once to the closest double; ±2^1024 is an error.
    round_decimal(negative, int_digits, frac_digits, exponent)
        .ok_or(Error::new(ErrorKind::Overflow, number_start))
}

/// Checks the valid floating-point number grammar only (no range check).
fn float_syntax(input: &str) -> bool {
    let b = input.as_bytes();
    let mut i = 0;
    // 1. Optionally "-".
    if b.first() == Some(&b'-') {
        i += 1;
    }
    // 2. Digits, or "." digits, or both in that order.
    let int_start = i;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    let has_int = i > int_start;
    let mut has_frac = false;
    if b.get(i) == Some(&b'.') {
        let f = i + 1;
        let mut j = f;
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if j == f {
            return false;
        }
        has_frac = true;
        i = j;
    }
    if !has_int && !has_frac {
        return false;
    }
    // 3. Optionally e/E, optional sign, digits.
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let e = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == e {
            return false;
        }
    }
    i == b.len()
}

/// Whether `input` is a valid floating-point number (2.3.4.3).
///
/// The grammar: optional `-`, digits and/or `.` digits, optional exponent. "Valid
/// floating-point number" is a syntax: a string that matches the grammar is valid even when
/// the number it represents overflows the parsing rules (`2e308`: [`parse_float`] then fails
/// with an overflow). The spec's "Infinity and NaN are not valid floating-point numbers" is
/// about those values, which the grammar cannot spell. (Browsers' `<input type=number>`
/// value sanitization also drops values that parse to infinity; that is a check on top of
/// validity, done with [`parse_float`].)
///
/// ```
/// use websyntax_microsyntax::numbers::is_valid_float;
/// assert!(is_valid_float("-1.5E+3"));
/// assert!(is_valid_float(".5"));
/// assert!(!is_valid_float("1."));
/// assert!(!is_valid_float("+1"));
/// assert!(is_valid_float("2e308"));
/// assert!(!is_valid_float("Infinity"));
/// ```
pub fn is_valid_float(input: &str) -> bool {
    float_syntax(input)
}

/// The best representation of `n` as a floating-point number: JavaScript's
/// `Number::toString(n)` (ECMA-262 Number::toString with radix 10).
///
/// Uses the shortest digit string that round-trips (Rust's formatting, which like JavaScript
/// picks the closest such string), then JavaScript's layout rules: plain digits for exponents in
/// `-7 < e < 21`, else `d.ddde±x`. NaN and infinities give `NaN`, `Infinity`, `-Infinity`; −0
/// gives `0`.
///
/// ```
/// use websyntax_microsyntax::numbers::best_representation;
/// assert_eq!(best_representation(0.1), "0.1");
/// assert_eq!(best_representation(1e-7), "1e-7");
/// assert_eq!(best_representation(123456789012345680000.0), "123456789012345680000");
/// assert_eq!(best_representation(-1.5e300), "-1.5e+300");
/// assert_eq!(best_representation(-0.0), "0");
/// ```
pub fn best_representation(n: f64) -> String {
    if n.is_nan() {
        return "NaN".to_owned();
    }
    if n == 0.0 {
        return "0".to_owned();
    }
    if n.is_infinite() {
        return if n < 0.0 { "-Infinity" } else { "Infinity" }.to_owned();
    }
    // Shortest round-trip digits in scientific form, e.g. "-1.2345e-7".
    let sci = format!("{:e}", n.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    number_notation(n < 0.0, &digits, exp + 1)
}

/// ECMA-262 Number::toString(x), steps 3 and 6–12 (radix 10): the notation of the finite,
/// nonzero number 0.`digits` × 10^`n`, where `digits` are its shortest round-trip decimal
/// digits (the first and last nonzero), with a `-` in front when `negative`. A `digits` that
/// is empty or not all ASCII digits gives `NaN`.
///
/// [`best_representation`] takes the digits from Rust's float formatting; a caller that already
/// has them (from a JSON writer, say) uses this alone.
///
/// ```
/// use websyntax_microsyntax::numbers::number_notation;
/// assert_eq!(number_notation(false, "15", 22), "1.5e+21");
/// assert_eq!(number_notation(true, "25", -6), "-2.5e-7");
/// assert_eq!(number_notation(false, "123", 2), "12.3");
/// ```
pub fn number_notation(negative: bool, digits: &str, n_exp: i64) -> String {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        // Not a digit string: not a number.
        return "NaN".to_owned();
    }
    let k = digits.len() as i64;
    let mut out = String::with_capacity(k as usize + 24);
    if negative {
        out.push('-');
    }
    if k <= n_exp && n_exp <= 21 {
        out.push_str(digits);
        out.extend(std::iter::repeat_n('0', (n_exp - k) as usize));
    } else if 0 < n_exp && n_exp <= 21 {
        let (a, b) = digits.split_at(n_exp as usize);
        out.push_str(a);
        out.push('.');
        out.push_str(b);
    } else if -6 < n_exp && n_exp <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-n_exp) as usize));
        out.push_str(digits);
    } else {
        let (a, b) = digits.split_at(1);
        out.push_str(a);
        if !b.is_empty() {
            out.push('.');
            out.push_str(b);
        }
        out.push('e');
        out.push(if n_exp - 1 < 0 { '-' } else { '+' });
        out.push_str(&(n_exp - 1).abs().to_string());
    }
    out
}

// ---------------------------------------------------------------------------------------------
// 2.3.4.4 Percentages and lengths; 2.3.4.5 Nonzero percentages and lengths
// ---------------------------------------------------------------------------------------------

/// Whether a dimension value is a length or a percentage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DimensionUnit {
    /// A length (CSS pixels for the attributes that use it).
    Length,
    /// A percentage.
    Percentage,
}

/// A dimension value: a number ≥ 0 with its unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dimension {
    /// The number (≥ 0.0).
    pub value: f64,
    /// Length or percentage.
    pub unit: DimensionUnit,
}

/// The rules for parsing dimension values (2.3.4.4).
///
/// Leading ASCII whitespace is skipped; then digits (no sign), an optional `.` and digits, and
/// a `%` right after the number makes it a percentage; anything else after the number is
/// ignored. The number is the exact decimal rounded once to a double; a number beyond the
/// `f64` range is [`ErrorKind::Overflow`] (the spec assumes unbounded numbers).
///
/// ```
/// use websyntax_microsyntax::numbers::{parse_dimension, DimensionUnit};
/// assert_eq!(parse_dimension(" 12.5px").unwrap().value, 12.5);
/// assert_eq!(parse_dimension("200.%").unwrap().unit, DimensionUnit::Percentage);
/// assert!(parse_dimension("+5").is_err());
/// ```
pub fn parse_dimension(input: &str) -> Result<Dimension, Error> {
    // 1-3. input, position; skip ASCII whitespace.
    let mut c = Cursor::new(input);
    c.skip_whitespace();
    // 4. Past the end or not a digit: failure.
    if c.at_end() {
        return err(ErrorKind::Empty, c.pos);
    }
    let start = c.pos;
    if !c.peek().is_some_and(|b| b.is_ascii_digit()) {
        return err(ErrorKind::ExpectedDigit, c.pos);
    }
    // 5. Collect digits: value.
    let int_digits = c.digits();
    let mut frac_digits = "";
    // 6. Past the end: a length (handled by "current dimension value" below).
    // 7. ".": 7.1 advance; 7.2 no digit: current dimension value; 7.3-7.4 add the fraction
    //    digits; past the end: a length; a non-digit: break.
    if c.eat(b'.') {
        frac_digits = c.digits();
    }
    let value = round_decimal(false, int_digits, frac_digits, 0)
        .ok_or(Error::new(ErrorKind::Overflow, start))?;
    // 8. The current dimension value: "%" at position makes a percentage, else a length.
    let unit = if c.peek() == Some(b'%') {
        DimensionUnit::Percentage
    } else {
        DimensionUnit::Length
    };
    Ok(Dimension { value, unit })
}

/// The rules for parsing nonzero dimension values (2.3.4.5): as [`parse_dimension`], but zero is
/// [`ErrorKind::Zero`].
///
/// ```
/// use websyntax_microsyntax::numbers::parse_nonzero_dimension;
/// assert!(parse_nonzero_dimension("0%").is_err());
/// assert_eq!(parse_nonzero_dimension("0.5").unwrap().value, 0.5);
/// ```
pub fn parse_nonzero_dimension(input: &str) -> Result<Dimension, Error> {
    // 2-3. Parse as a dimension value; errors propagate.
    let d = parse_dimension(input)?;
    // 4. Zero: error.
    if d.value == 0.0 {
        let at = input.len()
            - input
                .trim_start_matches(|c: char| c.is_ascii_whitespace())
                .len();
        return err(ErrorKind::Zero, at);
    }
    // 5-6. Percentage or length.
    Ok(d)
}

// ---------------------------------------------------------------------------------------------
// 2.3.4.6 Lists of floating-point numbers
// ---------------------------------------------------------------------------------------------

fn is_list_delimiter(b: u8) -> bool {
    is_ascii_whitespace(b) || b == b',' || b == b';'
}

/// The rules for parsing a list of floating-point numbers (2.3.4.6). Never fails: a token that
/// is not a number becomes 0.
///
/// ```
/// use websyntax_microsyntax::numbers::parse_float_list;
/// assert_eq!(parse_float_list(" 1,2.5;x3  junk,"), vec![1.0, 2.5, 3.0, 0.0]);
/// ```
pub fn parse_float_list(input: &str) -> Vec<f64> {
    // 1-3. input, position, numbers.
    let mut c = Cursor::new(input);
    let mut numbers = Vec::new();
    // 4. Skip leading delimiters.
    c.collect(is_list_delimiter);
    // 5. While position is not past the end:
    while !c.at_end() {
        let before = c.pos;
        // 5.1 Skip leading garbage (anything but delimiters, digits, ".", "-"). Non-ASCII
        //     characters are garbage too.
        let bytes = c.s.as_bytes();
        while let Some(&b) = bytes.get(c.pos) {
            if b.is_ascii()
                && (is_list_delimiter(b) || b.is_ascii_digit() || b == b'.' || b == b'-')
            {
                break;
            }
            c.pos += 1;
        }
        // 5.2 Collect the unparsed number (up to the next delimiter; may contain non-ASCII).
        let start = c.pos;
        while let Some(&b) = bytes.get(c.pos) {
            if b.is_ascii() && is_list_delimiter(b) {
                break;
            }
            c.pos += 1;
        }
        let unparsed = input.get(start..c.pos).unwrap_or("");
        // 5.3-5.5 Parse it; an error becomes zero; append.
        numbers.push(parse_float(unparsed).unwrap_or(0.0));
        // 5.6 Skip the delimiter.
        c.collect(is_list_delimiter);
        // Every iteration consumes at least one character (5.1 or 5.2 do); guard anyway.
        if c.pos == before {
            break;
        }
    }
    // 6. Return numbers.
    numbers
}

/// Whether `input` is a valid list of floating-point numbers: valid floating-point numbers
/// separated by single commas, nothing else. The empty string (a list of zero numbers) is
/// valid.
///
/// ```
/// use websyntax_microsyntax::numbers::is_valid_float_list;
/// assert!(is_valid_float_list("1,2.5,-3e2"));
/// assert!(!is_valid_float_list("1, 2"));
/// ```
pub fn is_valid_float_list(input: &str) -> bool {
    input.is_empty() || input.split(',').all(is_valid_float)
}

// ---------------------------------------------------------------------------------------------
// 2.3.4.7 Lists of dimensions
// ---------------------------------------------------------------------------------------------

/// The unit of an entry in a list of dimensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListDimensionUnit {
    /// A plain number (pixels).
    Absolute,
    /// `*`: a share of the remaining space.
    Relative,
    /// `%`.
    Percentage,
}

/// An entry in a list of dimensions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ListDimension {
    /// The number (≥ 0.0).
    pub value: f64,
    /// Absolute, relative or percentage.
    pub unit: ListDimensionUnit,
}

/// Infra's "split a string on commas": tokens between commas, each stripped of leading and
/// trailing ASCII whitespace. The empty string gives no tokens; a trailing comma gives no
/// trailing empty token.
pub(crate) fn split_on_commas(input: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    if input.is_empty() {
        return tokens;
    }
    let mut rest = input;
    loop {
        match rest.find(',') {
            Some(i) => {
                tokens.push(strip_ascii_whitespace(&rest[..i]));
                rest = &rest[i + 1..];
                if rest.is_empty() {
                    break;
                }
            }
            None => {
                tokens.push(strip_ascii_whitespace(rest));
                break;
            }
        }
    }
    tokens
}

/// The rules for parsing a list of dimensions (2.3.4.7).
///
/// Spec note: step 5.7 says "if the character at position is U+002E (.), collect a sequence of
/// ASCII whitespace and ASCII digits"; read literally the collection would start at the `.`
/// itself and always be empty, leaving the step dead. This implementation advances past the `.`
/// first, as implementations do (e.g. WebKit, 2025). The only error is
/// [`ErrorKind::Overflow`] for a number beyond the `f64` range (the spec assumes unbounded
/// numbers).
///
/// ```
/// use websyntax_microsyntax::numbers::{parse_dimension_list, ListDimensionUnit::*};
/// let list = parse_dimension_list("10, 2.5*, 30 %, ,").unwrap();
/// let units: Vec<_> = list.iter().map(|d| (d.value, d.unit)).collect();
/// assert_eq!(units, [(10.0, Absolute), (2.5, Relative), (30.0, Percentage), (0.0, Relative)]);
/// ```
pub fn parse_dimension_list(input: &str) -> Result<Vec<ListDimension>, Error> {
    // 1-2. raw input; drop one trailing comma.
    let raw = input.strip_suffix(',').unwrap_or(input);
    // 3. Split on commas. 4. result.
    let mut result = Vec::new();
    // 5. For each token:
    for token in split_on_commas(raw) {
        let token_offset = token.as_ptr() as usize - input.as_ptr() as usize;
        // 5.1-5.4 input, position, value = 0, unit = absolute.
        let mut c = Cursor::new(token);
        // 5.5 Empty: relative (value 0).
        if c.at_end() {
            result.push(ListDimension {
                value: 0.0,
                unit: ListDimensionUnit::Relative,
            });
            continue;
        }
        // 5.6 Digits: the integer part.
        let int_digits = c.digits();
        // 5.7 ".": collect whitespace and digits, drop the whitespace: the fraction.
        let mut frac = String::new();
        if c.eat(b'.') {
            let s = c.collect(|b| is_ascii_whitespace(b) || b.is_ascii_digit());
            frac.extend(s.chars().filter(char::is_ascii_digit));
        }
        let value = round_decimal(false, int_digits, &frac, 0)
            .ok_or(Error::new(ErrorKind::Overflow, token_offset))?;
        // 5.8 Skip whitespace. 5.9 "%" percentage, "*" relative.
        c.skip_whitespace();
        let unit = match c.peek() {
            Some(b'%') => ListDimensionUnit::Percentage,
            Some(b'*') => ListDimensionUnit::Relative,
            _ => ListDimensionUnit::Absolute,
        };
        // 5.10 Add the entry.
        result.push(ListDimension { value, unit });
    }
    // 6. Return result.
    Ok(result)
}
