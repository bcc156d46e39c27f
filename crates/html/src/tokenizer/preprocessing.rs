//! §13.2.3.5 Preprocessing the input stream, and position bookkeeping.
//!
//! Newline normalization (CR LF and lone CR become LF) is done by the tokenizer as it reads
//! (see `tokenization`); this module holds the checks for the
//! `noncharacter-in-input-stream` and `control-character-in-input-stream` errors and the
//! line/column counting. The errors are reported when the tokenizer consumes the character
//! (interleaved with the tokens, whatever the chunking), not when a chunk arrives.
//!
//! `surrogate-in-input-stream` cannot occur: the tokenizer takes `&str`, which cannot hold a
//! surrogate code point. (Inputs with lone surrogates must be converted, e.g. to U+FFFD, before
//! they become a `&str`.)

/// Whether a byte may start a code point that preprocessing reports: C0 controls other than
/// ASCII whitespace and NUL, U+007F, C1 controls (lead byte 0xC2), noncharacters in U+FDD0..
/// U+FFFF (lead byte 0xEF) and in the supplementary planes (lead bytes 0xF0..0xF4).
pub(crate) const fn is_candidate_byte(b: u8) -> bool {
    matches!(b, 0x01..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F | 0xC2 | 0xEF | 0xF0..=0xF4)
}

/// The preprocessing error for a code point, if any.
pub(crate) fn check_code_point(c: char) -> Option<&'static str> {
    let u = c as u32;
    if (0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE {
        Some("noncharacter-in-input-stream")
    } else if matches!(u, 0x01..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F..=0x9F) {
        Some("control-character-in-input-stream")
    } else {
        None
    }
}

/// How many columns (UTF-16 code units, as html5lib-tests counts them) `bytes` spans.
#[inline]
pub(crate) fn columns(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .map(|&b| usize::from((b & 0xC0) != 0x80) + usize::from(b >= 0xF0))
        .sum()
}

/// Advances `(line, col)` over `bytes[from..to]`. A line ends at LF or at a CR not followed by
/// LF (CR LF counts once). `bytes[to]` is looked at to decide a CR at the end of the range.
///
/// Eight bytes at a time (SWAR): a word without CR or LF adds its UTF-16 length to the column
/// (bytes that are not continuation bytes, plus one for each 4-byte sequence lead); a word
/// with a line break goes byte by byte.
#[inline]
pub(crate) fn advance(
    bytes: &[u8],
    from: usize,
    to: usize,
    line: usize,
    col: usize,
) -> (usize, usize) {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    use super::simd::has_zero_byte;
    let Some(seg) = bytes.get(from..to) else {
        return (line, col);
    };
    let (mut line, mut col) = (line, col);
    #[inline]
    fn step(bytes: &[u8], at: usize, b: u8, line: &mut usize, col: &mut usize) {
        if b == b'\n' {
            *line += 1;
            *col = 1;
        } else if b == b'\r' {
            if bytes.get(at + 1) != Some(&b'\n') {
                *line += 1;
                *col = 1;
            }
        } else {
            *col += usize::from((b & 0xC0) != 0x80) + usize::from(b >= 0xF0);
        }
    }
    #[inline]
    fn units(w: u64) -> usize {
        if w & HI == 0 {
            return 8; // all ASCII
        }
        let cont = (w & !(w << 1) & HI).count_ones() as usize;
        let four = (w & (w << 1) & (w << 2) & (w << 3) & HI).count_ones() as usize;
        8 - cont + four
    }
    #[inline]
    fn breaks(w: u64) -> bool {
        has_zero_byte(w ^ (LO * 0x0A)) || has_zero_byte(w ^ (LO * 0x0D))
    }
    let mut chunks = seg.chunks_exact(8);
    let mut i = 0;
    for chunk in &mut chunks {
        let mut a = [0u8; 8];
        a.copy_from_slice(chunk);
        let w = u64::from_le_bytes(a);
        if breaks(w) {
            for (j, &b) in chunk.iter().enumerate() {
                step(bytes, from + i + j, b, &mut line, &mut col);
            }
        } else {
            col += units(w);
        }
        i += 8;
    }
    let rest = chunks.remainder();
    if rest.is_empty() {
        return (line, col);
    }
    // The last 1..=7 bytes: load the 8 bytes ending at `to` and shift out the ones already
    // counted (they become zero bytes, which count one unit each and are subtracted).
    if let Some(window) = to.checked_sub(8).and_then(|s| bytes.get(s..to)) {
        let mut a = [0u8; 8];
        a.copy_from_slice(window);
        let pad = 8 - rest.len();
        let w = u64::from_le_bytes(a) >> (8 * pad);
        if !breaks(w) {
            return (line, col + units(w) - pad);
        }
    }
    for (j, &b) in rest.iter().enumerate() {
        step(bytes, from + i + j, b, &mut line, &mut col);
    }
    (line, col)
}

/// Counts the line ends in `bytes[from..to]` (as `advance` does) and returns the count and the
/// index of the last one.
pub(crate) fn line_ends(bytes: &[u8], from: usize, to: usize) -> (usize, Option<usize>) {
    let Some(seg) = bytes.get(from..to) else {
        return (0, None);
    };
    let mut n = 0;
    let mut last = None;
    for i in memchr::memchr2_iter(b'\n', b'\r', seg) {
        if seg[i] == b'\r' && bytes.get(from + i + 1) == Some(&b'\n') {
            continue;
        }
        n += 1;
        last = Some(from + i);
    }
    (n, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks() {
        assert_eq!(
            check_code_point('\u{1}'),
            Some("control-character-in-input-stream")
        );
        assert_eq!(
            check_code_point('\u{9F}'),
            Some("control-character-in-input-stream")
        );
        assert_eq!(
            check_code_point('\u{FDD0}'),
            Some("noncharacter-in-input-stream")
        );
        assert_eq!(
            check_code_point('\u{10FFFF}'),
            Some("noncharacter-in-input-stream")
        );
        assert_eq!(check_code_point('\t'), None);
        assert_eq!(check_code_point('\0'), None);
        assert_eq!(check_code_point('\u{A0}'), None);
    }

    #[test]
    fn counting() {
        let b = b"ab\r\ncd\ref\ng";
        assert_eq!(advance(b, 0, b.len(), 1, 1), (4, 2));
        assert_eq!(advance(b, 0, 2, 1, 1), (1, 3));
        assert_eq!(columns("a\u{10000}é".as_bytes()), 4);
        let long = "abcdefgh\u{10000}é12345678\r\nxyzéééééééé\rq😀😀😀😀 tail".as_bytes();
        for from in 0..long.len() {
            for to in from..=long.len() {
                let mut slow = (3, 5);
                for i in from..to {
                    let b = long[i];
                    if b == b'\n' || (b == b'\r' && long.get(i + 1) != Some(&b'\n')) {
                        slow = (slow.0 + 1, 1);
                    } else if b != b'\r' {
                        slow.1 += columns(&[b]);
                    }
                }
                assert_eq!(advance(long, from, to, 3, 5), slow, "{from}..{to}");
            }
        }
    }
}
