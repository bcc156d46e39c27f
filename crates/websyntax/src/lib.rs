//! # websyntax
//!
//! The web's text syntaxes, parsed exactly as the standards say. This facade re-exports each
//! part under a module; every part is also published as its own crate and usable alone.
//!
//! | module | crate | standard |
//! |---|---|---|
//! | [`encoding`] | `websyntax-encoding` | Encoding Standard: decode/encode, BOM sniffing, streaming decoder |
//! | [`html`] | `websyntax-html` | HTML §13.2 parsing, §13.4 fragments, serialization |
//! | [`url`] | `websyntax-url` | URL Standard: parser, hosts, setters, origin, URLSearchParams |
//! | [`microsyntax`] | `websyntax-microsyntax` | HTML §2.3 common microsyntaxes |
//! | [`check`] | `websyntax-check` | a syntax checker over all of the above (parse errors, encoding, URLs, attribute values) |
//! | [`sanitize`] | `websyntax-sanitize` | HTML §8.6 the Sanitizer API: `setHTML`, `parseHTML`, the safe default configuration |
//! | [`extract`] | `websyntax-extract` | content extraction: HTML to Markdown (CommonMark + GFM tables), main content (article body) |
//! | [`iri`] | `websyntax-iri` | RFC 3986/3987 as the W3C XSD datatypes note defines them |
//!
//! ## Every part together
//!
//! A windows-1252 page (declared by `<meta charset>`) links to a search whose query holds a
//! non-ASCII letter. The HTML parser sniffs and decodes the bytes and reports the encoding it
//! used; the URL parser takes that encoding as its query encoding override, so the link's query
//! is encoded the way that page's server expects (`é` is `%E9`, not UTF-8's `%C3%A9`).
//!
//! ```
//! use websyntax::encoding::{self, Encoding};
//! use websyntax::html::{DocumentParserOptions, ParsedDocument, parse_document_bytes};
//! use websyntax::iri::Datatype;
//! use websyntax::microsyntax::dates::Date;
//! use websyntax::url::Url;
//!
//! // The page, as bytes in windows-1252 (0xE9 is "é").
//! let bytes = b"<!DOCTYPE html><meta charset=windows-1252><title>Caf\xE9</title>\
//!     <p>Updated <time datetime=2026-11-22>today</time>: \
//!     <a href=\"search?q=caf\xE9&amp;x=1\">caf\xE9s</a>";
//!
//! // HTML: sniff (the <meta> prescan finds windows-1252), decode, parse.
//! let parsed = parse_document_bytes(bytes, DocumentParserOptions::default());
//! let ParsedDocument { document: doc, encoding: page_encoding, .. } = &parsed;
//! assert_eq!(*page_encoding, Encoding::WINDOWS_1252);
//! let a = doc.find_element("a").expect("an <a>");
//! let href = doc.attribute(a, "href").expect("an href");
//! assert_eq!(href, "search?q=café&x=1"); // decoded text, entity resolved
//!
//! // URL: resolve against the page's URL with the page's encoding as query override.
//! let base = Url::parse("https://shop.example/catalog/", None)?;
//! let link = Url::parse_with_encoding(href, Some(&base), parsed.encoding)?;
//! assert_eq!(link.href(), "https://shop.example/catalog/search?q=caf%E9&x=1");
//! // A UTF-8 page would have sent UTF-8 bytes instead.
//! let utf8_link = Url::parse(href, Some(&base))?;
//! assert_eq!(utf8_link.search(), "?q=caf%C3%A9&x=1");
//!
//! // Encoding: decode the same bytes the server would see for the query value.
//! let decoded = encoding::decode(b"caf\xE9", parsed.encoding);
//! assert_eq!(decoded.text, "café");
//! assert!(!decoded.had_errors);
//!
//! // Microsyntax: the <time datetime> is a valid date string.
//! let time = doc.find_element("time").expect("a <time>");
//! let date: Date = doc.attribute(time, "datetime").expect("datetime").parse()?;
//! assert_eq!((date.year(), date.month(), date.day()), (2026, 11, 22));
//!
//! // IRI: the resolved URL is an RFC 3987 IRI (and an RFC 3986 URI); the unencoded form with
//! // "é" is an IRI but not a URI.
//! assert!(Datatype::Iri3987.is_valid(link.href()));
//! assert!(Datatype::Uri3986.is_valid(link.href()));
//! let iri = "https://shop.example/catalog/search?q=café&x=1";
//! assert!(Datatype::Iri3987.validate(iri).is_ok());
//! assert!(!Datatype::Uri3986.is_valid(iri));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

#[doc(inline)]
pub use websyntax_check as check;
#[doc(inline)]
pub use websyntax_encoding as encoding;
#[doc(inline)]
pub use websyntax_extract as extract;
#[doc(inline)]
pub use websyntax_html as html;
#[doc(inline)]
pub use websyntax_iri as iri;
#[doc(inline)]
pub use websyntax_microsyntax as microsyntax;
#[doc(inline)]
pub use websyntax_sanitize as sanitize;
#[doc(inline)]
pub use websyntax_url as url;

/// The README's examples, compiled as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The user guides' Rust examples (written with the facade's paths, as a user of this crate
/// writes them), compiled as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/check.md")]
#[doc = include_str!("../../../docs/dom.md")]
#[doc = include_str!("../../../docs/encoding.md")]
#[doc = include_str!("../../../docs/iri.md")]
#[doc = include_str!("../../../docs/links.md")]
#[doc = include_str!("../../../docs/markdown.md")]
#[doc = include_str!("../../../docs/sanitize.md")]
#[doc = include_str!("../../../docs/select.md")]
#[doc = include_str!("../../../docs/spans.md")]
#[doc = include_str!("../../../docs/url.md")]
pub struct GuideDoctests;
