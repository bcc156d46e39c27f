//! The streaming decoder: TextDecoder's decode() semantics (\[57\]–\[70\]) on top of
//! `encoding_rs::Decoder`.
//!
//! ```
//! use websyntax_encoding::decoder::Decoder;
//! use websyntax_encoding::Encoding;
//!
//! let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
//! assert_eq!(d.decode(b"\xC3", true).unwrap() + &d.decode(b"\xA9", false).unwrap(), "é");
//! ```

use crate::{DecodeError, Encoding};

/// A decoder error mode (\[20\]): `replacement` (malformed input becomes U+FFFD) or `fatal`
/// (malformed input is an error).
///
/// ```
/// use websyntax_encoding::DecodeErrorMode;
///
/// assert_eq!(DecodeErrorMode::default(), DecodeErrorMode::Replacement);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DecodeErrorMode {
    /// Replace each malformed sequence with U+FFFD (the decoders' default).
    #[default]
    Replacement,
    /// Stop at the first malformed sequence with a [`DecodeError`].
    Fatal,
}

/// What a [`Decoder`] does with a byte order mark at the start of the stream.
///
/// ```
/// use websyntax_encoding::{BomHandling, Decoder, DecodeErrorMode, Encoding};
///
/// let input = b"\xEF\xBB\xBFhi";
/// let run = |bom| Decoder::new(Encoding::UTF_8, DecodeErrorMode::Replacement, bom)
///     .decode(input, false)
///     .unwrap();
/// assert_eq!(run(BomHandling::Remove), "hi");
/// assert_eq!(run(BomHandling::Keep), "\u{FEFF}hi");
/// assert_eq!(run(BomHandling::Sniff), "hi");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BomHandling {
    /// TextDecoder without `ignoreBOM` (\[68\]–\[69\]): if the decoder's encoding is UTF-8,
    /// UTF-16BE or UTF-16LE, a leading U+FEFF is removed from the output. No other encoding
    /// is ever switched to.
    #[default]
    Remove,
    /// TextDecoder with `ignoreBOM`: a leading BOM is decoded as U+FEFF like any character.
    /// (Our Japanese spec text of \[68\] reads as if the flag being *set* removed the BOM; the
    /// Encoding Standard and browsers do it this way round; see `docs/conformance.md`.)
    Keep,
    /// The "decode" hook's BOM sniffing (\[6\]–\[14\]): a UTF-8, UTF-16BE or UTF-16LE BOM switches
    /// the decoder to that encoding (see [`Decoder::encoding`]) and is removed.
    Sniff,
}

/// A streaming decoder with TextDecoder semantics (\[57\]–\[70\]).
///
/// Feed chunks with `stream = true` ("do not flush"); the final call (possibly with an empty
/// chunk) uses `stream = false`, which flushes any incomplete sequence (as U+FFFD or as an
/// error) and resets the decoder so that it can decode a new stream. Splitting the input at
/// any byte boundary gives exactly the one-shot output. In fatal mode the error carries the
/// byte offset counted from the start of the stream, across chunks.
///
/// Differences from the TextDecoder interface, by design: the replacement encoding is
/// accepted (it decodes any non-empty stream to one U+FFFD), and after a fatal error the
/// decoder is reset to a fresh state (the failing call's output is discarded, as TextDecoder
/// discards it by throwing).
///
/// ```
/// use websyntax_encoding::{Decoder, Encoding};
///
/// let mut d = Decoder::text_decoder(Encoding::SHIFT_JIS, false, false);
/// let mut text = d.decode(b"\x82", true).unwrap(); // half of あ
/// text += &d.decode(b"\xa0!", true).unwrap();
/// text += &d.decode(b"\x82", false).unwrap(); // incomplete at end of stream
/// assert_eq!(text, "あ!\u{FFFD}");
/// // Fatal: the error names the offset of the malformed sequence within the stream.
/// let mut d = Decoder::text_decoder(Encoding::SHIFT_JIS, true, false);
/// d.decode(b"\x82\xa0!", true).unwrap();
/// let err = d.decode(b"\x82", false).unwrap_err();
/// assert_eq!(err.offset, 3);
/// ```
#[derive(Debug)]
pub struct Decoder {
    /// The encoding given at construction.
    configured: Encoding,
    mode: DecodeErrorMode,
    bom: BomHandling,
    /// The decoder object, for the encoding in use (no BOM handling of its own: BOMs are
    /// handled here, so that byte offsets stay exact).
    inner: encoding_rs::Decoder,
    /// While the BOM question is open: the bytes read so far (at most 3), not yet given to
    /// `inner`. `None` once decided (or when there is nothing to decide).
    pending: Option<([u8; 3], usize)>,
    /// Bytes of the stream accounted for: skipped BOM bytes plus bytes given to `inner`.
    offset: u64,
}

