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
//! | [`iri`] | `websyntax-iri` | RFC 3986/3987 as the W3C XSD datatypes note defines them |
#![forbid(unsafe_code)]

pub use websyntax_encoding as encoding;
pub use websyntax_html as html;
pub use websyntax_iri as iri;
pub use websyntax_microsyntax as microsyntax;
pub use websyntax_url as url;
