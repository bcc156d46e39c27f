//! RFC 3987 §3.1 mapping of IRIs to URIs.

use std::borrow::Cow;

use crate::error::Error;
use crate::syntax::parse_reference;

/// Maps an IRI-reference to a URI-reference (RFC 3987 §3.1, step 2): every character that is
/// not ASCII (in a valid IRI these are `ucschar` and `iprivate`) is replaced by the
/// percent-encoding (uppercase hex) of its UTF-8 bytes. The input is validated as
/// `IRI-reference-3987` first, so the result is always a valid `URI-reference-3986`.
///
/// Non-ASCII `ireg-name` hosts are percent-encoded too, which §3.1 allows; converting them to
/// punycode (IDNA) instead is optional in §3.1 and not done here. Returns the input unchanged
/// (borrowed) when it is already ASCII.
///
/// ```
/// use websyntax_iri::{iri_to_uri, Datatype};
/// let uri = iri_to_uri("http://www.example.org/r%E9sum%E9/D\u{FC}rst?\u{E000}").unwrap();
/// assert_eq!(uri, "http://www.example.org/r%E9sum%E9/D%C3%BCrst?%EE%80%80");
/// assert!(Datatype::Uri3986.is_valid(&uri));
/// assert!(iri_to_uri("http://a/\u{FFFF}").is_err()); // not an IRI
/// ```
pub fn iri_to_uri(iri: &str) -> Result<Cow<'_, str>, Error> {
    parse_reference::<true>(iri)?;
    if iri.is_ascii() {
        return Ok(Cow::Borrowed(iri));
    }
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(iri.len() * 2);
    for c in iri.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for &byte in c.encode_utf8(&mut buf).as_bytes() {
                out.push('%');
                out.push(char::from(HEX[usize::from(byte >> 4)]));
                out.push(char::from(HEX[usize::from(byte & 15)]));
            }
        }
    }
    Ok(Cow::Owned(out))
}
