//! Decoding: BOM sniff, "decode" (\[3\]–\[17\], returning the encoding used \[31\]), "UTF-8 decode",
//! "UTF-8 decode without BOM", "UTF-8 decode without BOM or fail" (Encoding Standard §6
//! Hooks for standards).
//!
//! ```
//! use websyntax_encoding::decode::{decode, utf8_decode};
//! use websyntax_encoding::Encoding;
//!
//! assert_eq!(decode(b"caf\xE9", Encoding::WINDOWS_1252).text, "café");
//! assert_eq!(utf8_decode(b"\xEF\xBB\xBFcaf\xC3\xA9"), "café");
//! ```

use std::borrow::Cow;

use crate::decoder::{BomHandling, DecodeErrorMode, Decoder};
use crate::{DecodeError, Encoding};

/// The result of [`decode`]: the text, the encoding actually used, and whether any malformed
/// input was replaced with U+FFFD.
///
/// ```
/// use websyntax_encoding::{decode, Encoding};
///
/// let out = decode(b"\xFF\xFEh\0i\0", Encoding::WINDOWS_1252);
/// assert_eq!(out.text, "hi");
/// assert_eq!(out.encoding, Encoding::UTF_16LE); // the BOM won over the given encoding
/// assert!(!out.had_errors);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The decoded text (borrowed from the input when no conversion was needed).
    pub text: Cow<'a, str>,
    /// The encoding actually used: the BOM's if there was one, else the one given \[31\].
    pub encoding: Encoding,
    /// Whether a malformed sequence was replaced by U+FFFD (always `false` in fatal mode).
    pub had_errors: bool,
}

/// "BOM sniff": the encoding a byte order mark at the start of `bytes` names, with the BOM's
/// length (3 for UTF-8, 2 for UTF-16BE/LE), or `None`.
///
/// ```
/// use websyntax_encoding::{bom_sniff, Encoding};
///
/// assert_eq!(bom_sniff(b"\xEF\xBB\xBFx"), Some((Encoding::UTF_8, 3)));
/// assert_eq!(bom_sniff(b"\xFE\xFF"), Some((Encoding::UTF_16BE, 2)));
/// assert_eq!(bom_sniff(b"\xFF\xFE"), Some((Encoding::UTF_16LE, 2)));
/// assert_eq!(bom_sniff(b"\xEF\xBB"), None);
/// ```
pub fn bom_sniff(bytes: &[u8]) -> Option<(Encoding, usize)> {
    match bytes {
        // [7]-[8] 0xEF 0xBB 0xBF: UTF-8.
        [0xEF, 0xBB, 0xBF, ..] => Some((Encoding::UTF_8, 3)),
        // [10]-[11] 0xFE 0xFF: UTF-16BE (a third byte read goes back to the stream [5]-[9]).
        [0xFE, 0xFF, ..] => Some((Encoding::UTF_16BE, 2)),
        // [13]-[14] 0xFF 0xFE: UTF-16LE ([35]-[36] likewise).
        [0xFF, 0xFE, ..] => Some((Encoding::UTF_16LE, 2)),
        _ => None,
    }
}

/// "Decode" (\[3\]–\[17\]): BOM sniffing (a BOM overrides `fallback` \[37\]), then the chosen
/// encoding's decoder in `replacement` error mode. Returns the text and the encoding actually
/// used (\[31\]).
///
/// ```
/// use websyntax_encoding::{decode, Encoding};
///
/// let out = decode(b"\x82\xa0\x82\xa2", Encoding::SHIFT_JIS);
/// assert_eq!((out.text.as_ref(), out.encoding), ("あい", Encoding::SHIFT_JIS));
///
/// let out = decode(b"\xEF\xBB\xBFcaf\xC3\xA9", Encoding::WINDOWS_1252);
/// assert_eq!((out.text.as_ref(), out.encoding), ("café", Encoding::UTF_8));
///
/// let out = decode(b"a\x80", Encoding::UTF_8);
/// assert_eq!((out.text.as_ref(), out.had_errors), ("a\u{FFFD}", true));
/// ```
pub fn decode(bytes: &[u8], fallback: Encoding) -> Decoded<'_> {
    // encoding_rs's `Encoding::decode` is exactly steps [4]-[17]: it sniffs the UTF-8 / UTF-16
    // BOMs (consuming only the BOM's bytes, i.e. the "prepend back" of [5]/[9], [35]/[36],
    // [32]), then runs the decoder with replacement.
    let (text, encoding, had_errors) = fallback.as_encoding_rs().decode(bytes);
    Decoded {
        text,
        encoding: Encoding::from_encoding_rs(encoding),
        had_errors,
    }
}

