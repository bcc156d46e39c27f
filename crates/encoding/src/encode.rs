//! Encoding: "encode" (\[40\]–\[43\]) with the `html` and `fatal` error modes (\[29\]), the
//! refusal of encoders that do not exist (\[44\]), and a streaming [`Encoder`].
//!
//! ```
//! use websyntax_encoding::encode::{encode, EncodeErrorMode};
//! use websyntax_encoding::Encoding;
//!
//! assert_eq!(encode("é✓", Encoding::WINDOWS_1252, EncodeErrorMode::Html).unwrap(), b"\xE9&#10003;");
//! ```

use crate::{EncodeError, Encoding};

/// An encoder error mode (\[20\]): `html` (the default of "encode" \[42\]) or `fatal`.
///
/// ```
/// use websyntax_encoding::EncodeErrorMode;
///
/// assert_eq!(EncodeErrorMode::default(), EncodeErrorMode::Html);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EncodeErrorMode {
    /// An unmappable code point is replaced by `&#N;` (N in decimal, shortest form \[29\]),
    /// which is itself run through the encoder (the standard prepends it to the input).
    #[default]
    Html,
    /// The first unmappable code point is an [`EncodeError::Unmappable`].
    Fatal,
}

/// "Encode" (\[40\]–\[43\]): encodes `text` to `encoding` with the given error mode.
///
/// Encodings without an encoder (replacement, UTF-16BE, UTF-16LE) are refused with
/// [`EncodeError::NoEncoder`] (\[44\]); call [`Encoding::output_encoding`] first when, as in
/// form submission or URL query encoding, their output encoding (UTF-8) is meant.
///
/// ```
/// use websyntax_encoding::{encode, EncodeErrorMode, Encoding};
///
/// assert_eq!(encode("あ", Encoding::SHIFT_JIS, EncodeErrorMode::Html).unwrap(), b"\x82\xa0");
/// assert_eq!(encode("a💩", Encoding::WINDOWS_1252, EncodeErrorMode::Html).unwrap(), b"a&#128169;");
/// // ISO-2022-JP switches back to ASCII before the character reference.
/// assert_eq!(
///     encode("あ💩", Encoding::ISO_2022_JP, EncodeErrorMode::Html).unwrap(),
///     b"\x1b$B$\"\x1b(B&#128169;"
/// );
/// assert!(encode("a💩", Encoding::WINDOWS_1252, EncodeErrorMode::Fatal).is_err());
/// ```
pub fn encode(
    text: &str,
    encoding: Encoding,
    mode: EncodeErrorMode,
) -> Result<Vec<u8>, EncodeError> {
    if encoding == Encoding::UTF_8 {
        // UTF-8's encoder maps every scalar value to its UTF-8 bytes: nothing to do.
        return Ok(text.as_bytes().to_vec());
    }
    let mut encoder = Encoder::new(encoding, mode)?;
    let mut out = Vec::new();
    encoder.encode_to_vec(text, true, &mut out)?;
    Ok(out)
}

/// A streaming encoder: [`Encoder::encode_to_vec`] any number of chunks with `last = false`,
/// then once with `last = true` (which flushes state, e.g. ISO-2022-JP's return to ASCII, and
/// resets the encoder). Chunked input encodes exactly as one shot; in fatal mode the error's
/// index and byte offset count from the start of the stream.
///
/// ```
/// use websyntax_encoding::{Encoder, EncodeErrorMode, Encoding};
///
/// let mut e = Encoder::new(Encoding::ISO_2022_JP, EncodeErrorMode::Html).unwrap();
/// let mut out = e.encode("あ", false).unwrap();
/// out.extend(e.encode("い", true).unwrap());
/// assert_eq!(out, b"\x1b$B$\"$$\x1b(B");
/// ```
#[derive(Debug)]
pub struct Encoder {
    encoding: Encoding,
    mode: EncodeErrorMode,
    inner: encoding_rs::Encoder,
    /// Code points consumed since the stream started (counted in fatal mode only).
    code_points: u64,
    /// UTF-8 bytes consumed since the stream started.
    bytes: u64,
    /// Bytes of input and output buffer handed to encoding_rs so far (the cost of its calls,
    /// which the growth test checks is linear in the input).
    #[cfg(test)]
    exposed: u64,
}

