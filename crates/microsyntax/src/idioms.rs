//! 2.3.1 Common parser idioms: an input string and a position pointing at the next character
//! to parse, plus the Infra helpers the algorithms use ("skip ASCII whitespace", "collect a
//! sequence of code points").
//!
//! All the characters the algorithms test for are ASCII, so the cursor works on bytes; a
//! non-ASCII character is simply a run of bytes that match none of the tests, and positions
//! only ever stop on ASCII bytes or at the end, so slicing stays on character boundaries.

/// Infra's ASCII whitespace: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR, U+0020 SPACE.
pub const fn is_ascii_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

/// Strips leading and trailing ASCII whitespace (Infra).
pub fn strip_ascii_whitespace(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_ascii() && is_ascii_whitespace(c as u8))
}

/// An input and a position into it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cursor<'a> {
    pub(crate) s: &'a str,
    pub(crate) pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(s: &'a str) -> Self {
        Cursor { s, pos: 0 }
    }

    /// The byte at position, or `None` when position is past the end.
    pub(crate) fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.pos).copied()
    }

    /// The byte after the one at position.
    pub(crate) fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.s.as_bytes().get(self.pos.checked_add(ahead)?).copied()
    }

    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.s.len()
    }

    pub(crate) fn advance(&mut self) {
        if self.pos < self.s.len() {
            self.pos += 1;
        }
    }

    /// Advances past `b` if it is the byte at position.
    pub(crate) fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Skip ASCII whitespace within input given position.
    pub(crate) fn skip_whitespace(&mut self) {
        self.collect(is_ascii_whitespace);
    }

    /// Collect a sequence of code points matching `pred` (an ASCII-only predicate).
    pub(crate) fn collect(&mut self, pred: impl Fn(u8) -> bool) -> &'a str {
        let start = self.pos;
        let bytes = self.s.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if !(b.is_ascii() && pred(b)) {
                break;
            }
            self.pos += 1;
        }
        self.s.get(start..self.pos).unwrap_or("")
    }

    /// Collect a sequence of code points that are ASCII digits.
    pub(crate) fn digits(&mut self) -> &'a str {
        self.collect(|b| b.is_ascii_digit())
    }
}

/// Interprets a run of ASCII digits as a base-ten integer, `None` when it exceeds `u64`.
pub(crate) fn digits_to_u64(digits: &str) -> Option<u64> {
    let mut v: u64 = 0;
    for b in digits.bytes() {
        v = v
            .checked_mul(10)?
            .checked_add(u64::from(b.wrapping_sub(b'0')))?;
    }
    Some(v)
}

/// The first nine digits of a fraction's digit run as nanoseconds (later digits are dropped:
/// the value types of this crate have nanosecond precision).
pub(crate) fn fraction_to_nanos(digits: &str) -> u32 {
    let mut n: u32 = 0;
    let mut count = 0;
    for b in digits.bytes().take(9) {
        n = n * 10 + u32::from(b.wrapping_sub(b'0'));
        count += 1;
    }
    while count < 9 {
        n *= 10;
        count += 1;
    }
    n
}
