//! The checked document's source: its bytes, the text they decode to (what the tokenizer saw),
//! the mappings between byte offsets in the file and text offsets, and the text of each line
//! (for excerpts). Diagnostics take their line and column from the document's own line index
//! (`Document::line_col`), so both count alike: 1-based, CR LF and CR one line break each.

use std::borrow::Cow;
use std::sync::OnceLock;

use websyntax_encoding::{BomHandling, DecodeError, DecodeErrorMode, Decoder, Encoding};

/// Bytes, decoded text and the maps between them.
pub(crate) struct Source<'a> {
    bytes: &'a [u8],
    encoding: Encoding,
    /// The text the tokenizer was fed (BOM removed, malformed sequences as U+FFFD).
    text: Cow<'a, str>,
    /// Text offset of the start of each line (the first is 0).
    line_starts: Vec<usize>,
    /// `(text offset, byte offset)` pairs, increasing in both; between two checkpoints text
    /// and bytes advance together (one byte per text byte). Built on first use.
    checkpoints: OnceLock<Vec<(usize, usize)>>,
    decode_errors: Vec<DecodeError>,
    /// `(text offset, UTF-16 units before it)` about every [`UNITS_STEP`] bytes, so that a
    /// column on a very long line costs at most one step of counting.
    units: Vec<(usize, usize)>,
}

/// The distance between two entries of [`Source::units`].
const UNITS_STEP: usize = 1024;

