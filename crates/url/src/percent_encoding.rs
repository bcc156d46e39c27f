//! §1.3 Percent-encoded bytes: the percent-encode sets, percent-encoding and percent-decoding.
//!
//! Every set is a 256-entry table indexed by byte: a UTF-8 encoded code point is in a set
//! exactly when all of its bytes are (non-ASCII bytes are in every set), so encoding works
//! byte by byte on UTF-8 text.

use std::borrow::Cow;

/// A percent-encode set: which bytes (of the UTF-8 or legacy encoding) get percent-encoded.
///
/// ```
/// use websyntax_url::percent_encoding::{utf8_percent_encode, USERINFO};
/// assert_eq!(utf8_percent_encode("Say what‽", USERINFO), "Say%20what%E2%80%BD");
/// ```
#[derive(Clone, Copy)]
pub struct PercentEncodeSet {
    table: [bool; 256],
}

impl std::fmt::Debug for PercentEncodeSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ascii: String = (0x20u8..0x7F)
            .filter(|&b| self.table[b as usize])
            .map(char::from)
            .collect();
        write!(f, "PercentEncodeSet(C0 controls, non-ASCII, {ascii:?})")
    }
}

impl PercentEncodeSet {
    /// Whether `byte` is in the set.
    #[inline(always)]
    pub const fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    const fn add(mut self, bytes: &[u8]) -> Self {
        let mut i = 0;
        while i < bytes.len() {
            self.table[bytes[i] as usize] = true;
            i += 1;
        }
        self
    }

    const fn add_range(mut self, from: u8, to: u8) -> Self {
        let mut b = from;
        while b <= to {
            self.table[b as usize] = true;
            b += 1;
        }
        self
    }

    const fn c0() -> Self {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = b < 0x20 || b > 0x7E;
            b += 1;
        }
        PercentEncodeSet { table }
    }

    const fn form() -> Self {
        let mut table = [true; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            if c.is_ascii_alphanumeric() || matches!(c, b'*' | b'-' | b'.' | b'_') {
                table[b] = false;
            }
            b += 1;
        }
        PercentEncodeSet { table }
    }
}

/// The C0 control percent-encode set: C0 controls and everything above U+007E (~).
pub const C0_CONTROL: &PercentEncodeSet = &PercentEncodeSet::c0();
/// The fragment percent-encode set: C0 control set plus space, `"`, `<`, `>`, `` ` ``.
pub const FRAGMENT: &PercentEncodeSet = &PercentEncodeSet::c0().add(b" \"<>`");
/// The query percent-encode set: C0 control set plus space, `"`, `#`, `<`, `>`.
pub const QUERY: &PercentEncodeSet = &PercentEncodeSet::c0().add(b" \"#<>");
/// The special-query percent-encode set: query set plus `'`.
pub const SPECIAL_QUERY: &PercentEncodeSet = &PercentEncodeSet::c0().add(b" \"#<>'");
/// The path percent-encode set: query set plus `?`, `` ` ``, `{`, `}` (our spec text does not
/// include `^`).
pub const PATH: &PercentEncodeSet = &PercentEncodeSet::c0().add(b" \"#<>?`{}");
/// The userinfo percent-encode set: path set plus `/ : ; = @ [ \ ] ^ |`.
pub const USERINFO: &PercentEncodeSet = &PercentEncodeSet::c0()
    .add(b" \"#<>?`{}")
    .add(b"/:;=@|")
    .add_range(b'[', b'^');
/// The component percent-encode set: userinfo set plus `$ % & + ,`.
pub const COMPONENT: &PercentEncodeSet = &PercentEncodeSet::c0()
    .add(b" \"#<>?`{}")
    .add(b"/:;=@|")
    .add_range(b'[', b'^')
    .add_range(b'$', b'&')
    .add(b"+,");
/// The application/x-www-form-urlencoded percent-encode set: everything except ASCII
/// alphanumerics, `*`, `-`, `.`, `_`.
pub const FORM_URLENCODED: &PercentEncodeSet = &PercentEncodeSet::form();

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends the percent-encoded byte `%XX` (uppercase hex).
#[inline]
pub(crate) fn push_pct(out: &mut String, byte: u8) {
    out.push('%');
    out.push(HEX_UPPER[(byte >> 4) as usize] as char);
    out.push(HEX_UPPER[(byte & 15) as usize] as char);
}

