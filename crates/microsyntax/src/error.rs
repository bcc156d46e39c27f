//! The error type shared by every parser in this crate.

use std::fmt;

/// Why a microsyntax parser rejected its input.
///
/// Every parser returns an [`Error`] carrying one of these kinds plus the byte offset in the
/// input at which the algorithm gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input (after any leading ASCII whitespace the algorithm skips) was empty.
    Empty,
    /// An ASCII digit was required here.
    ExpectedDigit,
    /// This character was required here.
    Expected(char),
    /// One of several characters was required here (listed, e.g. `"T or space"`).
    ExpectedOneOf(&'static str),
    /// A run of digits had the wrong length.
    DigitCount {
        /// The field being read (`"year"`, `"month"`, ...).
        field: &'static str,
        /// What the spec requires (`"exactly 2"`, `"at least 4"`).
        required: &'static str,
        /// How many digits were found.
        found: usize,
    },
    /// A field's value is outside the range the spec allows.
    OutOfRange {
        /// The field (`"month"`, `"day"`, `"second"`, ...).
        field: &'static str,
    },
    /// The value was complete but more characters followed.
    TrailingInput,
    /// The value is too large to be represented (an `f64` rounding to ±2^1024, an integer
    /// beyond `i64`/`u64`, a year beyond `u32`, a duration beyond `u64` seconds).
    Overflow,
    /// A non-negative value was required but the input is negative.
    Negative,
    /// A non-zero value was required but the value is zero.
    Zero,
    /// The legacy colour keyword `transparent`, which the rules reject.
    Transparent,
    /// The input has the wrong length (simple colours: exactly seven characters).
    Length {
        /// The required length in characters.
        required: usize,
    },
    /// A unit character (duration components) was missing or not recognised.
    InvalidUnit,
    /// A duration contained no component, or a non-zero number of months/years.
    NoComponent,
    /// A duration contained a non-zero number of months or years, which cannot be converted to
    /// seconds.
    Months,
}

/// A parse error: what went wrong ([`ErrorKind`]) and where (byte offset into the input).
///
/// ```
/// use websyntax_microsyntax::{dates::Date, ErrorKind};
/// let err = "2014-02-29".parse::<Date>().unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::OutOfRange { field: "day" });
/// assert_eq!(err.offset(), 8);
/// assert_eq!(err.to_string(), "day out of range at byte 8");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
}

impl Error {
    /// Creates an error of `kind` at byte `offset`.
    pub const fn new(kind: ErrorKind, offset: usize) -> Self {
        Error { kind, offset }
    }

    /// Why the input was rejected.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset into the input at which the algorithm gave up.
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Empty => f.write_str("empty input"),
            ErrorKind::ExpectedDigit => f.write_str("expected an ASCII digit"),
            ErrorKind::Expected(c) => write!(f, "expected {c:?}"),
            ErrorKind::ExpectedOneOf(s) => write!(f, "expected {s}"),
            ErrorKind::DigitCount {
                field,
                required,
                found,
            } => write!(f, "{field} needs {required} digits, found {found}"),
            ErrorKind::OutOfRange { field } => write!(f, "{field} out of range"),
            ErrorKind::TrailingInput => f.write_str("unexpected characters after the value"),
            ErrorKind::Overflow => f.write_str("value too large to represent"),
            ErrorKind::Negative => f.write_str("negative value not allowed"),
            ErrorKind::Zero => f.write_str("zero value not allowed"),
            ErrorKind::Transparent => f.write_str("\"transparent\" is not a colour value"),
            ErrorKind::Length { required } => write!(f, "must be exactly {required} characters"),
            ErrorKind::InvalidUnit => f.write_str("expected a unit character"),
            ErrorKind::NoComponent => f.write_str("no duration component"),
            ErrorKind::Months => f.write_str("durations cannot contain months or years"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.offset)
    }
}

impl std::error::Error for Error {}

/// Shorthand used by the parsers.
pub(crate) fn err<T>(kind: ErrorKind, offset: usize) -> Result<T, Error> {
    Err(Error::new(kind, offset))
}