impl<'a> Source<'a> {
    /// The source of `bytes` decoded with `encoding` (the document's final encoding);
    /// `decode_errors` are the parser's (used for the UTF-8 fast path).
    pub(crate) fn new(
        bytes: &'a [u8],
        encoding: Encoding,
        decode_errors: &[DecodeError],
    ) -> Source<'a> {
        let text = decode(bytes, encoding, decode_errors);
        let mut line_starts = vec![0];
        let t = text.as_bytes();
        let mut i = 0;
        while let Some(k) = memchr::memchr2(b'\n', b'\r', t.get(i..).unwrap_or_default()) {
            let at = i + k;
            let next = if t.get(at) == Some(&b'\r') && t.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            };
            line_starts.push(next);
            i = next;
        }
        let units = units_index(&text);
        Source {
            bytes,
            encoding,
            text,
            line_starts,
            checkpoints: OnceLock::new(),
            decode_errors: decode_errors.to_vec(),
            units,
        }
    }

    /// UTF-16 code units in `text[..offset]` (`offset` a char boundary).
    fn units_upto(&self, offset: usize) -> usize {
        let k = self.units.partition_point(|&(o, _)| o <= offset).max(1) - 1;
        let (o, u) = self.units.get(k).copied().unwrap_or((0, 0));
        u + utf16_len(self.text.get(o..offset).unwrap_or_default())
    }

    /// The decoded text.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// The original bytes.
    pub(crate) fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The 1-based line and column (UTF-16 units) of text offset `offset` (a char boundary),
    /// counted in this text (for a finding made without parsing).
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let k = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let start = self.line_starts[k - 1];
        (k, self.units_upto(offset) - self.units_upto(start) + 1)
    }

    /// The text of line `line` (1-based), without its line break.
    pub(crate) fn line_text(&self, line: usize) -> Option<&str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        let s = self.text.get(start..end)?;
        Some(s.trim_end_matches(['\n', '\r']))
    }

    /// The text offset of line `line`, column `col` (both 1-based; columns in UTF-16 units).
    pub(crate) fn offset_of(&self, line: usize, col: usize) -> usize {
        let Some(&start) = line.checked_sub(1).and_then(|l| self.line_starts.get(l)) else {
            return self.text.len();
        };
        // Jump to the last index entry at or before the column, then count.
        let target = self.units_upto(start) + col.saturating_sub(1);
        let k = self.units.partition_point(|&(_, u)| u <= target).max(1) - 1;
        let from = self.units.get(k).map_or(start, |&(o, _)| o.max(start));
        let mut units = self.units_upto(from);
        for (i, c) in self.text.get(from..).unwrap_or_default().char_indices() {
            if units >= target || c == '\n' || c == '\r' {
                return from + i;
            }
            units += c.len_utf16();
        }
        self.text.len()
    }

    /// The largest char boundary at or before `offset` (clamped to the text).
    pub(crate) fn floor(&self, offset: usize) -> usize {
        let mut o = offset.min(self.text.len());
        while !self.text.is_char_boundary(o) {
            o -= 1;
        }
        o
    }

    /// The byte offset in the file of text offset `offset`.
    pub(crate) fn text_to_byte(&self, offset: usize) -> usize {
        let cps = self.checkpoints();
        let i = cps.partition_point(|&(t, _)| t <= offset);
        match i.checked_sub(1).and_then(|i| cps.get(i)) {
            Some(&(t, b)) => {
                let next_b = cps.get(i).map_or(self.bytes.len(), |&(_, nb)| nb);
                (b + (offset - t)).min(next_b)
            }
            None => offset.min(self.bytes.len()),
        }
    }

    /// The text offset of byte offset `offset` in the file.
    pub(crate) fn byte_to_text(&self, offset: usize) -> usize {
        let cps = self.checkpoints();
        let i = cps.partition_point(|&(_, b)| b <= offset);
        let t = match i.checked_sub(1).and_then(|i| cps.get(i)) {
            Some(&(t, b)) => {
                let next_t = cps.get(i).map_or(self.text.len(), |&(nt, _)| nt);
                (t + (offset - b)).min(next_t)
            }
            None => offset.min(self.text.len()),
        };
        self.floor(t)
    }

    fn checkpoints(&self) -> &[(usize, usize)] {
        self.checkpoints.get_or_init(|| self.build_checkpoints())
    }

    fn build_checkpoints(&self) -> Vec<(usize, usize)> {
        let bom = websyntax_encoding::bom_sniff(self.bytes)
            .filter(|&(e, _)| e == self.encoding)
            .map_or(0, |(_, n)| n);
        if self.encoding == Encoding::UTF_8 {
            // UTF-8: the text is the bytes, except that each malformed sequence became the
            // three bytes of U+FFFD.
            let mut cps = vec![(0, bom)];
            let mut shift: isize = bom as isize;
            for e in &self.decode_errors {
                let b = usize::try_from(e.offset).unwrap_or(usize::MAX);
                let t = (b as isize - shift).max(0) as usize;
                cps.push((t, b));
                shift += isize::from(e.length) - 3;
                cps.push((t + 3, b + usize::from(e.length)));
            }
            return cps;
        }
        // Any other encoding: decode byte by byte and note where each character's bytes
        // start. Only done when a diagnostic needs it.
        let mut decoder = Decoder::new(
            self.encoding,
            DecodeErrorMode::Replacement,
            BomHandling::Sniff,
        );
        let mut out = String::new();
        let mut cps = Vec::new();
        let mut char_start = 0;
        // In an ASCII-compatible encoding (ISO-2022-JP is not), an ASCII byte met when no
        // sequence is pending decodes to itself and leaves the decoder as it was: such runs
        // are one checkpoint, and only the other bytes go through the decoder one by one.
        let ascii_runs = self.encoding.is_ascii_compatible();
        let mut neutral = false;
        let mut i = 0;
        while let Some(&b) = self.bytes.get(i) {
            if ascii_runs && neutral && b.is_ascii() {
                let run = self.bytes[i..]
                    .iter()
                    .position(|b| !b.is_ascii())
                    .unwrap_or(self.bytes.len() - i);
                cps.push((out.len(), i));
                out.push_str(std::str::from_utf8(&self.bytes[i..i + run]).unwrap_or_default());
                i += run;
                char_start = i;
                continue;
            }
            let before = out.len();
            let _ = decoder.decode_to_string(&[b], true, &mut out);
            if out.len() > before {
                // A malformed sequence ended by an ASCII byte gives U+FFFD and that byte's
                // character: the last character is byte `i` itself.
                let ends_with_b =
                    b.is_ascii() && out.len() - before > 1 && out.ends_with(b as char);
                if ends_with_b {
                    push_chars(&mut cps, &out[..out.len() - 1], before, char_start);
                    cps.push((out.len() - 1, i));
                } else {
                    push_chars(&mut cps, &out, before, char_start);
                }
                char_start = i + 1;
                neutral = true;
            } else {
                neutral = false;
            }
            i += 1;
        }
        let before = out.len();
        let _ = decoder.decode_to_string(&[], false, &mut out);
        if out.len() > before {
            push_chars(&mut cps, &out, before, char_start);
        }
        cps
    }
}

/// UTF-16 code units of `s`.
fn utf16_len(s: &str) -> usize {
    if s.is_ascii() {
        return s.len();
    }
    s.chars().map(char::len_utf16).sum()
}