/// Appends `input` to `out`, UTF-8 percent-encoding the bytes in `set`.
#[inline]
pub(crate) fn encode_into(out: &mut String, input: &str, set: &PercentEncodeSet) {
    let bytes = input.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if set.contains(b) {
            // Runs of bytes outside every set are ASCII, so `start..i` are char boundaries.
            if start < i {
                out.push_str(input.get(start..i).unwrap_or(""));
            }
            push_pct(out, b);
            start = i + 1;
        }
    }
    if start == 0 {
        out.push_str(input);
    } else {
        out.push_str(input.get(start..).unwrap_or(""));
    }
}

/// UTF-8 percent-encodes `input` using `set`.
///
/// ```
/// use websyntax_url::percent_encoding::{utf8_percent_encode, PATH};
/// assert_eq!(utf8_percent_encode("a b/c", PATH), "a%20b/c");
/// assert_eq!(utf8_percent_encode("plain", PATH), "plain"); // borrowed
/// ```
pub fn utf8_percent_encode<'a>(input: &'a str, set: &PercentEncodeSet) -> Cow<'a, str> {
    match input.bytes().position(|b| set.contains(b)) {
        None => Cow::Borrowed(input),
        Some(_) => {
            let mut out = String::with_capacity(input.len() + 16);
            encode_into(&mut out, input, set);
            Cow::Owned(out)
        }
    }
}

#[inline]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Percent-decodes a byte sequence: `%XX` with two hex digits becomes that byte, everything
/// else (including a `%` not followed by two hex digits) is kept.
///
/// ```
/// use websyntax_url::percent_encoding::percent_decode;
/// assert_eq!(&*percent_decode(b"%25%s%1G"), b"%%s%1G");
/// ```
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = memchr::memchr(b'%', input) else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(&input[..first]);
    let mut i = first;
    while i < input.len() {
        let b = input[i];
        if b == b'%'
            && let (Some(h), Some(l)) = (
                input.get(i + 1).copied().and_then(hex_value),
                input.get(i + 2).copied().and_then(hex_value),
            )
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}

/// Percent-decodes a string (its UTF-8 bytes) to bytes.
///
/// ```
/// use websyntax_url::percent_encoding::percent_decode_str;
/// assert_eq!(&*percent_decode_str("‽%25%2E"), b"\xE2\x80\xBD%.");
/// ```
pub fn percent_decode_str(input: &str) -> Cow<'_, [u8]> {
    percent_decode(input.as_bytes())
}

/// Whether `c` is a URL code point (§4.3).
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => {
            let u = c as u32;
            // Noncharacters: U+FDD0..U+FDEF and U+xFFFE/U+xFFFF.
            !((0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets() {
        assert!(PATH.contains(b' ') && PATH.contains(b'?') && !PATH.contains(b'^'));
        assert!(USERINFO.contains(b'^') && USERINFO.contains(b'[') && USERINFO.contains(b'\\'));
        assert!(COMPONENT.contains(b'%') && COMPONENT.contains(b','));
        assert!(!FORM_URLENCODED.contains(b'*') && FORM_URLENCODED.contains(b'~'));
        assert!(SPECIAL_QUERY.contains(b'\'') && !QUERY.contains(b'\''));
        assert!(FRAGMENT.contains(b'`') && !QUERY.contains(b'`'));
        assert!(
            C0_CONTROL.contains(0x7F) && C0_CONTROL.contains(0x1F) && !C0_CONTROL.contains(b' ')
        );
    }

    #[test]
    fn encode_decode() {
        assert_eq!(utf8_percent_encode("≡", USERINFO), "%E2%89%A1");
        assert_eq!(utf8_percent_encode("a\u{7F}b", C0_CONTROL), "a%7Fb");
        assert_eq!(&*percent_decode(b"%4"), b"%4");
        assert_eq!(&*percent_decode(b"a%41%4a"), b"aAJ");
    }
}