impl Decoder {
    /// A decoder for `encoding` with the given error mode and BOM handling.
    ///
    /// ```
    /// use websyntax_encoding::{BomHandling, Decoder, DecodeErrorMode, Encoding};
    ///
    /// let mut d = Decoder::new(Encoding::WINDOWS_1252, DecodeErrorMode::Replacement, BomHandling::Sniff);
    /// assert_eq!(d.decode(b"\xFE\xFF\x00A", false).unwrap(), "A");
    /// ```
    pub fn new(encoding: Encoding, mode: DecodeErrorMode, bom: BomHandling) -> Decoder {
        Decoder {
            configured: encoding,
            mode,
            bom,
            inner: encoding.as_encoding_rs().new_decoder_without_bom_handling(),
            pending: initial_pending(encoding, bom),
            offset: 0,
        }
    }

    /// A decoder as `new TextDecoder(label, {fatal, ignoreBOM})` makes one.
    ///
    /// ```
    /// use websyntax_encoding::{Decoder, Encoding};
    ///
    /// let mut d = Decoder::text_decoder(Encoding::UTF_16LE, false, true);
    /// assert_eq!(d.decode(b"\xFF\xFEa\x00", false).unwrap(), "\u{FEFF}a");
    /// ```
    pub fn text_decoder(encoding: Encoding, fatal: bool, ignore_bom: bool) -> Decoder {
        Decoder::new(
            encoding,
            if fatal {
                DecodeErrorMode::Fatal
            } else {
                DecodeErrorMode::Replacement
            },
            if ignore_bom {
                BomHandling::Keep
            } else {
                BomHandling::Remove
            },
        )
    }

    /// The encoding in use: the one given, or with [`BomHandling::Sniff`] the BOM's once one
    /// has been seen. A call with `stream = false` ends the stream and resets the decoder, after
    /// which this is the given encoding again: ask before the final call (or use
    /// [`decode`](crate::decode()), which returns the encoding used).
    ///
    /// ```
    /// use websyntax_encoding::{BomHandling, Decoder, DecodeErrorMode, Encoding};
    ///
    /// let mut d = Decoder::new(Encoding::GBK, DecodeErrorMode::Replacement, BomHandling::Sniff);
    /// d.decode(b"\xEF\xBB\xBFa", true).unwrap();
    /// assert_eq!(d.encoding(), Encoding::UTF_8);
    /// ```
    pub fn encoding(&self) -> Encoding {
        Encoding::from_encoding_rs(self.inner.encoding())
    }

    /// The error mode.
    ///
    /// ```
    /// use websyntax_encoding::{Decoder, DecodeErrorMode, Encoding};
    ///
    /// assert_eq!(Decoder::text_decoder(Encoding::UTF_8, true, false).error_mode(), DecodeErrorMode::Fatal);
    /// ```
    pub fn error_mode(&self) -> DecodeErrorMode {
        self.mode
    }

    /// Bytes consumed since the start of the current stream.
    ///
    /// ```
    /// use websyntax_encoding::{Decoder, Encoding};
    ///
    /// let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
    /// d.decode(b"abc", true).unwrap();
    /// assert_eq!(d.bytes_consumed(), 3);
    /// ```
    pub fn bytes_consumed(&self) -> u64 {
        self.offset
    }

    /// Forgets all state: the next byte starts a new stream.
    ///
    /// ```
    /// use websyntax_encoding::{Decoder, Encoding};
    ///
    /// let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
    /// d.decode(b"\xE3\x81", true).unwrap();
    /// d.reset();
    /// assert_eq!(d.decode(b"a", false).unwrap(), "a");
    /// ```
    pub fn reset(&mut self) {
        *self = Decoder::new(self.configured, self.mode, self.bom);
    }