/// The entries of [`Source::units`]: one at offset 0 and then about every [`UNITS_STEP`]
/// bytes, at char boundaries.
fn units_index(text: &str) -> Vec<(usize, usize)> {
    let mut index = vec![(0, 0)];
    let (mut at, mut units) = (0, 0);
    loop {
        let mut next = (at + UNITS_STEP).min(text.len());
        while !text.is_char_boundary(next) {
            next += 1;
        }
        if next <= at {
            break;
        }
        units += utf16_len(text.get(at..next).unwrap_or_default());
        index.push((next, units));
        at = next;
    }
    index
}

/// One checkpoint per character of `out[from..]`, all starting at byte `byte`.
fn push_chars(cps: &mut Vec<(usize, usize)>, out: &str, from: usize, byte: usize) {
    for (i, _) in out.get(from..).unwrap_or_default().char_indices() {
        cps.push((from + i, byte));
    }
}

fn decode<'a>(bytes: &'a [u8], encoding: Encoding, errors: &[DecodeError]) -> Cow<'a, str> {
    if encoding == Encoding::UTF_8 && errors.is_empty() {
        let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if let Ok(s) = std::str::from_utf8(body) {
            return Cow::Borrowed(s);
        }
    }
    let mut decoder = Decoder::new(encoding, DecodeErrorMode::Replacement, BomHandling::Sniff);
    let mut out = String::with_capacity(bytes.len());
    let _ = decoder.decode_to_string(bytes, false, &mut out);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_offsets_with_bom_and_errors() {
        let bytes = b"\xEF\xBB\xBFab\xFFc\r\nd";
        let errors = [DecodeError {
            encoding: Encoding::UTF_8,
            offset: 5,
            length: 1,
        }];
        let s = Source::new(bytes, Encoding::UTF_8, &errors);
        assert_eq!(s.text(), "ab\u{FFFD}c\r\nd");
        assert_eq!(s.text_to_byte(0), 3);
        assert_eq!(s.text_to_byte(2), 5);
        assert_eq!(s.text_to_byte(5), 6);
        assert_eq!(s.byte_to_text(6), 5);
        assert_eq!(s.byte_to_text(9), s.offset_of(2, 1));
        assert_eq!(s.line_text(1), Some("ab\u{FFFD}c"));
        assert_eq!(s.offset_of(2, 1), 8);
    }

    #[test]
    fn legacy_offsets_match_a_byte_by_byte_decode() {
        for (encoding, bytes) in [
            (
                Encoding::SHIFT_JIS,
                &b"<p>\x82\xa0x\x82<b>\x82\xa0\xff\x82\r\nend"[..],
            ),
            (Encoding::GB18030, b"a\x81\x30\x81\x30b\x81c\xa1\xa1"),
            (Encoding::WINDOWS_1251, b"<p>\xcf\xf0\xe8 ok \xe2"),
            (Encoding::ISO_2022_JP, b"a\x1b$B$\"\x1b(Bb"),
        ] {
            let s = Source::new(bytes, encoding, &[]);
            // Every character's text offset maps to the byte where a byte-by-byte decode of
            // the file starts that character, and back.
            let starts: Vec<(usize, char)> = s.text().char_indices().collect();
            for (k, &(t, c)) in starts.iter().enumerate() {
                let b = s.text_to_byte(t);
                assert!(b <= bytes.len());
                assert_eq!(s.byte_to_text(b), t, "{encoding} at text {t}");
                // The character's own bytes decode to it (ISO-2022-JP needs its escapes).
                let next = starts
                    .get(k + 1)
                    .map_or(bytes.len(), |&(t, _)| s.text_to_byte(t));
                if c != '\u{FFFD}' && encoding != Encoding::ISO_2022_JP {
                    let mut d =
                        Decoder::new(encoding, DecodeErrorMode::Replacement, BomHandling::Sniff);
                    let mut one = String::new();
                    let _ = d.decode_to_string(&bytes[b..next], false, &mut one);
                    assert_eq!(one, c.to_string(), "{encoding} at text {t}");
                }
            }
        }
    }

    #[test]
    fn legacy_offsets() {
        let bytes = b"a\x82\xa0b\nc";
        let s = Source::new(bytes, Encoding::SHIFT_JIS, &[]);
        assert_eq!(s.text(), "aあb\nc");
        assert_eq!(s.text_to_byte(4), 3);
        assert_eq!(s.byte_to_text(3), 4);
        assert_eq!(s.byte_to_text(5), s.offset_of(2, 1));
    }
}