impl Encoder {
    /// An encoder for `encoding`; [`EncodeError::NoEncoder`] for replacement, UTF-16BE and
    /// UTF-16LE (\[44\]).
    ///
    /// ```
    /// use websyntax_encoding::{Encoder, EncodeError, EncodeErrorMode, Encoding};
    ///
    /// assert!(Encoder::new(Encoding::GBK, EncodeErrorMode::Fatal).is_ok());
    /// assert_eq!(
    ///     Encoder::new(Encoding::REPLACEMENT, EncodeErrorMode::Html).unwrap_err(),
    ///     EncodeError::NoEncoder { encoding: Encoding::REPLACEMENT }
    /// );
    /// ```
    pub fn new(encoding: Encoding, mode: EncodeErrorMode) -> Result<Encoder, EncodeError> {
        if !encoding.has_encoder() {
            return Err(EncodeError::NoEncoder { encoding });
        }
        Ok(Encoder {
            encoding,
            mode,
            inner: encoding.as_encoding_rs().new_encoder(),
            code_points: 0,
            bytes: 0,
            #[cfg(test)]
            exposed: 0,
        })
    }

    /// The target encoding.
    ///
    /// ```
    /// use websyntax_encoding::{Encoder, EncodeErrorMode, Encoding};
    ///
    /// let e = Encoder::new(Encoding::BIG5, EncodeErrorMode::Html).unwrap();
    /// assert_eq!(e.encoding(), Encoding::BIG5);
    /// ```
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Encodes one chunk and returns its bytes. See [`Encoder::encode_to_vec`].
    ///
    /// ```
    /// use websyntax_encoding::{Encoder, EncodeErrorMode, Encoding};
    ///
    /// let mut e = Encoder::new(Encoding::EUC_KR, EncodeErrorMode::Html).unwrap();
    /// assert_eq!(e.encode("가", true).unwrap(), b"\xb0\xa1");
    /// ```
    pub fn encode(&mut self, input: &str, last: bool) -> Result<Vec<u8>, EncodeError> {
        let mut out = Vec::new();
        self.encode_to_vec(input, last, &mut out)?;
        Ok(out)
    }

    /// Encodes one chunk, appending to `out`. `last = true` ends the stream (end-of-queue) and
    /// resets the encoder. On a fatal error nothing is appended and the encoder resets.
    ///
    /// ```
    /// use websyntax_encoding::{Encoder, EncodeError, EncodeErrorMode, Encoding};
    ///
    /// let mut e = Encoder::new(Encoding::WINDOWS_1251, EncodeErrorMode::Fatal).unwrap();
    /// let mut out = Vec::new();
    /// e.encode_to_vec("Ж", false, &mut out).unwrap();
    /// let err = e.encode_to_vec("aä", true, &mut out).unwrap_err();
    /// assert!(matches!(err, EncodeError::Unmappable { code_point: 'ä', index: 2, byte_offset: 3, .. }));
    /// assert_eq!(out, b"\xc6");
    /// ```
    pub fn encode_to_vec(
        &mut self,
        input: &str,
        last: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), EncodeError> {
        let start_len = out.len();
        let mut pos = 0usize;
        let mut scratch = [0u8; SCRATCH];
        loop {
            let rest = input.get(pos..).unwrap_or_default();
            let (result, read) = self.encode_step(rest, out, last, &mut scratch);
            pos = pos.saturating_add(read);
            match result {
                encoding_rs::EncoderResult::InputEmpty => break,
                encoding_rs::EncoderResult::OutputFull => continue,
                encoding_rs::EncoderResult::Unmappable(c) => match self.mode {
                    // [29] html: prepend "&#", the code point in shortest decimal, ";" to the
                    // input. The reference is ASCII, which every encoder with an encoder can
                    // encode (ISO-2022-JP first switches to ASCII).
                    EncodeErrorMode::Html => self.encode_ncr(c, out, &mut scratch),
                    // [29] fatal: return error.
                    EncodeErrorMode::Fatal => {
                        let consumed = input.get(..pos).unwrap_or_default();
                        let before = consumed
                            .chars()
                            .next_back()
                            .map_or(0, |ch| consumed.len().saturating_sub(ch.len_utf8()));
                        let index = self.code_points.saturating_add(
                            input.get(..before).unwrap_or_default().chars().count() as u64,
                        );
                        let error = EncodeError::Unmappable {
                            encoding: self.encoding,
                            code_point: c,
                            index,
                            byte_offset: self.bytes.saturating_add(before as u64),
                        };
                        out.truncate(start_len);
                        self.reset();
                        return Err(error);
                    }
                },
            }
        }
        if last {
            self.reset();
        } else {
            self.bytes = self.bytes.saturating_add(input.len() as u64);
            if self.mode == EncodeErrorMode::Fatal {
                self.code_points = self
                    .code_points
                    .saturating_add(input.chars().count() as u64);
            }
        }
        Ok(())
    }

