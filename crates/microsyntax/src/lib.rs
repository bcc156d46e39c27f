//! # websyntax-microsyntax
//!
//! The HTML common microsyntaxes (HTML §2.3) as documented functions: the user-agent parsing
//! rules exactly as the spec writes them (position by position, returning a value or an
//! [`Error`] saying where and why), the authoring-conformance checks ("valid X"), and the
//! serializations the spec defines.
//!
//! | module | spec section | what |
//! |---|---|---|
//! | [`idioms`] | 2.3.1 | ASCII whitespace helpers |
//! | [`boolean`] | 2.3.2 | boolean attributes |
//! | [`keywords`] | 2.3.3 | keywords and enumerated attributes |
//! | [`numbers`] | 2.3.4 | integers, floats (+ best representation), dimensions, lists |
//! | [`dates`] | 2.3.5 | months, dates, yearless dates, times, local/global dates and times, time zones, weeks, durations, date-or-time |
//! | [`colours`] | 2.3.6 | simple colours, legacy colours |
//! | [`tokens`] | 2.3.7-2.3.8 | space- and comma-separated tokens |
//! | [`references`] | 2.3.9 | hash-name references |
//!
//! ```
//! use websyntax_microsyntax::{colours::SimpleColor, dates::Date, numbers};
//!
//! assert_eq!(numbers::parse_non_negative_integer("  42px"), Ok(42));
//! assert_eq!(numbers::best_representation(numbers::parse_float("1e-7").unwrap()), "1e-7");
//! let d: Date = "2024-02-29".parse().unwrap();
//! assert_eq!(d.to_string(), "2024-02-29");
//! let err = "2023-02-29".parse::<Date>().unwrap_err();
//! assert_eq!(err.to_string(), "day out of range at byte 8");
//! assert_eq!("#ABCDEF".parse::<SimpleColor>().unwrap().to_string(), "#abcdef");
//! ```
//!
//! No function panics on any input, and the crate has no `unsafe` code.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod boolean;
pub mod colours;
pub mod dates;
mod error;
pub mod idioms;
pub mod keywords;
mod named_colours;
pub mod numbers;
pub mod references;
pub mod tokens;

pub use error::{Error, ErrorKind};