    /// TextDecoder's `decode(input, {stream})`: decodes `input` and returns the text. With
    /// `stream = false` the stream ends here: pending bytes are flushed and the decoder resets.
    ///
    /// ```
    /// use websyntax_encoding::{Decoder, Encoding};
    ///
    /// let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
    /// assert_eq!(d.decode(b"\xE2\x82", true).unwrap(), "");
    /// assert_eq!(d.decode(b"\xAC", false).unwrap(), "€");
    /// ```
    pub fn decode(&mut self, input: &[u8], stream: bool) -> Result<String, DecodeError> {
        let mut out = String::new();
        self.decode_to_string(input, stream, &mut out)?;
        Ok(out)
    }

    /// Like [`Decoder::decode`], appending to `out`. On error nothing is appended.
    ///
    /// ```
    /// use websyntax_encoding::{Decoder, Encoding};
    ///
    /// let mut d = Decoder::text_decoder(Encoding::BIG5, true, false);
    /// let mut out = String::from(">");
    /// d.decode_to_string(b"\xa4\x40", false, &mut out).unwrap();
    /// assert_eq!(out, ">一");
    /// assert!(d.decode_to_string(b"ok\x80", false, &mut out).is_err());
    /// assert_eq!(out, ">一");
    /// ```
    pub fn decode_to_string(
        &mut self,
        input: &[u8],
        stream: bool,
        out: &mut String,
    ) -> Result<(), DecodeError> {
        let start_len = out.len();
        let last = !stream;
        let result = self.decode_inner(input, last, out);
        match result {
            Ok(()) => {
                if last {
                    self.reset();
                }
            }
            Err(_) => {
                out.truncate(start_len);
                self.reset();
            }
        }
        result
    }

    /// Decodes in replacement mode whatever the configured error mode, appending to `out`, and
    /// appends one [`DecodeError`] to `errors` per malformed sequence (each replaced with one
    /// U+FFFD, exactly as [`DecodeErrorMode::Replacement`] does). Offsets count from the start
    /// of the stream, across chunks, BOM included; a sequence may be reported in a later call
    /// than the one that fed its first byte. `stream` is as in [`Decoder::decode`].
    ///
    /// The output is the same as in replacement mode; on valid input this costs nothing more.
    ///
    /// ```
    /// use websyntax_encoding::{Decoder, Encoding};
    ///
    /// let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
    /// let (mut text, mut errors) = (String::new(), Vec::new());
    /// d.decode_to_string_reporting(b"a\xFFb\xE3", true, &mut text, &mut errors);
    /// d.decode_to_string_reporting(b"\x81", false, &mut text, &mut errors);
    /// assert_eq!(text, "a\u{FFFD}b\u{FFFD}");
    /// let at: Vec<(u64, u8)> = errors.iter().map(|e| (e.offset, e.length)).collect();
    /// assert_eq!(at, [(1, 1), (3, 2)]);
    /// ```
    pub fn decode_to_string_reporting(
        &mut self,
        input: &[u8],
        stream: bool,
        out: &mut String,
        errors: &mut Vec<DecodeError>,
    ) {
        let last = !stream;
        // Reporting mode never fails: the Err arm is unreachable, but handled without panic.
        let saved = self.mode;
        self.mode = DecodeErrorMode::Replacement;
        let result = self.decode_inner_reporting(input, last, out, Some(errors));
        self.mode = saved;
        if result.is_err() || last {
            self.reset();
        }
    }

    fn decode_inner(
        &mut self,
        input: &[u8],
        last: bool,
        out: &mut String,
    ) -> Result<(), DecodeError> {
        self.decode_inner_reporting(input, last, out, None)
    }