    /// Forgets all state: the next chunk starts a new stream.
    ///
    /// ```
    /// use websyntax_encoding::{Encoder, EncodeErrorMode, Encoding};
    ///
    /// let mut e = Encoder::new(Encoding::ISO_2022_JP, EncodeErrorMode::Html).unwrap();
    /// e.encode("あ", false).unwrap();
    /// e.reset();
    /// assert_eq!(e.encode("a", true).unwrap(), b"a");
    /// ```
    pub fn reset(&mut self) {
        self.inner = self.encoding.as_encoding_rs().new_encoder();
        self.code_points = 0;
        self.bytes = 0;
    }

    /// One call of encoding_rs's encoder (no replacement) on `rest`, through `scratch`.
    ///
    /// The encoder writes into a fixed buffer that is then appended to `out`, rather than into
    /// `out`'s spare capacity: encoding_rs's `Vec` API touches every page of the spare
    /// capacity on each call, and with one call per unencodable character (html mode) a
    /// capacity sized for the rest of the input made encoding quadratic in their number.
    fn encode_step(
        &mut self,
        rest: &str,
        out: &mut Vec<u8>,
        last: bool,
        scratch: &mut [u8; SCRATCH],
    ) -> (encoding_rs::EncoderResult, usize) {
        let (result, read, written) = self
            .inner
            .encode_from_utf8_without_replacement(rest, scratch, last);
        #[cfg(test)]
        {
            self.exposed += (scratch.len() + read) as u64;
        }
        if out.capacity() == 0 {
            // First output: room for the likely size (the input's length), once.
            out.reserve(rest.len().min(1 << 24));
        }
        out.extend_from_slice(scratch.get(..written).unwrap_or_default());
        (result, read)
    }

    fn encode_ncr(&mut self, c: char, out: &mut Vec<u8>, scratch: &mut [u8; SCRATCH]) {
        let mut buf = [0u8; 12];
        let ncr = write_ncr(c, &mut buf);
        let mut pos = 0usize;
        loop {
            let rest = ncr.get(pos..).unwrap_or_default();
            let (result, read) = self.encode_step(rest, out, false, scratch);
            pos = pos.saturating_add(read);
            match result {
                encoding_rs::EncoderResult::InputEmpty => return,
                encoding_rs::EncoderResult::OutputFull => continue,
                // Unreachable for ASCII input in every encoding that has an encoder; keep the
                // character reference rather than lose it.
                encoding_rs::EncoderResult::Unmappable(_) => {
                    out.extend_from_slice(rest.as_bytes());
                    return;
                }
            }
        }
    }
}

/// Writes `&#N;` for `c` into `buf` (N: decimal, no leading zeros) and returns it.
fn write_ncr(c: char, buf: &mut [u8; 12]) -> &str {
    let mut digits = [0u8; 7];
    let mut n = u32::from(c);
    let mut len = 0usize;
    loop {
        if let Some(slot) = digits.get_mut(len) {
            *slot = b'0' + (n % 10) as u8;
        }
        len += 1;
        n /= 10;
        if n == 0 || len == digits.len() {
            break;
        }
    }
    buf[0] = b'&';
    buf[1] = b'#';
    let mut at = 2usize;
    for &d in digits.iter().take(len).rev() {
        if let Some(slot) = buf.get_mut(at) {
            *slot = d;
        }
        at += 1;
    }
    if let Some(slot) = buf.get_mut(at) {
        *slot = b';';
    }
    at += 1;
    std::str::from_utf8(buf.get(..at).unwrap_or_default()).unwrap_or_default()
}