/// "Decode" with error mode `fatal` instead of `replacement`: BOM sniffing as in [`decode`],
/// then the first malformed sequence is an error carrying its byte offset (counted from the
/// start of `bytes`, BOM included).
///
/// ```
/// use websyntax_encoding::{decode_or_fail, Encoding};
///
/// assert_eq!(decode_or_fail(b"caf\xE9", Encoding::WINDOWS_1252).unwrap().text, "café");
/// let err = decode_or_fail(b"\xEF\xBB\xBFcaf\xE9", Encoding::WINDOWS_1252).unwrap_err();
/// assert_eq!((err.encoding, err.offset), (Encoding::UTF_8, 6));
/// ```
pub fn decode_or_fail(bytes: &[u8], fallback: Encoding) -> Result<Decoded<'_>, DecodeError> {
    let (encoding, bom_len) = bom_sniff(bytes).unwrap_or((fallback, 0));
    let rest = bytes.get(bom_len..).unwrap_or_default();
    let text = decode_without_bom_or_fail(rest, encoding, bom_len as u64)?;
    Ok(Decoded {
        text,
        encoding,
        had_errors: false,
    })
}

/// Runs `encoding`'s decoder on `bytes` (no BOM handling) in fatal mode. Error offsets are
/// shifted by `base`.
pub(crate) fn decode_without_bom_or_fail(
    bytes: &[u8],
    encoding: Encoding,
    base: u64,
) -> Result<Cow<'_, str>, DecodeError> {
    if encoding == Encoding::UTF_8 {
        // encoding_rs's validation (SIMD) borrows valid input; std's says where an error is.
        if let Some(Cow::Borrowed(s)) = encoding
            .as_encoding_rs()
            .decode_without_bom_handling_and_without_replacement(bytes)
        {
            return Ok(Cow::Borrowed(s));
        }
        return std::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|e| {
            let valid = e.valid_up_to();
            let length = e
                .error_len()
                .unwrap_or_else(|| bytes.len().saturating_sub(valid));
            DecodeError {
                encoding,
                offset: base.saturating_add(valid as u64),
                length: u8::try_from(length).unwrap_or(u8::MAX),
            }
        });
    }
    if let Some(text) = encoding
        .as_encoding_rs()
        .decode_without_bom_handling_and_without_replacement(bytes)
    {
        return Ok(text);
    }
    // Slow path, only on error: find where, with the streaming decoder.
    let mut decoder = Decoder::new(encoding, DecodeErrorMode::Fatal, BomHandling::Keep);
    match decoder.decode(bytes, false) {
        Ok(text) => Ok(Cow::Owned(text)),
        Err(e) => Err(DecodeError {
            offset: e.offset.saturating_add(base),
            ..e
        }),
    }
}

/// "UTF-8 decode": strips a leading UTF-8 BOM (only that one: a UTF-16 BOM is decoded as
/// malformed bytes), then decodes with replacement.
///
/// ```
/// use websyntax_encoding::utf8_decode;
///
/// assert_eq!(utf8_decode(b"\xEF\xBB\xBFhi"), "hi");
/// assert_eq!(utf8_decode(b"\xFF\xFEhi"), "\u{FFFD}\u{FFFD}hi");
/// ```
pub fn utf8_decode(bytes: &[u8]) -> Cow<'_, str> {
    // 1. Let buffer be the result of peeking three bytes from ioQueue.
    // 2. If buffer is 0xEF 0xBB 0xBF, then read three bytes from ioQueue.
    let rest = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // 3. Process a queue with an instance of UTF-8's decoder, ioQueue, output, and "replacement".
    String::from_utf8_lossy(rest)
}

/// "UTF-8 decode without BOM": decodes with replacement, keeping a leading BOM as U+FEFF.
///
/// ```
/// use websyntax_encoding::utf8_decode_without_bom;
///
/// assert_eq!(utf8_decode_without_bom(b"\xEF\xBB\xBFhi"), "\u{FEFF}hi");
/// assert_eq!(utf8_decode_without_bom(b"\xE3\x81"), "\u{FFFD}");
/// ```
pub fn utf8_decode_without_bom(bytes: &[u8]) -> Cow<'_, str> {
    // Rust's lossy UTF-8 conversion replaces each maximal subpart of an ill-formed sequence
    // with one U+FFFD, which is exactly the Encoding Standard's UTF-8 decoder (checked against
    // encoding_rs in the tests).
    String::from_utf8_lossy(bytes)
}

