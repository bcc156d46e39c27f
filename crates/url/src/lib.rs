//! # websyntax-url: the WHATWG URL Standard
//!
//! The URL parser, serializer, hosts (IDNA via UTS #46, IPv4, IPv6, opaque hosts), origins,
//! the `URL` API's getters and setters, `URLSearchParams` and
//! application/x-www-form-urlencoded, exactly as the URL Standard says.
//!
//! ```
//! use websyntax_url::{Url, UrlSearchParams};
//!
//! let url = Url::parse("HTTPS://Bücher.example:443/a/./b/../c?x=1#top", None).unwrap();
//! assert_eq!(url.href(), "https://xn--bcher-kva.example/a/c?x=1#top");
//! assert_eq!(url.hostname(), "xn--bcher-kva.example");
//! assert_eq!(url.port(), None); // default port
//!
//! // Relative references against a base.
//! let rel = Url::parse("../d?y#z", Some(&url)).unwrap();
//! assert_eq!(rel.href(), "https://xn--bcher-kva.example/d?y#z");
//!
//! // Setters behave like the JavaScript API.
//! let mut u = rel.clone();
//! u.set_pathname("/new path");
//! u.set_hash("");
//! assert_eq!(u.href(), "https://xn--bcher-kva.example/new%20path?y");
//!
//! // Validation errors, by name and position, only when asked for.
//! let (result, errors) = Url::parse_with_errors(" http:\\\\example.com", None);
//! assert!(result.is_ok());
//! let names: Vec<_> = errors.iter().map(|e| e.kind.name()).collect();
//! // One for the missing `//`, then one per backslash skipped by the
//! // "special authority ignore slashes" state.
//! assert_eq!(names, ["invalid-URL-unit", "special-scheme-missing-following-solidus",
//!                    "special-scheme-missing-following-solidus",
//!                    "special-scheme-missing-following-solidus"]);
//!
//! // URLSearchParams.
//! let params = UrlSearchParams::parse("q=a+b&lang=en");
//! assert_eq!(params.get("q"), Some("a b"));
//! ```
//!
//! ## Design
//!
//! A [`Url`] is one `String` (its serialization) plus component offsets; the parser writes
//! that string as it goes, so parsing allocates once. ASCII hosts skip IDNA (UTS #46 ToASCII
//! is ASCII lowercasing for them); percent-encode sets are 256-entry tables.
//!
//! ## Seed and living standards
//!
//! By default ([`Standard::Seed`]) this crate implements the URL Standard text the project
//! pins (see `docs/url.md`); [`Standard::Living`] ([`Url::parse_with_standard`]) follows
//! today's URL Standard instead (see `docs/standards.md`). In seed mode the
//! path percent-encode set does not contain `^`; "domain to ASCII" always runs UTS #46
//! ToASCII (so an ASCII domain with an invalid `xn--` label fails); and the parser keeps
//! spaces in opaque paths, with the `search`/`hash` setters and `URLSearchParams` updates
//! stripping trailing spaces from an opaque path.
//!
//! ## Query encoding override
//!
//! [`Url::parse_with_encoding`] and [`form_urlencoded::serialize_with_encoding`] take a
//! [`websyntax_encoding::Encoding`] (re-exported here as [`Encoding`]), e.g. an HTML document's
//! encoding, so a windows-1252 or Shift_JIS page's links encode their query as that page's
//! server expects:
//!
//! ```
//! use websyntax_url::{Encoding, Url};
//!
//! let page: Encoding = "windows-1252".parse().unwrap();
//! let base = Url::parse("https://shop.example/", None).unwrap();
//! let link = Url::parse_with_encoding("search?q=café", Some(&base), page).unwrap();
//! assert_eq!(link.href(), "https://shop.example/search?q=caf%E9");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod api;
mod encoding;
pub mod form_urlencoded;
mod host;
mod origin;
mod parser;
pub mod percent_encoding;
mod search_params;
mod standard;
mod url;
mod validation;

pub use host::{Host, domain_to_ascii, domain_to_unicode};
pub use origin::{OpaqueOrigin, Origin};
pub use search_params::UrlSearchParams;
pub use standard::{Standard, UnknownStandard};
pub use url::{Url, default_port, is_special_scheme};
pub use validation::{ErrorSink, NoErrors, ParseError, ValidationError, ValidationErrorKind};
/// The query encoding override's type, re-exported from `websyntax-encoding` (labels via
/// [`Encoding::for_label`] or [`str::parse`], constants such as [`Encoding::WINDOWS_1252`]).
pub use websyntax_encoding::Encoding;
