//! # websyntax-encoding
//!
//! The Encoding Standard's operations — "get an encoding", "get an output encoding", BOM
//! sniffing, "decode", "UTF-8 decode" (with / without BOM, or fail), "encode" with the `html`
//! and `fatal` error modes, a streaming decoder with TextDecoder semantics, and isomorphic
//! decode/encode — implemented exactly as specified on top of the codecs of
//! [`encoding_rs`].
//!
//! ```
//! use websyntax_encoding::{decode, encode, Encoding, EncodeErrorMode};
//!
//! // "get an encoding": ASCII whitespace stripped, ASCII case-insensitive.
//! let sjis: Encoding = " Shift-JIS ".parse()?;
//! assert_eq!(sjis.name(), "Shift_JIS");
//!
//! // "decode": a BOM wins; the encoding actually used is returned.
//! let out = decode(b"\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd", sjis);
//! assert_eq!((out.text.as_ref(), out.encoding), ("こんにちは", Encoding::SHIFT_JIS));
//!
//! // "encode" with error mode html: unmappable code points become &#N;.
//! let bytes = encode("¥100 €", Encoding::SHIFT_JIS, EncodeErrorMode::Html)?;
//! assert_eq!(bytes, b"\\100 &#8364;");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Streaming, as `TextDecoder.decode(chunk, {stream: true})`:
//!
//! ```
//! use websyntax_encoding::{Decoder, Encoding};
//!
//! let mut decoder = Decoder::text_decoder(Encoding::UTF_8, /* fatal */ true, /* ignoreBOM */ false);
//! let mut text = String::new();
//! for chunk in [&b"\xEF\xBB"[..], b"\xBFcaf", b"\xC3", b"\xA9"] {
//!     decoder.decode_to_string(chunk, true, &mut text)?;
//! }
//! decoder.decode_to_string(b"", false, &mut text)?;
//! assert_eq!(text, "café");
//! # Ok::<(), websyntax_encoding::DecodeError>(())
//! ```
//!
//! Module map (one per part of the standard): [`encodings`] (names and labels), [`decode`](mod@decode)
//! (BOM sniffing and the decode hooks), [`decoder`] (TextDecoder's streaming decode),
//! [`encode`](mod@encode) (encode and the streaming encoder), [`isomorphic`], [`error`]. See
//! `docs/encoding.md` for a user guide.
#![forbid(unsafe_code)]

pub mod decode;
pub mod decoder;
pub mod encode;
pub mod encodings;
pub mod error;
pub mod isomorphic;

pub use decode::{
    Decoded, bom_sniff, decode, decode_or_fail, utf8_decode, utf8_decode_without_bom,
    utf8_decode_without_bom_or_fail,
};
pub use decoder::{BomHandling, DecodeErrorMode, Decoder};
pub use encode::{EncodeErrorMode, Encoder, encode};
pub use encodings::Encoding;
pub use error::{DecodeError, EncodeError, IsomorphicEncodeError, UnknownLabelError};
pub use isomorphic::{isomorphic_decode, isomorphic_encode};