/// "UTF-8 decode without BOM or fail": the first malformed sequence is an error with its byte
/// offset.
///
/// ```
/// use websyntax_encoding::utf8_decode_without_bom_or_fail;
///
/// assert_eq!(utf8_decode_without_bom_or_fail(b"\xEF\xBB\xBFok").unwrap(), "\u{FEFF}ok");
/// let err = utf8_decode_without_bom_or_fail(b"ok\xE3\x81").unwrap_err();
/// assert_eq!((err.offset, err.length), (2, 2));
/// ```
pub fn utf8_decode_without_bom_or_fail(bytes: &[u8]) -> Result<&str, DecodeError> {
    match decode_without_bom_or_fail(bytes, Encoding::UTF_8, 0)? {
        Cow::Borrowed(s) => Ok(s),
        // decode_without_bom_or_fail borrows for UTF-8; re-validate rather than assume.
        Cow::Owned(_) => std::str::from_utf8(bytes).map_err(|e| DecodeError {
            encoding: Encoding::UTF_8,
            offset: e.valid_up_to() as u64,
            length: 1,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_step_7_utf8_bom_wins() {
        let out = decode(b"\xEF\xBB\xBF\xE3\x81\x82", Encoding::SHIFT_JIS);
        assert_eq!(out.text, "あ");
        assert_eq!(out.encoding, Encoding::UTF_8);
    }

    #[test]
    fn decode_step_10_utf16be_bom_and_third_byte_back() {
        // [5]/[9]: the third byte read goes back to the stream and is decoded.
        let out = decode(b"\xFE\xFF\x00a", Encoding::UTF_8);
        assert_eq!((out.text.as_ref(), out.encoding), ("a", Encoding::UTF_16BE));
        // Exactly two bytes: BOM alone, empty output.
        let out = decode(b"\xFE\xFF", Encoding::UTF_8);
        assert_eq!((out.text.as_ref(), out.encoding), ("", Encoding::UTF_16BE));
    }

    #[test]
    fn decode_step_13_utf16le_bom() {
        let out = decode(b"\xFF\xFEa\x00b", Encoding::WINDOWS_1252);
        // The trailing odd byte is malformed at end of stream.
        assert_eq!(
            (out.text.as_ref(), out.encoding, out.had_errors),
            ("a\u{FFFD}", Encoding::UTF_16LE, true)
        );
    }

    #[test]
    fn decode_step_34_no_bom_prepends_buffer() {
        // Fewer than 3 bytes / partial BOMs are decoded with the given encoding.
        let out = decode(b"\xEF\xBB", Encoding::WINDOWS_1252);
        assert_eq!(
            (out.text.as_ref(), out.encoding),
            ("ï»", Encoding::WINDOWS_1252)
        );
        let out = decode(b"", Encoding::UTF_16BE);
        assert_eq!((out.text.as_ref(), out.encoding), ("", Encoding::UTF_16BE));
        // A UTF-8 BOM is also sniffed when the given encoding is UTF-16.
        let out = decode(b"\xEF\xBB\xBFa", Encoding::UTF_16LE);
        assert_eq!((out.text.as_ref(), out.encoding), ("a", Encoding::UTF_8));
    }

    #[test]
    fn decode_replacement_encoding() {
        let out = decode(b"anything", Encoding::REPLACEMENT);
        assert_eq!(out.text, "\u{FFFD}");
        assert_eq!(decode(b"", Encoding::REPLACEMENT).text, "");
        // A BOM still wins over replacement.
        assert_eq!(decode(b"\xEF\xBB\xBFx", Encoding::REPLACEMENT).text, "x");
    }

    #[test]
    fn decode_only_first_bom_is_removed() {
        let out = decode(b"\xEF\xBB\xBF\xEF\xBB\xBF", Encoding::UTF_8);
        assert_eq!(out.text, "\u{FEFF}");
    }

    #[test]
    fn decode_or_fail_offsets_include_bom() {
        let err = decode_or_fail(b"\xFF\xFE\x00\xD8", Encoding::UTF_8).unwrap_err();
        assert_eq!((err.encoding, err.offset), (Encoding::UTF_16LE, 2));
        let err = decode_or_fail(b"ab\x81\x20", Encoding::SHIFT_JIS).unwrap_err();
        assert_eq!(err.offset, 2);
    }

    #[test]
    fn utf8_decode_matches_encoding_rs() {
        let samples: [&[u8]; 6] = [
            b"\xF0\x9F\x92",
            b"\xED\xA0\x80",
            b"\xC0\xAF",
            b"\xF4\x90\x80\x80",
            b"a\xE2\x82b",
            b"\xEF\xBB\xBF\xEF\xBB\xBF",
        ];
        for s in samples {
            let (ours, theirs) = (
                utf8_decode_without_bom(s),
                encoding_rs::UTF_8.decode_without_bom_handling(s).0,
            );
            assert_eq!(ours, theirs);
            let (ours, theirs) = (
                utf8_decode(s),
                encoding_rs::UTF_8.decode_with_bom_removal(s).0,
            );
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn utf8_or_fail_error_lengths() {
        let e = utf8_decode_without_bom_or_fail(b"\xF0\x9F\x92").unwrap_err();
        assert_eq!((e.offset, e.length), (0, 3));
        let e = utf8_decode_without_bom_or_fail(b"xx\xED\xA0\x80").unwrap_err();
        assert_eq!((e.offset, e.length), (2, 1));
    }
}