/// The size of the buffer each encoder call writes into (larger than any one character's
/// output, ISO-2022-JP's escape sequences included).
const SCRATCH: usize = 8192;

#[cfg(test)]
mod tests {
    use super::*;

    /// html mode with many unencodable characters: the buffer space handed to the encoder
    /// grows linearly with their number (it grew quadratically when each call got the spare
    /// capacity of an output vector sized for the rest of the input).
    #[test]
    fn unencodable_characters_cost_linear_work() {
        let exposed = |n: usize| {
            let mut e = Encoder::new(Encoding::WINDOWS_1252, EncodeErrorMode::Html).unwrap();
            let mut out = Vec::new();
            e.encode_to_vec(&"a\u{1F600}".repeat(n), true, &mut out)
                .unwrap();
            assert_eq!(out.len(), n * "a&#128512;".len());
            e.exposed
        };
        let (w1, w4) = (exposed(5_000), exposed(20_000));
        let ratio = w4 as f64 / w1 as f64;
        assert!(ratio < 4.5, "work ratio {ratio}");
    }

    #[test]
    fn ncr_is_shortest_decimal() {
        let mut buf = [0u8; 12];
        assert_eq!(write_ncr('\u{0}', &mut buf), "&#0;");
        let mut buf = [0u8; 12];
        assert_eq!(write_ncr('\u{A0}', &mut buf), "&#160;");
        let mut buf = [0u8; 12];
        assert_eq!(write_ncr('\u{10FFFF}', &mut buf), "&#1114111;");
    }

    #[test]
    fn step_44_no_encoder() {
        for e in [
            Encoding::REPLACEMENT,
            Encoding::UTF_16BE,
            Encoding::UTF_16LE,
        ] {
            assert_eq!(
                encode("a", e, EncodeErrorMode::Html),
                Err(EncodeError::NoEncoder { encoding: e })
            );
        }
    }

    #[test]
    fn step_29_html_mode() {
        assert_eq!(
            encode("€ ∞", Encoding::ISO_8859_1_ALIAS, EncodeErrorMode::Html).unwrap(),
            b"\x80 &#8734;"
        );
    }

    #[test]
    fn iso_2022_jp_escape_codes_are_errors_with_fffd() {
        // The ISO-2022-JP encoder returns error with U+FFFD for U+000E, U+000F, U+001B.
        assert_eq!(
            encode("a\u{1B}b", Encoding::ISO_2022_JP, EncodeErrorMode::Html).unwrap(),
            b"a&#65533;b"
        );
        assert_eq!(
            encode("a\u{1B}b", Encoding::ISO_2022_JP, EncodeErrorMode::Fatal).unwrap_err(),
            EncodeError::Unmappable {
                encoding: Encoding::ISO_2022_JP,
                code_point: '\u{FFFD}',
                index: 1,
                byte_offset: 1
            }
        );
    }

    #[test]
    fn gb18030_e5e5_is_an_error() {
        assert_eq!(
            encode("\u{E5E5}", Encoding::GB18030, EncodeErrorMode::Html).unwrap(),
            b"&#58853;"
        );
    }

    #[test]
    fn fatal_index_across_chunks() {
        let mut e = Encoder::new(Encoding::SHIFT_JIS, EncodeErrorMode::Fatal).unwrap();
        e.encode("aあ", false).unwrap();
        let err = e.encode("bé", true).unwrap_err();
        assert_eq!(
            err,
            EncodeError::Unmappable {
                encoding: Encoding::SHIFT_JIS,
                code_point: 'é',
                index: 3,
                byte_offset: 5
            }
        );
    }

    impl Encoding {
        const ISO_8859_1_ALIAS: Encoding = Encoding::WINDOWS_1252;
    }
}
