//! Typed errors: each says what went wrong and where.
//!
//! ```
//! use websyntax_encoding::error::UnknownLabelError;
//! use websyntax_encoding::Encoding;
//!
//! let err: UnknownLabelError = "nope".parse::<Encoding>().unwrap_err();
//! assert_eq!(err.to_string(), "unknown encoding label \"nope\"");
//! ```

use std::fmt;

use crate::Encoding;

/// "Get an encoding" failed: the label is not in the Encoding Standard's table.
///
/// ```
/// use websyntax_encoding::Encoding;
///
/// let err = "utf-7".parse::<Encoding>().unwrap_err();
/// assert_eq!(err.label, "utf-7");
/// assert_eq!(err.to_string(), "unknown encoding label \"utf-7\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLabelError {
    /// The label as given (before whitespace stripping).
    pub label: String,
}

impl fmt::Display for UnknownLabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown encoding label {:?}", self.label)
    }
}

impl std::error::Error for UnknownLabelError {}

/// A decoder in `fatal` error mode met a byte sequence that is not valid in its encoding.
///
/// `offset` is the index of the first byte of the malformed sequence, counted from the start
/// of the whole input (for a streaming [`Decoder`](crate::Decoder): from the start of the
/// stream, across all chunks, BOM included).
///
/// ```
/// use websyntax_encoding::{utf8_decode_without_bom_or_fail, Encoding};
///
/// let err = utf8_decode_without_bom_or_fail(b"ab\xFFc").unwrap_err();
/// assert_eq!((err.encoding, err.offset, err.length), (Encoding::UTF_8, 2, 1));
/// assert_eq!(err.to_string(), "invalid UTF-8 byte sequence (1 byte) at byte offset 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// The encoding whose decoder failed.
    pub encoding: Encoding,
    /// Byte offset of the start of the malformed sequence.
    pub offset: u64,
    /// Length in bytes of the malformed sequence as the decoder delimits it (1 to 4).
    pub length: u8,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} byte sequence ({} byte{}) at byte offset {}",
            self.encoding,
            self.length,
            if self.length == 1 { "" } else { "s" },
            self.offset
        )
    }
}

impl std::error::Error for DecodeError {}

/// Encoding failed.
///
/// ```
/// use websyntax_encoding::{encode, EncodeError, EncodeErrorMode, Encoding};
///
/// let err = encode("a€b", Encoding::ISO_8859_2, EncodeErrorMode::Fatal).unwrap_err();
/// assert_eq!(
///     err,
///     EncodeError::Unmappable {
///         encoding: Encoding::ISO_8859_2,
///         code_point: '€',
///         index: 1,
///         byte_offset: 1,
///     }
/// );
/// assert_eq!(
///     err.to_string(),
///     "U+20AC at code point index 1 (byte offset 1) cannot be encoded in ISO-8859-2"
/// );
/// let err = encode("a", Encoding::UTF_16LE, EncodeErrorMode::Html).unwrap_err();
/// assert_eq!(err, EncodeError::NoEncoder { encoding: Encoding::UTF_16LE });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// The encoding has no encoder (replacement, UTF-16BE, UTF-16LE; Encoding Standard \[44\]).
    /// Use [`Encoding::output_encoding`] to get the encoding to encode to instead.
    NoEncoder {
        /// The encoding that was asked for.
        encoding: Encoding,
    },
    /// In `fatal` error mode: a code point the encoding cannot represent.
    Unmappable {
        /// The target encoding.
        encoding: Encoding,
        /// The code point the encoder reported as an error. (ISO-2022-JP reports U+FFFD for
        /// U+000E, U+000F and U+001B, as the standard's encoder does.)
        code_point: char,
        /// Index of the offending code point, counted in code points from the start of the
        /// input (across all chunks of a streaming [`Encoder`](crate::Encoder)).
        index: u64,
        /// Byte offset of the offending code point in the UTF-8 input (across all chunks).
        byte_offset: u64,
    },
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::NoEncoder { encoding } => write!(
                f,
                "{encoding} has no encoder (only decoding is defined; its output encoding is UTF-8)"
            ),
            EncodeError::Unmappable {
                encoding,
                code_point,
                index,
                byte_offset,
            } => write!(
                f,
                "U+{:04X} at code point index {index} (byte offset {byte_offset}) cannot be encoded in {encoding}",
                u32::from(*code_point)
            ),
        }
    }
}

impl std::error::Error for EncodeError {}

/// Isomorphic encode met a code point above U+00FF.
///
/// ```
/// use websyntax_encoding::isomorphic_encode;
///
/// let err = isomorphic_encode("ñ→").unwrap_err();
/// assert_eq!((err.code_point, err.index, err.byte_offset), ('→', 1, 2));
/// assert_eq!(
///     err.to_string(),
///     "U+2192 at code point index 1 (byte offset 2) is above U+00FF and cannot be isomorphic encoded"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IsomorphicEncodeError {
    /// The offending code point.
    pub code_point: char,
    /// Its index in code points.
    pub index: usize,
    /// Its byte offset in the UTF-8 input.
    pub byte_offset: usize,
}

impl fmt::Display for IsomorphicEncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "U+{:04X} at code point index {} (byte offset {}) is above U+00FF and cannot be isomorphic encoded",
            u32::from(self.code_point),
            self.index,
            self.byte_offset
        )
    }
}

impl std::error::Error for IsomorphicEncodeError {}