    fn decode_inner_reporting(
        &mut self,
        input: &[u8],
        last: bool,
        out: &mut String,
        mut errors: Option<&mut Vec<DecodeError>>,
    ) -> Result<(), DecodeError> {
        let mut input = input;
        if let Some((mut buf, mut len)) = self.pending.take() {
            // [6] Read from stream into buffer until it holds 3 bytes or end-of-stream.
            let take = input.len().min(3usize.saturating_sub(len));
            for (slot, &b) in buf.iter_mut().skip(len).zip(input.iter().take(take)) {
                *slot = b;
            }
            len = len.saturating_add(take);
            input = input.get(take..).unwrap_or_default();
            let buffered = buf.get(..len).unwrap_or_default();
            match self.bom_decision(buffered, last) {
                None => {
                    // Not enough bytes yet to tell; `input` is necessarily empty.
                    self.pending = Some((buf, len));
                    return Ok(());
                }
                Some((encoding, bom_len)) => {
                    if encoding != self.configured {
                        self.inner = encoding.as_encoding_rs().new_decoder_without_bom_handling();
                    }
                    self.offset = bom_len as u64;
                    // [9], [36], [32]: the bytes after the BOM go back to the stream.
                    let rest = buffered.get(bom_len..).unwrap_or_default();
                    if input.is_empty() {
                        return self.feed(rest, last, out, errors);
                    }
                    self.feed(rest, false, out, errors.as_deref_mut())?;
                }
            }
        }
        self.feed(input, last, out, errors)
    }

    /// Whether the buffered stream start is (or cannot be) a BOM this decoder acts on: the
    /// encoding to use and the BOM length to skip, or `None` when more bytes are needed.
    fn bom_decision(&self, buffered: &[u8], eof: bool) -> Option<(Encoding, usize)> {
        let sniffed = crate::bom_sniff(buffered);
        if let Some((encoding, len)) = sniffed {
            match self.bom {
                // [7]-[14]: any of the three BOMs decides the encoding.
                BomHandling::Sniff => return Some((encoding, len)),
                // [68]-[69]: only the decoder's own BOM is removed.
                BomHandling::Remove if encoding == self.configured => return Some((encoding, len)),
                _ => return Some((self.configured, 0)),
            }
        }
        let could_grow = matches!(buffered, [] | [0xEF] | [0xEF, 0xBB] | [0xFE] | [0xFF]);
        if could_grow && !eof {
            None
        } else {
            Some((self.configured, 0))
        }
    }

    /// Runs the decoder object on `input` (\[64\]-\[65\]). With `errors`, decodes without
    /// replacement and does the replacement here, recording each malformed sequence.
    fn feed(
        &mut self,
        input: &[u8],
        last: bool,
        out: &mut String,
        mut errors: Option<&mut Vec<DecodeError>>,
    ) -> Result<(), DecodeError> {
        let mut read_total = 0usize;
        let mut scratch: Option<String> = None;
        loop {
            let rest = input.get(read_total..).unwrap_or_default();
            reserve_for(
                out,
                self.inner.max_utf8_buffer_length(rest.len()),
                rest.len(),
            );
            if self.mode == DecodeErrorMode::Replacement && errors.is_none() {
                let (result, read, _) = self.inner.decode_to_string(rest, out, last);
                read_total = read_total.saturating_add(read);
                match result {
                    encoding_rs::CoderResult::InputEmpty => break,
                    encoding_rs::CoderResult::OutputFull => continue,
                }
            }
            let (result, read) = if errors.is_some() {
                // Reporting every malformed sequence means one call per error: decode through
                // a fixed buffer, because encoding_rs's `String` API touches every page of
                // `out`'s spare capacity (sized for the rest of the input) on each call, which
                // made many errors cost quadratic time.
                // A buffer of SCRATCH bytes, or less when this input's worst case needs less
                // (then no call reports `OutputFull`): a short input (a small page, its last
                // piece) does not pay for filling a whole buffer.
                let need = self
                    .inner
                    .max_utf8_buffer_length_without_replacement(rest.len())
                    .map_or(SCRATCH, |n| n.clamp(SCRATCH_MIN, SCRATCH));
                let buf = scratch.get_or_insert_with(String::new);
                if buf.len() < need {
                    *buf = "\0".repeat(need);
                }
                let (result, read, written) =
                    self.inner
                        .decode_to_str_without_replacement(rest, buf.as_mut_str(), last);
                out.push_str(buf.get(..written).unwrap_or_default());
                (result, read)
            } else {
                self.inner
                    .decode_to_string_without_replacement(rest, out, last)
            };
            read_total = read_total.saturating_add(read);
            match result {
                encoding_rs::DecoderResult::InputEmpty => break,
                encoding_rs::DecoderResult::OutputFull => continue,
                encoding_rs::DecoderResult::Malformed(length, after) => {
                    // [65] error: the malformed sequence ends `after` bytes before the read
                    // position and is `length` bytes long (it may have started in an earlier
                    // chunk).
                    let position = self.offset.saturating_add(read_total as u64);
                    let offset = position
                        .saturating_sub(u64::from(after))
                        .saturating_sub(u64::from(length));
                    let error = DecodeError {
                        encoding: self.encoding(),
                        offset,
                        length,
                    };
                    match errors.as_deref_mut() {
                        // Replacement mode, reporting: U+FFFD, as encoding_rs's own
                        // replacement loop writes it, and go on.
                        Some(list) => {
                            list.push(error);
                            out.push('\u{FFFD}');
                        }
                        None => return Err(error),
                    }
                }
            }
        }
        self.offset = self.offset.saturating_add(input.len() as u64);
        Ok(())
    }
}

