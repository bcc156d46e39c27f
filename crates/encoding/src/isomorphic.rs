//! Isomorphic decode and encode (Infra Standard §4.5 Byte sequences / §4.7 Strings).
//!
//! ```
//! use websyntax_encoding::isomorphic::{isomorphic_decode, isomorphic_encode};
//!
//! assert_eq!(isomorphic_encode(&isomorphic_decode(b"\xFF\x00")).unwrap(), b"\xFF\x00");
//! ```

use crate::IsomorphicEncodeError;

/// "Isomorphic decode": each byte becomes the code point with the same value.
///
/// ```
/// use websyntax_encoding::isomorphic_decode;
///
/// assert_eq!(isomorphic_decode(b"caf\xE9\x80"), "café\u{80}");
/// ```
pub fn isomorphic_decode(bytes: &[u8]) -> String {
    if bytes.is_ascii() {
        // All ASCII: the bytes are the string.
        return bytes.iter().map(|&b| char::from(b)).collect();
    }
    let mut out = String::with_capacity(bytes.len().saturating_mul(2));
    out.extend(bytes.iter().map(|&b| char::from(b)));
    out
}

/// "Isomorphic encode": each code point (all must be at most U+00FF) becomes the byte with
/// the same value; a larger code point is an error naming it and its position.
///
/// ```
/// use websyntax_encoding::isomorphic_encode;
///
/// assert_eq!(isomorphic_encode("café\u{80}").unwrap(), b"caf\xE9\x80");
/// assert!(isomorphic_encode("€").is_err());
/// ```
pub fn isomorphic_encode(text: &str) -> Result<Vec<u8>, IsomorphicEncodeError> {
    let mut out = Vec::with_capacity(text.len());
    for (index, (byte_offset, c)) in text.char_indices().enumerate() {
        match u8::try_from(u32::from(c)) {
            Ok(b) => out.push(b),
            Err(_) => {
                return Err(IsomorphicEncodeError {
                    code_point: c,
                    index,
                    byte_offset,
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_all_bytes() {
        let bytes: Vec<u8> = (0..=255).collect();
        let text = isomorphic_decode(&bytes);
        assert_eq!(text.chars().count(), 256);
        assert_eq!(isomorphic_encode(&text).unwrap(), bytes);
    }

    #[test]
    fn encode_error_position() {
        let e = isomorphic_encode("ÿ\u{100}").unwrap_err();
        assert_eq!((e.code_point, e.index, e.byte_offset), ('\u{100}', 1, 2));
    }
}
