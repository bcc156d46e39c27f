//! Strict IRI/URI datatypes (RFC 3986 / RFC 3987 as the W3C XSD note defines them).
//!
//! The W3C note "Datatypes for IRIs and URIs" defines eight datatypes whose lexical spaces are
//! the languages of the RFC 3986 Appendix A and RFC 3987 §2.2 grammars:
//! `URI-3986`, `URI-reference-3986`, `absolute-URI-3986`, `relative-reference-3986`,
//! `IRI-3987`, `IRI-reference-3987`, `absolute-IRI-3987`, `relative-reference-3987`
//! ([`Datatype`]). This crate checks strings against them with a hand-written, byte-oriented
//! recogniser (no regular expressions at run time), reports the byte offset and the grammar
//! rule where a string fails ([`Error`]), parses references into borrowed components
//! ([`Reference`]), resolves references (RFC 3986 §5.2, [`resolve`]), normalizes them
//! (§6.2.2, [`normalize`]) and maps IRIs to URIs (RFC 3987 §3.1, [`iri_to_uri`]).
//!
//! Where the note's published XSD patterns differ from the RFC grammar (`h16` written as
//! `{0,4}` hex digits, `IPvFuture` with a lowercase `v` only), this crate follows the RFC; see
//! `docs/iri.md`.
//!
//! ```
//! use websyntax_iri::{Datatype, HostKind, Reference, Rule, resolve};
//!
//! // Validation, with the failure position and rule.
//! assert!(Datatype::Uri3986.is_valid("http://[2001:db8::7]/c=GB?objectClass?one"));
//! let err = Datatype::Uri3986.validate("http://example.org/a b").unwrap_err();
//! assert_eq!((err.offset(), err.rule()), (20, Rule::PathAbempty));
//!
//! // All eight verdicts for one string.
//! let valid: Vec<_> = Datatype::ALL.iter().filter(|t| t.is_valid("/résumé")).collect();
//! assert_eq!(valid, [&Datatype::IriReference3987, &Datatype::RelativeReference3987]);
//!
//! // Components, borrowed from the input.
//! let r = Reference::parse_iri_reference("ldap://[2001:db8::7]/c=GB?objectClass?one").unwrap();
//! let a = r.authority().unwrap();
//! assert_eq!((a.host(), a.host_kind()), ("[2001:db8::7]", HostKind::Ipv6));
//! assert_eq!(r.query(), Some("objectClass?one"));
//!
//! // Reference resolution.
//! assert_eq!(resolve("http://a/b/c/d;p?q", "../../g").unwrap(), "http://a/g");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod components;
mod datatypes;
mod error;
mod mapping;
mod normalization;
mod resolution;
mod syntax;

pub use components::{Authority, HostKind, Reference};
pub use datatypes::{Datatype, UnknownDatatype};
pub use error::{Error, ResolveError, Rule};
pub use mapping::iri_to_uri;
pub use normalization::normalize;
pub use resolution::{remove_dot_segments, resolve};