/// The BOM question is open at the start of a stream when BOMs are sniffed, or removed by a
/// UTF-8 / UTF-16 decoder.
fn initial_pending(encoding: Encoding, bom: BomHandling) -> Option<([u8; 3], usize)> {
    match bom {
        BomHandling::Sniff => Some(([0; 3], 0)),
        BomHandling::Remove if encoding.is_unicode() => Some(([0; 3], 0)),
        _ => None,
    }
}

/// The size of the buffer the decoder writes into when it reports errors.
const SCRATCH: usize = 8192;

/// The smallest such buffer (for an input whose worst case is smaller).
const SCRATCH_MIN: usize = 64;

/// Reserves room for the decoder's worst case (or, when that overflows `usize`, for a bounded
/// piece of it: the decoder then reports `OutputFull` and is called again).
fn reserve_for(out: &mut String, worst: Option<usize>, input_len: usize) {
    let want = worst.unwrap_or_else(|| input_len.min(1 << 20).saturating_mul(3));
    out.reserve(want.max(16));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunked(d: &mut Decoder, input: &[u8], size: usize) -> Result<String, DecodeError> {
        let mut out = String::new();
        for chunk in input.chunks(size.max(1)) {
            d.decode_to_string(chunk, true, &mut out)?;
        }
        d.decode_to_string(&[], false, &mut out)?;
        Ok(out)
    }

    #[test]
    fn step_61_do_not_flush_keeps_pending_bytes() {
        let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
        assert_eq!(d.decode(b"\xF0\x9F", true).unwrap(), "");
        assert_eq!(d.decode(b"\x92\xA9", true).unwrap(), "💩");
    }

    #[test]
    fn step_62_end_of_stream_flushes_incomplete_sequence() {
        let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
        assert_eq!(d.decode(b"\xF0\x9F", true).unwrap(), "");
        assert_eq!(d.decode(b"", false).unwrap(), "\u{FFFD}");
        // And the decoder is fresh again.
        assert_eq!(d.decode(b"\xEF\xBB\xBFa", false).unwrap(), "a");
    }

    #[test]
    fn step_65_fatal_error_with_global_offset() {
        let mut d = Decoder::text_decoder(Encoding::EUC_KR, true, false);
        assert_eq!(d.decode(b"abc", true).unwrap(), "abc");
        assert_eq!(d.decode(b"\xb0", true).unwrap(), "");
        let err = d.decode(b"\x20", true).unwrap_err();
        assert_eq!(err.offset, 3);
        assert_eq!(err.encoding, Encoding::EUC_KR);
        // Reset after the error: offsets start again.
        let err = d.decode(b"x\xff", false).unwrap_err();
        assert_eq!(err.offset, 1);
    }

    #[test]
    fn step_68_bom_removed_only_for_unicode_decoders_and_only_once() {
        let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
        assert_eq!(d.decode(b"\xEF\xBB", true).unwrap(), "");
        assert_eq!(d.decode(b"\xBF\xEF\xBB\xBF", false).unwrap(), "\u{FEFF}");
        let mut d = Decoder::text_decoder(Encoding::UTF_16BE, false, false);
        assert_eq!(d.decode(b"\xFE\xFF\x00a", false).unwrap(), "a");
        // No sniffing in a TextDecoder: a UTF-16LE BOM is just bytes to UTF-8.
        let mut d = Decoder::text_decoder(Encoding::UTF_8, false, false);
        assert_eq!(d.decode(b"\xFF\xFEa", false).unwrap(), "\u{FFFD}\u{FFFD}a");
        // windows-1252 never strips.
        let mut d = Decoder::text_decoder(Encoding::WINDOWS_1252, false, false);
        assert_eq!(d.decode(b"\xEF\xBB\xBF", false).unwrap(), "ï»¿");
    }

    #[test]
    fn step_68_ignore_bom_keeps_it() {
        let mut d = Decoder::text_decoder(Encoding::UTF_8, false, true);
        assert_eq!(d.decode(b"\xEF\xBB\xBFa", false).unwrap(), "\u{FEFF}a");
    }

    #[test]
    fn sniff_matches_one_shot_decode() {
        let input = b"\xFF\xFEa\x00\x00\xD8b\x00";
        let one_shot = crate::decode(input, Encoding::UTF_8);
        for size in 1..input.len() {
            let mut d = Decoder::new(
                Encoding::UTF_8,
                DecodeErrorMode::Replacement,
                BomHandling::Sniff,
            );
            let mut out = String::new();
            for chunk in input.chunks(size) {
                d.decode_to_string(chunk, true, &mut out).unwrap();
            }
            assert_eq!(d.encoding(), Encoding::UTF_16LE);
            d.decode_to_string(b"", false, &mut out).unwrap();
            assert_eq!(out, one_shot.text);
        }
    }

    #[test]
    fn chunk_sizes_agree_iso_2022_jp() {
        let input = b"a\x1b$B$\"\x1b(Bz\x1b$B$";
        let mut d = Decoder::text_decoder(Encoding::ISO_2022_JP, false, false);
        let one = d.decode(input, false).unwrap();
        for size in 1..input.len() {
            assert_eq!(chunked(&mut d, input, size).unwrap(), one);
        }
        let mut d = Decoder::text_decoder(Encoding::ISO_2022_JP, true, false);
        let one = d.decode(input, false).unwrap_err();
        for size in 1..input.len() {
            assert_eq!(chunked(&mut d, input, size).unwrap_err(), one);
        }
    }

    #[test]
    fn reporting_matches_replacement_and_fatal() {
        let cases: &[(Encoding, &[u8])] = &[
            (Encoding::UTF_8, b"a\xFF\xE3\x81b\xF0\x9F\x92\xA9\xC3"),
            (Encoding::SHIFT_JIS, b"\x82\xa0\x82\x20\xFFz\x82"),
            (Encoding::ISO_2022_JP, b"a\x1b$B$\"\x1b(Bz\x1b$B$\x1b"),
            (Encoding::EUC_KR, b"\xb0\x20abc\xb0\xa1"),
            (Encoding::UTF_16LE, b"a\x00\x00\xD8b\x00c"),
            (Encoding::REPLACEMENT, b"abc"),
        ];
        for &(encoding, input) in cases {
            let replaced = Decoder::text_decoder(encoding, false, false)
                .decode(input, false)
                .unwrap();
            // Every malformed sequence, by repeatedly running fatal mode on what follows.
            let first_fatal = Decoder::text_decoder(encoding, true, false)
                .decode(input, false)
                .unwrap_err();
            for size in 1..=input.len() {
                let mut d = Decoder::text_decoder(encoding, true, false);
                let (mut text, mut errors) = (String::new(), Vec::new());
                for chunk in input.chunks(size) {
                    d.decode_to_string_reporting(chunk, true, &mut text, &mut errors);
                }
                d.decode_to_string_reporting(b"", false, &mut text, &mut errors);
                assert_eq!(text, replaced, "{encoding} size {size}");
                assert_eq!(errors.first(), Some(&first_fatal), "{encoding} size {size}");
                assert_eq!(
                    errors.len(),
                    text.matches('\u{FFFD}').count(),
                    "{encoding} size {size}"
                );
                // The decoder's own error mode is kept.
                assert_eq!(d.error_mode(), DecodeErrorMode::Fatal);
            }
        }
    }
}
